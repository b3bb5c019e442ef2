// The judge's authoritative ConnectFour board, in the framework's own terms.
//
// Rows x = 0..M-1 from the top, columns y = 0..N-1. Cells hold kEmpty, or the
// side that played there (kA, kB). The blocked cell (noX, noY) is never
// played. top[y] is one past the next free row of column y: the next piece in
// column y lands at row top[y] - 1, and top[y] == 0 means the column is full.
// Invariant: every cell at rows >= top[y] of column y is a stone or the
// blocked cell, and every cell above is empty.
#pragma once
#include <string>
#include <vector>

namespace c4 {

constexpr int kMinSize = 9;
constexpr int kMaxSize = 12;

enum Side : int { kEmpty = 0, kA = 1, kB = 2 };
inline Side opponent(Side s) { return s == kA ? kB : kA; }

class Board {
 public:
  // A fresh board; requires 1 <= M, N <= kMaxSize and (noX, noY) on the board.
  Board(int M, int N, int noX, int noY);

  int rows() const { return M_; }
  int cols() const { return N_; }
  int blocked_row() const { return noX_; }
  int blocked_col() const { return noY_; }
  int top(int y) const { return top_[y]; }
  const std::vector<int>& tops() const { return top_; }
  Side at(int x, int y) const { return static_cast<Side>(cell_[x * N_ + y]); }

  // Why (x, y) is not a legal move, or "" when it is.
  std::string illegal_reason(int x, int y) const;
  // Drops a stone of `side` at (x, y); requires illegal_reason(x, y) == "".
  void play(int x, int y, Side side);
  // True if the stone at (x, y) is part of four in a row of its side.
  bool wins_at(int x, int y) const;
  // The longest run through the stone at (x, y) among those of four or more,
  // its cells in order along the line as {x, y}; empty when there is none.
  std::vector<std::pair<int, int>> winning_line(int x, int y) const;
  // True when no column has room.
  bool full() const;
  // The board as `viewer` sees it through the ABI: viewer's stones are 2, the
  // other side's are 1, empty and blocked cells 0; row-major, M*N values.
  std::vector<int> view_for(Side viewer) const;
  // Text picture: A, B, X for the blocked cell, . for empty; one line a row.
  std::string picture() const;

 private:
  int M_, N_, noX_, noY_;
  std::vector<int> top_;
  std::vector<int> cell_;
};

}  // namespace c4
