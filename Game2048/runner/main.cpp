// Run2048: plays a 2048 bot plugin exactly as the 2014 contest would, in a
// sandboxed child process, and writes the contest's stats file.
#include <cstring>
#include <iostream>
#include <string>

#include "../../common/cli.h"
#include "../../common/judge_run.h"
#include "../../common/options.h"
#include "../../common/run_loop.h"
#include "../../common/sandbox.h"
#include "command.h"
#include "protocol.h"
#include "record.h"
#include "run.h"

int main(int argc, char** argv) {
  if (argc == 4 && std::strcmp(argv[1], "--plugin-host") == 0) {
    uint64_t seed = 0;
    if (!judge::parse_u64(argv[3], &seed)) return 2;
    return g2048::run_bot_host(argv[2], seed);
  }
  judge::isolate_mounts();  // before any thread: the bots' size-capped folders are the judge's alone
  g2048::RunCommand command;
  if (const int status = g2048::read_run_command(argc, argv, &command); status != judge::OptionTable::kContinue)
    return status;
  g2048::RunConfig& config = command.config;
  const judge::RunSettings& run = command.run;
  const std::vector<std::string>& records = command.records;
  const bool merge = run.merge;

  const judge::RunStart start =
      judge::start_run(run, g2048::record_format(config), config.games, "game", "games", records);
  if (start.status != 0) {
    std::cerr << "Run2048: " << start.problem << "\n";
    return start.status;
  }
  if (merge)
    std::cerr << "Run2048: merged " << start.recorded.size() << " games from " << records.size() << " records\n";
  const std::vector<g2048::RecordedGame> recorded = g2048::recorded_games(start.recorded, config.games);

  // Each bot host works in a fresh folder of its own under this root (workdir.h).
  // Ctrl-C, SIGTERM or SIGHUP: the stats file and the record keep the same
  // games (every one committed before the signal); the bots die with their host.
  judge::WorkdirRoot workdirs;
  std::string problem;
  if (!judge::start_judge_run("Run2048", "run2048", run.workdirs, &workdirs,
                              "the stats file and the record hold the games finished before it", &problem)) {
    std::cerr << "Run2048: " << problem << "\n";
    return 3;
  }
  config.workdirs = &workdirs;
  g2048::RunResult result = g2048::run_contest(config, std::cout, std::cerr, recorded, merge);
  if (result.io_failed) {
    std::cerr << "Run2048: " << result.io_problem << "\n";
    return 3;
  }
  return result.valid ? 0 : 1;
}
