// A ConnectFour position on an M x N board (M, N <= 12) with one blocked cell.
//
// Coordinates follow the framework: row x = 0..M-1 from the top, column
// y = 0..N-1; stones fall to the largest free x. The position is kept as line
// bitboards, one 16-bit word per line and player:
//
//   row_[p][x]        bit y  (the stones of player p in row x)
//   col_[p][y]        bit x  (column y)
//   diag_[p][x+y]     bit y  (down-right diagonals: x+y constant)
//   anti_[p][x-y+N-1] bit y  (down-left diagonals: x-y constant)
//
// and three row-major cell sets of 3 x 64 bits, 16 bits a row (cell (x, y)
// is bit 16 * (x % 4) + y of word x / 4):
//
//   threat_[p]  cells that would complete four in a row for p (empty or not;
//               threats only ever grow, since stones never leave the board)
//   playable_   the next free cell of every open column
//   above_      the cell a stone would land on after the playable one
//
// and, per player, two column masks kept equal to what the cell sets say:
//
//   wins_[p]    columns whose playable cell is a threat of p
//   under_[p]   columns whose above cell is a threat of p
//
// so the tactics of a move are read, not computed. Threats only ever grow, so
// a stone wins exactly when it fills a threat of its own; a move changes the
// masks only in its own column and at the threats it creates. Moves that keep
// only the stones (play_stones_only) leave the cell sets and masks behind:
// after one, only stone and column queries are valid. The blocked cell is
// nobody's stone, so it breaks every line through it.
#ifndef POSITION_H_
#define POSITION_H_

#include <stdint.h>

#include "bits.h"

namespace c4 {

const int kMaxSide = 12;
const int kMaxDiagonals = 2 * kMaxSide - 1;

// Board size and blocked cell, shared by every position of a game.
struct Geometry {
  int M, N, noX, noY;
  uint16_t row_bits;                  // bits 0..N-1
  uint16_t col_bits;                  // bits 0..M-1
  uint16_t diag_bits[kMaxDiagonals];  // valid y of each diagonal
  uint16_t anti_bits[kMaxDiagonals];
  // The row the next stone of column y lands on after one at (x, y): x - 1,
  // or x - 2 over the blocked cell; -1 when the column is then full.
  int8_t next_row[kMaxSide][kMaxSide];
  // Requires 1 <= M, N <= 12 and (noX, noY) on the board.
  void init(int rows, int cols, int blockedX, int blockedY);
};

class Position {
 public:
  // The empty board of `g`; player 0 moves first.
  void reset(const Geometry* g);
  // Puts a stone of player p on the next free cell of column y without
  // changing the side to move (for setting up a position bottom-up).
  void place(int p, int y);
  void set_to_move(int p) { side_ = p; }

  const Geometry& geometry() const { return *g_; }
  int to_move() const { return side_; }
  int moves() const { return moves_; }
  // Next free row of column y, or -1 when the column is full.
  int free_row(int y) const { return top_[y] - 1; }
  // Bit y set for every column that still has room.
  uint16_t open_columns() const { return open_; }
  bool full() const { return open_ == 0; }
  // Player (0/1) whose stone is at (x, y), or -1.
  int stone(int x, int y) const;

  // True if the side to move would win by playing column y (which has room).
  bool wins_with(int y) const { return is_threat(to_move(), free_row(y), y); }
  // True if cell (x, y) would complete four for player p.
  bool is_threat(int p, int x, int y) const { return (threat_[p][x >> 2] >> bit(x, y)) & 1; }
  // The row a stone lands on after one more stone in column y, or -1.
  int row_above(int x, int y) const { return g_->next_row[x][y]; }

  // Column masks for the side to move: `wins` = columns that win at once,
  // `blocks` = columns where the opponent would win at once (must be taken),
  // `safe` = columns that do not hand the opponent a win right above.
  void classify(uint16_t* wins, uint16_t* blocks, uint16_t* safe) const {
    const int p = side_;
    *wins = wins_[p];
    *blocks = wins_[p ^ 1];
    *safe = static_cast<uint16_t>(open_ & ~under_[p ^ 1]);
  }

