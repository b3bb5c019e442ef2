// The ladder on PDD programs (ours, greedy, random) with a knockout, and the
// standings page loaded in headless Chromium.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "../../viewer/tests/browser.h"
#include "ladder_harness.h"

TEST_CASE("a PDD round robin of our strategy, greedy and random, then a knockout; the page in Chromium") {
  ct::TempDir tmp;
  const std::string dir = tmp / "pdd";
  REQUIRE(lt::ladder({"init", dir, "--game", "pdd"}).exit_code == 0);
  for (const char* name : {"strategy", "greedy", "random"})
    REQUIRE(lt::ladder({"add", dir, name, lt::pdd_program(name)}).exit_code == 0);
  // A C source is built with the course's command; one that does not compile is listed, not played.
  {
    std::ofstream bad(tmp / "E0001.c");
    bad << "int main( {\n";
  }
  const ct::RunResult bad = lt::ladder({"add", dir, "E0001", tmp / "E0001.c"});
  CHECK(bad.out.find("NOT playable: does not build") != std::string::npos);
  std::filesystem::copy_file(lt::pdd_program("random"), tmp / "noexec");
  std::filesystem::permissions(tmp / "noexec",
                               std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  CHECK(lt::ladder({"add", dir, "noexec", tmp / "noexec"}).out.find("NOT playable: not executable") !=
        std::string::npos);
  // Three players, three pairings: a round robin with both colours. Our strategy thinks 200 ms an
  // action: at 50 a loaded machine left it shallow enough to lose a game to greedy now and then.
  const ct::RunResult play = lt::ladder({"play", dir, "--games", "6", "-j", "2", "--move-time", "200"}, 240000);
  INFO(play.out << play.err);
  REQUIRE(play.exit_code == 0);
  const auto lines = lt::json_lines(dir + "/games.jsonl");
  REQUIRE(lines.size() == 6);
  std::set<std::pair<std::string, std::string>> met;
  for (const judge::JsonValue& g : lines) met.insert(std::minmax(lt::text(g, "a"), lt::text(g, "b")));
  CHECK(met.size() == 3);
  const auto ratings = lt::ratings(dir);
  CHECK(ratings[0].first == "strategy@1");
  // The knockout: seeds from the standings, the top seed has a bye in a bracket of 4.
  const ct::RunResult knockout =
      lt::ladder({"knockout", dir, "--top", "8", "--pairs", "1", "-j", "2", "--move-time", "200"}, 240000);
  INFO(knockout.out << knockout.err);
  REQUIRE(knockout.exit_code == 0);
  CHECK(knockout.out.find("1.strategy@1 (bye)") != std::string::npos);
  CHECK(knockout.out.find("Champion: ") != std::string::npos);
  CHECK(lt::json_lines(dir + "/knockout.jsonl").size() >= 4);
  CHECK(std::filesystem::exists(dir + "/knockout/round1-tie2.html"));  // seeds 2 and 3
  CHECK(std::filesystem::exists(dir + "/knockout/round2-tie1.html"));  // the final
  CHECK(lt::json_lines(dir + "/games.jsonl").size() == 6);             // knockout games stay out of the ratings

  // The standings page: the table, the crosstable, each game linked to its replay.
  REQUIRE(lt::ladder({"standings", dir}).exit_code == 0);
  const std::string page = dir + "/standings.html";
  const std::string dom = vt::dom_of(page);
  CHECK(vt::title_of(dom).find("Ladder standings") != std::string::npos);
  const std::vector<std::string> rows = vt::attr_values(dom, "data-player");
  CHECK(rows.size() == 5);
  CHECK(rows[0] == "strategy@1");
  std::vector<std::string> links;
  for (const std::string& href : vt::attr_values(dom, "href"))
    if (href.rfind("replays/", 0) == 0) links.push_back(href);
  CHECK(links.size() >= 6);
  // A link opens the viewer's page at that game.
  REQUIRE_FALSE(links.empty());
  const std::string target = links[0].substr(0, links[0].find('#'));
  const std::string hash = links[0].substr(links[0].find('#') + 1);
  CHECK(std::filesystem::exists(dir + "/" + target));
  const std::string replay = vt::dom_of(dir + "/" + target, hash);
  CHECK(replay.find("pdd") != std::string::npos);
  CHECK(vt::text_by_id(dom, "summary").find("6 games") != std::string::npos);
}
