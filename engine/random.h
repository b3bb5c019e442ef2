// A small, fast pseudo-random generator (xorshift64*) for playouts.
#ifndef RANDOM_H_
#define RANDOM_H_

#include <stdint.h>

namespace c4engine {

class Random {
 public:
  explicit Random(uint64_t seed = 0x9E3779B97F4A7C15ULL) { seed_with(seed); }
  void seed_with(uint64_t seed) { state_ = seed ? seed : 0x9E3779B97F4A7C15ULL; }
  __attribute__((always_inline)) uint64_t next() {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return state_ * 0x2545F4914F6CDD1DULL;
  }
  // Uniform in [0, n), n >= 1.
  __attribute__((always_inline)) uint32_t below(uint32_t n) {
    return static_cast<uint32_t>(((next() >> 32) * n) >> 32);
  }

 private:
  uint64_t state_;
};

}  // namespace c4engine

#endif
