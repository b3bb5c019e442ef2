// --resume, a shard run again and --merge: reading back a match's record
// (common/judge_run.h) so that a stopped match (Ctrl-C, kill -9, a power cut)
// continues where it stopped, and the shards' records make the whole match.
// Every record line carries the settings that decide the games
// (match_settings_json); a record made by another command line is refused,
// naming the setting that differs.
#pragma once
#include <string>
#include <vector>

#include "../common/judge_run.h"
#include "../common/run_loop.h"
#include "match.h"

namespace c4 {

// How a match's record lines read back: unit 2 * round + game - 1, of shard
// round % N. Without --seed (`seed_given` false) the match takes the first
// line's seed (*seed_from_record is then set, when not null).
judge::RecordFormat record_format(MatchConfig* config, bool seed_given, bool* seed_from_record = nullptr);

// The run loop's start (common/run_loop.h) for a match: with --merge the
// shards' `records` (every game once, in game order, each line without its
// shard member), with --resume or --shard the match's own record (a shard's:
// only its games; a missing or empty one resumes nothing). config->recorded
// gets the games read. A record of another command line is refused naming
// the file, the line and the setting; config->plan gets the games left to
// play. `program` ("Compete", "Tournament") begins the messages on stderr.
judge::RunStart read_match_records(const judge::RunSettings& run, const std::vector<std::string>& records,
                                   bool seed_given, const std::string& program, MatchConfig* config,
                                   bool* seed_from_record = nullptr);

// The first setting of `recorded` that differs from `current` (both settings
// objects as JSON), in words: "the round count: record 10, now 20"; "" if none.
std::string settings_difference(const std::string& recorded, const std::string& current);

}  // namespace c4
