// Compete: plays two ConnectFour plugins against each other, like the course's
// original judge, but with each plugin in its own sandboxed process.
#include <cstring>
#include <iostream>
#include <string>

#include "../common/judge_run.h"
#include "../common/options.h"
#include "../common/sandbox.h"
#include "match.h"
#include "match_command.h"
#include "protocol.h"
#include "resume.h"

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--plugin-host") == 0) return c4::run_plugin_host(argv[2]);
  judge::isolate_mounts();  // before any thread: the games' size-capped folders are the judge's alone

  judge::WorkdirRoot workdirs;  // opened once the command line and the record are read
  c4::MatchCommand command;
  if (const int status = c4::read_match_command(argc, argv, &workdirs, &command);
      status != judge::OptionTable::kContinue)
    return status;
  c4::MatchConfig& config = command.config;
  const judge::RunStart start =
      c4::read_match_records(command.run, command.shard_records, command.run.have_seed, "Compete", &config);
  if (start.status != 0) {
    std::cerr << "Compete: " << start.problem << "\n";
    return start.status;
  }
  config.merged = command.run.merge;

  // Each game gives each plugin a fresh working folder of its own under this root
  // (workdir.h). Ctrl-C, SIGTERM or SIGHUP: every finished game is already in the
  // result file and the record; the working folders go and it dies of the signal.
  std::string problem;
  if (!judge::start_judge_run("Compete", "compete", command.workdir_settings, &workdirs, "", &problem)) {
    std::cerr << "Compete: " << problem << "\n";
    return 1;
  }
  std::cout << "Match seed: " << config.seed << "  A: " << command.sides[0] << "  B: " << command.sides[1] << "\n\n";
  c4::MatchOutcome outcome;
  if (!c4::run_match(config, std::cout, std::cerr, &outcome, &problem)) {
    std::cerr << "Compete: " << problem << "\n";
    return 1;
  }
  std::cout << outcome.summary.block();
  if (outcome.games_after_decision > 0)
    std::cout << "  (" << outcome.games_after_decision
              << " games finished by other workers after the decision are in the result file, not in these figures)\n";
  std::cout << "Summary: " << config.stats_path << "\n\n";
  const c4::Tally& t = outcome.tally;
  std::cout << c4::format_stat_block(t) << "Score of A vs B: " << t.a_wins << " - " << t.b_wins << " - " << t.ties
            << "\n";
  return 0;
}
