// Never answers the 5th move of its first game (waits, burning no CPU).
#include "../../../common/tests/plugins/misbehave.h"
#include "../../plugin/bot_abi.h"
#include "first_moving.h"

int g2048_move(const int tiles[16], int, int moves) {
  if (moves == 4) misbehave::hang();
  return first_moving(tiles);
}
