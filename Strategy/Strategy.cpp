// Placeholder strategy: plays the middle-most legal column. Replaced by the UCT.
#include "Strategy.h"

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  (void)M; (void)_board; (void)lastX; (void)lastY; (void)noX; (void)noY;
  for (int d = 0; d < N; ++d) {
    int y = N / 2 + ((d & 1) ? -(d + 1) / 2 : d / 2);
    if (y >= 0 && y < N && top[y] > 0) return new Point(top[y] - 1, y);
  }
  return 0;
}

extern "C" void clearPoint(Point* p) { delete p; }

void clearArray(int M, int N, int** board) {
  (void)N;
  for (int i = 0; i < M; ++i) delete[] board[i];
  delete[] board;
}
