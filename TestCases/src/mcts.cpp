#include "mcts.h"

#include <cmath>
#include <vector>

#include "alphabeta.h"

namespace samples {
namespace {

struct Node {
  int first_child = -1;  // index of the first child in the pool; -1 until expanded
  int8_t n_children = 0;
  int8_t column = -1;   // the move that led here
  int8_t terminal = 0;  // 1: the move that led here won; 2: it filled the board
  int8_t proven = 0;    // solver: +1 won, -1 lost for the side that moved into this node
  int visits = 0;
  float reward = 0;  // sum of rewards of the side that moved into this node
};

// ---------------------------------------------------------------------------
// The search board: each side's stones and winning cells ("threats": cells,
// empty or not, that would complete four for that side; the set only grows,
// as stones never leave), the occupied cells and the playable cells, all
// updated incrementally by play().

// For a line of seven cells, offsets -3..3 around a new stone (bit 3, set):
// the cells that now complete four, as a 7-bit mask.
struct LineTable {
  uint8_t threats[128];
  LineTable() {
    for (int p = 0; p < 128; ++p) {
      int r = 0;
      if (p & 8)
        for (int a = 0; a <= 3; ++a) {  // the window of cells a .. a + 3, which holds bit 3
          int set = 0, hole = -1;
          for (int k = a; k < a + 4; ++k)
            if (p >> k & 1)
              ++set;
            else
              hole = k;
          if (set == 3) r |= 1 << hole;
        }
      threats[p] = static_cast<uint8_t>(r);
    }
  }
};
const LineTable kLines;

inline int bit_at(const Bits& b, int j) {
  return static_cast<unsigned>(j) < 192u ? static_cast<int>((b.w[j >> 6] >> (j & 63)) & 1) : 0;
}
inline void set_bit(Bits& b, int j) {
  if (static_cast<unsigned>(j) < 192u) b.w[j >> 6] |= uint64_t(1) << (j & 63);
}
// All cells of column c (guard rows too).
inline Bits column_field(int c) {
  Bits b;
  b.w[c >> 2] = uint64_t(0xffff) << (kStride * (c & 3));
  return b;
}
// Bit c set for every column c holding a cell of `set`.
inline int column_bits(const Bits& set) {
  int r = 0;
  for (int k = 0; k < 3; ++k) {
    uint64_t y = ((set.w[k] & 0x0fff0fff0fff0fffULL) + 0x0fff0fff0fff0fffULL) & 0x1000100010001000ULL;
    r |= static_cast<int>(((y >> 12) * 0x0001000200040008ULL) >> 48) << (4 * k);
  }
  return r;
}

struct Geometry {
  Bits cells, blocked;
  int weight[kMaxSide];  // kCentre: 1 + the column's distance from the nearer edge
  // The row a stone lands on in column c after a stone on row r (skipping the blocked
  // cell), or -1 when the column is then full.
  int8_t next_row[kMaxSide][kStride];
  void init(const Position& pos) {
    blocked = pos.blocked();
    for (int c = 0; c < pos.cols(); ++c) {
      cells |= pos.column_mask(c);
      int edge = c < pos.cols() - 1 - c ? c : pos.cols() - 1 - c;
      weight[c] = 1 + edge;
      for (int r = 0; r < kStride; ++r) {
        int n = r + 1;
        if (n < pos.rows() && blocked.has(c, n)) ++n;
        next_row[c][r] = static_cast<int8_t>(n < pos.rows() ? n : -1);
      }
    }
  }
};

// A uniformly random column of a non-empty column set.
inline int random_column(int cols, Rng& rng) {
  for (int n = rng.below(popcount64(static_cast<uint64_t>(cols))); n > 0; --n) cols &= cols - 1;
  return __builtin_ctz(cols);
}
// A random column of a non-empty column set, each weighted by g.weight.
inline int centre_column(const Geometry& g, int cols, Rng& rng) {
  int total = 0;
  for (int c = cols; c; c &= c - 1) total += g.weight[__builtin_ctz(c)];
  int pick = rng.below(total);
  for (int c = cols;; c &= c - 1) {
    int col = __builtin_ctz(c);
    pick -= g.weight[col];
    if (pick < 0 || (c & (c - 1)) == 0) return col;
  }
}

struct Board {
  Bits stones[2];   // [side]: side 0 is the side to move at the root
  Bits threats[2];  // winning cells of each side, on the board, empty or not
  Bits mask;        // occupied cells and the blocked cell
  Bits playable;    // the next free cell of every open column
  Bits above;       // where a stone lands after one on the playable cell (when on the board)
  int turn = 0;     // the side to move
  // Each side's stones by line, bit c for column c: rows, rising diagonals
  // (column - row + 11) and falling diagonals (column + row).
  uint16_t rows[2][kMaxSide] = {}, rising[2][2 * kMaxSide - 1] = {}, falling[2][2 * kMaxSide - 1] = {};

