#include "agent.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>

#include "evaluator.h"
#include "expectimax.h"
#include "mcts.h"

namespace bot2048 {
namespace {

// Work units per move that keep each evaluation near 150+ moves/s on the
// reference machine (2-core AMD EPYC); see README.md for the measurements.
constexpr double kNetworkNodesPerMove = 36000;  // 14000 before the table prefetches (2.4x faster search)
constexpr double kHeuristicNodesPerMove = 50000;
// Network leaves whose largest tile is 16384 or more are valued as their
// downgraded board (b4::downgrade): the network learned the real game up to
// 16384 (restarts give the late stage its share), and downgrading from 8192
// costs it a third of its score at one ply (README.md).
constexpr int kNetworkDowngradeFrom = 14;
// The network's budget by stage (ExpectimaxSettings::early_budget, late_budget):
// 0.4x before the first 8192, where it plays well with a shallow search (depth
// 1 reaches 8192 in 98% of games); 1.75x from the first 16384, where games are
// lost at the second one (README.md, "Budget by stage").
constexpr double kNetworkEarlyBudget = 0.4;
constexpr double kNetworkLateBudget = 1.75;

// The network, or the heuristic if the weights cannot be loaded (*problem says why).
const Evaluator& network_or_heuristic(std::string* problem) {
  static std::string why;
  static const std::unique_ptr<Evaluator> evaluator = load_evaluator(default_weights_path(), nullptr, &why);
  *problem = why;
  return *evaluator;
}
const Evaluator& heuristic() {
  static const HeuristicEvaluator evaluator;
  return evaluator;
}

class ExpectimaxAgent : public Agent {
 public:
  ExpectimaxAgent(const Evaluator& evaluator, const ExpectimaxSettings& settings, std::string text)
      : evaluator_(evaluator), search_(evaluator, settings), text_(std::move(text)) {}
  void new_game(uint64_t) override { search_.clear(); }
  int choose_move(uint64_t board) override { return search_.choose_move(board); }
  std::string describe() const override { return text_ + " [" + evaluator_.name() + "]"; }
  double mean_depth() const override {
    const SearchStats& s = search_.stats();
    return s.moves ? double(s.depth_sum) / double(s.moves) : 0;
  }
  std::string search_summary() const override {
    const SearchStats& s = search_.stats();
    std::string text = "depths";
    for (int d = 0; d < 8; ++d)
      if (s.depth_histogram[d]) text += " " + std::to_string(d) + ":" + std::to_string(s.depth_histogram[d]);
    text += ", " + std::to_string(s.moves ? s.nodes / s.moves : 0) + " nodes/move, budget scale " +
            std::to_string(search_.budget_scale());
    return text;
  }

 private:
  const Evaluator& evaluator_;
  Expectimax search_;
  std::string text_;
};

class MonteCarloAgent : public Agent {
 public:
  MonteCarloAgent(const MonteCarloSettings& settings, std::string text) : mc_(settings, 1), text_(std::move(text)) {}
  void new_game(uint64_t seed) override { mc_.reseed(seed); }
  int choose_move(uint64_t board) override { return mc_.choose_move(board); }
  std::string describe() const override { return text_; }

