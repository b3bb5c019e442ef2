// A grade spread over machines: shards run through GNU parallel (here, two job
// slots on this machine), their records merged into the files one run writes;
// a grade stopped by Ctrl-C keeps its files whole and resumes.
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "../../common/cli.h"
#include "../../common/tests/shell.h"

namespace {

namespace fs = std::filesystem;

using test_shell::read_file;
using Scratch = test_shell::ScratchDir;

// Runs `command` from the checkout's top folder; its exit status, its output in *output.
int run(const std::string& command, std::string* output) {
  return test_shell::run_in(judge::path_beside_executable("../../.."), command, output);
}

}  // namespace

// The lines of a record, each without its shard member (a merge's lines).
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const size_t shard = line.rfind(",\"shard\":\"");
    lines.push_back(shard == std::string::npos ? line : line.substr(0, shard) + "}");
  }
  return lines;
}

TEST_CASE("Grade --shard through GNU parallel, then --merge: the single run's files, each line from its shard") {
  Scratch dir;
  const std::string d = dir.path.string(), grade = "build/bin/Grade --group 1 --seed 5 --time-limit 10000";
  std::string out;
  REQUIRE_MESSAGE(run(grade + " -j 2 --results " + d + "/all.tsv TestCases/5.so", &out) == 0, out);
  const std::string shards = "parallel --will-cite -j 2 --halt now,fail=1 '" + grade + " --shard {}/3 --record " + d +
                             "/s{}.jsonl TestCases/5.so' ::: 0 1 2";
  REQUIRE_MESSAGE(run(shards, &out) == 0, out);
  const std::string merge = grade + " --merge --results " + d + "/m.tsv --record " + d + "/m.jsonl --html " + d +
                            "/m.html TestCases/5.so " + d + "/s0.jsonl " + d + "/s1.jsonl " + d + "/s2.jsonl";
  REQUIRE_MESSAGE(run(merge, &out) == 0, out);
  CHECK(read_file(dir.path / "m.tsv") == read_file(dir.path / "all.tsv"));
  CHECK(out.find("Merged 10 games of Grade of TestCases/5.so, seed 5") != std::string::npos);
  CHECK(out.find("Total: ") != std::string::npos);
  // Game i of the OJ's order (samples 1 3 5 7 9, the strategy first, then the
  // sample) is shard i % 3's line, without its shard member.
  std::vector<std::vector<std::string>> shard_lines;
  for (int k = 0; k < 3; ++k)
    shard_lines.push_back(lines_of(read_file(dir.path / ("s" + std::to_string(k) + ".jsonl"))));
  const std::vector<std::string> merged = lines_of(read_file(dir.path / "m.jsonl"));
  REQUIRE(merged.size() == 10);
  for (size_t i = 0; i < merged.size(); ++i) {
    CAPTURE(merged[i]);
    CHECK(merged[i].find("\"round\":" + std::to_string(1 + 2 * (i / 2)) + ",") != std::string::npos);
    CHECK(merged[i].find(i % 2 == 0 ? "\"first\":\"A\"" : "\"first\":\"B\"") != std::string::npos);
    CHECK(merged[i] == shard_lines[i % 3][i / 3]);
  }
  CHECK(read_file(dir.path / "m.jsonl").find("\"shard\"") == std::string::npos);
  CHECK(read_file(dir.path / "m.html").find("Grade of TestCases/5.so, seed 5") != std::string::npos);

  // A lost shard is named, and nothing is written.
  fs::remove(dir.path / "m.tsv");
  fs::rename(dir.path / "s1.jsonl", dir.path / "s1.kept");
  CHECK(run(merge, &out) == 1);
  CHECK(out.find("missing shard 1/3 (none of its 3 games is in the records)") != std::string::npos);
  CHECK_FALSE(fs::exists(dir.path / "m.tsv"));
  fs::rename(dir.path / "s1.kept", dir.path / "s1.jsonl");
  // A shard cut short mid-line is refused by the merge and, run again, plays only its missing game.
  std::string s2 = read_file(dir.path / "s2.jsonl");
  s2.erase(s2.rfind('\n', s2.size() - 2) + 1 + 40);
  std::ofstream(dir.path / "s2.jsonl", std::ios::binary) << s2;
  CHECK(run(merge, &out) == 2);
  CHECK(out.find("s2.jsonl' ends in a line cut short: run its shard again to finish it") != std::string::npos);
  REQUIRE(run(grade + " --shard 2/3 --record " + d + "/s2.jsonl TestCases/5.so", &out) == 0);
  CHECK(out.find("the record's last line was cut short; that game is played again") != std::string::npos);
  CHECK(out.find("Kept 2 games from " + d + "/s2.jsonl; playing 1") != std::string::npos);
  REQUIRE_MESSAGE(run(merge, &out) == 0, out);
  CHECK(read_file(dir.path / "m.tsv") == read_file(dir.path / "all.tsv"));
}

