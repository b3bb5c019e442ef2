#include "uct.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <chrono>

#include "playout.h"

// The AVX2 code path: GCC on x86-64 (the OJ's compiler). No FMA: a fused
// multiply-add rounds once where the portable code rounds twice.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define C4_AVX2_PATH 1
#define C4_TARGET_AVX2 __attribute__((target("avx2,bmi,bmi2,popcnt,lzcnt,movbe,f16c")))
#endif

namespace c4engine {
namespace {

const int kMaxPath = kMaxSide * kMaxSide + 2;

double now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// 1 / sqrt(n) and sqrt(ln(n + 1)) for the visit counts most nodes have: the
// selection step then needs no division, square root or logarithm. The
// parents' table reaches further: the few nodes with that many visits are on
// nearly every path, so their entries stay in the caches.
const uint32_t kTabulatedVisits = 4096;
const uint32_t kTabulatedParentVisits = 65536;
struct VisitTables {
  float inverse_sqrt[kTabulatedVisits];
  float sqrt_log[kTabulatedParentVisits];
  VisitTables() {
    for (uint32_t n = 0; n < kTabulatedVisits; ++n) inverse_sqrt[n] = n ? 1.0f / sqrtf(static_cast<float>(n)) : 0.0f;
    for (uint32_t n = 0; n < kTabulatedParentVisits; ++n) sqrt_log[n] = sqrtf(logf(static_cast<float>(n) + 1.0f));
  }
};
const VisitTables kVisitTables;

inline float inverse_sqrt(uint32_t n) {
  return n < kTabulatedVisits ? kVisitTables.inverse_sqrt[n] : 1.0f / sqrtf(static_cast<float>(n));
}
inline float sqrt_log(uint32_t n) {
  return n < kTabulatedParentVisits ? kVisitTables.sqrt_log[n] : sqrtf(logf(static_cast<float>(n) + 1.0f));
}

// Column of `bits` closest to the middle of an n-column board.
int central_column(uint32_t bits, int n) {
  int best = -1, best_distance = 1000;
  for (; bits; bits &= bits - 1) {
    int y = __builtin_ctz(bits);
    int distance = abs(2 * y - (n - 1));
    if (distance < best_distance) {
      best = y;
      best_distance = distance;
    }
  }
  return best;
}

}  // namespace

Uct::~Uct() {
  free(pool_);
  free(spare_);
}

bool Uct::init(uint32_t capacity) {
  free(pool_);
  free(spare_);
  // malloc, not new[]: pages are touched only as the tree grows.
  pool_ = static_cast<Node*>(malloc(sizeof(Node) * capacity));
  spare_ = static_cast<Node*>(malloc(sizeof(Node) * capacity));
  if (!pool_ || !spare_) {
    free(pool_);
    free(spare_);
    pool_ = spare_ = 0;
    capacity_ = 0;
    return false;
  }
  capacity_ = capacity;
  clear();
  return true;
}

void Uct::clear() {
  used_ = 0;
  root_ = 0;
  replies_.clear();
}

uint32_t Uct::new_root() {
  used_ = 1;  // index 0 means "no child"
  root_ = used_++;
  memset(&pool_[root_], 0, sizeof(Node));
  return root_;
}

void Uct::advance(int column) {
  if (root_ == 0) return;
  const Node& root = pool_[root_];
  for (uint32_t i = 0; i < root.children; ++i)
    if (pool_[root.child + i].column == column) {
      root_ = root.child + i;
      return;
    }
  clear();
}

uint32_t Uct::copy_subtree(uint32_t min_visits, uint64_t* children_by_visits) {
  // Breadth-first: children stay contiguous, and a node's children are kept
  // only if it has min_visits or more (its visits bound its children's).
  spare_[1] = pool_[root_];
  uint32_t next = 2;
  for (uint32_t i = 1; i < next; ++i) {
    Node& n = spare_[i];
    if (n.children == 0) continue;
    if (n.visits < min_visits && i != 1) {
      n.child = 0;
      n.children = 0;
      n.expanded = n.proof != kUnknown;  // an open node grows again when next visited
      continue;
    }
    // The root's children are always kept: they count as the most visited.
    if (children_by_visits) children_by_visits[i == 1 || !n.visits ? 31 : 31 - __builtin_clz(n.visits)] += n.children;
    memcpy(&spare_[next], &pool_[n.child], sizeof(Node) * n.children);
    n.child = next;
    next += n.children;
  }
  Node* t = pool_;
  pool_ = spare_;
  spare_ = t;
  root_ = 1;
  used_ = next;
  return used_;
}

void Uct::compact() {
  // kept[b]: the children of nodes visited 2^b to 2^(b+1) - 1 times (the root's in kept[31]).
  uint64_t kept[32] = {0};
  const uint32_t room = capacity_ / 3;
  if (copy_subtree(0, kept) <= room) return;
  // Too big to leave the search room to grow: keep only the children of the
  // nodes visited 2^b times or more, for the smallest b that fits. These
  // nodes are the tree's top (a child never has more visits than its
  // parent), so kept[b] summed from b up counts exactly what such a copy keeps.
  for (int b = 30; b >= 0; --b) kept[b] += kept[b + 1];
  int b = 0;
  while (b < 32 && 2 + kept[b] > room) ++b;
  copy_subtree(b < 32 ? 1u << b : 0xFFFFFFFFu, 0);
}

void Uct::compact_timed() {
  const double start = now_ms();
  compact();
  ++compactions_;
  compact_ms_ += now_ms() - start;
}

bool Uct::expand(uint32_t index, const Position& pos) {
  Node& node = pool_[index];
  if (pos.full()) {
    node.proof = kDraw;
    node.expanded = 1;
    return true;
  }
  uint16_t wins, blocks, safe;
  pos.classify(&wins, &blocks, &safe);
  if (wins) {  // the side to move wins at once: the node's mover has lost
    node.proof = kLoss;
    node.expanded = 1;
    return true;
  }
  if (blocks & (blocks - 1)) {  // two threats to block: the mover has won
    node.proof = kWin;
    node.expanded = 1;
    return true;
  }
  uint32_t moves = blocks ? blocks : safe;
  if (!moves) {  // every move hands the mover a win
    node.proof = kWin;
    node.expanded = 1;
    return true;
  }
  uint32_t count = static_cast<uint32_t>(popcount16(moves));
  if (used_ + count > capacity_) return false;
  node.child = used_;
  node.children = static_cast<uint8_t>(count);
  node.expanded = 1;
  for (; moves; moves &= moves - 1) {
    Node& c = pool_[used_++];
    memset(&c, 0, sizeof c);
    c.column = static_cast<uint8_t>(__builtin_ctz(moves));
  }
  return true;
}

C4_INLINE uint32_t Uct::select_child(const Node& node) const {
  const float k = exploration_ * sqrt_log(node.visits);
  uint32_t best = node.child;
  float best_score = -1e30f;
  for (uint32_t i = node.child, end = node.child + node.children; i < end; ++i) {
    const Node& c = pool_[i];
    if (c.proof == kLoss) continue;
    if (c.visits == 0) return i;
    // The search goes on into one of these children: ask for the first eight
    // children of each now (the tree is too big for the caches).
    const char* const children = reinterpret_cast<const char*>(&pool_[c.child]);
    __builtin_prefetch(children);
    __builtin_prefetch(children + 64);
    // value / visits + k / sqrt(visits)
    const float r = inverse_sqrt(c.visits);
    float score = r * (c.value * r + k);
    if (score > best_score) {
      best_score = score;
      best = i;
    }
  }
  return best;
}

void Uct::update_proof(const uint32_t* path, int depth) {
  for (int i = depth - 2; i >= 0; --i) {
    Node& parent = pool_[path[i]];
    if (parent.proof != kUnknown) return;
    bool all_proven = true, any_draw = false;
    for (uint32_t c = parent.child, end = parent.child + parent.children; c < end; ++c) {
      int8_t proof = pool_[c].proof;
      if (proof == kWin) {
        parent.proof = kLoss;
        break;
      }
      if (proof == kUnknown) all_proven = false;
      if (proof == kDraw) any_draw = true;
    }
    if (parent.proof == kUnknown) {
      if (!all_proven || parent.children == 0) return;
      parent.proof = any_draw ? kDraw : kWin;
    }
  }
}

int Uct::best_column(const Position& pos) const {
  const Node& root = pool_[root_];
  int best = -1;
  uint32_t best_visits = 0;
  bool best_losing = true;
  for (uint32_t i = root.child, end = root.child + root.children; i < end; ++i) {
    const Node& c = pool_[i];
    if (c.proof == kWin) return c.column;
    bool losing = c.proof == kLoss;
    if (best < 0 || (best_losing && !losing) || (losing == best_losing && c.visits > best_visits)) {
      best = c.column;
      best_visits = c.visits;
      best_losing = losing;
    }
  }
  if (best >= 0) return best;
  // No children (the root is decided at once, or the pool was full): use the tactics.
  uint16_t wins, blocks, safe;
  pos.classify(&wins, &blocks, &safe);
  uint32_t choice = wins ? wins : blocks ? blocks : safe ? safe : pos.open_columns();
  return central_column(choice, pos.geometry().N);
}

bool Uct::supports(CodePath path) {
  if (path == kPortable) return true;
#ifdef C4_AVX2_PATH
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
         __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("lzcnt") && __builtin_cpu_supports("movbe") &&
         __builtin_cpu_supports("f16c");
#else
  return false;
#endif
}

bool Uct::set_code_path(CodePath path) {
  if (!supports(path)) return false;
  path_ = path;
  return true;
}

int Uct::search(const Position& pos, const SearchLimits& limits, SearchReport* report) {
  return path_ == kAvx2 ? search_avx2(pos, limits, report) : search_portable(pos, limits, report);
}

int Uct::search_portable(const Position& pos, const SearchLimits& limits, SearchReport* report) {
  return search_loop(pos, limits, report);
}

#ifdef C4_AVX2_PATH
C4_TARGET_AVX2 int Uct::search_avx2(const Position& pos, const SearchLimits& limits, SearchReport* report) {
  return search_loop(pos, limits, report);
}
#else
int Uct::search_avx2(const Position& pos, const SearchLimits& limits, SearchReport* report) {
  return search_loop(pos, limits, report);
}
#endif

C4_INLINE int Uct::search_loop(const Position& pos, const SearchLimits& limits, SearchReport* report) {
  const double start = now_ms();
  if (root_ == 0) new_root();
  compactions_ = 0;
  compact_ms_ = 0;
  if (used_ > capacity_ / 2) compact_timed();
  if (!pool_[root_].expanded) expand(root_, pos);

  uint32_t path[kMaxPath];
  uint64_t iterations = 0;
  bool full = false;  // an expansion found no room: make some before the next iteration
  bool may_compact = true;
  for (;;) {
    if (full && may_compact) {
      // Compacting a full pool takes up to a few tenths of a second: not in
      // the last quarter of the time, where the tree stops growing instead.
      if (limits.time_ms <= 0 || now_ms() - start < limits.time_ms * 0.75)
        compact_timed();
      else
        may_compact = false;
      full = false;
    }
    if (pool_[root_].proof != kUnknown) break;
    if (limits.max_iterations && iterations >= limits.max_iterations) break;
    if ((iterations & 63) == 0 && limits.time_ms > 0 && now_ms() - start >= limits.time_ms) break;
    ++iterations;

    Position p = pos;
    int depth = 0;
    uint32_t index = root_;
    path[depth++] = index;
    ReplyMemory memory(&replies_);
    while (pool_[index].children && pool_[index].proof == kUnknown) {
      index = select_child(pool_[index]);
      const int y = pool_[index].column;
      // The tree's answers teach the replies too.
      if (memory.last_cell >= 0) memory.answers.add(memory.last_cell, y, p.to_move());
      memory.last_cell = p.free_row(y) * kMaxSide + y;
      p.play(y);
      path[depth++] = index;
    }
    Node& leaf = pool_[index];
    // A leaf is expanded on its second visit: most leaves are visited once, and
    // their children would only fill the pool.
    if (leaf.proof == kUnknown && !leaf.expanded && (leaf.visits > 0 || index == root_) && !expand(index, p))
      full = true;
    float reward;  // for the player who moved into the leaf
    if (leaf.proof != kUnknown) {
      reward = leaf.proof == kWin ? 1.0f : leaf.proof == kLoss ? 0.0f : 0.5f;
      update_proof(path, depth);
    } else {
      const int mover = p.to_move() ^ 1;
      const int winner = tactical_playout(p, rng_, index == root_ ? -1 : leaf.column, follow_up_, &memory);
      memory.answers.teach(&replies_, winner);
      reward = winner < 0 ? 0.5f : winner == mover ? 1.0f : 0.0f;
    }
    for (int i = depth - 1; i >= 0; --i) {
      Node& n = pool_[path[i]];
      ++n.visits;
      n.value += reward;
      reward = 1.0f - reward;
    }
  }

  int column = best_column(pos);
  if (report) {
    const Node& root = pool_[root_];
    report->iterations = iterations;
    report->elapsed_ms = now_ms() - start;
    report->nodes_used = used_;
    report->root_visits = root.visits;
    report->proof = root.proof == kLoss ? 1 : root.proof == kWin ? -1 : 0;
    report->win_rate = 0;
    report->compactions = compactions_;
    report->compact_ms = compact_ms_;
    for (uint32_t i = root.child, end = root.child + root.children; i < end; ++i)
      if (pool_[i].column == column && pool_[i].visits) report->win_rate = pool_[i].value / pool_[i].visits;
  }
  return column;
}

}  // namespace c4engine
