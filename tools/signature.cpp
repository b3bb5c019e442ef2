#include "signature.h"

#include <cstdio>
#include <memory>
#include <vector>

#include "../Game2048/bot/expectimax.h"
#include "../Game2048/bot/weights_file.h"
#include "../Game2048/engine/board4.h"
#include "../PonteDelDiavolo/players/search.h"
#include "../PonteDelDiavolo/rules/actions.h"
#include "../engine/position.h"
#include "../engine/uct.h"

namespace signature {
namespace {

// The positions come from a generator of our own, so that they stay fixed
// whatever the engines' random number generators become.
class Lcg {
 public:
  explicit Lcg(uint64_t seed) : s_(seed * 2862933555777941757ULL + 3037000493ULL) {}
  uint32_t next(uint32_t n) {
    s_ = s_ * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<uint32_t>((s_ >> 33) % n);
  }

 private:
  uint64_t s_;
};

void mix(EngineSignature* e, uint64_t value) {
  if (e->hash == 0) e->hash = 1469598103934665603ULL;
  for (int i = 0; i < 8; ++i) {
    e->hash ^= (value >> (8 * i)) & 0xFF;
    e->hash *= 1099511628211ULL;
  }
}

// --- ConnectFour: 12 positions, 20,000 UCT iterations each -------------------
constexpr uint64_t kUctIterations = 20000;

void sign_connectfour(EngineSignature* out, bool portable) {
  struct Shape {
    int rows, cols, blocked_x, blocked_y, moves;
  };
  const Shape shapes[] = {{9, 9, 8, 4, 0},    {12, 12, 0, 11, 0},  {10, 11, 5, 5, 6},   {12, 9, 11, 0, 10},
                          {9, 12, 3, 7, 14},  {11, 10, 10, 9, 18}, {12, 12, 6, 2, 22},  {10, 10, 9, 3, 26},
                          {11, 12, 4, 8, 30}, {9, 10, 2, 2, 36},   {12, 11, 7, 10, 44}, {10, 12, 9, 11, 52}};
  c4engine::Uct uct;
  if (!uct.init(1u << 20)) return;
  if (portable) uct.set_code_path(c4engine::Uct::kPortable);
  int index = 0;
  for (const Shape& s : shapes) {
    c4engine::Geometry g;
    g.init(s.rows, s.cols, s.blocked_x, s.blocked_y);
    c4engine::Position pos;
    pos.reset(&g);
    Lcg lcg(100 + index++);
    // Random moves that neither win nor fill the board: the game stays open.
    for (int m = 0; m < s.moves; ++m) {
      std::vector<int> open;
      for (int y = 0; y < s.cols; ++y)
        if (pos.free_row(y) >= 0 && !pos.wins_with(y)) open.push_back(y);
      if (open.size() < 2) break;
      pos.play(open[lcg.next(static_cast<uint32_t>(open.size()))]);
    }
    uct.clear();
    uct.set_seed(2026);
    c4engine::SearchLimits limits = {0.0, kUctIterations};
    c4engine::SearchReport report;
    const int column = uct.search(pos, limits, &report);
    ++out->positions;
    out->work += report.nodes_used;
    mix(out, static_cast<uint64_t>(column));
    mix(out, report.nodes_used);
  }
}

// --- 2048: 16 boards, expectimax at depth 2 ----------------------------------
constexpr int kExpectimaxDepth = 2;

void sign_2048(const bot2048::Evaluator& evaluator, EngineSignature* out) {
  namespace b4 = g2048::b4;
  bot2048::ExpectimaxSettings settings;
  settings.min_moves_per_second = 0;  // no clock
  bot2048::Expectimax search(evaluator, settings);
  // One game of random moves; a board every 40 moves while it lasts, then a new game.
  Lcg lcg(2048);
  uint64_t board = 0;
  auto spawn = [&](uint64_t b) {
    const int empty = b4::count_empty(b);
    return empty == 0 ? b : b4::spawn(b, static_cast<int>(lcg.next(empty)), lcg.next(10) == 0 ? 2 : 1);
  };
  board = spawn(spawn(0));
  int move = 0;
  while (out->positions < 16) {
    if (b4::is_game_over(board)) {
      board = spawn(spawn(0));
      continue;
    }
    if (++move % 40 == 0) {
      search.clear();
      const uint64_t nodes_before = search.nodes();
      float values[4];
      search.evaluate_moves(board, kExpectimaxDepth, values);
      int best = -1;
      for (int d = 0; d < 4; ++d)
        if (values[d] >= 0 && (best < 0 || values[d] > values[best])) best = d;
      ++out->positions;
      const uint64_t nodes = search.nodes() - nodes_before;
      out->work += nodes;
      mix(out, nodes);
      mix(out, static_cast<uint64_t>(best));
      for (float v : values) mix(out, static_cast<uint64_t>(static_cast<int64_t>(v * 16.0f)));
    }
    int dir = static_cast<int>(lcg.next(4));
    while (b4::move(board, dir) == board) dir = (dir + 1) % 4;
    board = spawn(b4::move(board, dir));
  }
}

// --- Ponte del Diavolo: 6 positions, alpha-beta to depth 4 -------------------
constexpr int kPonteDepth = 4;

void sign_ponte(EngineSignature* out) {
  const int plies[] = {2, 6, 10, 16, 24, 34};
  int index = 0;
  for (int n : plies) {
    pdd::Board board;
    pdd::Colour mover = pdd::kWhite;
    Lcg lcg(300 + index++);
    for (int p = 0; p < n; ++p) {
      std::vector<pdd::Action> legal = pdd::legal_actions(board, mover, false, pdd::Crossing::kStrict);
      if (legal.empty()) break;
      pdd::apply_action(board, mover, legal[lcg.next(static_cast<uint32_t>(legal.size()))]);
      mover = pdd::opponent(mover);
    }
    pdd::SearchLimits limits;
    limits.think_ms = 100000000;  // the depth bounds the search, never the clock
    limits.max_depth = kPonteDepth;
    pdd::Action action;
    pdd::SearchReport report;
    if (!pdd::choose_action(board, mover, false, limits, &action, &report)) continue;
    ++out->positions;
    out->work += static_cast<uint64_t>(report.nodes);
    mix(out, static_cast<uint64_t>(action.kind) << 32 | static_cast<uint64_t>(action.a) << 16 |
                 static_cast<uint64_t>(action.b & 0xFFFF));
    mix(out, static_cast<uint64_t>(report.nodes));
  }
}

}  // namespace

EngineSignature connectfour_signature(bool portable) {
  EngineSignature out;
  sign_connectfour(&out, portable);
  return out;
}

uint64_t Signature::combined() const {
  EngineSignature all;
  for (const EngineSignature* e : {&connectfour, &game2048, &ponte}) mix(&all, e->hash);
  return all.hash;
}

bool compute(const std::string& weights_path, Signature* out, std::string* error) {
  std::unique_ptr<bot2048::PlayingNetwork> net(new bot2048::PlayingNetwork);
  std::string note;
  if (!bot2048::load_weights(weights_path, net.get(), &note, error)) return false;
  const bot2048::NetworkEvaluator evaluator(std::move(net));
  *out = Signature();
  sign_connectfour(&out->connectfour, false);
  sign_2048(evaluator, &out->game2048);
  sign_ponte(&out->ponte);
  return true;
}

std::string report(const Signature& s) {
  char text[1024];
  std::snprintf(text, sizeof text,
                "connectfour  %2d positions, UCT %llu iterations each:   nodes %llu, hash %016llx\n"
                "2048         %2d boards, expectimax depth %d:           nodes %llu, hash %016llx\n"
                "ponte        %2d positions, alpha-beta depth %d:         nodes %llu, hash %016llx\n"
                "signature: %llu\n",
                s.connectfour.positions, static_cast<unsigned long long>(kUctIterations),
                static_cast<unsigned long long>(s.connectfour.work),
                static_cast<unsigned long long>(s.connectfour.hash), s.game2048.positions, kExpectimaxDepth,
                static_cast<unsigned long long>(s.game2048.work), static_cast<unsigned long long>(s.game2048.hash),
                s.ponte.positions, kPonteDepth, static_cast<unsigned long long>(s.ponte.work),
                static_cast<unsigned long long>(s.ponte.hash), static_cast<unsigned long long>(s.combined()));
  return text;
}

}  // namespace signature
