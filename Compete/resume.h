// --resume: reading back a match's record so that a stopped match (Ctrl-C,
// kill -9, a power cut) continues where it stopped. Every record line carries
// the settings that decide the games (match_settings_json); a record made by
// another command line is refused, naming the setting that differs.
#pragma once
#include <string>
#include <vector>

#include "match.h"

namespace c4 {

struct ResumeNotes {
  bool dropped_torn_line = false;  // the last line was cut short (the machine stopped mid-write)
  bool seed_from_record = false;   // no --seed given: the record's seed is used
};

// Reads `config->record_path` into config->recorded. A missing or empty
// record resumes nothing. Without --seed (`seed_given` false) the match takes
// the record's seed. False with *problem (naming the file, the line and the
// setting) if a line is not a game of this match: malformed JSON before the
// last line, no settings, another setting, a round out of range, a game twice.
bool load_record_for_resume(MatchConfig* config, bool seed_given, ResumeNotes* notes, std::string* problem);

// Reads the record at `path` into config->recorded, after the games already
// there, as load_record_for_resume does; `what` ("--resume", "--merge") begins
// every message. A game already in config->recorded is refused as recorded twice.
bool read_record(const std::string& path, const std::string& what, MatchConfig* config, bool seed_given,
                 ResumeNotes* notes, std::string* problem);

// The first setting of `recorded` that differs from `current` (both settings
// objects as JSON), in words: "the round count: record 10, now 20"; "" if none.
std::string settings_difference(const std::string& recorded, const std::string& current);

}  // namespace c4
