#include "grade_run.h"

#include <algorithm>
#include <filesystem>

#include "../../Compete/match.h"
#include "../../common/atomic_file.h"
#include "../../common/cli.h"
#include "../../viewer/page.h"

namespace grade {

std::string Settings::describe() const {
  return "seed " + std::to_string(seed) + ", time limit " + std::to_string(time_limit_ms) + " ms" +
         (move_time_ms ? ", STRATEGY_MOVE_MS=" + std::to_string(move_time_ms) : std::string()) +
         (group ? ", group " + std::to_string(group) : std::string());
}

void SettingsOptions::add_to(judge::OptionTable* table, const std::string& seed_help) {
  // The ladder of this checkout: build/bin/ finds TestCases/ two folders up.
  samples_dir_ = judge::path_beside_executable("../../TestCases");
  table->unsigned64("--seed", "S", &seed_, seed_help, "an unsigned integer", &have_seed_)
      .integer("--group", "G", 1, kGroups, &group_, "play group G (1..5) only", "a group from 1 to 5")
      .integer("--move-time", "MS", 1, 3600000, &move_time_ms_,
               "sets STRATEGY_MOVE_MS=MS for the strategy, as Compete's --move-time (quick runs)",
               "milliseconds from 1 to 3600000")
      .integer("--time-limit", "MS", 1, 3600000, &time_limit_ms_,
               "wall time allowed per getPoint call (default 3000, the OJ's)", "milliseconds from 1 to 3600000")
      .integer("-j", "N", 1, 64, &jobs_, "play N games at once (default 1)", "a whole number from 1 to 64")
      .text("--samples", "DIR", &samples_dir_, "the folder of 1.so .. 50.so (default: the checkout's TestCases/)",
            "a folder")
      .flag("--no-freeze", &no_freeze_,
            "let a plugin's threads run during the opponent's moves too, as the course's\n"
            "framework does (default: its process group is stopped between its moves)");
  judge::add_workdir_options(table, &workdirs_);
}

Settings SettingsOptions::settings() const {
  Settings s;
  s.seed = have_seed_ ? seed_ : judge::random_seed();
  s.group = static_cast<int>(group_);
  s.move_time_ms = static_cast<int>(move_time_ms_);
  s.time_limit_ms = static_cast<int>(time_limit_ms_);
  s.jobs = static_cast<int>(jobs_);
  s.samples_dir = samples_dir_;
  s.workdirs = workdirs_;
  s.freeze = !no_freeze_;
  return s;
}

bool plan(const std::string& strategy, const Settings& settings, std::vector<PlayedGame>* games, std::string* problem) {
  games->clear();
  std::error_code ec;
  for (const GameEntry& entry : oj_order(settings.group)) {
    const std::string path = settings.samples_dir + "/" + std::to_string(entry.sample) + ".so";
    if (!std::filesystem::is_regular_file(path, ec)) {
      *problem = "sample " + path + " is missing (build the ladder with `make`, or pass --samples DIR)";
      return false;
    }
    PlayedGame p;
    p.entry = entry;
    // As in the record: the round is the sample, game 1 the strategy's first move.
    p.game.setup = c4::round_setup(settings.seed, entry.sample, entry.strategy_first ? c4::kA : c4::kB);
    p.game.plugin_a = strategy;
    p.game.plugin_b = path;
    games->push_back(p);
  }
  return true;
}

namespace {

// How the settings describe the strategy (side A); the samples (B) are the
// same without the move time.
c4::PlayerDescription strategy_player(const Settings& settings) {
  c4::PlayerDescription d;
  d.time_limit_ms = settings.time_limit_ms;
  d.move_time_ms = settings.move_time_ms;
  d.freeze = settings.freeze;
  return d;
}

// The match a grade's game is part of, as Compete records it: the strategy
// is A, `sample` (a path) B, a round per sample.
c4::MatchConfig grade_match(const Settings& settings, const std::string& strategy, const std::string& sample) {
  c4::MatchConfig config;
  c4::PlayerDescription a = strategy_player(settings), b = a;
  a.path = strategy;
  b.path = sample;
  b.move_time_ms = 0;
  config.a = c4::player_config(a, nullptr);
  config.b = c4::player_config(b, nullptr);
  config.seed = settings.seed;
  config.rounds = kGroups * kSamplesPerGroup;
  config.shard = settings.shard;
  config.shards = settings.shards;
  return config;
}

// Game p as Compete records it, the round the sample's number.
std::string record_line(const PlayedGame& p, const Settings& settings, const c4::GameResult& result) {
  return c4::record_line(grade_match(settings, p.game.plugin_a, p.game.plugin_b), p.entry.sample, p.game.setup, result);
}

// The words of the command line a setting of the record comes from.
const judge::SettingLabels kSettingLabels = {{"match_seed", "--seed"},
                                             {"a", "the strategy"},
                                             {"b", "--samples"},
                                             {"time_limit_ms", "--time-limit"},
                                             {"env_a", "--move-time"}};

}  // namespace

bool play(std::vector<PlayedGame>* games, const Settings& settings, const std::function<void(size_t)>& finished,
          std::string* error, const std::vector<int>* plan) {
  std::vector<size_t> index;
  if (plan)
    index.assign(plan->begin(), plan->end());
  else
    for (size_t i = 0; i < games->size(); ++i)
      if (!(*games)[i].done) index.push_back(i);
  std::vector<c4::ScheduledGame> specs;
  for (size_t i : index) specs.push_back((*games)[i].game);
  sample_tools::PoolOptions options;
  options.jobs = settings.jobs;
  options.workdirs = settings.workdirs;
  options.a = strategy_player(settings);
  options.b = strategy_player(settings);
  options.b.move_time_ms = 0;  // the samples play at their own pace
  auto done = [&](size_t k, const c4::GameResult& result) {
    const size_t i = index[k];
    PlayedGame& p = (*games)[i];
    p.done = true;
    p.entry.code = result.code;
    p.moves = result.moves.size();
    p.reason = result.reason;
    for (const c4::MoveRecord& m : result.moves)
      if (m.side == c4::kA) p.strategy_max_us = std::max<int64_t>(p.strategy_max_us, m.wall_us);
    p.strategy_us = result.time_us_a;
    p.record = record_line(p, settings, result);
    finished(i);
  };
  return sample_tools::play_games(specs, options, done, error);
}

judge::RecordFormat record_format(const Settings& settings, const std::string& strategy,
                                  const std::vector<PlayedGame>* games) {
  judge::RecordFormat f;
  f.program = "Grade";
  f.settings = [settings, strategy] {
    return c4::match_settings_json(grade_match(settings, strategy, settings.samples_dir));
  };
  f.labels = kSettingLabels;
  // A line's settings name its own sample as B: the samples' folder stands for it.
  f.settings_of = [](const judge::JsonValue& line, judge::JsonValue* made) {
    const judge::JsonValue* settings = line.find("settings");
    if (!settings || settings->type != judge::JsonValue::kObject) return false;
    *made = *settings;
    for (auto& member : made->members)
      if (member.first == "b" && member.second.type == judge::JsonValue::kString) {
        const size_t slash = member.second.text.rfind('/');
        member.second.text.erase(slash == std::string::npos ? 0 : slash);
      }
    return true;
  };
  f.read_unit = [games](const judge::JsonValue& v, int* index) -> std::string {
    c4::RecordLine line;
    std::string problem;
    if (!c4::read_record_line(v, &line, &problem)) return problem;
    for (size_t i = 0; i < games->size(); ++i)
      if ((*games)[i].entry.sample == line.round && (*games)[i].entry.strategy_first == (line.game == 1))
        return *index = static_cast<int>(i), "";
    return "sample " + std::to_string(line.round) + " is not graded by this command line (--group)";
  };
  f.describe_unit = [games](int i) {
    const GameEntry& e = (*games)[i].entry;
    return "the game of sample " + std::to_string(e.sample) + " with the " +
           (e.strategy_first ? "strategy" : "sample") + " first";
  };
  f.shard_key = [](int i) { return i; };
  f.shard_rule = "the games i of the OJ's order with i % N == K";
  return f;
}

void take_recorded(const judge::RecordedUnit& unit, PlayedGame* game) {
  c4::RecordLine line;
  std::string problem;
  c4::read_record_line(unit.value, &line, &problem);
  game->done = true;
  game->entry.code = line.result.code;
  game->strategy_us = line.result.time_us_a;
  game->strategy_max_us = 0;
  game->moves = line.result.moves.size();
  for (const c4::MoveRecord& m : line.result.moves)
    if (m.side == c4::kA) game->strategy_max_us = std::max<int64_t>(game->strategy_max_us, m.wall_us);
  game->reason = line.result.reason;
  game->record = unit.line;
}

std::vector<GameEntry> entries_done(const std::vector<PlayedGame>& games) {
  std::vector<GameEntry> entries;
  for (const PlayedGame& p : games)
    if (p.done) entries.push_back(p.entry);
  return entries;
}

bool write_record_and_page(const std::vector<PlayedGame>& games, const std::string& record_path,
                           const std::string& page_path, const std::string& title, std::string* problem) {
  std::vector<std::string> lines;
  std::string text;
  for (const PlayedGame& p : games)
    if (p.done && !p.record.empty()) lines.push_back(p.record), text += p.record + "\n";
  if (!record_path.empty() && !judge::write_file_atomically(record_path, text, problem)) return false;
  return page_path.empty() || viewer::write_page(page_path, viewer::Kind::kConnectFour, lines, title, problem);
}

}  // namespace grade
