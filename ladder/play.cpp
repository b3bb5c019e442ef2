#include "play.h"

#include <mutex>
#include <utility>
#include <ostream>
#include <set>
#include <unordered_map>
#include <vector>

#include "../common/ordered_pool.h"
#include "ledger.h"
#include "ledger_cache.h"
#include "matchmaking.h"
#include "standings.h"

namespace ladder {

namespace {

struct PlannedPairing {
  std::string id;
  std::string a, b;
};

// The plan of a sharded run: the same on every shard given the same ledger.
std::vector<PlannedPairing> make_plan(const Ledger& ledger, const PlayRequest& request) {
  const std::string plan = "s" + std::to_string(request.seed);
  std::vector<GameLine> before;
  for (const GameLine& g : ledger.games)
    if (g.plan != plan) before.push_back(g);
  const Standings standings = compute_standings(ledger.roster, before);
  Field field(ledger.roster, standings, before, {});
  std::vector<PlannedPairing> pairings;
  for (int i = 0; i < (request.games + 1) / 2; ++i) {
    int a = 0, b = 0;
    if (!field.choose(&a, &b)) break;
    field.count(a, b);
    if (a > b) std::swap(a, b);  // a pair is always recorded the same way round
    pairings.push_back({plan + "-" + std::to_string(i), ledger.roster.players()[a].id, ledger.roster.players()[b].id});
  }
  return pairings;
}

// One pairing to play: its players, and which of its games are missing.
struct Work {
  Claim claim;
  Player a, b;
  std::vector<int> games;
};

class Session {
 public:
  Session(const Folder& folder, const PlaySettings& settings, const PlayRequest& request, std::ostream& out,
          std::ostream& err)
      : folder_(folder),
        settings_(settings),
        request_(request),
        out_(out),
        err_(err),
        owner_(this_owner()),
        cache_(folder) {}

  bool prepare(std::string* error) {
    if (request_.shards <= 1) return true;
    FolderLock lock(folder_);
    if (!lock.ok()) return *error = lock.error(), false;
    Ledger ledger;
    if (!read_ledger(folder_, &ledger, error)) return false;
    plan_ = make_plan(ledger, request_);
    for (size_t i = 0; i < plan_.size(); ++i)
      if (static_cast<int>(i % request_.shards) == request_.shard) mine_.push_back(i);
    return true;
  }

  int units() const { return request_.shards > 1 ? static_cast<int>(mine_.size()) : (request_.games + 1) / 2; }

  // Takes the next pairing under the lock; false with *error on a failure,
  // true with work->games empty when there is nothing left.
  bool claim(Work* work, std::string* error) {
    FolderLock lock(folder_);
    if (!lock.ok()) return *error = lock.error(), false;
    if (!cache_.refresh(error)) return false;
    const Ledger& ledger = cache_.ledger();
    warn(ledger.warnings);
    const std::string plan = request_.shards > 1 ? "s" + std::to_string(request_.seed) : "";
    const std::vector<Claim> open = cache_.open_claims();
    auto missing = [&](const std::string& id) {
      std::vector<int> games;
      for (int g : {0, 1})
        if (!(cache_.games_done(id) & (1u << g))) games.push_back(g);
      return games;
    };
    std::set<std::string> held;  // open pairings whose owner lives
    std::vector<Claim> live;
    for (const Claim& c : open) {
      if (owner_alive(c.owner)) {
        held.insert(c.pairing);
        live.push_back(c);
      }
    }
    Claim chosen;
    bool found = false;
    for (const Claim& c : open) {  // 1. a dead process's pairing
      if (held.count(c.pairing) || c.plan != plan) continue;
      if (!plan.empty() && !in_my_shard(c.pairing)) continue;
      const int a = ledger.roster.find(c.a), b = ledger.roster.find(c.b);
      if (a < 0 || b < 0 || !ledger.roster.players()[a].playable || !ledger.roster.players()[b].playable) continue;
      chosen = c;
      found = true;
      out_line("taking over pairing " + c.pairing + " (" + c.a + " vs " + c.b + ") left by " + c.owner);
      break;
    }
    if (!found && !plan.empty()) {  // 2. the plan's next pairing
      for (size_t i : mine_) {
        const PlannedPairing& p = plan_[i];
        if (held.count(p.id) || missing(p.id).empty()) continue;
        chosen.pairing = p.id;
        chosen.a = p.a;
        chosen.b = p.b;
        found = true;
        break;
      }
      if (!found) return true;
    }
    if (!found) {  // 3. matchmaking
      const Field field(ledger.roster, cache_.standings(), ledger.games, live);
      int a = 0, b = 0;
      if (!field.choose(&a, &b)) {
        *error = "fewer than two active, playable players (ladder add DIR NAME FILE)";
        return false;
      }
      if (a > b) std::swap(a, b);  // a pair is always recorded the same way round (standings_page.h)
      chosen.pairing = new_pairing_id();
      chosen.a = ledger.roster.players()[a].id;
      chosen.b = ledger.roster.players()[b].id;
    }
    chosen.plan = plan;
    chosen.seed = seed_of_pairing(chosen.pairing);
    chosen.owner = owner_;
    chosen.time = utc_now();
    std::vector<std::string> warnings;
    if (!append_record_line(folder_.claims(), claim_line(chosen), &warnings, error)) return false;
    warn(warnings);
    work->claim = chosen;
    work->games = missing(chosen.pairing);
    work->a = ledger.roster.players()[ledger.roster.find(chosen.a)];
    work->b = ledger.roster.players()[ledger.roster.find(chosen.b)];
    return true;
  }

