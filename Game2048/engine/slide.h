// The generic 2048 rules on a rows x cols board of tile values: the reference
// the fast 4x4 engine (board4.h) is tested against, and the engine of the
// contest's Grid/Game and of the PZ2048 mode.
//
// A board is a row-major array of tile values (0 = empty, else a power of two),
// cell (r, c) at index r * cols + c, row 0 at the top. Directions are numbered
// as the contest's dir_e: 0 LEFT, 1 DOWN, 2 RIGHT, 3 UP.
#pragma once
#include <cstdint>

namespace g2048 {

enum Direction : int { kLeft = 0, kDown = 1, kRight = 2, kUp = 3 };
// "LEFT", "DOWN", "RIGHT", "UP"; "INVALID" for anything else.
inline const char* direction_name(int dir) {
  static const char* const kNames[] = {"LEFT", "DOWN", "RIGHT", "UP"};
  return dir >= 0 && dir < 4 ? kNames[dir] : "INVALID";
}

// Slides one line of n cells towards its first cell: `first` points at the
// cell the tiles move towards, `stride` steps away from it. Tiles close up;
// the pair nearest the first cell merges first; a merged tile does not merge
// again in the same move. Adds the merged tiles' values to *gained and
// returns true if any cell changed.
inline bool slide_line(int* first, int n, int stride, int64_t* gained) {
  bool changed = false;
  int out = 0;             // next cell to fill, counted from `first`
  bool can_merge = false;  // the tile at out - 1 may still take a merge
  for (int i = 0; i < n; ++i) {
    const int v = first[i * stride];
    if (v == 0) continue;
    if (can_merge && first[(out - 1) * stride] == v) {
      first[(out - 1) * stride] = 2 * v;
      *gained += 2 * v;
      can_merge = false;
      first[i * stride] = 0;
      changed = true;
    } else {
      if (i != out) {
        first[out * stride] = v;
        first[i * stride] = 0;
        changed = true;
      }
      ++out;
      can_merge = true;
    }
  }
  return changed;
}

// Moves the whole board in `dir`; no tile spawns. Returns true if any cell
// changed (the move is valid); *gained (if given) receives the merges' total.
// An unknown direction changes nothing.
inline bool slide_board(int* cells, int rows, int cols, int dir, int64_t* gained = nullptr) {
  int64_t sum = 0;
  bool changed = false;
  switch (dir) {
    case kLeft:
      for (int r = 0; r < rows; ++r) changed |= slide_line(cells + r * cols, cols, 1, &sum);
      break;
    case kRight:
      for (int r = 0; r < rows; ++r) changed |= slide_line(cells + r * cols + cols - 1, cols, -1, &sum);
      break;
    case kUp:
      for (int c = 0; c < cols; ++c) changed |= slide_line(cells + c, rows, cols, &sum);
      break;
    case kDown:
      for (int c = 0; c < cols; ++c) changed |= slide_line(cells + (rows - 1) * cols + c, rows, -cols, &sum);
      break;
    default: break;
  }
  if (gained) *gained = sum;
  return changed;
}

// True if some direction changes the board (an empty cell, or two equal
// neighbours in a row or a column).
inline bool any_move(const int* cells, int rows, int cols) {
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int v = cells[r * cols + c];
      if (v == 0) return true;
      if (c + 1 < cols && cells[r * cols + c + 1] == v) return true;
      if (r + 1 < rows && cells[(r + 1) * cols + c] == v) return true;
    }
  return false;
}

inline int count_empty(const int* cells, int n) {
  int k = 0;
  for (int i = 0; i < n; ++i) k += cells[i] == 0;
  return k;
}

inline int max_value(const int* cells, int n) {
  int m = 0;
  for (int i = 0; i < n; ++i)
    if (cells[i] > m) m = cells[i];
  return m;
}

// Index of the k-th empty cell (row-major, from 0); -1 if there are not k + 1.
inline int kth_empty(const int* cells, int n, int k) {
  for (int i = 0; i < n; ++i)
    if (cells[i] == 0 && k-- == 0) return i;
  return -1;
}

}  // namespace g2048
