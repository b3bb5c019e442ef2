// Monotonic time for judges: deadlines and elapsed milliseconds.
// Never the wall-clock calendar (it jumps) and never clock() (it is CPU time).
#pragma once
#include <chrono>
#include <cstdint>

namespace judge {

using Clock = std::chrono::steady_clock;

inline int64_t now_us() {
  return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now().time_since_epoch()).count();
}

// A point in monotonic time; an infinite deadline never expires.
class Deadline {
 public:
  static Deadline after_ms(int64_t ms) { return Deadline(now_us() + ms * 1000); }
  static Deadline never() { return Deadline(-1); }
  bool infinite() const { return at_us_ < 0; }
  bool expired() const { return !infinite() && now_us() >= at_us_; }
  // Milliseconds left, rounded up, for poll(); -1 when infinite, 0 when expired.
  int poll_timeout_ms() const {
    if (infinite()) return -1;
    int64_t left = at_us_ - now_us();
    return left <= 0 ? 0 : static_cast<int>((left + 999) / 1000);
  }

 private:
  explicit Deadline(int64_t at_us) : at_us_(at_us) {}
  int64_t at_us_;
};

// Elapsed time since construction.
class Stopwatch {
 public:
  Stopwatch() : start_us_(now_us()) {}
  int64_t elapsed_us() const { return now_us() - start_us_; }
  double elapsed_ms() const { return elapsed_us() / 1000.0; }

 private:
  int64_t start_us_;
};

}  // namespace judge
