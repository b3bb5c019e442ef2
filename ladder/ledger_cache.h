// The ledger kept in memory by a long-running `play`, brought up to date
// from the bytes appended since its last look, and the standings cached on
// top of it: a claim then costs the new lines, not the whole history.
//
// Invariants: the files only grow by whole lines (a writer repairs a torn
// tail before appending), so the bytes before `offset` never change; a line
// is read only once it ends with its newline. A file found shorter than what
// was read (rewritten by hand) makes the cache start over from the beginning.
#pragma once
#include <functional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ledger.h"
#include "standings.h"

namespace ladder {

class LedgerCache {
 public:
  explicit LedgerCache(const Folder& folder) : folder_(folder) {}

  // Reads what was appended since the last call; false with *error on a bad line.
  bool refresh(std::string* error);
  const Ledger& ledger() const { return ledger_; }
  // The games of pairing `id` recorded so far, as bits: 1 for game 0, 2 for game 1.
  unsigned games_done(const std::string& id) const;
  // The pairings claimed and not finished (fewer than their two games recorded),
  // each by its latest claim, in the order first claimed.
  std::vector<Claim> open_claims() const;
  // Recomputed when the roster changed or the games grew by 1% (at least one
  // game) since the last computation: ratings over 20,000 games barely move
  // with the next 200, and a matchmaking decision needs no more.
  const Standings& standings();

 private:
  struct Tail {
    long long offset = 0;  // bytes read
    int lines = 0;         // lines read
  };
  using LineHandler = std::function<bool(const std::string& where, const std::string& line, std::string* error)>;
  // Reads the whole new lines of `path` past tail->offset; *restart when the file shrank.
  bool read_new(const std::string& path, const std::string& source, Tail* tail, bool* restart, const LineHandler& each,
                std::string* error);

  const Folder& folder_;
  Ledger ledger_;
  std::set<std::pair<std::string, int>> seen_;      // the games' (pairing, game)
  std::unordered_map<std::string, unsigned> done_;  // pairing -> its games 0 and 1 recorded, as bits
  Tail tails_[3];                                   // players, games, claims
  Standings standings_;
  size_t rated_games_ = 0, rated_players_ = 0;
  bool rated_ = false;
};

}  // namespace ladder
