// The course's 14 violations (RULES.md §12). The violator loses at once.
#pragma once
#include <string>

namespace pdd {

enum class Violation {
  kNone = 0,
  kCannotRun = 1,          // V1  the program cannot be started (the course's "compile error")
  kCellOccupied = 2,       // V2  target cell already has a tile
  kCellUnderBridge = 3,    // V3  target cell is under a bridge
  kIslandContact = 4,      // V4  an island diagonally touches another same-colour group
  kGroupTooLarge = 5,      // V5  a group of 5 or more tiles
  kBridgeBodyBlocked = 6,  // V6  a covered cell holds a tile or another bridge, or bridges cross
  kBridgeEndpoints = 7,    // V7  wrong number of endpoints, or a second bridge on a tile
  kBridgeNotOwnTile = 8,   // V8  an endpoint is not the mover's tile
  kNotAnAction = 9,        // V9  not one Chess / Change / Bridge action
  kBridgeDistance = 10,    // V10 endpoints not at Chebyshev distance 2
  kTimeout = 11,           // V11 over the time limit
  kStepLogWritten = 12,    // V12 stepLog.txt was written
  kFileFormat = 13,        // V13 chess.txt / bridge.txt malformed, or wrong new bridge number
  kWrongColour = 14,       // V14 a placed tile is not the mover's colour
};

// "V5"
std::string violation_code(Violation v);
// One line naming the rule, e.g. "group of 5 or more tiles".
const char* violation_title(Violation v);

}  // namespace pdd
