// The judges' pool of parallel games: units of work 0..n-1 (games, rounds)
// played by `jobs` workers at once and committed one at a time, strictly in
// unit order, so a judge's files and lines are those of a sequential run
// whatever the order in which the units end. A slow unit only delays the
// commits after it.
//
//   judge::OrderedPool<Result> pool(units, jobs);
//   pool.run(play, commit);
//
// play(worker, unit, &result) runs on a worker thread without the lock and
// returns false to abandon the unit (it is then never committed: the run ends
// before it); fail(unit, why) does the same and keeps the reason of the
// earliest unit that failed, for failure(). commit(unit, result) runs under the lock, for unit 0, 1, 2, ...
// in turn; false ends the run after that unit.
//
// The invariants, under mutex_:
//   - units [0, committed_) are committed;
//   - finished_ holds played units >= committed_, waiting for the ones before;
//   - units [committed_, next_) are in flight or in finished_; the others are
//     not handed out yet, and none at or after hand_out_end_ will be;
//   - no unit >= end_ will ever be committed: in-flight ones are abandoned.
#pragma once
#include <algorithm>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "cpu_share.h"

namespace judge {

template <class Result>
class OrderedPool {
 public:
  using Play = std::function<bool(int worker, int unit, Result* result)>;
  using Commit = std::function<bool(int unit, Result& result)>;

  OrderedPool(int units, int jobs) : units_(units), jobs_(std::max(1, std::min(jobs, std::max(units, 1)))) {
    end_ = hand_out_end_ = units;
  }

  // The workers that run() starts (1 .. jobs, at most one per unit).
  int workers() const { return jobs_; }
  // The cores worker `worker` plays on: its share of the judge's cores
  // (cpu_share.h), so that one unit's threads cannot slow another's; none
  // named (any core) with one worker.
  std::vector<int> cores(int worker) const { return cpu_share(worker, jobs_); }

  // Plays every unit and commits it; returns when all workers are done. With
  // one worker everything runs on the calling thread, exactly in order.
  void run(const Play& play, const Commit& commit) {
    auto worker = [&](int w) {
      for (int unit = take(); unit >= 0; unit = take()) {
        Result result;
        if (!play(w, unit, &result)) break;  // abandoned: the run ends before it
        finish(unit, std::move(result), commit);
      }
    };
    std::vector<std::thread> threads;
    for (int w = 1; w < jobs_; ++w) threads.emplace_back(worker, w);
    worker(0);
    for (std::thread& t : threads) t.join();
  }

  // No unit after `unit` will be committed (units in flight are abandoned as
  // soon as they ask still_wanted). Call from play or commit.
  void end_after(int unit) {
    std::lock_guard<std::mutex> lock(mutex_);
    end_after_locked(unit);
  }
  // Units not handed out yet will not be; those in flight are still committed.
  // For commit (already under the lock).
  void stop_handing_out() { hand_out_end_ = std::min(hand_out_end_, next_); }
  // For commit: ends the run after the unit it commits.
  void end_after_locked(int unit) {
    end_ = std::min(end_, unit + 1);
    hand_out_end_ = std::min(hand_out_end_, end_);
  }

  // For play: the judge cannot play `unit` (a file or folder it needs); the
  // run ends before it, and failure() says why (for the earliest such unit,
  // whatever order they fail in). Returns false, for play to return.
  bool fail(int unit, const std::string& why) {
    std::lock_guard<std::mutex> lock(mutex_);
    end_ = std::min(end_, unit);
    hand_out_end_ = std::min(hand_out_end_, end_);
    if (failure_.empty() || unit < failed_unit_) {
      failure_ = why;
      failed_unit_ = unit;
    }
    return false;
  }
  // "" unless a unit failed; read after run().
  const std::string& failure() const { return failure_; }

  // Runs `f` under the lock if `unit` may still be committed; false (without
  // running it) if it will not, so that its player abandons it.
  template <class F>
  bool still_wanted(int unit, F f) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (unit >= end_) return false;
    f();
    return true;
  }

 private:
  int take() {
    std::lock_guard<std::mutex> lock(mutex_);
    return next_ < hand_out_end_ ? next_++ : -1;
  }

  void finish(int unit, Result result, const Commit& commit) {
    std::lock_guard<std::mutex> lock(mutex_);
    finished_.emplace(unit, std::move(result));
    for (auto it = finished_.find(committed_); committed_ < end_ && it != finished_.end();
         it = finished_.find(committed_)) {
      if (!commit(committed_, it->second)) end_after_locked(committed_);
      finished_.erase(it);
      ++committed_;
    }
  }

  const int units_;
  const int jobs_;
  std::mutex mutex_;
  int next_ = 0, committed_ = 0, end_, hand_out_end_;
  std::map<int, Result> finished_;
  std::string failure_;
  int failed_unit_ = 0;
};

}  // namespace judge
