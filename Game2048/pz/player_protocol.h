// The Extension runner and a player process talk over the sandbox's channel
// (common/sandbox.h: requests on fd 3, replies on fd 4) in these fixed-size
// messages, native byte order (both ends are built on the same machine).
//
// The judge owns the game; the player process keeps a copy of it whose random
// generator stays in step with the judge's, so the course's PZ2048::rand() and
// srand() in a player behave as they do in the course's own runner, where the
// player and the game share one generator:
//   judge -> player  GameStart, then per turn a Turn followed by rows * cols
//                    int32 cells (row-major): the board to decide on, and the
//                    draws the game made since the last Answer (its spawn).
//   player -> judge  Answer: the character Decide() returned, and what the
//                    player did to the generator while deciding: whether it
//                    reseeded it (the last seed), and the draws made since the
//                    turn began or since that reseed.
// The judge closes the channel when the run ends; the player then exits.
#pragma once
#include <cstdint>

namespace g2048 {
namespace pz {
namespace protocol {

enum Kind : uint32_t { kGameStart = 1, kTurn = 2 };

struct GameStart {
  uint32_t kind = kGameStart;
  int32_t rows = 0, cols = 0, target = 0;
  uint32_t seed = 0;
};

struct Turn {
  uint32_t kind = kTurn;
  uint32_t spawn_draws = 0;  // draws of the game since the last Answer
  int64_t score = 0, steps = 0;
};

struct Answer {
  int32_t move = 0;       // Decide()'s character
  uint32_t reseeded = 0;  // 1 if the player reseeded the generator
  uint32_t seed = 0;      // the last seed it gave
  uint32_t unused = 0;
  uint64_t draws = 0;  // draws since the turn began, or since that reseed
};

}  // namespace protocol
}  // namespace pz
}  // namespace g2048
