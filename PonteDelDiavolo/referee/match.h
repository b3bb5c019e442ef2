// One refereed game between two programs with the course's command line
// (RULES.md §9): each turn the referee writes chess.txt, bridge.txt and
// stepLog.txt into the game folder, runs the side to move in the sandbox
// (judge::Process: wall-time limit, memory cap, output to a log file), infers
// and judges its action from the files, appends the stepLog line itself, and
// applies the pass rule (RULES.md §7). Any fault of a program ends the game as a
// loss for it with the matching violation; the referee itself never fails on
// a program's behaviour.
#pragma once
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "../../common/refusals.h"
#include "../../common/workdir.h"
#include "../rules/board.h"
#include "../rules/bridge_rules.h"
#include "../rules/files.h"
#include "../rules/score.h"
#include "../rules/violation.h"
#include "infer_action.h"

namespace pdd {

struct MatchOptions {
  std::string program[3];  // indexed by Colour: [kWhite], [kBlack]
  std::string game_dir;    // created if missing; holds the files and the programs' output
  // Where the game is played (workdir.h): its files in a capped folder "<game_name>"
  // shared by both programs, copied to game_dir at the end, and each program's
  // working folder "<game_name>-white" / "-black", kept for all its turns of
  // the game. nullptr: the programs work in game_dir itself.
  const judge::WorkdirRoot* workdirs = nullptr;
  std::string game_name = "game";
  int time_limit_ms = 5000;
  long long memory_limit_mb = 1024;
  Crossing crossing = Crossing::kStrict;
  uint64_t seed = 0;  // given to the programs as PDD_SEED
  // The refusal hooks' shared object (common/refusal_preload.cpp), preloaded
  // into every program run to count what the sandbox refuses it; "" counts nothing.
  std::string refusal_hooks;
  std::vector<int> cpus;        // the cores its programs may use (cpu_share.h); empty: any
  bool show_board = false;      // print the board after every action
  std::ostream* log = nullptr;  // one line per turn (and boards); null for silence
  // A side played by someone other than a program (the arena's person): set,
  // it is asked for the side's action instead of running program[colour], and
  // its answer is judged as a program's would be (a violation loses the game).
  std::function<Judgement(const TurnContext&)> seat[3];
  // Called after each action is applied, with the turn's time (the arena follows the game).
  std::function<void(const StepRecord&, double ms)> on_step;
};

struct MoveTime {
  Colour colour;
  double ms;
};

struct GameResult {
  Colour winner = kEmpty;  // kEmpty: a draw
  std::string reason;      // why the winner won (or the violation)
  Violation violation = Violation::kNone;
  Colour violator = kEmpty;
  std::string detail;          // the violation's details
  std::string program_status;  // how the violator's process ended, when relevant
  PlayerScore score[3];
  int actions = 0;  // stepLog lines
  int skips = 0;    // turns passed for lack of a legal action
  std::vector<MoveTime> moves;
  Board board;  // final position
  std::vector<StepRecord> steps;
  std::string error;  // the referee's own failure (folder not writable...), game not played
  // What happened to each side's attempts, summed over its turns (indexed by Colour):
  // the calls the sandbox refused it (counted by the refusal hooks), and the
  // processes it left running after a turn, killed by the referee.
  std::vector<judge::Refusal> refused[3];
  int daemons_killed[3] = {0, 0, 0};
};

GameResult play_game(const MatchOptions& options);

// "6 points, 3 islands (0 independent), 2 bridges, 3 connected islands"
std::string describe_score(const PlayerScore& s);

}  // namespace pdd
