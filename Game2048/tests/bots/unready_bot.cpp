// Loads, but its g2048_check says it cannot play (as a bot whose data file is
// missing would), unless UNREADY_BOT_READY is set: then it answers "" (ready).
#include <cstdlib>

#include "../../plugin/bot_abi.h"
#include "first_moving.h"

const char* g2048_check(void) {
  return std::getenv("UNREADY_BOT_READY") ? "" : "data: the table file 'tables.bin' is missing";
}

int g2048_move(const int tiles[16], int, int) { return first_moving(tiles); }
