// The simplest bot for the runner: the first direction, in a fixed preference
// order (DOWN, LEFT, RIGHT, UP), that changes the board. It uses the fast
// 4x4 engine and falls back to the generic rules past 32768.
#include "../engine/board4.h"
#include "../engine/slide.h"
#include "../plugin/bot_abi.h"

namespace {
const int kOrder[4] = {g2048::kDown, g2048::kLeft, g2048::kRight, g2048::kUp};
}

int g2048_move(const int tiles[16], int, int) {
  g2048::b4::Board board;
  if (g2048::b4::from_values(tiles, &board)) {
    for (int dir : kOrder)
      if (g2048::b4::can_move(board, dir)) return dir;
    return kOrder[0];
  }
  for (int dir : kOrder) {
    int copy[16];
    for (int i = 0; i < 16; ++i) copy[i] = tiles[i];
    if (g2048::slide_board(copy, 4, 4, dir)) return dir;
  }
  return kOrder[0];
}
