#include "resume.h"

#include <cerrno>
#include <cstring>
#include <set>

#include "../common/atomic_file.h"
#include "../common/cli.h"
#include "../common/json_read.h"
#include "../common/shards.h"

namespace c4 {
namespace {

// The command-line words a setting comes from, for the refusal message.
std::string setting_label(const std::string& key) {
  if (key == "match_seed") return "--seed";
  if (key == "rounds") return "the round count";
  if (key == "a") return "strategy A";
  if (key == "b") return "strategy B";
  if (key == "time_limit_ms") return "--time-limit";
  if (key == "memory_limit_mb") return "--memory-limit";
  if (key == "env_a") return "A's --move-time / --move-iterations";
  if (key == "env_b") return "B's --move-time / --move-iterations";
  if (key == "sprt") return "--sprt";
  if (key == "sprt_model") return "--sprt-model";
  return "'" + key + "'";
}

// An integer member (no fraction, no exponent) of a record line.
bool int_member(const judge::JsonValue& line, const char* key, long long min, long long max, long long* out) {
  const judge::JsonValue* v = line.find(key);
  if (!v || v->type != judge::JsonValue::kNumber) return false;
  return judge::parse_int(v->text, min, max, out);
}

}  // namespace

std::string settings_difference(const std::string& recorded, const std::string& current) {
  return judge::settings_difference(recorded, current, setting_label, "Compete");
}

bool load_record_for_resume(MatchConfig* config, bool seed_given, ResumeNotes* notes, std::string* problem) {
  config->recorded.clear();
  return read_record(config->record_path, "--resume", config, seed_given, notes, problem);
}

bool read_record(const std::string& path, const std::string& what, MatchConfig* config, bool seed_given,
                 ResumeNotes* notes, std::string* problem) {
  std::string text, reason;
  if (!judge::read_whole_file(path, &text, &reason)) {
    if (errno == ENOENT && what == "--resume") return true;  // nothing recorded yet: a fresh start
    *problem = what + ": cannot read the record '" + path + "': " + reason;
    return false;
  }

  std::set<int> seen;
  for (const RecordedGame& g : config->recorded) seen.insert(2 * g.round + g.game);
  auto each = [&](int number, const std::string& where, const std::string& line, const judge::JsonValue& v) {
    const judge::JsonValue* settings = v.find("settings");
    if (!settings || settings->type != judge::JsonValue::kObject) {
      *problem =
          where + "no settings: the record was written by another tool or an older Compete, so it cannot be resumed";
      return false;
    }
    if (!seed_given && config->recorded.empty()) {
      const judge::JsonValue* seed = settings->find("match_seed");
      if (!seed || !judge::parse_u64(seed->text, &config->seed)) {
        *problem = where + "no match seed in its settings";
        return false;
      }
      notes->seed_from_record = true;
    }
    std::string difference = settings_difference(settings->dump(), match_settings_json(*config));
    if (!difference.empty()) {
      *problem = what + ": the record '" + path + "' was made by another command line (line " + std::to_string(number) +
                 "): " + difference;
      return false;
    }
    long long round = 0, game = 0, code = 0, us_a = 0, us_b = 0;
    if (!int_member(v, "round", 0, config->rounds - 1, &round) || !int_member(v, "game", 1, 2, &game) ||
        !int_member(v, "code", -4, 8, &code) || !int_member(v, "time_a_us", 0, INT64_MAX, &us_a) ||
        !int_member(v, "time_b_us", 0, INT64_MAX, &us_b)) {
      *problem = where + "round, game, code or times missing or out of range";
      return false;
    }
    if (!seen.insert(static_cast<int>(2 * round + game - 1)).second) {  // in this file or an earlier one
      *problem = where + "game " + std::to_string(game) + " of round " + std::to_string(round) + " is recorded twice";
      return false;
    }
    // A shard's line names its shard (the line's last member); a shard run
    // again keeps only lines of its own shard.
    const judge::JsonValue* shard = v.find("shard");
    std::string shard_text;
    if (shard) {
      int k = 0, n = 0;
      if (shard->type != judge::JsonValue::kString || !judge::parse_shard(shard->text, &k, &n) || round % n != k) {
        *problem = where + "its shard is not K/N with the round in shard K";
        return false;
      }
      shard_text = shard->text;
    }
    const std::string own_shard = config->shards > 1 ? judge::shard_name(config->shard, config->shards) : "";
    if (what == "--resume" && shard_text != own_shard) {
      *problem = where + "a game of " + (shard_text.empty() ? "the whole match" : "shard " + shard_text) +
                 (own_shard.empty() ? ", not of the whole match" : ", not of shard " + own_shard);
      return false;
    }
    RecordedGame g;
    g.shard = shard_text;
    g.round = static_cast<int>(round);
    g.game = static_cast<int>(game - 1);
    g.code = static_cast<int>(code);
    g.time_us_a = us_a;
    g.time_us_b = us_b;
    g.line = line;
    config->recorded.push_back(g);
    return true;
  };
  return judge::read_json_lines(text, what + ": record '" + path + "'", each, &notes->dropped_torn_line, problem);
}

}  // namespace c4
