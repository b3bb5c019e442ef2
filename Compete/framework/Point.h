// The framework's move type. Binary layout {int x; int y;} is part of the ABI.
#ifndef POINT_H_
#define POINT_H_

class Point {
 public:
  int x;
  int y;
  Point(int x, int y) : x(x), y(y) {}
};

#endif
