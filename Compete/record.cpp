#include "record.h"

#include <cmath>

#include "../common/cli.h"
#include "../common/json.h"
#include "../common/judge_run.h"
#include "../common/sandbox_record.h"

namespace c4 {
namespace {

using judge::JsonValue;
using judge::whole_member;

// The member `key` of `v` when it has the type `type`, else null with
// *problem naming it ("field 'M' is missing or not a number").
const JsonValue* member(const JsonValue& v, const char* key, JsonValue::Type type, std::string* problem) {
  const JsonValue* m = v.find(key);
  if (m && m->type == type) return m;
  *problem = std::string("field '") + key + "' is missing or not " + judge::json_type_name(type);
  return nullptr;
}

// A whole number in [min, max] at `key`, or no such member (*out keeps its value).
template <class Int>
bool optional_whole(const JsonValue& v, const char* key, long long min, long long max, Int* out, std::string* problem) {
  return !v.find(key) || whole_member(v, key, min, max, out, problem);
}

// True if `v` is a whole number in [min, max].
bool whole_in(const JsonValue& v, long long min, long long max) {
  long long n = 0;
  return v.type == JsonValue::kNumber && judge::parse_int(v.text, min, max, &n);
}

int64_t microseconds(const JsonValue& ms) { return static_cast<int64_t>(std::llround(ms.number * 1000)); }

}  // namespace

std::string write_record_line(const RecordLine& line) {
  const GameResult& result = line.result;
  judge::JsonWriter json;
  json.begin_object()
      .field("round", line.round)
      .field("game", line.game)
      .field("seed", line.seed)
      .field("M", line.M)
      .field("N", line.N)
      .field("noX", line.noX)
      .field("noY", line.noY)
      .field("a", line.a)
      .field("b", line.b)
      .field("first", side_name(line.first))
      .field("time_limit_ms", line.time_limit_ms);
  json.key("moves").begin_array();
  for (const MoveRecord& m : result.moves)
    json.begin_array()
        .value(side_name(m.side))
        .value(m.x)
        .value(m.y)
        .value(m.wall_us / 1000.0)
        .value(m.cpu_us / 1000.0)
        .end_array();
  json.end_array();
  if (!result.win.empty()) {
    json.key("win").begin_array();
    for (const auto& cell : result.win) json.begin_array().value(cell.first).value(cell.second).end_array();
    json.end_array();
  }
  if (result.has_illegal) json.key("illegal").begin_array().value(result.illegal_x).value(result.illegal_y).end_array();
  json.field("code", result.code)
      .field("result", describe_result(result.code))
      .field("reason", result.reason)
      .field("time_a_ms", result.time_us_a / 1000.0)
      .field("time_b_ms", result.time_us_b / 1000.0)
      .field("time_a_us", result.time_us_a)
      .field("time_b_us", result.time_us_b)
      .field("peak_rss_a_mb", result.peak_resident_kb[kA] / 1024.0)
      .field("peak_rss_b_mb", result.peak_resident_kb[kB] / 1024.0);
  // What the sandbox did to the players' attempts (only when something happened).
  std::vector<judge::SideEvents> sides;
  for (Side side : {kA, kB}) {
    judge::SideEvents events{side_name(side), {}, result.daemons_killed[side]};
    for (const auto& r : result.refused)
      if (r.first == side) events.refused.push_back(r.second);
    sides.push_back(events);
  }
  judge::write_sandbox_events(json, sides);
  if (!line.settings.empty()) json.key("settings").raw(line.settings);
  if (!line.shard.empty()) json.field("shard", line.shard);
  return json.end_object().str();
}

bool read_record_line(const JsonValue& v, RecordLine* line, std::string* problem) {
  *line = RecordLine();
  GameResult& result = line->result;
  const JsonValue* first = member(v, "first", JsonValue::kString, problem);
  const JsonValue* moves = first ? member(v, "moves", JsonValue::kArray, problem) : nullptr;
  if (!moves || !whole_member(v, "round", 0, INT32_MAX, &line->round, problem) ||
      !whole_member(v, "game", 1, 2, &line->game, problem) || !whole_member(v, "M", 1, kMaxSize, &line->M, problem) ||
      !whole_member(v, "N", 1, kMaxSize, &line->N, problem) ||
      !whole_member(v, "noX", 0, line->M - 1, &line->noX, problem) ||
      !whole_member(v, "noY", 0, line->N - 1, &line->noY, problem) ||
      !whole_member(v, "code", -4, 8, &result.code, problem) ||
      !optional_whole(v, "time_limit_ms", 0, INT32_MAX, &line->time_limit_ms, problem) ||
      !optional_whole(v, "time_a_us", 0, INT64_MAX, &result.time_us_a, problem) ||
      !optional_whole(v, "time_b_us", 0, INT64_MAX, &result.time_us_b, problem))
    return false;
  if (first->text != "A" && first->text != "B") return *problem = "field 'first' is neither \"A\" nor \"B\"", false;
  line->first = first->text == "A" ? kA : kB;
  if (const JsonValue* seed = v.find("seed"))
    if (seed->type != JsonValue::kNumber || !judge::parse_u64(seed->text, &line->seed))
      return *problem = "field 'seed' is not a whole number", false;
  for (auto [key, text] : {std::pair{"a", &line->a}, {"b", &line->b}, {"reason", &result.reason}})
    if (const JsonValue* m = v.find(key)) {
      if (m->type != JsonValue::kString) return *problem = std::string("field '") + key + "' is not a string", false;
      *text = m->text;
    }
  for (size_t i = 0; i < moves->items.size(); ++i) {
    const JsonValue& m = moves->items[i];
    const auto& e = m.items;
    // The CPU milliseconds (fifth) came later: older records lack them.
    const bool good = m.type == JsonValue::kArray && (e.size() == 4 || e.size() == 5) &&
                      e[0].type == JsonValue::kString && (e[0].text == "A" || e[0].text == "B") &&
                      whole_in(e[1], 0, line->M - 1) && whole_in(e[2], 0, line->N - 1) &&
                      e[3].type == JsonValue::kNumber && (e.size() == 4 || e[4].type == JsonValue::kNumber);
    if (!good)
      return *problem = "field 'moves' item " + std::to_string(i + 1) +
                        " is not [\"A\" or \"B\", row, column, milliseconds[, CPU milliseconds]] on the board",
             false;
    result.moves.push_back(MoveRecord{e[0].text == "A" ? kA : kB, static_cast<int>(e[1].number),
                                      static_cast<int>(e[2].number), microseconds(e[3]),
                                      e.size() == 5 ? microseconds(e[4]) : 0});
  }
  if (const JsonValue* win = v.find("win")) {
    if (win->type != JsonValue::kArray) return *problem = "field 'win' is not an array", false;
    for (const JsonValue& cell : win->items) {
      if (cell.type != JsonValue::kArray || cell.items.size() != 2 || !whole_in(cell.items[0], 0, line->M - 1) ||
          !whole_in(cell.items[1], 0, line->N - 1))
        return *problem = "field 'win' holds something other than [row, column] cells on the board", false;
      result.win.push_back({static_cast<int>(cell.items[0].number), static_cast<int>(cell.items[1].number)});
    }
  }
  if (const JsonValue* illegal = v.find("illegal")) {
    if (illegal->type != JsonValue::kArray || illegal->items.size() != 2 ||
        illegal->items[0].type != JsonValue::kNumber || illegal->items[1].type != JsonValue::kNumber)
      return *problem = "field 'illegal' is not [row, column]", false;
    result.has_illegal = true;
    result.illegal_x = static_cast<int>(illegal->items[0].number);
    result.illegal_y = static_cast<int>(illegal->items[1].number);
  }
  const char* rss_keys[2] = {"peak_rss_a_mb", "peak_rss_b_mb"};
  for (Side side : {kA, kB})
    if (const JsonValue* rss = v.find(rss_keys[side - kA]); rss && rss->type == JsonValue::kNumber)
      result.peak_resident_kb[side] = std::llround(rss->number * 1024);
  if (const JsonValue* settings = v.find("settings")) {
    if (settings->type != JsonValue::kObject) return *problem = "field 'settings' is not an object", false;
    line->settings = settings->dump();
  }
  if (const JsonValue* shard = v.find("shard")) {
    if (shard->type != JsonValue::kString) return *problem = "field 'shard' is not a string", false;
    line->shard = shard->text;
  }
  return true;
}

}  // namespace c4
