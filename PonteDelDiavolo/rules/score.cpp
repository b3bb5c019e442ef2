#include "score.h"

#include <numeric>
#include <vector>

#include "groups.h"

namespace pdd {
namespace {

int find(std::vector<int>& parent, int x) {
  while (parent[x] != x) x = parent[x] = parent[parent[x]];
  return x;
}

}  // namespace

PlayerScore score(const Board& board, Colour colour) {
  PlayerScore s;
  Groups groups = find_groups(board, colour);
  int n = static_cast<int>(groups.cells.size());
  std::vector<int> parent(n), linked(n, 0);
  std::iota(parent.begin(), parent.end(), 0);
  for (int i = 0; i < board.bridge_count(); ++i) {
    const PlacedBridge& br = board.bridge(i);
    if (board.at(br.a) != colour) continue;
    ++s.bridges;
    int ga = groups.label[br.a], gb = groups.label[br.b];
    if (ga < 0 || gb < 0) continue;
    linked[ga] = linked[gb] = 1;
    parent[find(parent, ga)] = find(parent, gb);
  }
  std::vector<int> islands_in(n, 0);
  for (int g = 0; g < n; ++g)
    if (groups.is_island(g)) {
      ++s.islands;
      ++islands_in[find(parent, g)];
      if (!linked[g]) ++s.independent_islands;
    }
  for (int g = 0; g < n; ++g)
    if (groups.is_island(g) && islands_in[find(parent, g)] >= 2) ++s.connected_islands;
  for (int g = 0; g < n; ++g) s.points += triangular(islands_in[g]);
  return s;
}

Colour decide_winner(const PlayerScore& white, const PlayerScore& black, std::string* reason) {
  auto say = [&](const char* what, int w, int b) {
    if (reason)
      *reason =
          std::string(what) + " (" + std::to_string(std::max(w, b)) + " vs " + std::to_string(std::min(w, b)) + ")";
    return w > b ? kWhite : kBlack;
  };
  if (white.points != black.points) return say("more points", white.points, black.points);
  if (white.islands != black.islands) return say("equal points, more islands", white.islands, black.islands);
  if (white.bridges != black.bridges)
    return say("equal points and islands, more bridges", white.bridges, black.bridges);
  if (reason) *reason = "draw: equal points, islands and bridges";
  return kEmpty;
}

}  // namespace pdd
