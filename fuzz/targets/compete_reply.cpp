// Fuzz target: what a ConnectFour plugin host sends the judge (MoveReply,
// ClearAck), as the judge takes it: the magic checked, the point judged on a
// board of the fuzzed size, a legal point played and the win checked.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "../../Compete/board.h"
#include "../../Compete/protocol.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 4) return 0;
  const int M = c4::kMinSize + data[0] % 4, N = c4::kMinSize + data[1] % 4;
  c4::Board board(M, N, data[2] % M, data[3] % N);
  data += 4;
  size -= 4;
  c4::Side side = c4::kA;
  while (size >= sizeof(c4::MoveReply) + sizeof(c4::ClearAck)) {
    c4::MoveReply reply;
    c4::ClearAck ack;
    std::memcpy(&reply, data, sizeof reply);
    std::memcpy(&ack, data + sizeof reply, sizeof ack);
    data += sizeof reply + sizeof ack;
    size -= sizeof reply + sizeof ack;
    if (reply.magic != c4::kMagic || ack.magic != c4::kMagic || reply.null_point) continue;
    if (!board.illegal_reason(reply.x, reply.y).empty()) continue;
    board.play(reply.x, reply.y, side);
    if (board.wins_at(reply.x, reply.y) || board.full()) break;
    side = c4::opponent(side);
  }
  (void)board.picture();
  return 0;
}
