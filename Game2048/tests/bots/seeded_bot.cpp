// A random bot that is deterministic per game: each move is a random moving
// direction drawn from a generator seeded by g2048_new_game's seed, so its
// games depend on the seed each game gets and on nothing carried between
// games. Its first game (0 for g2048_new_game) sleeps 2 ms a move (wall time,
// not CPU), so that with several jobs the games after it end first.
#include <ctime>

#include "../../plugin/bot_abi.h"
#include "first_moving.h"

static unsigned long long state = 0;
static int current_game = -1;

static unsigned long long next_draw() {  // SplitMix64
  unsigned long long z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

void g2048_new_game(int game, unsigned long long seed) {
  current_game = game;
  state = seed;
}

int g2048_move(const int tiles[16], int, int) {
  if (current_game == 0) {
    const timespec pause = {0, 2000000};
    nanosleep(&pause, nullptr);
  }
  int moving[4], count = 0;
  for (int dir = 0; dir < 4; ++dir) {
    int copy[16];
    for (int i = 0; i < 16; ++i) copy[i] = tiles[i];
    if (g2048::slide_board(copy, 4, 4, dir)) moving[count++] = dir;
  }
  return count ? moving[next_draw() % count] : first_moving(tiles);
}
