// The run every judge shares (common/judge_run.h): the standard rows and the
// rules between them, the plan, records read back for --resume and --merge,
// and the sink that commits each finished unit to its files.
#include "../judge_run.h"
#include "../run_loop.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../atomic_file.h"
#include "../cli.h"

namespace {

// A toy judge: unit i is game i + 1 of a run of `games`, its settings {"seed":S}.
struct ToyRun {
  uint64_t seed = 5;
  int games = 4;
  judge::RecordFormat format() {
    judge::RecordFormat f;
    f.program = "Toy";
    f.settings = [this] { return "{\"seed\":" + std::to_string(seed) + "}"; };
    f.labels = {{"seed", "--seed"}};
    f.read_unit = [this](const judge::JsonValue& v, int* index) -> std::string {
      const judge::JsonValue* game = v.find("game");
      long long g = 0;
      if (!game || !judge::parse_int(game->text, 1, games, &g)) return "no game from 1 to " + std::to_string(games);
      *index = static_cast<int>(g - 1);
      return "";
    };
    f.describe_unit = [](int i) { return "game " + std::to_string(i + 1); };
    f.shard_key = [](int i) { return i; };
    f.shard_rule = "game - 1 in shard K";
    return f;
  }
};

std::string line(int game, uint64_t seed, const std::string& shard = "") {
  return "{\"game\":" + std::to_string(game) + ",\"settings\":{\"seed\":" + std::to_string(seed) + "}" +
         (shard.empty() ? "" : ",\"shard\":\"" + shard + "\"") + "}";
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct TempDir {
  std::string path;
  TempDir() {
    char tmpl[] = "/tmp/judge-run-XXXXXX";
    REQUIRE(::mkdtemp(tmpl) != nullptr);
    path = tmpl;
  }
  ~TempDir() { (void)!std::system(("rm -rf " + path).c_str()); }
  std::string operator/(const std::string& name) const { return path + "/" + name; }
};

}  // namespace

TEST_CASE("judge run: the rules between the standard rows, each named") {
  judge::RunRules rules;
  rules.after = "after <rounds>";
  judge::RunSettings s;
  CHECK(judge::check_run_settings(s, rules, 0) == "");
  s.merge = true;
  CHECK(judge::check_run_settings(s, rules, 0) == "--merge needs the shards' records after <rounds>");
  CHECK(judge::check_run_settings(s, rules, 2) == "");
  s.shards = 2;
  CHECK(judge::check_run_settings(s, rules, 2).rfind("--merge and --shard", 0) == 0);
  s = judge::RunSettings();
  s.shards = 3;
  CHECK(judge::check_run_settings(s, rules, 0) == "--shard needs --seed S, the same on every shard");
  s.have_seed = true;
  CHECK(judge::check_run_settings(s, rules, 0) == "--shard needs --record FILE, the shard's own record");
  s.record_path = "r.jsonl";
  s.html_path = "p.html";
  CHECK(judge::check_run_settings(s, rules, 0) == "--html: a shard writes no page (give --html to the merge)");
  rules.shard_writes_page = true;
  CHECK(judge::check_run_settings(s, rules, 0) == "");
  s = judge::RunSettings();
  s.resume = true;
  CHECK(judge::check_run_settings(s, rules, 0) == "--resume needs --record FILE, the record it continues");
}

TEST_CASE("judge run: the plan is this shard's units not done, in order") {
  std::vector<bool> done(10, false);
  done[3] = done[4] = true;
  auto round_of = [](int i) { return i / 2; };  // a match: games 2r, 2r+1 are round r's
  CHECK(judge::units_to_play(10, done, 0, 1, round_of) == std::vector<int>{0, 1, 2, 5, 6, 7, 8, 9});
  CHECK(judge::units_to_play(10, done, 1, 2, round_of) == std::vector<int>{2, 6, 7});
  CHECK(judge::units_to_play(10, done, 0, 2, round_of) == std::vector<int>{0, 1, 5, 8, 9});
}

TEST_CASE("judge run: a record read back: its units, a torn last line, and every refusal named") {
  ToyRun run;
  const judge::RecordFormat f = run.format();
  std::vector<judge::RecordedUnit> units;
  bool torn = false;
  std::string problem;
  const std::string own;
  REQUIRE(judge::read_record_text(line(2, 5) + "\n" + line(1, 5) + "\n{\"game\":3,\"set", "src", f, &own, &units, &torn,
                                  &problem));
  CHECK(torn);
  REQUIRE(units.size() == 2);
  CHECK(units[0].index == 1);
  CHECK(units[0].line == line(2, 5));
  CHECK(units[1].index == 0);

  auto refusal = [&](const std::string& text, const std::string* own_shard = nullptr) {
    std::vector<judge::RecordedUnit> u;
    bool t = false;
    std::string why;
    CHECK_FALSE(judge::read_record_text(text, "src", f, own_shard, &u, &t, &why));
    return why;
  };
  CHECK(refusal(line(1, 6)) == "src line 1: made by another command line: --seed differs: record 6, now 5");
  CHECK(refusal("{\"game\":1}") == "src line 1: no settings: not a record of this Toy");
  CHECK(refusal(line(9, 5)) == "src line 1: no game from 1 to 4");
  CHECK(refusal(line(1, 5) + "\n" + line(1, 5)) == "src line 2: game 1 is recorded twice");
  CHECK(refusal(line(2, 5, "0/2")) == "src line 1: its shard is not K/N with game - 1 in shard K");
  const std::string shard1 = "1/2";
  CHECK(refusal(line(1, 5, "0/2"), &shard1) == "src line 1: game 1 is a game of shard 0/2, not of shard 1/2");
  CHECK(refusal(line(1, 5, "0/2"), &own) == "src line 1: game 1 is a game of shard 0/2, not of the whole run");

  // No --seed: the run takes the first line's.
  judge::RecordFormat adopting = f;
  adopting.adopt = [&run](const judge::JsonValue& settings) {
    return judge::parse_u64(settings.find("seed")->text, &run.seed) ? "" : "no seed";
  };
  units.clear();
  REQUIRE(
      judge::read_record_text(line(1, 9) + "\n" + line(2, 9) + "\n", "src", adopting, &own, &units, &torn, &problem));
  CHECK(run.seed == 9);
  CHECK(units.size() == 2);
}

TEST_CASE("judge run: --merge of shards' records: every unit once, without its shard member; what is missing named") {
  TempDir dir;
  ToyRun run;
  std::string why;
  REQUIRE(judge::write_file_atomically(dir / "s0.jsonl", line(3, 5, "0/2") + "\n" + line(1, 5, "0/2") + "\n", &why));
  REQUIRE(judge::write_file_atomically(dir / "s1.jsonl", line(2, 5, "1/2") + "\n" + line(4, 5, "1/2") + "\n", &why));
  std::vector<judge::RecordedUnit> units;
  REQUIRE(judge::merge_records({dir / "s0.jsonl", dir / "s1.jsonl"}, run.format(), 4, "games", &units, &why) == 0);
  REQUIRE(units.size() == 4);
  for (int i = 0; i < 4; ++i) {
    CHECK(units[i].index == i);
    CHECK(units[i].line == line(i + 1, 5));  // the single run's line
  }
  CHECK(judge::merge_records({dir / "s0.jsonl", dir / "gone.jsonl"}, run.format(), 4, "games", &units, &why) == 1);
  CHECK(why ==
        "--merge: missing shard 1/2 (none of its 2 games is in the records); no such record: " + (dir / "gone.jsonl"));
  REQUIRE(judge::write_file_atomically(dir / "torn.jsonl", line(2, 5, "1/2") + "\n{\"ga", &why));
  CHECK(judge::merge_records({dir / "s0.jsonl", dir / "torn.jsonl"}, run.format(), 4, "games", &units, &why) == 2);
  CHECK(why.find("ends in a line cut short: run its shard again") != std::string::npos);
  REQUIRE(judge::write_file_atomically(dir / "s3.jsonl", line(2, 5, "1/3") + "\n", &why));
  CHECK(judge::merge_records({dir / "s0.jsonl", dir / "s3.jsonl"}, run.format(), 4, "games", &units, &why) == 2);
}

TEST_CASE("run loop: the start reads back what the settings name and plans the rest of this shard") {
  TempDir dir;
  ToyRun run;
  run.games = 6;
  std::string why;
  judge::RunSettings settings;
  settings.record_path = dir / "r.jsonl";
  // A fresh run reads nothing, whatever the record holds: every unit is planned.
  REQUIRE(judge::write_file_atomically(settings.record_path, line(2, 5) + "\n" + line(5, 5) + "\n{\"ga", &why));
  judge::RunStart fresh = judge::start_run(settings, run.format(), 6, "game", "games", {});
  CHECK(fresh.status == 0);
  CHECK(fresh.recorded.empty());
  CHECK(fresh.plan == std::vector<int>{0, 1, 2, 3, 4, 5});
  // --resume: the recorded games are done and kept, the torn line is played again.
  settings.resume = true;
  judge::RunStart resumed = judge::start_run(settings, run.format(), 6, "game", "games", {});
  REQUIRE(resumed.status == 0);
  CHECK(resumed.plan == std::vector<int>{0, 2, 3, 5});
  CHECK(resumed.kept == line(2, 5) + "\n" + line(5, 5) + "\n");
  CHECK(resumed.page_lines == std::vector<std::string>{line(2, 5), line(5, 5)});
  REQUIRE(resumed.recorded.size() == 2);
  CHECK(resumed.recorded[0].index == 1);
  CHECK(resumed.recorded[1].index == 4);
  // A record of another command line: status 2, the file, the line and the setting named.
  run.seed = 6;
  judge::RunStart other = judge::start_run(settings, run.format(), 6, "game", "games", {});
  CHECK(other.status == 2);
  CHECK(other.problem.find("r.jsonl") != std::string::npos);
  CHECK(other.problem.find("--seed") != std::string::npos);
  CHECK(other.plan.empty());
  // A shard run again continues its own record and plans only its games.
  run.seed = 5;
  settings.resume = false;
  settings.shard = 1;
  settings.shards = 2;
  REQUIRE(judge::write_file_atomically(settings.record_path, line(2, 5, "1/2") + "\n", &why));
  judge::RunStart shard = judge::start_run(settings, run.format(), 6, "game", "games", {});
  REQUIRE(shard.status == 0);
  CHECK(shard.plan == std::vector<int>{3, 5});
  // --merge: the shards' records, every unit once; a missing shard is status 1, nothing planned.
  settings = judge::RunSettings();
  settings.merge = true;
  REQUIRE(judge::write_file_atomically(
      dir / "s0.jsonl", line(1, 5, "0/2") + "\n" + line(3, 5, "0/2") + "\n" + line(5, 5, "0/2") + "\n", &why));
  judge::RunStart missing = judge::start_run(settings, run.format(), 6, "game", "games", {dir / "s0.jsonl"});
  CHECK(missing.status == 1);
  CHECK(missing.problem.find("missing shard 1/2") != std::string::npos);
  REQUIRE(judge::write_file_atomically(
      dir / "s1.jsonl", line(2, 5, "1/2") + "\n" + line(4, 5, "1/2") + "\n" + line(6, 5, "1/2") + "\n", &why));
  judge::RunStart merged =
      judge::start_run(settings, run.format(), 6, "game", "games", {dir / "s0.jsonl", dir / "s1.jsonl"});
  REQUIRE(merged.status == 0);
  CHECK(merged.plan.empty());
  CHECK(merged.recorded.size() == 6);
  CHECK(merged.page_lines.front() == line(1, 5));
}

TEST_CASE("run loop: units are committed in order, each worker on its own cores; kStartNoMore and kStop end it") {
  for (int jobs : {1, 3}) {
    judge::OrderedPool<int> pool(8, jobs);
    std::vector<int> committed;
    std::vector<std::vector<int>> cores_seen(8);
    auto play = [&](int, int i, const std::vector<int>& cores, int* result) {
      cores_seen[i] = cores;
      *result = i * i;
      return true;
    };
    auto commit = [&](int i, int& result) {
      CHECK(result == i * i);
      committed.push_back(i);
      return i == 5 ? judge::AfterUnit::kStop : judge::AfterUnit::kGoOn;
    };
    std::string failure;
    CHECK(judge::play_units<int>(&pool, play, commit, &failure));
    CHECK(committed == std::vector<int>{0, 1, 2, 3, 4, 5});
    if (jobs == 1) CHECK(cores_seen[0].empty());  // one worker: any core
  }
  judge::OrderedPool<int> pool(4, 1);
  std::vector<int> committed;
  std::string failure;
  CHECK(!judge::play_units<int>(
      &pool, [&](int, int i, const std::vector<int>&, int*) { return i != 2 || pool.fail(i, "no folder for unit 2"); },
      [&](int i, int&) {
        committed.push_back(i);
        return judge::AfterUnit::kGoOn;
      },
      &failure));
  CHECK(committed == std::vector<int>{0, 1});
  CHECK(failure == "no folder for unit 2");
}

TEST_CASE("judge run: the sink writes the result file, appends the record line and rewrites the page per unit") {
  TempDir dir;
  std::vector<std::vector<std::string>> pages;
  judge::ResultSink sink(dir / "result.txt", dir / "record.jsonl", dir / "page.html",
                         [&](const std::string& path, const std::vector<std::string>& lines, std::string* error) {
                           pages.push_back(lines);
                           return judge::write_file_atomically(path, std::to_string(lines.size()), error);
                         });
  CHECK(sink.wants_lines());
  const std::string none = "0 games\n", kept = "{\"kept\":1}\n";
  REQUIRE(sink.start(&none, &kept, {"{\"kept\":1}"}, false));
  CHECK(read(dir / "result.txt") == none);
  CHECK(read(dir / "record.jsonl") == kept);
  CHECK(read(dir / "page.html") == "1");
  const std::string one = "1 game\n";
  REQUIRE(sink.commit(&one, "{\"game\":1}"));
  CHECK(read(dir / "result.txt") == one);
  CHECK(read(dir / "record.jsonl") == kept + "{\"game\":1}\n");
  CHECK(pages.back() == std::vector<std::string>{"{\"kept\":1}", "{\"game\":1}"});
  REQUIRE(sink.commit(nullptr, "{\"game\":2}", false));  // a unit whose line the record holds already
  CHECK(read(dir / "record.jsonl") == kept + "{\"game\":1}\n");
  CHECK(pages.back().size() == 3);

  // A file it cannot write: the first failure is kept and nothing more is written.
  judge::ResultSink broken(dir / "no-such-folder/result.txt", "", "", nullptr);
  CHECK_FALSE(broken.wants_lines());
  CHECK_FALSE(broken.start(&none, nullptr, {}, false));
  CHECK(broken.failed());
  CHECK(broken.error().find("no-such-folder/result.txt") != std::string::npos);
  CHECK_FALSE(broken.commit(&one, ""));

  // Resumed: what a judge killed mid-write left beside its files goes first.
  const std::string stale = dir / "record.jsonl.tmp.999999999.0";
  std::string why;
  REQUIRE(judge::write_file_atomically(stale, "half", &why));
  judge::ResultSink again(dir / "result.txt", dir / "record.jsonl", "", nullptr);
  REQUIRE(again.start(&one, nullptr, {}, true));
  CHECK(::access(stale.c_str(), F_OK) != 0);
}
