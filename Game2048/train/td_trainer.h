// Afterstate learning for n-tuple networks (Szubert & Jaskowski's
// formulation), one episode at a time: TD or TC, one-step or lambda-returns.
//
// The player moves greedily on reward + V(afterstate). After the episode the
// afterstates are updated backwards, each towards the reward of the next move
// plus the (already updated) value of the next afterstate; the last one towards
// 0. Going backwards carries a final outcome through the whole episode at once.
//
// Lambda-returns (lambda > 0): each afterstate is updated towards the
// lambda-return instead of the one-step target, computed backwards from the
// episode's end as G(t-1) = r(t) + (1 - lambda) V(s(t)) + lambda G(t), with V(s(t))
// the value just updated and G = 0 after the last afterstate; lambda = 0 is
// the one-step update above (TD(0), or TC(0) with coherence).
//
// Episodes may also start from a given board (learn_episode_from), e.g. the
// stage-2 start boards collected by play_until_tile (start_boards.h), or go on
// from an afterstate of the last game (learn_restart: Matsuzaki's restart).
//
// Downgraded training (downgrade_from = E > 0): the episode is played in the
// downgraded game the search's leaves see with dg=E. Every afterstate is
// replaced by b4::downgrade(afterstate, E) before it is recorded and before
// the next tile spawns into it, so the network learns exactly the boards the
// search asks it about, with the rewards of that game. (The downgraded game is
// not the real one, though its moves are: downgrading keeps equal tiles equal
// and unequal ones unequal, but once the tiles have shifted down a spawned 2
// or 4 is worth more next to them, and a merge scores less, so the game is
// easier and longer than the real one.)
//
// Net is any type with kFeatureCount, `float value(uint64_t) const`,
// `float learn(uint64_t board, float target, float step)` (each weight of
// value(board) moves by step * (target - value); returns the new value) and
// `void prefetch(uint64_t) const` (for value) and `void prefetch_for_learn(uint64_t) const`
// (for learn), as TrainingNetwork.
#pragma once
#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "../bot/ntuple.h"
#include "../engine/board4.h"

namespace train2048 {

namespace b4 = g2048::b4;

// A small, fast generator (splitmix64); one per trainer, seeded.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n).
  unsigned below(unsigned n) { return unsigned((next() >> 32) * n >> 32); }

 private:
  uint64_t state_;
};

// The board with one tile spawned by the contest's rule: a uniformly chosen
// empty cell, exponent 1 (tile 2) with p = 0.9, else 2 (tile 4). Needs an empty cell.
inline b4::Board spawn_random(b4::Board b, Rng& rng) {
  const int empty = b4::count_empty(b);
  const int k = int(rng.below(unsigned(empty)));
  return b4::spawn(b, k, rng.below(10) == 0 ? 2 : 1);
}

struct EpisodeResult {
  uint64_t score = 0;
  int moves = 0;
  int max_exponent = 0;
  bool restarted = false;  // a restart (learn_restart): it began inside an earlier game
};

struct Step {
  b4::Board afterstate;
  uint32_t reward;
};

// Whether Net values and learns from feature indices computed once
// (TrainingNetwork: prefetch_indices, value_of_indices, learn_indices).
template <typename Net, typename = void>
struct HasIndices : std::false_type {};
template <typename Net>
struct HasIndices<Net, std::void_t<decltype(std::declval<const Net&>().value_of_indices(0, nullptr))>>
    : std::true_type {};

// The greedy move on net: the afterstate maximising reward + V(afterstate),
// with its reward; returns b itself when no move changes b (game over). With
// value_downgrade = E > 0 the afterstates are valued downgraded from 2^E, as
// the search's leaves with dg=E (the move itself is the real one).
template <typename Net>
b4::Board greedy_afterstate(const Net& net, b4::Board b, uint32_t* best_reward, int value_downgrade = 0) {
  b4::Board best_after = b, after[4], valued[4];
  uint32_t reward[4];
  float best_value = -1e30f;
  *best_reward = 0;
  if constexpr (HasIndices<Net>::value) {
    // Each candidate's feature indices computed once, for the prefetch and the value.
    uint32_t idx[4][Net::kFeatureCount];
    int stage[4];
    for (int d = 0; d < 4; ++d) {
      reward[d] = 0;
      after[d] = b4::move(b, d, &reward[d]);
      if (after[d] == b) continue;
      valued[d] = value_downgrade > 0 ? b4::downgrade(after[d], value_downgrade) : after[d];
      bot2048::feature_indices(valued[d], idx[d]);
      stage[d] = net.stage_of(valued[d]);
      net.prefetch_indices(stage[d], idx[d]);
    }
    for (int d = 0; d < 4; ++d) {
      if (after[d] == b) continue;
      const float v = float(reward[d]) + net.value_of_indices(stage[d], idx[d]);
      if (v > best_value) best_value = v, best_after = after[d], *best_reward = reward[d];
    }
    return best_after;
  }
  for (int d = 0; d < 4; ++d) {
    reward[d] = 0;
    after[d] = b4::move(b, d, &reward[d]);
    valued[d] = value_downgrade > 0 ? b4::downgrade(after[d], value_downgrade) : after[d];
    if (after[d] != b) net.prefetch(valued[d]);
  }
  for (int d = 0; d < 4; ++d) {
    if (after[d] == b) continue;
    const float v = float(reward[d]) + net.value(valued[d]);
    if (v > best_value) best_value = v, best_after = after[d], *best_reward = reward[d];
  }
  return best_after;
}

