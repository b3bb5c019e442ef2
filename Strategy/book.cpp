#include "book.h"

#include "book_data.h"

namespace c4 {
namespace {

// The column of entry `index` of the M x N book.
int entry(int M, int N, int index) {
  const char digit = kBookText[M - kBookMinSide][N - kBookMinSide][index];
  return digit <= '9' ? digit - '0' : digit - 'a' + 10;
}

}  // namespace

int book_move(int M, int N, const int* moves, int plies) {
  switch (plies) {
    case 0:
      return entry(M, N, 0);
    case 1:
      return entry(M, N, 1 + moves[0]);
    case 2:
      // We moved first: the book's answer holds only after its own first move.
      return moves[0] == entry(M, N, 0) ? entry(M, N, 1 + N + moves[1]) : -1;
    case 3:
      return moves[1] == entry(M, N, 1 + moves[0]) ? entry(M, N, 1 + 2 * N + moves[0] * N + moves[2]) : -1;
    default:
      return -1;
  }
}

}  // namespace c4
