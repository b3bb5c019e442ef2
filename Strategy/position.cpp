#include "position.h"

#include <string.h>

namespace c4 {

void Geometry::init(int rows, int cols, int blockedX, int blockedY) {
  M = rows;
  N = cols;
  noX = blockedX;
  noY = blockedY;
  row_bits = static_cast<uint16_t>((1u << N) - 1);
  col_bits = static_cast<uint16_t>((1u << M) - 1);
  for (int d = 0; d < kMaxDiagonals; ++d) diag_bits[d] = anti_bits[d] = 0;
  for (int x = 0; x < kMaxSide; ++x)
    for (int y = 0; y < kMaxSide; ++y) next_row[x][y] = -1;
  for (int x = 0; x < M; ++x)
    for (int y = 0; y < N; ++y) {
      diag_bits[x + y] |= static_cast<uint16_t>(1u << y);
      anti_bits[x - y + N - 1] |= static_cast<uint16_t>(1u << y);
      int next = x - 1;
      if (next == noX && y == noY) --next;
      next_row[x][y] = static_cast<int8_t>(next);
    }
}

void Position::reset(const Geometry* g) {
  g_ = g;
  side_ = 0;
  moves_ = 0;
  open_ = g->row_bits;
  memset(row_, 0, sizeof row_);
  memset(col_, 0, sizeof col_);
  memset(diag_, 0, sizeof diag_);
  memset(anti_, 0, sizeof anti_);
  memset(threat_, 0, sizeof threat_);
  memset(playable_, 0, sizeof playable_);
  memset(above_, 0, sizeof above_);
  memset(wins_, 0, sizeof wins_);
  memset(under_, 0, sizeof under_);
  for (int y = 0; y < kMaxSide; ++y) top_[y] = 0;
  for (int y = 0; y < g->N; ++y) {
    const int bottom = (g->noX == g->M - 1 && g->noY == y) ? g->M - 2 : g->M - 1;
    top_[y] = static_cast<int16_t>(bottom + 1);
    playable_[bottom >> 2] |= cell(bottom, y);
    const int above = g->next_row[bottom][y];
    if (above >= 0) above_[above >> 2] |= cell(above, y);
  }
}

int Position::stone(int x, int y) const {
  for (int p = 0; p < 2; ++p)
    if ((row_[p][x] >> y) & 1) return p;
  return -1;
}

void Position::place(int p, int y) { drop(p, y); }

__attribute__((always_inline)) inline void Position::add_threats(int p, int x, int y) {
  const Geometry& g = *g_;
  // Row x: threat bits are the columns of row x, i.e. its lane. Bits past the
  // last column stay in the lane and are never playable, so need no mask.
  const int lane = (x & 3) << 4;
  uint64_t& row_threats = threat_[p][x >> 2];
  const uint64_t fresh = (static_cast<uint64_t>(line_threats(row_[p][x])) << lane) & ~row_threats;
  if (fresh) {
    row_threats |= fresh;
    wins_[p] |= static_cast<uint16_t>((fresh & playable_[x >> 2]) >> lane);
    under_[p] |= static_cast<uint16_t>((fresh & above_[x >> 2]) >> lane);
  }
  // Column y: only three stacked stones threaten, at the cell right above
  // (never the blocked cell: next_row skips it; none when x is the top row,
  // where next_row is -1 too). drop() reads column y's bits.
  if (x > 0 && ((col_[p][y] >> x) & 7u) == 7u && g.next_row[x][y] == x - 1) threat_[p][(x - 1) >> 2] |= cell(x - 1, y);
  // Diagonals: bit j is the cell in column j; its row follows from the diagonal.
  const int d = x + y, a = x - y + g.N - 1;
  for (uint32_t t = line_threats(diag_[p][d]) & g.diag_bits[d]; t; t &= t - 1) {
    const int j = __builtin_ctz(t);
    if (!is_threat(p, d - j, j)) add_threat(p, d - j, j);
  }
  for (uint32_t t = line_threats(anti_[p][a]) & g.anti_bits[a]; t; t &= t - 1) {
    const int j = __builtin_ctz(t);
    if (!is_threat(p, a - g.N + 1 + j, j)) add_threat(p, a - g.N + 1 + j, j);
  }
}

bool Position::drop(int p, int y) {
  const int x = put_stone(p, y);
  // The playable cell moves up to the old above cell, the above cell one further.
  playable_[x >> 2] ^= cell(x, y);
  const int next = g_->next_row[x][y];
  const int after = next >= 0 ? g_->next_row[next][y] : -1;
  const uint16_t column = static_cast<uint16_t>(1u << y);
  for (int q = 0; q < 2; ++q) {
    wins_[q] &= static_cast<uint16_t>(~column);
    under_[q] &= static_cast<uint16_t>(~column);
  }
  if (next >= 0) {
    playable_[next >> 2] ^= cell(next, y);
    above_[next >> 2] ^= cell(next, y);
    if (after >= 0) above_[after >> 2] ^= cell(after, y);
  }
  // The threat sets are complete, so a stone wins exactly when it fills one of its own threats.
  const bool won = is_threat(p, x, y);
  if (!won) add_threats(p, x, y);
  // Column y's cells moved: read its bits again (after the new threats, which may be there).
  if (next >= 0) {
    for (int q = 0; q < 2; ++q) {
      if (is_threat(q, next, y)) wins_[q] |= column;
      if (after >= 0 && is_threat(q, after, y)) under_[q] |= column;
    }
  }
  return won;
}

}  // namespace c4
