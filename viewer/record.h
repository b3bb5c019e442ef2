// A judge's record (JSON Lines, one object per game) as the viewer reads it:
// which judge wrote it (detected from the fields), and each game's line
// checked for the fields the page draws from. Lines are kept as text: the
// page embeds them unchanged.
#pragma once
#include <string>
#include <vector>

namespace viewer {

enum class Kind {
  kNone,         // no game yet: the page says so
  kConnectFour,  // Compete --record
  k2048,         // Run2048 --record
  kPonte,        // pdd-referee --record
};

// "connect4", "2048", "pdd", "none": the page's name for the kind.
const char* kind_id(Kind kind);

struct Record {
  Kind kind = Kind::kNone;
  std::vector<std::string> lines;  // one JSON object per game, in file order
};

// Reads the text of a record file. Blank lines are skipped. Every other line
// must be a JSON object of one judge's kind, with that judge's fields of the
// right types; otherwise returns false with *error naming `file_name`, the
// line number and the field, e.g. "match.jsonl:3: field 'moves' is missing".
// A line of an annotated record (build/bin/analyze, analysis/README.md) is the
// plain line with a member "analysis" appended: it must be an object, whose
// contents the page checks (it draws a game whose analysis is malformed
// without it, and says so).
bool parse_record(const std::string& text, const std::string& file_name, Record* out, std::string* error);

// The step a link to the game of record line `line` opens the replay at
// (page.html#game=N&step=K): the annotated record's losing move, a whole
// number from 1 to the game's moves, when the line has one; else "end".
std::string link_step(const std::string& line);

}  // namespace viewer
