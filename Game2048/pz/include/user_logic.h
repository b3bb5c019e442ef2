// The course's Extension interface (PZ2048 "user_logic.h"): what a student's
// user_logic.cpp defines. The runner calls, per game:
//   ClientPrepare(rows, cols) once, then per turn ReadBoard() with std::cin
//   holding the board exactly as PrintBoard() prints it, then Decide().
#ifndef PUZZLE_2048_USER_LOGIC_H
#define PUZZLE_2048_USER_LOGIC_H

namespace PZ2048 {

// The size of the coming game's board.
void ClientPrepare(int row_num, int col_num);
// Reads the board from std::cin: rows lines of cols numbers (0 = empty).
void ReadBoard();
// The move for the board last read: 'w', 's', 'a' or 'd' (up, down, left,
// right). Anything else is refused and Decide() is asked again.
char Decide();

}  // namespace PZ2048

#endif  // PUZZLE_2048_USER_LOGIC_H
