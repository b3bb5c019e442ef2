#include "position.h"

#include <string.h>

namespace c4 {
namespace {

// Cells i of a line that complete four with the stones of `line` (bit i may be occupied).
inline uint32_t line_threats(uint32_t line) {
  uint32_t r1 = line >> 1, r2 = line >> 2, r3 = line >> 3;
  uint32_t l1 = line << 1, l2 = line << 2, l3 = line << 3;
  return (r1 & r2 & r3) | (l1 & l2 & l3) | (l1 & r1 & r2) | (l2 & l1 & r1);
}

// The columns with a cell in `set` (a row-major cell set): the OR of its rows.
inline uint32_t columns_of(const uint64_t set[3]) {
  uint64_t rows = set[0] | set[1] | set[2];
  rows |= rows >> 32;
  rows |= rows >> 16;
  return static_cast<uint32_t>(rows) & 0xFFFFu;
}

// The columns with a cell in both a and b.
inline uint32_t columns_of_both(const uint64_t a[3], const uint64_t b[3]) {
  const uint64_t both[3] = {a[0] & b[0], a[1] & b[1], a[2] & b[2]};
  return columns_of(both);
}

}  // namespace

void Geometry::init(int rows, int cols, int blockedX, int blockedY) {
  M = rows;
  N = cols;
  noX = blockedX;
  noY = blockedY;
  row_bits = static_cast<uint16_t>((1u << N) - 1);
  col_bits = static_cast<uint16_t>((1u << M) - 1);
  for (int d = 0; d < kMaxDiagonals; ++d) diag_bits[d] = anti_bits[d] = 0;
  for (int x = 0; x < M; ++x)
    for (int y = 0; y < N; ++y) {
      diag_bits[x + y] |= static_cast<uint16_t>(1u << y);
      anti_bits[x - y + N - 1] |= static_cast<uint16_t>(1u << y);
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
  for (int y = 0; y < kMaxSide; ++y) top_[y] = static_cast<int8_t>(y < g->N ? g->M : 0);
  if (g->noX == g->M - 1) top_[g->noY] = static_cast<int8_t>(g->M - 1);
  for (int y = 0; y < g->N; ++y) update_column_cells(-1, y);
}

int Position::stone(int x, int y) const {
  for (int p = 0; p < 2; ++p)
    if ((row_[p][x] >> y) & 1) return p;
  return -1;
}

void Position::update_column_cells(int x, int y) {
  if (x >= 0) {  // x was the playable cell; the cell above it was the above cell
    playable_[x >> 2] &= ~(1ULL << bit(x, y));
    const int old_above = row_above(x, y);
    if (old_above >= 0) above_[old_above >> 2] &= ~(1ULL << bit(old_above, y));
  }
  const int free_row = top_[y] - 1;
  if (free_row < 0) return;
  playable_[free_row >> 2] |= 1ULL << bit(free_row, y);
  const int above = row_above(free_row, y);
  if (above >= 0) above_[above >> 2] |= 1ULL << bit(above, y);
}

void Position::classify(uint16_t* wins, uint16_t* blocks, uint16_t* safe) const {
  const int p = to_move(), q = p ^ 1;
  *wins = static_cast<uint16_t>(columns_of_both(threat_[p], playable_));
  *blocks = static_cast<uint16_t>(columns_of_both(threat_[q], playable_));
  *safe = static_cast<uint16_t>(open_ & ~columns_of_both(threat_[q], above_));
}

uint16_t Position::under_own_threats() const {
  return static_cast<uint16_t>(columns_of_both(threat_[to_move()], above_));
}

void Position::place(int p, int y) { drop(p, y); }

bool Position::drop(int p, int y) {
  const Geometry& g = *g_;
  const int x = top_[y] - 1;
  const int d = x + y, a = x - y + g.N - 1;
  row_[p][x] |= static_cast<uint16_t>(1u << y);
  col_[p][y] |= static_cast<uint16_t>(1u << x);
  diag_[p][d] |= static_cast<uint16_t>(1u << y);
  anti_[p][a] |= static_cast<uint16_t>(1u << y);
  int next = x;  // the new top: one past the next free row
  if (x - 1 == g.noX && y == g.noY) next = g.noX;
  top_[y] = static_cast<int8_t>(next);
  if (next == 0) open_ &= static_cast<uint16_t>(~(1u << y));
  update_column_cells(x, y);
  ++moves_;
  // The threat sets are complete, so a stone wins exactly when it fills one of its own threats.
  if (is_threat(p, x, y)) return true;
  add_threats(p, x, y);
  return false;
}

void Position::add_threats(int p, int x, int y) {
  const Geometry& g = *g_;
  // Row x: threat bits are the columns of row x, i.e. its lane.
  threat_[p][x >> 2] |= static_cast<uint64_t>(line_threats(row_[p][x]) & g.row_bits) << ((x & 3) << 4);
  // Column y: only three stacked stones threaten, at the cell right above.
  if (x >= 1 && x + 2 < g.M && ((col_[p][y] >> x) & 7u) == 7u && !(x - 1 == g.noX && y == g.noY))
    set_threat(p, x - 1, y);
  // Diagonals: bit j is the cell in column j; its row follows from the diagonal.
  const int d = x + y, a = x - y + g.N - 1;
  for (uint32_t t = line_threats(diag_[p][d]) & g.diag_bits[d]; t; t &= t - 1) {
    const int j = __builtin_ctz(t);
    set_threat(p, d - j, j);
  }
  for (uint32_t t = line_threats(anti_[p][a]) & g.anti_bits[a]; t; t &= t - 1) {
    const int j = __builtin_ctz(t);
    set_threat(p, a - g.N + 1 + j, j);
  }
}

}  // namespace c4
