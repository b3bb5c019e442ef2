// make bench-fairness: how much of its work per move a plugin keeps against a
// spinning opponent (four threads busy all game), with the judge's freeze and
// with --no-freeze (the course framework's behaviour). The counter works
// 200 ms a move; figures are medians over every move of both games a round.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "../../common/cli.h"
#include "../../common/options.h"
#include "fairness_helpers.h"
#include "harness.h"

int main(int argc, char** argv) {
  judge::OptionTable options("bench_fairness",
                             "usage: bench_fairness [rounds]\n"
                             "The work a 200 ms-a-move plugin keeps against a quiet and a spinning opponent,\n"
                             "<rounds> rounds (default 2) a case.\n");
  std::vector<std::string> positional;
  if (const int status = options.parse(argc, argv, &positional); status != judge::OptionTable::kContinue) return status;
  if (positional.size() > 1) return options.error("unexpected argument '" + positional[1] + "'");
  long long rounds = 2;
  if (!positional.empty() && !judge::parse_int(positional[0], 1, 1000, &rounds))
    return options.error("rounds needs a whole number from 1 to 1000, not '" + positional[0] + "'");
  struct Case {
    const char* label;
    const char* opponent;
    std::vector<std::string> extra;
  };
  const Case cases[] = {{"quiet opponent (random_a)", "random_a", {}},
                        {"spinning opponent, frozen between its moves", "spinner", {}},
                        {"spinning opponent, --no-freeze", "spinner", {"--no-freeze"}}};
  std::printf("counter_200 (200 ms of work a move) as A, %lld rounds, seed 5, -j 1\n", rounds);
  double quiet = 0;
  for (const Case& c : cases) {
    const ct::FairnessRun r = ct::play_counter(ct::plugin("counter_200"), ct::plugin(c.opponent), rounds, c.extra);
    if (!r.ok) {
      std::fprintf(stderr, "bench-fairness: %s\n", r.problem.c_str());
      return 1;
    }
    const double work = ct::median(r.work);
    if (quiet == 0) quiet = work;
    std::printf("  %-46s %5zu moves  median work %10.0f  ratio %.3f  median CPU %.1f ms of %.1f ms wall\n", c.label,
                r.work.size(), work, work / quiet, ct::median(r.cpu_ms), ct::median(r.wall_ms));
  }
  return 0;
}
