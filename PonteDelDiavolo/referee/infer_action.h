// Works out a program's action from chess.txt and bridge.txt as it left them,
// compared with the position it was given, and judges it against every rule
// (RULES.md §10, §12). Pure: no files, no processes.
#pragma once
#include <string>

#include "../rules/actions.h"
#include "../rules/board.h"
#include "../rules/bridge_rules.h"
#include "../rules/violation.h"

namespace pdd {

struct TurnContext {
  Board board;  // the position given to the program
  Colour mover = kWhite;
  bool change_offered = false;  // the program was given Y
  Crossing crossing = Crossing::kStrict;
};

struct Judgement {
  Violation violation = Violation::kNone;
  Action action;       // valid when violation == kNone
  std::string detail;  // what exactly was wrong, naming cells and files
};

Judgement infer_action(const TurnContext& turn, const std::string& chess_text, const std::string& bridge_text);

}  // namespace pdd
