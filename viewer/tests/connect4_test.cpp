// The ConnectFour page in a real browser: Compete --html on a seeded match
// between plugins with hostile names, and a converted record with a fault.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "../../common/json_read.h"
#include "browser.h"

namespace {

using judge::JsonValue;

// The record's games in the page's order (round, then game).
std::vector<JsonValue> read_games(const std::string& path) {
  std::vector<JsonValue> games = vt::read_record_lines(path);
  std::sort(games.begin(), games.end(), [](const JsonValue& p, const JsonValue& q) {
    return std::make_pair(p.find("round")->number, p.find("game")->number) <
           std::make_pair(q.find("round")->number, q.find("game")->number);
  });
  return games;
}

// The final board Compete printed for (round, game): the M lines after "Game g: ...".
std::string printed_board(const std::string& out, int round, int game, int rows) {
  size_t at = out.find("Round " + std::to_string(round) + " seed:");
  REQUIRE(at != std::string::npos);
  at = out.find("Game " + std::to_string(game) + ":", at);
  REQUIRE(at != std::string::npos);
  at = out.find('\n', at) + 1;
  size_t end = at;
  for (int i = 0; i < rows; ++i) end = out.find('\n', end) + 1;
  return out.substr(at, end - at);
}

}  // namespace

TEST_CASE("connect4 page: Compete --html shows every game, its moves, the final board, the score, names as text") {
  ct::TempDir dir;
  // Hostile file names: if the page let them become markup, their script would set the title.
  const std::string a = dir / "<img src=x onerror=\"document.title='IMG'\">.so";
  std::filesystem::create_directory(dir / "<script>document.title='PWNED'<");
  const std::string b = dir / "<script>document.title='PWNED'</script>.so";
  std::filesystem::copy_file(ct::plugin("random_a"), a);
  std::filesystem::copy_file(ct::plugin("random_b"), b);
  ct::RunResult r = ct::run_compete({"--seed", "11", "--record", dir / "rec.jsonl", "--html", dir / "page.html", "-j",
                                     "2", a, b, dir / "result.txt", "2"},
                                    dir.path());
  REQUIRE(r.exit_code == 0);
  std::vector<JsonValue> games = read_games(dir / "rec.jsonl");
  REQUIRE(games.size() == 4);

  const std::string dom = vt::dom_of(dir / "page.html", "game=4&step=end");
  CHECK(vt::attr_of_id(dom, "page", "data-games") == "4");
  CHECK(vt::text_by_id(dom, "page-error") == "");
  // The table: one row per game, its code and its number of moves.
  std::vector<std::string> moves = vt::attr_values(dom, "data-moves"), codes = vt::attr_values(dom, "data-code");
  REQUIRE(moves.size() == 4);
  int wins[3] = {0, 0, 0};
  for (size_t i = 0; i < 4; ++i) {
    CHECK(moves[i] == std::to_string(games[i].find("moves")->items.size()));
    const int code = static_cast<int>(games[i].find("code")->number);
    CHECK(codes[i] == std::to_string(code));
    ++wins[code];
  }
  CHECK(vt::text_by_id(dom, "score") ==
        std::to_string(wins[1]) + " \u2013 " + std::to_string(wins[2]) + " \u2013 " + std::to_string(wins[0]));
  // The Stat block is the result file's.
  const std::string result = ct::read_file(dir / "result.txt");
  CHECK(vt::text_by_id(dom, "stat") + "\n" == result.substr(result.find("Stat:")));
  // The last game at its last move: the board Compete printed, the winning four drawn.
  const JsonValue& last = games[3];
  const size_t n = last.find("moves")->items.size();
  CHECK(vt::text_by_id(dom, "step-label") == "move " + std::to_string(n) + " of " + std::to_string(n));
  CHECK(vt::text_by_id(dom, "board-text") == printed_board(r.out, 1, 2, static_cast<int>(last.find("M")->number)));
  // The last move's wall time and, beside it, its CPU time (the record's fifth number).
  REQUIRE(last.find("moves")->items.back().items.size() == 5);
  for (const char* id : {"move-time", "move-cpu"}) {
    CAPTURE(id);
    const std::string shown = vt::text_by_id(dom, id);
    CHECK(shown.size() > 3);
    CHECK(shown.substr(shown.size() - 3) == " ms");
  }
  if (last.find("code")->number > 0) {
    REQUIRE(last.find("win"));
    std::string cells;
    for (const JsonValue& c : last.find("win")->items)
      cells += (cells.empty() ? "" : " ") + std::to_string(static_cast<int>(c.items[0].number)) + "," +
               std::to_string(static_cast<int>(c.items[1].number));
    CHECK(vt::attr_of_id(dom, "board", "data-win") == cells);
    // The recorded line: four or more consecutive cells in one direction, through
    // the last move, each holding the winner's stone on the board Compete printed.
    const auto& win = last.find("win")->items;
    REQUIRE(win.size() >= 4);
    const std::string board = printed_board(r.out, 1, 2, static_cast<int>(last.find("M")->number));
    const char winner = last.find("code")->number == 1 ? 'A' : 'B';
    const int dx = static_cast<int>(win[1].items[0].number - win[0].items[0].number);
    const int dy = static_cast<int>(win[1].items[1].number - win[0].items[1].number);
    const auto& final_move = last.find("moves")->items.back().items;
    bool through_last = false;
    for (size_t i = 0; i < win.size(); ++i) {
      const int x = static_cast<int>(win[i].items[0].number), y = static_cast<int>(win[i].items[1].number);
      CHECK(x == static_cast<int>(win[0].items[0].number) + static_cast<int>(i) * dx);
      CHECK(y == static_cast<int>(win[0].items[1].number) + static_cast<int>(i) * dy);
      const int width = 2 * static_cast<int>(last.find("N")->number);
      CHECK(board[x * width + 2 * y] == winner);
      through_last |= x == final_move[1].number && y == final_move[2].number;
    }
    CHECK(through_last);
  }
  // The names are text; neither payload ran.
  CHECK(vt::title_of(dom) == "ConnectFour: <img src=x onerror=\"document.title='IMG'\">.so vs script>.so");
  CHECK(vt::text_by_id(dom, "name-a") == "<img src=x onerror=\"document.title='IMG'\">.so");
  CHECK(vt::attr_of_id(dom, "name-a", "title") == a);
  CHECK(vt::text_by_id(dom, "name-b") == "script>.so");
  CHECK(vt::attr_of_id(dom, "name-b", "title") == b);
  CHECK(dom.find("<script>document.title") == std::string::npos);
  CHECK(dom.find("<img src=x") == std::string::npos);
}

