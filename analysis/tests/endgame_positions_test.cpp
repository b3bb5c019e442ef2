// The endgame benchmark's positions: the file's format and its errors, the
// committed file's labels, and bench_endgame's two modes on positions small
// enough to solve here.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "../../common/tests/shell.h"
#include "../connect4_solver.h"
#include "../endgame_positions.h"

namespace {

namespace fs = std::filesystem;
using analysis::EndgamePosition;

const std::string kRoot = ANALYSIS_TEST_ROOT;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

int run(const std::string& command, std::string* output) { return test_shell::run_in(kRoot, command, output); }

// Random games on 6 x 6 boards (blocked cell anywhere), each stopped with
// `empty` empty cells left; games someone won before are skipped.
std::vector<EndgamePosition> random_positions(int count, int empty, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<EndgamePosition> out;
  while (static_cast<int>(out.size()) < count) {
    EndgamePosition p;
    p.M = 6, p.N = 6, p.noX = static_cast<int>(rng() % 6), p.noY = static_cast<int>(rng() % 6);
    c4engine::Geometry geometry;
    geometry.init(p.M, p.N, p.noX, p.noY);
    c4engine::Position pos;
    pos.reset(&geometry);
    bool over = false;
    while (!over && p.M * p.N - 1 - pos.moves() > empty) {
      const int y = static_cast<int>(rng() % p.N);
      if (pos.free_row(y) < 0) continue;
      p.columns.push_back(y);
      over = pos.play(y);
    }
    if (!over) out.push_back(p);
  }
  return out;
}

// The course framework's board after p's moves, built here from the rules
// (gravity from the bottom row M - 1, the blocked cell skipped): the side to
// move's stones 2, the other's 1; top[y] one past the next free row.
void framework_board(const EndgamePosition& p, std::vector<int>* top, std::vector<int>* board) {
  board->assign(p.M * p.N, 0);
  std::vector<int> next(p.N, p.M - 1);
  auto skip_blocked = [&](int y) {
    if (next[y] == p.noX && y == p.noY) --next[y];
  };
  for (int y = 0; y < p.N; ++y) skip_blocked(y);
  const int to_move = static_cast<int>(p.columns.size() % 2);  // player 0 moved first
  for (size_t k = 0; k < p.columns.size(); ++k) {
    const int y = p.columns[k];
    (*board)[next[y] * p.N + y] = static_cast<int>(k % 2) == to_move ? 2 : 1;
    --next[y];
    skip_blocked(y);
  }
  top->resize(p.N);
  for (int y = 0; y < p.N; ++y) (*top)[y] = next[y] + 1;
}

// The zoo's deterministic move (Compete/tests/plugins/zoo/zoo_move.h): a win,
// else a block, else the first open column centre-first.
int zoo_column(const EndgamePosition& p) {
  std::vector<int> top, board;
  framework_board(p, &top, &board);
  auto stone = [&](int x, int y) { return x < 0 || x >= p.M || y < 0 || y >= p.N ? -1 : board[x * p.N + y]; };
  auto four = [&](int x, int y, int who) {
    const int dx[4] = {0, 1, 1, 1}, dy[4] = {1, 0, 1, -1};
    for (int d = 0; d < 4; ++d) {
      int run = 1;
      for (int k = 1; k < 4 && stone(x + k * dx[d], y + k * dy[d]) == who; ++k) ++run;
      for (int k = 1; k < 4 && stone(x - k * dx[d], y - k * dy[d]) == who; ++k) ++run;
      if (run >= 4) return true;
    }
    return false;
  };
  auto order = [&](int i) { return p.N / 2 + ((i % 2) ? -((i + 1) / 2) : (i + 1) / 2); };
  for (int who = 2; who >= 1; --who)
    for (int i = 0; i < p.N; ++i)
      if (top[order(i)] > 0 && four(top[order(i)] - 1, order(i), who)) return order(i);
  for (int i = 0; i < p.N; ++i)
    if (top[order(i)] > 0) return order(i);
  return -1;
}

}  // namespace

