// A test plugin built like the samples in the wild: compiled by the C driver
// (gcc -shared -fPIC, no -lstdc++, no -lm), so its DT_NEEDED lists only libc,
// yet it calls operator new/delete (libstdc++) and a libm function. It loads
// only if the judge's host process already carries libstdc++ and libm.
#include <math.h>

#include "Point.h"
#include "plugin_util.h"

namespace {
// Kept out of the optimiser's reach so the libm call is a real call.
volatile double g_angle = 0.5;
}  // namespace

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  int* scratch = new int[N];  // operator new[]: from libstdc++
  for (int y = 0; y < N; ++y) scratch[y] = top[y];
  double c = lgamma(g_angle + scratch[0]);  // from libm
  delete[] scratch;
  if (c != c) return new Point(-100, -100);  // NaN: libm misbehaved
  return test_plugin::checked_random_move(M, N, top, _board, lastX, lastY, noX, noY);
}

extern "C" void clearPoint(Point* p) { delete p; }
