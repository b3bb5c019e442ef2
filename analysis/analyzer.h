// One game of a record, analysed: the interface every game's analyzer offers
// to build/bin/analyze (analyze_main.cpp), which reads the record, hands out
// its games (-j, --shard) and writes the annotated record (README.md).
//
// An analyzer is deterministic: the same line and effort give the same
// analysis, byte for byte, whatever thread or process runs it. It works at a
// fixed effort (nodes, iterations, depth), never by the clock.
#pragma once
#include <string>

#include "../common/json_read.h"

namespace analysis {

// How hard the engines look (analyze's options set them; the defaults are the
// figures of record).
struct Effort {
  long long connect4_solver_nodes = 500000;   // per position; past it, the position is estimated
  long long connect4_uct_iterations = 20000;  // the estimate of a position the solver did not prove
  // A game won by four in a row whose losing move the pass above did not find: the solver's
  // budget for walking back from its first proven loss (all the positions of the walk together).
  long long connect4_deepen_nodes = 20000000;
  int game2048_depth = 2;  // expectimax plies (moves) per direction
  int pdd_depth = 2;       // search plies per action
};

// What one game came to.
struct GameAnalysis {
  std::string json;     // the "analysis" object: {"line":L,"engine":"...",...}
  std::string summary;  // the --summary line after "game G: ", e.g. "losing move 12 by A (column 3)"
  // For the totals of --summary.
  int positions = 0, proven = 0;  // ConnectFour: positions analysed, and those the solvers proved
  bool has_losing_move = false;   // ConnectFour
  int losing_move = 0;            // from 1
  // ConnectFour, a game won by four in a row without a losing move found: the losing move came
  // before move K (the position after move K - 1 is proven lost); 0 otherwise.
  int undetermined_before = 0;
  std::string loser;  // "A" or "B"
  bool loser_moved_first = false;
  std::string losing_position;  // the board and the columns played before the losing move
  double accuracy = -1;         // 2048: share of best moves; -1 when not a 2048 game
  double largest_loss = -1;     // Ponte del Diavolo: the largest loss of an action; -1 when not a PDD game
};

// The record's `line` with the analysis object appended as its last member
// (README.md): the text up to its closing brace, then ,"analysis":{...}}.
std::string annotated_line(const std::string& line, const std::string& analysis_json);

// Each analyzer: `game` is the record's line `line` (from 1), already checked
// by viewer::parse_record for the fields the replay page needs. False with
// *problem ("field 'moves' item 3: ...") when the line cannot be analysed.
bool analyze_connect4(const judge::JsonValue& game, int line, const Effort& effort, GameAnalysis* out,
                      std::string* problem);
bool analyze_2048(const judge::JsonValue& game, int line, const Effort& effort, GameAnalysis* out,
                  std::string* problem);
bool analyze_pdd(const judge::JsonValue& game, int line, const Effort& effort, GameAnalysis* out, std::string* problem);

}  // namespace analysis
