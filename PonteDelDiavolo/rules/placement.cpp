#include "placement.h"

#include "groups.h"

namespace pdd {
namespace {

bool contains(const int* cells, int count, int c) {
  for (int i = 0; i < count; ++i)
    if (cells[i] == c) return true;
  return false;
}

// Tiles already on `board`: the group and contact rules around them.
Violation check_placed(const Board& board, Colour colour, const int* cells, int count, int* culprit) {
  int group[kIslandSize + 1];
  for (int i = 0; i < count; ++i)
    if (flood_group(board, colour, cells[i], group, kIslandSize + 1) > kIslandSize) {
      if (culprit) *culprit = cells[i];
      return Violation::kGroupTooLarge;
    }
  for (int i = 0; i < count; ++i) {
    int n = flood_group(board, colour, cells[i], group, kIslandSize + 1);
    // The new tile's group is an island: nothing else of its colour around it.
    if (n == kIslandSize)
      for (int k = 0; k < n; ++k)
        for (const int* r = neighbours(group[k]).ring; *r >= 0; ++r)
          if (board.at(*r) == colour && !contains(group, n, *r)) {
            if (culprit) *culprit = cells[i];
            return Violation::kIslandContact;
          }
    // The new tile touches (diagonally) another group that is an island.
    for (const int* r = neighbours(cells[i]).ring; *r >= 0; ++r) {
      if (board.at(*r) != colour || contains(group, n, *r)) continue;
      int other[kIslandSize + 1];
      if (flood_group(board, colour, *r, other, kIslandSize + 1) == kIslandSize) {
        if (culprit) *culprit = cells[i];
        return Violation::kIslandContact;
      }
    }
  }
  return Violation::kNone;
}

}  // namespace

Violation check_placement(const Board& board, Colour colour, const int* cells, int count, int* culprit) {
  for (int i = 0; i < count; ++i) {
    if (culprit) *culprit = cells[i];
    if (board.at(cells[i]) != kEmpty) return Violation::kCellOccupied;
    if (board.covered(cells[i])) return Violation::kCellUnderBridge;
  }
  Board after = board;
  for (int i = 0; i < count; ++i) after.set_tile(cells[i], colour);
  return check_placed(after, colour, cells, count, culprit);
}

bool placement_legal(Board& board, Colour colour, const int* cells, int count) {
  for (int i = 0; i < count; ++i) board.set_tile(cells[i], colour);
  bool ok = check_placed(board, colour, cells, count, nullptr) == Violation::kNone;
  for (int i = 0; i < count; ++i) board.set_tile(cells[i], kEmpty);
  return ok;
}

int singly_legal_cells(Board& board, Colour colour, int* out) {
  int n = 0;
  for (int c = 0; c < kCells; ++c)
    if (board.is_free(c) && placement_legal(board, colour, &c, 1)) out[n++] = c;
  return n;
}

// A tile reaches at most 3 cells along its group (of <= 4) and one more for
// the diagonal rule, so tiles farther apart than 4 never affect each other.
bool cells_interact(int a, int b) { return chebyshev(a, b) <= 4; }

}  // namespace pdd