// The backward pass over path[first..]: each afterstate, from the last one
// back to path[first], moves towards its lambda-return, the last one towards
// `target` (0 at a game's end). Returns the last target formed (that of
// path[first - 1], which is not updated).
template <typename Net>
float learn_backward(Net& net, const std::vector<Step>& path, size_t first, float target, float alpha,
                     float lambda = 0) {
  const float step = alpha / float(Net::kFeatureCount);
  auto next_target = [&](size_t t, float updated) {
    return float(path[t].reward) + (lambda > 0 ? (1 - lambda) * updated + lambda * target : updated);
  };
  if constexpr (HasIndices<Net>::value) {
    // Each afterstate's indices computed once, when it is prefetched (one ahead).
    uint32_t idx[2][Net::kFeatureCount];
    int stage[2];
    auto index = [&](size_t t, int slot) {
      bot2048::feature_indices(path[t].afterstate, idx[slot]);
      stage[slot] = net.stage_of(path[t].afterstate);
    };
    if (path.size() > first) index(path.size() - 1, 0);
    for (size_t t = path.size(), slot = 0; t-- > first; slot ^= 1) {
      if (t > first) {
        index(t - 1, int(slot ^ 1));
        net.prefetch_indices(stage[slot ^ 1], idx[slot ^ 1]);
      }
      target = next_target(t, net.learn_indices(stage[slot], idx[slot], target, step));
    }
    return target;
  }
  for (size_t t = path.size(); t-- > first;) {
    if (t > first) net.prefetch_for_learn(path[t - 1].afterstate);
    target = next_target(t, net.learn(path[t].afterstate, target, step));
  }
  return target;
}

// Plays greedily on net from `b` (a position to move in), appending each
// afterstate and its move's reward to `path`, until the game ends or (with
// stop_exponent = S > 0) a move first makes a tile of 2^S; returns the target of
// the last afterstate appended (0 at a game's end), the score and moves in *result.
template <typename Net>
float play_greedy(const Net& net, Rng& rng, b4::Board b, std::vector<Step>& path, EpisodeResult* result,
                  int downgrade_from = 0, int stop_exponent = 0, float win_value = 0) {
  float target = 0;
  int moves = 0;
  for (;;) {
    uint32_t best_reward;
    b4::Board best_after = greedy_afterstate(net, b, &best_reward);
    if (best_after == b) break;  // no valid move: game over
    result->score += best_reward;
    ++moves;
    const bool stopped =
        stop_exponent > 0 && b4::max_exponent(best_after) >= stop_exponent && b4::max_exponent(b) < stop_exponent;
    if (stopped) result->max_exponent = b4::max_exponent(best_after);  // before downgrading
    if (downgrade_from > 0) best_after = b4::downgrade(best_after, downgrade_from);
    if (stopped) {
      target = float(best_reward) + (win_value > 0 ? win_value : net.value(best_after));
      break;
    }
    path.push_back({best_after, best_reward});
    b = spawn_random(best_after, rng);
  }
  result->moves += moves;
  result->max_exponent = std::max(result->max_exponent, b4::max_exponent(b));
  return target;
}

