// The simple bot, printing on stdout and stderr, writing into its tiles and
// logging each g2048_new_game call with the seed it got and one rand() draw.
#include <cstdio>
#include <cstdlib>

#include "../../plugin/bot_abi.h"
#include "first_moving.h"

void g2048_new_game(int game, unsigned long long seed) {
  std::fprintf(stderr, "new_game %d %llu %d\n", game, seed, std::rand());
}

int g2048_move(const int tiles[16], int score, int moves) {
  std::printf("move %d score %d\n", moves, score);
  const int dir = first_moving(tiles);
  const_cast<int*>(tiles)[0] = 123456;  // must not reach the judge's board
  return dir;
}
