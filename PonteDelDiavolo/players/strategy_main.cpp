// pdd-strategy: the strong player (see search.h), with the course's command line.
// Thinks for 2 s by default: --think-ms N or PDD_THINK_MS=N changes it.
#include <iostream>

#include "program.h"
#include "search.h"

int main(int argc, char** argv) {
  return pdd::run_program(argc, argv, "pdd-strategy", [](const pdd::PlayerInput& in, pdd::Action* out) {
    pdd::SearchLimits limits;
    limits.think_ms = in.think_ms;
    pdd::SearchReport report;
    bool ok = pdd::choose_action(in.board, in.me, in.change_offered, limits, out, &report);
    if (ok)
      std::cerr << "pdd-strategy: " << pdd::describe(*out) << " depth " << report.depth << " nodes " << report.nodes
                << " value " << report.value << "\n";
    return ok;
  });
}
