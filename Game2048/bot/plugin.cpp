// The bot as a Run2048 plugin (Game2048/plugin/bot_abi.h): a thin wrapper
// around make_agent(). The agent is built at the first call and lives for the
// whole run, so the weights are read once.
//
// GAME2048_AGENT selects the agent (agent.h's specs; default "expectimax", the
// network with expectimax, or the heuristic if the weights cannot be loaded);
// GAME2048_WEIGHTS overrides where the weights are read from.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "../engine/board4.h"
#include "../plugin/bot_abi.h"
#include "agent.h"

namespace {

namespace b4 = g2048::b4;

bot2048::Agent& agent() {
  static const std::unique_ptr<bot2048::Agent> instance = [] {
    const char* env = std::getenv("GAME2048_AGENT");
    const std::string spec = env && *env ? env : "expectimax";
    std::string error;
    std::unique_ptr<bot2048::Agent> a = bot2048::make_agent(spec, &error);
    if (!a) {
      std::fprintf(stderr, "bot2048: %s; playing the default agent\n", error.c_str());
      a = bot2048::make_agent("expectimax", &error);
    }
    std::fprintf(stderr, "bot2048: playing %s\n", a->describe().c_str());
    return a;
  }();
  return *instance;
}

// Any direction that changes the board (the answer when all else fails).
int any_valid_move(b4::Board b) {
  for (int d = 0; d < 4; ++d)
    if (b4::can_move(b, d)) return d;
  return 0;
}

}  // namespace

extern "C" {

G2048_BOT_EXPORT void g2048_new_game(int /*game*/, unsigned long long seed) { agent().new_game(seed); }

G2048_BOT_EXPORT int g2048_move(const int tiles[16], int /*score*/, int /*moves*/) {
  // Tiles beyond 32768 do not fit a nibble: they are read as 32768, which the
  // engine never merges, so every move it calls valid is valid.
  b4::Board b = 0;
  for (int i = 0; i < 16; ++i) {
    int e = 0;
    while (e < b4::kMaxExponent && (2 << e) <= tiles[i]) ++e;
    b |= b4::Board(e) << (4 * i);
  }
  const int d = agent().choose_move(b);
  return d >= 0 && b4::can_move(b, d) ? d : any_valid_move(b);
}

}  // extern "C"
