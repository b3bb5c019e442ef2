// A ConnectFour position on an M x N board (M, N <= 12) with one blocked cell.
//
// Coordinates follow the framework: row x = 0..M-1 from the top, column
// y = 0..N-1; stones fall to the largest free x. The position is kept as line
// bitboards, one 16-bit word per line and player:
//
//   row_[p][x]        bit y  (the stones of player p in row x)
//   col_[p][y]        bit x  (column y)
//   diag_[p][x+y]     bit y  (down-right diagonals: x+y constant)
//   anti_[p][x-y+11]  bit y  (down-left diagonals: x-y constant)
//
// and, per row x, a word of cells with bit y for column y:
//
//   threat_[x]   the cells that would complete four in a row, player 0's in
//                bits 0..15 and player 1's in bits 16..31 (threats only ever
//                grow, since stones never leave the board). Only empty cells'
//                entries are ever read (playable, above and higher cells, the
//                cell a stone fills), so a threat found at a cell the opponent
//                holds is not recorded: fewer moves find new threats.
//
// Rows are indexed by x & 15, so that "no row" (-1) reads row 15, whose
// threats stay empty. Per player, two column masks are kept equal to what
// the cell sets say:
//
//   wins[p]      columns whose playable cell is a threat of p
//   under[p]     columns whose above cell is a threat of p
//
// so the tactics of a move are read, not computed. Threats only ever grow, so
// a stone wins exactly when it fills a threat of its own; a move changes the
// masks only in its own column and at the threats it creates, and those it
// finds from the four lines through it: the threats of its column and the
// masks of its column without a branch, the new threats of its row and
// diagonals (rare) out of line. The masks, the columns' free rows and the open
// columns are the words every move reads and writes (`Hot`): a playout holds
// them in registers (hot(), play_as(), set_hot()). Moves that keep only the
// stones (play_stones_only) leave the cell sets and masks behind: after one,
// only stone and column queries are valid. The blocked cell is nobody's
// stone, so it breaks every line through it.
#ifndef POSITION_H_
#define POSITION_H_

#include <stdint.h>

#include "bits.h"

#define C4_INLINE __attribute__((always_inline)) inline

namespace c4engine {

const int kMaxSide = 12;
const int kMaxDiagonals = 2 * kMaxSide - 1;
// Row words are indexed by x & kRowMask: row -1 (no cell) is row 15.
const int kRowMask = 15;

// Board size and blocked cell, shared by every position of a game.
struct Geometry {
  int M, N, noX, noY;
  uint16_t row_bits;                  // bits 0..N-1
  uint16_t col_bits;                  // bits 0..M-1
  uint16_t diag_bits[kMaxDiagonals];  // valid y of each diagonal x + y
  uint16_t anti_bits[kMaxDiagonals];  // valid y of each anti-diagonal x - y + 11
  // The row the next stone of column y lands on after one at (x, y): x - 1,
  // or x - 2 over the blocked cell; -1 when the column is then full, and -1
  // for the rows past the board (12..15, so that next_row[x & 15] is -1 for x = -1).
  // (Words, not bytes: a byte value spilled and read back whole would stall.)
  int32_t next_row[kRowMask + 1][kMaxSide];
  // The row after that: next_row[next_row[x][y] & 15][y].
  int32_t after_row[kRowMask + 1][kMaxSide];
  // What a stone at (x, y) changes in its column, for Position::drop: the
  // next and after rows (as above; drop reads the higher row, not the after
  // row, whose threats the stacked-threat word already holds), the
  // open-column bit it clears (1 << y
  // when the column is then full, else 0), and the cells x..x+2 of the column
  // whose stones make a threat right above (7 << x; 1 << 15, never a stone,
  // when the cell above is not x - 1).
  struct Column {
    int32_t next, after;
    uint16_t full, three;
    int32_t higher;  // the row after `after` (next_row[after & 15][y])
  };
  Column column[kMaxSide][kMaxSide];
  // Requires 1 <= M, N <= 12 and (noX, noY) on the board.
  void init(int rows, int cols, int blockedX, int blockedY);
};

class Position {
 public:
  // The words every move reads and writes.
  struct Hot {
    uint64_t masks;  // wins[0], wins[1], under[0], under[1], 16 bits each (bit y: column y)
    uint32_t open;   // bit y: column y has room
  };

  // The empty board of `g`; player 0 moves first.
  void reset(const Geometry* g);
  // Puts a stone of player p on the next free cell of column y without
  // changing the side to move (for setting up a position bottom-up).
  void place(int p, int y) { p ? drop<1>(hot_, y) : drop<0>(hot_, y); }
  void set_to_move(int p) { side_ = p; }

