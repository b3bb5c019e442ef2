#include "record.h"

#include <cmath>
#include <initializer_list>
#include <sstream>

#include "../Game2048/engine/recorded_moves.h"
#include "../common/json_read.h"

namespace viewer {
namespace {

using judge::JsonValue;

// Checks one game's line; on failure *error names the field (without file and line).
class LineCheck {
 public:
  explicit LineCheck(const JsonValue& line) : line_(line) {}

  const JsonValue* field(const char* name, JsonValue::Type type) {
    const JsonValue* v = line_.find(name);
    if (!v) return fail(std::string("field '") + name + "' is missing");
    if (v->type != type)
      return fail(std::string("field '") + name + "' is " + judge::json_type_name(v->type) + ", expected " +
                  judge::json_type_name(type));
    return v;
  }
  // A whole number in [min, max].
  const JsonValue* integer(const char* name, double min, double max) {
    const JsonValue* v = field(name, JsonValue::kNumber);
    if (v && !whole_in(*v, min, max))
      return fail(std::string("field '") + name + "' is " + number_text(v->number) + ", expected a whole number from " +
                  number_text(min) + " to " + number_text(max));
    return v;
  }
  const JsonValue* optional(const char* name, JsonValue::Type type) {
    return line_.find(name) ? field(name, type) : nullptr;
  }

  std::nullptr_t fail(const std::string& why) {
    if (error_.empty()) error_ = why;
    return nullptr;
  }
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }

  static bool whole_in(const JsonValue& v, double min, double max) {
    return v.type == JsonValue::kNumber && v.number == std::floor(v.number) && v.number >= min && v.number <= max;
  }
  static std::string number_text(double x) {
    std::ostringstream out;
    out << x;
    return out.str();
  }

