// What a match between A and B says about their strength: the score, the
// logistic Elo difference with its 95% interval, the likelihood of
// superiority, and the same over game pairs (pentanomial), with the
// normalized Elo. Pure arithmetic on counts: no files, no games.
//
// Logistic Elo: a score s (A's points per game) is D = -400 log10(1/s - 1).
// An interval for s is mapped through D, so it is not symmetric in Elo.
#pragma once
#include <array>
#include <cstdint>

namespace judge {

// A's games: each one won, lost or drawn (from A's side).
struct GameCounts {
  int64_t wins = 0, losses = 0, draws = 0;
  int64_t games() const { return wins + losses + draws; }
};

// A's pairs of games on one board (each side moving first once), by A's
// points in the pair: [0] 0, [1] 1/2, [2] 1, [3] 1 1/2, [4] 2.
struct PairCounts {
  std::array<int64_t, 5> bins{};
  int64_t pairs() const { return bins[0] + bins[1] + bins[2] + bins[3] + bins[4]; }
};

// The pentanomial bin of a pair from A's points (0, 0.5 or 1) in its two games.
int pair_bin(double points_game1, double points_game2);

// An estimate with its 95% interval (lower <= estimate <= upper; +-inf at a
// score of 0 or 1; all three 0 with no data).
struct Estimate {
  double value = 0, lower = 0, upper = 0;
};

constexpr double kZ95 = 1.959963984540054;  // the normal quantile at 97.5%

double elo_from_score(double score);  // logistic Elo; +-inf at 1 and 0
double score_from_elo(double elo);
// The standard normal distribution function.
double normal_cdf(double x);

struct MatchStatistics {
  // Over games, taken as independent (the trinomial model).
  int64_t games = 0;
  double score = 0.5;  // A's points per game
  double draw_ratio = 0;
  Estimate elo;      // score +- 1.96 standard errors, in Elo
  double los = 0.5;  // likelihood of superiority: P(A stronger), from wins and losses
  // Over complete pairs (the pentanomial model).
  int64_t pairs = 0;
  double pair_score = 0.5;  // A's points per game, over the pairs
  Estimate pair_elo;        // the same interval with the pairs' variance
  Estimate normalized_elo;  // nElo: (score - 1/2) / per-game deviation, times 800 / ln 10
};

MatchStatistics match_statistics(const GameCounts& games, const PairCounts& pairs);

}  // namespace judge
