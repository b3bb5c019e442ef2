// Zoo habit: the clock and rand(). srand(time(0)) on the first move, clock()
// and std::chrono::steady_clock to "budget" the move, then a random choice
// among the columns the win / block rules leave. Not deterministic.
#include <chrono>
#include <cstdlib>
#include <ctime>

#include "Point.h"
#include "zoo_move.h"

namespace {
bool g_seeded = false;
}

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  (void)lastX;
  (void)lastY;
  (void)noX;
  (void)noY;
  if (!g_seeded) {
    std::srand(static_cast<unsigned>(std::time(0)));
    g_seeded = true;
  }
  const std::clock_t cpu_start = std::clock();
  const auto wall_start = std::chrono::steady_clock::now();
  // "Think" for at most 1 ms of wall time or of CPU time.
  volatile long work = 0;
  while (std::chrono::steady_clock::now() - wall_start < std::chrono::microseconds(1000) &&
         std::clock() - cpu_start < CLOCKS_PER_SEC / 1000)
    work = work + 1;

  int cols[ZOO_MAX_COLUMNS];
  const int n = zoo_candidates(M, N, top, _board, cols);
  const int y = n > 0 ? cols[std::rand() % n] : 0;
  return new Point(n > 0 ? top[y] - 1 : 0, y);
}

extern "C" void clearPoint(Point* p) { delete p; }
