// Python binding of the compiled Duel heuristic (wonders_env._core.duel.Heuristic).
#pragma once
#include <pybind11/pybind11.h>

namespace wonders::duel {
void bind_heuristic(pybind11::module_ m);
}
