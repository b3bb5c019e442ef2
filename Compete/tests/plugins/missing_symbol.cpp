// A test plugin that lacks one of the two required symbols: build with
// -DWITHOUT_CLEAR (exports only getPoint) or -DWITHOUT_GET (only clearPoint);
// or with -DMSVC_GUARD, both under their C++ names, as a Strategy.h made on
// Windows leaves them when extern "C" is behind #ifdef _MSC_VER.
#include "Point.h"
#include "plugin_util.h"

#ifdef MSVC_GUARD
#ifdef _MSC_VER
#define PLUGIN_EXPORT extern "C" __declspec(dllexport)
#else
#define PLUGIN_EXPORT
#endif
PLUGIN_EXPORT Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                              const int lastY, const int noX, const int noY) {
  return test_plugin::checked_random_move(M, N, top, _board, lastX, lastY, noX, noY);
}
PLUGIN_EXPORT void clearPoint(Point* p) { delete p; }
#define WITHOUT_GET
#define WITHOUT_CLEAR
#endif

#ifndef WITHOUT_GET
extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  return test_plugin::checked_random_move(M, N, top, _board, lastX, lastY, noX, noY);
}
#endif

#ifndef WITHOUT_CLEAR
extern "C" void clearPoint(Point* p) { delete p; }
#endif