 private:
  const JsonValue& line_;
  std::string error_;
};

// Compete: the board, both plugins, every move [side, x, y, ms], the result.
void check_connect_four(LineCheck& c) {
  c.integer("round", 0, 1e9);
  c.integer("game", 1, 2);
  const JsonValue* M = c.integer("M", 1, 64);
  const JsonValue* N = c.integer("N", 1, 64);
  c.field("a", JsonValue::kString);
  c.field("b", JsonValue::kString);
  const JsonValue* first = c.field("first", JsonValue::kString);
  if (first && first->text != "A" && first->text != "B") c.fail("field 'first' is neither \"A\" nor \"B\"");
  c.integer("code", -4, 8);
  c.field("reason", JsonValue::kString);
  if (!M || !N) return;
  const double rows = M->number, cols = N->number;
  c.integer("noX", 0, rows - 1);
  c.integer("noY", 0, cols - 1);
  const JsonValue* moves = c.field("moves", JsonValue::kArray);
  if (!moves) return;
  for (size_t i = 0; i < moves->items.size(); ++i) {
    const JsonValue& m = moves->items[i];
    const auto& v = m.items;
    // The CPU milliseconds (fifth) came later: older records lack them.
    bool good = m.type == JsonValue::kArray && (v.size() == 4 || v.size() == 5) && v[0].type == JsonValue::kString &&
                (v[0].text == "A" || v[0].text == "B") && LineCheck::whole_in(v[1], 0, rows - 1) &&
                LineCheck::whole_in(v[2], 0, cols - 1) && v[3].type == JsonValue::kNumber &&
                (v.size() == 4 || v[4].type == JsonValue::kNumber);
    if (!good)
      return (void)c.fail("field 'moves' item " + std::to_string(i + 1) +
                          " is not [\"A\" or \"B\", row, column, milliseconds[, CPU milliseconds]] on the board");
  }
  c.optional("time_limit_ms", JsonValue::kNumber);
  if (const JsonValue* win = c.optional("win", JsonValue::kArray))
    for (const JsonValue& cell : win->items)
      if (cell.type != JsonValue::kArray || cell.items.size() != 2 ||
          !LineCheck::whole_in(cell.items[0], 0, rows - 1) || !LineCheck::whole_in(cell.items[1], 0, cols - 1))
        return (void)c.fail("field 'win' holds something other than [row, column] cells on the board");
  if (const JsonValue* illegal = c.optional("illegal", JsonValue::kArray))
    if (illegal->items.size() != 2 || illegal->items[0].type != JsonValue::kNumber ||
        illegal->items[1].type != JsonValue::kNumber)
      c.fail("field 'illegal' is not [row, column]");
}

// Run2048: the game's figures, and its moves and spawns to replay it.
void check_2048(LineCheck& c) {
  c.integer("game", 1, 1e9);
  c.integer("score", 0, 1e15);
  c.integer("max_tile", 0, 1 << 30);
  const JsonValue* moves = c.integer("moves", 0, 1e12);
  c.field("end", JsonValue::kString);
  c.field("reached", JsonValue::kObject);
  c.field("detail", JsonValue::kString);
  c.field("bot_cpu_s", JsonValue::kNumber);
  const JsonValue* directions = c.field("directions", JsonValue::kString);
  const JsonValue* spawns = c.field("spawns", JsonValue::kString);
  if (!moves || !directions || !spawns) return;
  const std::string& d = directions->text;
  if (d.size() != moves->number)
    return (void)c.fail("field 'directions' has " + std::to_string(d.size()) + " moves, field 'moves' says " +
                        LineCheck::number_text(moves->number));
  std::vector<g2048::ContestGame::Spawn> tiles;
  if (const std::string wrong = g2048::read_recorded_moves(d, spawns->text, &tiles); !wrong.empty())
    return (void)c.fail(wrong);
}

// One stepLog action: "W_3_Chess_0,2_1,3".
bool step_ok(const std::string& step) {
  std::istringstream in(step);
  std::string part[5];
  for (int i = 0; i < 5; ++i)
    if (!std::getline(in, part[i], '_')) return false;
  std::string rest;
  if (std::getline(in, rest)) return false;
  if (part[0] != "W" && part[0] != "B") return false;
  if (part[1].empty() || part[1].find_first_not_of("0123456789") != std::string::npos) return false;
  if (part[2] != "Chess" && part[2] != "Bridge" && part[2] != "Change") return false;
  for (int i = 3; i < 5; ++i)
    if (part[i].size() != 3 || part[i][1] != ',' || part[i][0] < '0' || part[i][0] > '9' || part[i][2] < '0' ||
        part[i][2] > '9')
      return false;
  return true;
}

// pdd-referee: both programs, the result, the scores, the stepLog, the turn times.
void check_ponte(LineCheck& c) {
  c.integer("game", 1, 1e9);
  c.field("white", JsonValue::kString);
  c.field("black", JsonValue::kString);
  const JsonValue* winner = c.field("winner", JsonValue::kString);
  if (winner && winner->text != "W" && winner->text != "B" && winner->text != "draw")
    c.fail("field 'winner' is not \"W\", \"B\" or \"draw\"");
  c.field("reason", JsonValue::kString);
  c.field("violation", JsonValue::kString);
  c.field("violator", JsonValue::kString);
  for (const char* side : {"white_score", "black_score"}) {
    const JsonValue* score = c.field(side, JsonValue::kObject);
    if (!score) continue;
    for (const char* part : {"points", "islands", "bridges"}) {
      const JsonValue* v = score->find(part);
      if (!v || v->type != JsonValue::kNumber)
        return (void)c.fail(std::string("field '") + side + "' lacks the number '" + part + "'");
    }
  }
  for (const char* side : {"white_ms", "black_ms"}) {
    const JsonValue* times = c.field(side, JsonValue::kArray);
    if (times)
      for (const JsonValue& t : times->items)
        if (t.type != JsonValue::kNumber) return (void)c.fail(std::string("field '") + side + "' holds a non-number");
  }
  const JsonValue* steplog = c.field("steplog", JsonValue::kString);
  if (!steplog) return;
  std::istringstream in(steplog->text);
  std::string step;
  for (int i = 1; in >> step; ++i)
    if (!step_ok(step))
      return (void)c.fail("field 'steplog' action " + std::to_string(i) + " is '" + step +
                          "' (expected like W_3_Chess_0,2_1,3)");
}

// Any judge: an optional array of counts per player, when there were any:
// [{"player": "A", <texts: strings>, "count": 2}, ...]. `shape` names the item
// in the message.
void check_counts(LineCheck& c, const char* key, std::initializer_list<const char*> texts, const char* shape) {
  const JsonValue* list = c.optional(key, JsonValue::kArray);
  if (!list) return;
  for (size_t i = 0; i < list->items.size(); ++i) {
    const JsonValue& item = list->items[i];
    const JsonValue* count = item.type == JsonValue::kObject ? item.find("count") : nullptr;
    bool good = count && LineCheck::whole_in(*count, 1, 1e15);
    for (const char* name : texts) good = good && item.find(name) && item.find(name)->type == JsonValue::kString;
    if (!good)
      return (void)c.fail(std::string("field '") + key + "' item " + std::to_string(i + 1) + " is not " + shape);
  }
}

// What the sandbox refused a plugin, and the processes a side left running
// that the judge killed.
void check_refused(LineCheck& c) {
  check_counts(c, "refused", {"player", "call", "errno"},
               "{\"player\", \"call\", \"errno\": strings, \"count\": a whole number >= 1}");
}
void check_daemons_killed(LineCheck& c) {
  check_counts(c, "daemons_killed", {"player"}, "{\"player\": a string, \"count\": a whole number >= 1}");
}

Kind detect(const JsonValue& line) {
  if (line.find("steplog")) return Kind::kPonte;
  if (line.find("directions") || line.find("spawns")) return Kind::k2048;
  if (line.find("moves") && line.find("M")) return Kind::kConnectFour;
  return Kind::kNone;
}

const char* judge_name(Kind kind) {
  switch (kind) {
    case Kind::kConnectFour: return "Compete";
    case Kind::k2048: return "Run2048";
    case Kind::kPonte: return "pdd-referee";
    case Kind::kNone: break;
  }
  return "no judge";
}

}  // namespace

