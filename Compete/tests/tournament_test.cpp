// Bradley-Terry ratings (common/bradley_terry.h) and the Tournament command:
// ladder levels ranked in ladder order, a gauntlet's pairs, bad input, and
// --resume after kill -9.
#include <doctest/doctest.h>
#include <signal.h>
#include <unistd.h>

#include <cmath>
#include <algorithm>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "../../common/bradley_terry.h"
#include "../../common/json_read.h"
#include "../tournament/tournament.h"
#include "harness.h"
#include "match_helpers.h"

namespace {

const double kEloPerNat = 400 / std::log(10.0);

std::string tournament_binary() { return ct::repo_root() + "/build/bin/Tournament"; }

ct::RunResult run_tournament(const std::vector<std::string>& args, const std::string& cwd,
                             ct::Watcher watcher = nullptr) {
  std::vector<std::string> argv = {tournament_binary()};
  argv.insert(argv.end(), args.begin(), args.end());
  return ct::run(argv, cwd, 120000, watcher);
}

judge::JsonValue json_file(const std::string& path) {
  judge::JsonValue v;
  std::string error;
  INFO(path << ": " << ct::read_file(path));
  REQUIRE(judge::parse_json(ct::read_file(path), &v, &error));
  return v;
}

}  // namespace

TEST_SUITE_BEGIN("tournament");
TEST_CASE("Bradley-Terry: two players, the closed form; a perfect score stays finite; transitive order") {
  // 75 of 100 points: the maximum likelihood difference is 400 log10(3), its
  // variance 1 / (n p (1 - p)) in natural units, each rating half of it.
  std::vector<judge::Estimate> r = judge::bradley_terry(2, {{0, 1, 100, 75}}, 0);
  const double diff = 400 * std::log10(3.0), se = std::sqrt(1 / (100 * 0.75 * 0.25)) * kEloPerNat / 2;
  CHECK(r[0].value == doctest::Approx(diff / 2).epsilon(1e-9));
  CHECK(r[1].value == doctest::Approx(-diff / 2).epsilon(1e-9));
  CHECK(r[0].upper - r[0].value == doctest::Approx(judge::kZ95 * se).epsilon(1e-9));
  CHECK(r[0].value - r[0].lower == doctest::Approx(judge::kZ95 * se).epsilon(1e-9));

  // With one virtual draw: 8 of 8 counts as 8.5 of 9.
  std::vector<judge::Estimate> perfect = judge::bradley_terry(2, {{0, 1, 8, 8}}, 1);
  CHECK(std::isfinite(perfect[0].value));
  CHECK(perfect[0].value - perfect[1].value == doctest::Approx(400 * std::log10(8.5 / 0.5)).epsilon(1e-9));

  // Three players, each stronger one beating the next 70% of the time.
  std::vector<judge::Estimate> three = judge::bradley_terry(3, {{0, 1, 20, 6}, {1, 2, 20, 6}, {0, 2, 20, 3}}, 1);
  CHECK(three[2].value > three[1].value);
  CHECK(three[1].value > three[0].value);
  CHECK(std::fabs(three[0].value + three[1].value + three[2].value) < 1e-6);  // relative to the mean
  for (const judge::Estimate& e : three) CHECK(e.lower < e.value);
}

TEST_CASE("crosstable and labels") {
  CHECK(c4::player_labels({"/a/x.so", "/b/x.so", "/c/y.so"}) == std::vector<std::string>({"x#1", "x#2", "y"}));
  std::vector<c4::TournamentPair> robin = c4::tournament_pairs(4, false), gauntlet = c4::tournament_pairs(4, true);
  CHECK(robin.size() == 6);
  CHECK(gauntlet.size() == 3);
  CHECK(robin[5].file == "pair_03_04.txt");
  for (const c4::TournamentPair& p : gauntlet) CHECK(p.a == 0);
  c4::TournamentReport report;
  report.header = "test";
  report.labels = {"weak", "strong"};
  report.plugins = {"/w.so", "/s.so"};
  report.pairs = c4::tournament_pairs(2, false);
  report.pairs[0].played = true;
  report.pairs[0].games = {2, 7, 1};  // weak's wins, losses, draws
  const std::string text = c4::format_tournament(report);
  INFO(text);
  CHECK(text.find("1     strong") != std::string::npos);  // best first
  CHECK(text.find("7-2-1") != std::string::npos);
  CHECK(text.find("2-7-1") != std::string::npos);
}