 private:
  MonteCarlo mc_;
  std::string text_;
};

bool parse_number(const std::string& text, double* out) {
  char* end = nullptr;
  *out = std::strtod(text.c_str(), &end);
  return !text.empty() && *end == 0;
}

}  // namespace

std::unique_ptr<Agent> make_agent(const std::string& spec, std::string* error, bool require_network) {
  const size_t colon = spec.find(':');
  const std::string kind = spec.substr(0, colon);
  std::map<std::string, double> options;
  if (colon != std::string::npos) {
    std::string rest = spec.substr(colon + 1);
    while (!rest.empty()) {
      const size_t comma = rest.find(',');
      const std::string item = rest.substr(0, comma);
      rest = comma == std::string::npos ? "" : rest.substr(comma + 1);
      const size_t eq = item.find('=');
      double value;
      if (eq == std::string::npos || !parse_number(item.substr(eq + 1), &value)) {
        *error = "agent '" + spec + "': option '" + item + "' is not key=number";
        return nullptr;
      }
      options[item.substr(0, eq)] = value;
    }
  }
  auto take = [&](const char* key, double fallback) {
    auto it = options.find(key);
    if (it == options.end()) return fallback;
    const double v = it->second;
    options.erase(it);
    return v;
  };
  std::unique_ptr<Agent> agent;
  if (kind == "expectimax" || kind == "expectimax-heuristic" || kind == "greedy") {
    std::string problem;
    const Evaluator& evaluator = kind == "expectimax-heuristic" ? heuristic() : network_or_heuristic(&problem);
    if (!problem.empty()) {
      if (require_network) {
        *error = "weights: " + problem + " (GAME2048_AGENT=expectimax-heuristic plays without them)";
        return nullptr;
      }
      static std::once_flag said;
      std::call_once(said, [&] {
        std::fprintf(stderr, "bot2048: %s; using the heuristic evaluation instead\n", problem.c_str());
      });
    }
    ExpectimaxSettings s;
    const bool network = evaluator.counts_reward();
    s.nodes_per_move = take("nodes", network ? kNetworkNodesPerMove : kHeuristicNodesPerMove);
    s.min_depth = int(take("min", kind == "greedy" ? 0 : 1));
    s.max_depth = int(take("max", kind == "greedy" ? 0 : 6));
    s.probability_cutoff = float(take("cutoff", 1e-4));
    s.min_moves_per_second = take("guard", s.min_moves_per_second);
    s.table_bits = int(take("tt", s.table_bits));
    s.cache_leaves = take("leafcache", 1) != 0;
    s.downgrade_from = int(take("dg", network ? kNetworkDowngradeFrom : 0));
    s.endgame_downgrade_from = int(take("enddg", 0));
    s.endgame_conversion = take("endwin", 0) != 0;
    s.early_budget = take("early", network ? kNetworkEarlyBudget : 1.0);
    s.late_budget = take("late", network ? kNetworkLateBudget : 1.0);
    s.late_from = int(take("latefrom", s.late_from));
    if (s.min_depth < 0 || s.max_depth < s.min_depth || s.max_depth > 8 || s.nodes_per_move < 0 || s.table_bits < 10 ||
        s.table_bits > 26 || (s.downgrade_from != 0 && (s.downgrade_from < 2 || s.downgrade_from > 15)) ||
        (s.endgame_downgrade_from != 0 && (s.endgame_downgrade_from < 2 || s.endgame_downgrade_from > 15)) ||
        !(s.early_budget > 0) || !(s.late_budget > 0) || s.late_from < 3 || s.late_from > 15) {
      *error =
          "agent '" + spec +
          "': need 0 <= min <= max <= 8, nodes >= 0, 10 <= tt <= 26, dg and enddg 0 (off) or 2..15, early > 0, late > 0"
          " and 3 <= latefrom <= 15";
      return nullptr;
    }
    agent.reset(new ExpectimaxAgent(evaluator, s, spec));
  } else if (kind == "mcts") {
    MonteCarloSettings s;
    s.playouts_per_move = int(take("playouts", s.playouts_per_move));
    s.exploration = take("c", s.exploration);
    s.guided = take("guided", 0) != 0;
    if (s.playouts_per_move < 1) {
      *error = "agent '" + spec + "': playouts must be at least 1";
      return nullptr;
    }
    agent.reset(new MonteCarloAgent(s, spec));
  } else {
    *error = "agent '" + spec + "': unknown kind '" + kind + "' (expectimax, expectimax-heuristic, greedy, mcts)";
    return nullptr;
  }
  if (!options.empty()) {
    *error = "agent '" + spec + "': unknown option '" + options.begin()->first + "'";
    return nullptr;
  }
  return agent;
}

}  // namespace bot2048
