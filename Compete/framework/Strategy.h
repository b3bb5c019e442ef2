// The framework's plugin interface (C ABI, binary compatible with the course's).
//
// getPoint: the board is M rows x N columns, row 0 at the top. _board[x * N + y]
// is 0 (empty, and the blocked cell (noX, noY)), 1 (the opponent) or 2 (us).
// top[y] is one past the next free row of column y (0: full). lastX, lastY is
// the opponent's last move, -1, -1 on our first move of a game. Returns a new
// Point that the judge hands back to clearPoint.
#ifndef STRATEGY_H_
#define STRATEGY_H_

#include "Point.h"

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY);

extern "C" void clearPoint(Point* p);

void clearArray(int M, int N, int** board);

#endif
