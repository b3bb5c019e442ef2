#include "search.h"

#include <algorithm>
#include <vector>

#include "../../common/clock.h"
#include "../rules/groups.h"
#include "../rules/placement.h"
#include "evaluation.h"

namespace pdd {
namespace {

constexpr int kTopCells = 12;   // single cells kept to form pairs
constexpr int kRootWidth = 16;  // children searched deeper at the root
constexpr int kInnerWidth = 8;  // ... and below it

struct Scored {
  Action action;
  double value;  // static value for the mover after the action
};

struct Timeout {};

// Only Black, on turn 2, with White's two opening tiles alone on the board.
bool change_possible(const Board& b, Colour mover) {
  return mover == kBlack && b.bridge_count() == 0 && b.tile_count(kBlack) == 0 && b.tile_count(kWhite) == 2;
}

class Searcher {
 public:
  Searcher(Colour root, bool root_change, judge::Deadline deadline)
      : root_(root), root_change_(root_change), deadline_(deadline) {}

  long long nodes = 0;

  // Legal candidates for `mover`, with static values, best first.
  std::vector<Scored> candidates(Board& b, Colour mover, bool change) {
    ++nodes;
    if ((nodes & 7) == 0 && deadline_.expired()) throw Timeout();
    std::vector<Scored> out;
    auto add = [&](const Action& a) {
      for (const Scored& s : out)
        if (s.action == a) return;
      Board child = b;
      apply_action(child, mover, a);
      out.push_back(Scored{a, evaluate(child, mover)});
    };
    // Single cells, ranked.
    int singles[kCells];
    int n = singly_legal_cells(b, mover, singles);
    std::vector<std::pair<double, int>> ranked;
    for (int i = 0; i < n; ++i) {
      b.set_tile(singles[i], mover);
      ranked.emplace_back(evaluate(b, mover), singles[i]);
      b.set_tile(singles[i], kEmpty);
    }
    std::sort(ranked.begin(), ranked.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
    int top = std::min<int>(kTopCells, static_cast<int>(ranked.size()));
    for (int i = 0; i < top; ++i)
      for (int j = i + 1; j < top; ++j) {
        int pair[2] = {ranked[i].second, ranked[j].second};
        if (!cells_interact(pair[0], pair[1]) || placement_legal(b, mover, pair, 2))
          add(Action::make(Action::kChess, pair[0], pair[1]));
      }
    // Completions of sandbanks of two: a growth cell, then a cell next to the three.
    for (int i = 0; i < static_cast<int>(ranked.size()); ++i) {
      int f = ranked[i].second;
      bool grows = false;
      for (const int* nb = neighbours(f).orth; *nb >= 0 && !grows; ++nb) grows = b.at(*nb) == mover;
      if (!grows) continue;
      b.set_tile(f, mover);
      int group[5];
      int size = flood_group(b, mover, f, group, 5);
      if (size == 3)
        for (int k = 0; k < 3; ++k)
          for (const int* nb = neighbours(group[k]).orth; *nb >= 0; ++nb) {
            int g = *nb;
            if (g <= f || !b.is_free(g)) continue;
            b.set_tile(f, kEmpty);
            int pair[2] = {f, g};
            bool ok = placement_legal(b, mover, pair, 2);
            b.set_tile(f, mover);
            if (ok) {
              b.set_tile(f, kEmpty);
              add(Action::make(Action::kChess, f, g));
              b.set_tile(f, mover);
            }
          }
      b.set_tile(f, kEmpty);
    }
    add_blocks(b, mover, ranked, add);
    if (out.empty() && n >= 2) {  // the top cells pair badly: take any legal pair
      for (int i = 0; i < n && out.empty(); ++i)
        for (int j = i + 1; j < n && out.empty(); ++j) {
          int pair[2] = {singles[i], singles[j]};
          if (!cells_interact(pair[0], pair[1]) || placement_legal(b, mover, pair, 2))
            add(Action::make(Action::kChess, pair[0], pair[1]));
        }
    }
    // Every legal bridge.
    for (int t = 0; t < kCells; ++t) {
      if (b.at(t) != mover || b.bridge_at(t) >= 0) continue;
      for (int id : bridges_from(t)) {
        const BridgeShape& s = bridge_shapes()[id];
        if (s.a != t) continue;
        if (bridge_legal(b, mover, id, Crossing::kStrict)) add(Action::make(Action::kBridge, s.a, s.b));
      }
    }
    if (change) {
      int cells[2], k = 0;
      for (int c = 0; c < kCells && k < 2; ++c)
        if (b.at(c) == kWhite) cells[k++] = c;
      add(Action::make(Action::kChange, cells[0], cells[1]));
    }
    std::sort(out.begin(), out.end(), [](const Scored& x, const Scored& y) { return x.value > y.value; });
    return out;
  }

  // Pairs that cut all the opponent's possible bridges between two of its
  // networks, or all the growth cells of one of its sandbanks of three, when
  // two tiles are enough: single cells never rank these well on their own.
  template <class Add>
  void add_blocks(Board& b, Colour mover, const std::vector<std::pair<double, int>>& ranked, Add& add) {
    const Colour opp = opponent(mover);
    Groups g = find_groups(b, opp);
    const int n = static_cast<int>(g.cells.size());
    if (n == 0) return;
    std::vector<int> parent(n);
    for (int i = 0; i < n; ++i) parent[i] = i;
    auto find = [&](int x) {
      while (parent[x] != x) x = parent[x] = parent[parent[x]];
      return x;
    };
    for (int i = 0; i < b.bridge_count(); ++i) {
      const PlacedBridge& br = b.bridge(i);
      if (b.at(br.a) == opp) parent[find(g.label[br.a])] = find(g.label[br.b]);
    }
    std::vector<std::pair<std::pair<int, int>, std::vector<int>>> links;
    for (int t = 0; t < kCells; ++t) {
      if (b.at(t) != opp || b.bridge_at(t) >= 0) continue;
      for (int id : bridges_from(t)) {
        const BridgeShape& s = bridge_shapes()[id];
        if (s.a != t || !bridge_legal(b, opp, id, Crossing::kStrict)) continue;
        int ra = find(g.label[s.a]), rb = find(g.label[s.b]);
        if (ra == rb) continue;
        std::pair<int, int> key{std::min(ra, rb), std::max(ra, rb)};
        auto it = std::find_if(links.begin(), links.end(), [&](const auto& l) { return l.first == key; });
        if (it == links.end()) {
          links.push_back({key, {}});
          it = links.end() - 1;
        }
        for (int k = 0; k < s.body_count; ++k)
          if (std::find(it->second.begin(), it->second.end(), s.body[k]) == it->second.end())
            it->second.push_back(s.body[k]);
      }
    }
    std::vector<std::vector<int>> cuts;
    for (const auto& l : links)
      if (l.second.size() <= 2) cuts.push_back(l.second);
    for (int gi = 0; gi < n; ++gi) {
      if (g.size(gi) != 3) continue;
      std::vector<int> growth;
      for (int c : g.cells[gi])
        for (const int* nb = neighbours(c).orth; *nb >= 0; ++nb) {
          int v = *nb;
          if (b.is_free(v) && std::find(growth.begin(), growth.end(), v) == growth.end() &&
              placement_legal(b, opp, &v, 1))
            growth.push_back(v);
        }
      if (!growth.empty() && growth.size() <= 2) cuts.push_back(growth);
    }
    for (const std::vector<int>& cut : cuts) {
      std::vector<std::pair<int, int>> pairs;
      if (cut.size() == 2)
        pairs.push_back({cut[0], cut[1]});
      else
        for (int i = 0, used = 0; i < static_cast<int>(ranked.size()) && used < 3; ++i)
          if (ranked[i].second != cut[0]) {
            pairs.push_back({cut[0], ranked[i].second});
            ++used;
          }
      for (const auto& p : pairs) {
        int pair[2] = {p.first, p.second};
        if (b.is_free(pair[0]) && b.is_free(pair[1]) && placement_legal(b, mover, pair, 2))
          add(Action::make(Action::kChess, pair[0], pair[1]));
      }
    }
  }

  // Negamax value for `mover` to play on `b`, `depth` plies deep.
  double search(Board& b, Colour mover, int depth, double alpha, double beta, bool may_pass = true) {
    std::vector<Scored> moves = candidates(b, mover, change_possible(b, mover));
    if (moves.empty()) {
      Colour other = opponent(mover);
      if (!may_pass) return final_value(b, mover);
      if (!has_legal_action(b, other, false, Crossing::kStrict)) return final_value(b, mover);
      return -search(b, other, depth, -beta, -alpha, false);
    }
    if (depth <= 1) return moves[0].value;
    double best = -1e18;
    int width = std::min<int>(kInnerWidth, static_cast<int>(moves.size()));
    for (int i = 0; i < width; ++i) {
      Board child = b;
      apply_action(child, mover, moves[i].action);
      double v = -search(child, opponent(mover), depth - 1, -beta, -alpha);
      if (v > best) best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    return best;
  }

  Colour root_;
  bool root_change_;
  judge::Deadline deadline_;
};

// What the iterative deepening found: the best action at the deepest depth
// (partly) searched, its value for the root's mover, and that depth.
struct RootResult {
  Action best;
  double value;
  int depth;
};

// choose_action's iterative deepening over the root's candidates `root` (best
// static value first, not empty): depths 2..max_depth, each searching the first
// kRootWidth of them, the best of the previous depth first. With `watch`, a depth
// starts only while under half of `budget_ms` is spent, and a timeout (the
// searcher's deadline) ends the search with the partial depth's best; without
// (a searcher whose deadline never expires), every depth runs to its end.
RootResult deepen(Searcher& searcher, const Board& b, Colour me, std::vector<Scored> root, int max_depth,
                  const judge::Stopwatch* watch, int budget_ms) {
  RootResult result{root[0].action, root[0].value, 1};
  for (int depth = 2; depth <= max_depth; ++depth) {
    if (watch && watch->elapsed_ms() > budget_ms * 0.5) break;  // little chance to search even the best move again
    int width = std::min<int>(kRootWidth, static_cast<int>(root.size()));
    double alpha = -1e18;
    Action iteration_best = root[0].action;
    std::vector<std::pair<double, int>> order;
    bool timed_out = false;
    for (int i = 0; i < width; ++i) {
      Board child = b;
      apply_action(child, me, root[i].action);
      double v;
      try {
        v = -searcher.search(child, opponent(me), depth - 1, -1e18, -alpha);
      } catch (const Timeout&) {
        timed_out = true;
        break;
      }
      order.emplace_back(v, i);
      if (v > alpha) {
        alpha = v;
        iteration_best = root[i].action;
      }
    }
    // A partial iteration still counts once the previous best (searched first) has its new value.
    if (!order.empty()) result = RootResult{iteration_best, alpha, depth};
    if (timed_out) break;
    // Searched moves first, best first, for the next iteration.
    std::stable_sort(order.begin(), order.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
    std::vector<Scored> reordered;
    for (const auto& o : order) reordered.push_back(root[o.second]);
    for (size_t i = width; i < root.size(); ++i) reordered.push_back(root[i]);
    root = reordered;
    if (root.size() == 1) break;
  }
  return result;
}

// Whether `action` is legal for `me` on `board` (the referee's checks, strict crossing).
bool legal_now(const Board& board, Colour me, bool change_offered, const Action& action) {
  if (action.kind == Action::kChess) {
    int cells[2] = {action.a, action.b};
    return check_placement(board, me, cells, 2) == Violation::kNone;
  }
  if (action.kind == Action::kBridge)
    return check_bridge(board, me, action.a, action.b, Crossing::kStrict) == Violation::kNone;
  return change_offered && change_possible(board, me);
}

}  // namespace

bool choose_action(const Board& board, Colour me, bool change_offered, const SearchLimits& limits, Action* out,
                   SearchReport* report) {
  judge::Stopwatch watch;
  // Leave room for starting up, reading and writing the files.
  int budget = std::max(1, limits.think_ms * 9 / 10 - 20);
  judge::Deadline deadline = judge::Deadline::after_ms(budget);
  Searcher searcher(me, change_offered, deadline);
  Board b = board;
  std::vector<Scored> root;
  try {
    root = searcher.candidates(b, me, change_offered && change_possible(b, me));
  } catch (const Timeout&) {
    root.clear();
  }
  if (root.empty()) {
    // Out of time before the first list, or the selective list is empty: any legal action.
    std::vector<Action> legal = legal_actions(board, me, change_offered, Crossing::kStrict);
    if (legal.empty()) return false;
    *out = legal[0];
    return true;
  }
  const RootResult found = deepen(searcher, b, me, root, limits.max_depth, &watch, budget);
  Action best = found.best;
  double best_value = found.value;
  int depth_done = found.depth;
  // Never answer with an illegal action.
  if (!legal_now(board, me, change_offered, best)) {
    std::vector<Action> all = legal_actions(board, me, change_offered, Crossing::kStrict);
    if (all.empty()) return false;
    best = all[0];
  }
  *out = best;
  if (report) {
    report->depth = depth_done;
    report->nodes = searcher.nodes;
    report->value = best_value;
  }
  return true;
}

double action_value(const Board& board, Colour me, const Action& action, int depth, long long* nodes) {
  Searcher searcher(me, false, judge::Deadline::never());
  Board child = board;
  apply_action(child, me, action);
  // As deepen() values a root action: depth 1 is the static value after it.
  const double v = depth <= 1 ? evaluate(child, me) : -searcher.search(child, opponent(me), depth - 1, -1e18, 1e18);
  if (nodes) *nodes += searcher.nodes;
  return v;
}

bool best_action_value(const Board& board, Colour me, bool change_offered, int depth, Action* best, double* value,
                       long long* nodes) {
  Searcher searcher(me, change_offered, judge::Deadline::never());
  Board b = board;
  std::vector<Scored> root = searcher.candidates(b, me, change_offered && change_possible(b, me));
  if (nodes) *nodes += searcher.nodes;
  if (!root.empty()) {
    const long long before = searcher.nodes;
    const RootResult found = deepen(searcher, b, me, root, depth, nullptr, 0);
    if (nodes) *nodes += searcher.nodes - before;
    if (legal_now(board, me, change_offered, found.best)) {
      *best = found.best;
      // A single candidate ends the deepening early: its value at `depth` then.
      *value = found.depth == depth ? found.value : action_value(board, me, found.best, depth, nodes);
      return true;
    }
  }
  // As choose_action: the first legal action when the search has none to offer.
  std::vector<Action> legal = legal_actions(board, me, change_offered, Crossing::kStrict);
  if (legal.empty()) return false;
  *best = legal[0];
  *value = action_value(board, me, legal[0], depth, nodes);
  return true;
}

}  // namespace pdd
