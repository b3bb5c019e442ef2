// Tournament's command line: its options, the checks of what they allow
// together, and every pair's match set up (and, with --resume, checked
// against its record) before the first game.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "../../common/workdir.h"
#include "../match.h"
#include "tournament.h"

namespace c4 {

struct TournamentCommand {
  std::string folder;                // the tournament's files
  std::vector<std::string> plugins;  // absolute paths, in the command line's order
  std::vector<TournamentPair> pairs;
  std::vector<MatchConfig> configs;  // pairs[k]'s match
  bool gauntlet = false;
  int rounds = 10;
  uint64_t seed = 0;
  judge::WorkdirSettings workdir_settings;
};

// Reads the command line into *command: judge::OptionTable::kContinue to
// play, else the exit status (0 after --help, 2 after a usage error or a
// pair's record of another command line).
int read_tournament_command(int argc, char** argv, TournamentCommand* command);

// Plays every pair's match in turn, each game's players working under
// `workdirs`, with tournament.txt and tournament.json rewritten after every
// pair; prints each pair's line and the ranking. The exit status: 0, or 1
// when a file could not be written.
int play_tournament(TournamentCommand* command, const judge::WorkdirRoot* workdirs);

}  // namespace c4
