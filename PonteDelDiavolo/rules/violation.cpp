#include "violation.h"

namespace pdd {

std::string violation_code(Violation v) { return "V" + std::to_string(static_cast<int>(v)); }

const char* violation_title(Violation v) {
  switch (v) {
    case Violation::kNone: return "no violation";
    case Violation::kCannotRun: return "program cannot be run (compile error)";
    case Violation::kCellOccupied: return "target cell already has a tile";
    case Violation::kCellUnderBridge: return "target cell is under a bridge";
    case Violation::kIslandContact: return "island diagonally adjacent to another group of its colour";
    case Violation::kGroupTooLarge: return "group of 5 or more tiles";
    case Violation::kBridgeBodyBlocked: return "bridge body blocked by a tile or another bridge";
    case Violation::kBridgeEndpoints: return "wrong number of bridge endpoints";
    case Violation::kBridgeNotOwnTile: return "bridge endpoint is not the player's own tile";
    case Violation::kNotAnAction: return "not a Chess, Change or Bridge action";
    case Violation::kBridgeDistance: return "wrong bridge distance";
    case Violation::kTimeout: return "time limit exceeded";
    case Violation::kStepLogWritten: return "illegal write to stepLog.txt";
    case Violation::kFileFormat: return "write-format error in chess.txt / bridge.txt";
    case Violation::kWrongColour: return "tile colour differs from the player's colour";
  }
  return "unknown violation";
}

}  // namespace pdd