  Board() = default;
  Board(const Position& pos, const Geometry& g) {
    stones[0] = pos.mine();
    stones[1] = pos.theirs();
    // winning_cells() gives the empty ones; the occupied ones no longer matter.
    threats[0] = pos.winning_cells(pos.mine());
    threats[1] = pos.winning_cells(pos.theirs());
    mask = pos.occupied();
    playable = pos.playable();
    for (int c = 0; c < pos.cols(); ++c) {
      uint64_t field = (playable.w[c >> 2] >> (kStride * (c & 3))) & 0xffff;
      if (!field) continue;
      int next = g.next_row[c][__builtin_ctzll(field) & (kStride - 1)];
      if (next >= 0) above |= Bits::cell(c, next);
    }
    for (int s = 0; s < 2; ++s)
      for (int c = 0; c < pos.cols(); ++c)
        for (int r = 0; r < pos.rows(); ++r)
          if (stones[s].has(c, r)) add_lines(s, c, r);
  }
  void add_lines(int s, int c, int r) {
    rows[s][r] |= static_cast<uint16_t>(1 << c);
    rising[s][c - r + kMaxSide - 1] |= static_cast<uint16_t>(1 << c);
    falling[s][c + r] |= static_cast<uint16_t>(1 << c);
  }
  // Cells (not the blocked one) whose play lets a stone land on one of `targets`.
  static Bits under(const Geometry& g, const Bits& targets) {
    Bits u = targets >> 1;
    u |= (u & g.blocked) >> 1;
    return u & ~g.blocked;
  }
  Bits wins() const { return playable & threats[turn]; }
  Bits open_threats(int side) const { return threats[side] & ~mask; }
  // Drops a stone of the side to move in column `col` (which has room).
  void play_column(const Geometry& g, int col) {
    int k = col >> 2, shift = kStride * (col & 3);
    int row = __builtin_ctzll(playable.w[k] >> shift);
    int s = turn;
    uint64_t bit = uint64_t(1) << (shift + row), field = uint64_t(0xffff) << shift;
    stones[s].w[k] |= bit;
    mask.w[k] |= bit;
    int next = g.next_row[col][row], after = next >= 0 ? g.next_row[col][next] : -1;
    playable.w[k] = (playable.w[k] & ~field) | (next >= 0 ? uint64_t(1) << (shift + next) : 0);
    above.w[k] = (above.w[k] & ~field) | (after >= 0 ? uint64_t(1) << (shift + after) : 0);
    add_threats(g, s, col, row);
    turn ^= 1;
  }
  void play(const Geometry& g, const Bits& cell) { play_column(g, cell.column()); }
  // Adds the new stone of side s at (c, r) to its lines and the winning cells it makes along them.
  void add_threats(const Geometry& g, int s, int c, int r) {
    add_lines(s, c, r);
    int i = kStride * c + r;
    Bits t;
    if (r >= 2 && ((stones[s].w[c >> 2] >> (kStride * (c & 3) + r - 2)) & 3) == 3) set_bit(t, i + 1);  // vertical
    int valid = ((0xfff << 3) >> c) & 0x7f;  // window cells whose column is 0..11
    // Each line: its word, and the bit step from one cell of the window to the next.
    const int words[3] = {rows[s][r], rising[s][c - r + kMaxSide - 1], falling[s][c + r]};
    static constexpr int kSteps[3] = {kStride, kStride + 1, kStride - 1};
    bool any = false;
    for (int d = 0; d < 3; ++d) {
      int found = kLines.threats[((words[d] << 3) >> c) & 0x7f] & valid;
      for (; found; found &= found - 1) {
        set_bit(t, i + (__builtin_ctz(found) - 3) * kSteps[d]);
        any = true;
      }
    }
    if (any || t.any()) threats[s] |= t & g.cells;
  }
};

// Moves that do not lose at once, as Position::non_losing_moves (requires wins() empty).
Bits non_losing(const Geometry& g, const Board& b) {
  Bits moves = b.playable;
  Bits threats = b.open_threats(b.turn ^ 1);
  Bits forced = moves & threats;
  if (forced.any()) {
    if (forced.lowest() != forced) return Bits();
    moves = forced;
  }
  return moves & ~Board::under(g, threats);
}

// One playout from `b` (played on); the result for the side to move in `b`. Works on
// column sets (bit c: column c): a playable cell is under a winning cell when the cell
// above it (`above`) is one.
double run_playout(const Geometry& g, Board& b, Playout policy, Rng& rng) {
  const int me = b.turn;
  if (policy == Playout::kRandom) {
    for (;;) {
      if (b.playable.empty()) return 0.5;
      int col = random_column(column_bits(b.playable), rng);
      if ((b.playable & b.threats[b.turn] & column_field(col)).any()) return b.turn == me ? 1.0 : 0.0;
      b.play_column(g, col);
    }
  }
  int last = -1;  // the column of the previous playout move (kFollowUp)
  for (;;) {
    int moves = column_bits(b.playable);
    if (!moves) return 0.5;
    int mover = b.turn, other = mover ^ 1;
    if ((b.playable & b.threats[mover]).any()) return mover == me ? 1.0 : 0.0;
    Bits blocks = b.playable & b.threats[other];
    int col;
    if (blocks.any()) {
      col = blocks.column();
    } else {
      int safe = moves & ~column_bits(b.above & b.threats[other]);
      int candidates = safe ? safe : moves;
      if (policy != Playout::kTactical) {
        int keep = candidates & ~column_bits(b.above & b.threats[mover]);
        if (keep) candidates = keep;
      }
      if (policy == Playout::kFollowUp && last >= 0 && ((candidates >> last) & 1) && rng.below(10) < 9)
        col = last;
      else
        col = policy == Playout::kCentre ? centre_column(g, candidates, rng) : random_column(candidates, rng);
    }
    b.play_column(g, col);
    last = col;
  }
}

// Appends the children of node `index` (whose board is `b`, not terminal);
// `allowed`, when not empty, limits the moves further.
void expand(std::vector<Node>& nodes, int index, const Geometry& g, const Board& b, const Bits& allowed = Bits()) {
  Bits moves = b.wins();
  bool wins = moves.any();
  if (!wins) {
    moves = non_losing(g, b);
    if (moves.empty()) moves = b.playable;  // every move loses: keep them all
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
      child.proven = 1;
    } else if ((b.playable ^ cell).empty() && ((cell << 1) & g.cells & ~b.mask).empty() &&
               ((cell << 2) & g.cells & ~b.mask).empty()) {
      child.terminal = 2;  // the last free cell
    }
    nodes.push_back(child);
  }
  nodes[index].first_child = first;
  nodes[index].n_children = static_cast<int8_t>(n);
}

}  // namespace

