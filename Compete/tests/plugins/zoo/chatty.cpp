// Zoo habit: debug output left in. Every move prints about 1 MB to stdout
// (printf) and 1 MB to stderr (std::cerr), flushing both.
#include <cstdio>
#include <iostream>
#include <string>

#include "Point.h"
#include "zoo_move.h"

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  (void)noX;
  (void)noY;
  const std::string line(1023, '.');  // 1 KB a line with its newline
  for (int i = 0; i < 1024; ++i) std::printf("%s\n", line.c_str());
  std::printf("getPoint(M=%d, N=%d, last=(%d, %d))\n", M, N, lastX, lastY);
  std::fflush(stdout);
  for (int i = 0; i < 1024; ++i) std::cerr << line << '\n';
  std::cerr << "board stones: " << zoo_stones(M, N, _board) << std::endl;

  int x, y;
  zoo_move(M, N, top, _board, &x, &y);
  return new Point(x, y);
}

extern "C" void clearPoint(Point* p) { delete p; }