  // Plays the work's games on `cores` (the worker's share), each recorded as
  // it ends. Returns the games played.
  bool play(const Work& work, const std::vector<int>& cores, int* played, std::string* error) {
    PlaySettings settings = settings_;
    settings.cores = cores;
    for (int g : work.games) {
      GameLine line;
      line.plan = work.claim.plan;
      if (!play_ladder_game(settings, work.a, work.b, work.claim.pairing, g, work.claim.seed, &line, error))
        return false;
      FolderLock lock(folder_);
      if (!lock.ok()) return *error = lock.error(), false;
      std::vector<std::string> warnings;
      if (!append_record_line(folder_.games(), game_line(line), &warnings, error)) return false;
      warn(warnings);
      ++*played;
      out_line("game " + work.claim.pairing + "/" + std::to_string(g) + ": " + line.a + " vs " + line.b + ": " +
               (line.result == "void" ? "void"
                : line.score_a == 1   ? "1-0"
                : line.score_a == 0   ? "0-1"
                                      : "1/2-1/2") +
               " (" + line.reason + ")");
    }
    return true;
  }

 private:
  bool in_my_shard(const std::string& id) const {
    const size_t dash = id.rfind('-');
    if (dash == std::string::npos) return false;
    return std::stoull(id.substr(dash + 1)) % request_.shards == static_cast<unsigned long long>(request_.shard);
  }
  void out_line(const std::string& line) {
    std::lock_guard<std::mutex> guard(mutex_);
    out_ << line << "\n";
    out_.flush();
  }
  void warn(const std::vector<std::string>& warnings) {
    std::lock_guard<std::mutex> guard(mutex_);
    for (const std::string& w : warnings)
      if (warned_.insert(w).second) err_ << "ladder: warning: " << w << "\n";
  }

  const Folder& folder_;
  const PlaySettings& settings_;
  const PlayRequest& request_;
  std::ostream& out_;
  std::ostream& err_;
  const std::string owner_;
  LedgerCache cache_;  // under the folder lock and the claiming mutex only
  std::vector<PlannedPairing> plan_;
  std::vector<size_t> mine_;  // indexes into plan_ of this shard
  std::mutex mutex_;          // out_, err_, warned_
  std::set<std::string> warned_;
};

}  // namespace

int run_play(const Folder& folder, const PlaySettings& settings, const PlayRequest& request, std::ostream& out,
             std::ostream& err) {
  Session session(folder, settings, request, out, err);
  std::string error;
  if (!session.prepare(&error)) {
    err << "ladder: " << error << "\n";
    return 1;
  }
  // Claims are made under the folder's lock; this mutex only keeps one of
  // this process's workers claiming at a time.
  std::mutex claiming;
  int total = 0;
  judge::OrderedPool<int> pool(session.units(), request.jobs);
  pool.run(
      [&](int worker, int unit, int* played) {
        Work work;
        std::string why;
        {
          std::lock_guard<std::mutex> guard(claiming);
          if (!session.claim(&work, &why)) return pool.fail(unit, why);
        }
        *played = 0;
        if (!work.games.empty() && !session.play(work, pool.cores(worker), played, &why)) return pool.fail(unit, why);
        return true;
      },
      [&](int, int& played) {
        total += played;
        return true;
      });
  if (!pool.failure().empty()) {
    err << "ladder: " << pool.failure() << "\n";
    return 1;
  }
  out << "played " << total << " games\n";
  return 0;
}

}  // namespace ladder