// Plays one game greedily on net from the board `start` (a position to move
// in) and applies the backward updates with step `alpha` (the share of the
// error corrected, spread over the features) and `lambda` (see above). The
// score counts only the merges made from `start` on.
//
// With stop_exponent = S > 0 the episode ends at the first move that makes a
// tile of 2^S or more on a board without one (in the downgraded game, that
// game's board), e.g. the conversion of an endgame: that afterstate is not
// learned, and the one before it is updated towards the move's reward plus
// the network's value of it (bootstrapped, instead of playing the game out).
//
// With win_value > 0 as well, the move that makes 2^S ends the episode with a
// fixed worth, its reward plus win_value (a stand-in for the points still to
// come after it), instead of the network's value: V(afterstate) learns the
// points until the tile or the end, plus win_value times the chance of the tile.
template <typename Net>
EpisodeResult learn_episode_from(Net& net, Rng& rng, float alpha, b4::Board start, std::vector<Step>& path,
                                 int downgrade_from = 0, int stop_exponent = 0, float win_value = 0, float lambda = 0) {
  EpisodeResult result;
  path.clear();
  const float target = play_greedy(net, rng, start, path, &result, downgrade_from, stop_exponent, win_value);
  learn_backward(net, path, 0, target, alpha, lambda);
  return result;
}

// Matsuzaki's restart, in the real game: `game` holds the afterstates of the
// last game from its real start (as learn_episode_from leaves them, with any
// restarts appended). This episode goes on from one of them drawn uniformly
// from the game's later half, index k in [L/2, L) for L afterstates: a tile
// spawns into it anew and the game is played to its end; `game` becomes the
// first k + 1 afterstates and the new ones, and the backward pass updates
// afterstates k..end (k's target now from the new continuation). The score
// counts the merges of the new moves only. A game of fewer than 2 afterstates
// has no later half to restart from: a new game from the usual start.
template <typename Net>
EpisodeResult learn_restart(Net& net, Rng& rng, float alpha, std::vector<Step>& game, float lambda = 0) {
  if (game.size() < 2) {
    const b4::Board start = spawn_random(spawn_random(0, rng), rng);
    return learn_episode_from(net, rng, alpha, start, game, 0, 0, 0, lambda);
  }
  const size_t half = game.size() / 2, k = half + rng.below(unsigned(game.size() - half));
  game.resize(k + 1);
  EpisodeResult result;
  result.restarted = true;
  const b4::Board b = spawn_random(game[k].afterstate, rng);
  result.max_exponent = b4::max_exponent(b);
  const float target = play_greedy(net, rng, b, game, &result);
  learn_backward(net, game, k, target, alpha, lambda);
  return result;
}

// One episode from the game's usual start (two spawned tiles).
template <typename Net>
EpisodeResult learn_episode(Net& net, Rng& rng, float alpha, std::vector<Step>& path, int downgrade_from = 0,
                            int stop_exponent = 0, float lambda = 0) {
  return learn_episode_from(net, rng, alpha, spawn_random(spawn_random(0, rng), rng), path, downgrade_from,
                            stop_exponent, 0, lambda);
}

// One episode of stage-2 training: from a start board drawn uniformly from
// `starts` (each holding the stage-2 tile already, so every afterstate of the
// episode, and so every update, belongs to stage 2).
template <typename Net>
EpisodeResult learn_episode_from_starts(Net& net, Rng& rng, float alpha, const std::vector<b4::Board>& starts,
                                        std::vector<Step>& path, int downgrade_from = 0, int stop_exponent = 0,
                                        float win_value = 0, float lambda = 0) {
  const b4::Board start = starts[rng.below(unsigned(starts.size()))];
  return learn_episode_from(net, rng, alpha, start, path, downgrade_from, stop_exponent, win_value, lambda);
}

// Plays one greedy game on net (no learning) from the usual start until a tile
// of 2^exponent first appears; returns the board at that moment (after the
// move that made the tile and the spawn that followed it, i.e. a position to
// move in), or 0 if the game ended without the tile or with it (no move left
// after that spawn). With min_sum > 0 it plays on to the first such position
// whose tiles also sum to at least min_sum (an endgame board of that stage),
// and returns 0 if a larger tile comes first.
// value_downgrade as in greedy_afterstate (the real game, valued downgraded).
template <typename Net>
b4::Board play_until_tile(const Net& net, Rng& rng, int exponent, int64_t min_sum = 0, int value_downgrade = 0) {
  b4::Board b = spawn_random(spawn_random(0, rng), rng);
  for (;;) {
    uint32_t reward;
    const b4::Board after = greedy_afterstate(net, b, &reward, value_downgrade);
    if (after == b) return 0;
    b = spawn_random(after, rng);
    const int top = b4::max_exponent(after);
    if (top > exponent && min_sum > 0) return 0;
    if (top >= exponent && b4::tile_sum(b) >= min_sum) return b4::is_game_over(b) ? 0 : b;  // a start needs a move
  }
}

}  // namespace train2048
