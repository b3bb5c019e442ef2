// Fair CPU between the two sides (plugins/fairness.cpp): a side's process
// group is stopped between its moves, so threads it leaves running take
// nothing of the opponent's turn (--no-freeze: they do, as in the course's
// framework); under -j N each game keeps to its share of the cores; the
// record gives each move's CPU time beside its wall time.
#include <doctest/doctest.h>
#include <sched.h>

#include <string>
#include <vector>

#include "fairness_helpers.h"
#include "harness.h"

namespace {

long long judge_cores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  REQUIRE(sched_getaffinity(0, sizeof set, &set) == 0);
  return CPU_COUNT(&set);
}

ct::FairnessRun play(const std::string& opponent, const std::vector<std::string>& extra) {
  ct::FairnessRun r = ct::play_counter(ct::plugin("counter"), ct::plugin(opponent), 2, extra);
  INFO(r.problem);
  REQUIRE(r.ok);
  return r;
}

}  // namespace

TEST_SUITE_BEGIN("fairness");
TEST_CASE("a spinning opponent's threads stand still in the other's turn; --no-freeze lets them run") {
  // The counter works 20 ms a move; the spinner's four threads spin all game.
  // The machine's own speed can change by a third from one second to the next
  // (another tenant on the core's second hardware thread): the pair is measured
  // again, up to three times, before the freeze is called broken.
  // The three matches of an attempt are measured back to back, and the whole attempt is made again
  // when either comparison fails: a slow second can fall on any one of them.
  // Five busy threads on fewer cores than that: unfrozen, the spinner takes a share.
  const bool shared = judge_cores() < 5;
  double quiet = 0, spun = 0, unfrozen = 0;
  ct::FairnessRun frozen;
  auto holds = [&] { return quiet > 0 && spun >= 0.75 * quiet && (!shared || unfrozen < 0.75 * spun); };
  for (int attempt = 0; attempt < 3 && !holds(); ++attempt) {
    quiet = ct::median(play("random_a", {}).work);
    frozen = play("spinner", {});
    spun = ct::median(frozen.work);
    unfrozen = ct::median(play("spinner", {"--no-freeze"}).work);
  }
  CAPTURE(quiet);
  CAPTURE(spun);
  CAPTURE(unfrozen);
  CHECK(spun >= 0.75 * quiet);
  if (shared) CHECK(unfrozen < 0.75 * spun);
  // Each move's CPU time stands beside its wall time: the counter is busy for most of its 20 ms.
  REQUIRE(frozen.cpu_ms.size() == frozen.wall_ms.size());
  REQUIRE(frozen.cpu_ms.size() >= 4);
  for (size_t k = 0; k < frozen.cpu_ms.size(); ++k) {
    CHECK(frozen.cpu_ms[k] > 0);
    CHECK(frozen.cpu_ms[k] <= frozen.wall_ms[k] + 5);  // one thread: no more CPU than wall time
  }
  CHECK(ct::median(frozen.cpu_ms) > 0.25 * ct::median(frozen.wall_ms));  // even on a busy machine
}

TEST_CASE("under -j 2 each game keeps to its share of the cores; under -j 1 a game may use them all") {
  const long long cores = judge_cores();
  for (long long c : play("spinner", {"-j", "1"}).cores) CHECK(c == cores);
  const ct::FairnessRun two = play("spinner", {"-j", "2"});
  REQUIRE(two.cores.size() == 4);
  for (long long c : two.cores) {
    CHECK(c >= (cores >= 2 ? cores / 2 : cores));
    CHECK(c <= (cores + 1) / 2);
  }
}
TEST_SUITE_END();
