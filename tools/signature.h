// The engines' signature: fixed positions searched at fixed effort, so that a
// change in how any engine plays shows as a change in one number (like a chess
// engine's `bench` node count).
//
//   ConnectFour   the UCT of Strategy/ at a fixed iteration count, seed fixed
//   2048          the expectimax of Game2048/bot/ at a fixed depth, committed network
//   Ponte         the alpha-beta of PonteDelDiavolo/players/ at a fixed depth
//
// Every figure is independent of the machine's speed and load: no clock is read
// by any search it runs.
#pragma once
#include <cstdint>
#include <string>

namespace signature {

struct EngineSignature {
  int positions = 0;
  uint64_t work = 0;  // nodes used or expanded, summed over the positions
  uint64_t hash = 0;  // FNV-1a over the moves chosen and the work of each position
};

struct Signature {
  EngineSignature connectfour, game2048, ponte;
  // One number for all three: a hash of the three engines' hashes.
  uint64_t combined() const;
};

// `weights_path`: the 2048 network (the committed Game2048/bot/weights.n2048).
// False, with `error` set, if the network cannot be loaded.
bool compute(const std::string& weights_path, Signature* out, std::string* error);

// The ConnectFour part alone: with `portable`, on the search loop compiled for
// any CPU; else on the one the CPU runs best (the AVX2 loop where it can).
EngineSignature connectfour_signature(bool portable);

// The report `make signature` prints: one line per engine, then "signature: N".
std::string report(const Signature& s);

}  // namespace signature
