#include "resume.h"

#include "../common/cli.h"
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

// A unit read back as the match's game (its members were checked by read_unit).
RecordedGame recorded_game(const judge::RecordedUnit& unit) {
  long long code = 0, us_a = 0, us_b = 0;
  int_member(unit.value, "code", -4, 8, &code);
  int_member(unit.value, "time_a_us", 0, INT64_MAX, &us_a);
  int_member(unit.value, "time_b_us", 0, INT64_MAX, &us_b);
  RecordedGame g;
  g.round = unit.index / 2;
  g.game = unit.index % 2;
  g.code = static_cast<int>(code);
  g.time_us_a = us_a;
  g.time_us_b = us_b;
  g.line = unit.line;
  g.shard = unit.shard;
  return g;
}

}  // namespace

std::string settings_difference(const std::string& recorded, const std::string& current) {
  return judge::settings_difference(recorded, current, setting_label, "Compete");
}

judge::RecordFormat record_format(MatchConfig* config, bool seed_given, bool* seed_from_record) {
  judge::RecordFormat f;
  f.program = "Compete";
  f.settings = [config] { return match_settings_json(*config); };
  f.label = setting_label;
  f.read_unit = [config](const judge::JsonValue& v, int* index) -> std::string {
    long long round = 0, game = 0, code = 0, us = 0;
    if (!int_member(v, "round", 0, config->rounds - 1, &round) || !int_member(v, "game", 1, 2, &game) ||
        !int_member(v, "code", -4, 8, &code) || !int_member(v, "time_a_us", 0, INT64_MAX, &us) ||
        !int_member(v, "time_b_us", 0, INT64_MAX, &us))
      return "round, game, code or times missing or out of range";
    *index = static_cast<int>(2 * round + game - 1);
    return "";
  };
  f.describe_unit = [](int i) { return "game " + std::to_string(i % 2 + 1) + " of round " + std::to_string(i / 2); };
  f.shard_key = [](int i) { return i / 2; };
  f.shard_rule = "the round in shard K";
  if (!seed_given)
    f.adopt = [config, seed_from_record](const judge::JsonValue& settings) -> std::string {
      const judge::JsonValue* seed = settings.find("match_seed");
      if (!seed || !judge::parse_u64(seed->text, &config->seed)) return "no match seed in its settings";
      if (seed_from_record) *seed_from_record = true;
      return "";
    };
  return f;
}

judge::RunStart read_match_records(const judge::RunSettings& run, const std::vector<std::string>& records,
                                   bool seed_given, const std::string& program, MatchConfig* config,
                                   bool* seed_from_record) {
  judge::RecordFormat format = record_format(config, seed_given, seed_from_record);
  format.program = program;
  judge::RunStart start = judge::start_run(run, format, 2 * config->rounds, "game", "games", records);
  config->recorded.clear();
  for (const judge::RecordedUnit& u : start.recorded) config->recorded.push_back(recorded_game(u));
  config->plan = start.plan;
  return start;
}

}  // namespace c4
