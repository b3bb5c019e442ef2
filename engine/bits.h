// Small lookup tables over 16-bit masks (columns of a board, cells of a line),
// filled once when the plugin is loaded. Plain C++11, no popcnt/BMI needed.
#ifndef BITS_H_
#define BITS_H_

#include <stdint.h>

namespace c4engine {

// Lines of at most 12 cells: a line word has bit i for the i-th cell.
const int kLineCells = 12;

struct BitTables {
  uint8_t popcount8[256];
  uint8_t nth8[256][8];                    // k-th set bit of a byte (k < its popcount)
  uint16_t line_threats[1 << kLineCells];  // cells completing four with the line's stones
  BitTables();
};
// Hidden: read PC-relative, not through the GOT, in a -fpic shared object.
extern const BitTables kBits __attribute__((visibility("hidden")));

// Number of set bits of a 16-bit mask.
__attribute__((always_inline)) inline int popcount16(uint32_t v) {
  return kBits.popcount8[v & 0xFF] + kBits.popcount8[(v >> 8) & 0xFF];
}

// The k-th (from 0) set bit of a 16-bit mask that has more than k set bits.
__attribute__((always_inline)) inline int nth_bit(uint32_t bits, uint32_t k) {
  const uint32_t low = bits & 0xFF, in_low = kBits.popcount8[low];
  return k < in_low ? kBits.nth8[low][k] : 8 + kBits.nth8[(bits >> 8) & 0xFF][k - in_low];
}

// The cells of a 12-cell line (occupied or not, bits 0..13) that would
// complete four with the stones of `line`.
__attribute__((always_inline)) inline uint32_t line_threats(uint32_t line) { return kBits.line_threats[line]; }

// True if `line` holds four stones in a row.
inline bool has_four(uint32_t line) {
  const uint32_t pairs = line & (line >> 1);
  return (pairs & (pairs >> 2)) != 0;
}

}  // namespace c4engine

#endif
