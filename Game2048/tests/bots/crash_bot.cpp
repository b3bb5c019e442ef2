// Crashes (SIGSEGV) while choosing the 20th move of its second game (game 2).
#include "../../../common/tests/plugins/misbehave.h"
#include "../../plugin/bot_abi.h"
#include "first_moving.h"

static int current_game = -1;

void g2048_new_game(int game, unsigned long long) { current_game = game; }

int g2048_move(const int tiles[16], int, int moves) {
  if (current_game == 1 && moves == 19) misbehave::crash();
  return first_moving(tiles);
}
