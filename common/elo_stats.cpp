#include "elo_stats.h"

#include <cmath>
#include <limits>

namespace judge {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// 800 / ln 10: the slope that turns a t-value into normalized Elo.
const double kNeloPerT = 800.0 / std::log(10.0);

// A score's interval s +- z*se, mapped to Elo (an end outside (0, 1) is infinite).
Estimate elo_interval(double score, double standard_error) {
  Estimate e;
  e.value = elo_from_score(score);
  double low = score - kZ95 * standard_error, high = score + kZ95 * standard_error;
  e.lower = low <= 0 ? -kInf : elo_from_score(low);
  e.upper = high >= 1 ? kInf : elo_from_score(high);
  return e;
}

}  // namespace

int pair_bin(double points_game1, double points_game2) {
  return static_cast<int>(std::lround(2 * (points_game1 + points_game2)));
}

double elo_from_score(double score) {
  if (score <= 0) return -kInf;
  if (score >= 1) return kInf;
  return -400.0 * std::log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

MatchStatistics match_statistics(const GameCounts& g, const PairCounts& p) {
  MatchStatistics s;
  s.games = g.games();
  if (s.games > 0) {
    const double n = static_cast<double>(s.games);
    s.score = (g.wins + 0.5 * g.draws) / n;
    s.draw_ratio = g.draws / n;
    // Per-game variance of A's points (1, 1/2, 0) about the score.
    double var =
        (g.wins * std::pow(1 - s.score, 2) + g.draws * std::pow(0.5 - s.score, 2) + g.losses * std::pow(s.score, 2)) /
        n;
    s.elo = elo_interval(s.score, std::sqrt(var / n));
  }
  // LOS from the decisive games (draws carry no information on who is stronger).
  if (g.wins + g.losses > 0)
    s.los = normal_cdf((g.wins - g.losses) / std::sqrt(static_cast<double>(g.wins + g.losses)));

  s.pairs = p.pairs();
  if (s.pairs > 0) {
    const double n = static_cast<double>(s.pairs);
    double sum = 0;
    for (int i = 0; i < 5; ++i) sum += p.bins[i] * (i / 4.0);
    s.pair_score = sum / n;
    double var = 0;  // per-pair variance of A's points per game (0, 1/4, .., 1)
    for (int i = 0; i < 5; ++i) var += p.bins[i] * std::pow(i / 4.0 - s.pair_score, 2);
    var /= n;
    s.pair_elo = elo_interval(s.pair_score, std::sqrt(var / n));
    // A pair's two games have variance 2 * var per game when averaged; the
    // t-value of n pairs (2n games) has standard error 1 / sqrt(2n).
    double offset = s.pair_score - 0.5;
    if (var == 0 && offset != 0) {  // every pair alike and not even: no finite figure
      double inf = offset > 0 ? kInf : -kInf;
      s.normalized_elo = Estimate{inf, inf, inf};
    } else {
      s.normalized_elo.value = var > 0 ? offset / std::sqrt(2 * var) * kNeloPerT : 0;
      double half = kZ95 * kNeloPerT / std::sqrt(2 * n);
      s.normalized_elo.lower = s.normalized_elo.value - half;
      s.normalized_elo.upper = s.normalized_elo.value + half;
    }
  }
  return s;
}

}  // namespace judge
