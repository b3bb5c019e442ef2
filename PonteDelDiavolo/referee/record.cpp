#include "record.h"

#include <climits>

#include "../../common/cli.h"
#include "../../common/json.h"

namespace pdd {
namespace {

using judge::whole_member;

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

// The string at `key` into *out: required, or (`optional`) absent.
bool text(const judge::JsonValue& v, const char* key, bool optional, std::string* out, std::string* problem) {
  const judge::JsonValue* m = v.find(key);
  if (!m && optional) return true;
  if (!m || m->type != judge::JsonValue::kString)
    return *problem = std::string("field '") + key + "' is missing or not a string", false;
  *out = m->text;
  return true;
}

bool read_score(const judge::JsonValue& v, const char* key, PlayerScore* s, std::string* problem) {
  const judge::JsonValue* m = v.find(key);
  if (!m) return true;
  const std::string where = std::string(key) + ": ";
  if (m->type != judge::JsonValue::kObject)
    return *problem = std::string("field '") + key + "' is not an object", false;
  if (whole_member(*m, "points", 0, 1000000, &s->points, problem) &&
      whole_member(*m, "islands", 0, 1000000, &s->islands, problem) &&
      whole_member(*m, "bridges", 0, 1000000, &s->bridges, problem) &&
      whole_member(*m, "connected_islands", 0, 1000000, &s->connected_islands, problem) &&
      whole_member(*m, "independent_islands", 0, 1000000, &s->independent_islands, problem))
    return true;
  return *problem = where + *problem, false;
}

bool read_times(const judge::JsonValue& v, const char* key, std::vector<int64_t>* out, std::string* problem) {
  const judge::JsonValue* m = v.find(key);
  if (!m) return true;
  if (m->type != judge::JsonValue::kArray) return *problem = std::string("field '") + key + "' is not an array", false;
  for (const judge::JsonValue& t : m->items) {
    long long ms = 0;
    if (t.type != judge::JsonValue::kNumber || !judge::parse_int(t.text, 0, INT64_MAX, &ms))
      return *problem = std::string("field '") + key + "' holds something other than whole milliseconds", false;
    out->push_back(ms);
  }
  return true;
}

}  // namespace

std::vector<judge::SideEvents> sandbox_events(const GameResult& r) {
  std::vector<judge::SideEvents> sides;
  for (Colour c : {kWhite, kBlack})
    sides.push_back(judge::SideEvents{std::string(1, colour_letter(c)), r.refused[c], r.daemons_killed[c]});
  return sides;
}

RecordLine record_of(int game, uint64_t seed, const MatchOptions& o, const GameResult& r, const std::string& shard) {
  RecordLine line;
  line.game = game;
  line.seed = seed;
  line.white = o.program[kWhite];
  line.black = o.program[kBlack];
  line.winner = r.winner == kWhite ? "W" : r.winner == kBlack ? "B" : "draw";
  line.reason = r.reason;
  line.violation = r.violation == Violation::kNone ? std::string() : violation_code(r.violation);
  line.violator = r.violator == kEmpty ? "" : std::string(1, colour_letter(r.violator));
  line.detail = r.detail;
  line.time_limit_ms = o.time_limit_ms;
  line.white_score = r.score[kWhite];
  line.black_score = r.score[kBlack];
  line.actions = r.actions;
  line.skips = r.skips;
  for (const auto& s : r.steps) line.steplog += (line.steplog.empty() ? "" : " ") + format_step(s);
  for (const auto& m : r.moves)
    (m.colour == kWhite ? line.white_ms : line.black_ms).push_back(static_cast<int64_t>(m.ms + 0.5));
  line.sandbox = sandbox_events(r);
  line.folder = o.game_dir;
  line.shard = shard;
  return line;
}

std::string write_record_line(const RecordLine& line) {
  judge::JsonWriter json;
  json.begin_object()
      .field("game", line.game)
      .field("seed", line.seed)
      .field("white", line.white)
      .field("black", line.black)
      .field("winner", line.winner)
      .field("reason", line.reason)
      .field("violation", line.violation)
      .field("violator", line.violator)
      .field("detail", line.detail)
      .field("time_limit_ms", static_cast<int64_t>(line.time_limit_ms));
  score_json(json, "white_score", line.white_score);
  score_json(json, "black_score", line.black_score);
  json.field("actions", line.actions).field("skips", line.skips).field("steplog", line.steplog);
  for (const std::vector<int64_t>* times : {&line.white_ms, &line.black_ms}) {
    json.key(times == &line.white_ms ? "white_ms" : "black_ms").begin_array();
    for (int64_t ms : *times) json.value(ms);
    json.end_array();
  }
  // What happened to each side's hostile attempts, only when something did.
  judge::write_sandbox_events(json, line.sandbox);
  json.field("folder", line.folder);
  if (!line.shard.empty()) json.field("shard", line.shard);  // a shard's line: its last member
  return json.end_object().str();
}

std::string record_line(int game, uint64_t seed, const MatchOptions& o, const GameResult& r, const std::string& shard) {
  return write_record_line(record_of(game, seed, o, r, shard));
}

bool read_record_line(const judge::JsonValue& v, RecordLine* line, std::string* problem) {
  *line = RecordLine();
  const judge::JsonValue* seed = v.find("seed");
  if (!whole_member(v, "game", 1, 1000000, &line->game, problem)) return false;
  if (!seed || seed->type != judge::JsonValue::kNumber || !judge::parse_u64(seed->text, &line->seed))
    return *problem = "field 'seed' is missing or not a whole number", false;
  if (!text(v, "white", false, &line->white, problem) || !text(v, "black", false, &line->black, problem) ||
      !text(v, "winner", false, &line->winner, problem) ||
      !whole_member(v, "time_limit_ms", 0, 1LL << 40, &line->time_limit_ms, problem) ||
      !text(v, "steplog", false, &line->steplog, problem))
    return false;
  if (line->winner != "W" && line->winner != "B" && line->winner != "draw")
    return *problem = "field 'winner' is not W, B or draw", false;
  for (auto [key, out] : {std::pair{"reason", &line->reason},
                          {"violation", &line->violation},
                          {"violator", &line->violator},
                          {"detail", &line->detail},
                          {"folder", &line->folder},
                          {"shard", &line->shard}})
    if (!text(v, key, true, out, problem)) return false;
  return read_score(v, "white_score", &line->white_score, problem) &&
         read_score(v, "black_score", &line->black_score, problem) &&
         (!v.find("actions") || whole_member(v, "actions", 0, 1000000, &line->actions, problem)) &&
         (!v.find("skips") || whole_member(v, "skips", 0, 1000000, &line->skips, problem)) &&
         read_times(v, "white_ms", &line->white_ms, problem) && read_times(v, "black_ms", &line->black_ms, problem);
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
    RecordLine line;
    std::string error;
    if (!read_record_line(v, &line, &error) || line.seed < static_cast<uint64_t>(line.game - 1)) return false;
    RefereeSettings made;
    const bool swapped = run->alternate && line.game % 2 == 0;
    made.first = swapped ? line.black : line.white;
    made.second = swapped ? line.white : line.black;
    made.seed = line.seed - static_cast<uint64_t>(line.game - 1);
    made.time_limit_ms = line.time_limit_ms;
    return judge::parse_json(made.json(), settings, &error);
  };
  f.read_unit = [games](const judge::JsonValue& v, int* index) -> std::string {
    RecordLine line;
    std::string problem;
    if (!read_record_line(v, &line, &problem)) return problem;
    if (line.game > games) return "no game number from 1 to " + std::to_string(games);
    *index = line.game - 1;
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
