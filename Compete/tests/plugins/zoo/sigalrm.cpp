// Zoo habit: the search is stopped by a timer signal. Each move arms
// setitimer(ITIMER_REAL) for 2 ms; a SIGALRM handler sets a volatile flag;
// the "search" spins until the flag is set, then plays. The timer is
// disarmed before getPoint returns.
#include <signal.h>
#include <sys/time.h>
#include <time.h>

#include <cstring>

#include "Point.h"
#include "zoo_move.h"

namespace {
volatile sig_atomic_t g_time_up = 0;
void on_alarm(int) { g_time_up = 1; }

double now_seconds() {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}
}  // namespace

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  (void)lastX;
  (void)lastY;
  (void)noX;
  (void)noY;
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  sigaction(SIGALRM, &sa, 0);

  g_time_up = 0;
  struct itimerval timer;
  std::memset(&timer, 0, sizeof timer);
  timer.it_value.tv_usec = 2000;  // 2 ms, one shot
  setitimer(ITIMER_REAL, &timer, 0);

  // The "search": playouts until the alarm. The course's judge delivers it in
  // 2 ms; the 1 s cap only keeps a judge that never does under its time limit
  // (and makes such a judge obvious in the record's move times).
  const double start = now_seconds();
  volatile unsigned long playouts = 0;
  while (!g_time_up) {
    for (int k = 0; k < 1000; ++k) playouts = playouts + 1;
    if (now_seconds() - start > 1.0) break;
  }

  std::memset(&timer, 0, sizeof timer);
  setitimer(ITIMER_REAL, &timer, 0);  // disarmed before returning

  int x, y;
  zoo_move(M, N, top, _board, &x, &y);
  return new Point(x, y);
}

extern "C" void clearPoint(Point* p) { delete p; }
