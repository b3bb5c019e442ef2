// Zoo habit: a "parallel search". Every move starts 4 std::threads, each of
// which pins itself to a core, as parallel engines do (and, like them, plays
// on when the system refuses: a judge keeping a game to its cores does), scores
// a share of the columns (a little counting work), and joins them all before
// returning.
#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <thread>
#include <vector>

#include "Point.h"
#include "zoo_move.h"

namespace {
// A share of the work: for each column y = first, first + step, ..., count
// the stones of both sides around the landing cell, many times over.
void score_columns(int M, int N, const int* top, const int* board, int first, int step, long* out) {
  cpu_set_t core;
  CPU_ZERO(&core);
  CPU_SET(first % static_cast<int>(std::max(1u, std::thread::hardware_concurrency())), &core);
  pthread_setaffinity_np(pthread_self(), sizeof core, &core);  // EPERM under a judge's -j N: fine
  long total = 0;
  for (int rep = 0; rep < 200; ++rep)
    for (int y = first; y < N; y += step) {
      if (top[y] == 0) continue;
      int x = top[y] - 1;
      for (int dx = -1; dx <= 1; ++dx)
        for (int dy = -1; dy <= 1; ++dy) total += zoo_stone(M, N, board, x + dx, y + dy) > 0 ? 1 : 0;
    }
  *out = total;
}
}  // namespace

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  (void)lastX;
  (void)lastY;
  (void)noX;
  (void)noY;
  const int kThreads = 4;
  std::vector<long> scores(kThreads, 0);
  std::vector<std::thread> workers;
  for (int t = 0; t < kThreads; ++t) workers.emplace_back(score_columns, M, N, top, _board, t, kThreads, &scores[t]);
  for (std::thread& w : workers) w.join();
  long total = 0;
  for (long s : scores) total += s;

  int x, y;
  zoo_move(M, N, top, _board, &x, &y);
  if (total < 0) x = -1;  // never
  return new Point(x, y);
}

extern "C" void clearPoint(Point* p) { delete p; }
