// The course's Extension evaluation: a player program (a student's
// user_logic.cpp linked with player/player_host.cpp) plays games 1..N on a
// 4 x 4 board to 2048, game g with seed g; each game ends when the target is
// reached or no move is left. An answer that moves nothing (a character other
// than w s a d, or a move that changes nothing) is asked again; 1,000 such
// answers in a row stop the run. The player runs in sandboxed child processes
// (common/sandbox.h), one per job, each serving many games as the course's
// single process does; the judge owns the games (player_protocol.h).
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string>

namespace g2048 {
namespace pz {

struct EvalConfig {
  std::string player;  // the player program's path
  int games = 10000;
  int jobs = 1;  // player processes at once
  int rows = 4, cols = 4, target = 2048;
  int64_t move_limit_ms = 10000;   // wall time for one Decide() (with ReadBoard)
  int64_t memory_limit_mb = 2048;  // each player process's address space
  int idle_limit = 1000;           // answers in a row that move nothing
  std::string player_log;          // the players' stdout and stderr; "" discards them
  enum Progress { kProgressLive, kProgressLines, kProgressOff } progress = kProgressLines;
};

struct EvalResult {
  bool complete = false;  // every game played
  std::string fault;      // why the run stopped, naming the game and its seed
  int games_played = 0;
  int games_reached = 0;  // games whose largest tile reached the target
  int64_t total_score = 0, total_steps = 0;
  int64_t wall_ms = 0;  // the whole run, as the course measures it
};

// Plays the run, progress on `progress`.
EvalResult run_evaluation(const EvalConfig& config, std::ostream& progress);

// The course's four closing lines for a complete run.
void print_closing_lines(const EvalConfig& config, const EvalResult& result, std::ostream& out);
// "Reached 2048 in 9990 of 10000 games (99.90%)": ours, not the course's (main prints it on stderr).
std::string reach_line(const EvalConfig& config, const EvalResult& result);

}  // namespace pz
}  // namespace g2048
