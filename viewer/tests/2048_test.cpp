// The 2048 page in a real browser: Run2048 --html on a short seeded run, the
// replayed final board against the engine's, and a record whose score does
// not replay.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "../../Game2048/engine/contest_game.h"
#include "../../common/json_read.h"
#include "browser.h"

namespace {

using judge::JsonValue;

std::string run2048() { return vt::repo_root() + "/build/bin/Run2048"; }
std::string simple_bot() { return vt::repo_root() + "/build/so/simple.so"; }

}  // namespace

TEST_CASE("2048 page: Run2048 --html shows the stats, every game, and replays each to the engine's final board") {
  ct::TempDir dir;
  const std::string bot = simple_bot();
  ct::RunResult r = ct::run({run2048(), bot, "--games", "3", "--seed", "9", "--out", dir / "stats.txt", "--record",
                             dir / "rec.jsonl", "--html", dir / "page.html", "--progress", "off", "--bot-log", "none"},
                            dir.path());
  REQUIRE(r.exit_code == 0);
  std::vector<JsonValue> games = vt::read_record_lines(dir / "rec.jsonl");
  REQUIRE(games.size() == 3);
  CHECK(games[0].find("bot")->text == bot);

  const std::string dom = vt::dom_of(dir / "page.html", "game=2&step=end");
  CHECK(vt::text_by_id(dom, "page-error") == "");
  CHECK(vt::attr_of_id(dom, "page", "data-games") == "3");
  CHECK(vt::attr_of_id(dom, "replay-check", "data-mismatches") == "0");
  std::vector<std::string> moves = vt::attr_values(dom, "data-moves"), scores = vt::attr_values(dom, "data-score");
  REQUIRE(moves.size() == 3);
  for (size_t i = 0; i < 3; ++i) {
    CHECK(moves[i] == std::to_string(static_cast<long long>(games[i].find("moves")->number)));
    CHECK(scores[i] == std::to_string(static_cast<long long>(games[i].find("score")->number)));
    // The line Run2048 printed names the same score.
    CHECK(r.out.find("score " + std::string(7 - scores[i].size(), ' ') + scores[i]) != std::string::npos);
  }
  // The stats file, but for the Time line (the record keeps 6 digits of each game's CPU time).
  const std::string stats = ct::read_file(dir / "stats.txt");
  const std::string shown = vt::text_by_id(dom, "stats");
  CHECK(shown.substr(0, shown.find("Time:")) == stats.substr(0, stats.find("Time:")));

  // Game 2 at its end: the board the engine reaches with the recorded moves.
  g2048::ContestGame engine;
  engine.start(9, 1);
  for (char d : games[1].find("directions")->text) REQUIRE(engine.move(std::string("LDRU").find(d)));
  std::string board;
  for (int row = 0; row < 4; ++row)
    for (int col = 0; col < 4; ++col) board += std::to_string(engine.tiles()[row * 4 + col]) + (col == 3 ? "\n" : " ");
  CHECK(vt::text_by_id(dom, "board-text") == board);
  CHECK(vt::text_by_id(dom, "score") == std::to_string(engine.score()));
  CHECK(vt::text_by_id(dom, "max-tile") == std::to_string(engine.max_tile()));
  const std::string n = std::to_string(engine.moves());
  CHECK(vt::text_by_id(dom, "step-label") == "move " + n + " of " + n);
  CHECK(vt::title_of(dom) == "2048: simple.so, 3 games");
  CHECK(vt::text_by_id(dom, "bot") == "simple.so");
  CHECK(vt::attr_of_id(dom, "bot", "title") == bot);
  CHECK(vt::screenshot(dir / "page.html", "game=2&step=end", vt::build_dir() + "/viewer/game2048.png"));

  // A record whose score was altered, of a bot with a hostile name: the page
  // says the game does not replay to its score, and shows the name as text.
  std::string text = ct::read_file(dir / "rec.jsonl");
  const std::string hostile = "/x/<script>document.title='PWNED'</script>.so";
  for (size_t at = text.find(bot); at != std::string::npos; at = text.find(bot)) text.replace(at, bot.size(), hostile);
  const std::string score = "\"score\":" + scores[0] + ",";
  REQUIRE(text.find(score) != std::string::npos);
  text.replace(text.find(score), score.size(), "\"score\":" + std::to_string(std::stoll(scores[0]) + 4) + ",");
  std::ofstream(dir / "altered.jsonl") << text;
  r = ct::run({vt::record2html(), dir / "altered.jsonl"}, dir.path(), 30000);
  REQUIRE(r.exit_code == 0);
  const std::string altered = vt::dom_of(dir / "altered.html", "game=1&step=end");
  CHECK(vt::attr_of_id(altered, "replay-check", "data-mismatches") == "1");
  CHECK(vt::attr_values(altered, "data-check") == std::vector<std::string>({"mismatch", "ok", "ok"}));
  CHECK(vt::title_of(altered) == "2048: script>.so, 3 games");
  CHECK(vt::text_by_id(altered, "bot") == "script>.so");
  CHECK(vt::attr_of_id(altered, "bot", "title") == hostile);
  CHECK(altered.find("<script>document.title") == std::string::npos);
  CHECK(vt::text_by_id(altered, "fault-note") == "This game does not replay as recorded: replayed score " + scores[0] +
                                                     ", recorded " + std::to_string(std::stoll(scores[0]) + 4));
}

TEST_CASE("Run2048 --html: a page that cannot be written is a usage error") {
  ct::TempDir dir;
  ct::RunResult r = ct::run(
      {run2048(), simple_bot(), "--games", "1", "--out", dir / "stats.txt", "--html", "/nonexistent/folder/page.html"},
      dir.path());
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("--html: ") != std::string::npos);
}
