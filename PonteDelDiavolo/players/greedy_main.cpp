// pdd-greedy: the greedy baseline with the course's command line.
#include "greedy.h"
#include "program.h"

int main(int argc, char** argv) {
  return pdd::run_program(argc, argv, "pdd-greedy", [](const pdd::PlayerInput& in, pdd::Action* out) {
    return pdd::greedy_action(in.board, in.me, in.change_offered, in.seed, out);
  });
}
