// Python binding of the 7 Wonders search (wonders_env._core.seven_wonders.Searcher).
#pragma once
#include <pybind11/pybind11.h>

namespace wonders::seven_wonders {
void bind_search(pybind11::module_ m);
}