TEST_CASE("endgame positions: a line reads back as written; a wrong line is named by file and line") {
  EndgamePosition p;
  p.M = 9, p.N = 10, p.noX = 2, p.noY = 4, p.columns = {3, 3, 4, 9}, p.outcome = 1, p.keeps = (1 << 2) | (1 << 5);
  p.nodes = 1234;
  const std::string line = analysis::format_position(p);
  CHECK(line == "9 10 2 4 3.3.4.9 win 2.5 1234");
  std::vector<EndgamePosition> back;
  std::string problem;
  REQUIRE(analysis::parse_positions("# a comment\n" + line + "\n", "f.txt", &back, &problem));
  REQUIRE(back.size() == 1);
  CHECK(analysis::format_position(back[0]) == line);

  auto refused = [](const std::string& text) {
    std::vector<EndgamePosition> positions;
    std::string why;
    CHECK_FALSE(analysis::parse_positions(text, "f.txt", &positions, &why));
    return why;
  };
  CHECK(refused("# x\n9 10 2 4 3.3 win 2\n") ==
        "f.txt line 2: not 'M N noX noY COLUMNS OUTCOME KEEPS NODES' (8 words)");
  CHECK(refused("9 10 2 4 3.3 lost 2 5\n") == "f.txt line 1: outcome 'lost' is not win, draw or loss");
  CHECK(refused("9 10 2 4 3..3 win 2 5\n") == "f.txt line 1: '3..3' is not columns joined by '.'");
  CHECK(refused("9 4 2 3 0.0.0.0.0.0.0.0.0.0 win 1 5\n") == "f.txt line 1: move 10 (column 0) is not legal");
  CHECK(refused("9 4 0 3 0.1.0.1.0.1.0.1 win 1 5\n") == "f.txt line 1: move 7 connects four: the game is over");
  CHECK(refused("13 4 0 3 - win 1 5\n") ==
        "f.txt line 1: not a board of 4..12 rows and columns with its blocked cell on it");
  CHECK(refused("4 4 0 0 0.0.0 win 0 5\n") == "f.txt line 1: a column of KEEPS is full, or the board is");
}

TEST_CASE("the committed endgame positions: 30..50 empty cells, and the cheapest proven again as labelled") {
  std::vector<EndgamePosition> positions;
  std::string problem;
  REQUIRE_MESSAGE(analysis::parse_positions(read_file(kRoot + "/analysis/endgame_positions.txt"),
                                            "endgame_positions.txt", &positions, &problem),
                  problem);
  REQUIRE(positions.size() >= 50);
  for (const EndgamePosition& p : positions) {
    const int empty = p.M * p.N - 1 - static_cast<int>(p.columns.size());
    CHECK(empty >= 30);
    CHECK(empty <= 50);
    CHECK(p.outcome >= 0);  // in a lost position every move loses: nothing to measure
    CHECK(p.keeps != 0);
  }
  std::vector<EndgamePosition> cheapest = positions;
  std::sort(cheapest.begin(), cheapest.end(),
            [](const EndgamePosition& a, const EndgamePosition& b) { return a.nodes < b.nodes; });
  cheapest.resize(10);
  analysis::Solver solver(22);
  for (const EndgamePosition& p : cheapest) {
    CAPTURE(analysis::format_position(p));
    c4engine::Geometry geometry;
    c4engine::Position pos;
    REQUIRE(analysis::replay(p, &geometry, &pos, &problem));
    CHECK(p.keeps != pos.open_columns());  // some move changes the outcome
    solver.clear();
    const analysis::SolveResult r = solver.solve(pos, 2 * p.nodes + 1000000);
    REQUIRE(r.proven);
    CHECK(r.outcome == p.outcome);
    CHECK(r.keeps == p.keeps);
  }
}

