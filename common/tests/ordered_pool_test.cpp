// The judges' game pool: units played at once, committed strictly in order.
#include "../ordered_pool.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <atomic>
#include <string>
#include <vector>

TEST_CASE("ordered pool: units that end out of order are committed in order, each once") {
  for (int jobs : {1, 2, 4, 8}) {
    CAPTURE(jobs);
    const int units = 40;
    judge::OrderedPool<int> pool(units, jobs);
    CHECK(pool.workers() == jobs);
    std::vector<int> committed;
    std::atomic<int> started{0};
    pool.run(
        [&](int worker, int unit, int* result) {
          CHECK(worker >= 0);
          CHECK(worker < jobs);
          ++started;
          // Even units are slow: the odd ones after them end first.
          if (unit % 2 == 0 && jobs > 1) ::usleep(2000);
          *result = unit * 10;
          return true;
        },
        [&](int unit, int& result) {
          CHECK(result == unit * 10);
          committed.push_back(unit);
          return true;
        });
    CHECK(started == units);
    std::vector<int> want;
    for (int u = 0; u < units; ++u) want.push_back(u);
    CHECK(committed == want);
  }
}

TEST_CASE("ordered pool: a commit that returns false ends the run after it; end_after abandons later units") {
  for (int jobs : {1, 3}) {
    CAPTURE(jobs);
    judge::OrderedPool<int> pool(30, jobs);
    std::vector<int> committed;
    pool.run([&](int, int unit, int* result) { return *result = unit, true; },
             [&](int unit, int&) {
               committed.push_back(unit);
               return unit != 6;
             });
    CHECK(committed == std::vector<int>{0, 1, 2, 3, 4, 5, 6});
  }
  for (int jobs : {1, 3}) {
    CAPTURE(jobs);
    judge::OrderedPool<int> pool(30, jobs);
    std::vector<int> committed;
    std::atomic<int> abandoned{0};
    pool.run(
        [&](int, int unit, int*) {
          if (unit == 4) pool.end_after(4);
          if (!pool.still_wanted(unit, [] {})) {
            ++abandoned;
            return false;
          }
          return true;
        },
        [&](int unit, int&) {
          committed.push_back(unit);
          return true;
        });
    CHECK(committed == std::vector<int>{0, 1, 2, 3, 4});
    if (jobs == 1) CHECK(abandoned == 0);  // nothing after unit 4 was handed out
  }
}

TEST_CASE("ordered pool: after stop_handing_out no new unit starts; those in flight are still committed") {
  judge::OrderedPool<int> pool(50, 1);
  std::vector<int> committed;
  int started = 0;
  pool.run([&](int, int, int*) { return ++started, true; },
           [&](int unit, int&) {
             committed.push_back(unit);
             if (unit == 9) pool.stop_handing_out();
             return true;
           });
  CHECK(started == 10);
  CHECK(committed.size() == 10);
  judge::OrderedPool<int> none(0, 4);
  CHECK(none.workers() == 1);
  int calls = 0;
  none.run([&](int, int, int*) { return ++calls, true; }, [&](int, int&) { return ++calls, true; });
  CHECK(calls == 0);
}

TEST_CASE("ordered pool: a unit the judge cannot play ends the run before it, with the earliest unit's reason") {
  for (int jobs : {1, 2, 4}) {
    CAPTURE(jobs);
    judge::OrderedPool<int> pool(30, jobs);
    std::vector<int> committed;
    pool.run(
        [&](int, int unit, int* result) {
          if (unit == 12 && jobs > 1) ::usleep(5000);  // the later failure may come first
          if (unit == 12 || unit == 20) return pool.fail(unit, "no folder for unit " + std::to_string(unit));
          *result = unit;
          return true;
        },
        [&](int unit, int&) {
          committed.push_back(unit);
          return true;
        });
    std::vector<int> want;
    for (int u = 0; u < 12; ++u) want.push_back(u);
    CHECK(committed == want);
    CHECK(pool.failure() == "no folder for unit 12");
  }
}
