// Python binding of the Duel search (wonders_env._core.duel.Searcher).
#pragma once
#include <pybind11/pybind11.h>

namespace wonders::duel {
void bind_search(pybind11::module_ m);
}
