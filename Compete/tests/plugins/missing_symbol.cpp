// A test plugin that lacks one of the two required symbols: build with
// -DWITHOUT_CLEAR (exports only getPoint) or -DWITHOUT_GET (only clearPoint).
#include "Point.h"
#include "plugin_util.h"

#ifndef WITHOUT_GET
extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  return test_plugin::checked_random_move(M, N, top, _board, lastX, lastY, noX, noY);
}
#endif

#ifndef WITHOUT_CLEAR
extern "C" void clearPoint(Point* p) { delete p; }
#endif
