// A plugin that misbehaves on purpose, built once per fault:
// -DFAULT_crash (segfault on its first move), -DFAULT_illegal (plays the
// blocked cell), -DFAULT_timeout (sleeps past any limit).
#include <unistd.h>

#include "../../Strategy/Point.h"
#include "../../Strategy/Strategy.h"

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  (void)M;
  (void)N;
  (void)top;
  (void)_board;
  (void)lastX;
  (void)lastY;
  (void)noX;
  (void)noY;
#if defined(FAULT_crash)
  volatile int* nowhere = nullptr;
  *nowhere = 1;
  return nullptr;
#elif defined(FAULT_illegal)
  return new Point(noX, noY);  // the blocked cell
#else
  for (;;) sleep(1);
#endif
}

extern "C" void clearPoint(Point* p) { delete p; }
