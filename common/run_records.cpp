// Records read back for --resume, a shard run again and --merge (judge_run.h).
#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <set>

#include "atomic_file.h"
#include "cli.h"
#include "judge_run.h"
#include "shards.h"

namespace judge {

bool int_member(const JsonValue& line, const char* key, long long min, long long max, long long* out) {
  const JsonValue* v = line.find(key);
  return v && v->type == JsonValue::kNumber && parse_int(v->text, min, max, out);
}

bool read_record_units(const std::string& path, const std::string& what, const RecordFormat& format,
                       const std::string* own_shard, std::vector<RecordedUnit>* units, bool* torn,
                       std::string* problem) {
  std::string text, reason;
  if (!read_whole_file(path, &text, &reason)) {
    if (errno == ENOENT && own_shard) return true;  // nothing recorded yet: a fresh start
    *problem = what + ": cannot read the record '" + path + "': " + reason;
    return false;
  }
  return read_record_text(text, what + ": record '" + path + "'", format, own_shard, units, torn, problem);
}

bool read_record_text(const std::string& text, const std::string& source, const RecordFormat& format,
                      const std::string* own_shard, std::vector<RecordedUnit>* units, bool* torn,
                      std::string* problem) {
  std::set<int> seen;
  for (const RecordedUnit& u : *units) seen.insert(u.index);
  auto each = [&](int, const std::string& where, const std::string& line, const JsonValue& v) {
    JsonValue made;
    const JsonValue* settings =
        format.settings_of ? (format.settings_of(v, &made) ? &made : nullptr) : v.find("settings");
    if (!settings || settings->type != JsonValue::kObject) {
      *problem = where + "no settings: not a record of this " + format.program;
      return false;
    }
    if (format.adopt && units->empty()) {
      if (const std::string wrong = format.adopt(*settings); !wrong.empty()) {
        *problem = where + wrong;
        return false;
      }
    }
    const std::string difference =
        settings_difference(settings->dump(), format.settings(), format.labels, format.program);
    if (!difference.empty()) {
      *problem = where + "made by another command line: " + difference;
      return false;
    }
    RecordedUnit unit;
    if (const std::string wrong = format.read_unit(v, &unit.index); !wrong.empty()) {
      *problem = where + wrong;
      return false;
    }
    if (!seen.insert(unit.index).second) {  // in this file or an earlier one
      *problem = where + format.describe_unit(unit.index) + " is recorded twice";
      return false;
    }
    // A shard's line names its shard (the line's last member).
    if (const JsonValue* shard = v.find("shard")) {
      int k = 0, n = 0;
      if (shard->type != JsonValue::kString || !parse_shard(shard->text, &k, &n) ||
          format.shard_key(unit.index) % n != k) {
        *problem = where + "its shard is not K/N with " + format.shard_rule;
        return false;
      }
      unit.shard = shard->text;
    }
    if (own_shard && unit.shard != *own_shard) {
      *problem = where + format.describe_unit(unit.index) + " is " +
                 (unit.shard.empty() ? "of a whole run" : "a game of shard " + unit.shard) +
                 (own_shard->empty() ? ", not of the whole run" : ", not of shard " + *own_shard);
      return false;
    }
    unit.line = line;
    unit.value = v;
    units->push_back(std::move(unit));
    return true;
  };
  return read_json_lines(text, source, each, torn, problem);
}

int merge_records(const std::vector<std::string>& paths, const RecordFormat& format, int total,
                  const std::string& unit_words, std::vector<RecordedUnit>* units, std::string* problem) {
  units->clear();
  ShardSplit split;    // N of the shards' lines (1 for a whole run's record)
  std::string absent;  // the records that do not exist
  for (const std::string& path : paths) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {  // a lost shard: named below by the units it lacks
      absent += (absent.empty() ? "" : ", ") + path;
      continue;
    }
    const size_t before = units->size();
    bool torn = false;
    if (!read_record_units(path, "--merge", format, nullptr, units, &torn, problem)) return 2;
    if (torn) {
      *problem = "--merge: the record '" + path + "' ends in a line cut short: run its shard again to finish it";
      return 2;
    }
    for (size_t i = before; i < units->size(); ++i) {
      RecordedUnit& u = (*units)[i];
      if (!split.add(u.shard, path, problem)) {
        *problem = "--merge: " + *problem;
        return 2;
      }
      u.line = without_shard_member(u.line, u.shard);  // the single run's line
    }
  }
  std::sort(units->begin(), units->end(),
            [](const RecordedUnit& x, const RecordedUnit& y) { return x.index < y.index; });
  const int shards = split.shards();
  std::vector<bool> present(total, false);
  for (const RecordedUnit& u : *units) present[u.index] = true;
  const std::string missing = missing_shards(
      present, shards, [&](int i) { return format.shard_key(i) % shards; }, unit_words);
  if (missing.empty()) return 0;
  *problem = "--merge: " + missing + (absent.empty() ? "" : "; no such record: " + absent);
  return 1;
}

}  // namespace judge
