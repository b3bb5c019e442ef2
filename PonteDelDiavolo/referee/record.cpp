#include "record.h"

#include "../../common/cli.h"
#include "../../common/json.h"

namespace pdd {
namespace {

void score_json(judge::JsonWriter& json, const std::string& key, const PlayerScore& s) {
  json.key(key)
      .begin_object()
      .field("points", s.points)
      .field("islands", s.islands)
      .field("bridges", s.bridges)
      .field("connected_islands", s.connected_islands)
      .field("independent_islands", s.independent_islands)
      .end_object();
}

const judge::JsonValue* member(const judge::JsonValue& v, const char* key, judge::JsonValue::Type type) {
  const judge::JsonValue* m = v.find(key);
  return m && m->type == type ? m : nullptr;
}

}  // namespace

std::vector<judge::SideEvents> sandbox_events(const GameResult& r) {
  std::vector<judge::SideEvents> sides;
  for (Colour c : {kWhite, kBlack})
    sides.push_back(judge::SideEvents{std::string(1, colour_letter(c)), r.refused[c], r.daemons_killed[c]});
  return sides;
}

std::string record_line(int game, uint64_t seed, const MatchOptions& o, const GameResult& r, const std::string& shard) {
  judge::JsonWriter json;
  json.begin_object()
      .field("game", game)
      .field("seed", seed)
      .field("white", o.program[kWhite])
      .field("black", o.program[kBlack])
      .field("winner", r.winner == kWhite   ? "W"
                       : r.winner == kBlack ? "B"
                                            : "draw")
      .field("reason", r.reason)
      .field("violation", r.violation == Violation::kNone ? std::string() : violation_code(r.violation))
      .field("violator", r.violator == kEmpty ? "" : std::string(1, colour_letter(r.violator)))
      .field("detail", r.detail)
      .field("time_limit_ms", o.time_limit_ms);
  score_json(json, "white_score", r.score[kWhite]);
  score_json(json, "black_score", r.score[kBlack]);
  json.field("actions", r.actions).field("skips", r.skips);
  std::string steps;
  for (const auto& s : r.steps) steps += (steps.empty() ? "" : " ") + format_step(s);
  json.field("steplog", steps);
  for (Colour c : {kWhite, kBlack}) {
    json.key(c == kWhite ? "white_ms" : "black_ms").begin_array();
    for (const auto& m : r.moves)
      if (m.colour == c) json.value(static_cast<int64_t>(m.ms + 0.5));
    json.end_array();
  }
  // What happened to each side's hostile attempts, only when something did.
  judge::write_sandbox_events(json, sandbox_events(r));
  json.field("folder", o.game_dir);
  if (!shard.empty()) json.field("shard", shard);  // a shard's line: its last member
  return json.end_object().str();
}

std::string RefereeSettings::json() const {
  judge::JsonWriter w;
  w.begin_object().key("programs").begin_array().value(first).value(second).end_array();
  return w.field("seed", seed).field("time_limit_ms", static_cast<int64_t>(time_limit_ms)).end_object().str();
}

judge::RecordFormat record_format(RefereeSettings* run, long long games, bool seed_given) {
  judge::RecordFormat f;
  f.program = "pdd-referee";
  f.settings = [run] { return run->json(); };
  f.labels = {{"programs", "the programs (or --alternate)"}, {"seed", "--seed"}, {"time_limit_ms", "--time-limit"}};
  f.settings_of = [run](const judge::JsonValue& v, judge::JsonValue* settings) {
    using T = judge::JsonValue;
    const T *game = member(v, "game", T::kNumber), *seed = member(v, "seed", T::kNumber),
            *white = member(v, "white", T::kString), *black = member(v, "black", T::kString),
            *limit = member(v, "time_limit_ms", T::kNumber);
    long long g = 0;
    uint64_t s = 0;
    RefereeSettings made;
    if (!game || !seed || !white || !black || !limit || !judge::parse_int(game->text, 1, 1000000, &g) ||
        !judge::parse_u64(seed->text, &s) || s < static_cast<uint64_t>(g - 1) ||
        !judge::parse_int(limit->text, 0, 1LL << 40, &made.time_limit_ms))
      return false;
    const bool swapped = run->alternate && g % 2 == 0;
    made.first = swapped ? black->text : white->text;
    made.second = swapped ? white->text : black->text;
    made.seed = s - static_cast<uint64_t>(g - 1);
    std::string error;
    return judge::parse_json(made.json(), settings, &error);
  };
  f.read_unit = [games](const judge::JsonValue& v, int* index) -> std::string {
    long long g = 0;
    const judge::JsonValue* game = member(v, "game", judge::JsonValue::kNumber);
    if (!game || !judge::parse_int(game->text, 1, games, &g))
      return "no game number from 1 to " + std::to_string(games);
    const judge::JsonValue* winner = member(v, "winner", judge::JsonValue::kString);
    if (!winner || (winner->text != "W" && winner->text != "B" && winner->text != "draw"))
      return "'winner' is not W, B or draw";
    *index = static_cast<int>(g - 1);
    return "";
  };
  f.describe_unit = [](int i) { return "game " + std::to_string(i + 1); };
  f.shard_key = [](int i) { return i; };
  f.shard_rule = "game - 1 = K modulo N";
  if (!seed_given)
    f.adopt = [run](const judge::JsonValue& settings) -> std::string {
      const judge::JsonValue* seed = settings.find("seed");
      if (!seed || !judge::parse_u64(seed->text, &run->seed)) return "no seed";
      return "";
    };
  return f;
}

}  // namespace pdd
