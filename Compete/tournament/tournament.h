// A ConnectFour tournament: every pair of plugins (round robin) or the first
// against each other one (gauntlet) plays a Compete match of the same rounds
// on the same boards; the results give a crosstable and Bradley-Terry ratings.
#pragma once
#include <string>
#include <vector>

#include "../../common/bradley_terry.h"
#include "../../common/elo_stats.h"

namespace c4 {

struct TournamentPair {
  int a = 0, b = 0;         // players, 0-based; a is side A of the match
  std::string file;         // the match's result file name in the folder ("pair_01_02.txt")
  bool played = false;      // its statistics below are final or partial
  judge::GameCounts games;  // from a's side
};

// The pairs to play, in order: (0,1), (0,2), .., (1,2), .. or, for a gauntlet, (0,1), (0,2), ..
std::vector<TournamentPair> tournament_pairs(int players, bool gauntlet);

// Short distinct names for the players: the plugin file's name without ".so",
// with "#k" (the player's number) added where two would be the same.
std::vector<std::string> player_labels(const std::vector<std::string>& plugin_paths);

// The players' ratings from the pairs' games (prior: 1 virtual draw between opponents).
std::vector<judge::Estimate> tournament_ratings(int players, const std::vector<TournamentPair>& pairs);

struct TournamentReport {
  std::string header;  // first line, e.g. "round robin, 3 players, 5 rounds a pair, seed 7"
  std::vector<std::string> labels, plugins;
  std::vector<TournamentPair> pairs;
};

// The ranking (best first) with ratings, intervals, games and score, then the
// crosstable: row player's W-L-D against each column player.
std::string format_tournament(const TournamentReport& report);
// The same as JSON (players in ranking order, and every pair).
std::string tournament_json(const TournamentReport& report);

}  // namespace c4
