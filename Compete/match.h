// A Compete match: n rounds of two games on one random board each, played by
// `jobs` workers, with every finished game written out at once.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>

#include "game.h"
#include "player.h"
#include "result_file.h"

namespace c4 {

struct MatchConfig {
  PlayerConfig a, b;
  int rounds = 1;
  uint64_t seed = 0;
  int jobs = 1;
  std::string result_path;
  std::string record_path;  // JSON Lines, one per game; "" for none
  std::string html_path;    // the replay page (viewer/), rewritten after every game; "" for none
};

// The board of round `round` of a match seeded with `match_seed`.
struct RoundBoard {
  uint64_t seed;
  int M, N, noX, noY;
};
RoundBoard round_board(uint64_t match_seed, int round);

// Plays the match. Per-game reports go to `out`, progress lines to `progress`.
// Returns false (with *error) if a result could not be written.
bool run_match(const MatchConfig& config, std::ostream& out, std::ostream& progress, Tally* final_tally,
               std::string* error);

// One JSON line describing a finished game.
std::string record_line(const MatchConfig& config, int round, const GameSetup& setup, const GameResult& result);

}  // namespace c4
