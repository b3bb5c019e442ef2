#include "position.h"

#include <string.h>

namespace c4engine {

void Geometry::init(int rows, int cols, int blockedX, int blockedY) {
  M = rows;
  N = cols;
  noX = blockedX;
  noY = blockedY;
  row_bits = static_cast<uint16_t>((1u << N) - 1);
  col_bits = static_cast<uint16_t>((1u << M) - 1);
  for (int d = 0; d < kMaxDiagonals; ++d) diag_bits[d] = anti_bits[d] = 0;
  for (int x = 0; x <= kRowMask; ++x)
    for (int y = 0; y < kMaxSide; ++y) next_row[x][y] = -1;
  for (int x = 0; x < M; ++x)
    for (int y = 0; y < N; ++y) {
      diag_bits[x + y] |= static_cast<uint16_t>(1u << y);
      anti_bits[x - y + kMaxSide - 1] |= static_cast<uint16_t>(1u << y);
      int next = x - 1;
      if (next == noX && y == noY) --next;
      next_row[x][y] = next;
    }
  for (int x = 0; x <= kRowMask; ++x)
    for (int y = 0; y < kMaxSide; ++y) after_row[x][y] = next_row[next_row[x][y] & kRowMask][y];
  for (int x = 0; x < kMaxSide; ++x)
    for (int y = 0; y < kMaxSide; ++y) {
      Column& c = column[x][y];
      c.next = next_row[x][y];
      c.after = after_row[x][y];
      c.full = static_cast<uint16_t>(c.next < 0 ? 1u << y : 0u);
      c.three = static_cast<uint16_t>(x > 0 && c.next == x - 1 ? 7u << x : 1u << 15);
      c.higher = next_row[c.after & kRowMask][y];
    }
}

void Position::reset(const Geometry* g) {
  g_ = g;
  side_ = 0;
  moves_ = 0;
  hot_.masks = 0;
  hot_.open = g->row_bits;
  memset(row_, 0, sizeof row_);
  memset(col_, 0, sizeof col_);
  memset(diag_, 0, sizeof diag_);
  memset(anti_, 0, sizeof anti_);
  for (int p = 0; p < 2; ++p) {
    for (int x = 0; x < kMaxSide; ++x) row_known_[p][x] = static_cast<uint16_t>(~g->row_bits);
    for (int d = 0; d < kMaxDiagonals; ++d) {
      diag_known_[p][d] = static_cast<uint16_t>(~g->diag_bits[d]);
      anti_known_[p][d] = static_cast<uint16_t>(~g->anti_bits[d]);
    }
  }
  memset(threat_, 0, sizeof threat_);
  high_ = 0;
  for (int y = 0; y < kMaxSide; ++y) play_[y] = -1;
  for (int y = 0; y < g->N; ++y) {
    const int bottom = (g->noX == g->M - 1 && g->noY == y) ? g->M - 2 : g->M - 1;
    play_[y] = bottom;
  }
}

int Position::stone(int x, int y) const {
  for (int p = 0; p < 2; ++p)
    if ((row_[p][x] >> y) & 1) return p;
  return -1;
}

uint64_t Position::add_threats(int p, int x, uint32_t row, int d, uint32_t diagonal, int a, uint32_t anti) {
  threat_[x] |= row << (p << 4);
  row_known_[p][x] |= static_cast<uint16_t>(row);
  diag_known_[p][d] |= static_cast<uint16_t>(diagonal);
  anti_known_[p][a] |= static_cast<uint16_t>(anti);
  uint64_t masks = 0;
  for (; row; row &= row - 1) {
    const int j = __builtin_ctz(row);
    if (j < kMaxSide) masks |= add_threat(p, x, j);
  }
  for (; diagonal; diagonal &= diagonal - 1) {
    const int j = __builtin_ctz(diagonal);
    masks |= add_threat(p, d - j, j);
  }
  for (; anti; anti &= anti - 1) {
    const int j = __builtin_ctz(anti);
    masks |= add_threat(p, a - (kMaxSide - 1) + j, j);
  }
  return masks;
}

}  // namespace c4engine
