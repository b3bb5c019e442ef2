#include "game_record.h"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

#include "../common/cli.h"
#include "../common/json.h"
#include "../common/json_read.h"

namespace ladder {

using judge::JsonValue;

std::string game_line(const GameLine& g) {
  judge::JsonWriter json;
  json.begin_object()
      .field("pairing", g.pairing)
      .field("game", g.game)
      .field("a", g.a)
      .field("b", g.b)
      .field("seed", g.seed)
      .field("plan", g.plan)
      .field("score_a", g.score_a)
      .field("result", g.result)
      .field("reason", g.reason)
      .field("time", g.time);
  if (!g.record.empty()) json.key("record").raw(g.record);
  json.end_object();
  return json.str();
}

std::string claim_line(const Claim& c) {
  judge::JsonWriter json;
  json.begin_object()
      .field("pairing", c.pairing)
      .field("a", c.a)
      .field("b", c.b)
      .field("seed", c.seed)
      .field("plan", c.plan)
      .field("owner", c.owner)
      .field("time", c.time)
      .end_object();
  return json.str();
}

namespace {

bool text_of(const JsonValue& v, const char* key, const std::string& where, std::string* out, std::string* error) {
  const JsonValue* m = v.find(key);
  if (!m || m->type != JsonValue::kString)
    return *error = where + "field '" + key + "' is " + (m ? "'" + m->dump() + "'" : "missing") + ", not a string",
           false;
  *out = m->text;
  return true;
}

bool number_of(const JsonValue& v, const char* key, const std::string& where, double* out, std::string* error) {
  const JsonValue* m = v.find(key);
  if (!m || m->type != JsonValue::kNumber)
    return *error = where + "field '" + key + "' is " + (m ? "'" + m->dump() + "'" : "missing") + ", not a number",
           false;
  *out = m->number;
  return true;
}

bool seed_of(const JsonValue& v, const std::string& where, uint64_t* out, std::string* error) {
  const JsonValue* m = v.find("seed");
  if (!m || m->type != JsonValue::kNumber || !judge::parse_u64(m->text, out))
    return *error = where + "field 'seed' is " + (m ? "'" + m->dump() + "'" : "missing") + ", not a whole number",
           false;
  return true;
}

}  // namespace

bool parse_game(const JsonValue& v, const std::string& where, GameLine* g, std::string* error) {
  double game = 0;
  if (!text_of(v, "pairing", where, &g->pairing, error) || !number_of(v, "game", where, &game, error) ||
      !text_of(v, "a", where, &g->a, error) || !text_of(v, "b", where, &g->b, error) ||
      !seed_of(v, where, &g->seed, error) || !text_of(v, "plan", where, &g->plan, error) ||
      !number_of(v, "score_a", where, &g->score_a, error) || !text_of(v, "result", where, &g->result, error) ||
      !text_of(v, "reason", where, &g->reason, error) || !text_of(v, "time", where, &g->time, error))
    return false;
  if (g->result != "a" && g->result != "b" && g->result != "draw" && g->result != "void")
    return *error = where + "field 'result' is '" + g->result + "', not a, b, draw or void", false;
  if (g->score_a != 0 && g->score_a != 0.5 && g->score_a != 1)
    return *error = where + "field 'score_a' is " + v.find("score_a")->text + ", not 0, 0.5 or 1", false;
  g->game = static_cast<int>(game);
  if (const JsonValue* record = v.find("record")) g->record = record->dump();
  return true;
}

bool parse_claim(const JsonValue& v, const std::string& where, Claim* c, std::string* error) {
  return text_of(v, "pairing", where, &c->pairing, error) && text_of(v, "a", where, &c->a, error) &&
         text_of(v, "b", where, &c->b, error) && seed_of(v, where, &c->seed, error) &&
         text_of(v, "plan", where, &c->plan, error) && text_of(v, "owner", where, &c->owner, error);
}

bool add_game(GameLine game, const std::string& where, std::set<std::pair<std::string, int>>* seen,
              std::vector<GameLine>* games, std::vector<std::string>* warnings) {
  if (!seen->insert({game.pairing, game.game}).second) {
    warnings->push_back(where + "game " + std::to_string(game.game) + " of pairing " + game.pairing +
                        " is already in the file; this copy is ignored");
    return false;
  }
  games->push_back(std::move(game));
  return true;
}

bool read_games(const std::string& text, const std::string& source, std::vector<GameLine>* games,
                std::vector<std::string>* warnings, std::string* error) {
  std::set<std::pair<std::string, int>> seen;
  bool torn = false;
  std::string problem;
  const bool ok = judge::read_json_lines(
      text, source,
      [&](int, const std::string& where, const std::string&, const JsonValue& v) {
        GameLine g;
        if (!parse_game(v, where, &g, &problem)) return false;
        add_game(std::move(g), where, &seen, games, warnings);
        return true;
      },
      &torn, error);
  if (!ok && !problem.empty()) *error = problem;
  if (torn) warnings->push_back(source + ": the last line was cut short (a process killed mid-write); ignored");
  return ok;
}

bool read_claims(const std::string& text, const std::string& source, std::vector<Claim>* claims,
                 std::vector<std::string>* warnings, std::string* error) {
  bool torn = false;
  std::string problem;
  const bool ok = judge::read_json_lines(
      text, source,
      [&](int, const std::string& where, const std::string&, const JsonValue& v) {
        Claim c;
        if (!parse_claim(v, where, &c, &problem)) return false;
        claims->push_back(std::move(c));
        return true;
      },
      &torn, error);
  if (!ok && !problem.empty()) *error = problem;
  if (torn) warnings->push_back(source + ": the last line was cut short (a process killed mid-write); ignored");
  return ok;
}

namespace {

std::string host_name() {
  char name[256] = {0};
  if (::gethostname(name, sizeof name - 1) != 0) return "localhost";
  return name;
}

// Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot.
std::string start_time_of(long pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  if (!std::getline(in, stat)) return "";
  const size_t close = stat.rfind(')');
  if (close == std::string::npos) return "";
  std::istringstream rest(stat.substr(close + 2));
  std::string field;
  for (int k = 3; k <= 22 && rest >> field; ++k) {
  }
  return field;
}

}  // namespace

std::string this_owner() {
  const long pid = static_cast<long>(::getpid());
  return host_name() + ":" + std::to_string(pid) + ":" + start_time_of(pid);
}

bool owner_alive(const std::string& owner) {
  const size_t second = owner.rfind(':');
  const size_t first = second == std::string::npos || second == 0 ? std::string::npos : owner.rfind(':', second - 1);
  if (first == std::string::npos) return true;
  if (owner.substr(0, first) != host_name()) return true;
  long long pid = 0;
  if (!judge::parse_int(owner.substr(first + 1, second - first - 1), 1, 1LL << 31, &pid)) return true;
  const std::string start = start_time_of(static_cast<long>(pid));
  return !start.empty() && start == owner.substr(second + 1);
}

std::string new_pairing_id() {
  char hex[24];
  std::snprintf(hex, sizeof hex, "p%016llx", static_cast<unsigned long long>(judge::random_seed()));
  return hex;
}

uint64_t seed_of_pairing(const std::string& id) {
  uint64_t h = 1469598103934665603ULL;  // FNV-1a, then a final mix
  for (unsigned char c : id) h = (h ^ c) * 1099511628211ULL;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return h % 1000000000ULL;
}

}  // namespace ladder
