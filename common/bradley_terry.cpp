#include "bradley_terry.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace judge {
namespace {

using Matrix = std::vector<std::vector<double>>;

// The inverse of a small symmetric positive definite matrix (Gauss-Jordan with pivoting).
Matrix inverse(Matrix a) {
  const int n = static_cast<int>(a.size());
  Matrix inv(n, std::vector<double>(n, 0));
  for (int i = 0; i < n; ++i) inv[i][i] = 1;
  for (int col = 0; col < n; ++col) {
    int pivot = col;
    for (int r = col + 1; r < n; ++r)
      if (std::fabs(a[r][col]) > std::fabs(a[pivot][col])) pivot = r;
    std::swap(a[col], a[pivot]);
    std::swap(inv[col], inv[pivot]);
    double d = a[col][col];
    for (int k = 0; k < n; ++k) {
      a[col][k] /= d;
      inv[col][k] /= d;
    }
    for (int r = 0; r < n; ++r) {
      if (r == col || a[r][col] == 0) continue;
      double f = a[r][col];
      for (int k = 0; k < n; ++k) {
        a[r][k] -= f * a[col][k];
        inv[r][k] -= f * inv[col][k];
      }
    }
  }
  return inv;
}

}  // namespace

std::vector<Estimate> bradley_terry(int players, const std::vector<PairScore>& scores, double prior_draws) {
  const int n = players;
  // Games and points between each two players, the prior's draws included.
  Matrix games(n, std::vector<double>(n, 0)), points(n, std::vector<double>(n, 0));
  std::vector<bool> played(n, false);
  for (const PairScore& s : scores) {
    if (s.games <= 0 || s.i == s.j) continue;
    games[s.i][s.j] += s.games;
    games[s.j][s.i] += s.games;
    points[s.i][s.j] += s.points_i;
    points[s.j][s.i] += s.games - s.points_i;
    played[s.i] = played[s.j] = true;
  }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j && games[i][j] > 0) {
        games[i][j] += prior_draws;
        points[i][j] += prior_draws / 2;
      }

  // Newton's method on natural-log strengths r (R = r * 400 / ln 10). The
  // gradient sums to 0, so the step (L + 1 1^T / n)^-1 g keeps sum r = 0.
  std::vector<double> r(n, 0);
  Matrix information;
  for (int iteration = 0; iteration < 100; ++iteration) {
    std::vector<double> gradient(n, 0);
    information.assign(n, std::vector<double>(n, 0));
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        if (i == j || games[i][j] == 0) continue;
        double p = 1 / (1 + std::exp(r[j] - r[i]));
        gradient[i] += points[i][j] - games[i][j] * p;
        double w = games[i][j] * p * (1 - p);
        information[i][i] += w;
        information[i][j] -= w;
      }
    Matrix shifted = information;
    for (int i = 0; i < n; ++i) {
      if (!played[i]) shifted[i][i] += 1;  // a player without games keeps r = 0
      for (int j = 0; j < n; ++j) shifted[i][j] += 1.0 / n;
    }
    Matrix inv = inverse(shifted);
    double largest = 0;
    for (int i = 0; i < n; ++i) {
      double step = 0;
      for (int j = 0; j < n; ++j) step += inv[i][j] * gradient[j];
      r[i] += step;
      largest = std::max(largest, std::fabs(step));
    }
    if (largest < 1e-12) break;
  }

  // Covariance: the pseudo-inverse of the information, (L + J/n)^-1 - J/n.
  Matrix shifted = information;
  for (int i = 0; i < n; ++i) {
    if (!played[i]) shifted[i][i] += 1;
    for (int j = 0; j < n; ++j) shifted[i][j] += 1.0 / n;
  }
  Matrix inv = inverse(shifted);
  const double elo_per_r = 400 / std::log(10.0);
  std::vector<Estimate> ratings(n);
  for (int i = 0; i < n; ++i) {
    if (!played[i]) continue;
    double variance = std::max(0.0, inv[i][i] - 1.0 / n);
    double half = kZ95 * std::sqrt(variance) * elo_per_r;
    ratings[i].value = r[i] * elo_per_r;
    ratings[i].lower = ratings[i].value - half;
    ratings[i].upper = ratings[i].value + half;
  }
  return ratings;
}

}  // namespace judge