bool search_board_agrees(const Position& start, Rng& rng) {
  Geometry g;
  g.init(start);
  Position pos = start;
  Board b(pos, g);
  for (;;) {
    int me = b.turn, other = me ^ 1;
    if (b.playable != pos.playable() || b.mask != pos.occupied() || b.stones[me] != pos.mine()) return false;
    if (b.open_threats(me) != pos.winning_cells(pos.mine())) return false;
    if (b.open_threats(other) != pos.winning_cells(pos.theirs())) return false;
    // The playable cells under a side's winning cells, found through `above`.
    for (int s = 0; s < 2; ++s)
      if (column_bits(b.above & b.threats[s]) != column_bits(b.playable & Board::under(g, b.open_threats(s))))
        return false;
    if (pos.playable().empty() || pos.winning_moves().any()) return true;
    Bits cell = random_cell(pos.playable(), rng);
    pos.play(cell);
    b.play(g, cell);
  }
}

double playout(const Position& pos, Playout policy, Rng& rng) {
  Geometry g;
  g.init(pos);
  Board b(pos, g);
  return run_playout(g, b, policy, rng);
}

Bits mcts_move(const Position& root_pos, const MctsParams& params, Rng& rng) {
  Bits wins = root_pos.winning_moves();
  if (wins.any()) return wins.lowest();
  Geometry g;
  g.init(root_pos);
  const Board root_board(root_pos, g);

  static thread_local std::vector<Node> pool;
  std::vector<Node>& nodes = pool;

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
  nodes.clear();
  nodes.reserve(static_cast<size_t>(params.iterations) * 4 + kMaxSide + 1);
  nodes.push_back(Node());
  expand(nodes, 0, g, root_board, allowed);
  const bool solver = params.solver;
  auto move_of = [&](int index) { return root_pos.playable() & root_pos.column_mask(nodes[index].column); };

  if (nodes[0].n_children > 1) {
    int path[kMaxSide * kMaxSide + 2];
    for (int it = 0; it < params.iterations; ++it) {
      if (solver && nodes[0].proven != 0) break;
      Board b = root_board;
      int depth = 0, index = 0;
      path[depth++] = 0;
      // Selection: descend by UCB1 while the node is expanded (and not proven).
      while (nodes[index].first_child >= 0 && !nodes[index].terminal && !(solver && nodes[index].proven)) {
        const Node& parent = nodes[index];
        double log_n = std::log(static_cast<double>(parent.visits) + 1.0);
        int best = -1;
        double best_score = -1e18;
        for (int k = 0; k < parent.n_children; ++k) {
          const Node& c = nodes[parent.first_child + k];
          double score;
          if (c.proven < 0 && solver) {
            score = -1e9 - k;  // a proven loss: only when everything loses
          } else {
            score = c.visits == 0 ? 1e9 - k : c.reward / c.visits + params.exploration * std::sqrt(log_n / c.visits);
          }
          if (score > best_score) {
            best_score = score;
            best = parent.first_child + k;
          }
        }
        index = best;
        b.play_column(g, nodes[index].column);
        path[depth++] = index;
      }
      // Expansion and playout: `value` is for the side that moved into `index`.
      double value;
      const Node& leaf = nodes[index];
      if (leaf.terminal == 1 || (solver && leaf.proven)) {
        value = leaf.proven < 0 ? 0.0 : 1.0;
      } else if (leaf.terminal == 2) {
        value = 0.5;
      } else {
        if (leaf.visits > 0) {
          expand(nodes, index, g, b);
          int child = nodes[index].first_child;  // `leaf` may have moved: use indices
          b.play_column(g, nodes[child].column);
          path[depth++] = child;
          index = child;
        }
        const Node& n = nodes[index];
        value = n.terminal == 1 ? 1.0 : n.terminal == 2 ? 0.5 : 1.0 - run_playout(g, b, params.policy, rng);
      }
      // Backpropagation: the value alternates sides up the path.
      for (int d = depth - 1; d >= 0; --d) {
        Node& n = nodes[path[d]];
        n.visits += 1;
        n.reward += static_cast<float>(value);
        value = 1.0 - value;
      }
      // Solver: a child won for its mover makes the parent lost for its own;
      // a parent whose children are all lost is won.
      if (solver) {
        for (int d = depth - 1; d >= 1; --d) {
          const Node& n = nodes[path[d]];
          Node& parent = nodes[path[d - 1]];
          if (parent.proven) break;
          if (n.proven > 0) {
            parent.proven = -1;
          } else if (n.proven < 0) {
            bool all_lost = true;
            for (int k = 0; k < parent.n_children && all_lost; ++k) all_lost = nodes[parent.first_child + k].proven < 0;
            if (!all_lost) break;
            parent.proven = 1;
          } else {
            break;
          }
        }
      }
    }
  }
  // The move: a proven win, else the most visited move not proven lost.
  const Node& root = nodes[0];
  int best = -1;
  for (int k = 0; k < root.n_children; ++k) {
    int i = root.first_child + k;
    if (nodes[i].proven > 0) {
      best = i;
      break;
    }
    if (best < 0 || (nodes[best].proven < 0 && nodes[i].proven >= 0) ||
        (nodes[i].proven >= 0 && nodes[i].visits > nodes[best].visits))
      best = i;
  }
  return move_of(best);
}

}  // namespace samples
