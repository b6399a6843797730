// The Python module wonders_env._core: per game, the binding functions of core/<game>/bindings.cpp
// (rules, batch), core/<game>/search_bindings.cpp (the search) and core/duel/heuristic_bindings.cpp
// (the compiled Duel heuristic).
#include <pybind11/pybind11.h>

#include "common/search_bindings.hpp"
#include "duel/bindings.hpp"
#include "duel/heuristic_bindings.hpp"
#include "duel/search_bindings.hpp"
#include "seven_wonders/bindings.hpp"
#include "seven_wonders/search_bindings.hpp"

#ifndef WONDERS_CORE_SOURCE_HASH
#error "setup.py defines WONDERS_CORE_SOURCE_HASH"
#endif

namespace py = pybind11;

PYBIND11_MODULE(_core, m) {
  m.doc() = "The compiled core of wonders_env (see wonders_env.core).";
  m.attr("SOURCE_HASH") = WONDERS_CORE_SOURCE_HASH;
  wonders::search::bind_search_pool(m);
  py::module_ duel = m.def_submodule("duel", "7 Wonders Duel");
  wonders::duel::bind(duel);
  wonders::duel::bind_search(duel);
  wonders::duel::bind_heuristic(duel);
  py::module_ seven_wonders = m.def_submodule("seven_wonders", "7 Wonders");
  wonders::seven_wonders::bind(seven_wonders);
  wonders::seven_wonders::bind_search(seven_wonders);
}