const char* kind_id(Kind kind) {
  switch (kind) {
    case Kind::kConnectFour: return "connect4";
    case Kind::k2048: return "2048";
    case Kind::kPonte: return "pdd";
    case Kind::kNone: break;
  }
  return "none";
}

bool parse_record(const std::string& text, const std::string& file_name, Record* out, std::string* error) {
  *out = Record();
  std::istringstream in(text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    const std::string where = file_name + ":" + std::to_string(number) + ": ";
    JsonValue value;
    std::string why;
    if (!judge::parse_json(line, &value, &why)) {
      *error = where + "not valid JSON: " + why;
      return false;
    }
    if (value.type != JsonValue::kObject) {
      *error = where + "not a JSON object but " + judge::json_type_name(value.type);
      return false;
    }
    Kind kind = detect(value);
    if (kind == Kind::kNone) {
      *error = where + "not a game of Compete, Run2048 or pdd-referee (no field 'moves', 'directions' or 'steplog')";
      return false;
    }
    if (out->kind != Kind::kNone && kind != out->kind) {
      *error = where + "a game of " + judge_name(kind) + " in a record of " + judge_name(out->kind);
      return false;
    }
    out->kind = kind;
    LineCheck check(value);
    if (kind == Kind::kConnectFour)
      check_connect_four(check);
    else if (kind == Kind::k2048)
      check_2048(check);
    else
      check_ponte(check);
    check_refused(check);
    check_daemons_killed(check);
    check.optional("analysis", JsonValue::kObject);  // its contents: checked, loosely, by the page
    if (!check.ok()) {
      *error = where + check.error();
      return false;
    }
    out->lines.push_back(line);
  }
  return true;
}

std::string link_step(const std::string& line) {
  JsonValue value;
  std::string why;
  if (!judge::parse_json(line, &value, &why) || value.type != JsonValue::kObject) return "end";
  const JsonValue* analysis = value.find("analysis");
  const JsonValue* moves = value.find("moves");
  const JsonValue* losing = analysis && analysis->type == JsonValue::kObject ? analysis->find("losing_move") : nullptr;
  if (!losing || !moves || moves->type != JsonValue::kArray ||
      !LineCheck::whole_in(*losing, 1, static_cast<double>(moves->items.size())))
    return "end";
  return std::to_string(static_cast<long long>(losing->number));
}

}  // namespace viewer