TEST_CASE("three ladder levels far apart rank in ladder order, every pair's files in the folder") {
  ct::TempDir dir;
  const std::string root = ct::repo_root() + "/TestCases/";
  ct::RunResult r = run_tournament(
      {"--rounds", "5", "--seed", "3", "-j", "2", "out", root + "11.so", root + "21.so", root + "1.so"}, dir.path());
  INFO("stdout:\n" << r.out << "\nstderr:\n" << r.err);
  REQUIRE(r.exit_code == 0);
  judge::JsonValue t = json_file(dir / "out/tournament.json");
  const judge::JsonValue* ranking = t.find("ranking");
  REQUIRE(ranking->items.size() == 3);
  CHECK(ranking->items[0].find("label")->text == "21");
  CHECK(ranking->items[1].find("label")->text == "11");
  CHECK(ranking->items[2].find("label")->text == "1");
  for (const judge::JsonValue& p : ranking->items) CHECK(p.find("games")->number == 20);
  CHECK(ranking->items[0].find("elo_lower")->number > ranking->items[2].find("elo_upper")->number);
  for (const char* pair : {"pair_01_02", "pair_01_03", "pair_02_03"}) {
    INFO(pair);
    ct::ParsedResult parsed = ct::parse_result_file(ct::read_file(dir / "out/" + pair + ".txt"));
    CHECK(parsed.ok);
    CHECK(parsed.rounds.size() == 5);
    CHECK(ct::count_of(ct::read_file(dir / "out/" + pair + ".jsonl"), "\n") == 10);
    CHECK(ct::file_exists(dir / "out/" + pair + ".txt.stats.json"));
  }
  // Every pair played the same boards: round k's seed is the same in each record.
  const std::string a = ct::read_file(dir / "out/pair_01_02.jsonl"), b = ct::read_file(dir / "out/pair_02_03.jsonl");
  auto seeds = [](const std::string& record) {
    std::vector<std::pair<std::string, std::string>> found;  // (round, seed) in record order
    std::regex re("\"round\":([0-9]+),\"game\":[12],\"seed\":([0-9]+)");
    for (auto it = std::sregex_iterator(record.begin(), record.end(), re); it != std::sregex_iterator(); ++it)
      found.emplace_back((*it)[1], (*it)[2]);
    std::sort(found.begin(), found.end());
    return found;
  };
  CHECK(seeds(a).size() == 10);
  CHECK(seeds(a) == seeds(b));
  CHECK(r.out.find("Crosstable") != std::string::npos);
  CHECK(ct::read_file(dir / "out/tournament.txt").find("Bradley-Terry") != std::string::npos);
}

TEST_CASE("a gauntlet plays the first plugin against each other one only; --keep-workdirs keeps every game's") {
  ct::TempDir dir;
  ct::RunResult r = run_tournament({"--gauntlet", "--rounds", "2", "--seed", "5", "--keep-workdirs", "kept", "out",
                                    ct::plugin("random_a"), ct::plugin("random_b"), ct::plugin("fault_null_get")},
                                   dir.path());
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(ct::list_dir(dir / "out") ==
        std::vector<std::string>({"pair_01_02.jsonl", "pair_01_02.txt", "pair_01_02.txt.stats.json", "pair_01_03.jsonl",
                                  "pair_01_03.txt", "pair_01_03.txt.stats.json", "tournament.json", "tournament.txt"}));
  // Each game's working folders, kept under the pair's name: 2 pairs, 2 rounds, 2 games, 2 sides.
  std::vector<std::string> kept;
  for (const char* pair : {"pair_01_02", "pair_01_03"})
    for (const char* round : {"0", "1"})
      for (const char* game : {"1", "2"})
        for (const char* side : {"A", "B"})
          kept.push_back(std::string(pair) + "-round" + round + "-game" + game + "-" + side);
  CHECK(ct::list_dir(dir / "kept") == kept);
  judge::JsonValue t = json_file(dir / "out/tournament.json");
  CHECK(t.find("ranking")->items[2].find("label")->text == "fault_null_get");  // loses every game
}

