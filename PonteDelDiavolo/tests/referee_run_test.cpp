// pdd-referee on the judges' shared run: -j N commits the games in order (the
// record that of -j 1), --shard K/N then --merge make the single run's record,
// and --resume continues a stopped run without playing a recorded game again.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "../../common/clock.h"
#include "../../common/sandbox.h"

namespace {

std::string program(const std::string& name) {
  std::string exe = judge::self_executable();
  for (int i = 0; i < 4; ++i) exe = exe.substr(0, exe.rfind('/'));
  return exe + "/build/bin/" + name;
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A folder of its own for a test case, removed at its end.
struct Folder {
  std::string path;
  Folder() {
    char tmpl[] = "/tmp/pdd-run-XXXXXX";
    REQUIRE(::mkdtemp(tmpl) != nullptr);
    path = tmpl;
    ::chmod(path.c_str(), 0711);  // the programs' own users pass through to their game folders
  }
  ~Folder() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
  std::string operator/(const std::string& name) const { return path + "/" + name; }
};

struct Run {
  int code = -1;
  std::string output;
};

// pdd-referee random greedy --games 4 --alternate --quiet, plus `extra`, in `dir`.
Run referee(const Folder& dir, std::vector<std::string> extra, const std::vector<std::string>& records = {}) {
  judge::SpawnOptions o;
  o.confine = false;  // the referee confines its programs itself
  o.argv = {program("pdd-referee"), program("pdd-random"), program("pdd-greedy")};
  o.argv.insert(o.argv.end(), records.begin(), records.end());
  for (const char* word : {"--games", "4", "--alternate", "--quiet", "--dir"}) o.argv.push_back(word);
  o.argv.push_back(dir / "games");
  o.argv.insert(o.argv.end(), extra.begin(), extra.end());
  static int runs = 0;
  o.output_path = dir / ("output-" + std::to_string(++runs) + ".txt");
  judge::Process p;
  std::string error;
  Run r;
  REQUIRE(p.start(o, &error));
  judge::ExitStatus status;
  REQUIRE(p.wait(judge::Deadline::after_ms(120000), &status));
  r.code = status.kind == judge::ExitStatus::kExited ? status.code : -1;
  r.output = read(o.output_path);
  return r;
}

// A record without what differs between two runs of the same games: the
// programs' times and the game folders.
std::string without_times(const std::string& record) {
  static const std::regex times(R"("white_ms":\[[0-9,]*\],"black_ms":\[[0-9,]*\],)"), folder(R"("folder":"[^"]*")");
  return std::regex_replace(std::regex_replace(record, times, ""), folder, "");
}

std::string totals(const std::string& output) {
  const size_t at = output.find("=== Totals");
  return at == std::string::npos ? "" : output.substr(at);
}

}  // namespace

TEST_CASE("pdd-referee -j 2: the record and totals of -j 1, games committed in order") {
  Folder dir;
  const Run one = referee(dir, {"--seed", "3", "--record", dir / "one.jsonl"});
  const Run two = referee(dir, {"--seed", "3", "--record", dir / "two.jsonl", "-j", "2"});
  INFO(two.output);
  REQUIRE(one.code == 0);
  REQUIRE(two.code == 0);
  CHECK(without_times(read(dir / "two.jsonl")) == without_times(read(dir / "one.jsonl")));
  const std::string record = read(dir / "one.jsonl");
  CHECK(std::count(record.begin(), record.end(), '\n') == 4);
  CHECK(totals(two.output) == totals(one.output));
  CHECK(totals(one.output).find("Totals over 4 games") != std::string::npos);
}

TEST_CASE("pdd-referee --shard K/N then --merge: the single run's record, page and totals; a lost shard named") {
  Folder dir;
  const Run whole = referee(dir, {"--seed", "8", "--record", dir / "whole.jsonl"});
  REQUIRE(whole.code == 0);
  for (int k = 0; k < 2; ++k) {
    const std::string record = dir / ("s" + std::to_string(k) + ".jsonl");
    const Run shard = referee(dir, {"--seed", "8", "--shard", std::to_string(k) + "/2", "--record", record});
    INFO(shard.output);
    REQUIRE(shard.code == 0);
    CHECK(read(record).find(",\"shard\":\"" + std::to_string(k) + "/2\"}") != std::string::npos);
  }
  // Run again, a finished shard plays nothing.
  const std::string s0 = read(dir / "s0.jsonl");
  CHECK(referee(dir, {"--seed", "8", "--shard", "0/2", "--record", dir / "s0.jsonl"}).code == 0);
  CHECK(read(dir / "s0.jsonl") == s0);

  const Run merged =
      referee(dir, {"--seed", "8", "--merge", "--record", dir / "merged.jsonl", "--html", dir / "m.html"},
              {dir / "s0.jsonl", dir / "s1.jsonl"});
  INFO(merged.output);
  REQUIRE(merged.code == 0);
  CHECK(merged.output.find("=== Merged 4 games from 2 records") != std::string::npos);
  CHECK(without_times(read(dir / "merged.jsonl")) == without_times(read(dir / "whole.jsonl")));
  CHECK(totals(merged.output) == totals(whole.output));
  CHECK(read(dir / "m.html").find("<html") != std::string::npos);

  const Run lost = referee(dir, {"--seed", "8", "--merge"}, {dir / "s0.jsonl", dir / "gone.jsonl"});
  CHECK(lost.code == 1);
  CHECK(lost.output.find("missing shard 1/2 (none of its 2 games is in the records)") != std::string::npos);
  const Run other = referee(dir, {"--seed", "9", "--merge"}, {dir / "s0.jsonl", dir / "s1.jsonl"});
  CHECK(other.code == 2);
  CHECK(other.output.find("made by another command line: --seed differs: record 8, now 9") != std::string::npos);
  const Run no_seed = referee(dir, {"--shard", "0/2", "--record", dir / "x.jsonl"});
  CHECK(no_seed.code == 2);
  CHECK(no_seed.output.find("--shard needs --seed S") != std::string::npos);
}

TEST_CASE("pdd-referee --resume: a record cut mid-line keeps its games and plays only the rest") {
  Folder dir;
  const Run whole = referee(dir, {"--seed", "11", "--record", dir / "whole.jsonl"});
  REQUIRE(whole.code == 0);
  const std::string all = read(dir / "whole.jsonl");
  const size_t end2 = all.find('\n', all.find('\n') + 1) + 1;
  std::ofstream(dir / "part.jsonl") << all.substr(0, end2) << all.substr(end2, 50);  // game 3's line cut short

  const Run resumed = referee(dir, {"--record", dir / "part.jsonl", "--resume"});  // the seed from the record
  INFO(resumed.output);
  REQUIRE(resumed.code == 0);
  CHECK(resumed.output.find("the record's last line was cut short") != std::string::npos);
  CHECK(resumed.output.find("=== Resumed: 2 games are in the record already") != std::string::npos);
  CHECK(resumed.output.find("=== Game 1 of 4") == std::string::npos);
  CHECK(resumed.output.find("=== Game 3 of 4") != std::string::npos);
  const std::string part = read(dir / "part.jsonl");
  CHECK(part.compare(0, end2, all, 0, end2) == 0);  // the recorded games, byte for byte
  CHECK(without_times(part) == without_times(all));
  CHECK(totals(resumed.output) == totals(whole.output));

  const Run other = referee(dir, {"--record", dir / "part.jsonl", "--resume", "--time-limit", "4000"});
  CHECK(other.code == 2);
  CHECK(other.output.find("--time-limit differs: record 5000, now 4000") != std::string::npos);
  CHECK(read(dir / "part.jsonl") == part);
  std::ofstream(dir / "foreign.jsonl") << "{\"earlier\":true}\n";
  const Run foreign = referee(dir, {"--record", dir / "foreign.jsonl", "--resume"});
  CHECK(foreign.code == 2);
  CHECK(foreign.output.find("line 1: no settings: not a record of this pdd-referee") != std::string::npos);
  CHECK(referee(dir, {"--resume"}).output.find("--resume needs --record FILE") != std::string::npos);
}
