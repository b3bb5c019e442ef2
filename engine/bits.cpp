#include "bits.h"

namespace c4engine {

BitTables::BitTables() {
  for (int v = 0; v < 256; ++v) {
    int n = 0;
    for (int i = 0; i < 8; ++i) {
      nth8[v][i] = 0;
      if ((v >> i) & 1) nth8[v][n++] = static_cast<uint8_t>(i);
    }
    popcount8[v] = static_cast<uint8_t>(n);
  }
  for (uint32_t line = 0; line < (1u << kLineCells); ++line) {
    // Cell i completes four if three of the other cells of a window of four around it are stones.
    const uint32_t r1 = line >> 1, r2 = line >> 2, r3 = line >> 3;
    const uint32_t l1 = line << 1, l2 = line << 2, l3 = line << 3;
    line_threats[line] = static_cast<uint16_t>((r1 & r2 & r3) | (l1 & l2 & l3) | (l1 & r1 & r2) | (l2 & l1 & r1));
  }
}

const BitTables kBits;

}  // namespace c4engine
