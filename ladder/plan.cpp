#include "plan.h"

#include <filesystem>
#include <fstream>
#include <ostream>
#include <set>
#include <utility>

#include "../common/cli.h"
#include "../common/json.h"
#include "../common/run_loop.h"
#include "../common/shards.h"
#include "ledger.h"
#include "matchmaking.h"
#include "sha256.h"
#include "standings.h"

namespace ladder {

using judge::JsonValue;

namespace {

// A pairing of the plan: its id "s<S>-<i>" and its players as the ledger had them.
struct PlannedPairing {
  std::string id;
  Player a, b;
};

std::string plan_name(uint64_t seed) { return "s" + std::to_string(seed); }

// The plan of `games` games: the same on every shard given the same ledger.
std::vector<PlannedPairing> make_plan(const Ledger& ledger, uint64_t seed, int games) {
  const std::string plan = plan_name(seed);
  std::vector<GameLine> before;
  for (const GameLine& g : ledger.games)
    if (g.plan != plan) before.push_back(g);
  const Standings standings = compute_standings(ledger.roster, before);
  Field field(ledger.roster, standings, before, {});
  std::vector<PlannedPairing> pairings;
  for (int i = 0; i < (games + 1) / 2; ++i) {
    int a = 0, b = 0;
    if (!field.choose(&a, &b)) break;
    field.count(a, b);
    if (a > b) std::swap(a, b);  // a pair is always recorded the same way round
    pairings.push_back({plan + "-" + std::to_string(i), ledger.roster.players()[a], ledger.roster.players()[b]});
  }
  return pairings;
}

// The settings that decide a plan's games; "plan" fingerprints its pairings
// and their players' files, so that a shard of a changed ladder is refused.
std::string plan_settings(GameKind game, uint64_t seed, int games, const std::vector<PlannedPairing>& pairings,
                          const PlaySettings& s) {
  std::string pairs;
  for (const PlannedPairing& p : pairings)
    pairs += p.id + " " + p.a.id + " " + p.a.sha256 + " " + p.b.id + " " + p.b.sha256 + "\n";
  judge::JsonWriter json;
  json.begin_object()
      .key("game")
      .value(game_kind_id(game))
      .key("seed")
      .value(seed)
      .key("games")
      .value(games)
      .key("pairings")
      .value(static_cast<int>(pairings.size()))
      .key("plan")
      .value(sha256_hex(pairs).substr(0, 16))
      .key("time_limit")
      .value(s.time_limit_ms)
      .key("move_time")
      .value(static_cast<int64_t>(s.move_time_ms))
      .key("memory_limit")
      .value(static_cast<int64_t>(s.memory_mb))
      .end_object();
  return json.str();
}

// What a merge knows of the plan: its settings as the records carry them.
struct PlanOfRecords {
  std::string settings;  // the JSON object
  std::string name;      // "s<S>"
  int pairings = 0;
  std::string game;  // its "game": "connect4", "pdd"
};

// A game of the plan as a shard records it: the games.jsonl line, then the
// players' sha256, the plan's settings and the shard (the last member).
struct PlanGame {
  GameLine game;
  std::string sha256_a, sha256_b;
};

std::string plan_game_line(const PlanGame& g, const std::string& settings, const std::string& shard) {
  std::string line = game_line(g.game);
  line.pop_back();  // the closing brace
  judge::JsonWriter more;
  more.begin_object().key("sha256_a").value(g.sha256_a).key("sha256_b").value(g.sha256_b).key("settings").raw(settings);
  more.key("shard").value(shard).end_object();
  return line + "," + more.str().substr(1);
}

// Game g of pairing "<name>-<i>": unit 2i+g, if i < pairings.
bool unit_of(const std::string& pairing, int game, const PlanOfRecords& plan, int* unit) {
  const std::string prefix = plan.name + "-";
  long long i = 0;
  if (pairing.compare(0, prefix.size(), prefix) != 0 ||
      !judge::parse_int(pairing.substr(prefix.size()), 0, plan.pairings - 1, &i) || game < 0 || game > 1)
    return false;
  *unit = static_cast<int>(2 * i + game);
  return true;
}

bool read_plan_game(const JsonValue& v, const PlanOfRecords& plan, PlanGame* g, int* unit, std::string* problem) {
  if (!parse_game(v, "", &g->game, problem)) return false;
  const JsonValue* a = v.find("sha256_a");
  const JsonValue* b = v.find("sha256_b");
  if (!a || a->type != JsonValue::kString || !b || b->type != JsonValue::kString)
    return *problem = "field 'sha256_a' or 'sha256_b' is missing or not a string", false;
  g->sha256_a = a->text;
  g->sha256_b = b->text;
  if (g->game.plan != plan.name || !unit_of(g->game.pairing, g->game.game, plan, unit))
    return *problem = "game " + std::to_string(g->game.game) + " of pairing '" + g->game.pairing +
                      "' is not of the plan " + plan.name + " (pairings " + plan.name + "-0 to " + plan.name + "-" +
                      std::to_string(plan.pairings - 1) + ", games 0 and 1)",
           false;
  return true;
}

judge::RecordFormat plan_format(const PlanOfRecords& plan) {
  judge::RecordFormat f;
  f.program = "ladder";
  f.settings = [&plan] { return plan.settings; };
  f.labels = {{"game", "the ladder's game"},
              {"seed", "--seed"},
              {"games", "--games"},
              {"pairings", "the plan's pairings"},
              {"plan", "the plan (its pairings and players; the ladder has changed since)"},
              {"time_limit", "--time-limit"},
              {"move_time", "--move-time"},
              {"memory_limit", "--memory-limit"}};
  f.read_unit = [&plan](const JsonValue& line, int* index) {
    PlanGame g;
    std::string problem;
    return read_plan_game(line, plan, &g, index, &problem) ? "" : problem;
  };
  f.describe_unit = [&plan](int u) {
    return "game " + std::to_string(u % 2) + " of pairing " + plan.name + "-" + std::to_string(u / 2);
  };
  f.shard_key = [](int u) { return u / 2; };
  f.shard_rule = "the pairing " + plan.name + "-<i> in shard i % N";
  return f;
}

// The plan's settings from the first line of the first record that has one.
int read_plan_of_records(const std::vector<std::string>& records, PlanOfRecords* plan, std::string* problem) {
  for (const std::string& path : records) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) continue;
    std::ifstream in(path);
    std::string first;
    if (!std::getline(in, first) || first.empty()) continue;  // a shard without games
    JsonValue line;
    std::string error;
    const JsonValue* s = nullptr;
    const JsonValue* seed = nullptr;
    long long pairings = 0;
    uint64_t seed_value = 0;
    if (!judge::parse_json(first, &line, &error) || !(s = line.find("settings")) || s->type != JsonValue::kObject ||
        !judge::int_member(*s, "pairings", 1, 10000000, &pairings) || !(seed = s->find("seed")) ||
        seed->type != JsonValue::kNumber || !judge::parse_u64(seed->text, &seed_value)) {
      *problem = "--merge: record '" + path + "' line 1: not a game of a ladder's plan (ladder play --shard)";
      return 2;
    }
    plan->name = plan_name(seed_value);
    const JsonValue* game = s->find("game");
    plan->game = game && game->type == JsonValue::kString ? game->text : "no game";
    plan->settings = s->dump();
    plan->pairings = static_cast<int>(pairings);
    return 0;
  }
  *problem = "--merge: none of the records holds a game of a plan";
  return 1;
}

}  // namespace

