// Makes the attempt named by $HOSTILE_ATTEMPT against the sandbox (see
// Compete/tests/plugins/hostile.h) on the 5th move of its first game, then plays
// like the simple bot. An attempt that succeeds ends the host with exit code 42
// (the test sees the sandbox failed); a refused one changes nothing; one the
// sandbox answers by killing the host ends that game as a crash.
#include <cstdlib>
#include <unistd.h>

#include "../../../Compete/tests/plugins/hostile.h"
#include "../../plugin/bot_abi.h"
#include "first_moving.h"

static int current_game = -1;

void g2048_new_game(int game, unsigned long long) { current_game = game; }

int g2048_move(const int tiles[16], int, int moves) {
  if (current_game == 0 && moves == 4) {
    const char* name = std::getenv("HOSTILE_ATTEMPT");
    if (name && hostile::attempt(name)) _exit(42);
  }
  return first_moving(tiles);
}
