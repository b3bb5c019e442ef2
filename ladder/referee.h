// One game of a pairing, played by the kit's own sandboxed drivers:
// ConnectFour by c4::play_game (Compete/game.h) on the board
// c4::round_board(seed, 0), PDD by pdd::play_game. Game g of a pairing: when
// g is even, player a moves first (is White); when odd, b does.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "../common/workdir.h"
#include "folder.h"
#include "game_record.h"
#include "roster.h"

namespace ladder {

struct PlaySettings {
  GameKind game = GameKind::kConnectFour;
  std::string dir;             // the ladder's folder (absolute): programs are relative to it
  std::string host;            // the plugin host binary (this one, run with --plugin-host)
  int time_limit_ms = 3000;    // per move (ConnectFour) or per turn (PDD)
  long long move_time_ms = 0;  // STRATEGY_MOVE_MS given to ConnectFour plugins; 0: unset
  long long memory_mb = 1024;
  const judge::WorkdirRoot* workdirs = nullptr;
  std::string refusal_hooks;  // PDD: the refusal hooks' shared object, or ""
  std::vector<int> cores;     // the cores the game's players run on (the pool worker's share); empty: any
};

// Plays game `game` of pairing `pairing` (start `seed`) between a and b.
// False (with *error) when the judge itself could not play it (no working
// folder): no result, nothing to record.
bool play_ladder_game(const PlaySettings& settings, const Player& a, const Player& b, const std::string& pairing,
                      int game, uint64_t seed, GameLine* line, std::string* error);

// "game <pairing>/<game>: <a> vs <b>: 1-0 (<reason>)": a game's progress line.
std::string result_line(const GameLine& line);

}  // namespace ladder
