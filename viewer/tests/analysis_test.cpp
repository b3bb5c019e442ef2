// Annotated records (build/bin/analyze, analysis/README.md) in a real browser:
// records crafted here, the analysis appended to each game's line as analyze
// appends it, and the page's graph, marks, step text and board read back.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "../../common/json.h"
#include "../../common/json_read.h"
#include "../page.h"
#include "../record.h"
#include "browser.h"

namespace {

using judge::JsonValue;

// How often `needle` occurs in `text`.
size_t count(const std::string& text, const std::string& needle) {
  size_t n = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

// The part of `dom` from the element with id="id" to the end of its tag's
// closing (the element's own markup, children included).
std::string element(const std::string& dom, const std::string& id) {
  const size_t at = dom.find("id=\"" + id + "\"");
  if (at == std::string::npos) return "";
  const size_t open = dom.rfind('<', at);
  const std::string tag = dom.substr(open + 1, dom.find_first_of(" >", open) - open - 1);
  const size_t close = dom.find("</" + tag + ">", at);
  return dom.substr(open, close == std::string::npos ? std::string::npos : close + tag.size() + 3 - open);
}

// A line with `analysis` (JSON) appended, as analyze writes it.
std::string annotated(const std::string& line, const std::string& analysis) {
  return line.substr(0, line.rfind('}')) + ",\"analysis\":" + analysis + "}";
}

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// A ConnectFour game of 21 moves on a 9 x 9 board (blocked cell (5, 6)) that
// A wins with its last move, and the analysis of it: B's move 16 loses, 11 is
// a mistake, 7 an inaccuracy, 13 misses A's proven win.
const int kColumns[] = {3, 0, 6, 8, 4, 6, 6, 5, 5, 6, 3, 0, 0, 5, 4, 3, 0, 3, 3, 2, 2};
const int kMoves = 21, kLosing = 16;
// Each position's score for the side to move; its proof ("" none) and distance.
const double kScore[] = {0.52, 0.50, 0.55, 0.47, 0.54, 0.44, 0.60, 0.52, 0.50, 0.56, 0.47,
                         0.78, 1,    0.62, 0.41, 0.55, 1,    0,    1,    0,    1,    0};
const char* const kProof[] = {"", "",    "", "", "", "",    "",     "",    "",     "",    "",
                              "", "win", "", "", "", "win", "loss", "win", "loss", "win", "loss"};

std::string connect_four_line(int round, int game, const std::string& extra = "") {
  const int M = 9, N = 9, noX = 5, noY = 6;
  std::vector<std::vector<int>> board(M, std::vector<int>(N, 0));
  std::string moves;
  for (int k = 0; k < kMoves; ++k) {
    const int y = kColumns[k];
    int x = M - 1;
    while (board[x][y] || (x == noX && y == noY)) --x;
    board[x][y] = 1;
    moves += std::string(k ? "," : "") + "[\"" + (k % 2 ? "B" : "A") + "\"," + std::to_string(x) + "," +
             std::to_string(y) + ",2.5,2]";
  }
  return "{\"round\":" + std::to_string(round) + ",\"game\":" + std::to_string(game) +
         ",\"seed\":1,\"M\":9,\"N\":9,\"noX\":5,\"noY\":6,\"a\":\"/x/a.so\",\"b\":\"/x/b.so\",\"first\":\"A\","
         "\"moves\":[" +
         moves + "],\"code\":1,\"result\":\"A - won\",\"reason\":\"A connected four\",\"time_limit_ms\":3000" + extra +
         "}";
}

// The best columns of position k: the next move's column when it is "ok", else others.
std::vector<int> best_of(int k, const std::vector<std::string>& classes) {
  if (k == kMoves) return {};
  if (k == 12) return {1, 3};
  if (classes[k] == "ok") return {kColumns[k]};
  return {(kColumns[k] + 1) % 9};
}

std::vector<std::string> move_classes() {
  std::vector<std::string> classes;
  for (int k = 1; k <= kMoves; ++k) {
    const double drop = std::round((kScore[k - 1] - (1 - kScore[k])) * 1e4) / 1e4;
    classes.push_back(k == kLosing                                                              ? "losing"
                      : std::string(kProof[k - 1]) == "win" && std::string(kProof[k]) != "loss" ? "missed_win"
                      : drop >= 0.20                                                            ? "mistake"
                      : drop >= 0.10                                                            ? "inaccuracy"
                                                                                                : "ok");
  }
  return classes;
}

std::string connect_four_analysis(const std::string& engine = "solver 100000 nodes, UCT 2000 iterations") {
  const std::vector<std::string> classes = move_classes();
  judge::JsonWriter json;
  json.begin_object().field("line", 1).field("engine", engine);
  json.key("positions").begin_array();
  for (int k = 0; k <= kMoves; ++k) {
    json.begin_object().field("to_move", k % 2 ? "B" : "A").field("score", kScore[k]);
    if (*kProof[k])
      json.field("proof", kProof[k]).field("distance", kMoves - k);
    else
      json.key("proof").raw("null").key("distance").raw("null");
    json.key("best").begin_array();
    for (int c : best_of(k, classes)) json.value(c);
    json.end_array().end_object();
  }
  json.end_array().key("moves").begin_array();
  for (int k = 1; k <= kMoves; ++k)
    json.begin_object()
        .field("by", k % 2 ? "A" : "B")
        .field("column", kColumns[k - 1])
        .field("class", classes[k - 1])
        .field("drop", std::round((kScore[k - 1] - (1 - kScore[k])) * 1e4) / 1e4)
        .end_object();
  json.end_array().field("losing_move", kLosing).end_object();
  return json.str();
}

std::string page_of(const ct::TempDir& dir, const std::string& record) {
  write(dir / "rec.jsonl", record);
  ct::RunResult r = ct::run({vt::record2html(), dir / "rec.jsonl"}, dir.path(), 30000);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  return dir / "rec.html";
}

}  // namespace

TEST_CASE("record: an annotated line is read as the plain one, its analysis kept; a non-object analysis is named") {
  const std::string plain = connect_four_line(0, 1);
  const std::string line = annotated(plain, connect_four_analysis());
  viewer::Record record;
  std::string error;
  REQUIRE_MESSAGE(viewer::parse_record(plain + "\n" + line + "\n", "r", &record, &error), error);
  CHECK(record.kind == viewer::Kind::kConnectFour);
  CHECK(record.lines == std::vector<std::string>({plain, line}));
  viewer::Record bad;
  CHECK_FALSE(viewer::parse_record(annotated(plain, "[1,2]"), "rec.jsonl", &bad, &error));
  CHECK(error == "rec.jsonl:1: field 'analysis' is an array, expected an object");
  // The step a link opens: the losing move when the line is annotated with one, else the end.
  CHECK(viewer::link_step(line) == std::to_string(kLosing));
  CHECK(viewer::link_step(plain) == "end");
  CHECK(viewer::link_step(annotated(plain, R"({"line":1,"losing_move":null})")) == "end");
  CHECK(viewer::link_step(annotated(plain, R"({"line":1,"losing_move":22})")) == "end");  // past the game
  CHECK(viewer::link_step(annotated(plain, R"({"line":1,"losing_move":2.5})")) == "end");
  CHECK(viewer::link_step(annotated(plain, R"({"line":1,"losing_move":1})")) == "1");
  CHECK(viewer::link_step("not json") == "end");
}

TEST_CASE("connect4 analysis: the evaluation graph, the losing move, each move's class and the best columns") {
  ct::TempDir dir;
  // Game 1 annotated; game 2 plain; game 3 with an analysis that does not fit the game.
  const std::string bad_analysis = R"({"line":3,"engine":"x","positions":[{"to_move":"A","score":0.5}],"moves":[]})";
  const std::string page =
      page_of(dir, annotated(connect_four_line(0, 1), connect_four_analysis()) + "\n" + connect_four_line(0, 2) + "\n" +
                       annotated(connect_four_line(1, 1), bad_analysis) + "\n");
  const std::string K = std::to_string(kLosing);
  const std::string dom = vt::dom_of(page, "game=1&step=" + K);
  CHECK(vt::text_by_id(dom, "page-error") == "");
  // The graph: one point per position, proven ones filled, estimated hollow, the losing move flagged.
  const std::string chart = element(dom, "eval-chart");
  REQUIRE_FALSE(chart.empty());
  CHECK(vt::attr_of_id(dom, "eval-chart", "data-points") == std::to_string(kMoves + 1));
  CHECK(vt::attr_of_id(dom, "eval-chart", "data-losing-move") == K);
  CHECK(count(chart, "class=\"eval-point ") == kMoves + 1);
  CHECK(count(chart, "class=\"eval-point proven ") == 7);  // positions 12 and 16..21
  CHECK(count(chart, "class=\"eval-point estimated ") == kMoves + 1 - 7);
  std::vector<std::string> steps = vt::attr_values(chart, "data-step");
  REQUIRE(steps.size() == kMoves + 2);  // the losing move's flag, then every point
  CHECK(steps[0] == K);
  for (int k = 0; k <= kMoves; ++k) CHECK(steps[k + 1] == std::to_string(k));
  CHECK(vt::attr_of_id(dom, "losing-marker", "data-step") == K);
  CHECK(vt::text_by_id(dom, "losing-marker") == "losing move " + K);
  CHECK(chart.find("class=\"eval-point proven move-losing\"") != std::string::npos);
  CHECK(count(chart, " move-mistake\"") == 2);  // moves 11 and 12
  CHECK(count(chart, " move-inaccuracy\"") == 1);
  CHECK(count(chart, " move-missed_win\"") == 1);
  // At the losing move: its class, the position's value, the best column drawn as proven.
  CHECK(vt::text_by_id(dom, "step-label") == "move " + K + " of 21");
  CHECK(vt::text_by_id(dom, "move-class") == "losing move (drop 0.55)");
  CHECK(vt::attr_of_id(dom, "move-class", "data-class") == "losing");
  CHECK(vt::text_by_id(dom, "position-value") == "A wins in 5 (proven)");
  CHECK(vt::text_by_id(dom, "best-columns") == "column 0 (proven)");
  CHECK(vt::attr_values(dom, "data-best-column") == std::vector<std::string>({"0"}));
  CHECK(dom.find("class=\"best-move proven\"") != std::string::npos);
  CHECK(vt::attr_of_id(dom, "board", "data-best") == "0");
  // The move list: every move, the losing one marked and current.
  const std::string list = element(dom, "move-list");
  CHECK(count(list, "<li ") == kMoves);
  CHECK(list.find("class=\"mv mv-losing current\" data-step=\"" + K + "\"") != std::string::npos);
  CHECK(vt::text_by_id(dom, "move-list").find("16. B 3 ??") != std::string::npos);
  // The games table and the summary.
  CHECK(vt::text_by_id(dom, "games").find("16 (B, column 3)") != std::string::npos);
  CHECK(vt::text_by_id(dom, "analysis-engine") ==
        "solver 100000 nodes, UCT 2000 iterations \u2014 1 of 3 games, 1 not drawn (malformed)");
  CHECK(vt::text_by_id(dom, "analysis-note") == "");

  // Estimated positions: hollow, the best column drawn dashed, the value as a score.
  const std::string early = vt::dom_of(page, "game=1&step=7");
  CHECK(vt::text_by_id(early, "move-class") == "inaccuracy (drop 0.12)");
  CHECK(vt::text_by_id(early, "position-value") == "B to move: 0.52 (estimated)");
  CHECK(vt::attr_of_id(early, "position-value", "data-proof") == "estimated");
  CHECK(vt::attr_values(early, "data-best-column") == std::vector<std::string>({std::to_string(kColumns[7])}));
  CHECK(early.find("class=\"best-move estimated\"") != std::string::npos);
  CHECK(early.find("class=\"best-move proven\"") == std::string::npos);
  // A proven win with two best columns, and the move that missed it.
  const std::string won = vt::dom_of(page, "game=1&step=12");
  CHECK(vt::text_by_id(won, "move-class") == "mistake (drop 0.78)");
  CHECK(vt::text_by_id(won, "position-value") == "A wins in 9 (proven)");
  CHECK(vt::attr_values(won, "data-best-column") == std::vector<std::string>({"1", "3"}));
  CHECK(vt::text_by_id(won, "best-columns") == "columns 1, 3 (proven)");
  const std::string missed = vt::dom_of(page, "game=1&step=13");
  CHECK(vt::text_by_id(missed, "move-class").rfind("missed win", 0) == 0);
  // The end: A has won, no best column; the winning line still drawn.
  const std::string end = vt::dom_of(page, "game=1&step=end");
  CHECK(vt::text_by_id(end, "position-value") == "A has won");
  CHECK(vt::attr_values(end, "data-best-column").empty());
  CHECK_FALSE(vt::attr_of_id(end, "board", "data-win").empty());

  // The plain game beside them: drawn as before, nothing of the analysis.
  const std::string plain = vt::dom_of(page, "game=2&step=end");
  CHECK(vt::text_by_id(plain, "page-error") == "");
  CHECK(element(plain, "eval-chart").empty());
  CHECK(vt::text_by_id(plain, "move-class") == "");
  CHECK(vt::text_by_id(plain, "move-list") == "");
  CHECK(vt::text_by_id(plain, "analysis-note") == "");
  CHECK(vt::text_by_id(plain, "step-label") == "move 21 of 21");
  // The malformed one: the board drawn, the problem named as text, no graph.
  const std::string malformed = vt::dom_of(page, "game=3&step=5");
  CHECK(vt::text_by_id(malformed, "page-error") == "");
  CHECK(vt::text_by_id(malformed, "analysis-note") ==
        "The analysis of this game is not drawn: 'positions' has 1 entry, expected 22.");
  CHECK(vt::text_by_id(malformed, "step-label") == "move 5 of 21");
  CHECK(vt::text_by_id(malformed, "board-text").find("A") != std::string::npos);
  CHECK(element(malformed, "eval-chart").empty());
  CHECK(vt::attr_values(malformed, "data-best-column").empty());
  CHECK(vt::text_by_id(malformed, "games").find("not drawn") != std::string::npos);

  CHECK(vt::screenshot(page, "game=1&step=" + K, vt::build_dir() + "/viewer/connect4-analysis.png", 1100, 1500));
}

TEST_CASE("connect4 analysis: text in an analysis stays text, and one that is no object leaves the page whole") {
  ct::TempDir dir;
  const std::string hostile = "<script>document.title='PWNED'</script>";
  // Not through record2html, which refuses a non-object analysis: the page must still draw a line it was given.
  const std::vector<std::string> lines = {annotated(connect_four_line(0, 1), connect_four_analysis(hostile)),
                                          annotated(connect_four_line(0, 2), "\"" + hostile + "\""),
                                          annotated(connect_four_line(1, 1), "null")};
  std::string error;
  REQUIRE(viewer::write_page(dir / "page.html", viewer::Kind::kConnectFour, lines, "test", &error));
  const std::string dom = vt::dom_of(dir / "page.html", "game=2&step=3");
  CHECK(vt::text_by_id(dom, "page-error") == "");
  CHECK(vt::title_of(dom) == "ConnectFour: a.so vs b.so");
  CHECK(dom.find("<script>document.title") == std::string::npos);
  CHECK(vt::text_by_id(dom, "analysis-engine").rfind(hostile, 0) == 0);
  CHECK(vt::text_by_id(dom, "analysis-note") == "The analysis of this game is not drawn: it is not an object.");
  CHECK(vt::text_by_id(dom, "step-label") == "move 3 of 21");
  const std::string third = vt::dom_of(dir / "page.html", "game=3&step=end");
  CHECK(vt::text_by_id(third, "analysis-note") == "The analysis of this game is not drawn: it is not an object.");
  // A move of the analysis that is not the game's: named, not drawn.
  std::string wrong = connect_four_analysis();
  const std::string move3 = "{\"by\":\"A\",\"column\":" + std::to_string(kColumns[2]);
  REQUIRE(wrong.find(move3) != std::string::npos);
  wrong.replace(wrong.find(move3), move3.size(), "{\"by\":\"A\",\"column\":7");
  const std::string page = page_of(dir, annotated(connect_four_line(0, 1), wrong) + "\n");
  const std::string shifted = vt::dom_of(page, "game=1&step=4");
  CHECK(vt::text_by_id(shifted, "analysis-note") ==
        "The analysis of this game is not drawn: move 3 is column 7 in the analysis, 6 in the game.");
  CHECK(element(shifted, "eval-chart").empty());
}

TEST_CASE("2048 analysis: the loss of each move, the costliest flagged, the four directions' values, the accuracy") {
  ct::TempDir dir;
  ct::RunResult r = ct::run(
      {vt::repo_root() + "/build/bin/Run2048", vt::repo_root() + "/build/so/simple.so", "--games", "1", "--seed", "9",
       "--out", dir / "stats.txt", "--record", dir / "run.jsonl", "--progress", "off", "--bot-log", "none"},
      dir.path());
  REQUIRE(r.exit_code == 0);
  std::string line = ct::read_file(dir / "run.jsonl");
  line = line.substr(0, line.find('\n'));
  JsonValue game;
  std::string why;
  REQUIRE_MESSAGE(judge::parse_json(line, &game, &why), why);
  const std::string directions = game.find("directions")->text;
  const int n = static_cast<int>(directions.size());
  REQUIRE(n > 20);
  // Every move the best (10 against 9) but moves 5 and 12, where another direction is worth more.
  const std::string dirs = "LDRU";
  judge::JsonWriter json;
  json.begin_object().field("line", 1).field("engine", "expectimax depth 2").key("moves").begin_array();
  for (int k = 1; k <= n; ++k) {
    const int played = static_cast<int>(dirs.find(directions[k - 1]));
    json.begin_array();
    for (int d = 0; d < 4; ++d) {
      if (d == played)
        json.value(10.0);
      else if (d == (played + 1) % 4 && (k == 5 || k == 12))
        json.value(k == 5 ? 15.5 : 12.25);
      else if (d == (played + 2) % 4)
        json.raw("null");
      else
        json.value(9.0);
    }
    json.end_array();
  }
  json.end_array().field("accuracy", static_cast<double>(n - 2) / n);
  json.key("costliest").raw("[[5,5.5],[12,2.25]]").end_object();
  const std::string page = page_of(dir, annotated(line, json.str()) + "\n");
  const std::string dom = vt::dom_of(page, "game=1&step=5");
  CHECK(vt::text_by_id(dom, "page-error") == "");
  CHECK(vt::attr_of_id(dom, "replay-check", "data-mismatches") == "0");  // the record still replays
  CHECK(vt::attr_of_id(dom, "loss-chart", "data-points") == std::to_string(n));
  CHECK(vt::attr_of_id(dom, "loss-chart", "data-costliest") == "5 12");
  CHECK(count(element(dom, "loss-chart"), "class=\"flag costly\"") == 2);
  const std::string names[] = {"left", "down", "right", "up"};
  const int played5 = static_cast<int>(dirs.find(directions[4]));
  CHECK(vt::text_by_id(dom, "move-loss") == "Move 5: " + names[played5] + ", the best was " + names[(played5 + 1) % 4] +
                                                " (loss 5.5) \u2014 costliest move #1");
  // The next move's four values: the best and the one played.
  const int played6 = static_cast<int>(dirs.find(directions[5]));
  CHECK(vt::attr_of_id(dom, "direction-values", "data-best") == std::string(1, directions[5]));
  CHECK(vt::attr_of_id(dom, "direction-values", "data-played") == std::string(1, directions[5]));
  CHECK(vt::text_by_id(dom, "direction-values").find("move 6") == 0);
  CHECK(
      element(dom, "direction-values").find("class=\"best played\" data-dir=\"" + dirs.substr(played6, 1) + "\">10") !=
      std::string::npos);
  const std::string before = vt::dom_of(page, "game=1&step=4");
  CHECK(vt::attr_of_id(before, "direction-values", "data-best") == dirs.substr((played5 + 1) % 4, 1));
  CHECK(vt::attr_of_id(before, "direction-values", "data-played") == std::string(1, directions[4]));
  CHECK(vt::text_by_id(before, "move-loss") == "Move 4: " + names[dirs.find(directions[3])] + ", the best");
  // The accuracy: the game's, and the run's.
  char accuracy[32];
  std::snprintf(accuracy, sizeof accuracy, "%.1f%%", 100.0 * std::round(1e4 * (n - 2) / n) / 1e4);
  CHECK(vt::text_by_id(dom, "game-accuracy") == std::string(accuracy) + " of moves the best");
  CHECK(vt::text_by_id(dom, "accuracy").rfind(std::string(accuracy) + " of moves the best", 0) == 0);
  CHECK(vt::text_by_id(dom, "games").find("5 (loss 5.5)") != std::string::npos);

  // An analysis of another length: named; the game replays as before.
  const std::string bad = page_of(dir, annotated(line, R"({"line":1,"moves":[[1,2,3,4]],"accuracy":1})") + "\n");
  const std::string shown = vt::dom_of(bad, "game=1&step=end");
  CHECK(vt::text_by_id(shown, "analysis-note") ==
        "The analysis of this game is not drawn: 'moves' has 1 entry, expected " + std::to_string(n) + ".");
  CHECK(vt::attr_of_id(shown, "replay-check", "data-mismatches") == "0");
  CHECK(element(shown, "loss-chart").empty());
}

TEST_CASE("pdd analysis: each action's loss, the graph of losses, the largest flagged, the best next action drawn") {
  ct::TempDir dir;
  const std::string bin = vt::repo_root() + "/build/bin/";
  ct::RunResult r = ct::run({bin + "pdd-referee", bin + "pdd-greedy", bin + "pdd-random", "--seed", "4", "--dir",
                             dir / "games", "--record", dir / "rec.jsonl", "--quiet"},
                            dir.path());
  REQUIRE(r.exit_code == 0);
  std::string line = ct::read_file(dir / "rec.jsonl");
  line = line.substr(0, line.find('\n'));
  JsonValue game;
  std::string why;
  REQUIRE_MESSAGE(judge::parse_json(line, &game, &why), why);
  std::vector<std::string> steps;
  std::istringstream in(game.find("steplog")->text);
  for (std::string s; in >> s;) steps.push_back(s);
  const int n = static_cast<int>(steps.size());
  REQUIRE(n > 10);
  // Action 7 loses 4 (the largest), action 3 loses 2.5; the best action of each is the one played, but for 7.
  judge::JsonWriter json;
  json.begin_object().field("line", 1).field("engine", "search depth 4").key("actions").begin_array();
  const std::string best7 = steps[6].substr(0, steps[6].find('_', 2)) + "_Chess_0,0_9,9";
  for (int k = 1; k <= n; ++k) {
    const double loss = k == 7 ? 4 : k == 3 ? 2.5 : 0;
    json.begin_object()
        .field("by", steps[k - 1].substr(0, 1))
        .field("value", 1.0)
        .field("best", 1 + loss)
        .field("best_action", k == 7 ? best7 : steps[k - 1])
        .field("loss", loss)
        .end_object();
  }
  json.end_array().end_object();
  const std::string page = page_of(dir, annotated(line, json.str()) + "\n");
  const std::string dom = vt::dom_of(page, "game=1&step=7");
  CHECK(vt::text_by_id(dom, "page-error") == "");
  CHECK(vt::attr_of_id(dom, "loss-chart", "data-points") == std::to_string(n));
  CHECK(vt::attr_of_id(dom, "loss-chart", "data-largest-loss") == "7");
  CHECK(vt::attr_of_id(dom, "largest-loss-marker", "data-step") == "7");
  CHECK(vt::text_by_id(dom, "largest-loss-marker") == "largest loss 7");
  CHECK(count(element(dom, "loss-chart"), "class=\"loss-point") == static_cast<size_t>(n));
  CHECK(count(element(dom, "loss-chart"), "class=\"loss-point largest\"") == 1);
  CHECK(vt::text_by_id(dom, "action-loss") ==
        "loss 4: value 1, the best 5 (" + best7 + ") \u2014 the largest of the game");
  CHECK(vt::text_by_id(dom, "games").find("4 at 7 (") != std::string::npos);
  // Before action 7: its best action drawn on the board (two cells).
  const std::string before = vt::dom_of(page, "game=1&step=6");
  CHECK(vt::attr_of_id(before, "board", "data-best") == best7);
  CHECK(count(before, "class=\"best-action\"") == 2);
  CHECK(vt::text_by_id(before, "best-next") == best7 + " (value 5)");
  CHECK(vt::text_by_id(before, "action-loss") == "loss 0: value 1, the best 1 (" + steps[5] + ")");
  // An analysis naming the wrong side: named, the game drawn without it.
  std::string wrong = json.str();
  const std::string first = "{\"by\":\"" + steps[0].substr(0, 1) + "\"";
  wrong.replace(wrong.find(first), first.size(), std::string("{\"by\":\"") + (steps[0][0] == 'W' ? "B" : "W") + "\"");
  const std::string bad = page_of(dir, annotated(line, wrong) + "\n");
  const std::string shown = vt::dom_of(bad, "game=1&step=end");
  CHECK(vt::text_by_id(shown, "analysis-note").rfind("The analysis of this game is not drawn: action 1 is by ", 0) ==
        0);
  CHECK(vt::text_by_id(shown, "step-label") == "action " + std::to_string(n) + " of " + std::to_string(n));
  CHECK(element(shown, "loss-chart").empty());
}
