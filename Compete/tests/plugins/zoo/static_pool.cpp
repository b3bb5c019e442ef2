// Zoo habit: a huge static node pool, the MCTS student's way: 600 MB of
// nodes in .bss, reserved when the plugin is loaded. Each move "allocates"
// the next few MB of it (touching every page), wrapping around at the end.
#include <cstddef>

#include "Point.h"
#include "zoo_move.h"

namespace {
struct Node {
  int visits;
  int wins;
  int parent;
  int first_child;
};
const std::size_t kPoolBytes = 600u << 20;
const std::size_t kPoolNodes = kPoolBytes / sizeof(Node);
const std::size_t kNodesPerMove = (3u << 20) / sizeof(Node);  // 3 MB a move
Node pool[kPoolNodes];
std::size_t next_free = 0;
std::size_t last_block = 0;
}  // namespace

extern "C" Point* getPoint(const int M, const int N, const int* top, const int* _board, const int lastX,
                           const int lastY, const int noX, const int noY) {
  (void)lastX;
  (void)lastY;
  (void)noX;
  (void)noY;
  // The new nodes link to the ones the last move made (read back: a real tree).
  const std::size_t previous = last_block;
  if (next_free + kNodesPerMove > kPoolNodes) next_free = 0;
  long sum = 0;
  for (std::size_t i = 0; i < kNodesPerMove; ++i) {
    Node& n = pool[next_free + i];
    n.visits = 1;
    n.wins = 0;
    n.parent = static_cast<int>(previous + i);
    n.first_child = -1;
    sum += pool[previous + i].visits;  // 0 on the first move, 1 after
  }
  last_block = next_free;
  next_free += kNodesPerMove;

  int x, y;
  zoo_move(M, N, top, _board, &x, &y);
  if (sum < 0) x = -1;  // never: keeps the loop from being optimised away
  return new Point(x, y);
}

extern "C" void clearPoint(Point* p) { delete p; }
