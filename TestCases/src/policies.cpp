#include "policies.h"

namespace samples {

Bits centre_weighted_cell(const Position& pos, const Bits& moves, Rng& rng) {
  int weight[kMaxSide], total = 0;
  Bits cells[kMaxSide];
  int n = 0;
  for (Bits rest = moves; rest.any(); ++n) {
    cells[n] = rest.lowest();
    rest ^= cells[n];
    int c = cells[n].column();
    int edge = c < pos.cols() - 1 - c ? c : pos.cols() - 1 - c;
    weight[n] = 1 + edge;
    total += weight[n];
  }
  int pick = rng.below(total);
  for (int i = 0; i < n; ++i) {
    if (pick < weight[i]) return cells[i];
    pick -= weight[i];
  }
  return cells[n - 1];
}

Bits rule_move(const Position& pos, const RulePolicy& policy, Rng& rng) {
  Bits moves = pos.playable();
  if (policy.take_wins) {
    Bits wins = pos.winning_moves();
    if (wins.any()) return random_cell(wins, rng);
  }
  Bits threats = pos.winning_cells(pos.theirs());
  if (policy.block) {
    Bits blocks = moves & threats;
    if (blocks.any()) return random_cell(blocks, rng);
  }
  if (policy.avoid_under) {
    Bits safe = moves & ~pos.cells_under(threats);
    if (safe.any()) moves = safe;
  }
  return policy.prefer_centre ? centre_weighted_cell(pos, moves, rng) : random_cell(moves, rng);
}

}  // namespace samples
