#include "connect4_solver.h"

#include <algorithm>

namespace analysis {
namespace {

// SplitMix64: the Zobrist keys, the same on every machine.
uint64_t splitmix(uint64_t* state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

int popcount(uint32_t x) { return __builtin_popcount(x); }

// The k-th column tried (k = 0 .. N-1): from the centre outwards, N/2 first, then its left and right neighbours.
int column_order(int N, int k) { return k % 2 ? N / 2 - (k + 1) / 2 : N / 2 + k / 2; }

}  // namespace

Solver::Solver(int log2_entries) : table_(size_t(1) << log2_entries), mask_((uint64_t(1) << log2_entries) - 1) {
  uint64_t state = 2026;
  for (auto& player : zobrist_)
    for (uint64_t& k : player) k = splitmix(&state);
  clear();
}

void Solver::clear() { std::fill(table_.begin(), table_.end(), Entry{0, 0, kEmpty}); }

uint64_t Solver::key_after(const c4engine::Position& pos, uint64_t key, int y) const {
  return key ^ zobrist_[pos.to_move()][pos.free_row(y) * c4engine::kMaxSide + y];
}

uint64_t Solver::key_of(const c4engine::Position& pos) const {
  const c4engine::Geometry& g = pos.geometry();
  uint64_t key = 0;
  for (int x = 0; x < g.M; ++x)
    for (int y = 0; y < g.N; ++y) {
      const int p = pos.stone(x, y);
      if (p >= 0) key ^= zobrist_[p][x * c4engine::kMaxSide + y];
    }
  return key;
}

// The score of `pos` for the side to move, exact if within (alpha, beta), else
// a bound on the side it fell. Invariants: nobody has four yet, the board is
// not full, and the last move did not win.
int Solver::negamax(const c4engine::Position& pos, uint64_t key, int alpha, int beta) {
  if (++nodes_ > budget_) {
    out_of_budget_ = true;
    return 0;
  }
  const int m = pos.moves();
  uint16_t wins = 0, blocks = 0, safe = 0;
  pos.classify(&wins, &blocks, &safe);
  if (wins) return base_ - (m + 1);
  // The moves that do not lose at once: the opponent's winning cell if there
  // is one (two: lost), and no cell right under one of its winning cells.
  const uint32_t forced = blocks;
  if (popcount(forced) >= 2) return -(base_ - (m + 2));
  uint32_t candidates = forced ? (forced & safe) : safe;
  if (!candidates) return -(base_ - (m + 2));
  // With a move that does not lose at once, the side to move loses at its
  // opponent's second stone at the earliest, and wins at its own second; past
  // the board's last cell, a draw.
  const int best_possible = std::max(0, base_ - (m + 3)), worst_possible = -std::max(0, base_ - (m + 4));
  alpha = std::max(alpha, worst_possible);
  beta = std::min(beta, best_possible);
  if (alpha >= beta) return alpha;

  Entry& entry = table_[key & mask_];
  if (entry.bound != kEmpty && entry.key == key) {
    const int s = entry.score;
    if (entry.bound == kExact) return s;
    if (entry.bound == kLower) alpha = std::max(alpha, s);
    if (entry.bound == kUpper) beta = std::min(beta, s);
    if (alpha >= beta) return s;
  }
  const int alpha_in = alpha;

  // Order: moves that leave us more immediate wins first, then the centre.
  // Each child is played once, here, and searched from this copy.
  const int N = pos.geometry().N;
  c4engine::Position children[c4engine::kMaxSide];
  uint64_t keys[c4engine::kMaxSide];
  int order[c4engine::kMaxSide], rank[c4engine::kMaxSide], count = 0;
  for (int k = 0; k < N; ++k) {
    const int y = column_order(N, k);
    if (!((candidates >> y) & 1)) continue;
    const int slot = count++;
    keys[slot] = key_after(pos, key, y);
    children[slot] = pos;
    children[slot].play(y);
    uint16_t cw = 0, cb = 0, cs = 0;
    children[slot].classify(&cw, &cb, &cs);  // cb: our wins at once, as the opponent sees them
    const int r = popcount(cb);
    int i = slot;
    while (i > 0 && rank[i - 1] < r) {
      order[i] = order[i - 1];
      rank[i] = rank[i - 1];
      --i;
    }
    order[i] = slot;
    rank[i] = r;
  }

  int best = -base_;
  for (int i = 0; i < count; ++i) {
    const c4engine::Position& child = children[order[i]];
    const int score = child.full() ? 0 : -negamax(child, keys[order[i]], -beta, -alpha);
    if (out_of_budget_) return 0;
    best = std::max(best, score);
    alpha = std::max(alpha, score);
    if (alpha >= beta) break;
  }
  entry.key = key;
  entry.score = static_cast<int16_t>(best);
  entry.bound = best <= alpha_in ? kUpper : best >= beta ? kLower : kExact;
  return best;
}

SolveResult Solver::solve(const c4engine::Position& pos, long long budget) {
  SolveResult r;
  const c4engine::Geometry& g = pos.geometry();
  base_ = g.M * g.N;  // playable cells (M * N - 1) + 1
  nodes_ = 0;
  budget_ = budget;
  out_of_budget_ = false;
  const int m = pos.moves();
  const uint64_t key = key_of(pos);
  uint16_t wins = 0, blocks = 0, safe = 0;
  pos.classify(&wins, &blocks, &safe);
  // Every column's exact score, so that the best ones are all known.
  int scores[c4engine::kMaxSide];
  int value = -base_ - 1;
  for (int y = 0; y < g.N; ++y) {
    if (!((pos.open_columns() >> y) & 1)) continue;
    c4engine::Position child = pos;
    const uint64_t child_key = key_after(pos, key, y);
    int score;
    if ((wins >> y) & 1) {
      score = base_ - (m + 1);
    } else {
      child.play(y);
      score = child.full() ? 0 : -negamax(child, child_key, -base_, base_);
      if (out_of_budget_) {
        r.nodes = nodes_;
        return r;
      }
    }
    scores[y] = score;
    value = std::max(value, score);
  }
  auto outcome = [](int score) { return score > 0 ? 1 : score < 0 ? -1 : 0; };
  r.outcome = outcome(value);
  for (int y = 0; y < g.N; ++y) {
    if (!((pos.open_columns() >> y) & 1)) continue;
    if (scores[y] == value) r.best |= static_cast<uint16_t>(1u << y);
    if (outcome(scores[y]) == r.outcome) r.keeps |= static_cast<uint16_t>(1u << y);
  }
  r.proven = true;
  r.nodes = nodes_;
  if (value > 0) r.distance = (base_ - value) - m;
  if (value < 0) r.distance = (base_ + value) - m;
  if (value == 0) r.distance = (base_ - 1) - m;  // a draw fills the board
  return r;
}

}  // namespace analysis
