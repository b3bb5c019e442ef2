// The rate governor: the search budget's scale that holds a run's moves per
// CPU second near the target, tested on a synthetic clock.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "../rate_governor.h"

using bot2048::RateGovernor;
using bot2048::RateGovernorSettings;

TEST_CASE("rate governor: full budget on target, a cut as deep as the debt, the surplus capped") {
  RateGovernorSettings settings;  // target 105, horizon max(3 s, 2% of the CPU time)
  settings.min_horizon_seconds = 15;
  RateGovernor governor(settings);
  CHECK(governor.scale() == 1.0);
  CHECK(governor.update(1050, 10.0) == doctest::Approx(1.0));                  // exactly on target
  CHECK(governor.update(1050, 11.0) == doctest::Approx(std::exp(-1.0 / 15)));  // 1 s of debt
  CHECK(governor.update(1050, 12.0) < governor.update(1050, 11.0));            // more debt, deeper cut
  CHECK(governor.update(1050, 9.0) == doctest::Approx(std::exp(1.0 / 15)));    // 1 s ahead
  CHECK(governor.update(1050, 1.0) == doctest::Approx(settings.max_scale));    // far ahead: capped
  CHECK(governor.update(1050, 500.0) == doctest::Approx(settings.min_scale));  // far behind: the floor
  CHECK(governor.scale() == doctest::Approx(settings.min_scale));
  // The same 10 s of debt late in a long run (horizon 2% of 2,000 s = 40 s) cuts less.
  const double early = governor.update(1050, 20.0);
  const double late = governor.update(209000, 209000 / 105.0 + 10.0);
  CHECK(early == doctest::Approx(std::exp(-10.0 / 15)));
  CHECK(late > early);
  // A surplus is spent only in the late stage; a cut applies everywhere.
  governor.update(1050, 5.0);
  CHECK(governor.scale_for(true) == doctest::Approx(governor.scale()));
  CHECK(governor.scale() > 1.0);
  CHECK(governor.scale_for(false) == 1.0);
  governor.update(1050, 12.0);
  CHECK(governor.scale() < 1.0);
  CHECK(governor.scale_for(false) == governor.scale());
  CHECK(governor.scale_for(true) == governor.scale());
}

namespace {

// A synthetic run: games whose moves cost more as they go (a cheap opening, a
// middle, an expensive end that is longer in some games), each move's CPU
// time proportional to the scale the move spends (plus a fixed part), on a
// machine `slowdown` times slower than the one the budget was set for.
struct SyntheticRun {
  double rate = 0;          // moves per CPU second over the run
  double worst_late = 1e9;  // the lowest scale a last-stage move was searched at
  double mean_late = 0;     // the mean scale over last-stage moves
};

SyntheticRun play(double slowdown, int games) {
  RateGovernor governor(RateGovernorSettings{});
  const double cost[3] = {1 / 350.0, 1 / 120.0, 1 / 70.0};  // CPU s per move at scale 1
  uint64_t moves = 0, late_moves = 0;
  double cpu = 0, late_sum = 0;
  SyntheticRun run;
  for (int g = 0; g < games; ++g) {
    const int stage_end[3] = {3700, 7500, 7500 + (g % 5 == 0 ? 14000 : g % 5 == 1 ? 0 : 6000)};
    for (int m = 0, stage = 0; m < stage_end[2]; ++m) {
      while (m >= stage_end[stage]) ++stage;
      const double scale = governor.scale_for(stage == 2);
      cpu += slowdown * cost[stage] * (0.05 + 0.95 * scale);
      ++moves;
      if (stage == 2) {
        ++late_moves, late_sum += scale;
        run.worst_late = std::min(run.worst_late, scale);
      }
      if (moves % 8 == 0) governor.update(moves, cpu);
    }
  }
  run.rate = double(moves) / cpu;
  run.mean_late = late_sum / double(late_moves);
  return run;
}

}  // namespace

TEST_CASE("rate governor: a run holds the contest's 100 moves/s on slower machines, without starving its endgames") {
  // At scale 1 this run plays 104 moves/s at slowdown 1, 130 at 0.8, 90 at 1.15 and 35 at 3.
  for (double slowdown : {0.8, 1.0, 1.15, 1.5, 3.0}) {
    CAPTURE(slowdown);
    const SyntheticRun run = play(slowdown, 50);
    CHECK(run.rate >= 101.0);
    CHECK(run.rate <= 109.0);  // the surplus of a fast machine is spent, not left over
    if (slowdown <= 1.15) {
      CHECK(run.worst_late >= 0.4);  // a long game's end borrows from the games before it
      CHECK(run.mean_late >= 0.75);
    }
  }
  // A short run (one long game) is held too: its horizon is short.
  for (double slowdown : {1.0, 1.15, 3.0}) {
    CAPTURE(slowdown);
    CHECK(play(slowdown, 1).rate >= 100.0);
  }
}
