// Zoo habit: exceptions for control flow. Every move throws and catches a
// std::runtime_error, a type of the student's own and the std::out_of_range
// of vector::at, all inside getPoint.
#include <stdexcept>
#include <string>
#include <vector>

#include "Point.h"
#include "zoo_move.h"

namespace {
struct FoundWin {
  int column;
};

// "Search": throws FoundWin as soon as a column wins, runtime_error if none does.
void search_win(int M, int N, const int* top, const int* board) {
  for (int y = 0; y < N; ++y)
    if (top[y] > 0 && zoo_completes_four(M, N, board, top[y] - 1, y, 2)) throw FoundWin{y};
  throw std::runtime_error("no immediate win");
}
}  // namespace

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  (void)lastX;
  (void)lastY;
  (void)noX;
  (void)noY;
  int caught = 0;
  try {
    search_win(M, N, top, _board);
  } catch (const FoundWin& w) {
    caught += w.column >= 0 ? 1 : 0;
  } catch (const std::runtime_error& e) {
    caught += std::string(e.what()).empty() ? 0 : 1;
  }
  std::vector<int> tops(top, top + N);
  try {
    caught += tops.at(N + 5);  // one past the end, on purpose
  } catch (const std::out_of_range&) {
    ++caught;
  }

  int x, y;
  zoo_move(M, N, top, _board, &x, &y);
  if (caught != 2) x = -1;  // every exception must have been caught
  return new Point(x, y);
}

extern "C" void clearPoint(Point* p) { delete p; }
