// A contest run: exactly N games of one bot in a sandboxed host (or in `jobs`
// hosts at once), the contest's stats file and a JSON record rewritten after
// every game, per-game lines and a verdict. The command line lives in
// main.cpp; this is the judge's logic.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "../../common/refusals.h"
#include "../../common/workdir.h"
#include "../engine/contest_game.h"
#include "../engine/streams.h"

namespace g2048 {

struct RunConfig {
  std::string bot_path;
  std::string bot_argument;     // the bot as the command line names it (the record's settings)
  std::string host_executable;  // the runner binary, re-run with --plugin-host
  uint64_t seed = kDefaultSeed;
  int games = 100;
  std::string stats_path = "stats.txt";
  std::string record_path;                       // "" = no record
  std::string html_path;                         // the replay page (viewer/), rewritten after every game; "" = none
  std::string bot_log_path;                      // the bot's stdout/stderr; "" discards them
  std::string workdir;                           // the bot's working folder, the only one it may write ("" = none)
  const judge::WorkdirRoot* workdirs = nullptr;  // instead: a fresh folder per bot host (workdir.h)
  int call_limit_ms = 10000;                     // watchdog per call
  int load_limit_ms = 60000;
  long long memory_limit_bytes = 2048LL << 20;
  int idle_limit = 1000;              // answers in a row that change nothing before the game is lost
  double min_moves_per_second = 100;  // the contest's speed rule, on the bot's CPU time
  bool stop_on_fault = false;         // default: restart the bot and play the remaining games
  // Games played at once, each worker with its own bot host. Results are still
  // committed in game order, so the files and lines are those of jobs = 1 for a
  // bot whose play depends only on each game's g2048_new_game seed (a host
  // seeds srand() once, so rand() state carried across games differs).
  int jobs = 1;
  // Progress on the progress stream: none, one line per game (and every 30 s
  // within a game), or a live line rewritten in place (for a terminal).
  enum Progress { kProgressOff, kProgressLines, kProgressLive } progress = kProgressLines;
  // --shard K/N: only the games g (from 0) with g % shards == shard are played,
  // and every record line ends with "shard":"K/N".
  int shard = 0, shards = 1;
};

// How one game ended.
struct GameRecord {
  enum End { kOver, kCrashed, kTimedOut, kIdle } end = kOver;
  int game = 0;  // from 1
  int64_t score = 0;
  int max_tile = 0;
  int64_t moves = 0;                    // valid moves
  double bot_cpu_seconds = 0;           // g2048_new_game + every g2048_move of this game
  int64_t bot_cpu_us = 0;               // the same in microseconds, as measured (the record keeps it exactly)
  int64_t reached[kMilestones];         // valid moves when 2^(11 + i) first appeared; -1 if never
  std::string detail;                   // for a fault: what happened, with the game and move number
  std::vector<judge::Refusal> refused;  // what the sandbox refused the bot during this game
  int daemons_killed = 0;               // processes the bot left running at the game's end, killed then
  GameRecord() {
    for (int64_t& r : reached) r = -1;
  }
};
const char* end_name(GameRecord::End end);

// A game read back from a record (record.h reads them).
struct RecordedGame {
  GameRecord record;
  std::string line;   // the record line as written
  std::string shard;  // "K/N" for a shard's line, else ""
};

struct RunResult {
  bool loaded = false;  // the bot loaded (else load_problem says why)
  std::string load_problem;
  bool io_failed = false;  // the stats file or record could not be written (io_problem)
  std::string io_problem;
  std::vector<GameRecord> games;  // every game started, in order
  int finished = 0;               // games played to the end (the stats file's rounds)
  int64_t valid_moves = 0;        // over every game
  double bot_cpu_seconds = 0;     // over every game
  double moves_per_second = 0;    // valid_moves / bot_cpu_seconds (0 when no CPU was measured)
  bool valid = false;
  std::string verdict;              // "valid" or "invalid: <first reason>"
  std::vector<std::string> faults;  // every reason found
};

// Plays the run. Per-game lines and the summary go to `out`; progress to
// `progress`. The stats file is written before the first game (0 rounds) and
// after each game; the record (one JSON line per game) is truncated first.
// With config.jobs > 1 games are played on worker threads, but committed
// (stats, record, lines, progress) one at a time and in game order; with
// stop_on_fault, games after the faulting one that are in flight are abandoned
// and never recorded.
//
// `recorded` holds games already played (a shard run again, or --merge): they
// are committed as recorded, not played; the bot is started only if a game of
// the run is not among them. A shard run again keeps its record's lines and
// appends the new games; `merge` (every game recorded) writes the record anew
// with the single run's lines, in game order.
RunResult run_contest(const RunConfig& config, std::ostream& out, std::ostream& progress,
                      const std::vector<RecordedGame>& recorded = {}, bool merge = false);

// The median of `values` (the mean of the two middle ones for an even count); 0 if empty.
double median(std::vector<double> values);

}  // namespace g2048
