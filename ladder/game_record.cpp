#include "game_record.h"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

#include "../common/cli.h"
#include "../common/json.h"
#include "../common/json_read.h"
#include "../common/record_fields.h"

namespace ladder {

using judge::JsonValue;

namespace {

// The members of a games.jsonl line, in the order written; "record" follows when the game has one.
const judge::RecordFields<GameLine>& game_fields() {
  static const judge::RecordFields<GameLine> fields = {{"pairing", &GameLine::pairing},
                                                       {"game", &GameLine::game},
                                                       {"a", &GameLine::a},
                                                       {"b", &GameLine::b},
                                                       {"seed", &GameLine::seed},
                                                       {"plan", &GameLine::plan},
                                                       {"score_a", &GameLine::score_a},
                                                       {"result", &GameLine::result},
                                                       {"reason", &GameLine::reason},
                                                       {"time", &GameLine::time}};
  return fields;
}

// The members of a claims.jsonl line, in the order written.
const judge::RecordFields<Claim>& claim_fields() {
  static const judge::RecordFields<Claim> fields = {
      {"pairing", &Claim::pairing}, {"a", &Claim::a},         {"b", &Claim::b},      {"seed", &Claim::seed},
      {"plan", &Claim::plan},       {"owner", &Claim::owner}, {"time", &Claim::time}};
  return fields;
}

}  // namespace

std::string game_line(const GameLine& g) {
  judge::JsonWriter json;
  json.begin_object();
  game_fields().write(g, &json);
  if (!g.record.empty()) json.key("record").raw(g.record);
  json.end_object();
  return json.str();
}

std::string claim_line(const Claim& c) {
  judge::JsonWriter json;
  json.begin_object();
  claim_fields().write(c, &json);
  json.end_object();
  return json.str();
}

bool parse_game(const JsonValue& v, const std::string& where, GameLine* g, std::string* error) {
  if (!game_fields().read(v, where, g, error)) return false;
  if (g->result != "a" && g->result != "b" && g->result != "draw" && g->result != "void")
    return *error = where + "field 'result' is '" + g->result + "', not a, b, draw or void", false;
  if (g->score_a != 0 && g->score_a != 0.5 && g->score_a != 1)
    return *error = where + "field 'score_a' is " + v.find("score_a")->text + ", not 0, 0.5 or 1", false;
  if (const JsonValue* record = v.find("record")) g->record = record->dump();
  return true;
}

bool parse_claim(const JsonValue& v, const std::string& where, Claim* c, std::string* error) {
  return claim_fields().read(v, where, c, error);
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

bool read_ledger_lines(const std::string& text, const std::string& source, const LedgerLine& each,
                       std::vector<std::string>* warnings, std::string* error) {
  bool torn = false;
  std::string problem;
  const bool ok = judge::read_json_lines(
      text, source,
      [&](int, const std::string& where, const std::string& line, const JsonValue& v) {
        return each(where, line, v, &problem);
      },
      &torn, error);
  if (!ok && !problem.empty()) *error = problem;
  if (torn) warnings->push_back(source + ": the last line was cut short (a process killed mid-write); ignored");
  return ok;
}

bool read_games(const std::string& text, const std::string& source, std::vector<GameLine>* games,
                std::vector<std::string>* warnings, std::string* error) {
  std::set<std::pair<std::string, int>> seen;
  auto each = [&](const std::string& where, const std::string&, const JsonValue& v, std::string* problem) {
    GameLine g;
    if (!parse_game(v, where, &g, problem)) return false;
    add_game(std::move(g), where, &seen, games, warnings);
    return true;
  };
  return read_ledger_lines(text, source, each, warnings, error);
}

bool read_claims(const std::string& text, const std::string& source, std::vector<Claim>* claims,
                 std::vector<std::string>* warnings, std::string* error) {
  auto each = [&](const std::string& where, const std::string&, const JsonValue& v, std::string* problem) {
    Claim c;
    if (!parse_claim(v, where, &c, problem)) return false;
    claims->push_back(std::move(c));
    return true;
  };
  return read_ledger_lines(text, source, each, warnings, error);
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
