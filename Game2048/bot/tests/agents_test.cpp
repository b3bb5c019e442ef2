// The agents behind the plugin, their specs, and the plugin itself.
#ifndef BOT2048_PLUGIN_PATH
#define BOT2048_PLUGIN_PATH "build/so/bot2048.so"
#endif
#include "bot_helpers.h"

TEST_CASE("every agent returns a move that changes the board, or -1 when none does") {
  const char* specs[] = {"expectimax-heuristic:nodes=3000", "expectimax:nodes=3000", "greedy", "mcts:playouts=40",
                         "mcts:playouts=40,guided=1"};
  for (const char* spec : specs) {
    std::string error;
    std::unique_ptr<Agent> agent = make_agent(spec, &error);
    REQUIRE_MESSAGE(agent, error);
    agent->new_game(5);
    train2048::Rng rng(11);
    for (int n = 0; n < 300; ++n) {
      const b4::Board b = random_board(rng, 10 + int(rng.below(7)), 9);
      const int d = agent->choose_move(b);
      INFO(spec << " on board " << std::hex << b);
      bool any = false;
      for (int k = 0; k < 4; ++k) any = any || b4::can_move(b, k);
      if (any)
        CHECK((d >= 0 && d < 4 && b4::can_move(b, d)));
      else
        CHECK(d == -1);
    }
  }
}

TEST_CASE("make_agent rejects bad specs with a message naming the problem") {
  std::string error;
  CHECK(!make_agent("minimax", &error));
  CHECK(error.find("unknown kind 'minimax'") != std::string::npos);
  CHECK(!make_agent("expectimax:depth=3", &error));
  CHECK(error.find("unknown option 'depth'") != std::string::npos);
  CHECK(!make_agent("mcts:playouts=ten", &error));
  CHECK(error.find("playouts=ten") != std::string::npos);
  CHECK(!make_agent("expectimax:min=3,max=2", &error));
}

TEST_CASE("the plugin never answers a move that changes nothing while another exists") {
  setenv("GAME2048_AGENT", "expectimax:nodes=2000", 1);
  void* so = dlopen(BOT2048_PLUGIN_PATH, RTLD_NOW | RTLD_LOCAL);
  REQUIRE_MESSAGE(so, dlerror());
  auto move = reinterpret_cast<int (*)(const int*, int, int)>(dlsym(so, G2048_MOVE_SYMBOL));
  auto new_game = reinterpret_cast<void (*)(int, unsigned long long)>(dlsym(so, G2048_NEW_GAME_SYMBOL));
  REQUIRE(reinterpret_cast<void*>(move) != nullptr);
  REQUIRE(reinterpret_cast<void*>(new_game) != nullptr);
  new_game(0, 99);
  train2048::Rng rng(3);
  int checked = 0;
  for (int n = 0; n < 400; ++n) {
    // Nearly full boards, where most moves change nothing, and a few 65536 tiles.
    const b4::Board b = random_board(rng, 13 + int(rng.below(4)), 6);
    int tiles[16];
    b4::to_values(b, tiles);
    if (n % 50 == 0) tiles[rng.below(16)] = 65536;
    b4::Board read = 0;
    for (int i = 0; i < 16; ++i) read = b4::set_cell(read, i, tiles[i] >= 32768 ? 15 : b4::exponent_of(tiles[i]));
    if (b4::is_game_over(read)) continue;
    const int d = move(tiles, 0, n);
    INFO("board " << std::hex << read);
    CHECK((d >= 0 && d < 4 && b4::can_move(read, d)));
    ++checked;
  }
  CHECK(checked > 100);
  dlclose(so);
}
