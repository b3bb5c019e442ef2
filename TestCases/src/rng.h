// The samples' random stream: SplitMix64, small and fully determined by its seed.
#pragma once
#include <cstdint>

#include "bits.h"

namespace samples {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n); requires n > 0.
  int below(int n) { return static_cast<int>(((next() >> 32) * static_cast<uint64_t>(n)) >> 32); }

 private:
  uint64_t state_;
};

// Mixes values into a seed (order matters).
inline uint64_t mix_seed(uint64_t seed, uint64_t value) {
  Rng r(seed ^ (value * 0xd1b54a32d192ed03ULL));
  return r.next();
}

// The n-th set cell of `set` (counting from the lowest bit); requires n < set.count().
inline Bits nth_cell(Bits set, int n) {
  for (; n > 0; --n) set ^= set.lowest();
  return set.lowest();
}

// A uniformly random cell of a non-empty set.
inline Bits random_cell(const Bits& set, Rng& rng) { return nth_cell(set, rng.below(set.count())); }

}  // namespace samples