TEST_CASE("bench_endgame label: the positions of a record's games, proven, with a move that changes the outcome") {
  test_shell::ScratchDir dir;
  // A record of random games as Compete writes them (the members label reads).
  std::string record;
  for (const EndgamePosition& g : random_positions(12, 2, 11)) {
    std::string moves;
    for (size_t k = 0; k < g.columns.size(); ++k)
      moves += std::string(k ? "," : "") + "[\"" + (k % 2 ? "B" : "A") + "\",0," + std::to_string(g.columns[k]) + ",1]";
    record += "{\"round\":0,\"game\":1,\"M\":6,\"N\":6,\"noX\":" + std::to_string(g.noX) +
              ",\"noY\":" + std::to_string(g.noY) + ",\"first\":\"A\",\"moves\":[" + moves + "],\"code\":0}\n";
  }
  std::ofstream(dir.path / "r.jsonl", std::ios::binary) << record;
  const std::string out = (dir.path / "p.txt").string();
  std::string output;
  REQUIRE_MESSAGE(run("build/analysis/bench_endgame label " + (dir.path / "r.jsonl").string() + " -o " + out +
                          " --empty 6-12 --step 3 --per-game 2 -j 2",
                      &output) == 0,
                  output);
  CHECK(output.find("36 positions of 12 games: 36 proven within 200000000 nodes") != std::string::npos);
  std::vector<EndgamePosition> positions;
  std::string problem;
  REQUIRE_MESSAGE(analysis::parse_positions(read_file(out), out, &positions, &problem), problem);
  CHECK(!positions.empty());
  CHECK(read_file(out).find("# (a fresh table of 2^22 entries, a budget of 200000000 nodes)") != std::string::npos);
  CHECK(read_file(out).find("of 12 games with 12, 9 and 6 empty cells, labelled") != std::string::npos);
  analysis::Solver solver(16);
  for (const EndgamePosition& p : positions) {
    CAPTURE(analysis::format_position(p));
    const int empty = p.M * p.N - 1 - static_cast<int>(p.columns.size());
    CHECK((empty == 12 || empty == 9 || empty == 6));
    c4engine::Geometry geometry;
    c4engine::Position pos;
    REQUIRE(analysis::replay(p, &geometry, &pos, &problem));
    const analysis::SolveResult r = solver.solve(pos, 1LL << 40);
    CHECK(r.outcome == p.outcome);
    CHECK(r.keeps == p.keeps);
    CHECK(p.keeps != pos.open_columns());
  }
  // One count: the header names it alone; and the smallest table there is, which still proves them.
  const std::string one = (dir.path / "one.txt").string();
  REQUIRE_MESSAGE(run("build/analysis/bench_endgame label " + (dir.path / "r.jsonl").string() + " -o " + one +
                          " --empty 9-9 --step 4 --table-bits 16 -j 2",
                      &output) == 0,
                  output);
  CHECK(output.find("12 positions of 12 games: 12 proven within 200000000 nodes") != std::string::npos);
  CHECK(read_file(one).find("of 12 games with 9 empty cells, labelled") != std::string::npos);
  CHECK(read_file(one).find("# (a fresh table of 2^16 entries, a budget of 200000000 nodes)") != std::string::npos);
  for (const char* bits : {"15", "29"}) {
    CHECK(run("build/analysis/bench_endgame label " + out + " -o " + one + " --table-bits " + bits, &output) == 2);
    CHECK(output.find("a whole number from 16 to 28") != std::string::npos);
  }
  // Tables that do not fit in memory: an error that names them, no file written.
  const std::string none = (dir.path / "none.txt").string();
  CHECK(run("(ulimit -v 2000000; build/analysis/bench_endgame label " + (dir.path / "r.jsonl").string() + " -o " +
                none + " --table-bits 28 -j 2)",
            &output) == 1);
  CHECK(output.find("no memory for 2 solver tables of 2^28 entries (4096 MiB each)") != std::string::npos);
  CHECK(!fs::exists(none));
  CHECK(run("build/analysis/bench_endgame label " + out + " -o " + out + " --empty 9-5", &output) == 2);
  CHECK(output.find("--empty '9-5' is not LO-HI") != std::string::npos);
}

TEST_CASE("bench_endgame run: a plugin keeps exactly the positions where its move is one that keeps the outcome") {
  test_shell::ScratchDir dir;
  // Labelled positions (any outcome: the bench reads what it is given).
  std::string text = "# test positions\n";
  int expected = 0, total = 0;
  analysis::Solver solver(16);
  for (EndgamePosition p : random_positions(40, 9, 5)) {
    c4engine::Geometry geometry;
    c4engine::Position pos;
    std::string problem;
    REQUIRE(analysis::replay(p, &geometry, &pos, &problem));
    const analysis::SolveResult r = solver.solve(pos, 1LL << 40);
    p.outcome = r.outcome, p.keeps = r.keeps, p.nodes = r.nodes;
    text += analysis::format_position(p) + "\n";
    ++total;
    const int y = zoo_column(p);
    expected += y >= 0 && ((p.keeps >> y) & 1);
  }
  const fs::path file = dir.path / "p.txt";
  std::ofstream(file, std::ios::binary) << text;
  const std::string zoo = "build/Compete/tests/plugins/zoo/plain_c.so";
  std::string output;
  REQUIRE_MESSAGE(
      run("build/analysis/bench_endgame run " + file.string() + " " + zoo + " --iterations 1", &output) == 0, output);
  INFO(output);
  const size_t row = output.find("\n" + zoo + " ");
  REQUIRE(row != std::string::npos);
  std::istringstream cells(output.substr(row + 1 + zoo.size()));
  std::string kept;
  cells >> kept;
  CHECK(kept == std::to_string(expected) + "/" + std::to_string(total));
  CHECK(expected > 0);
  CHECK(expected < total);
  // A file that is not one, and a plugin that cannot be loaded, are named.
  std::ofstream(dir.path / "bad.txt", std::ios::binary) << "# positions\n9 9 0 0 4.4 win 4\n";
  CHECK(run("build/analysis/bench_endgame run " + (dir.path / "bad.txt").string() + " " + zoo, &output) == 2);
  CHECK(output.find("bad.txt line 2: not 'M N noX noY COLUMNS OUTCOME KEEPS NODES' (8 words)") != std::string::npos);
  CHECK(run("build/analysis/bench_endgame run " + file.string() + " " + kRoot + "/analysis/README.md", &output) == 2);
  CHECK(output.find("analysis/README.md: ") != std::string::npos);
}
