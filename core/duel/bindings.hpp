// Python bindings of the duel core: every argument from Python is checked here.
#pragma once
#include <pybind11/pybind11.h>

namespace wonders::duel {
void bind(pybind11::module_ m);
}
