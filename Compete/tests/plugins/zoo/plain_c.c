/* Zoo habit: a plugin written in plain C, built by the C driver (gcc -x c, no
 * libstdc++). Point is the framework's class laid out as a C struct
 * {int x; int y;}; getPoint mallocs it and clearPoint frees it. */
#include <stdlib.h>

#include "zoo_move.h"

typedef struct Point {
  int x;
  int y;
} Point;

Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX, const int lastY,
                const int noX, const int noY);
void clearPoint(Point* p);

Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX, const int lastY,
                const int noX, const int noY) {
  Point* p = (Point*)malloc(sizeof(Point));
  (void)lastX;
  (void)lastY;
  (void)noX;
  (void)noY;
  if (!p) return NULL;
  zoo_move(M, N, top, _board, &p->x, &p->y);
  return p;
}

void clearPoint(Point* p) { free(p); }
