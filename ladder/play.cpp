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

  int units() const { return (request_.games + 1) / 2; }

  // Takes the next pairing under the lock; false with *error on a failure,
  // true with work->games empty when there is nothing left.
  bool claim(Work* work, std::string* error) {
    FolderLock lock(folder_);
    if (!lock.ok()) return *error = lock.error(), false;
    if (!cache_.refresh(error)) return false;
    const Ledger& ledger = cache_.ledger();
    warn(ledger.warnings);
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
    for (const Claim& c : open) {                              // 1. a dead process's pairing
      if (held.count(c.pairing) || !c.plan.empty()) continue;  // a plan's games are its shards' (plan.h)
      const int a = ledger.roster.find(c.a), b = ledger.roster.find(c.b);
      if (a < 0 || b < 0 || !ledger.roster.players()[a].playable || !ledger.roster.players()[b].playable) continue;
      chosen = c;
      found = true;
      out_line("taking over pairing " + c.pairing + " (" + c.a + " vs " + c.b + ") left by " + c.owner);
      break;
    }
    if (!found) {  // 2. matchmaking
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
      out_line(result_line(line));
    }
    return true;
  }

 private:
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
  std::mutex mutex_;   // out_, err_, warned_
  std::set<std::string> warned_;
};

}  // namespace

int run_play(const Folder& folder, const PlaySettings& settings, const PlayRequest& request, std::ostream& out,
             std::ostream& err) {
  Session session(folder, settings, request, out, err);
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
