// For the test bots: the first direction in DOWN LEFT RIGHT UP that changes
// the board (the simple bot's choice), or -1 if none does.
#pragma once
#include "../../engine/slide.h"

inline int first_moving(const int tiles[16]) {
  const int order[4] = {g2048::kDown, g2048::kLeft, g2048::kRight, g2048::kUp};
  for (int dir : order) {
    int copy[16];
    for (int i = 0; i < 16; ++i) copy[i] = tiles[i];
    if (g2048::slide_board(copy, 4, 4, dir)) return dir;
  }
  return -1;
}

// The first direction that changes nothing, or 4 (INVALID) if every one moves.
inline int first_idle(const int tiles[16]) {
  for (int dir = 0; dir < 4; ++dir) {
    int copy[16];
    for (int i = 0; i < 16; ++i) copy[i] = tiles[i];
    if (!g2048::slide_board(copy, 4, 4, dir)) return dir;
  }
  return 4;
}
