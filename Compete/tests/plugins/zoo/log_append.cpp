// Zoo habit: a debug log in the working folder. Every request (M N lastX lastY
// and the board) is appended to last_input.txt (a relative path), then the
// whole file is read back every move (its lines counted). No fopen may fail:
// the student's code calls abort() if one does.
#include <cstdio>
#include <cstdlib>

#include "Point.h"
#include "zoo_move.h"

namespace {
long g_lines_seen = 0;  // what the last read counted (kept, like a student's debug counter)
}

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  FILE* log = std::fopen("last_input.txt", "a");
  if (!log) std::abort();
  std::fprintf(log, "%d %d %d %d %d %d\n", M, N, lastX, lastY, noX, noY);
  for (int x = 0; x < M; ++x) {
    for (int y = 0; y < N; ++y) std::fprintf(log, "%d", _board[x * N + y]);
    std::fputc('\n', log);
  }
  std::fclose(log);

  FILE* in = std::fopen("last_input.txt", "r");
  if (!in) std::abort();
  long lines = 0;
  for (int c; (c = std::fgetc(in)) != EOF;)
    if (c == '\n') ++lines;
  std::fclose(in);
  if (lines < M + 1) std::abort();  // what we just wrote must be there
  g_lines_seen = lines;

  int x, y;
  zoo_move(M, N, top, _board, &x, &y);
  return new Point(x, y);
}

extern "C" void clearPoint(Point* p) { delete p; }
