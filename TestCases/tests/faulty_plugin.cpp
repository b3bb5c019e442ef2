// A plugin that misbehaves on purpose, built once per fault:
// -DFAULT_crash (segfault on its first move), -DFAULT_illegal (plays the
// blocked cell), -DFAULT_timeout (waits past any limit). The crash and the
// wait are the ones every judge's tests share (common/tests/plugins/).
#include "../../Compete/framework/Point.h"
#include "../../Compete/framework/Strategy.h"
#include "../../common/tests/plugins/misbehave.h"

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
  misbehave::crash();
#elif defined(FAULT_illegal)
  return new Point(noX, noY);  // the blocked cell
#else
  misbehave::hang();
#endif
}

extern "C" void clearPoint(Point* p) { delete p; }
