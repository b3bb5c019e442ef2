// Compete's command line read into a match: its options, the checks of what
// they allow together, and the players' settings (player_options.h).
#pragma once
#include <string>
#include <vector>

#include "../common/judge_run.h"
#include "../common/workdir.h"
#include "match.h"

namespace c4 {

struct MatchCommand {
  MatchConfig config;                      // the players' working folders under the run's root
  judge::RunSettings run;                  // --record, --shard, --merge, --resume, ...
  std::vector<std::string> sides;          // the words: strategy A, strategy B, result file, rounds, records
  std::vector<std::string> shard_records;  // --merge: the shards' records
  judge::WorkdirSettings workdir_settings;
};

// Reads Compete's command line into *command; the players' working folders go
// under `workdirs` (opened later). judge::OptionTable::kContinue to play, else
// the exit status: 0 after --help or --sandbox-report, 2 after a usage error
// (printed with the usage).
int read_match_command(int argc, char** argv, const judge::WorkdirRoot* workdirs, MatchCommand* command);

}  // namespace c4