  const Geometry& geometry() const { return *g_; }
  int to_move() const { return side_; }
  int moves() const { return moves_; }
  // Next free row of column y, or -1 when the column is full.
  int free_row(int y) const { return play_[y]; }
  // Bit y set for every column that still has room.
  uint16_t open_columns() const { return static_cast<uint16_t>(hot_.open); }
  bool full() const { return hot_.open == 0; }
  // Player (0/1) whose stone is at (x, y), or -1.
  int stone(int x, int y) const;

  // True if the side to move would win by playing column y (which has room).
  bool wins_with(int y) const { return is_threat(to_move(), free_row(y), y); }
  // True if cell (x, y) would complete four for player p.
  bool is_threat(int p, int x, int y) const { return (threat_[x & kRowMask] >> (y + (p << 4))) & 1; }
  // The row a stone lands on after one more stone in column y, or -1.
  int row_above(int x, int y) const { return g_->next_row[x & kRowMask][y]; }

  // Column masks for the side to move: `wins` = columns that win at once,
  // `blocks` = columns where the opponent would win at once (must be taken),
  // `safe` = columns that do not hand the opponent a win right above.
  void classify(uint16_t* wins, uint16_t* blocks, uint16_t* safe) const {
    const int own = side_ << 4, other = own ^ 16;
    *wins = static_cast<uint16_t>(hot_.masks >> own);
    *blocks = static_cast<uint16_t>(hot_.masks >> other);
    *safe = static_cast<uint16_t>(hot_.open & ~(hot_.masks >> (32 + other)));
  }

  // Columns where a stone would fill the cell right under a threat of the
  // side to move (letting the opponent block it).
  uint16_t under_own_threats() const { return static_cast<uint16_t>(hot_.masks >> (32 + (side_ << 4))); }

  // Columns where the side to move wins in three plies by filling the cell
  // under its own threat when the cell above that threat is its threat too
  // (and the first is not the opponent's): the opponent must block the first
  // and so opens the second. Meaningful only when the side to move can
  // neither win at once nor has to block.
  uint16_t stacked_threats() const { return side_ ? stacked_of<1>(hot_) : stacked_of<0>(hot_); }

  // Plays column y (which must have room) for the side to move. Returns true
  // if the move connects four.
  C4_INLINE bool play(int y) {
    const int p = side_;
    side_ ^= 1;
    return p ? drop<1>(hot_, y) : drop<0>(hot_, y);
  }

  // Plays column y (which must have room) for the side to move, keeping only
  // the stones and columns up to date (see above). Returns true if it connects four.
  bool play_stones_only(int y) {
    const int p = side_;
    side_ ^= 1;
    const int x = play_[y];
    put_stone(p, x, y);
    const Geometry::Column& c = g_->column[x][y];
    play_[y] = c.next;
    hot_.open ^= c.full;
    return has_four(row_[p][x]) || has_four(col_[p][y]) || has_four(diag_[p][x + y]) ||
           has_four(anti_[p][x - y + kMaxSide - 1]);
  }

  // For the playouts: the same with the side to move known at compile time
  // (P == to_move()) and the hot words in `h`, a copy of hot() that stands for
  // the position's own until set_hot(h).
  Hot hot() const { return hot_; }
  void set_hot(const Hot& h) { hot_ = h; }
  template <int P>
  static C4_INLINE uint32_t wins_of(const Hot& h) {
    return static_cast<uint16_t>(h.masks >> (16 * P));
  }
  template <int P>
  static C4_INLINE uint32_t under_of(const Hot& h) {
    return static_cast<uint16_t>(h.masks >> (32 + 16 * P));
  }
  template <int P>
  static C4_INLINE uint32_t safe_of(const Hot& h) {
    return h.open & ~under_of<P ^ 1>(h);
  }
  // (Where the opponent threatens the lower cell too, it blocks with a win.)
  template <int P>
  C4_INLINE uint32_t stacked_of(const Hot& h) const {
    return under_of<P>(h) & ~under_of<P ^ 1>(h) & static_cast<uint16_t>(high_ >> (16 * P));
  }
  template <int P>
  C4_INLINE void play_as(Hot& h, int y) {
    side_ = P ^ 1;
    drop<P>(h, y);
  }

 private:
  C4_INLINE void put_stone(int p, int x, int y) {
    const uint16_t bit = static_cast<uint16_t>(1u << y);
    row_[p][x] |= bit;
    col_[p][y] |= static_cast<uint16_t>(1u << x);
    diag_[p][x + y] |= bit;
    anti_[p][x - y + kMaxSide - 1] |= bit;
    ++moves_;
  }
  // Drops a stone of P into column y; true if it connects four.
  template <int P>
  C4_INLINE bool drop(Hot& h, int y);
  // Adds the threats of p at the cells (x, j) for j in `row`, (d - j, j) for
  // j in `diagonal` and (a - 11 + j, j) for j in `anti`; returns their bits
  // for the masks (the free rows already moved by the move that made them).
  uint64_t add_threats(int p, int x, uint32_t row, int d, uint32_t diagonal, int a, uint32_t anti);
  // Adds cell (x, y) to the threats of p; returns its column's bits for the masks.
  C4_INLINE uint64_t add_threat(int p, int x, int y) {
    const int shift = y + (p << 4);
    threat_[x] |= 1u << shift;
    const int playable = play_[y] & kRowMask, above = g_->next_row[playable][y];
    high_ |= static_cast<uint32_t>(g_->after_row[playable][y] == x) << shift;
    return (static_cast<uint64_t>(playable == x) | static_cast<uint64_t>(above == x) << 32) << shift;
  }

