#include "infer_action.h"

#include <map>
#include <vector>

#include "../rules/files.h"
#include "../rules/placement.h"

namespace pdd {
namespace {

Judgement fail(Violation v, const std::string& detail) {
  Judgement j;
  j.violation = v;
  j.detail = detail;
  return j;
}

Judgement accept(const Action& action) {
  Judgement j;
  j.action = action;
  return j;
}

std::string tile_word(int v) { return v == 1 ? "a White tile" : v == 2 ? "a Black tile" : "empty"; }

Judgement judge_chess(const TurnContext& t, const Grid& before, const Grid& after) {
  std::vector<int> added, altered;
  for (int c = 0; c < kCells; ++c) {
    if (before[c] == after[c]) continue;
    (before[c] == kEmpty ? added : altered).push_back(c);
  }
  if (!altered.empty()) {
    // The Change: exactly White's two tiles turned Black, by Black, nothing else.
    bool change_shape = t.mover == kBlack && added.empty() && altered.size() == 2 && t.board.tile_count(kWhite) == 2 &&
                        after[altered[0]] == kBlack && after[altered[1]] == kBlack && before[altered[0]] == kWhite &&
                        before[altered[1]] == kWhite;
    if (change_shape) {
      if (t.change_offered) return accept(Action::make(Action::kChange, altered[0], altered[1]));
      return fail(Violation::kNotAnAction, "Change of " + cell_name(altered[0]) + " and " + cell_name(altered[1]) +
                                               " when not offered (the program was given N)");
    }
    int c = altered[0];
    if (after[c] == kEmpty)
      return fail(Violation::kNotAnAction,
                  "chess.txt: the tile at " + cell_name(c) + " (" + tile_word(before[c]) + ") was removed");
    return fail(Violation::kCellOccupied, "chess.txt: " + cell_name(c) + " already has " + tile_word(before[c]) +
                                              ", the program wrote " + std::to_string(after[c]) + " there");
  }
  for (int c : added)
    if (after[c] != t.mover)
      return fail(Violation::kWrongColour, "chess.txt: new tile at " + cell_name(c) + " is " + tile_word(after[c]) +
                                               " but the program plays " + colour_name(t.mover));
  if (added.size() != 2)
    return fail(Violation::kNotAnAction,
                "chess.txt: " + std::to_string(added.size()) + " new tile(s) placed, a Chess action places exactly 2");
  int culprit = added[0];
  Violation v = check_placement(t.board, t.mover, added.data(), 2, &culprit);
  if (v == Violation::kNone) return accept(Action::make(Action::kChess, added[0], added[1]));
  std::string where = "tiles at " + cell_name(added[0]) + " and " + cell_name(added[1]);
  switch (v) {
    case Violation::kCellUnderBridge: return fail(v, cell_name(culprit) + " is under a bridge (" + where + ")");
    case Violation::kGroupTooLarge: return fail(v, where + " make a group of 5 or more tiles at " + cell_name(culprit));
    case Violation::kIslandContact:
      return fail(v, where + ": an island touches another " + std::string(colour_name(t.mover)) +
                         " group diagonally at " + cell_name(culprit));
    default: return fail(v, where);
  }
}

Judgement judge_bridge(const TurnContext& t, const Grid& before, const Grid& after) {
  const int next = t.board.bridge_count() + 1;
  std::map<int, std::vector<int>> fresh;  // new number -> cells where it appears
  for (int c = 0; c < kCells; ++c) {
    if (before[c] == after[c]) continue;
    if (after[c] == 0)
      return fail(Violation::kFileFormat, "bridge.txt: endpoint of bridge " + std::to_string(before[c]) + " at " +
                                              cell_name(c) + " was erased");
    if (before[c] != 0 && after[c] != next)
      return fail(Violation::kFileFormat, "bridge.txt: bridge number at " + cell_name(c) + " changed from " +
                                              std::to_string(before[c]) + " to " + std::to_string(after[c]));
    fresh[after[c]].push_back(c);
  }
  if (fresh.size() > 1) {
    // Two numbers: either two bridges, or one bridge with a wrong number among old ones.
    return fail(Violation::kNotAnAction, "bridge.txt: " + std::to_string(fresh.size()) +
                                             " new bridge numbers written, one action builds one bridge");
  }
  int number = fresh.begin()->first;
  std::vector<int> cells = fresh.begin()->second;
  for (int c = 0; c < kCells; ++c)  // an old bridge's number reused for new cells
    if (before[c] == number && after[c] == number) cells.push_back(c);
  if (number != next)
    return fail(Violation::kFileFormat, "bridge.txt: new bridge numbered " + std::to_string(number) + ", expected " +
                                            std::to_string(next) + " (bridges on the board + 1)");
  for (int c : cells)
    if (before[c] != 0)
      return fail(Violation::kBridgeEndpoints, "bridge.txt: tile " + cell_name(c) + " already carries bridge " +
                                                   std::to_string(before[c]) + ", one bridge per tile");
  if (cells.size() != 2)
    return fail(Violation::kBridgeEndpoints, "bridge.txt: bridge " + std::to_string(number) + " has " +
                                                 std::to_string(cells.size()) + " endpoint(s), a bridge has exactly 2");
  std::string detail;
  Violation v = check_bridge(t.board, t.mover, cells[0], cells[1], t.crossing, &detail);
  if (v != Violation::kNone)
    return fail(v, "bridge " + cell_name(cells[0]) + "-" + cell_name(cells[1]) + ": " + detail);
  return accept(Action::make(Action::kBridge, cells[0], cells[1]));
}

}  // namespace

Judgement infer_action(const TurnContext& t, const std::string& chess_text, const std::string& bridge_text) {
  Grid chess_after, bridge_after;
  std::string error;
  if (!parse_grid(chess_text, "chess.txt", 2, &chess_after, &error)) return fail(Violation::kFileFormat, error);
  if (!parse_grid(bridge_text, "bridge.txt", 1 << 30, &bridge_after, &error))
    return fail(Violation::kFileFormat, error);
  Grid chess_before = chess_grid(t.board), bridge_before = bridge_grid(t.board);
  bool chess_changed = chess_after != chess_before, bridge_changed = bridge_after != bridge_before;
  if (chess_changed && bridge_changed)
    return fail(Violation::kNotAnAction, "both chess.txt and bridge.txt changed: one action per turn");
  if (chess_changed) return judge_chess(t, chess_before, chess_after);
  if (bridge_changed) return judge_bridge(t, bridge_before, bridge_after);
  return fail(Violation::kNotAnAction, "chess.txt and bridge.txt are unchanged: no action, but one was possible");
}

}  // namespace pdd
