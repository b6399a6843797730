// The Python module wonders_env._core: one binding function per game (core/<game>/bindings.cpp).
#include <pybind11/pybind11.h>

#include "duel/bindings.hpp"
#include "seven_wonders/bindings.hpp"

#ifndef WONDERS_CORE_SOURCE_HASH
#error "setup.py defines WONDERS_CORE_SOURCE_HASH"
#endif

PYBIND11_MODULE(_core, m) {
    m.doc() = "The compiled core of wonders_env (see wonders_env.core).";
    m.attr("SOURCE_HASH") = WONDERS_CORE_SOURCE_HASH;
    wonders::duel::bind(m.def_submodule("duel", "7 Wonders Duel"));
    wonders::seven_wonders::bind(m.def_submodule("seven_wonders", "7 Wonders"));
}