  const Geometry* g_;
  int side_;
  int moves_;
  Hot hot_;
  int32_t play_[kMaxSide];  // next free row of each column, -1 when full
  uint16_t row_[2][kMaxSide];
  uint16_t col_[2][kMaxSide];
  uint16_t diag_[2][kMaxDiagonals];
  uint16_t anti_[2][kMaxDiagonals];
  // Per player and line, the cells where a threat of p found on that line is
  // not new: threats of p already taken from it, the opponent's stones (only
  // empty cells' threats are ever read) and the cells off the board.
  uint16_t row_known_[2][kMaxSide];
  uint16_t diag_known_[2][kMaxDiagonals];
  uint16_t anti_known_[2][kMaxDiagonals];
  uint32_t threat_[kRowMask + 1];  // row 15 stays 0
  // The columns whose higher cell (the one after the above cell) is a threat
  // of player 0 (bit y) and of player 1 (bit 16 + y): with the masks, they
  // give the stacked threats.
  uint32_t high_;
};

template <int P>
C4_INLINE bool Position::drop(Hot& h, int y) {
  // Each line is updated and read in turn, which keeps few values live at once.
  const Geometry& g = *g_;
  const int x = play_[y];
  const Geometry::Column& c = g.column[x][y];
  const int next = c.next;
  play_[y] = next;
  h.open ^= c.full;
  ++moves_;
  const uint32_t bit = 1u << y;
  // The threat sets are complete, so a stone wins exactly when it fills one of its own threats.
  const int own = 16 * P;
  const bool won = (threat_[x] >> (y + own)) & 1;
  // Row x: the threat bits are the columns of row x (bits past the last column
  // are never playable).
  const uint32_t row = row_[P][x] | bit;
  row_[P][x] = static_cast<uint16_t>(row);
  const uint32_t row_threats = line_threats(row) & ~row_known_[P][x] & 0xFFFFu;
  row_known_[P ^ 1][x] |= static_cast<uint16_t>(bit);
  // Column y: only three stacked stones threaten, at the cell right above
  // (never the blocked cell: next_row skips it; none when x is the top row,
  // where next_row is -1). Read below with the rest of column y.
  const uint32_t column_stones = col_[P][y] | 1u << x;
  col_[P][y] = static_cast<uint16_t>(column_stones);
  const uint32_t three = (column_stones & c.three) == c.three;
  threat_[next & kRowMask] |= three << (y + own);
  // Diagonals: bit j is the cell in column j; its row follows from the diagonal.
  const int d = x + y;
  const uint32_t diagonal_stones = diag_[P][d] | bit;
  diag_[P][d] = static_cast<uint16_t>(diagonal_stones);
  const uint32_t diagonal = line_threats(diagonal_stones) & ~diag_known_[P][d] & 0xFFFFu;
  diag_known_[P ^ 1][d] |= static_cast<uint16_t>(bit);
  const int a = x - y + kMaxSide - 1;
  const uint32_t anti_stones = anti_[P][a] | bit;
  anti_[P][a] = static_cast<uint16_t>(anti_stones);
  const uint32_t anti = line_threats(anti_stones) & ~anti_known_[P][a] & 0xFFFFu;
  anti_known_[P ^ 1][a] |= static_cast<uint16_t>(bit);
  // Column y's cells moved up one: its playable cell is the old above cell,
  // its above cell the old higher cell, so its new mask bits are bits the
  // masks and the stacked-threat word already hold (plus the threat right
  // above three stacked stones), not threat rows to be read after this
  // move's stores. (The new threats are on lines through the stone, never
  // in its column.)
  const uint32_t column_pair = 0x10001u << y;
  const uint64_t column = 0x0001000100010001ULL << y;
  const uint64_t moved =
      ((h.masks >> 32) & column_pair) | (three << (y + own)) | static_cast<uint64_t>(high_ & column_pair) << 32;
  uint64_t masks = h.masks;
  if (row_threats | diagonal | anti) masks |= add_threats(P, x, row_threats, d, diagonal, a, anti);
  h.masks = (masks & ~column) | moved;
  high_ = (high_ & ~column_pair) | (threat_[c.higher & kRowMask] & column_pair);
  return won;
}

}  // namespace c4engine

#endif
