// A well-behaved test plugin: uniformly random legal moves, seeded by the
// position it is shown (and SALT), after checking the judge kept the ABI.
// With DELAY_MS it sleeps that long per move (for the interrupt test).
#include <time.h>

#include "Point.h"
#include "plugin_util.h"

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
#ifdef DELAY_MS
  struct timespec pause = {0, DELAY_MS * 1000000L};
  nanosleep(&pause, 0);
#endif
  return test_plugin::checked_random_move(M, N, top, _board, lastX, lastY, noX, noY);
}

extern "C" void clearPoint(Point* p) { delete p; }

void clearArray(int M, int N, int** board) {
  (void)N;
  for (int i = 0; i < M; ++i) delete[] board[i];
  delete[] board;
}
