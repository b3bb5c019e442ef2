// Playing a grade: the OJ's games of one strategy against the graded samples,
// in the OJ's order, through the game pool. Grade plays one strategy with it,
// grade-class a whole class's.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "../../common/judge_run.h"
#include "../../common/options.h"
#include "../../common/workdir.h"
#include "game_pool.h"
#include "grade_score.h"

namespace grade {

struct Settings {
  uint64_t seed = 0;
  int group = 0;         // 1..5, or 0 for all five
  int move_time_ms = 0;  // STRATEGY_MOVE_MS for the strategy (0: not set)
  int time_limit_ms = 3000;
  int jobs = 1;
  std::string samples_dir;          // holds 1.so .. 50.so
  judge::WorkdirSettings workdirs;  // --keep-workdirs, --workdir-size
  bool freeze = true;               // --no-freeze: false
  int shard = 0, shards = 1;        // Grade --shard K/N: each record line ends with "shard":"K/N"
  // "seed 5, time limit 3000 ms[, STRATEGY_MOVE_MS=M][, group G]": the results file's comment.
  std::string describe() const;
};

// The options Grade and grade-class share (--seed, --group, --move-time,
// --time-limit, -j, --samples, --no-freeze, --keep-workdirs, --workdir-size),
// read into one Settings.
class SettingsOptions {
 public:
  // Adds the rows to `table`; `seed_help` says what the seed is for.
  void add_to(judge::OptionTable* table, const std::string& seed_help);
  bool have_seed() const { return have_seed_; }
  // The settings after parsing (a fresh seed when none was given).
  Settings settings() const;

 private:
  uint64_t seed_ = 0;
  bool have_seed_ = false;
  long long group_ = 0, move_time_ms_ = 0, time_limit_ms_ = 3000, jobs_ = 1;
  std::string samples_dir_;
  judge::WorkdirSettings workdirs_;
  bool no_freeze_ = false;
};

// One game of the grade and, once played, how it went.
struct PlayedGame {
  GameEntry entry;
  c4::ScheduledGame game;  // its board, first mover and plugins (A the strategy, B the sample)
  bool done = false;
  size_t moves = 0;
  int64_t strategy_us = 0, strategy_max_us = 0;  // the strategy's thinking time, in all and its longest move
  std::string reason;
  std::string record;  // the game as a line of Compete's record (JSON), for the replay page
};

// The games of `strategy`'s grade in the OJ's order: group by group, sample by
// sample (one board each, the same whatever the group setting), strategy first
// then second. False with *problem naming a missing sample.
bool plan(const std::string& strategy, const Settings& settings, std::vector<PlayedGame>* games, std::string* problem);

// Plays the games of `plan` (indices of *games, in order; null: every game not
// done); `finished(i)` runs for game i, one call at a time, in the plan's order.
// False with *error if the pool could not start.
bool play(std::vector<PlayedGame>* games, const Settings& settings, const std::function<void(size_t)>& finished,
          std::string* error, const std::vector<int>* plan = nullptr);

// The entries of the games played so far, in the OJ's order.
std::vector<GameEntry> entries_done(const std::vector<PlayedGame>& games);

// How a grade's record lines read back (--resume, a shard run again,
// --merge): a line is game i of `games` (the plan, which outlives the format)
// by its round (the sample) and its game (1: the strategy first); its
// settings are Compete's with side B the samples' folder, so a record of
// another seed, strategy, samples folder, time limit or move time is refused.
// Unit i is of shard i % N, as the OJ's order deals them.
judge::RecordFormat record_format(const Settings& settings, const std::string& strategy,
                                  const std::vector<PlayedGame>* games);

// Game `game` done as its record line says (read_unit checked the members):
// its code, moves, the strategy's time, the reason and the line.
void take_recorded(const judge::RecordedUnit& unit, PlayedGame* game);

// The record of the games played so far (Compete's JSON lines, in the OJ's
// order) to `record_path` and their replay page to `page_path`, each written
// atomically; an empty path is skipped. False with *problem naming the file.
bool write_record_and_page(const std::vector<PlayedGame>& games, const std::string& record_path,
                           const std::string& page_path, const std::string& title, std::string* problem);

}  // namespace grade
