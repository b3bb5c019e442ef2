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
#include "match.h"

namespace c4 {

struct ResumeNotes {
  bool dropped_torn_line = false;  // the last line was cut short (the machine stopped mid-write)
  bool seed_from_record = false;   // no --seed given: the record's seed is used
};

// How a match's record lines read back: unit 2 * round + game - 1, of shard
// round % N. Without --seed (`seed_given` false) the match takes the first
// line's seed (notes->seed_from_record).
judge::RecordFormat record_format(MatchConfig* config, bool seed_given, ResumeNotes* notes);

// Reads `config->record_path` into config->recorded (a shard's: only its own
// games). A missing or empty record resumes nothing. False with *problem
// (naming the file, the line and the setting) if a line is not a game of this
// match: malformed JSON before the last line, no settings, another setting, a
// round out of range, a game twice, a game of another shard.
bool load_record_for_resume(MatchConfig* config, bool seed_given, ResumeNotes* notes, std::string* problem);

// --merge: reads the shards' `records` into config->recorded, every game once,
// in game order, each line without its shard member (as a single run writes
// it). Returns 0 when every game is there, 1 when games are missing, 2 when a
// record cannot be read or is of another command line (judge::merge_records).
int merge_shard_records(const std::vector<std::string>& records, bool seed_given, MatchConfig* config,
                        std::string* problem);

// The first setting of `recorded` that differs from `current` (both settings
// objects as JSON), in words: "the round count: record 10, now 20"; "" if none.
std::string settings_difference(const std::string& recorded, const std::string& current);

}  // namespace c4
