// The opening book: the move a long search (see StrategyTest/opening_book.cpp)
// chose in every position of the first four plies, for each board shape with
// 9 to 12 rows and columns. A position is the sequence of columns played from
// the empty board; the book answers only sequences that follow its own moves.
//
// The searches ignored the blocked cell, so the book holds only when that cell
// lies above the bottom four rows, where no stone of the opening can reach it.
#ifndef BOOK_H_
#define BOOK_H_

namespace c4 {

const int kBookMinSide = 9;
const int kBookPlies = 4;

// Entries of an N-column shape's book: 1 + N + N + N * N (plies 0 to 3).
inline int book_entries(int cols) { return 1 + 2 * cols + cols * cols; }

// True if the book may be used on an M x N board blocked at row noX (0 = top).
inline bool book_applies(int M, int N, int noX) {
  return M >= kBookMinSide && M <= 12 && N >= kBookMinSide && N <= 12 && noX <= M - 5;
}

// The book's column after `plies` moves (0 <= plies < kBookPlies, columns in
// `moves`) on an M x N board the book applies to, or -1 if the sequence left
// the book (the side to move did not play the book's move before).
int book_move(int M, int N, const int* moves, int plies);

}  // namespace c4

#endif