  // Columns where a stone would fill the cell right under a threat of the
  // side to move (letting the opponent block it).
  uint16_t under_own_threats() const { return under_[side_]; }

  // Columns where the side to move wins in three plies by filling the cell
  // under its own threat when the cell above that threat is its threat too
  // (and the first is not the opponent's): the opponent must block the first
  // and so opens the second. Meaningful only when the side to move can
  // neither win at once nor has to block.
  uint16_t stacked_threats() const {
    const int p = side_;
    uint16_t stacked = 0;
    for (uint32_t rest = under_[p]; rest; rest &= rest - 1) {
      const int y = __builtin_ctz(rest);
      const int above = g_->next_row[top_[y] - 1][y];  // p's threat, by under_
      const int higher = g_->next_row[above][y];
      if (higher >= 0 && is_threat(p, higher, y) && !is_threat(p ^ 1, above, y))
        stacked |= static_cast<uint16_t>(1u << y);
    }
    return stacked;
  }

  // Plays column y (which must have room) for the side to move. Returns true
  // if the move connects four.
  bool play(int y) {
    const int p = side_;
    side_ ^= 1;
    return drop(p, y);
  }

  // Plays column y (which must have room) for the side to move, keeping only
  // the stones and columns up to date (see above). Returns true if it connects four.
  bool play_stones_only(int y) {
    const int p = side_;
    side_ ^= 1;
    const int x = put_stone(p, y);
    return has_four(row_[p][x]) || has_four(col_[p][y]) || has_four(diag_[p][x + y]) ||
           has_four(anti_[p][x - y + g_->N - 1]);
  }

 private:
  static int bit(int x, int y) { return ((x & 3) << 4) + y; }
  static uint64_t cell(int x, int y) { return 1ULL << bit(x, y); }
  // Puts a stone of p on the next free cell of column y and updates the line
  // words, top_, open_ and moves_. Returns its row.
  int put_stone(int p, int y) {
    const int x = top_[y] - 1;
    row_[p][x] |= static_cast<uint16_t>(1u << y);
    col_[p][y] |= static_cast<uint16_t>(1u << x);
    diag_[p][x + y] |= static_cast<uint16_t>(1u << y);
    anti_[p][x - y + g_->N - 1] |= static_cast<uint16_t>(1u << y);
    const int next = g_->next_row[x][y];
    top_[y] = static_cast<int16_t>(next + 1);
    if (next < 0) open_ &= static_cast<uint16_t>(~(1u << y));
    ++moves_;
    return x;
  }
  // Drops a stone of p into column y; true if it connects four.
  bool drop(int p, int y);
  // Adds the threats of p that a stone at (x, y) creates, with their columns'
  // bits in wins_[p] and under_[p].
  void add_threats(int p, int x, int y);
  // Adds cell (x, y) to the threats of p.
  void add_threat(int p, int x, int y) {
    const uint64_t c = cell(x, y);
    threat_[p][x >> 2] |= c;
    if (playable_[x >> 2] & c) wins_[p] |= static_cast<uint16_t>(1u << y);
    if (above_[x >> 2] & c) under_[p] |= static_cast<uint16_t>(1u << y);
  }

  const Geometry* g_;
  int side_;
  int moves_;
  uint16_t open_;
  int16_t top_[kMaxSide];  // not a char type, so stores to it alias nothing else
  uint16_t row_[2][kMaxSide];
  uint16_t col_[2][kMaxSide];
  uint16_t diag_[2][kMaxDiagonals];
  uint16_t anti_[2][kMaxDiagonals];
  uint64_t threat_[2][3];
  uint64_t playable_[3];
  uint64_t above_[3];
  uint16_t wins_[2];
  uint16_t under_[2];
};

}  // namespace c4

#endif
