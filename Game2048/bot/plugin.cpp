// The bot as a Run2048 plugin (Game2048/plugin/bot_abi.h): a thin wrapper
// around make_agent(). The agent is built once, by g2048_check or else at the
// first call, and lives for the whole run, so the weights are read once.
//
// GAME2048_AGENT selects the agent (agent.h's specs; default "expectimax", the
// network with expectimax); GAME2048_WEIGHTS overrides where the weights are
// read from. Run2048 calls g2048_check first: an agent of the network whose
// weights cannot be loaded makes it answer why ("weights: ..."), so the run is
// invalid instead of played by the heuristic; GAME2048_AGENT=expectimax-heuristic
// asks for the heuristic. Loaded without that check (a program of its own), the
// bot plays the heuristic instead, after a line on stderr.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "../engine/board4.h"
#include "../plugin/bot_abi.h"
#include "agent.h"

namespace {

namespace b4 = g2048::b4;

std::unique_ptr<bot2048::Agent> g_agent;
std::string g_not_ready;  // why the agent could not be built under the check

// Builds the agent (once); false and g_not_ready set if the check refuses it.
bool build_agent(bool require_network) {
  if (g_agent) return true;
  if (!g_not_ready.empty()) return false;
  const char* env = std::getenv("GAME2048_AGENT");
  const std::string spec = env && *env ? env : "expectimax";
  std::string error;
  g_agent = bot2048::make_agent(spec, &error, require_network);
  if (!g_agent && error.rfind("weights: ", 0) == 0) {
    g_not_ready = error;
    return false;
  }
  if (!g_agent) {
    std::fprintf(stderr, "bot2048: %s; playing the default agent\n", error.c_str());
    g_agent = bot2048::make_agent("expectimax", &error, require_network);
    if (!g_agent) {
      g_not_ready = error;
      return false;
    }
  }
  std::fprintf(stderr, "bot2048: playing %s\n", g_agent->describe().c_str());
  return true;
}

bot2048::Agent& agent() {
  build_agent(false);
  if (!g_agent) {  // refused by the check, yet asked to play: the heuristic, said once
    std::string error;
    std::fprintf(stderr, "bot2048: %s; playing the heuristic\n", g_not_ready.c_str());
    g_agent = bot2048::make_agent("expectimax-heuristic", &error);
  }
  return *g_agent;
}

// Any direction that changes the board (the answer when all else fails).
int any_valid_move(b4::Board b) {
  for (int d = 0; d < 4; ++d)
    if (b4::can_move(b, d)) return d;
  return 0;
}

}  // namespace

extern "C" {

G2048_BOT_EXPORT const char* g2048_check(void) { return build_agent(true) ? nullptr : g_not_ready.c_str(); }

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
