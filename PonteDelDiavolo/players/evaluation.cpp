#include "evaluation.h"

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
double completion_chance(int size, int growth_cells) {
  switch (size) {
    case 4: return 1.0;
    case 3: return growth_cells == 0 ? 0.0 : growth_cells == 1 ? 0.55 : 0.8;
    case 2: return growth_cells == 0 ? 0.0 : growth_cells == 1 ? 0.35 : 0.45;
    case 1: return growth_cells == 0 ? 0.0 : 0.2;
    default: return 0.0;
  }
}

double side_value(Board& board, Colour c) {
  int label[kCells];
  int size[kCells], first[kCells], groups = 0;
  int stack[kCells];
  for (int i = 0; i < kCells; ++i) label[i] = -1;
  for (int s = 0; s < kCells; ++s) {
    if (board.at(s) != c || label[s] >= 0) continue;
    int g = groups++, top = 0, n = 0;
    first[g] = s;
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

  UnionFind real, reach;
  real.init(groups);
  int bridges = 0;
  for (int i = 0; i < board.bridge_count(); ++i) {
    const PlacedBridge& br = board.bridge(i);
    if (board.at(br.a) != c) continue;
    ++bridges;
    real.join(label[br.a], label[br.b]);
  }
  // Growth cells of each group: free, orthogonally next to it, legal for one tile.
  int growth[kCells];
  for (int g = 0; g < groups; ++g) growth[g] = 0;
  bool seen[kCells] = {};
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
    if (!seen[v] && placement_legal(board, c, &v, 1)) ++growth[adjacent];
    seen[v] = true;
  }
  (void)first;
  double chance[kCells];
  int islands = 0;
  for (int g = 0; g < groups; ++g) {
    chance[g] = completion_chance(size[g], growth[g]);
    islands += size[g] == 4;
  }
  // Present score.
  double sum_real[kCells] = {}, present = 0;
  for (int g = 0; g < groups; ++g)
    if (size[g] == 4) sum_real[real.find(g)] += 1;
  for (int g = 0; g < groups; ++g) present += sum_real[g] * (sum_real[g] + 1) / 2;
  // Reachable score: merge through every bridge buildable now.
  for (int i = 0; i < groups; ++i) reach.parent[i] = real.find(i);
  for (int t = 0; t < kCells; ++t) {
    if (board.at(t) != c || board.bridge_at(t) >= 0) continue;
    for (int id : bridges_from(t)) {
      const BridgeShape& s = bridge_shapes()[id];
      int o = s.a == t ? s.b : s.a;
      if (o < t || board.at(o) != c) continue;
      if (reach.find(label[t]) == reach.find(label[o])) continue;
      if (bridge_legal(board, c, id, Crossing::kStrict)) reach.join(label[t], label[o]);
    }
  }
  double sum_reach[kCells] = {}, reachable = 0, chances = 0;
  for (int g = 0; g < groups; ++g) {
    sum_reach[reach.find(g)] += chance[g];
    chances += chance[g];
  }
  for (int g = 0; g < groups; ++g) reachable += sum_reach[g] * (sum_reach[g] + 1) / 2;
  return present + 0.5 * (reachable - present) + 0.5 * chances + 0.3 * islands + 0.02 * bridges;
}

}  // namespace

double evaluate(Board& board, Colour me) { return side_value(board, me) - side_value(board, opponent(me)); }

double final_value(const Board& board, Colour me) {
  PlayerScore a = score(board, me), b = score(board, opponent(me));
  return 1000.0 * (a.points - b.points) + 10.0 * (a.islands - b.islands) + 1.0 * (a.bridges - b.bridges);
}

}  // namespace pdd
