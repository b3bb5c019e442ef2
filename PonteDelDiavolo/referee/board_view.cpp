#include "board_view.h"

namespace pdd {

std::string render_board(const Board& board) {
  std::string s = "     0 1 2 3 4 5 6 7 8 9\n";
  for (int y = 0; y < kSize; ++y) {
    s += "  " + std::to_string(y) + "  ";
    for (int x = 0; x < kSize; ++x) {
      int c = cell_at(x, y);
      char ch = board.at(c) == kWhite ? 'W' : board.at(c) == kBlack ? 'B' : board.covered(c) ? '+' : '.';
      s += ch;
      if (x + 1 < kSize) s += ' ';
    }
    s += '\n';
  }
  for (int i = 0; i < board.bridge_count(); ++i) {
    const PlacedBridge& b = board.bridge(i);
    s += (i % 4 == 0 ? "  bridges: " : "  ") + std::to_string(i + 1) + "=" + colour_letter(board.at(b.a)) + " " +
         cell_name(b.a) + "-" + cell_name(b.b);
    if (i % 4 == 3 || i + 1 == board.bridge_count()) s += '\n';
  }
  return s;
}

}  // namespace pdd
