#include "matchmaking.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace ladder {

Field::Field(const Roster& roster, const Standings& standings, const std::vector<GameLine>& games,
             const std::vector<Claim>& in_flight)
    : n_(roster.size()) {
  rating_.assign(n_, 0);
  games_.assign(n_, 0);
  met_.assign(static_cast<size_t>(n_) * n_, 0);
  opponents_.assign(n_, 0);
  for (int i : standings.ranking)
    if (roster.players()[i].active()) active_.push_back(i);
  for (int i = 0; i < n_; ++i) {
    const double r = standings.rows[i].rating.value;
    rating_[i] = std::isfinite(r) ? r : 0;
  }
  auto add = [&](const std::string& x, const std::string& y, int count) {
    const int a = roster.find(x), b = roster.find(y);
    if (a < 0 || b < 0 || a == b) return;
    this->count(a, b, count);
  };
  for (const GameLine& g : games) add(g.a, g.b, 1);
  // A pairing in flight: its games not yet recorded.
  std::unordered_map<std::string, int> done;
  for (const Claim& c : in_flight) done[c.pairing] = 0;
  for (const GameLine& g : games)
    if (auto it = done.find(g.pairing); it != done.end()) ++it->second;
  for (const Claim& c : in_flight) add(c.a, c.b, std::max(0, 2 - done[c.pairing]));
}

void Field::count(int a, int b, int games) {
  if (games <= 0) return;
  int& ab = met_[static_cast<size_t>(a) * n_ + b];
  if (ab == 0) {
    ++opponents_[a];
    ++opponents_[b];
  }
  ab += games;
  met_[static_cast<size_t>(b) * n_ + a] += games;
  games_[a] += games;
  games_[b] += games;
}

namespace {

// The k-th point (k from 0) of 1/2, 1/4, 3/4, 1/8, 3/8, ...: the van der Corput sequence from 1.
double spread_point(int k) {
  double point = 0, half = 0.5;
  for (unsigned bits = static_cast<unsigned>(k) + 1; bits; bits >>= 1, half /= 2)
    if (bits & 1) point += half;
  return point;
}

}  // namespace

bool Field::choose(int* a, int* b) const {
  const int m = active_players();
  if (m < 2) return false;
  const int spread = std::min(kSpreadOpponents, m - 1);
  // A newcomer first: fewest games, then lowest roster index (the earlier added).
  int newcomer = -1;
  for (int i : active_)
    if (opponents_of(i) < spread &&
        (newcomer < 0 || games_[i] < games_[newcomer] || (games_[i] == games_[newcomer] && i < newcomer)))
      newcomer = i;
  if (newcomer >= 0) {
    std::vector<int> field;  // the others, best first
    for (int i : active_)
      if (i != newcomer) field.push_back(i);
    const double target = spread_point(opponents_of(newcomer)) * (field.size() - 1);
    int best = -1;
    double best_distance = 0;
    for (size_t pos = 0; pos < field.size(); ++pos) {
      if (games_between(newcomer, field[pos]) > 0) continue;
      const double distance = std::fabs(static_cast<double>(pos) - target);
      if (best < 0 || distance < best_distance) best = field[pos], best_distance = distance;
    }
    if (best >= 0) {
      *a = newcomer;
      *b = best;
      return true;
    }
  }
  long long total = 0;
  for (int i : active_) total += games_[i];
  const double spread_scale = 1.0 / (4.0 * std::max(1.0, static_cast<double>(total) / m));
  double best_cost = 0;
  int best_a = -1, best_b = -1;
  for (int x = 0; x < m; ++x) {
    const int i = active_[x];
    const int* met_row = &met_[static_cast<size_t>(i) * n_];
    for (int y = x + 1; y < m; ++y) {
      const int j = active_[y];
      const double cost =
          met_row[j] / 2.0 + std::fabs(rating_[i] - rating_[j]) / 200.0 + (games_[i] + games_[j]) * spread_scale;
      if (best_a < 0 || cost < best_cost || (cost == best_cost && std::min(i, j) < std::min(best_a, best_b))) {
        best_cost = cost;
        best_a = std::min(i, j);
        best_b = std::max(i, j);
      }
    }
  }
  *a = best_a;
  *b = best_b;
  return true;
}

}  // namespace ladder