int run_plan_shard(const Folder& folder, const PlaySettings& settings, const judge::RunSettings& run, int games,
                   std::ostream& out, std::ostream& err) {
  std::vector<PlannedPairing> pairings;
  {
    FolderLock lock(folder);
    Ledger ledger;
    std::string error;
    if (!lock.ok() || !read_ledger(folder, &ledger, &error)) {
      err << "ladder: " << (lock.ok() ? error : lock.error()) << "\n";
      return 1;
    }
    for (const std::string& w : ledger.warnings) err << "ladder: warning: " << w << "\n";
    pairings = make_plan(ledger, run.seed, games);
  }
  if (pairings.empty()) {
    err << "ladder: fewer than two active, playable players (ladder add DIR NAME FILE)\n";
    return 1;
  }
  PlanOfRecords plan{plan_settings(settings.game, run.seed, games, pairings, settings), plan_name(run.seed),
                     static_cast<int>(pairings.size()), game_kind_id(settings.game)};
  const judge::RecordFormat format = plan_format(plan);
  const judge::RunStart start = judge::start_run(run, format, 2 * plan.pairings, "game", "games", {});
  if (start.status != 0) {
    err << "ladder: " << start.problem << "\n";
    return start.status;
  }
  judge::ResultSink sink("", run.record_path, "", nullptr);
  if (!sink.start(nullptr, &start.kept, {}, true)) {
    err << "ladder: " << sink.error() << "\n";
    return 1;
  }
  const std::string shard = judge::shard_name(run.shard, run.shards);
  judge::OrderedPool<PlanGame> pool(static_cast<int>(start.plan.size()), static_cast<int>(run.jobs));
  auto play = [&](int, int i, const std::vector<int>& cores, PlanGame* g) {
    const int unit = start.plan[i];
    const PlannedPairing& p = pairings[unit / 2];
    PlaySettings s = settings;
    s.cores = cores;
    g->game.plan = plan.name;
    g->sha256_a = p.a.sha256;
    g->sha256_b = p.b.sha256;
    std::string error;
    if (!play_ladder_game(s, p.a, p.b, p.id, unit % 2, seed_of_pairing(p.id), &g->game, &error))
      return pool.fail(i, error);
    return true;
  };
  int played = 0;
  auto commit = [&](int, PlanGame& g) {
    if (!sink.commit(nullptr, plan_game_line(g, plan.settings, shard))) return judge::AfterUnit::kStop;
    ++played;
    out << result_line(g.game) << "\n" << std::flush;
    return judge::AfterUnit::kGoOn;
  };
  std::string failure;
  const bool ok = judge::play_units<PlanGame>(&pool, play, commit, &failure);
  if (sink.failed() || !ok) {
    err << "ladder: " << (sink.failed() ? sink.error() : failure) << "\n";
    return 1;
  }
  out << "played " << played << " games; shard " << shard << " has "
      << start.recorded.size() + static_cast<size_t>(played) << " of its games in " << run.record_path
      << " (then: ladder merge DIR RECORD...)\n";
  return 0;
}

