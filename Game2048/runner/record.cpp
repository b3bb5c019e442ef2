#include "record.h"

#include "../../common/cli.h"
#include "../../common/json.h"
#include "../../common/json_read.h"
#include "../../common/sandbox_record.h"
#include "../../common/shards.h"
#include "../engine/recorded_moves.h"

namespace g2048 {
namespace {

// The command-line words a setting comes from, for the refusal message.
const judge::SettingLabels kSettingLabels = {{"seed", "--seed"},
                                             {"games", "--games"},
                                             {"bot", "the bot"},
                                             {"move_limit_ms", "--move-limit"},
                                             {"memory_limit_mb", "--memory-limit"},
                                             {"idle_limit", "--idle-limit"}};

using judge::int_member;

// Fills *g from a record line's members; "" or what is wrong.
std::string read_game(const judge::JsonValue& v, int games, GameRecord* g) {
  long long game = 0, score = 0, max_tile = 0, moves = 0, cpu_us = 0;
  if (!int_member(v, "game", 1, games, &game)) return "no game number from 1 to " + std::to_string(games);
  if (!int_member(v, "score", 0, INT64_MAX, &score) || !int_member(v, "max_tile", 0, 1 << 30, &max_tile) ||
      !int_member(v, "moves", 0, INT64_MAX, &moves) || !int_member(v, "bot_cpu_us", 0, INT64_MAX, &cpu_us))
    return "score, max_tile, moves or bot_cpu_us missing or out of range";
  g->game = static_cast<int>(game);
  g->score = score;
  g->max_tile = static_cast<int>(max_tile);
  g->moves = moves;
  g->bot_cpu_us = cpu_us;
  g->bot_cpu_seconds = cpu_us / 1e6;
  const judge::JsonValue* end = v.find("end");
  bool known = false;
  for (GameRecord::End e : {GameRecord::kOver, GameRecord::kCrashed, GameRecord::kTimedOut, GameRecord::kIdle})
    if (end && end->type == judge::JsonValue::kString && end->text == end_name(e)) {
      g->end = e;
      known = true;
    }
  if (!known) return "'end' is not over, crashed, timed out or stuck";
  const judge::JsonValue* detail = v.find("detail");
  if (!detail || detail->type != judge::JsonValue::kString) return "no 'detail' text";
  g->detail = detail->text;
  const judge::JsonValue* directions = v.find("directions");
  const judge::JsonValue* spawns = v.find("spawns");
  if (!directions || directions->type != judge::JsonValue::kString || !spawns ||
      spawns->type != judge::JsonValue::kString)
    return "no 'directions' or 'spawns' text";
  if (static_cast<long long>(directions->text.size()) != moves)
    return "field 'directions' has " + std::to_string(directions->text.size()) + " moves, field 'moves' says " +
           std::to_string(moves);
  std::vector<ContestGame::Spawn> tiles;  // checked, not kept: a run keeps figures, not moves
  if (std::string wrong = read_recorded_moves(directions->text, spawns->text, &tiles); !wrong.empty()) return wrong;
  const judge::JsonValue* reached = v.find("reached");
  if (!reached || reached->type != judge::JsonValue::kObject) return "no 'reached' object";
  for (const auto& [tile, at] : reached->members) {
    int i = 0;
    while (i < kMilestones && std::to_string(1 << (kFirstMilestone + i)) != tile) ++i;
    long long when = 0;
    if (i == kMilestones || at.type != judge::JsonValue::kNumber || !judge::parse_int(at.text, 0, moves, &when))
      return "'reached' holds '" + tile + "': " + at.dump() + " (expected a tile 2048 to 131072 and a move count)";
    g->reached[i] = when;
  }
  if (const judge::JsonValue* refused = v.find("refused")) {
    if (refused->type != judge::JsonValue::kArray) return "'refused' is not an array";
    for (const judge::JsonValue& r : refused->items) {
      const judge::JsonValue *call = r.find("call"), *error = r.find("errno"), *count = r.find("count");
      uint64_t n = 0;
      if (r.type != judge::JsonValue::kObject || !call || call->type != judge::JsonValue::kString || !error ||
          error->type != judge::JsonValue::kString || !count || count->type != judge::JsonValue::kNumber ||
          !judge::parse_u64(count->text, &n))
        return "an item of 'refused' is not {call, errno, count}";
      g->refused.push_back(judge::Refusal{call->text, error->text, n});
    }
  }
  if (const judge::JsonValue* killed = v.find("daemons_killed")) {
    const judge::JsonValue* count = nullptr;
    long long n = 0;
    if (killed->type == judge::JsonValue::kArray && killed->items.size() == 1 &&
        killed->items[0].type == judge::JsonValue::kObject)
      count = killed->items[0].find("count");
    if (!count || count->type != judge::JsonValue::kNumber || !judge::parse_int(count->text, 1, 1 << 30, &n))
      return "'daemons_killed' is not [{player, count}] with a count from 1";
    g->daemons_killed = static_cast<int>(n);
  }
  return "";
}

}  // namespace

const char* end_name(GameRecord::End end) {
  switch (end) {
    case GameRecord::kOver: return "over";
    case GameRecord::kCrashed: return "crashed";
    case GameRecord::kTimedOut: return "timed out";
    case GameRecord::kIdle: return "stuck";
  }
  return "?";
}

std::string run_settings_json(const RunConfig& config) {
  judge::JsonWriter json;
  return json.begin_object()
      .field("seed", config.seed)
      .field("games", config.games)
      .field("bot", config.bot_argument)
      .field("move_limit_ms", config.call_limit_ms)
      .field("memory_limit_mb", static_cast<int64_t>(config.memory_limit_bytes >> 20))
      .field("idle_limit", config.idle_limit)
      .end_object()
      .str();
}

std::string record_line(const GameRecord& g, const ContestGame& state, const RunConfig& config) {
  judge::JsonWriter json;
  json.begin_object();
  json.field("game", g.game).field("seed", config.seed).field("bot", config.bot_path).field("end", end_name(g.end));
  json.field("score", g.score).field("max_tile", g.max_tile).field("moves", g.moves);
  json.field("bot_cpu_s", g.bot_cpu_seconds).field("bot_cpu_us", g.bot_cpu_us);
  json.key("reached").begin_object();
  for (int i = 0; i < kMilestones; ++i)
    if (g.reached[i] >= 0) json.field(std::to_string(1 << (kFirstMilestone + i)), g.reached[i]);
  json.end_object();
  json.field("detail", g.detail);
  judge::write_sandbox_events(json, {judge::SideEvents{"bot", g.refused, g.daemons_killed}});
  json.field("directions", state.directions()).field("spawns", spawns_text(state.spawns()));
  json.key("settings").raw(run_settings_json(config));
  if (config.shards > 1) json.field("shard", judge::shard_name(config.shard, config.shards));
  json.end_object();
  return json.str();
}

judge::RecordFormat record_format(const RunConfig& config) {
  judge::RecordFormat f;
  f.program = "Run2048";
  const std::string settings = run_settings_json(config);
  f.settings = [settings] { return settings; };
  f.labels = kSettingLabels;
  f.read_unit = [games = config.games](const judge::JsonValue& v, int* index) {
    GameRecord g;
    const std::string wrong = read_game(v, games, &g);
    *index = g.game - 1;
    return wrong;
  };
  f.describe_unit = [](int i) { return "game " + std::to_string(i + 1); };
  f.shard_key = [](int i) { return i; };
  f.shard_rule = "game - 1 = K modulo N";
  return f;
}

std::vector<RecordedGame> recorded_games(const std::vector<judge::RecordedUnit>& units, int games) {
  std::vector<RecordedGame> out;
  for (const judge::RecordedUnit& u : units) {
    RecordedGame g;
    read_game(u.value, games, &g.record);  // checked as the unit was read
    g.line = u.line;
    g.shard = u.shard;
    out.push_back(std::move(g));
  }
  return out;
}

bool read_run_record(const std::string& text, const std::string& source, const RunConfig& config,
                     std::vector<RecordedGame>* games, bool* torn, std::string* problem) {
  std::vector<judge::RecordedUnit> units(games->size());  // the games there already: not twice
  for (size_t i = 0; i < games->size(); ++i) units[i].index = (*games)[i].record.game - 1;
  const size_t before = units.size();
  const bool ok = judge::read_record_text(text, source, record_format(config), nullptr, &units, torn, problem);
  units.erase(units.begin(), units.begin() + static_cast<long>(before));
  for (RecordedGame& g : recorded_games(units, config.games)) games->push_back(std::move(g));
  return ok;
}

}  // namespace g2048
