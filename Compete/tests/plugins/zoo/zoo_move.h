/* The move every zoo plugin plays (plain C, so the C plugin uses it too).
 *
 * Take an immediate win (four in a row of our stones, 2 on the board); else
 * block the opponent's (1); else the first open column in centre-first order
 * (N/2, N/2-1, N/2+1, N/2-2, ...). The next stone of column y lands at row
 * top[y] - 1, which the judge already moved past the blocked cell.
 *
 * zoo_candidates() lists the columns the rules leave, centre-first: the
 * deterministic plugins play the first, the random ones pick among them. */
#ifndef ZOO_MOVE_H_
#define ZOO_MOVE_H_

#define ZOO_MAX_COLUMNS 16

/* The column centre-first order puts at position i. */
static inline int zoo_order_column(int N, int i) {
  int half = (i + 1) / 2;
  return N / 2 + ((i % 2) ? -half : half);
}

static inline int zoo_stone(int M, int N, const int* board, int x, int y) {
  if (x < 0 || x >= M || y < 0 || y >= N) return -1;
  return board[x * N + y];
}

/* True if a stone of `who` at (x, y) completes four in a row. */
static inline int zoo_completes_four(int M, int N, const int* board, int x, int y, int who) {
  static const int dx[4] = {0, 1, 1, 1}, dy[4] = {1, 0, 1, -1};
  int d, k;
  for (d = 0; d < 4; ++d) {
    int run = 1;
    for (k = 1; k < 4 && zoo_stone(M, N, board, x + k * dx[d], y + k * dy[d]) == who; ++k) ++run;
    for (k = 1; k < 4 && zoo_stone(M, N, board, x - k * dx[d], y - k * dy[d]) == who; ++k) ++run;
    if (run >= 4) return 1;
  }
  return 0;
}

/* Fills cols (room for N <= ZOO_MAX_COLUMNS) with the columns the rules
 * allow, centre-first; returns how many (0 only on a full board). */
static inline int zoo_candidates(int M, int N, const int* top, const int* board, int* cols) {
  int who, i, n = 0;
  if (N > ZOO_MAX_COLUMNS) N = ZOO_MAX_COLUMNS;
  for (who = 2; who >= 1; --who) { /* our win first, then the block */
    for (i = 0; i < N; ++i) {
      int y = zoo_order_column(N, i);
      if (top[y] > 0 && zoo_completes_four(M, N, board, top[y] - 1, y, who)) cols[n++] = y;
    }
    if (n > 0) return n;
  }
  for (i = 0; i < N; ++i) {
    int y = zoo_order_column(N, i);
    if (top[y] > 0) cols[n++] = y;
  }
  return n;
}

/* The deterministic move: sets *x, *y and returns 1 (0 on a full board,
 * which the judge never shows; *x, *y are then (0, 0)). */
static inline int zoo_move(int M, int N, const int* top, const int* board, int* x, int* y) {
  int cols[ZOO_MAX_COLUMNS];
  int n = zoo_candidates(M, N, top, board, cols);
  *x = 0;
  *y = 0;
  if (n == 0) return 0;
  *y = cols[0];
  *x = top[cols[0]] - 1;
  return 1;
}

/* The number of stones on the board (both sides). */
static inline int zoo_stones(int M, int N, const int* board) {
  int i, n = 0;
  for (i = 0; i < M * N; ++i) n += board[i] != 0;
  return n;
}

#endif /* ZOO_MOVE_H_ */
