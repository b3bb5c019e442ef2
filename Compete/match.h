// A Compete match: n rounds of two games on one random board each, played by
// `jobs` workers, with every finished game written out at once.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "../common/sprt.h"
#include "game.h"
#include "match_summary.h"
#include "player.h"
#include "record.h"
#include "result_file.h"

namespace c4 {

// A game read back from a record (resume.h).
struct RecordedGame {
  int round = 0, game = 0;  // game 0: A moved first, 1: B moved first
  int code = 0;
  int64_t time_us_a = 0, time_us_b = 0;
  std::string line;   // the record line, as written
  std::string shard;  // "K/N" for a line of shard K of N (--shard), else ""
};

struct MatchConfig {
  PlayerConfig a, b;
  int rounds = 1;
  uint64_t seed = 0;
  int jobs = 1;
  std::string result_path;
  std::string record_path;  // JSON Lines, one per game; "" for none
  std::string html_path;    // the replay page (viewer/), rewritten after every game; "" for none
  std::string stats_path;   // the summary JSON rewritten after every round; "" for none
  bool sprt_enabled = false;
  judge::SprtSettings sprt;  // the test that may stop the match early
  // Games already in the record (--resume): not replayed; the record keeps
  // their lines and the new games are appended.
  std::vector<RecordedGame> recorded;
  // The games (2 * round + game) this run plays, in order: judge::start_run's
  // plan (read_match_records sets it with `recorded`).
  std::vector<int> plan;
  bool resume = false;  // --resume: also remove the temporary files a killed run left
  // --shard K/N: only the rounds r with r % shards == shard are played, and
  // every record line says "shard":"K/N" (its last member).
  int shard = 0, shards = 1;
  bool merged = false;  // --merge: every game is in `recorded`, from the shards' records
  // Put before each game's id ("round3-game1") in its working folders' names,
  // e.g. "pair2-" in a tournament, whose pairs share one root.
  std::string workdir_prefix;
};

// The settings that decide a match's games, as the JSON object every record
// line carries ("settings"): --resume refuses a record whose settings differ.
std::string match_settings_json(const MatchConfig& config);

// The board of round `round` of a match seeded with `match_seed`.
struct RoundBoard {
  uint64_t seed;
  int M, N, noX, noY;
};
RoundBoard round_board(uint64_t match_seed, int round);

struct MatchOutcome {
  Tally tally;                   // over the result file's lines, as its Stat block
  MatchSummary summary;          // over the rounds in order, up to the SPRT's decision
  int games_finished = 0;        // recorded before and played now
  int games_played = 0;          // played by this run
  int games_after_decision = 0;  // finished by other workers after the SPRT decided
};

// Plays the match. Per-game reports and the statistics after each round go
// to `out`, progress lines to `progress`. Returns false (with *error) if a
// result could not be written.
bool run_match(const MatchConfig& config, std::ostream& out, std::ostream& progress, MatchOutcome* outcome,
               std::string* error);

// The record line of round `round`'s game on `setup` in `config`'s match
// (record.h), and that line written.
RecordLine record_of(const MatchConfig& config, int round, const GameSetup& setup, const GameResult& result);
std::string record_line(const MatchConfig& config, int round, const GameSetup& setup, const GameResult& result);

// The summary file's content: the match's settings and its statistics.
std::string summary_json(const MatchConfig& config, const MatchOutcome& outcome, const std::string& status);

}  // namespace c4
