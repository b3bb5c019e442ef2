// A set of cells of a ConnectFour board of up to 12 x 12, as 192 bits.
//
// Cell (column c, row r), r = 0 the bottom row, is bit 16*c + r: four columns
// per 64-bit word, each in a 16-bit field of which rows 12..15 are guard bits
// that no position ever sets.
//
//   word 0: | col 3 | col 2 | col 1 | col 0 |   bits 63..48 .. 15..0
//   word 1: | col 7 | col 6 | col 5 | col 4 |
//   word 2: | col 11| col 10| col 9 | col 8 |
//
// Shifting by 1 moves every cell one row up, by 16 one column right, by 15 and
// 17 along the diagonals. A shift of up to 3 steps that leaves a column's 12
// rows lands in guard rows, never on another column's cell, so four-in-a-row
// tests by shifts are exact.
#pragma once
#include <cstdint>

namespace samples {

constexpr int kStride = 16;   // bits per column
constexpr int kMaxSide = 12;  // rows and columns

// Bit count without the library call that __builtin_popcountll becomes
// when the target has no popcount instruction.
inline int popcount64(uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}

struct Bits {
  uint64_t w[3] = {0, 0, 0};

  static Bits cell(int col, int row) {
    Bits b;
    b.w[col / 4] = uint64_t(1) << (kStride * (col % 4) + row);
    return b;
  }
  bool any() const { return (w[0] | w[1] | w[2]) != 0; }
  bool empty() const { return !any(); }
  int count() const { return popcount64(w[0]) + popcount64(w[1]) + popcount64(w[2]); }
  bool has(int col, int row) const { return (w[col / 4] >> (kStride * (col % 4) + row)) & 1; }
  // The lowest set bit alone; requires any().
  Bits lowest() const {
    Bits b;
    for (int k = 0; k < 3; ++k)
      if (w[k]) {
        b.w[k] = w[k] & (~w[k] + 1);
        break;
      }
    return b;
  }
  // Column and row of a single-cell set.
  int column() const {
    for (int k = 0; k < 3; ++k)
      if (w[k]) return 4 * k + __builtin_ctzll(w[k]) / kStride;
    return -1;
  }
  int row() const {
    for (int k = 0; k < 3; ++k)
      if (w[k]) return __builtin_ctzll(w[k]) % kStride;
    return -1;
  }
  bool operator==(const Bits& o) const { return w[0] == o.w[0] && w[1] == o.w[1] && w[2] == o.w[2]; }
  bool operator!=(const Bits& o) const { return !(*this == o); }
};

inline Bits operator&(const Bits& a, const Bits& b) {
  Bits r;
  for (int k = 0; k < 3; ++k) r.w[k] = a.w[k] & b.w[k];
  return r;
}
inline Bits operator|(const Bits& a, const Bits& b) {
  Bits r;
  for (int k = 0; k < 3; ++k) r.w[k] = a.w[k] | b.w[k];
  return r;
}
inline Bits operator^(const Bits& a, const Bits& b) {
  Bits r;
  for (int k = 0; k < 3; ++k) r.w[k] = a.w[k] ^ b.w[k];
  return r;
}
inline Bits operator~(const Bits& a) {
  Bits r;
  for (int k = 0; k < 3; ++k) r.w[k] = ~a.w[k];
  return r;
}
inline Bits& operator|=(Bits& a, const Bits& b) { return a = a | b; }
inline Bits& operator&=(Bits& a, const Bits& b) { return a = a & b; }
inline Bits& operator^=(Bits& a, const Bits& b) { return a = a ^ b; }

// Towards higher bits (up / right); requires 0 < s < 64.
inline Bits operator<<(const Bits& a, int s) {
  Bits r;
  r.w[2] = (a.w[2] << s) | (a.w[1] >> (64 - s));
  r.w[1] = (a.w[1] << s) | (a.w[0] >> (64 - s));
  r.w[0] = a.w[0] << s;
  return r;
}
// Towards lower bits (down / left); requires 0 < s < 64.
inline Bits operator>>(const Bits& a, int s) {
  Bits r;
  r.w[0] = (a.w[0] >> s) | (a.w[1] << (64 - s));
  r.w[1] = (a.w[1] >> s) | (a.w[2] << (64 - s));
  r.w[2] = a.w[2] >> s;
  return r;
}
// Word-wise sum: exact as long as no column field carries past its guard rows.
inline Bits add_per_column(const Bits& a, const Bits& b) {
  Bits r;
  for (int k = 0; k < 3; ++k) r.w[k] = a.w[k] + b.w[k];
  return r;
}

}  // namespace samples
