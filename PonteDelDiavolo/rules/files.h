// The course's three files (RULES.md §9).
//   chess.txt   10 lines of 10 comma-separated integers: 0 empty, 1 white, 2 black.
//   bridge.txt  same layout: k >= 1 marks both endpoints of bridge k (numbers may
//               have several digits), 0 elsewhere; covered cells are not marked.
//   stepLog.txt one line per action: Colour_Turn_Action_x1,y1_x2,y2.
// Readers accept CRLF line ends, a missing final newline, blank lines at the
// end, and spaces or tabs around numbers; anything else is an error naming the
// file, the line and the value. Writers produce the canonical form ("\n" ends).
#pragma once
#include <array>
#include <string>
#include <vector>

#include "actions.h"
#include "board.h"

namespace pdd {

using Grid = std::array<int, kCells>;

// Parses a 10x10 grid whose values lie in [0, max_value]. `name` names the file in errors.
bool parse_grid(const std::string& text, const std::string& name, int max_value, Grid* out, std::string* error);
std::string format_grid(const Grid& grid);

Grid chess_grid(const Board& board);
Grid bridge_grid(const Board& board);  // bridge k = index k-1

// Builds a board from chess and bridge grids: each bridge number must mark
// exactly two cells at Chebyshev distance 2, numbers 1..n each used.
bool board_from_grids(const Grid& chess, const Grid& bridges, Board* out, std::string* error);

struct StepRecord {
  Colour colour = kEmpty;
  int turn = 0;
  Action action;
};
// Parses stepLog.txt (may be empty).
bool parse_steplog(const std::string& text, std::vector<StepRecord>* out, std::string* error);
// "W_3_Chess_0,2_1,3" (no newline).
std::string format_step(const StepRecord& record);

// Whole-file read; false with an error naming the path.
bool read_text_file(const std::string& path, std::string* out, std::string* error);
// Plain overwrite (used by players on the files they own).
bool write_text_file(const std::string& path, const std::string& content, std::string* error);

}  // namespace pdd
