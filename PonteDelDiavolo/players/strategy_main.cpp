// pdd-strategy: placeholder until the search lands.
#include "greedy.h"
#include "program.h"

int main(int argc, char** argv) {
  return pdd::run_program(argc, argv, "pdd-strategy", [](const pdd::PlayerInput& in, pdd::Action* out) {
    return pdd::greedy_action(in.board, in.me, in.change_offered, in.seed, out);
  });
}
