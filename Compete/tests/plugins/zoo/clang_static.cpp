// Zoo habit: built with clang++ and -static-libstdc++, so the plugin carries
// its own copy of the C++ library (std::string, std::vector, iostreams) next to
// the one the judge's host has loaded.
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "Point.h"
#include "zoo_move.h"

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  std::vector<std::string> rows;
  for (int x = 0; x < M; ++x) {
    std::string row;
    for (int y = 0; y < N; ++y) row += static_cast<char>('0' + _board[x * N + y]);
    rows.push_back(row);
  }
  std::ostringstream summary;
  summary << M << 'x' << N << " blocked (" << noX << ", " << noY << ") last (" << lastX << ", " << lastY << ")";
  std::clog << summary.str() << '\n' << rows.back() << std::endl;

  int x, y;
  zoo_move(M, N, top, _board, &x, &y);
  if (rows.size() != static_cast<size_t>(M) || summary.str().empty()) x = -1;  // never
  return new Point(x, y);
}

extern "C" void clearPoint(Point* p) { delete p; }
