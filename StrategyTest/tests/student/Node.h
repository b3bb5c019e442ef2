// A student's strategy: a board the student can play moves on.
#ifndef NODE_H_
#define NODE_H_
#include <vector>
struct Node {
  int rows, columns, no_row, no_column;
  std::vector<int> cells, heights;  // cells[x * columns + y]; heights as the judge's top
  Node(int M, int N, const int* top, const int* board, int noX, int noY);
  bool open(int y) const { return heights[y] > 0; }
  int drop(int y, int who);  // the row the stone lands in
  void undo(int y);
  bool wins(int x, int y) const;
};
#endif
