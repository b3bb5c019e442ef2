// The converter and the record reader: kinds, malformed lines named by file,
// line and field, the empty record, and text from plugins kept out of the markup.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "../../common/json_read.h"
#include "../page.h"
#include "../record.h"
#include "browser.h"

namespace {

const char kConnectFourLine[] =
    R"({"round":0,"game":1,"seed":1,"M":9,"N":9,"noX":8,"noY":0,"a":"/x/a.so","b":"/x/b.so","first":"A",)"
    R"("moves":[["A",8,1,1.5],["B",7,1,2]],"code":6,"result":"B - illegal move","reason":"B made an illegal move"})";
const char k2048Line[] =
    R"({"game":1,"seed":2014,"end":"over","score":4,"max_tile":4,"moves":1,"bot_cpu_s":0.1,"reached":{},)"
    R"("detail":"","directions":"L","spawns":"022202"})";
const char kPonteLine[] =
    R"({"game":1,"seed":3,"white":"w","black":"b","winner":"W","reason":"r","violation":"V9","violator":"B",)"
    R"("white_score":{"points":0,"islands":1,"bridges":0},"black_score":{"points":0,"islands":0,"bridges":0},)"
    R"("actions":1,"skips":0,"steplog":"W_1_Chess_0,0_2,2","white_ms":[5],"black_ms":[7],"folder":"f"})";

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// Runs the converter on `text`; returns its result.
ct::RunResult convert(const ct::TempDir& dir, const std::string& text, const std::string& name = "rec.jsonl") {
  write(dir / name, text);
  return ct::run({vt::record2html(), dir / name, "-o", dir / "page.html"}, dir.path(), 30000);
}

std::string error_of(const std::string& text) {
  viewer::Record record;
  std::string error;
  CHECK_FALSE(viewer::parse_record(text, "rec.jsonl", &record, &error));
  return error;
}

}  // namespace

TEST_CASE("record: the judge is recognised from the fields") {
  viewer::Record record;
  std::string error;
  REQUIRE(
      viewer::parse_record(std::string(kConnectFourLine) + "\n\n" + kConnectFourLine + "\r\n", "r", &record, &error));
  CHECK(record.kind == viewer::Kind::kConnectFour);
  CHECK(record.lines.size() == 2);
  REQUIRE(viewer::parse_record(k2048Line, "r", &record, &error));
  CHECK(record.kind == viewer::Kind::k2048);
  REQUIRE(viewer::parse_record(std::string(kPonteLine) + "\n", "r", &record, &error));
  CHECK(record.kind == viewer::Kind::kPonte);
  REQUIRE(viewer::parse_record("\n  \n", "r", &record, &error));
  CHECK(record.kind == viewer::Kind::kNone);
  CHECK(record.lines.empty());
}

TEST_CASE("record: a bad line is named by file, line and field") {
  std::string line(kConnectFourLine);
  CHECK(error_of(line + "\n{\"round\":") == "rec.jsonl:2: not valid JSON: unexpected end at offset 9");
  CHECK(error_of("[1,2]") == "rec.jsonl:1: not a JSON object but an array");
  CHECK(error_of("{\"x\":1}").find("rec.jsonl:1: not a game of Compete, Run2048 or pdd-referee") == 0);
  std::string no_reason = line;
  no_reason.replace(no_reason.find(",\"reason\""), std::string(",\"reason\":\"B made an illegal move\"").size(), "");
  CHECK(error_of("\n" + no_reason) == "rec.jsonl:2: field 'reason' is missing");
  std::string bad_m = line;
  bad_m.replace(bad_m.find("\"M\":9"), 5, "\"M\":\"9\"");
  CHECK(error_of(bad_m) == "rec.jsonl:1: field 'M' is a string, expected a number");
  std::string off_board = line;
  off_board.replace(off_board.find("[\"B\",7,1,2]"), 11, "[\"B\",9,1,2]");
  CHECK(error_of(off_board) ==
        "rec.jsonl:1: field 'moves' item 2 is not [\"A\" or \"B\", row, column, milliseconds[, CPU milliseconds]] on "
        "the board");
  std::string spawns = k2048Line;
  spawns.replace(spawns.find("022202"), 6, "0222g2");
  CHECK(error_of(spawns) == "rec.jsonl:1: field 'spawns' item 3 is 'g2' (expected a cell 0-f and a value 2 or 4)");
  std::string directions = k2048Line;
  directions.replace(directions.find("\"L\""), 3, "\"X\"");
  CHECK(error_of(directions) == "rec.jsonl:1: field 'directions' has 'X' at move 1 (expected L, D, R or U)");
  std::string step = kPonteLine;
  step.replace(step.find("0,0_2,2"), 7, "0,0_22");
  CHECK(error_of(step) ==
        "rec.jsonl:1: field 'steplog' action 1 is 'W_1_Chess_0,0_22' (expected like W_3_Chess_0,2_1,3)");
  CHECK(error_of(line + "\n" + k2048Line) == "rec.jsonl:2: a game of Run2048 in a record of Compete");
}

