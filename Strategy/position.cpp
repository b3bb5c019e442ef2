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

// True if bit i of `line` lies in four consecutive set bits.
inline bool four_through(uint32_t line, int i) {
  uint32_t m = line & (line >> 1);
  m &= m >> 2;  // bit j: bits j..j+3 all set
  uint32_t window = (i >= 3 ? 0xFu << (i - 3) : 0xFu >> (3 - i));
  return (m & window) != 0;
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
  uint64_t any = 0;
  for (int w = 0; w < 3; ++w) any |= (threat_[p][w] & playable_[w]) | (threat_[q][w] & (playable_[w] | above_[w]));
  if (!any) {  // the common case: no tactics at all
    *wins = 0;
    *blocks = 0;
    *safe = open_;
    return;
  }
  uint16_t w = 0, b = 0, s = 0;
  for (uint32_t open = open_; open; open &= open - 1) {
    const int y = __builtin_ctz(open);
    const int x = top_[y] - 1;
    const uint16_t bit = static_cast<uint16_t>(1u << y);
    if (is_threat(p, x, y)) w |= bit;
    if (is_threat(q, x, y)) b |= bit;
    const int above = row_above(x, y);
    if (above < 0 || !is_threat(q, above, y)) s |= bit;
  }
  *wins = w;
  *blocks = b;
  *safe = s;
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
  bool won = four_through(row_[p][x], y) || four_through(col_[p][y], x) || four_through(diag_[p][d], y) ||
             four_through(anti_[p][a], y);
  if (!won) add_threats(p, x, y);
  return won;
}

void Position::add_threats(int p, int x, int y) {
  const Geometry& g = *g_;
  // Row x: threat bits are columns of row x.
  for (uint32_t t = line_threats(row_[p][x]) & g.row_bits; t; t &= t - 1) set_threat(p, x, __builtin_ctz(t));
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
