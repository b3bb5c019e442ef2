// Zoo habit: state kept in a file of the working folder across moves.
// state.txt holds "<moves played this game> <stones on the board then>"; a new
// game (lastX == -1, or fewer stones than remembered) starts the count again.
// The file must be writable: the student's code aborts if it is not.
#include <cstdio>
#include <cstdlib>

#include "Point.h"
#include "zoo_move.h"

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  (void)lastY;
  (void)noX;
  (void)noY;
  int moves = 0, remembered = 0;
  if (FILE* in = std::fopen("state.txt", "r")) {  // missing on the first move ever: a fresh start
    if (std::fscanf(in, "%d %d", &moves, &remembered) != 2) moves = remembered = 0;
    std::fclose(in);
  }
  const int stones = zoo_stones(M, N, _board);
  if (lastX == -1 || stones < remembered) moves = 0;  // a new game

  int x, y;
  zoo_move(M, N, top, _board, &x, &y);

  FILE* out = std::fopen("state.txt", "w");
  if (!out) std::abort();
  std::fprintf(out, "%d %d\n", moves + 1, stones + 1);
  if (std::fclose(out) != 0) std::abort();
  return new Point(x, y);
}

extern "C" void clearPoint(Point* p) { delete p; }
