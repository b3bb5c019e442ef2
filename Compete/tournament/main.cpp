// Tournament: plays Compete matches between N ConnectFour plugins (round robin
// or gauntlet), each pair on the same boards, and ranks the players by
// Bradley-Terry ratings. Every pair keeps Compete's files (result file,
// record, summary) in the tournament's folder, so a stopped tournament resumes.
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "../../common/atomic_file.h"
#include "../../common/judge_run.h"
#include "../../common/options.h"
#include "../../common/sandbox.h"
#include "../../common/workdir.h"
#include "../match.h"
#include "../protocol.h"
#include "command.h"
#include "tournament.h"

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--plugin-host") == 0) return c4::run_plugin_host(argv[2]);
  judge::isolate_mounts();  // before any thread: the games' size-capped folders are the judge's alone
  c4::TournamentCommand command;
  if (const int status = c4::read_tournament_command(argc, argv, &command); status != judge::OptionTable::kContinue)
    return status;

  // Each game gives each plugin a fresh working folder of its own under this root
  // (workdir.h); Ctrl-C kills the hosts and removes the folders.
  judge::WorkdirRoot workdirs;
  std::string problem;
  if (!judge::start_judge_run("Tournament", "tournament", command.workdir_settings, &workdirs, "", &problem)) {
    std::cerr << "Tournament: " << problem << "\n";
    return 1;
  }
  return c4::play_tournament(&command, &workdirs);
}
