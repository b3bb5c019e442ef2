#include "resume.h"

#include "../common/cli.h"
#include "../common/shards.h"

namespace c4 {
namespace {

// The command-line words a setting comes from, for the refusal message.
const judge::SettingLabels kSettingLabels = {{"match_seed", "--seed"},
                                             {"rounds", "the round count"},
                                             {"a", "strategy A"},
                                             {"b", "strategy B"},
                                             {"time_limit_ms", "--time-limit"},
                                             {"memory_limit_mb", "--memory-limit"},
                                             {"env_a", "A's --move-time / --move-iterations"},
                                             {"env_b", "B's --move-time / --move-iterations"},
                                             {"sprt", "--sprt"},
                                             {"sprt_model", "--sprt-model"}};

// A unit read back as the match's game (read_unit read its line already).
RecordedGame recorded_game(const judge::RecordedUnit& unit) {
  RecordLine line;
  std::string problem;
  read_record_line(unit.value, &line, &problem);
  RecordedGame g;
  g.round = unit.index / 2;
  g.game = unit.index % 2;
  g.code = line.result.code;
  g.time_us_a = line.result.time_us_a;
  g.time_us_b = line.result.time_us_b;
  g.line = unit.line;
  g.shard = unit.shard;
  return g;
}

}  // namespace

std::string settings_difference(const std::string& recorded, const std::string& current) {
  return judge::settings_difference(recorded, current, kSettingLabels, "Compete");
}

judge::RecordFormat record_format(MatchConfig* config, bool seed_given, bool* seed_from_record) {
  judge::RecordFormat f;
  f.program = "Compete";
  f.settings = [config] { return match_settings_json(*config); };
  f.labels = kSettingLabels;
  f.read_unit = [config](const judge::JsonValue& v, int* index) -> std::string {
    RecordLine line;
    std::string problem;
    if (!read_record_line(v, &line, &problem)) return problem;
    if (line.round >= config->rounds)
      return "round " + std::to_string(line.round) + " is not below the round count, " + std::to_string(config->rounds);
    *index = 2 * line.round + line.game - 1;
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
