// The OJ's executable protocol, compiled only with -DONLINE_JUDGE.
// stdin: "M N noX noY" once; then per move "lastX lastY", N values of top and
// M*N values of the board. stdout per move: a 4-byte big-endian length, then
// the text "x y".
#ifdef ONLINE_JUDGE
#include <cstdio>
#include <cstring>
#include <vector>

#include "Strategy.h"

int main() {
  int M, N, noX, noY;
  if (std::scanf("%d %d %d %d", &M, &N, &noX, &noY) != 4) return 0;
  std::vector<int> top(N), board(M * N);
  int lastX, lastY;
  while (std::scanf("%d %d", &lastX, &lastY) == 2) {
    for (int y = 0; y < N; ++y)
      if (std::scanf("%d", &top[y]) != 1) return 0;
    for (int i = 0; i < M * N; ++i)
      if (std::scanf("%d", &board[i]) != 1) return 0;
    Point* p = getPoint(M, N, &top[0], &board[0], lastX, lastY, noX, noY);
    char text[32];
    int length = std::snprintf(text, sizeof text, "%d %d", p->x, p->y);
    unsigned char header[4] = {static_cast<unsigned char>(length >> 24), static_cast<unsigned char>(length >> 16),
                               static_cast<unsigned char>(length >> 8), static_cast<unsigned char>(length)};
    std::fwrite(header, 1, 4, stdout);
    std::fwrite(text, 1, length, stdout);
    std::fflush(stdout);
    clearPoint(p);
  }
  return 0;
}
#endif
