#include "alphabeta.h"

namespace samples {
namespace {

struct Searcher {
  int64_t nodes = 0;
  Evaluation eval = Evaluation::kFull;
  Bits columns[kMaxSide];  // column masks, centre columns first, then outwards (left before right)
  int n_columns = 0;

  explicit Searcher(const Position& pos) {
    int N = pos.cols();
    for (int off = 0; off <= N; ++off)  // distance from the centre, in half columns
      for (int c = 0; c < N; ++c)
        if (2 * c - (N - 1) == -off || 2 * c - (N - 1) == off) columns[n_columns++] = pos.column_mask(c);
  }

  // The cells of `set` in search order.
  int ordered(const Bits& set, Bits* out) const {
    int n = 0;
    for (int i = 0; i < n_columns; ++i) {
      Bits cell = set & columns[i];
      if (cell.any()) out[n++] = cell;
    }
    return n;
  }

  int negamax(const Position& pos, int depth, int alpha, int beta) {
    ++nodes;
    Bits playable = pos.playable();
    if (playable.empty()) return 0;
    if ((playable & pos.winning_cells(pos.mine())).any()) return kWinScore - pos.stones() - 1;
    Bits moves = pos.non_losing_moves();
    if (moves.empty()) return -(kWinScore - pos.stones() - 2);
    if (depth == 0)
      return eval == Evaluation::kFull ? evaluate(pos) : eval == Evaluation::kCentre ? centre_score(pos) : 0;
    Bits list[kMaxSide];
    int n = ordered(moves, list);
    int best = -kWinScore - 1;
    for (int i = 0; i < n; ++i) {
      Position child = pos;
      child.play(list[i]);
      int v = -negamax(child, depth - 1, -beta, -alpha);
      if (v > best) best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    return best;
  }
};

}  // namespace

int evaluate(const Position& pos) {
  Bits mine = pos.winning_cells(pos.mine()), theirs = pos.winning_cells(pos.theirs());
  int score = 8 * (mine.count() - theirs.count());
  // A threat just above a playable cell is the sharpest: the opponent cannot
  // fill the cell under it without handing the win over.
  Bits above = pos.playable() << 1;
  score += 4 * ((mine & above).count() - (theirs & above).count());
  return score + centre_score(pos);
}

int centre_score(const Position& pos) {
  int score = 0, N = pos.cols();
  for (int c = 0; c < N; ++c) {
    int edge = c < N - 1 - c ? c : N - 1 - c;
    if (edge == 0) continue;
    Bits col = pos.column_mask(c);
    score += edge * ((pos.mine() & col).count() - (pos.theirs() & col).count());
  }
  return score;
}

Bits alphabeta_move(const Position& pos, int depth, Evaluation eval, Rng& rng, SearchStats* stats) {
  Bits wins = pos.winning_moves();
  if (wins.any()) return random_cell(wins, rng);
  Bits moves = pos.non_losing_moves();
  if (moves.empty()) moves = pos.playable();  // lost anyway: play on
  Searcher s(pos);
  s.eval = eval;
  Bits list[kMaxSide], best_moves[kMaxSide];
  int n = s.ordered(moves, list), n_best = 0;
  int best = -kWinScore - 1;
  for (int i = 0; i < n; ++i) {
    Position child = pos;
    child.play(list[i]);
    // Window (best - 1, inf): a score equal to the best so far is exact.
    int v = -s.negamax(child, depth - 1, -kWinScore - 1, -(best - 1));
    if (v > best) {
      best = v;
      n_best = 0;
    }
    if (v == best) best_moves[n_best++] = list[i];
  }
  if (stats) stats->nodes += s.nodes;
  return best_moves[rng.below(n_best)];
}

int proven_score(const Position& pos, const Bits& move, int depth) {
  Searcher s(pos);
  s.eval = Evaluation::kNone;
  Position child = pos;
  child.play(move);
  if (child.last_mover_won()) return kWinScore;
  return -s.negamax(child, depth - 1, -kWinScore - 1, kWinScore + 1);
}

}  // namespace samples
