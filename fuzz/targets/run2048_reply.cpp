// Fuzz target: what a 2048 bot host sends Run2048 (HostReply), as the runner
// takes it: the magic checked, the direction applied to the contest game and
// named in its messages.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "../../Game2048/engine/contest_game.h"
#include "../../Game2048/engine/slide.h"
#include "../../Game2048/runner/protocol.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  g2048::ContestGame game;
  game.start(size, size / 3);
  while (size >= sizeof(g2048::HostReply) && !game.over()) {
    g2048::HostReply reply;
    std::memcpy(&reply, data, sizeof reply);
    data += sizeof reply;
    size -= sizeof reply;
    if (reply.magic != g2048::kHostMagic) continue;
    (void)g2048::direction_name(reply.dir);
    game.move(reply.dir);
  }
  return 0;
}
