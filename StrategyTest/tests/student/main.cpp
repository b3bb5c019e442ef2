// A student's strategy: the course's main.cpp, which the OJ replaces with its
// own (it plays over stdin/stdout only when built with -DONLINE_JUDGE).
#ifdef ONLINE_JUDGE
#include <cstdio>
#include <vector>

#include "Strategy.h"

int main() {
  int M, N, noX, noY, lastX, lastY;
  if (std::scanf("%d %d %d %d", &M, &N, &noX, &noY) != 4) return 0;
  std::vector<int> top(N), board(M * N);
  while (std::scanf("%d %d", &lastX, &lastY) == 2) {
    for (int& t : top) std::scanf("%d", &t);
    for (int& c : board) std::scanf("%d", &c);
    Point* p = getPoint(M, N, top.data(), board.data(), lastX, lastY, noX, noY);
    char text[32];
    const int n = std::snprintf(text, sizeof text, "%d %d", p->x, p->y);
    const unsigned char length[4] = {0, 0, 0, static_cast<unsigned char>(n)};
    std::fwrite(length, 1, 4, stdout);
    std::fwrite(text, 1, n, stdout);
    std::fflush(stdout);
    clearPoint(p);
  }
  return 0;
}
#endif
