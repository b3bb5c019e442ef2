// The Ponte del Diavolo page in a real browser: pdd-referee --html on a seeded
// game (final position and scores as the referee printed them) and on a game
// lost to a violation by a program with a hostile name.
#include <doctest/doctest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "browser.h"

namespace {

std::string referee() { return vt::repo_root() + "/build/bin/pdd-referee"; }
std::string player(const std::string& name) { return vt::repo_root() + "/build/bin/pdd-" + name; }

// The text between `from` (excluded) and the next line starting with `to`.
std::string between(const std::string& out, const std::string& from, const std::string& to) {
  size_t a = out.find(from);
  REQUIRE(a != std::string::npos);
  a += from.size();
  size_t b = out.find("\n" + to, a);
  REQUIRE(b != std::string::npos);
  return out.substr(a, b + 1 - a);
}

// The rest of the line that starts with `prefix`.
std::string line_after(const std::string& out, const std::string& prefix) {
  size_t a = out.find("\n" + prefix);
  REQUIRE(a != std::string::npos);
  a += 1 + prefix.size();
  return out.substr(a, out.find('\n', a) - a);
}

}  // namespace

TEST_CASE("pdd page: pdd-referee --html steps through the stepLog to the final position the referee printed") {
  ct::TempDir dir;
  ct::RunResult r = ct::run({referee(), player("greedy"), player("random"), "--seed", "4", "--dir", dir / "games",
                             "--record", dir / "rec.jsonl", "--html", dir / "page.html"},
                            dir.path());
  REQUIRE(r.exit_code == 0);
  const std::string dom = vt::dom_of(dir / "page.html", "game=1&step=end");
  CHECK(vt::text_by_id(dom, "page-error") == "");
  CHECK(vt::attr_of_id(dom, "page", "data-games") == "1");
  const std::string record = ct::read_file(dir / "rec.jsonl");
  const size_t actions = std::stoul(record.substr(record.find("\"actions\":") + 10));
  CHECK(vt::attr_values(dom, "data-moves") == std::vector<std::string>({std::to_string(actions)}));
  CHECK(vt::text_by_id(dom, "step-label") == "action " + std::to_string(actions) + " of " + std::to_string(actions));
  CHECK(vt::text_by_id(dom, "board-text") == between(r.out, "Final position:\n", "White ("));
  CHECK(vt::text_by_id(dom, "score-white") == line_after(r.out, "White (" + player("greedy") + "): "));
  CHECK(vt::text_by_id(dom, "score-black") == line_after(r.out, "Black (" + player("random") + "): "));
  CHECK(vt::text_by_id(dom, "winner") == "Result: " + line_after(r.out, "Result: "));
  CHECK(vt::screenshot(dir / "page.html", "game=1&step=end", vt::build_dir() + "/viewer/pdd.png"));

  // Halfway: fewer tiles than at the end, and the referee's own format.
  const std::string half = vt::dom_of(dir / "page.html", "game=1&step=" + std::to_string(actions / 2));
  CHECK(vt::text_by_id(half, "step-label") ==
        "action " + std::to_string(actions / 2) + " of " + std::to_string(actions));
  CHECK(vt::text_by_id(half, "board-text").substr(0, 26) == "     0 1 2 3 4 5 6 7 8 9\n ");
  CHECK(vt::text_by_id(half, "board-text") != vt::text_by_id(dom, "board-text"));
}

TEST_CASE("pdd page: a violation shows its code, its cells and the referee's message; a hostile name stays text") {
  ct::TempDir dir;
  // Black writes a White tile on the first empty cell: V14 at turn 2.
  std::filesystem::create_directory(dir / "<script>document.title='PWNED'<");
  const std::string black = dir / "<script>document.title='PWNED'</script>";
  std::ofstream(black) << "#!/bin/sh\n"
                          "awk 'BEGIN{FS=OFS=\",\"} !done { for (i = 1; i <= NF; i++) if ($i + 0 == 0) "
                          "{ $i = 1; done = 1; break } } { print }' \"$3\" > \"$3.tmp\" && mv \"$3.tmp\" \"$3\"\n";
  ::chmod(black.c_str(), 0755);
  ct::RunResult r = ct::run({referee(), player("greedy"), black, "--seed", "4", "--dir", dir / "games", "--html",
                             dir / "page.html", "--quiet"},
                            dir.path());
  REQUIRE(r.exit_code == 0);
  const std::string result = line_after(r.out, "Result: ");
  REQUIRE(result.find("Black violated V14") != std::string::npos);
  const std::string dom = vt::dom_of(dir / "page.html");
  CHECK(vt::attr_of_id(dom, "violation", "data-code") == "V14");
  const std::string violation = vt::text_by_id(dom, "violation");
  const size_t cell = result.find("new tile at (");
  REQUIRE(cell != std::string::npos);
  const std::string named = result.substr(cell + 12, 5);  // "(x,y)"
  CHECK(violation.find("V14 by Black at turn 2, cells " + named + ": ") == 0);
  CHECK(violation.find(result.substr(result.find("Black violated"))) != std::string::npos);
  CHECK(dom.find("class=\"violation-cell\"") != std::string::npos);
  CHECK(vt::attr_values(dom.substr(dom.find("id=\"faults\"")), "data-code").at(0) == "V14");
  CHECK(vt::title_of(dom) == "Ponte del Diavolo: pdd-greedy vs script>");
  CHECK(vt::text_by_id(dom, "program-2") == "script>: 0 wins");
  CHECK(vt::attr_of_id(dom, "program-2", "title") == black);
  CHECK(dom.find("<script>document.title") == std::string::npos);
}
