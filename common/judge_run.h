// The run every judge shares, in the shape of one tournament manager: a plan of
// units (a game, or a round's game), some already in a record (--resume, a shard
// run again) or of other shards (--shard K/N), the rest played `jobs` at a time
// (ordered_pool.h) and committed in order, each at once to the result file, the
// record and the replay page (ResultSink). --merge reads the shards' records
// back as the whole run's units. A judge supplies what is its own: how to play
// a unit, its record line (RecordFormat reads it back) and its result formats.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "json_read.h"
#include "options.h"
#include "shards.h"
#include "workdir.h"

namespace judge {

// --- the standard rows of a judge's command line ---------------------------

struct RunSettings {
  uint64_t seed = 0;
  bool have_seed = false;  // --seed given
  long long jobs = 1;      // -j / --jobs
  std::string record_path, html_path;
  int shard = 0, shards = 1;  // --shard K/N
  bool merge = false, resume = false, sandbox_report = false;
  WorkdirSettings workdirs;  // --keep-workdirs, --workdir-size
};

// Which rows a judge takes, and its own words for them ("" keeps the common text).
struct RunRows {
  bool seed = true, jobs = true, record = true, html = true, shard = true, merge = true, resume = true, workdirs = true,
       sandbox_report = true;
  std::string units = "games";  // what --shard splits: "games", "rounds"
  std::string seed_help, jobs_help, record_help, html_help, shard_help, merge_help, resume_help;
  std::string whose = "the plugins'";  // whose sandbox --sandbox-report describes
};

// Adds the rows to `options`, each storing into `settings`.
void add_run_options(OptionTable* options, const RunRows& rows, RunSettings* settings);

// What the rows allow together, beyond each row's own value.
struct RunRules {
  bool shard_needs_seed = true;              // every shard must draw the same units
  bool shard_writes_page = false;            // false: --html goes to the merge, not a shard
  std::string after = "after the programs";  // where --merge's records stand: "after <rounds>"
};

// The first rule `settings` breaks ("--shard needs --record FILE"), or "".
// `merge_records` is how many records follow the positional arguments.
std::string check_run_settings(const RunSettings& settings, const RunRules& rules, size_t merge_records);

// --- the judge's start ---------------------------------------------------

// What every judge does before its first unit: opens the root of its working
// folders (workdir.h, /tmp/<folder>.*), has Ctrl-C, SIGTERM and SIGHUP kill its
// children and remove the folders (interrupt.h), first printing
// "<program>: stopped by <signal>; <kept>" on stderr when `kept` is not empty,
// and prints the sandbox's summary line on stderr. False with *problem if no
// folder could be made.
bool start_judge_run(const std::string& program, const std::string& folder, const WorkdirSettings& settings,
                     WorkdirRoot* root, const std::string& kept, std::string* problem);

// --- the plan -----------------------------------------------------------

// The units this run plays, in order: unit i of `total` when it is of this
// run's shard (shard_of(i) % shards == shard) and not done[i].
std::vector<int> units_to_play(int total, const std::vector<bool>& done, int shard, int shards,
                               const std::function<int(int unit)>& shard_key);

// --- records read back: --resume, a shard run again, --merge -------------

// A unit read back from a record line.
struct RecordedUnit {
  int index = 0;      // its place in the plan
  std::string shard;  // "K/N" for a line of shard K of N, else ""
  std::string line;   // as written
  JsonValue value;    // the line parsed
};

// True if `line` has a member `key` that is a whole number (no fraction, no
// exponent) in [min, max], put in *out.
bool int_member(const JsonValue& line, const char* key, long long min, long long max, long long* out);
// The same for a member of a record's typed reader: into *out (any integer
// type), else false with *problem = "field 'KEY' is missing or not a whole
// number from MIN to MAX".
template <class Int>
bool whole_member(const JsonValue& line, const char* key, long long min, long long max, Int* out,
                  std::string* problem) {
  long long n = 0;
  if (!int_member(line, key, min, max, &n))
    return *problem = std::string("field '") + key + "' is missing or not a whole number from " + std::to_string(min) +
                      " to " + std::to_string(max),
           false;
  *out = static_cast<Int>(n);
  return true;
}

// How a judge's record lines are read back. Every line carries the settings
// object that decides its units ("settings"); a line of another command line is
// refused naming the setting (label names it as the command line does).
struct RecordFormat {
  std::string program;                    // "Compete", in messages
  std::function<std::string()> settings;  // this run's settings object
  SettingLabels labels;                   // a setting's key in the command line's words
  // Reads a line's own members into *index (the unit); "" or what is wrong.
  std::function<std::string(const JsonValue& line, int* index)> read_unit;
  std::function<std::string(int index)> describe_unit;  // "game 1 of round 0"
  std::function<int(int index)> shard_key;              // unit i is of shard shard_key(i) % N
  std::string shard_rule;                               // "the round in shard K", for the refusal
  // Optional: the settings of a line that carries none of its own, made from
  // its members (false: the line lacks them). Default: its "settings" member.
  std::function<bool(const JsonValue& line, JsonValue* settings)> settings_of;
  // Optional: called with the first line's settings before they are compared
  // (no --seed: the run takes the record's); "" or what is wrong.
  std::function<std::string(const JsonValue& settings)> adopt;
};

// Reads the record at `path` into *units, after those there (a unit already
// there is refused as recorded twice). `what` ("--resume", "--merge") begins
// the messages. A missing record is an empty one for a resume. With `own_shard`
// (a resume: "K/N" of this run, "" for a whole run), every line must be of it.
// A last line cut short sets *torn and is skipped. False with *problem naming
// the file, the line and what is wrong.
bool read_record_units(const std::string& path, const std::string& what, const RecordFormat& format,
                       const std::string* own_shard, std::vector<RecordedUnit>* units, bool* torn,
                       std::string* problem);

// The same for a record's text; `source` ("--resume: record 'r.jsonl'") begins
// every message.
bool read_record_text(const std::string& text, const std::string& source, const RecordFormat& format,
                      const std::string* own_shard, std::vector<RecordedUnit>* units, bool* torn, std::string* problem);

// --merge: the shards' records as the whole run's `total` units, in unit order,
// each line without its shard member. 0 when every unit is there; 1 when units
// are missing (*problem names their shards, `unit_words` counts them: "games");
// 2 when a record cannot be read, ends cut short, mixes shard counts or is of
// another command line.
int merge_records(const std::vector<std::string>& paths, const RecordFormat& format, int total,
                  const std::string& unit_words, std::vector<RecordedUnit>* units, std::string* problem);

// --- results committed --------------------------------------------------

// Rewrites the replay page at `path` with these record lines; false with *error.
using PageWriter =
    std::function<bool(const std::string& path, const std::vector<std::string>& lines, std::string* error)>;

// Where a run's finished units go, each at once: the result file rewritten
// whole, its record line appended, the replay page rewritten with every line
// so far. The result file and the record change under results_mutex(), so a
// judge stopped by a signal never leaves one with a unit the other lacks.
// After the first failure the sink keeps its message and writes nothing more.
class ResultSink {
 public:
  // Any path may be "" (that file is not written).
  ResultSink(std::string result_path, std::string record_path, std::string page_path, PageWriter page);

  // Writes the files as the run starts: the result file `result` (unless
  // `result` is null), the record `record_text` (unless null), the page with
  // `page_lines`. `resumed`: first removes what a judge killed mid-write left
  // beside them and beside `more` (atomic_file.h).
  bool start(const std::string* result, const std::string* record_text, std::vector<std::string> page_lines,
             bool resumed, const std::vector<std::string>& more = {});
  // One finished unit: the result file (unless null), its line appended to the
  // record (unless `append` is false) and added to the page.
  bool commit(const std::string* result, const std::string& line, bool append = true);

  // True when a record or a page is written: the judge makes record lines.
  bool wants_lines() const { return !record_path_.empty() || !page_path_.empty(); }
  bool failed() const { return !error_.empty(); }
  const std::string& error() const { return error_; }
  const std::vector<std::string>& page_lines() const { return page_lines_; }

 private:
  bool fail(const std::string& why);
  std::string result_path_, record_path_, page_path_;
  PageWriter page_;
  std::vector<std::string> page_lines_;
  std::string error_;
};

}  // namespace judge
