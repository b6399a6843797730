#include "seven_wonders/bindings.hpp"

namespace wonders::seven_wonders {
void bind(pybind11::module_ m) { (void)m; }
}  // namespace wonders::seven_wonders
