// Test helpers: positions drawn as 10 strings of 10 characters ('.', 'W', 'B').
#pragma once
#include <string>
#include <vector>

#include "../rules/board.h"
#include "../rules/files.h"

namespace pdd_test {

inline pdd::Board board_from_rows(const std::vector<std::string>& rows) {
  pdd::Board b;
  for (int y = 0; y < static_cast<int>(rows.size()); ++y)
    for (int x = 0; x < static_cast<int>(rows[y].size()); ++x) {
      char ch = rows[y][x];
      b.set_tile(pdd::cell_at(x, y), ch == 'W' ? pdd::kWhite : ch == 'B' ? pdd::kBlack : pdd::kEmpty);
    }
  return b;
}

inline int C(int x, int y) { return pdd::cell_at(x, y); }

inline std::string chess_text(const pdd::Board& b) { return pdd::format_grid(pdd::chess_grid(b)); }
inline std::string bridge_text(const pdd::Board& b) { return pdd::format_grid(pdd::bridge_grid(b)); }

}  // namespace pdd_test
