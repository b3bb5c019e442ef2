// The framework's rule helpers over a 2-D board (board[x][y], 1 = user, 2 = machine).
#ifndef JUDGE_H_
#define JUDGE_H_

// True if the user's (1) stone at (x, y) is part of four in a row.
bool userWin(const int x, const int y, const int M, const int N, int* const* board);
// True if the machine's (2) stone at (x, y) is part of four in a row.
bool machineWin(const int x, const int y, const int M, const int N, int* const* board);
// True when every column is full (top[y] == 0 for all y).
bool isTie(const int N, const int* top);

#endif
