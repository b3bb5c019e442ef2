// pdd-referee: plays Ponte del Diavolo games between two programs with the
// course's command line, as the course platform does. See README.md.
#include "../../common/options.h"
#include "../../common/sandbox.h"
#include "command.h"
#include "run.h"

int main(int argc, char** argv) {
  judge::isolate_mounts();  // before any thread: the games' size-capped folders are the referee's alone
  pdd::RefereeCommand command;
  if (const int status = pdd::read_referee_command(argc, argv, &command); status != judge::OptionTable::kContinue)
    return status;
  return pdd::run_referee(command);
}
