// Calls exit(0) while choosing the 5th move of its first game.
#include <cstdlib>

#include "../../plugin/bot_abi.h"
#include "first_moving.h"

int g2048_move(const int tiles[16], int, int moves) {
  if (moves == 4) std::exit(0);
  return first_moving(tiles);
}
