#include "Judge.h"

namespace {

// True if the stone of `who` at (x, y) completes four in a row in any direction.
bool fourInARow(int who, int x, int y, int M, int N, int* const* board) {
  static const int kDirections[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  for (int d = 0; d < 4; ++d) {
    int run = 1;
    for (int sign = -1; sign <= 1; sign += 2) {
      int cx = x + sign * kDirections[d][0], cy = y + sign * kDirections[d][1];
      while (cx >= 0 && cx < M && cy >= 0 && cy < N && board[cx][cy] == who) {
        ++run;
        cx += sign * kDirections[d][0];
        cy += sign * kDirections[d][1];
      }
    }
    if (run >= 4) return true;
  }
  return false;
}

}  // namespace

bool userWin(const int x, const int y, const int M, const int N, int* const* board) {
  return fourInARow(1, x, y, M, N, board);
}

bool machineWin(const int x, const int y, const int M, const int N, int* const* board) {
  return fourInARow(2, x, y, M, N, board);
}

bool isTie(const int N, const int* top) {
  for (int y = 0; y < N; ++y)
    if (top[y] > 0) return false;
  return true;
}
