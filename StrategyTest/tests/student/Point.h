// A student's strategy, laid out as the course hands it out (for the kit's test
// that swaps it into Strategy/). The move type.
#ifndef POINT_H_
#define POINT_H_
class Point {
 public:
  int x, y;
  Point(int row, int column) : x(row), y(column) {}
};
#endif
