// Reproducible randomness for the contest game: independent streams, all
// derived from one run seed.
//
// Each game g of a run draws from three streams of its own, so nothing one
// consumes shifts another and game g is the same whatever came before it:
//   spawn position: one draw per spawn, cell = draw % (empty cells, row-major);
//   spawn value:    one draw per spawn, tile 4 if draw % 10 == 0, else 2 (9:1);
//   bot:            the seed handed to the bot for game g (and one for srand()).
// A stream is a SplitMix64 sequence whose start is mixed from (run seed,
// stream, game); the run seed comes from Run2048 --seed or GAME2048_SEED.
#pragma once
#include <cstdint>
#include <string>

namespace g2048 {

constexpr uint64_t kDefaultSeed = 2014;  // the contest's year
constexpr const char kSeedEnv[] = "GAME2048_SEED";

enum class Stream : uint64_t { kSpawnPosition = 1, kSpawnValue = 2, kBot = 3 };
// The bot stream's "game" for the srand() seed set once per run.
constexpr uint64_t kRunWide = ~uint64_t{0};

// SplitMix64: a 64-bit state advanced by a constant, output through a mixer.
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed = 0) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // A draw in [0, n), n >= 1 (modulo bias below 2^-59 for n <= 16).
  uint64_t below(uint64_t n) { return next() % n; }

 private:
  uint64_t state_;
};

// The start of `stream` for game `game` of the run seeded with `run_seed`.
inline uint64_t stream_seed(uint64_t run_seed, Stream stream, uint64_t game) {
  SplitMix64 mix(run_seed);
  uint64_t a = mix.next() ^ (static_cast<uint64_t>(stream) * 0xD6E8FEB86659FD93ULL);
  SplitMix64 mix2(a ^ (game * 0xA0761D6478BD642FULL));
  return mix2.next();
}

// The run seed from GAME2048_SEED: kDefaultSeed if unset; false (with *error
// naming the variable and value) if set but not an unsigned 64-bit integer.
bool seed_from_environment(uint64_t* seed, std::string* error);

}  // namespace g2048
