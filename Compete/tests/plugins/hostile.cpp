// A hostile test plugin: on its second call of each game it makes the attempt
// HOSTILE (a string, set by the makefile; see hostile.h). If the attempt
// succeeds, the sandbox failed and the plugin answers the off-board point
// (-7, -7), an illegal move the test sees; if it is refused, the plugin plays
// a legal random move and the game goes on; if the sandbox kills it, the game
// ends as a runtime error.
#include "Point.h"
#include "hostile.h"
#include "plugin_util.h"

#ifndef HOSTILE
#error "build with -DHOSTILE=\"name\""
#endif

namespace {
int calls = 0;  // getPoint calls so far in this game (one host process per game)
}

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  if (++calls == 2 && hostile::attempt(HOSTILE)) return new Point(-7, -7);
  return test_plugin::checked_random_move(M, N, top, _board, lastX, lastY, noX, noY);
}

extern "C" void clearPoint(Point* p) { delete p; }
