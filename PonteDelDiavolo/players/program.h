// The course's program interface, shared by every player here:
//   <program> W|B Y|N <chess.txt> <bridge.txt> <stepLog.txt> [--think-ms N]
// Reads the three files, asks the player's chooser for an action, and
// overwrites chess.txt or bridge.txt with the position after it. stepLog.txt is
// only ever read. With no legal action the files are left untouched.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "../rules/actions.h"
#include "../rules/board.h"
#include "../rules/files.h"

namespace pdd {

struct PlayerInput {
  Colour me = kWhite;
  bool change_offered = false;
  Board board;
  std::vector<StepRecord> steps;  // empty if stepLog.txt could not be parsed
  int think_ms = 2000;            // --think-ms N, else $PDD_THINK_MS, else 2000
  uint64_t seed = 0;              // from $PDD_SEED and the turn, else random
};

// Returns false when the player has no legal action.
using Chooser = std::function<bool(const PlayerInput& input, Action* action)>;

int run_program(int argc, char** argv, const char* name, const Chooser& choose);

}  // namespace pdd
