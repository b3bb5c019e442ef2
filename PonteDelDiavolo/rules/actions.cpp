#include "actions.h"

#include "placement.h"

namespace pdd {
namespace {

bool change_cells(const Board& board, int* a, int* b) {
  int found = 0;
  for (int c = 0; c < kCells; ++c)
    if (board.at(c) == kWhite) {
      if (found == 0) *a = c;
      if (found == 1) *b = c;
      ++found;
    }
  return found == 2;
}

}  // namespace

const char* kind_name(Action::Kind kind) {
  switch (kind) {
    case Action::kChess: return "Chess";
    case Action::kBridge: return "Bridge";
    case Action::kChange: return "Change";
  }
  return "?";
}

std::string describe(const Action& action) {
  return std::string(kind_name(action.kind)) + " " + cell_name(action.a) + " " + cell_name(action.b);
}

void apply_action(Board& board, Colour mover, const Action& action) {
  switch (action.kind) {
    case Action::kChess:
      board.set_tile(action.a, mover);
      board.set_tile(action.b, mover);
      break;
    case Action::kBridge: board.add_bridge(action.a, action.b); break;
    case Action::kChange:
      board.set_tile(action.a, kBlack);
      board.set_tile(action.b, kBlack);
      break;
  }
}

namespace {

// Calls visit(a, b) for each pair of cells a < b where `mover` may place two
// stones, in order; stops at the first visit that returns false. False if a
// visit stopped it.
template <class Visit>
bool each_legal_placement(const Board& board, Colour mover, const Visit& visit) {
  Board scratch = board;
  int singles[kCells];
  const int n = singly_legal_cells(scratch, mover, singles);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      int pair[2] = {singles[i], singles[j]};
      if ((!cells_interact(pair[0], pair[1]) || placement_legal(scratch, mover, pair, 2)) && !visit(pair[0], pair[1]))
        return false;
    }
  return true;
}

}  // namespace

std::vector<Action> legal_actions(const Board& board, Colour mover, bool change_offered, Crossing crossing) {
  std::vector<Action> out;
  each_legal_placement(board, mover, [&out](int a, int b) {
    out.push_back(Action::make(Action::kChess, a, b));
    return true;
  });
  const auto& shapes = bridge_shapes();
  for (int id = 0; id < static_cast<int>(shapes.size()); ++id)
    if (bridge_legal(board, mover, id, crossing))
      out.push_back(Action::make(Action::kBridge, shapes[id].a, shapes[id].b));
  int a, b;
  if (change_offered && mover == kBlack && change_cells(board, &a, &b))
    out.push_back(Action::make(Action::kChange, a, b));
  return out;
}

// The cheap checks first: the change, the bridges, then the placements.
bool has_legal_action(const Board& board, Colour mover, bool change_offered, Crossing crossing) {
  int a, b;
  if (change_offered && mover == kBlack && change_cells(board, &a, &b)) return true;
  const auto& shapes = bridge_shapes();
  for (int id = 0; id < static_cast<int>(shapes.size()); ++id)
    if (bridge_legal(board, mover, id, crossing)) return true;
  return !each_legal_placement(board, mover, [](int, int) { return false; });
}

}  // namespace pdd
