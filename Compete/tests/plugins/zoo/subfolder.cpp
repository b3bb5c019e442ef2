// Zoo habit: a cache folder. Every move makes cache/ (fine if it exists),
// writes the position to cache/position.txt and reads it back; any failure
// aborts, as the student's code does.
#include <sys/stat.h>
#include <sys/types.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>

#include "Point.h"
#include "zoo_move.h"

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  (void)noX;
  (void)noY;
  if (mkdir("cache", 0755) != 0 && errno != EEXIST) std::abort();
  FILE* out = std::fopen("cache/position.txt", "w");
  if (!out) std::abort();
  std::fprintf(out, "%d %d %d %d\n", M, N, lastX, lastY);
  for (int y = 0; y < N; ++y) std::fprintf(out, "%d ", top[y]);
  std::fputc('\n', out);
  if (std::fclose(out) != 0) std::abort();

  FILE* in = std::fopen("cache/position.txt", "r");
  if (!in) std::abort();
  int m = 0, n = 0, lx = 0, ly = 0;
  if (std::fscanf(in, "%d %d %d %d", &m, &n, &lx, &ly) != 4 || m != M || n != N || lx != lastX || ly != lastY)
    std::abort();
  std::fclose(in);

  int x, y;
  zoo_move(M, N, top, _board, &x, &y);
  return new Point(x, y);
}

extern "C" void clearPoint(Point* p) { delete p; }
