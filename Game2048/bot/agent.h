// A 2048 player behind one interface, built from a short text spec:
// expectimax (the network; the heuristic if the weights cannot be loaded and
// the caller allows it),
// expectimax-heuristic, greedy (1 ply) or mcts, each with optional
// ":key=value,..." settings. The specs and their settings are described once,
// in Game2048/bot/README.md ("Playing"); make_agent() refuses a bad one.
//
// The network is loaded once per process (default_weights_path()) and shared.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

namespace bot2048 {

class Agent {
 public:
  virtual ~Agent() = default;
  // Called before each game's first move, with the game's own random seed.
  virtual void new_game(uint64_t seed) = 0;
  // A direction (0 LEFT, 1 DOWN, 2 RIGHT, 3 UP) that changes `board`, or -1 if none does.
  virtual int choose_move(uint64_t board) = 0;
  // The agent and its settings, for tables and logs.
  virtual std::string describe() const = 0;
  // Mean search depth so far (0 when not meaningful).
  virtual double mean_depth() const { return 0; }
  // A line on the search's work so far (depths, nodes per move), or "".
  virtual std::string search_summary() const { return ""; }
};

// nullptr and *error set (naming the spec and the problem) on a bad spec.
// An agent of the network (expectimax, greedy) whose weights cannot be loaded
// plays the heuristic, after one line on stderr naming the file and the
// problem; with `require_network`, it is refused instead: nullptr, and *error
// starts with "weights: " and names the file and the problem.
std::unique_ptr<Agent> make_agent(const std::string& spec, std::string* error, bool require_network = false);

}  // namespace bot2048
