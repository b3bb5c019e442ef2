// A grade spread over machines: shards run through GNU parallel (here, two job
// slots on this machine), merged into the file one run writes, byte for byte;
// a grade stopped by Ctrl-C keeps its files whole and resumes.
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

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

TEST_CASE("Grade --shard through GNU parallel, then --merge: the single run's results file, byte for byte") {
  Scratch dir;
  const std::string d = dir.path.string(), grade = "build/bin/Grade --group 1 --seed 5 --time-limit 10000";
  std::string out;
  REQUIRE_MESSAGE(run(grade + " -j 2 --results " + d + "/all.tsv TestCases/5.so", &out) == 0, out);
  const std::string shards = "parallel --will-cite -j 2 --halt now,fail=1 '" + grade + " --shard {}/3 --results " + d +
                             "/s{}.tsv TestCases/5.so' ::: 0 1 2";
  REQUIRE_MESSAGE(run(shards, &out) == 0, out);
  const std::string merge = "build/bin/Grade --merge --results " + d + "/merged.tsv " + d + "/s*.tsv";
  REQUIRE_MESSAGE(run(merge, &out) == 0, out);
  CHECK(read_file(dir.path / "merged.tsv") == read_file(dir.path / "all.tsv"));
  CHECK(out.find("Total: ") != std::string::npos);

  // A lost shard is named; running it again completes the merge.
  fs::remove(dir.path / "s1.tsv");
  CHECK(run(merge, &out) == 1);
  CHECK(out.find("missing shard 1/3") != std::string::npos);
  // A shard cut short plays only its missing games when run again.
  std::string s2 = read_file(dir.path / "s2.tsv");
  s2.erase(s2.rfind('\n', s2.size() - 2) + 1);
  std::ofstream(dir.path / "s2.tsv", std::ios::binary) << s2;
  CHECK(run(merge, &out) == 1);
  REQUIRE(
      run("parallel --will-cite -j 2 '" + grade + " --shard {}/3 --results " + d + "/s{}.tsv TestCases/5.so' ::: 1 2",
          &out) == 0);
  CHECK(out.find("Finished game 3 of 3") != std::string::npos);  // shard 1 played all of its 3 games
  CHECK(out.find("Kept 2 games from " + d + "/s2.tsv; playing 1") != std::string::npos);  // shard 2 only its last
  REQUIRE_MESSAGE(run(merge, &out) == 0, out);
  CHECK(read_file(dir.path / "merged.tsv") == read_file(dir.path / "all.tsv"));
}