TEST_CASE("bad tournament input: exit 2 before any game, the problem named") {
  ct::TempDir dir;
  struct Bad {
    std::vector<std::string> args;
    const char* named;
  } bad[] = {
      {{"out", ct::plugin("random_a")}, "a tournament needs at least two plugins, got 1"},
      {{"out"}, "a tournament needs at least two plugins, got 0"},
      {{"out", ct::plugin("random_a"), dir / "missing.so"}, "missing.so': No such file or directory"},
      {{"--move-time-a", "50", "out", ct::plugin("random_a"), ct::plugin("random_b")},
       "every player gets the same settings"},
      {{"--rounds", "0", "out", ct::plugin("random_a"), ct::plugin("random_b")},
       "--rounds needs a positive whole number"},
  };
  for (const Bad& b : bad) {
    ct::RunResult r = run_tournament(b.args, dir.path());
    INFO(std::string(b.named) << "\nstderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(b.named) != std::string::npos);
    CHECK(ct::list_dir(dir.path()).empty());
  }
}

TEST_CASE("a tournament killed with kill -9 and resumed ends with the files of an uninterrupted one") {
  const std::vector<std::string> players = {ct::plugin("random_slow"), ct::plugin("random_a"), ct::plugin("random_b")};
  std::vector<std::string> args = {"--rounds", "3", "--seed", "8", "out"};
  args.insert(args.end(), players.begin(), players.end());
  ct::TempDir whole, dir;
  REQUIRE(run_tournament(args, whole.path()).exit_code == 0);

  bool killed = false;
  ct::Watcher kill9 = [&](pid_t pid, const std::string& err) {
    if (ct::count_of(err, "Finished game ") < 8) return false;  // in the second pair
    ::kill(pid, SIGKILL);
    killed = true;
    return true;
  };
  run_tournament(args, dir.path(), kill9);
  REQUIRE(killed);
  CHECK_FALSE(ct::file_exists(dir / "out/pair_02_03.txt"));
  std::vector<std::string> resumed = args;
  resumed.insert(resumed.begin(), "--resume");
  resumed.erase(resumed.begin() + 3, resumed.begin() + 5);  // without --seed: the records give it
  ct::RunResult r = run_tournament(resumed, dir.path());
  INFO("stdout:\n" << r.out << "\nstderr:\n" << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("games from the record") != std::string::npos);
  CHECK(ct::read_file(dir / "out/tournament.json") == ct::read_file(whole / "out/tournament.json"));
  for (const char* pair : {"pair_01_02", "pair_01_03", "pair_02_03"}) {
    INFO(pair);
    CHECK(ct::read_file(dir / "out/" + pair + ".txt") == ct::read_file(whole / "out/" + pair + ".txt"));
    CHECK(ct::read_file(dir / "out/" + pair + ".txt.stats.json") ==
          ct::read_file(whole / "out/" + pair + ".txt.stats.json"));
  }
  // Another round count is refused, naming it.
  std::vector<std::string> other = resumed;
  other[2] = "4";
  ct::RunResult refused = run_tournament(other, dir.path());
  CHECK(refused.exit_code == 2);
  CHECK(refused.err.find("the round count differs: record 3, now 4") != std::string::npos);
}
TEST_SUITE_END();  // "tournament"
