// The lower rungs of the sample ladder: one-move rules with a random choice among
// what the rules allow. Each returns one playable cell; requires a playable cell.
#pragma once
#include "position.h"
#include "rng.h"

namespace samples {

struct RulePolicy {
  bool take_wins = false;      // play an immediate win when there is one
  bool block = false;          // stop the opponent's immediate win
  bool avoid_under = false;    // never let the opponent land on his winning cell
  bool prefer_centre = false;  // random choice weighted towards the centre columns
};

Bits rule_move(const Position& pos, const RulePolicy& policy, Rng& rng);

// A random cell of `moves`, each column weighted 1 + its distance from the
// nearer edge (the centre columns count most). Requires moves non-empty.
Bits centre_weighted_cell(const Position& pos, const Bits& moves, Rng& rng);

}  // namespace samples
