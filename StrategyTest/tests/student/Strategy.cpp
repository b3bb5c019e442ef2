// A student's strategy: win at once if it can, else block the opponent's win,
// else the open column nearest the middle.
#include "Strategy.h"

#include <cstdlib>

#include "Node.h"

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  (void)lastX;
  (void)lastY;
  Node node(M, N, top, _board, noX, noY);
  for (int who = 2; who >= 1; --who)  // 2: us, 1: the opponent
    for (int y = 0; y < N; ++y) {
      if (!node.open(y)) continue;
      const int x = node.drop(y, who);
      const bool won = node.wins(x, y);
      node.undo(y);
      if (won) return new Point(x, y);
    }
  int best = -1;
  for (int y = 0; y < N; ++y)
    if (node.open(y) && (best < 0 || std::abs(2 * y - N + 1) < std::abs(2 * best - N + 1))) best = y;
  return new Point(top[best] - 1, best);
}

extern "C" void clearPoint(Point* p) { delete p; }
