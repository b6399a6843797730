#include "duel/bindings.hpp"

namespace wonders::duel {
void bind(pybind11::module_ m) { (void)m; }
}  // namespace wonders::duel
