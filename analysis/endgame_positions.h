// The endgame benchmark's positions (make bench-endgame): ConnectFour
// positions from the kit's own games, each labelled by the solver with the
// outcome for the side to move and the columns that keep it. A text file,
// one position a line; lines starting with '#' are comments (how the file
// was made, its budget):
//
//   M N noX noY COLUMNS OUTCOME KEEPS NODES
//
// COLUMNS: the moves from the empty board, the column of each, joined by
// '.'; OUTCOME: win, draw or loss for the side to move; KEEPS: the columns
// whose move keeps that outcome, joined by '.'; NODES: the solver's nodes to
// prove it (a fresh table of 2^22 entries).
#pragma once
#include <stdint.h>

#include <string>
#include <vector>

#include "../engine/position.h"

namespace analysis {

struct EndgamePosition {
  int M = 0, N = 0, noX = 0, noY = 0;
  std::vector<int> columns;  // the moves played, from the empty board
  int outcome = 0;           // for the side to move: 1 win, 0 draw, -1 loss
  uint16_t keeps = 0;        // the columns that keep the outcome
  long long nodes = 0;       // the solver's nodes to prove it
};

// The position as a line of the file (no line break).
std::string format_position(const EndgamePosition& p);

// Reads every position of `text` (from `source`, which begins the messages).
// False with *problem = "<source> line L: <what is wrong>" for the first
// line that is not a position, or whose moves do not replay (replay below).
bool parse_positions(const std::string& text, const std::string& source, std::vector<EndgamePosition>* positions,
                     std::string* problem);

// Plays p's columns on *geometry (set up for p's board, and pointed to by
// *pos, so it must outlive it). False with *problem naming the move that is
// not legal (a full column) or ends the game (four in a row), or a board
// outside 4..12.
bool replay(const EndgamePosition& p, c4engine::Geometry* geometry, c4engine::Position* pos, std::string* problem);

// "win", "draw", "loss".
const char* outcome_name(int outcome);

}  // namespace analysis
