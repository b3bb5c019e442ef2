#include "groups.h"

namespace pdd {

Groups find_groups(const Board& board, Colour colour) {
  Groups g;
  g.label.fill(-1);
  int stack[kCells];
  for (int c = 0; c < kCells; ++c) {
    if (board.at(c) != colour || g.label[c] >= 0) continue;
    int id = static_cast<int>(g.cells.size());
    g.cells.emplace_back();
    int top = 0;
    stack[top++] = c;
    g.label[c] = id;
    while (top) {
      int v = stack[--top];
      g.cells[id].push_back(v);
      for (const int* n = neighbours(v).orth; *n >= 0; ++n)
        if (board.at(*n) == colour && g.label[*n] < 0) {
          g.label[*n] = id;
          stack[top++] = *n;
        }
    }
  }
  return g;
}

int flood_group(const Board& board, Colour colour, int start, int* out, int limit) {
  int count = 0, head = 0;
  out[count++] = start;
  while (head < count) {
    int v = out[head++];
    for (const int* n = neighbours(v).orth; *n >= 0; ++n) {
      if (board.at(*n) != colour) continue;
      bool seen = false;
      for (int i = 0; i < count && !seen; ++i) seen = out[i] == *n;
      if (seen) continue;
      if (count == limit) return count;
      out[count++] = *n;
    }
  }
  return count;
}

}  // namespace pdd