TEST_CASE("Grade --merge refuses records of another grade, naming the setting that differs") {
  Scratch dir;
  const std::string d = dir.path.string(), grade = "build/bin/Grade --group 1 --seed 5";
  std::string out;
  REQUIRE(run(grade + " --shard 0/2 --results " + d + "/a.tsv --record " + d + "/a.jsonl TestCases/1.so", &out) == 0);
  REQUIRE(run("build/bin/Grade --group 1 --seed 6 --shard 1/2 --record " + d + "/b.jsonl TestCases/1.so", &out) == 0);
  const std::string merge = grade + " --merge --results " + d + "/m.tsv TestCases/1.so ";
  CHECK(run(merge + d + "/a.jsonl " + d + "/b.jsonl", &out) == 2);
  CHECK(out.find("b.jsonl' line 1: made by another command line: --seed differs: record 6, now 5") !=
        std::string::npos);
  CHECK(run(merge + d + "/a.jsonl " + d + "/a.jsonl", &out) == 2);
  CHECK(out.find("the game of sample 1 with the strategy first is recorded twice") != std::string::npos);
  CHECK(run("build/bin/Grade --group 2 --seed 5 --merge TestCases/1.so " + d + "/a.jsonl", &out) == 2);
  CHECK(out.find("a.jsonl' line 1: sample 1 is not graded by this command line (--group)") != std::string::npos);
  CHECK(run(merge + d + "/a.jsonl " + d + "/../other/s.jsonl", &out) == 1);
  CHECK(out.find("missing shard 1/2") != std::string::npos);
  CHECK_FALSE(fs::exists(dir.path / "m.tsv"));
  // The results files of a shard are not what the merge reads.
  CHECK(run(merge + d + "/a.tsv", &out) == 2);
  CHECK(out.find("a.tsv' is a results file: --merge reads the shards' --record files") != std::string::npos);
  // A shard run again with other settings does not mix them into its record.
  CHECK(
      run("build/bin/Grade --group 1 --seed 6 --time-limit 2000 --shard 1/2 --record " + d + "/b.jsonl TestCases/1.so",
          &out) == 2);
  CHECK(out.find("made by another command line: --time-limit differs: record 3000, now 2000") != std::string::npos);
  CHECK(run(grade + " --shard 1/2 --results " + d + "/c.tsv TestCases/1.so", &out) == 2);
  CHECK(out.find("--shard needs --record FILE, the shard's own record") != std::string::npos);
  CHECK(run("build/bin/Grade --shard 1/2 --record " + d + "/c.jsonl TestCases/1.so", &out) == 2);
  CHECK(out.find("--shard needs --seed S, the same on every shard") != std::string::npos);
  CHECK(run("build/bin/Grade --shard 2/2 TestCases/1.so", &out) == 2);
  CHECK(out.find("--shard needs K/N") != std::string::npos);
}

TEST_CASE("Grade stopped by Ctrl-C: the results file and the record keep the same games, no host is left; --resume") {
  Scratch dir;
  const std::string d = dir.path.string();
  fs::copy_file("build/engine/Strategy.so", dir.path / "mine.so");  // its hosts name the scratch folder
  const std::string grade = "build/bin/Grade --group 1 --seed 5 --move-time 40 -j 2 --results " + d +
                            "/r.tsv --record " + d + "/r.jsonl " + d + "/mine.so";
  std::string out;
  // Stopped (SIGTERM, as Ctrl-C) as soon as its first game is in the record.
  CHECK(run(grade + " > " + d + "/out.txt 2>&1 & pid=$!; for i in $(seq 600); do [ -s " + d +
                "/r.jsonl ] && break; sleep 0.05; done; kill -TERM $pid; wait $pid",
            &out) == 128 + 15);
  out = read_file(dir.path / "out.txt");
  INFO(out);
  CHECK(out.find("Grade: stopped by Terminated; the results file holds the games finished before it") !=
        std::string::npos);
  auto games_in = [](const std::string& text, int header_lines) {
    int lines = 0;
    for (char ch : text) lines += ch == '\n';
    return lines - header_lines;
  };
  const int results = games_in(read_file(dir.path / "r.tsv"), 2),
            records = games_in(read_file(dir.path / "r.jsonl"), 0);
  CHECK(results >= 1);
  CHECK(results < 10);
  CHECK(records == results);
  std::string left;
  run("pgrep -f -- '[p]lugin-host " + d + "/mine.so' || true", &left);
  CHECK(left == "");  // every plugin host went with the judge
  REQUIRE(run(grade + " --resume", &out) == 0);
  CHECK(out.find("Kept " + std::to_string(results) + " games from " + d + "/r.jsonl") != std::string::npos);
  CHECK(games_in(read_file(dir.path / "r.tsv"), 2) == 10);
  CHECK(games_in(read_file(dir.path / "r.jsonl"), 0) == 10);
}
