#include "greedy.h"

#include <random>
#include <tuple>

#include "../rules/groups.h"
#include "../rules/score.h"

namespace pdd {

bool greedy_action(const Board& board, Colour me, bool change_offered, uint64_t seed, Action* out) {
  std::vector<Action> actions = legal_actions(board, me, change_offered, Crossing::kStrict);
  if (actions.empty()) return false;
  std::mt19937_64 rng(seed);
  std::tuple<int, int, int, uint64_t> best{-1, -1, -1, 0};
  for (const Action& a : actions) {
    Board after = board;
    apply_action(after, me, a);
    PlayerScore s = score(after, me);
    Groups g = find_groups(after, me);
    int growth = 0;
    for (size_t i = 0; i < g.cells.size(); ++i) growth += g.size(static_cast<int>(i)) * g.size(static_cast<int>(i));
    std::tuple<int, int, int, uint64_t> key{s.points, s.islands, growth, rng()};
    if (key > best) {
      best = key;
      *out = a;
    }
  }
  return true;
}

}  // namespace pdd
