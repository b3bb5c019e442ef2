// The standings, recomputed from the roster and every recorded game: one
// Bradley-Terry rating (common/bradley_terry.h) per player version over all
// games that count, its 95% interval, the games, the score and each pair's
// tally. Pure: no files.
#pragma once
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "../common/elo_stats.h"
#include "game_record.h"
#include "roster.h"

namespace ladder {

// One pair's games from the first player's side.
struct PairTally {
  int wins = 0, losses = 0, draws = 0;
  std::vector<int> games;  // indexes into the games list, in file order
  int played() const { return wins + losses + draws; }
};

struct Standing {
  int player = 0;  // index in the roster
  judge::Estimate rating;
  int games = 0, wins = 0, losses = 0, draws = 0;
  double points = 0;
  double score() const { return games ? points / games : 0; }
};

struct Standings {
  std::vector<Standing> rows;                      // by roster index
  std::vector<int> ranking;                        // roster indexes, best rating first (ties: more games, then name)
  std::map<std::pair<int, int>, PairTally> pairs;  // key (i, j) with i < j, tallied from i's side
  int games_counted = 0, games_void = 0;
  std::vector<std::string> unknown;  // player ids in games but not in the roster (their games are skipped)

  // The tally of i against j, from i's side (empty if they never met).
  PairTally between(int i, int j) const;
};

Standings compute_standings(const Roster& roster, const std::vector<GameLine>& games);

// The text table: rank, player, rating [interval], games, score, W-L-D,
// status; the crosstable when at most `crosstable_max` players have games.
std::string format_standings(const Roster& roster, const Standings& standings, int crosstable_max = 16);
// The same as one JSON object (players in ranking order).
std::string standings_json(const Roster& roster, const Standings& standings);

// "active", "retired (alice@3 is newer)", "removed", "not playable: <reason>".
std::string status_of(const Roster& roster, int player);

}  // namespace ladder
