// The course's game interface (PZ2048 "game_logic.h"), so that a student's
// user_logic.cpp compiles unchanged. In a player built with this kit these
// functions act on the player's own copy of the game, refreshed before each
// Decide(); only Decide()'s answer moves the judge's game.
#ifndef PUZZLE_2048_GAME_LOGIC_H
#define PUZZLE_2048_GAME_LOGIC_H

#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "utils.h"

namespace PZ2048 {

// Starts a game: an empty board, srand(game_seed), one spawned tile.
void Start(int row_num, int col_num, int target = 2048, uint game_seed = 0);
// Ends the game; returns {steps, score}.
std::pair<int, int> EndGame();
int GetRows();
int GetCols();
// Swipes 'w' up, 's' down, 'a' left, 'd' right; true if the board changed
// (then a tile spawns). Anything else changes nothing and returns false.
bool TryRun(char dir);
// Restores the state before the last successful move, once; false if none.
bool Undo();
// Tile values by 0-based row and column; 0 is empty.
void SetTile(int row_index, int col_index, int value);
int GetTile(int row_index, int col_index);
int Score();
int Steps();
int GetTarget();
bool HasReachedTarget();
// No direction changes the board.
bool Stuck();
// Prints the board on std::cout: a line per row, each value followed by a space.
void PrintBoard();

inline uint GetCurrentSeed() { return get_seed(); }

// The board as text: values separated by spaces, rows by newlines.
inline std::string SerializeBoard() {
  std::string text;
  for (int r = 0; r < GetRows(); ++r) {
    if (r > 0) text += '\n';
    for (int c = 0; c < GetCols(); ++c) {
      if (c > 0) text += ' ';
      text += std::to_string(GetTile(r, c));
    }
  }
  return text;
}

}  // namespace PZ2048

#endif  // PUZZLE_2048_GAME_LOGIC_H
