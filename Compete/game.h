// One ConnectFour game between two sandboxed plugins, refereed move by move.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "board.h"
#include "player.h"

namespace c4 {

// The original judge's result codes.
enum ResultCode : int {
  kTie = 0,
  kAWins = 1,
  kBWins = 2,
  kARuntimeError = 3,
  kAIllegalMove = 4,
  kBRuntimeError = 5,
  kBIllegalMove = 6,
  kATimeout = 7,
  kBTimeout = 8,
  kALoadError = -1,
  kBLoadError = -2,
  kAMissingSymbol = -3,
  kBMissingSymbol = -4,
};

// Which side the result counts for in the Stat ratios: kA, kB, or kEmpty for
// a tie; load errors count for neither (counts_for_nobody).
Side credited_side(int code);
bool counts_for_nobody(int code);
// "A - won", "B - timed out", "tie", ...
std::string describe_result(int code);

struct GameSetup {
  int M = 0, N = 0, noX = 0, noY = 0;
  uint64_t seed = 0;  // the round's seed, recorded
  Side first = kA;    // who moves first
  std::string id;     // names its working folders "<id>-A", "<id>-B" (e.g. "round3-game1")
};

struct MoveRecord {
  Side side;
  int x, y;
  int64_t wall_us;
  int64_t cpu_us;  // the host's CPU time in getPoint and clearPoint (every thread of it)
};

// The referee's step: what one answer of the side to move does to the game.
// A legal move is played on the board (ended = false, unless it connects four
// or fills the board); anything else (a time-out, a crash, a broken reply, a
// null Point, an illegal move) ends the game against the mover, with its code
// and reason. Compete's games, Grade's, the ladder's and the arena's all end
// through it.
struct Verdict {
  bool played = false;  // the answer's move was played on the board
  bool ended = false;
  int code = kTie;
  std::string reason;
  std::vector<std::pair<int, int>> win;  // a winning line's cells {x, y}
  bool has_illegal = false;              // an illegal move with a point: where it was
  int illegal_x = 0, illegal_y = 0;
};
// `refused`: what the sandbox refused the mover (judge::describe_refusals), named after a crash.
Verdict referee_step(Board* board, Side mover, const Answer& answer, const std::string& refused);
// "A", "B".
const char* side_name(Side side);

struct GameResult {
  int code = kTie;
  int64_t time_us_a = 0, time_us_b = 0;  // each side's total thinking time
  std::vector<MoveRecord> moves;
  std::vector<std::pair<int, int>> win;  // the winning line's cells {x, y}, for codes 1 and 2
  bool has_illegal = false;              // an illegal move with a point: where it was
  int illegal_x = 0, illegal_y = 0;
  std::string reason;   // why the game ended, in words
  std::string picture;  // the final board
  // What the sandbox refused each side (A first), counted per call and error.
  std::vector<std::pair<Side, judge::Refusal>> refused;
  // How many processes each side left running when its host was stopped, killed then.
  int daemons_killed[3] = {0, 0, 0};  // indexed by Side
  // Each side's peak resident memory in the game, in KiB (its host's or its program's).
  long long peak_resident_kb[3] = {0, 0, 0};  // indexed by Side
  // Not "": the judge could not play the game (no working folder); it has no result.
  std::string judge_error;

  // Takes the game's end from the referee step: its code, reason, winning line and illegal move.
  void end_with(const Verdict& verdict);
};

GameResult play_game(const GameSetup& setup, const PlayerConfig& a, const PlayerConfig& b);

}  // namespace c4
