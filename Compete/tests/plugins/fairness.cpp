// Test plugins for the judge's fairness between the two sides (build with
// -DSPINNER or -DCOUNTER):
//   SPINNER  starts four detached threads at its first move that spin all
//            game, adding to one counter; each move appends to spin.txt in its
//            working folder "<counter at entry> <counter at exit>", after a
//            first line with the number of cores it may run on. What the
//            counter gained between two of its moves is what its threads took
//            of the opponent's turn.
//   COUNTER  counts loop iterations for WORK_MS of wall time each move and
//            appends the count to work.txt: its work per move.
// Both play the lowest open cell of the leftmost column, legal always.
#include <sched.h>
#include <stdio.h>
#include <time.h>

#include <atomic>
#include <thread>

#include "Point.h"
#include "Strategy.h"

#ifndef WORK_MS
#define WORK_MS 200
#endif

namespace {

Point* leftmost(const int N, const int* top) {
  for (int y = 0; y < N; ++y)
    if (top[y] > 0) return new Point(top[y] - 1, y);
  return nullptr;
}

void append(const char* file, unsigned long long a, unsigned long long b, bool two) {
  FILE* f = fopen(file, "a");
  if (!f) return;
  if (two)
    fprintf(f, "%llu %llu\n", a, b);
  else
    fprintf(f, "%llu\n", a);
  fclose(f);
}

#ifdef SPINNER
std::atomic<unsigned long long> spins(0);
bool started = false;
#endif

}  // namespace

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  (void)M, (void)_board, (void)lastX, (void)lastY, (void)noX, (void)noY;
#ifdef SPINNER
  const unsigned long long entry = spins.load();
  if (!started) {
    started = true;
    cpu_set_t set;
    CPU_ZERO(&set);
    sched_getaffinity(0, sizeof set, &set);
    append("spin.txt", static_cast<unsigned long long>(CPU_COUNT(&set)), 0, false);
    for (int k = 0; k < 4; ++k)
      std::thread([] {
        for (;;) spins.fetch_add(1, std::memory_order_relaxed);
      }).detach();
  }
  append("spin.txt", entry, spins.load(), true);
#endif
#ifdef COUNTER
  timespec start, now;
  clock_gettime(CLOCK_MONOTONIC, &start);
  unsigned long long work = 0;
  volatile unsigned long long sink = 0;
  for (;;) {
    for (int i = 0; i < 10000; ++i) sink = sink + i;
    ++work;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if ((now.tv_sec - start.tv_sec) * 1000.0 + (now.tv_nsec - start.tv_nsec) / 1e6 >= WORK_MS) break;
  }
  append("work.txt", work, 0, false);
#endif
  return leftmost(N, top);
}

extern "C" void clearPoint(Point* p) { delete p; }
