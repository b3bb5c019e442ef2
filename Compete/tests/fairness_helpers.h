// What the fairness test and its benchmark share (plugins/fairness.cpp): a
// Compete match of the work-counting plugin against an opponent, and the work
// it did per move, read from its kept working folders.
#pragma once
#include <string>
#include <vector>

namespace ct {

struct FairnessRun {
  std::vector<double> work;             // the counter's work per move, both games
  std::vector<long long> cores;         // the cores the spinner could use, per game (spinner opponents)
  std::vector<double> cpu_ms, wall_ms;  // the counter's moves as the record gives them
  bool ok = false;
  std::string problem;
};

// Plays `counter` as A against `opponent` for `rounds` rounds (seed 5) with
// `extra` options; reads work.txt of every A folder, spin.txt of every B one.
FairnessRun play_counter(const std::string& counter, const std::string& opponent, int rounds,
                         const std::vector<std::string>& extra);

double median(std::vector<double> v);

}  // namespace ct
