#include "mcts.h"

#include <cmath>
#include <vector>

#include "alphabeta.h"

namespace ladder {
namespace {

struct Node {
  int first_child = -1;  // index of the first child in the pool; -1 until expanded
  int8_t n_children = 0;
  int8_t column = -1;    // the move that led here
  int8_t terminal = 0;   // 1: the move that led here won; 2: it filled the board
  int visits = 0;
  double reward = 0;     // sum of rewards of the side that moved into this node
};

// The node pool, kept between searches so that its memory is allocated once.
std::vector<Node>& pool() {
  static thread_local std::vector<Node> nodes;
  return nodes;
}

// Appends the children of node `index` (whose position is `pos`, not
// terminal); `allowed`, when not empty, limits the moves further.
void expand(std::vector<Node>& nodes, int index, const Position& pos, const Bits& allowed = Bits()) {
  Bits moves = pos.winning_moves();
  bool wins = moves.any();
  if (!wins) {
    moves = pos.non_losing_moves();
    if (moves.empty()) moves = pos.playable();  // every move loses: keep them all
    if ((moves & allowed).any()) moves &= allowed;
  }
  int first = static_cast<int>(nodes.size());
  int n = 0;
  for (; moves.any(); ++n) {
    Bits cell = moves.lowest();
    moves ^= cell;
    Node child;
    child.column = static_cast<int8_t>(cell.column());
    if (wins) {
      child.terminal = 1;
    } else {
      Position next = pos;
      next.play(cell);
      if (next.full()) child.terminal = 2;
    }
    nodes.push_back(child);
  }
  nodes[index].first_child = first;
  nodes[index].n_children = static_cast<int8_t>(n);
}

}  // namespace

double playout(Position pos, Playout policy, Rng& rng) {
  if (policy == Playout::kRandom) {
    for (int ply = 0;; ++ply) {
      Bits moves = pos.playable();
      if (moves.empty()) return 0.5;
      pos.play(random_cell(moves, rng));
      if (pos.last_mover_won()) return ply % 2 == 0 ? 1.0 : 0.0;
    }
  }
  // Each side's winning cells, kept across plies: a side's set changes only
  // when that side plays (cells the other side fills are masked out on use).
  Bits wins_mover = pos.winning_cells(pos.mine()), wins_other = pos.winning_cells(pos.theirs());
  for (int ply = 0;; ++ply) {
    Bits moves = pos.playable();
    if (moves.empty()) return 0.5;
    if ((moves & wins_mover).any()) return ply % 2 == 0 ? 1.0 : 0.0;
    Bits threats = wins_other & ~pos.occupied();
    Bits blocks = moves & threats, cell;
    if (blocks.any()) {
      cell = blocks.lowest();
    } else {
      Bits safe = moves & ~pos.cells_under(threats);
      Bits candidates = safe.any() ? safe : moves;
      if (policy == Playout::kKeepThreats) {
        Bits keep = candidates & ~pos.cells_under(wins_mover & ~pos.occupied());
        if (keep.any()) candidates = keep;
      }
      cell = random_cell(candidates, rng);
    }
    pos.play(cell);
    // The side that just moved is now pos.theirs(): only its winning cells change.
    Bits updated = pos.winning_cells(pos.theirs());
    wins_mover = wins_other;
    wins_other = updated;
  }
}

Bits mcts_move(const Position& root_pos, const MctsParams& params, Rng& rng) {
  Bits wins = root_pos.winning_moves();
  if (wins.any()) return wins.lowest();
  Bits allowed;
  if (params.proof_depth > 0) {
    Bits moves = root_pos.non_losing_moves();
    int best = 0;
    Bits best_win;
    for (Bits rest = moves; rest.any();) {
      Bits cell = rest.lowest();
      rest ^= cell;
      int v = proven_score(root_pos, cell, params.proof_depth);
      if (v > best) {  // the quickest forced win
        best = v;
        best_win = cell;
      }
      if (v >= 0) allowed |= cell;
    }
    if (best_win.any()) return best_win;
  }
  std::vector<Node>& nodes = pool();
  nodes.clear();
  nodes.reserve(static_cast<size_t>(params.iterations) * 4 + kMaxSide + 1);
  nodes.push_back(Node());
  expand(nodes, 0, root_pos, allowed);
  if (nodes[0].n_children == 1) return root_pos.playable() & root_pos.column_mask(nodes[1].column);

  int path[kMaxSide * kMaxSide + 2];
  for (int it = 0; it < params.iterations; ++it) {
    Position pos = root_pos;
    int depth = 0, index = 0;
    path[depth++] = 0;
    // Selection: descend by UCB1 while the node is expanded.
    while (nodes[index].first_child >= 0 && !nodes[index].terminal) {
      const Node& parent = nodes[index];
      double log_n = std::log(static_cast<double>(parent.visits) + 1.0);
      int best = -1;
      double best_score = -1;
      for (int k = 0; k < parent.n_children; ++k) {
        const Node& c = nodes[parent.first_child + k];
        double score = c.visits == 0 ? 1e9 - k
                                     : c.reward / c.visits + params.exploration * std::sqrt(log_n / c.visits);
        if (score > best_score) {
          best_score = score;
          best = parent.first_child + k;
        }
      }
      index = best;
      pos.play_column(nodes[index].column);
      path[depth++] = index;
    }
    // Expansion and playout: `value` is for the side that moved into `index`.
    double value;
    Node& leaf = nodes[index];
    if (leaf.terminal == 1) {
      value = 1.0;
    } else if (leaf.terminal == 2) {
      value = 0.5;
    } else {
      if (leaf.visits > 0) {
        expand(nodes, index, pos);
        int child = nodes[index].first_child;  // `leaf` may have moved: use indices
        pos.play_column(nodes[child].column);
        path[depth++] = child;
        index = child;
      }
      const Node& n = nodes[index];
      value = n.terminal == 1 ? 1.0 : n.terminal == 2 ? 0.5 : 1.0 - playout(pos, params.policy, rng);
    }
    // Backpropagation: the value alternates sides up the path.
    for (int d = depth - 1; d >= 0; --d) {
      nodes[path[d]].visits += 1;
      nodes[path[d]].reward += value;
      value = 1.0 - value;
    }
  }
  const Node& root = nodes[0];
  int best = root.first_child;
  for (int k = 1; k < root.n_children; ++k)
    if (nodes[root.first_child + k].visits > nodes[best].visits) best = root.first_child + k;
  return root_pos.playable() & root_pos.column_mask(nodes[best].column);
}

}  // namespace ladder