TEST_CASE("record: what the sandbox refused is read for every judge, and checked") {
  const std::string refused = R"(,"refused":[{"player":"A","call":"open","errno":"EACCES","count":3}]})";
  auto with = [&](const char* line, const std::string& field) {
    std::string text(line);
    return text.substr(0, text.size() - 1) + field;
  };
  viewer::Record record;
  std::string error;
  for (const char* line : {kConnectFourLine, k2048Line, kPonteLine}) {
    INFO(line);
    CHECK(viewer::parse_record(with(line, refused), "r", &record, &error));
    CHECK(record.lines.size() == 1);
    CHECK(error_of(with(line, R"(,"refused":{}})")) == "rec.jsonl:1: field 'refused' is an object, expected an array");
    CHECK(error_of(with(line, R"(,"refused":[{"player":"A","call":"open","errno":"EACCES","count":0}]})")) ==
          "rec.jsonl:1: field 'refused' item 1 is not {\"player\", \"call\", \"errno\": strings, \"count\": a whole "
          "number >= 1}");
    CHECK_FALSE(error_of(with(line, R"(,"refused":[{"player":"A","errno":"EACCES","count":1}]})")).empty());
  }
}

TEST_CASE("record: the processes a side left running, killed, are read for every judge, and checked") {
  auto with = [&](const char* line, const std::string& field) {
    std::string text(line);
    return text.substr(0, text.size() - 1) + field;
  };
  viewer::Record record;
  std::string error;
  for (const char* line : {kConnectFourLine, k2048Line, kPonteLine}) {
    INFO(line);
    CHECK(viewer::parse_record(with(line, R"(,"daemons_killed":[{"player":"B","count":2}]})"), "r", &record, &error));
    CHECK(record.lines.size() == 1);
    CHECK(error_of(with(line, R"(,"daemons_killed":3})")) ==
          "rec.jsonl:1: field 'daemons_killed' is a number, expected an array");
    CHECK(error_of(with(line, R"(,"daemons_killed":[{"player":"B","count":0}]})")) ==
          "rec.jsonl:1: field 'daemons_killed' item 1 is not {\"player\": a string, \"count\": a whole number >= "
          "1}");
    CHECK_FALSE(error_of(with(line, R"(,"daemons_killed":[{"count":1}]})")).empty());
  }
}

TEST_CASE("record2html: bad input exits non-zero naming file, line and field; nothing is written") {
  ct::TempDir dir;
  ct::RunResult r = convert(dir, std::string(kConnectFourLine) + "\n{\"round\":0,\"M\":9,\"moves\":[]}\n");
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("rec.jsonl:2: field") != std::string::npos);
  CHECK_FALSE(ct::file_exists(dir / "page.html"));
  r = ct::run({vt::record2html(), dir / "absent.jsonl"}, dir.path(), 30000);
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("cannot read " + (dir / "absent.jsonl")) != std::string::npos);
  r = ct::run({vt::record2html()}, dir.path(), 30000);
  CHECK(r.exit_code == 2);
  r = ct::run({vt::record2html(), "a.jsonl", "--frobnicate"}, dir.path(), 30000);
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("unknown option '--frobnicate'") != std::string::npos);
}

