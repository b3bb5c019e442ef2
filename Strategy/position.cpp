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

// Bit k (k < 4) of `nibble` moved to bit 16k: four columns' row-0 cells in one word.
inline uint64_t spread_to_lanes(uint32_t nibble) {
  return (static_cast<uint64_t>(nibble) * 0x0000200040008001ULL) & 0x0001000100010001ULL;
}

// Bit k set when 16-bit lane k of `word` is not zero.
inline uint32_t lanes_to_columns(uint64_t word) {
  word |= word >> 8;
  word |= word >> 4;
  word |= word >> 2;
  word |= word >> 1;
  word &= 0x0001000100010001ULL;
  return static_cast<uint32_t>((word * 0x0001000200040008ULL) >> 48) & 0xF;
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
  for (int y = 0; y < g->N; ++y) update_column_cells(y);
}

int Position::stone(int x, int y) const {
  for (int p = 0; p < 2; ++p)
    if ((row_[p][x] >> y) & 1) return p;
  return -1;
}

void Position::update_column_cells(int y) {
  const int word = y >> 2, shift = (y & 3) << 4;
  const uint64_t clear = ~(0xFFFFULL << shift);
  playable_[word] &= clear;
  above_[word] &= clear;
  const int x = top_[y] - 1;
  if (x < 0) return;
  playable_[word] |= 1ULL << (shift + x);
  const int above = row_above(x, y);
  if (above >= 0) above_[word] |= 1ULL << (shift + above);
}

void Position::classify(uint16_t* wins, uint16_t* blocks, uint16_t* safe) const {
  const int p = to_move(), q = p ^ 1;
  uint64_t w[3], b[3], u[3];
  uint64_t any_w = 0, any_b = 0, any_u = 0;
  for (int i = 0; i < 3; ++i) {
    any_w |= w[i] = threat_[p][i] & playable_[i];
    any_b |= b[i] = threat_[q][i] & playable_[i];
    any_u |= u[i] = threat_[q][i] & above_[i];
  }
  uint32_t win_columns = 0, block_columns = 0, unsafe_columns = 0;
  if (any_w)
    for (int i = 0; i < 3; ++i) win_columns |= lanes_to_columns(w[i]) << (4 * i);
  if (any_b)
    for (int i = 0; i < 3; ++i) block_columns |= lanes_to_columns(b[i]) << (4 * i);
  if (any_u)
    for (int i = 0; i < 3; ++i) unsafe_columns |= lanes_to_columns(u[i]) << (4 * i);
  *wins = static_cast<uint16_t>(win_columns);
  *blocks = static_cast<uint16_t>(block_columns);
  *safe = static_cast<uint16_t>(open_ & ~unsafe_columns);
}

uint16_t Position::under_own_threats() const {
  const int p = to_move();
  uint32_t columns = 0;
  for (int i = 0; i < 3; ++i) columns |= lanes_to_columns(threat_[p][i] & above_[i]) << (4 * i);
  return static_cast<uint16_t>(columns);
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
  update_column_cells(y);
  ++moves_;
  // The threat sets are complete, so a stone wins exactly when it fills one of its own threats.
  if (is_threat(p, x, y)) return true;
  add_threats(p, x, y);
  return false;
}

void Position::add_threats(int p, int x, int y) {
  const Geometry& g = *g_;
  // Row x: threat bits are columns of row x; spread them into the column lanes.
  const uint32_t row = line_threats(row_[p][x]) & g.row_bits;
  if (row)
    for (int i = 0; i < 3; ++i) threat_[p][i] |= spread_to_lanes((row >> (4 * i)) & 0xF) << x;
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
