#include "board.h"

namespace c4 {

Board::Board(int M, int N, int noX, int noY) : M_(M), N_(N), noX_(noX), noY_(noY), top_(N, M), cell_(M * N, kEmpty) {
  if (noX_ == M_ - 1) top_[noY_] = M_ - 1;
}

std::string Board::illegal_reason(int x, int y) const {
  auto cell = "(" + std::to_string(x) + ", " + std::to_string(y) + ")";
  if (x < 0 || x >= M_ || y < 0 || y >= N_)
    return cell + " is off the " + std::to_string(M_) + "x" + std::to_string(N_) + " board";
  if (top_[y] == 0) return cell + " is in column " + std::to_string(y) + ", which is full";
  if (x == noX_ && y == noY_) return cell + " is the blocked cell";
  if (x != top_[y] - 1)
    return cell + " is not the lowest free cell of column " + std::to_string(y) + " (row " +
           std::to_string(top_[y] - 1) + ")";
  return "";
}

void Board::play(int x, int y, Side side) {
  cell_[x * N_ + y] = side;
  top_[y] = x;
  if (y == noY_ && x - 1 == noX_) top_[y] = noX_;  // the stone sits on the blocked cell
}

bool Board::wins_at(int x, int y) const { return !winning_line(x, y).empty(); }

std::vector<std::pair<int, int>> Board::winning_line(int x, int y) const {
  std::vector<std::pair<int, int>> best;
  const int side = cell_[x * N_ + y];
  if (side == kEmpty) return best;
  static const int kDirections[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  for (const auto& d : kDirections) {
    // Walk back to the run's first stone, then forward over the run.
    int sx = x, sy = y;
    while (sx - d[0] >= 0 && sx - d[0] < M_ && sy - d[1] >= 0 && sy - d[1] < N_ &&
           cell_[(sx - d[0]) * N_ + sy - d[1]] == side) {
      sx -= d[0];
      sy -= d[1];
    }
    std::vector<std::pair<int, int>> run;
    for (int cx = sx, cy = sy; cx >= 0 && cx < M_ && cy >= 0 && cy < N_ && cell_[cx * N_ + cy] == side;
         cx += d[0], cy += d[1])
      run.emplace_back(cx, cy);
    if (run.size() >= 4 && run.size() > best.size()) best = run;
  }
  return best;
}

bool Board::full() const {
  for (int t : top_)
    if (t > 0) return false;
  return true;
}

std::vector<int> Board::view_for(Side viewer) const {
  std::vector<int> view(cell_.size(), 0);
  for (size_t i = 0; i < cell_.size(); ++i)
    if (cell_[i] != kEmpty) view[i] = cell_[i] == viewer ? 2 : 1;
  return view;
}

std::string Board::picture() const {
  std::string text;
  for (int x = 0; x < M_; ++x) {
    for (int y = 0; y < N_; ++y) {
      char c = '.';
      if (x == noX_ && y == noY_)
        c = 'X';
      else if (at(x, y) == kA)
        c = 'A';
      else if (at(x, y) == kB)
        c = 'B';
      text += c;
      if (y + 1 < N_) text += ' ';
    }
    text += '\n';
  }
  return text;
}

}  // namespace c4
