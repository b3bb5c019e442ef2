// Ratings of several players from the games they played against each other,
// by maximum likelihood in the Bradley-Terry model (as BayesElo and Ordo rate
// chess engines): player i scores against j with probability
// 1 / (1 + 10^((R_j - R_i) / 400)), a draw counting half a win each way.
//
// The ratings are Elo relative to the players' mean (they sum to 0). Their
// 95% intervals come from the curvature of the log-likelihood at its maximum
// (the pseudo-inverse of the observed information, whose null direction is
// the common shift). A prior of `prior_draws` virtual draws between every two
// players who met keeps the ratings finite when one of them won every game.
#pragma once
#include <vector>

#include "elo_stats.h"

namespace judge {

struct PairScore {
  int i = 0, j = 0;     // the players, 0-based
  double games = 0;     // games between them that count
  double points_i = 0;  // i's points: wins + draws / 2
};

// One estimate per player: rating, 95% interval. Players who played no game are rated 0 +- 0.
std::vector<Estimate> bradley_terry(int players, const std::vector<PairScore>& scores, double prior_draws = 1.0);

}  // namespace judge
