// Groups: maximal sets of same-colour tiles joined edge to edge. A group of
// exactly 4 is an island, of 1-3 a sandbank.
#pragma once
#include <array>
#include <vector>

#include "board.h"

namespace pdd {

constexpr int kIslandSize = 4;

struct Groups {
  std::array<int, kCells> label;        // group index of each tile of the colour, -1 elsewhere
  std::vector<std::vector<int>> cells;  // cells of each group
  int size(int g) const { return static_cast<int>(cells[g].size()); }
  bool is_island(int g) const { return size(g) == kIslandSize; }
};

// All groups of `colour` on the board.
Groups find_groups(const Board& board, Colour colour);

// Cells of the group containing `start` (which must hold `colour`), at most
// `limit` cells are collected (the search stops there). Returns the count found.
int flood_group(const Board& board, Colour colour, int start, int* out, int limit);

}  // namespace pdd
