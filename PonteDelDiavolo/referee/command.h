// pdd-referee's command line: its options and the checks of what they allow
// together, read into the run's settings.
#pragma once
#include <string>
#include <vector>

#include "../../common/judge_run.h"
#include "match.h"
#include "record.h"

namespace pdd {

struct RefereeCommand {
  std::vector<std::string> programs;        // White's, then Black's (the first and the second program)
  std::vector<std::string> merged_records;  // --merge: the shards' records
  long long games = 1, time_limit = 5000, memory = 1024;
  std::string dir = "pdd-games";  // the games' folders DIR/game-N
  bool show_board = false, quiet = false, alternate = false;
  Crossing crossing = Crossing::kStrict;
  judge::RunSettings run;
  RefereeSettings settings;  // what the record's lines carry
};

// Reads the command line into *command: judge::OptionTable::kContinue to
// play, else the exit status (0 after --help or --sandbox-report, 2 after a
// usage error, printed with the usage).
int read_referee_command(int argc, char** argv, RefereeCommand* command);

}  // namespace pdd
