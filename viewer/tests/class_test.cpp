// grade-class's class page in a real browser: the rows in rank order, names
// as text, and each student's name opening the replay of that student's games.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include "browser.h"

namespace {

namespace fs = std::filesystem;

// A link's %XX escapes decoded: the file it names, relative to the page.
std::string link_target(const std::string& link) {
  std::string path;
  for (size_t i = 0; i < link.size(); ++i) {
    if (link[i] == '%' && i + 2 < link.size()) {
      path += static_cast<char>(std::stoi(link.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      path += link[i];
    }
  }
  return path;
}

}  // namespace

TEST_CASE("class page: grade-class's table in the browser, ranked, names as text, each link opening a replay") {
  ct::TempDir dir;
  fs::create_directory(dir / "uploads");
  // Random players, zipped as students would; one name is an injection, one upload does not compile.
  const std::vector<std::string> names = {"<img src=x onerror=\"document.title='IMG'\">", "bob", "carol"};
  for (size_t i = 0; i < names.size(); ++i) {
    const std::string src = dir / ("src" + std::to_string(i));
    fs::create_directory(src);
    std::ofstream(src + "/Strategy.cpp") << (i == 2 ? std::string("int broken( {\n")
                                                    : "#define SALT " + std::to_string(i + 1) + "\n" +
                                                          ct::read_file(vt::repo_root() +
                                                                        "/Compete/tests/plugins/random_move.cpp"));
    fs::copy_file(vt::repo_root() + "/Compete/tests/plugins/plugin_util.h", src + "/plugin_util.h");
    fs::copy_file(vt::repo_root() + "/Compete/framework/Point.h", src + "/Point.h");
    fs::copy_file(vt::repo_root() + "/Compete/framework/Strategy.h",
                  src + "/Strategy.h");  // the OJ's main.cpp needs it
    const ct::RunResult zipped =
        ct::run({"/usr/bin/zip", "-q", "-j", dir / ("uploads/" + names[i] + ".zip"), src + "/Strategy.cpp",
                 src + "/plugin_util.h", src + "/Point.h", src + "/Strategy.h"},
                dir.path());
    REQUIRE(zipped.exit_code == 0);
  }
  const ct::RunResult graded = ct::run({vt::build_dir() + "/bin/grade-class", "--group", "1", "--seed", "3", "-j", "2",
                                        "--out", dir / "out", dir / "uploads"},
                                       dir.path(), 600000);
  INFO(graded.out << graded.err);
  REQUIRE(graded.exit_code == 0);

  const std::string dom = vt::dom_of(dir / "out/class.html");
  CHECK(vt::title_of(dom).rfind("Class grade - ", 0) == 0);  // no payload renamed the page
  CHECK(dom.find("<img src=x") == std::string::npos);
  CHECK(vt::attr_values(dom, "data-student").size() == 3);
  CHECK(dom.find("&lt;img src=x onerror=\"document.title='IMG'\"&gt;") != std::string::npos);  // shown as text
  // Graded rows first, in rank order: ranks rise, totals fall.
  const std::vector<std::string> ranks = vt::attr_values(dom, "data-rank"), totals = vt::attr_values(dom, "data-total");
  REQUIRE(ranks.size() == 2);
  REQUIRE(totals.size() == 2);
  CHECK(std::stoi(ranks[0]) <= std::stoi(ranks[1]));
  CHECK(std::stoi(totals[0]) >= std::stoi(totals[1]));
  CHECK(vt::attr_values(dom, "data-status").back() == "compile error");
  // Each name links, from the page's folder, to a replay page of that student's ten games; each lost
  // game to that page at the game (at its end: the records are not annotated).
  std::vector<std::string> links, lost;
  for (const std::string& link : vt::attr_values(dom, "href"))
    (link.find('#') == std::string::npos ? links : lost).push_back(link);
  REQUIRE(links.size() == 2);
  for (const std::string& link : links) {
    const std::string page = dir / ("out/" + link_target(link));
    CAPTURE(page);
    REQUIRE(fs::is_regular_file(page));
    const std::string games = vt::dom_of(page);
    CHECK(vt::attr_of_id(games, "page", "data-games") == "10");
    CHECK(vt::text_by_id(games, "page-error") == "");
  }
  REQUIRE_FALSE(lost.empty());  // random players lose to the samples
  const std::string link = lost.back();
  const size_t hash = link.find('#');
  CHECK(link.substr(hash).rfind("#game=", 0) == 0);
  CHECK(link.substr(link.size() - 9) == "&step=end");
  const std::string game = link.substr(hash + 6, link.find('&', hash) - hash - 6);
  const std::string opened = vt::dom_of(dir / ("out/" + link_target(link.substr(0, hash))), link.substr(hash + 1));
  CHECK(vt::attr_of_id(opened, "replay", "data-game") == game);
  const std::string label = vt::text_by_id(opened, "step-label");  // "move n of n"
  CHECK(label.substr(5, label.find(' ', 5) - 5) == label.substr(label.rfind(' ') + 1));
  // The game opened is one the student lost: neither a win nor a tie of A (the student; the sample is B).
  const std::vector<std::string> codes = vt::attr_values(
      opened.substr(opened.find("data-index=\"" + std::to_string(std::stoi(game) - 1) + "\"")), "data-code");
  REQUIRE_FALSE(codes.empty());
  for (const char* not_lost : {"0", "1", "5", "6", "8"}) CHECK(codes[0] != not_lost);
}
