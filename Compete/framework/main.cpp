// The OJ's executable protocol, compiled only with -DONLINE_JUDGE.
// stdin: "M N noX noY" once; then per move "lastX lastY", N values of top and
// M*N values of the board. stdout per move: a 4-byte big-endian length, then
// the text "x y". Input that breaks the protocol (a size outside 1..12, a cell
// off the board, a value out of range) stops it with a message on stderr
// naming the field and exit code 1; the end of the input ends it with 0.
#ifdef ONLINE_JUDGE
#include <cstdio>
#include <cstring>
#include <vector>

#include "Strategy.h"

namespace {

const int kMaxSide = 12;

int refuse(const char* field, long value, long move) {
  std::fprintf(stderr, "main: bad input at move %ld: %s = %ld is out of range\n", move, field, value);
  return 1;
}

}  // namespace

// Serves the protocol from `in` to `out`; the process's exit code.
int serve_online_judge(std::FILE* in, std::FILE* out) {
  int M, N, noX, noY;
  if (std::fscanf(in, "%d %d %d %d", &M, &N, &noX, &noY) != 4) return 0;
  if (M < 1 || M > kMaxSide) return refuse("M", M, 0);
  if (N < 1 || N > kMaxSide) return refuse("N", N, 0);
  if (noX < 0 || noX >= M) return refuse("noX", noX, 0);
  if (noY < 0 || noY >= N) return refuse("noY", noY, 0);
  std::vector<int> top(N), board(M * N);
  int lastX, lastY;
  for (long move = 1; std::fscanf(in, "%d %d", &lastX, &lastY) == 2; ++move) {
    if (!(lastX == -1 && lastY == -1) && (lastX < 0 || lastX >= M || lastY < 0 || lastY >= N))
      return refuse(lastX < 0 || lastX >= M ? "lastX" : "lastY", lastX < 0 || lastX >= M ? lastX : lastY, move);
    bool open = false;
    for (int y = 0; y < N; ++y) {
      if (std::fscanf(in, "%d", &top[y]) != 1) return 0;
      if (top[y] < 0 || top[y] > M) return refuse("top", top[y], move);
      open = open || top[y] > 0;
    }
    for (int i = 0; i < M * N; ++i) {
      if (std::fscanf(in, "%d", &board[i]) != 1) return 0;
      if (board[i] < 0 || board[i] > 2) return refuse("board", board[i], move);
    }
    if (!open) return refuse("open columns", 0, move);  // nothing to play: the game is over
    Point* p = getPoint(M, N, &top[0], &board[0], lastX, lastY, noX, noY);
    char text[32];
    int length = std::snprintf(text, sizeof text, "%d %d", p->x, p->y);
    unsigned char header[4] = {static_cast<unsigned char>(length >> 24), static_cast<unsigned char>(length >> 16),
                               static_cast<unsigned char>(length >> 8), static_cast<unsigned char>(length)};
    std::fwrite(header, 1, 4, out);
    std::fwrite(text, 1, length, out);
    std::fflush(out);
    clearPoint(p);
  }
  return 0;
}

#ifndef ONLINE_JUDGE_NO_MAIN
int main() { return serve_online_judge(stdin, stdout); }
#endif
#endif
