#include "Node.h"

#include "Judge.h"

Node::Node(int M, int N, const int* top, const int* board, int noX, int noY)
    : rows(M), columns(N), no_row(noX), no_column(noY), cells(board, board + M * N), heights(top, top + N) {}

int Node::drop(int y, int who) {
  const int x = --heights[y];
  cells[x * columns + y] = who;
  if (y == no_column && x - 1 == no_row) --heights[y];  // the stone above the blocked cell
  return x;
}

void Node::undo(int y) {
  if (y == no_column && heights[y] == no_row) ++heights[y];
  cells[heights[y]++ * columns + y] = 0;
}

bool Node::wins(int x, int y) const { return four_through(cells.data(), rows, columns, x, y); }