TEST_CASE("record2html: --help prints the table's usage and exits 0; a bad option exits 2 naming it") {
  ct::TempDir dir;
  ct::RunResult r = ct::run({vt::record2html(), "--help"}, dir.path(), 30000);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("usage: record2html <record.jsonl> [-o page.html]\n") == 0);
  CHECK(r.out.find("\noptions:\n  -o FILE  the page (default: ") != std::string::npos);
  r = ct::run({vt::record2html(), "--frobnicate"}, dir.path(), 30000);
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("record2html: unknown option '--frobnicate'\nusage: record2html") == 0);
  r = ct::run({vt::record2html(), "a.jsonl", "-o"}, dir.path(), 30000);
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("record2html: -o needs a file name\nusage: record2html") == 0);
  CHECK(ct::list_dir(dir.path()).empty());
}

TEST_CASE("page: text from plugins cannot end the data script or open markup") {
  const std::string hostile = "</script><script>document.title='PWNED'</script><!--";
  std::string line(kConnectFourLine);
  line.replace(line.find("/x/a.so"), 7, hostile);
  viewer::Record record;
  std::string error;
  REQUIRE(viewer::parse_record(line, "r", &record, &error));
  std::string html = viewer::render_page(record.kind, record.lines, "<b>source</b> & co");
  CHECK(html.find(hostile) == std::string::npos);
  CHECK(html.find("PWNED") != std::string::npos);  // kept, as \u003c-escaped data
  CHECK(html.find("<!--") == std::string::npos);
  CHECK(html.find("<b>source") == std::string::npos);
  CHECK(html.find("&lt;b&gt;source&lt;/b&gt; &amp; co") != std::string::npos);
  CHECK(viewer::escape_script_json(R"({"a":"</script>&"})") == R"({"a":"\u003c/script\u003e\u0026"})");
}

TEST_CASE("record2html: an empty record gives a page that says there are no games") {
  ct::TempDir dir;
  ct::RunResult r = convert(dir, "");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("0 games (empty record)") != std::string::npos);
  // Headless Chromium's cache folders, which a run without a profile of its own leaves behind.
  const char* home = std::getenv("HOME");
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  const std::string cache =
      std::string(xdg ? xdg : std::string(home ? home : "/tmp") + "/.cache") + "/chromium-headless";
  const auto cache_folders = [&] {
    std::error_code ec;
    size_t n = 0;
    for (auto it = std::filesystem::directory_iterator(cache, ec); !ec && it != std::filesystem::directory_iterator();
         it.increment(ec))
      ++n;
    return n;
  };
  const size_t before = cache_folders();
  const std::string dom = vt::dom_of(dir / "page.html");
  CHECK(vt::text_by_id(dom, "no-games") == "There are no games in this record yet.");
  CHECK(vt::attr_of_id(dom, "page", "data-games") == "0");
  CHECK(cache_folders() == before);  // the browser's run left nothing in the user's home
}

TEST_CASE("record2html: a record without the newer fields still draws (winning line found by the page)") {
  ct::TempDir dir;
  // As Compete wrote it before the time limit, the winning line and the illegal point were recorded.
  const std::string won =
      R"({"round":0,"game":1,"seed":1,"M":9,"N":9,"noX":0,"noY":8,"a":"/x/a.so","b":"/x/b.so","first":"A",)"
      R"("moves":[["A",8,0,1],["B",8,1,1],["A",7,0,1],["B",7,1,1],["A",6,0,1],["B",6,1,1],["A",5,0,1]],)"
      R"x("code":1,"result":"A - won","reason":"A connected four with (5, 0)"})x";
  ct::RunResult r = convert(dir, won + "\n" + kConnectFourLine + "\n");
  REQUIRE(r.exit_code == 0);
  const std::string dom = vt::dom_of(dir / "page.html", "game=1&step=end");
  CHECK(vt::text_by_id(dom, "page-error") == "");
  CHECK(vt::attr_of_id(dom, "board", "data-win") == "5,0 6,0 7,0 8,0");
  CHECK(vt::attr_values(dom, "data-moves") == std::vector<std::string>({"7", "2"}));
  CHECK(dom.find("not recorded") != std::string::npos);  // the time limit
}
