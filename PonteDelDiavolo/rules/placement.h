// Placement legality (RULES.md §4): a tile goes on a free cell (V2, V3); no group
// of a colour exceeds 4 tiles (V5); an island has no other tile of its colour
// in its 8-neighbourhood (V4). The two tiles of one action are judged together
// on the final position, which is equivalent to either order (RULES.md §4).
#pragma once
#include "board.h"
#include "violation.h"

namespace pdd {

// The first rule broken by placing `count` distinct cells of `colour`, and the
// cell it concerns in *culprit (if not null). Violation::kNone when legal.
Violation check_placement(const Board& board, Colour colour, const int* cells, int count, int* culprit = nullptr);

// Same rules, fast path for search: `board` is changed during the call and
// restored before it returns. Cells must be free.
bool placement_legal(Board& board, Colour colour, const int* cells, int count);

// Cells where one tile of `colour` may legally go. Every legal pair is made of
// two such cells (adding tiles never removes a violation).
int singly_legal_cells(Board& board, Colour colour, int* out);

// Whether the tiles at a and b (both singly legal) can change each other's
// legality: only then does the pair need its own check.
bool cells_interact(int a, int b);

}  // namespace pdd
