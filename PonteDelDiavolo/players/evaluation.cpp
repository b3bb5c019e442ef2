#include "evaluation.h"

#include <utility>

#include "../rules/bridge_rules.h"
#include "../rules/placement.h"
#include "../rules/score.h"

namespace pdd {
namespace {

struct UnionFind {
  int parent[kCells];
  void init(int n) {
    for (int i = 0; i < n; ++i) parent[i] = i;
  }
  int find(int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void join(int a, int b) { parent[find(a)] = find(b); }
};

// How much of an island a group is worth, by size and by legal growth cells.
// A group whose growth cells the opponent can fill in one move (two tiles)
// is worth less when the opponent moves next.
double completion_chance(int size, int growth_cells, bool to_move) {
  switch (size) {
    case 4: return 1.0;
    case 3:
      if (growth_cells == 0) return 0.0;
      if (growth_cells >= 3) return 0.85;
      return to_move ? 0.85 : growth_cells == 2 ? 0.5 : 0.3;
    case 2: return growth_cells == 0 ? 0.0 : growth_cells == 1 ? 0.3 : 0.45;
    case 1: return growth_cells == 0 ? 0.0 : 0.2;
    default: return 0.0;
  }
}

// Sum over the networks of a partition of n(n+1)/2, n = summed island chances.
double network_points(UnionFind& uf, int groups, const double* chance) {
  double sum[kCells] = {}, total = 0;
  for (int g = 0; g < groups; ++g) sum[uf.find(g)] += chance[g];
  for (int g = 0; g < groups; ++g) total += sum[g] * (sum[g] + 1) / 2;
  return total;
}

// `to_move`: colour c plays next, so it can still use a fragile link or growth cell.
double side_value(Board& board, Colour c, bool to_move) {
  int label[kCells];
  int size[kCells], groups = 0;
  int stack[kCells];
  for (int i = 0; i < kCells; ++i) label[i] = -1;
  for (int s = 0; s < kCells; ++s) {
    if (board.at(s) != c || label[s] >= 0) continue;
    int g = groups++, top = 0, n = 0;
    stack[top++] = s;
    label[s] = g;
    while (top) {
      int v = stack[--top];
      ++n;
      for (const int* nb = neighbours(v).orth; *nb >= 0; ++nb)
        if (board.at(*nb) == c && label[*nb] < 0) {
          label[*nb] = g;
          stack[top++] = *nb;
        }
    }
    size[g] = n;
  }
  if (groups == 0) return 0.0;

  UnionFind real;
  real.init(groups);
  int bridges = 0;
  for (int i = 0; i < board.bridge_count(); ++i) {
    const PlacedBridge& br = board.bridge(i);
    if (board.at(br.a) != c) continue;
    ++bridges;
    real.join(label[br.a], label[br.b]);
  }
  // Growth cells of each group: free, orthogonally next to it alone, legal for one tile.
  int growth[kCells];
  for (int g = 0; g < groups; ++g) growth[g] = 0;
  for (int v = 0; v < kCells; ++v) {
    if (!board.is_free(v)) continue;
    int adjacent = -1;
    bool several = false;
    for (const int* nb = neighbours(v).orth; *nb >= 0; ++nb)
      if (label[*nb] >= 0) {
        if (adjacent >= 0 && adjacent != label[*nb]) several = true;
        adjacent = label[*nb];
      }
    if (adjacent < 0 || several || size[adjacent] >= 4) continue;
    if (placement_legal(board, c, &v, 1)) ++growth[adjacent];
  }
  double chance[kCells], island_weight[kCells], chances = 0;
  int islands = 0;
  for (int g = 0; g < groups; ++g) {
    chance[g] = completion_chance(size[g], growth[g], to_move);
    island_weight[g] = size[g] == 4 ? 1.0 : 0.0;
    islands += size[g] == 4;
    chances += chance[g];
  }
  double present = network_points(real, groups, island_weight);

  // Bridges buildable now between different networks, grouped by the pair of
  // networks, with the covered cells the opponent would have to fill to cut them all.
  struct Link {
    int ra, rb;
    int cells[8];
    int count;
  };
  Link links[64];
  int link_count = 0;
  for (int t = 0; t < kCells; ++t) {
    if (board.at(t) != c || board.bridge_at(t) >= 0) continue;
    for (int id : bridges_from(t)) {
      const BridgeShape& s = bridge_shapes()[id];
      if (s.a != t || board.at(s.b) != c) continue;
      int ra = real.find(label[s.a]), rb = real.find(label[s.b]);
      if (ra == rb || !bridge_legal(board, c, id, Crossing::kStrict)) continue;
      if (ra > rb) std::swap(ra, rb);
      int k = 0;
      while (k < link_count && (links[k].ra != ra || links[k].rb != rb)) ++k;
      if (k == link_count) {
        if (link_count == 64) continue;
        links[link_count++] = Link{ra, rb, {}, 0};
      }
      Link& l = links[k];
      for (int j = 0; j < s.body_count; ++j) {
        bool known = false;
        for (int m = 0; m < l.count && !known; ++m) known = l.cells[m] == s.body[j];
        if (!known && l.count < 8) l.cells[l.count++] = s.body[j];
      }
    }
  }
  UnionFind robust, all;
  for (int g = 0; g < groups; ++g) robust.parent[g] = all.parent[g] = real.find(g);
  for (int k = 0; k < link_count; ++k) {
    all.join(links[k].ra, links[k].rb);
    if (links[k].count >= 3) robust.join(links[k].ra, links[k].rb);
  }
  double reach_robust = network_points(robust, groups, chance);
  double reach_all = network_points(all, groups, chance);
  double fragile_weight = to_move ? 0.45 : 0.15;
  return present + 0.5 * (reach_robust - present) + fragile_weight * (reach_all - reach_robust) + 0.5 * chances +
         0.3 * islands + 0.02 * bridges;
}

}  // namespace

// After `me` has moved: the opponent moves next.
double evaluate(Board& board, Colour me) {
  return side_value(board, me, false) - side_value(board, opponent(me), true);
}

double final_value(const Board& board, Colour me) {
  PlayerScore a = score(board, me), b = score(board, opponent(me));
  return 1000.0 * (a.points - b.points) + 10.0 * (a.islands - b.islands) + 1.0 * (a.bridges - b.bridges);
}

}  // namespace pdd
