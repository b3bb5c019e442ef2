// Actions (RULES.md §3, §6): two tiles of one's colour (Chess), one bridge
// (Bridge), or Black's turn-2 colour change of White's two opening tiles
// (Change). Cells of an action are kept in row-major order (a < b), the order
// stepLog.txt lists them in.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "board.h"
#include "bridge_rules.h"

namespace pdd {

struct Action {
  enum Kind : uint8_t { kChess, kBridge, kChange } kind = kChess;
  int a = -1, b = -1;  // a < b

  static Action make(Kind kind, int p, int q) {
    Action act;
    act.kind = kind;
    act.a = p < q ? p : q;
    act.b = p < q ? q : p;
    return act;
  }
  bool operator==(const Action& o) const { return kind == o.kind && a == o.a && b == o.b; }
};

const char* kind_name(Action::Kind kind);  // "Chess", "Bridge", "Change"
// "Chess (2,0) (2,2)"
std::string describe(const Action& action);

// Plays a legal action for `mover` (no checks).
void apply_action(Board& board, Colour mover, const Action& action);

// Every legal action of `mover`. `change_offered`: Black may now take White's
// two tiles (the referee passes Y); the Change is listed when exactly two
// White tiles are on the board.
std::vector<Action> legal_actions(const Board& board, Colour mover, bool change_offered, Crossing crossing);

// Whether `mover` has any legal action (a legal pair of tiles, a legal bridge,
// or an offered Change): the referee's pass test (RULES.md §7).
bool has_legal_action(const Board& board, Colour mover, bool change_offered, Crossing crossing);

// The pass rule (RULES.md §7): who acts when `due` is to move. `due` if it has
// a legal action, else its opponent if that one has, else kEmpty (game over).
// `offered(c)` says whether colour c would be offered the Change now.
template <class Offered>
Colour player_to_act(const Board& board, Colour due, Offered offered, Crossing crossing) {
  if (has_legal_action(board, due, offered(due), crossing)) return due;
  Colour other = opponent(due);
  if (has_legal_action(board, other, offered(other), crossing)) return other;
  return kEmpty;
}

}  // namespace pdd
