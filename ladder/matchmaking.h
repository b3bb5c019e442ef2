// Which two players meet next. Every pairing is two games (both first movers,
// or both colours), so the choice is of a pair of players:
//
//   - a newcomer (an active player, or a new version, that has met fewer than
//     kSpreadOpponents others) goes first, the one with fewest games; its
//     k-th opponent is the unmet player nearest the k-th point of the
//     sequence 1/2, 1/4, 3/4, 1/8, 5/8, ... of the field ranked by rating,
//     so its first games span the field from the middle out;
//   - otherwise the pair of lowest cost
//         games between them / 2  +  |rating difference| / 200 Elo
//         + (games of both) / (4 * mean games of a player)
//     i.e. one more pairing between two players weighs as much as 200 Elo of
//     rating gap: games go to pairs that met least and whose result is least
//     certain, and to players who played least. Ties: lower roster indexes.
//
// A decision is O(active players^2) with no allocation: ~40,000 cost
// evaluations for 200 players, well under a millisecond.
#pragma once
#include <vector>

#include "game_record.h"
#include "roster.h"
#include "standings.h"

namespace ladder {

constexpr int kSpreadOpponents = 4;

class Field {
 public:
  // The active players of `roster`, rated by `standings`; the games of
  // `games` and the unfinished games of the pairings in `in_flight` count as met.
  Field(const Roster& roster, const Standings& standings, const std::vector<GameLine>& games,
        const std::vector<Claim>& in_flight);

  int active_players() const { return static_cast<int>(active_.size()); }
  // The next pair (roster indexes; a is the newcomer, if one); false with fewer than two active players.
  bool choose(int* a, int* b) const;
  // Counts `games` more games between a and b (a pairing chosen but not played yet).
  void count(int a, int b, int games = 2);

  int games_between(int a, int b) const { return met_[static_cast<size_t>(a) * n_ + b]; }
  int games_of(int a) const { return games_[a]; }
  int opponents_of(int a) const { return opponents_[a]; }

 private:
  int n_ = 0;
  std::vector<int> active_;     // roster indexes, best rating first
  std::vector<double> rating_;  // by roster index
  std::vector<int> games_;      // by roster index
  std::vector<int> met_;        // n_ x n_: games between
  std::vector<int> opponents_;  // by roster index: distinct active opponents met
};

}  // namespace ladder
