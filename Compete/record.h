// A ConnectFour game as a line of a judge's record (JSON Lines): the line
// Compete, Tournament, Grade, grade-class, the class ladder and the arena
// write, and that --resume and --merge, Grade, the class page, the analysis
// and the arena read back. One struct, one writer, one reader. (The replay
// page checks the lines of all three games on its own, leniently: it also
// opens records older than these members.)
#pragma once
#include <cstdint>
#include <string>

#include "../common/json_read.h"
#include "game.h"

namespace c4 {

struct RecordLine {
  int round = 0;
  int game = 1;       // 1: the round's game A moved first in; 2: B's
  uint64_t seed = 0;  // the board's
  int M = 0, N = 0, noX = 0, noY = 0;
  std::string a, b;  // the players as the judge names them: their plugins' paths, or ladder ids
  Side first = kA;
  int time_limit_ms = 0;
  // The game: code, moves, winning line, illegal move, reason, each side's
  // time and peak memory, and the sandbox's events (written, not read back).
  GameResult result;
  std::string settings;  // the settings object (JSON) the judge compares on --resume; "" for none
  std::string shard;     // "K/N" for a line of shard K of N, else ""
};

// The line as written (no line break): round, game, seed, M, N, noX, noY, a,
// b, first, time_limit_ms, moves ([side, row, column, wall ms, CPU ms]), win,
// illegal, code, result, reason, the times in ms and us, peak memory, the
// sandbox's events, settings, shard.
std::string write_record_line(const RecordLine& line);

// Reads a line back into *line: every member above but the sandbox's events
// (moves may lack their CPU time, as older records do). False with *problem
// naming the first member that is missing or wrong, e.g. "field 'moves' item
// 3 is not [\"A\" or \"B\", row, column, milliseconds[, CPU milliseconds]] on
// the board".
bool read_record_line(const judge::JsonValue& value, RecordLine* line, std::string* problem);

}  // namespace c4
