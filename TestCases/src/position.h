// A ConnectFour position of the course's game: M rows x N columns (up to 12),
// one blocked cell that nobody may play, gravity, four in a row wins.
//
// Two stone sets, `mine` (the side to move) and `theirs`, plus `mask` = every
// occupied cell including the blocked one. The blocked cell belongs to neither
// side, so it never completes a four; being in `mask`, it is skipped by the
// column's next free cell, exactly as the framework's top[] skips it.
#pragma once
#include "bits.h"

namespace samples {

class Position {
 public:
  // The empty board; requires 1 <= M, N <= 12 and (noX, noY) on it (framework rows: 0 at the top).
  Position(int M, int N, int noX, int noY);
  // The framework's view: board[x * N + y] is 2 for the side to move, 1 for the other side.
  static Position from_framework(int M, int N, const int* board, int noX, int noY);

  int rows() const { return M_; }
  int cols() const { return N_; }
  const Bits& mine() const { return mine_; }
  const Bits& theirs() const { return theirs_; }
  const Bits& occupied() const { return mask_; }
  const Bits& blocked() const { return blocked_; }
  int stones() const { return stones_; }

  // One cell per column with room: where a stone dropped there would land.
  Bits playable() const { return add_per_column(mask_, bottom_) & ~mask_ & cells_; }
  // Empty cells (playable or not) where `stones` would complete four in a row.
  Bits winning_cells(const Bits& stones) const;
  // Playable cells where the side to move wins at once.
  Bits winning_moves() const { return playable() & winning_cells(mine_); }
  // The cells whose play would let a stone land on one of `targets`: the cell
  // just below, or below the blocked cell when that sits just below.
  Bits cells_under(const Bits& targets) const;
  // Playable cells that neither leave the opponent an immediate win elsewhere
  // nor let him land on one of his winning cells. When the opponent threatens
  // a playable win, only the block (if that is safe) is returned; empty when
  // every move loses at once. Requires winning_moves() empty.
  Bits non_losing_moves() const;
  // True when the side that just moved has four in a row.
  bool last_mover_won() const { return has_four(theirs_); }
  bool full() const { return playable().empty(); }

  // Drops a stone of the side to move on `move` (one playable cell); the other side is then to move.
  void play(const Bits& move) {
    mine_ |= move;
    mask_ |= move;
    Bits t = mine_;
    mine_ = theirs_;
    theirs_ = t;
    ++stones_;
  }
  void play_column(int col) { play(playable() & column_mask(col)); }

  // Framework coordinates of a cell: row x from the top, column y.
  int framework_row(const Bits& cell) const { return M_ - 1 - cell.row(); }
  Bits column_mask(int col) const;
  static bool has_four(const Bits& stones);

 private:
  int M_, N_;
  Bits mine_, theirs_, mask_, blocked_;
  Bits bottom_;  // row 0 of every column
  Bits cells_;   // every cell of the board
  int stones_ = 0;
};

// Inline: the playouts call these once or twice a ply.
inline Bits Position::winning_cells(const Bits& p) const {
  // Vertical: three stones just below.
  Bits r = (p << 1) & (p << 2) & (p << 3);
  static constexpr int kSteps[3] = {kStride - 1, kStride, kStride + 1};
  for (int s : kSteps) {
    // A cell completes four when three of its neighbours along the line, on
    // either side, are stones: xxx_, xx_x, x_xx, _xxx.
    Bits two = (p << s) & (p << (2 * s));
    r |= two & ((p << (3 * s)) | (p >> s));
    two = (p >> s) & (p >> (2 * s));
    r |= two & ((p << s) | (p >> (3 * s)));
  }
  return r & cells_ & ~mask_;
}

inline Bits Position::cells_under(const Bits& targets) const {
  Bits under = targets >> 1;
  under |= (under & blocked_) >> 1;
  return under & ~blocked_;
}

}  // namespace samples
