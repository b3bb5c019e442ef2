// Fuzz target: a program's stdout as the judge reads it in the OJ's way
// (Compete/oj_protocol.h): replies taken one after another from the bytes,
// each legal point played on a board of the fuzzed size, the first broken or
// incomplete reply ending the game.
#include <cstddef>
#include <cstdint>
#include <string>

#include "../../Compete/board.h"
#include "../../Compete/oj_protocol.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 4) return 0;
  const int M = c4::kMinSize + data[0] % 4, N = c4::kMinSize + data[1] % 4;
  c4::Board board(M, N, data[2] % M, data[3] % N);
  std::string stdout_bytes(reinterpret_cast<const char*>(data + 4), size - 4);
  c4::Side side = c4::kA;
  (void)c4::oj_request(board, side, -1, -1, true);
  for (;;) {
    int x = -1, y = -1;
    size_t used = 0;
    std::string problem;
    if (c4::parse_oj_reply(stdout_bytes, &x, &y, &used, &problem) != c4::OjReply::kOk) break;
    stdout_bytes.erase(0, used);
    if (!board.illegal_reason(x, y).empty()) break;
    board.play(x, y, side);
    if (board.wins_at(x, y) || board.full()) break;
    side = c4::opponent(side);
    (void)c4::oj_request(board, side, x, y, false);
  }
  return 0;
}
