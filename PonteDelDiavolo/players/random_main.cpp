// pdd-random: a uniformly random legal action (baseline).
#include <random>

#include "program.h"

int main(int argc, char** argv) {
  return pdd::run_program(argc, argv, "pdd-random", [](const pdd::PlayerInput& in, pdd::Action* out) {
    std::vector<pdd::Action> actions = pdd::legal_actions(in.board, in.me, in.change_offered, pdd::Crossing::kStrict);
    if (actions.empty()) return false;
    std::mt19937_64 rng(in.seed);
    *out = actions[rng() % actions.size()];
    return true;
  });
}
