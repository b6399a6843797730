// Bit operations that the compilers spell differently: GCC and Clang have builtins, MSVC (the
// Windows wheels) intrinsics.
#pragma once
#include <cstdint>

#if defined(_MSC_VER)
#include <intrin.h>
#endif

namespace wonders {

// The index of the lowest set bit of `mask`, which is not 0.
inline int lowest_bit(uint32_t mask) {
#if defined(_MSC_VER)
  unsigned long index = 0;
  _BitScanForward(&index, mask);
  return static_cast<int>(index);
#else
  return __builtin_ctz(mask);
#endif
}

}  // namespace wonders
