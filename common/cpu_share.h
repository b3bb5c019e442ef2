// The cores a judge's parallel games run on: under -j N each game keeps to a
// share of the judge's cores, so that one game's threads cannot slow another.
#pragma once
#include <vector>

namespace judge {

// The cores for the game that worker `slot` of `slots` plays: none named (any
// core) with one worker; else the judge's cores dealt out in turn, so that
// workers share no core while there are as many cores as workers, and share
// them evenly otherwise.
std::vector<int> cpu_share(int slot, int slots);

}  // namespace judge