TEST_CASE("Grade --merge with the shards' records: the whole grade's record in the OJ's order, and its page") {
  Scratch dir;
  const std::string d = dir.path.string(), grade = "build/bin/Grade --group 1 --seed 5 --time-limit 10000";
  std::string out;
  for (int k = 0; k < 2; ++k) {
    const std::string s = d + "/s" + std::to_string(k);
    REQUIRE_MESSAGE(run(grade + " --shard " + std::to_string(k) + "/2 --results " + s + ".tsv --record " + s +
                            ".jsonl TestCases/5.so",
                        &out) == 0,
                    out);
  }
  const std::string merge = "build/bin/Grade --merge --results " + d + "/m.tsv --record " + d + "/m.jsonl --html " + d +
                            "/m.html " + d + "/s0.tsv " + d + "/s1.tsv ";
  REQUIRE_MESSAGE(run(merge + d + "/s1.jsonl " + d + "/s0.jsonl", &out) == 0, out);
  // Game i of the OJ's order (samples 1 3 5 7 9, the strategy first, then the
  // sample) came from shard i % 2, and its line from that shard's record.
  const std::string s0 = read_file(dir.path / "s0.jsonl"), s1 = read_file(dir.path / "s1.jsonl");
  std::istringstream merged(read_file(dir.path / "m.jsonl"));
  std::string line;
  int i = 0;
  for (; std::getline(merged, line); ++i) {
    const int sample = 1 + 2 * (i / 2);
    CHECK(line.find("\"round\":" + std::to_string(sample) + ",") != std::string::npos);
    CHECK(line.find(i % 2 == 0 ? "\"first\":\"A\"" : "\"first\":\"B\"") != std::string::npos);
    CHECK((i % 2 == 0 ? s0 : s1).find(line + "\n") != std::string::npos);
  }
  CHECK(i == 10);
  CHECK(read_file(dir.path / "m.html").find("Grade of TestCases/5.so, seed 5") != std::string::npos);

  // A missing record is named, and nothing is written.
  fs::remove(dir.path / "m.tsv");
  CHECK(run(merge + d + "/s0.jsonl", &out) == 1);
  CHECK(out.find("no record holds group 1, sample 1, sample first (pass every shard's --record file)") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(dir.path / "m.tsv"));
  // So is a record given twice, and a record of another grade's boards.
  CHECK(run(merge + d + "/s0.jsonl " + d + "/s1.jsonl " + d + "/s0.jsonl", &out) == 1);
  CHECK(out.find("is in " + d + "/s0.jsonl too") != std::string::npos);
  REQUIRE(run("build/bin/Grade --group 1 --seed 6 --shard 1/2 --results " + d + "/o.tsv --record " + d +
                  "/o.jsonl TestCases/5.so",
              &out) == 0);
  CHECK(run(merge + d + "/s0.jsonl " + d + "/o.jsonl", &out) == 1);
  CHECK(out.find("o.jsonl line 1: sample 1 on board seed") != std::string::npos);
  CHECK(out.find("is not a game of this grade (Grade of TestCases/5.so, seed 5,") != std::string::npos);
  // Records without --record or --html, and --record without records, are refused.
  CHECK(run("build/bin/Grade --merge --results " + d + "/m.tsv " + d + "/s0.tsv " + d + "/s1.tsv " + d + "/s0.jsonl",
            &out) == 2);
  CHECK(out.find("s0.jsonl' is a record: give --record FILE or --html FILE") != std::string::npos);
  CHECK(
      run("build/bin/Grade --merge --results " + d + "/m.tsv --html " + d + "/m.html " + d + "/s0.tsv " + d + "/s1.tsv",
          &out) == 2);
  CHECK(out.find("needs the shards' --record files among the words") != std::string::npos);
  CHECK_FALSE(fs::exists(dir.path / "m.tsv"));
}

TEST_CASE("Grade --merge refuses shards of another grade, naming the setting that differs") {
  Scratch dir;
  const std::string d = dir.path.string();
  std::string out;
  REQUIRE(run("build/bin/Grade --group 1 --seed 5 --shard 0/2 --results " + d + "/a.tsv TestCases/1.so", &out) == 0);
  REQUIRE(run("build/bin/Grade --group 1 --seed 6 --shard 1/2 --results " + d + "/b.tsv TestCases/1.so", &out) == 0);
  CHECK(run("build/bin/Grade --merge --results " + d + "/m.tsv " + d + "/a.tsv " + d + "/b.tsv", &out) == 2);
  CHECK(out.find("'seed 6' where this run has 'seed 5'") != std::string::npos);
  CHECK_FALSE(fs::exists(dir.path / "m.tsv"));
  // And a shard run again with other settings does not mix them into its file.
  CHECK(run("build/bin/Grade --group 1 --seed 7 --shard 1/2 --results " + d + "/b.tsv TestCases/1.so", &out) == 2);
  CHECK(out.find("made by another command line: 'seed 6' where this run has 'seed 7'") != std::string::npos);
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
  CHECK(out.find("Kept " + std::to_string(results) + " games from " + d + "/r.tsv") != std::string::npos);
  CHECK(games_in(read_file(dir.path / "r.tsv"), 2) == 10);
  CHECK(games_in(read_file(dir.path / "r.jsonl"), 0) == 10);
}