int run_plan_merge(const Folder& folder, GameKind game, const std::vector<std::string>& records, std::ostream& out,
                   std::ostream& err) {
  for (const std::string& path : records) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
      err << "ladder: merge: '" << path
          << "' is a folder: the merge takes the shards' records (ladder play DIR --shard K/N --record FILE)\n";
      return 2;
    }
  }
  PlanOfRecords plan;
  std::string problem;
  if (const int status = read_plan_of_records(records, &plan, &problem)) {
    err << "ladder: " << problem << "\n";
    return status;
  }
  if (plan.game != game_kind_id(game)) {
    err << "ladder: --merge: the records are games of " << plan.game << ", " << folder.settings() << " is a ladder of "
        << game_kind_id(game) << "\n";
    return 2;
  }
  const judge::RecordFormat format = plan_format(plan);
  std::vector<judge::RecordedUnit> units;
  if (const int status = judge::merge_records(records, format, 2 * plan.pairings, "games", &units, &problem)) {
    err << "ladder: " << problem << "\n";
    return status;
  }
  FolderLock lock(folder);
  Ledger mine;
  if (!lock.ok() || !read_ledger(folder, &mine, &problem)) {
    err << "ladder: " << (lock.ok() ? problem : lock.error()) << "\n";
    return 1;
  }
  for (const std::string& w : mine.warnings) err << "ladder: warning: " << w << "\n";
  // Every player as DIR has it, before any line is added.
  std::vector<PlanGame> plan_games(units.size());
  for (size_t k = 0; k < units.size(); ++k) {
    PlanGame& g = plan_games[k];
    int unit = 0;
    read_plan_game(units[k].value, plan, &g, &unit, &problem);  // read once already by the merge
    for (const auto& [id, sha256] : {std::make_pair(g.game.a, g.sha256_a), std::make_pair(g.game.b, g.sha256_b)}) {
      const int p = mine.roster.find(id);
      const std::string where = "--merge: " + format.describe_unit(unit) + ": player '" + id + "'";
      if (p < 0) {
        err << "ladder: " << where << " is not in " << folder.players()
            << " (add it there first, with the same file)\n";
        return 1;
      }
      if (mine.roster.players()[p].sha256 != sha256) {
        err << "ladder: " << where << " has sha256 " << sha256 << ", but " << folder.players() << " has "
            << mine.roster.players()[p].sha256 << "\n";
        return 1;
      }
    }
  }
  std::set<std::pair<std::string, int>> have;
  for (const GameLine& g : mine.games) have.insert({g.pairing, g.game});
  int added = 0;
  for (const PlanGame& g : plan_games) {
    if (!have.insert({g.game.pairing, g.game.game}).second) continue;
    std::vector<std::string> warnings;
    if (!append_record_line(folder.games(), game_line(g.game), &warnings, &problem)) {
      err << "ladder: " << problem << "\n";
      return 1;
    }
    for (const std::string& w : warnings) err << "ladder: warning: " << w << "\n";
    ++added;
  }
  out << "merged " << added << " new games of the plan's " << plan_games.size() << " into " << folder.games() << "\n";
  return 0;
}

}  // namespace ladder
