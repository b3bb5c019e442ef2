// Run2048's command line: its options and the checks of what they allow
// together, read into the run's configuration.
#pragma once
#include <string>
#include <vector>

#include "../../common/judge_run.h"
#include "run.h"

namespace g2048 {

struct RunCommand {
  RunConfig config;
  judge::RunSettings run;            // --record, --shard, --merge, --resume, ...
  std::vector<std::string> records;  // --merge: the shards' records
};

// Reads the command line into *command: judge::OptionTable::kContinue to
// play, else the exit status (0 after --help or --sandbox-report, 2 after a
// usage error, printed with the usage).
int read_run_command(int argc, char** argv, RunCommand* command);

}  // namespace g2048
