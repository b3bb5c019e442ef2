// A 2048 game's moves as a record keeps them (Run2048's members "directions"
// and "spawns"), written and read back here only:
//   directions  one letter a valid move: L, D, R or U;
//   spawns      two characters a tile: its cell 0-f, then its value 2 or 4;
//               the kInitialTiles first, then one after each move.
// Header only, so that the replay page's check (viewer/) reads it without
// linking the engine.
#pragma once
#include <string>
#include <vector>

#include "contest_game.h"

namespace g2048 {

inline std::string spawns_text(const std::vector<ContestGame::Spawn>& spawns) {
  std::string text;
  for (const ContestGame::Spawn& s : spawns) {
    text += "0123456789abcdef"[s.cell];
    text += s.value == 4 ? '4' : '2';
  }
  return text;
}

// Checks the two members' texts and reads the spawns into *out; "" or what is
// wrong, naming the member and the item.
inline std::string read_recorded_moves(const std::string& directions, const std::string& spawns,
                                       std::vector<ContestGame::Spawn>* out) {
  const size_t bad = directions.find_first_not_of("LDRU");
  if (bad != std::string::npos)
    return "field 'directions' has '" + directions.substr(bad, 1) + "' at move " + std::to_string(bad + 1) +
           " (expected L, D, R or U)";
  const size_t expected = 2 * (directions.size() + kInitialTiles);
  if (spawns.size() != expected)
    return "field 'spawns' has " + std::to_string(spawns.size()) + " characters, expected " + std::to_string(expected) +
           " (two initial tiles and one per move)";
  out->clear();
  for (size_t i = 0; i < spawns.size(); i += 2) {
    const char c = spawns[i], v = spawns[i + 1];
    const int cell = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (cell < 0 || (v != '2' && v != '4'))
      return "field 'spawns' item " + std::to_string(i / 2 + 1) + " is '" + spawns.substr(i, 2) +
             "' (expected a cell 0-f and a value 2 or 4)";
    out->push_back({cell, v == '4' ? 4 : 2});
  }
  return "";
}

}  // namespace g2048
