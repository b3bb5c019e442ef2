// Monte Carlo tree search (UCT) with an MCTS-solver and one-move tactics.
//
// Nodes live in a preallocated pool; a node's children are contiguous. A node
// stands for the position after its move; `value` sums the playout rewards
// (1 win, 0.5 draw) of the player who made that move, and `proof` records a
// game-theoretic result from that player's view once it is proven. The tree
// survives between moves: advance() descends to the child for a move played,
// and search() compacts the pool when it starts more than half full or fills
// up (but not in the last quarter of its time): the root's subtree is copied,
// and if it would take more than a third of the pool, the children of its
// least visited nodes are left out (such a node grows them again when
// visited). The tree is never thrown away. A leaf
// gets its children on its second visit. Every simulation, its moves in the
// tree and in the playout alike, teaches the playouts' last good replies
// (playout.h), which are kept for the whole game.
//
// The search loop is compiled twice: for any CPU, and for x86-64 CPUs with
// AVX2 and BMI2 (GCC only), which runs the same arithmetic in fewer
// instructions and so builds the same tree. Each Uct takes the second when
// the CPU has it (set_code_path() chooses).
#ifndef UCT_H_
#define UCT_H_

#include <stddef.h>
#include <stdint.h>

#include "playout.h"
#include "position.h"
#include "random.h"

namespace c4engine {

struct SearchLimits {
  double time_ms;           // stop after this long (monotonic clock); <= 0: no limit
  uint64_t max_iterations;  // stop after this many iterations; 0: no limit
};

struct SearchReport {
  uint64_t iterations;
  double elapsed_ms;
  uint32_t nodes_used;
  uint32_t root_visits;
  int proof;             // of the root position for the side to move: 1 win, -1 loss, 0 unknown/draw
  double win_rate;       // of the chosen move, for the side to move
  uint32_t compactions;  // of the pool, at the start and when it filled
  double compact_ms;     // the time they took (within elapsed_ms)
};

class Uct {
 public:
  enum CodePath { kPortable, kAvx2 };
  // True if this build and this CPU can run `path`.
  static bool supports(CodePath path);

  Uct()
      : pool_(0),
        spare_(0),
        capacity_(0),
        used_(0),
        root_(0),
        exploration_(1.0f),
        follow_up_(kFollowUpPercent),
        compactions_(0),
        compact_ms_(0),
        path_(supports(kAvx2) ? kAvx2 : kPortable) {}
  ~Uct();
  // Allocates two pools of `capacity` nodes each (16 bytes a node). False if out of memory.
  bool init(uint32_t capacity);
  void set_seed(uint64_t seed) { rng_.seed_with(seed); }
  void set_exploration(float c) { exploration_ = c; }
  // How often (percent) playouts follow up on the opponent's last column (see playout.h).
  void set_follow_up(uint32_t percent) { follow_up_ = percent; }
  // Forgets the tree.
  void clear();
  // Makes the child for `column` the new root; forgets the tree if it has none.
  void advance(int column);
  // Searches `pos` (the root position) within `limits` and returns the column to play.
  int search(const Position& pos, const SearchLimits& limits, SearchReport* report);
  // The compiled search loop to run; false (and no change) if supports(path) is false.
  bool set_code_path(CodePath path);
  CodePath code_path() const { return path_; }

 private:
  enum Proof { kUnknown = 0, kWin = 1, kLoss = 2, kDraw = 3 };
  struct Node {
    uint32_t child;  // first child, 0 when not expanded
    uint32_t visits;
    float value;
    uint8_t column;
    uint8_t children;
    int8_t proof;
    uint8_t expanded;
  };

  uint32_t new_root();
  // Copies the root's subtree into the spare pool, which becomes the pool,
  // without the children of nodes (other than the root) visited fewer than
  // `min_visits` times. Returns the nodes used. With `children_by_visits`, adds
  // to its item b the children copied of the nodes visited 2^b to 2^(b+1) - 1
  // times, and the root's (always kept) to item 31.
  uint32_t copy_subtree(uint32_t min_visits, uint64_t* children_by_visits);
  void compact();
  // compact(), counted in compactions_ and compact_ms_.
  void compact_timed();
  // Creates node's children or proves it. Returns false when the pool is full.
  bool expand(uint32_t node, const Position& pos);
  uint32_t select_child(const Node& node) const;
  // The search loop, inlined into one function per code path.
  int search_loop(const Position& pos, const SearchLimits& limits, SearchReport* report);
  int search_portable(const Position& pos, const SearchLimits& limits, SearchReport* report);
  int search_avx2(const Position& pos, const SearchLimits& limits, SearchReport* report);
  void update_proof(const uint32_t* path, int depth);
  int best_column(const Position& pos) const;

  Node* pool_;
  Node* spare_;
  uint32_t capacity_;
  uint32_t used_;
  uint32_t root_;
  float exploration_;
  uint32_t follow_up_;
  uint32_t compactions_;  // in the search running
  double compact_ms_;
  CodePath path_;
  Random rng_;
  ReplyTable replies_;
};

}  // namespace c4engine

#endif
