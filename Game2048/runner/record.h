// Run2048's record: one JSON line per game (its figures, moves and spawns, the
// settings that decide the games and, for a shard, "shard":"K/N" last), and
// its reader, which turns lines back into the run's game results: a shard run
// again skips the games its record holds, and --merge rebuilds a whole run
// from its shards' records without playing.
#pragma once
#include <string>
#include <vector>

#include "../../common/judge_run.h"
#include "../engine/contest_game.h"
#include "run.h"

namespace g2048 {

// The settings that decide the games of `config`, as a JSON object: seed,
// games, the bot as given on the command line, move and memory limits, idle limit.
std::string run_settings_json(const RunConfig& config);

// Game `g`'s record line (`state` gives its directions and spawns: a run keeps
// every game's figures in GameRecord, not its moves).
std::string record_line(const GameRecord& g, const ContestGame& state, const RunConfig& config);

// How the run's record lines read back (common/judge_run.h): unit game - 1,
// of shard game - 1 modulo N.
judge::RecordFormat record_format(const RunConfig& config);

// The units read back as the run's games.
std::vector<RecordedGame> recorded_games(const std::vector<judge::RecordedUnit>& units, int games);

// Reads the record `text` (from `source`, e.g. "--merge: record 'x.jsonl'")
// as games of the run `config`, after those already in *games. A last line
// cut short (no newline, not JSON) sets *torn and is dropped. False with
// *problem naming the source, the line and what is wrong: not JSON, no
// settings, another setting (named), a game out of range or twice, a shard
// that does not own the game, a figure missing or out of range.
bool read_run_record(const std::string& text, const std::string& source, const RunConfig& config,
                     std::vector<RecordedGame>* games, bool* torn, std::string* problem);

}  // namespace g2048
