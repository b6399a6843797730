// Python bindings of the seven_wonders core: every argument from Python is checked here.
#pragma once
#include <pybind11/pybind11.h>

namespace wonders::seven_wonders {
void bind(pybind11::module_ m);
}