TEST_CASE("connect4 page: an illegal move is drawn and named where it happened (record2html)") {
  ct::TempDir dir;
  ct::RunResult r = ct::run_compete({"--seed", "3", "--record", dir / "rec.jsonl", ct::plugin("random_a"),
                                     ct::plugin("fault_blocked"), dir / "result.txt", "1"},
                                    dir.path());
  REQUIRE(r.exit_code == 0);
  r = ct::run({vt::record2html(), dir / "rec.jsonl"}, dir.path(), 30000);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out == dir / "rec.html" + ": 2 games (connect4)\n");
  std::vector<JsonValue> games = read_games(dir / "rec.jsonl");
  REQUIRE(games.size() == 2);
  REQUIRE(games[0].find("code")->number == 6);
  REQUIRE(games[0].find("illegal"));
  const std::string dom = vt::dom_of(dir / "rec.html", "game=1&step=end");
  const std::string reason = games[0].find("reason")->text;
  CHECK(reason.find("is the blocked cell") != std::string::npos);
  const size_t n = games[0].find("moves")->items.size();
  CHECK(vt::text_by_id(dom, "fault-note").find("Move " + std::to_string(n + 1) + ": " + reason) == 0);
  CHECK(dom.find("class=\"illegal\"") != std::string::npos);
  std::vector<std::string> fault_codes = vt::attr_values(dom.substr(dom.find("id=\"faults\"")), "data-code");
  REQUIRE_FALSE(fault_codes.empty());
  CHECK(fault_codes[0] == "6");
  CHECK(vt::text_by_id(dom, "faults").find("code 6 (B - illegal move)") != std::string::npos);
  CHECK(vt::screenshot(dir / "rec.html", "game=1&step=end", vt::build_dir() + "/viewer/connect4.png"));
}

TEST_CASE("Compete --html: a page that cannot be written is a usage error, before any game") {
  ct::TempDir dir;
  ct::RunResult r = ct::run_compete({"--html", "/nonexistent/folder/page.html", ct::plugin("random_a"),
                                     ct::plugin("random_b"), dir / "result.txt", "1"},
                                    dir.path());
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("--html: ") != std::string::npos);
  r = ct::run_compete({ct::plugin("random_a"), ct::plugin("random_b"), dir / "result.txt", "1", "--html"}, dir.path());
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("--html needs a file name") != std::string::npos);
}

TEST_CASE("connect4 page: a timeout is named at the move it happened, and counts as a fault") {
  ct::TempDir dir;
  ct::RunResult r = ct::run_compete({"--seed", "5", "--time-limit", "300", "--html", dir / "page.html",
                                     ct::plugin("random_a"), ct::plugin("fault_sleep_get"), dir / "result.txt", "1"},
                                    dir.path());
  REQUIRE(r.exit_code == 0);
  const std::string dom = vt::dom_of(dir / "page.html", "game=1&step=end");
  CHECK(vt::attr_values(dom, "data-code") == std::vector<std::string>({"8", "8", "8", "8"}));  // rows, then faults
  // The plugin's second call sleeps: in game 1 (A first) that is move 4.
  CHECK(vt::text_by_id(dom, "step-label") == "move 3 of 3");
  CHECK(vt::text_by_id(dom, "fault-note").find("Move 4: B timed out") == 0);
  CHECK(vt::text_by_id(dom, "score") == "2 \u2013 0 \u2013 0");
  // Play from the first move at 2 steps a second: after 1.2 s (virtual) it shows move 2.
  const std::string playing = vt::dom_of(dir / "page.html", "game=1&step=0&play=1&speed=2", 1200);
  CHECK(vt::text_by_id(playing, "step-label") == "move 2 of 3");
  CHECK(vt::text_by_id(playing, "fault-note") == "");
}

TEST_CASE("connect4 page: what the sandbox refused a plugin is listed by game") {
  ct::TempDir dir;
  ct::RunResult r =
      ct::run_compete({"--seed", "3", "--record", dir / "rec.jsonl", "--html", dir / "rec.html",
                       ct::plugin("hostile_write_outside"), ct::plugin("random_b"), dir / "result.txt", "1"},
                      dir.path());
  REQUIRE(r.exit_code == 0);
  const std::string dom = vt::dom_of(dir / "rec.html", "");
  const std::string listed = vt::text_by_id(dom, "refused");
  CHECK(listed.find("Round 0, game 1: A open EACCES") != std::string::npos);
  CHECK(listed.find("Round 0, game 2: A open EACCES") != std::string::npos);
}
