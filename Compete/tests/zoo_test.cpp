// The compatibility zoo (plugins/zoo/README.md): plugins written the way
// students write them, each with one habit the course's own judge lets pass
// (files in the working folder, a 600 MB static pool, SIGALRM, threads, C,
// Rust, ...). Each must lose no game to the judges here either: Compete at -j 1
// and -j 2 (the same games for the deterministic ones), a Tournament of the
// whole zoo and a full Grade each. Every game must end by four in a row or a
// full board (result codes 0..2); a failure names the plugin, the game and the
// judge's reason.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "../../common/json_read.h"
#include "harness.h"
#include "match_helpers.h"

#ifndef ZOO_HAVE_CLANG
#define ZOO_HAVE_CLANG 1
#endif
#ifndef ZOO_HAVE_RUSTC
#define ZOO_HAVE_RUSTC 1
#endif

namespace {

struct ZooPlugin {
  std::string name;    // build/Compete/tests/plugins/zoo/<name>.so
  bool deterministic;  // its moves depend only on the position
};

// The zoo as Compete/zoo.mk built it: clang_static and rust_plugin only when
// their compiler was found (the suite says so once when one was not).
const std::vector<ZooPlugin>& zoo() {
  static const std::vector<ZooPlugin> plugins = [] {
    std::vector<ZooPlugin> all = {
        {"log_append", true},  {"state_file", true},   {"subfolder", true},   {"static_pool", true},  {"sigalrm", true},
        {"thread_pool", true}, {"time_rand", false},   {"exceptions", true},  {"thread_local", true}, {"chatty", true},
        {"plain_c", true},     {"clang_static", true}, {"rust_plugin", true}, {"proc_urandom", false}};
    std::vector<ZooPlugin> built;
    for (const ZooPlugin& p : all) {
      if (p.name == "clang_static" && !ZOO_HAVE_CLANG) {
        MESSAGE("zoo: clang++ not found, clang_static plugin skipped");
        continue;
      }
      if (p.name == "rust_plugin" && !ZOO_HAVE_RUSTC) {
        MESSAGE("zoo: rustc not found, rust plugin skipped");
        continue;
      }
      built.push_back(p);
    }
    return built;
  }();
  return plugins;
}

std::string zoo_path(const ZooPlugin& p) { return ct::plugin("zoo/" + p.name); }
std::string sample_11() { return ct::repo_root() + "/TestCases/11.so"; }

std::string basename_of(const std::string& path) {
  const size_t slash = path.rfind('/');
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  if (name.size() > 3 && name.compare(name.size() - 3, 3, ".so") == 0) name.resize(name.size() - 3);
  return name;
}

std::string text_of(const judge::JsonValue& object, const std::string& key) {
  const judge::JsonValue* v = object.find(key);
  if (!v) return "(no " + key + ")";
  return v->type == judge::JsonValue::kString ? v->text : v->dump();
}

// What is wrong with a judge's record (JSON lines, Compete's layout): a line
// that is not JSON, a game whose code is not 0..2 (a tie on a full board, or a
// win by four in a row: the line names the winning cells), and a game count
// other than `games`. Each problem names the game and the judge's reason;
// `game_name` says how to name a game (by its round and game, or the sample).
struct RecordCheck {
  int games = 0;
  std::vector<int> codes;  // in record order
  std::vector<std::string> problems;
  std::string summary(const std::string& who) const {
    std::string s = who + ": " + std::to_string(problems.size()) + " problem(s) in " + std::to_string(games) + " games";
    for (size_t i = 0; i < problems.size() && i < 6; ++i) s += "\n  " + problems[i];
    if (problems.size() > 6) s += "\n  ...";
    return s;
  }
};

RecordCheck check_record(const std::string& text, int games, bool grade) {
  RecordCheck c;
  std::string line;
  int number = 0;
  for (char ch : text) {
    if (ch != '\n') {
      line += ch;
      continue;
    }
    ++number;
    judge::JsonValue v;
    std::string error;
    if (!judge::parse_json(line, &v, &error)) {
      c.problems.push_back("record line " + std::to_string(number) + " is not JSON: " + error);
      line.clear();
      continue;
    }
    ++c.games;
    const judge::JsonValue* code_value = v.find("code");
    const long long code = code_value ? static_cast<long long>(code_value->number) : -999;
    c.codes.push_back(static_cast<int>(code));
    const std::string game =
        grade ? "sample " + text_of(v, "round") + (text_of(v, "first") == "A" ? ", strategy first" : ", sample first")
              : basename_of(text_of(v, "a")) + " vs " + basename_of(text_of(v, "b")) + ", round " +
                    text_of(v, "round") + " game " + text_of(v, "game");
    const judge::JsonValue* win = v.find("win");
    if (code < 0 || code > 2) {
      c.problems.push_back(game + ": code " + std::to_string(code) + " (" + text_of(v, "result") +
                           "): " + text_of(v, "reason"));
    } else if (code != 0 && (!win || win->type != judge::JsonValue::kArray || win->items.size() < 4)) {
      c.problems.push_back(game + ": code " + std::to_string(code) + " without four in a row: " + text_of(v, "reason"));
    }
    line.clear();
  }
  if (!line.empty()) c.problems.push_back("the record's last line has no newline: " + line.substr(0, 200));
  if (c.games != games)
    c.problems.push_back("the record has " + std::to_string(c.games) + " games, not " + std::to_string(games));
  return c;
}

// Compete, 10 rounds of the zoo plugin (A) against sample 11 (B), seed 17.
ct::Match compete(const std::string& dir, const ZooPlugin& p, const std::string& jobs) {
  return ct::play(dir, zoo_path(p), sample_11(), 10, {"-j", jobs}, 17);
}

void check_match(const ZooPlugin& p, const std::string& how, const ct::Match& m) {
  const std::string who = p.name + " (Compete " + how + ")";
  CHECK_MESSAGE(!m.run.timed_out, who << ": Compete did not finish");
  CHECK_MESSAGE(m.run.exit_code == 0, who << ": Compete exited with " << m.run.exit_code << "\nstderr:\n"
                                          << m.run.err.substr(0, 4000));
  CHECK_MESSAGE(m.parsed.ok, who << ": result file: " << m.parsed.error);
  std::string record;
  for (const std::string& r : m.records) record += r + "\n";
  const RecordCheck c = check_record(record, 20, false);
  CHECK_MESSAGE(c.problems.empty(), c.summary(who));
  const bool same_codes = m.parsed.all_codes() == c.codes;
  CHECK_MESSAGE(same_codes, who << ": the result file's codes differ from the record's");
}

}  // namespace

TEST_SUITE_BEGIN("zoo");

TEST_CASE("zoo: Compete, 10 rounds against sample 11 at -j 1 and -j 2, no forfeit, the same games") {
  for (const ZooPlugin& p : zoo()) {
    ct::TempDir one, two;
    const ct::Match j1 = compete(one.path(), p, "1"), j2 = compete(two.path(), p, "2");
    check_match(p, "-j 1", j1);
    check_match(p, "-j 2", j2);
    if (!p.deterministic) continue;
    // Fast plugins think 0 whole seconds a game: the result files are equal byte for byte.
    const bool same_file = j1.result_text == j2.result_text;
    CHECK_MESSAGE(same_file, p.name << ": the result files of -j 1 and -j 2 differ\n-j 1:\n"
                                    << j1.result_text << "\n-j 2:\n"
                                    << j2.result_text);
    const bool same_games = ct::games_of(j1.records) == ct::games_of(j2.records);
    CHECK_MESSAGE(same_games, p.name << ": the games (moves) of -j 1 and -j 2 differ");
  }
}

TEST_CASE("zoo: Tournament, a round robin of the zoo and sample 11, no forfeit in any pair") {
  ct::TempDir dir;
  std::vector<std::string> args = {
      ct::repo_root() + "/build/bin/Tournament", "--rounds", "1", "--seed", "17", "-j", "2", "out"};
  for (const ZooPlugin& p : zoo()) args.push_back(zoo_path(p));
  args.push_back(sample_11());
  const size_t n = zoo().size() + 1;
  ct::RunResult r = ct::run(args, dir.path(), 300000);
  REQUIRE_MESSAGE(!r.timed_out, "Tournament did not finish");
  REQUIRE_MESSAGE(r.exit_code == 0, "Tournament exited with " << r.exit_code << "\nstderr:\n" << r.err.substr(0, 4000));
  size_t pairs = 0;
  for (const std::string& file : ct::list_dir(dir / "out")) {
    if (file.size() < 6 || file.compare(file.size() - 6, 6, ".jsonl") != 0) continue;
    ++pairs;
    const RecordCheck c = check_record(ct::read_file(dir / ("out/" + file)), 2, false);
    CHECK_MESSAGE(c.problems.empty(), c.summary("Tournament " + file));
  }
  CHECK(pairs == n * (n - 1) / 2);
}

TEST_CASE("zoo: Grade, a full grade of each against samples that are all sample 11, nothing forfeited") {
  // Every sample the grade plays (1, 3, .., 49) is sample 11: fast, and the same
  // opponent in every group.
  ct::TempDir samples;
  for (int k = 1; k <= 50; ++k)
    REQUIRE(::symlink(sample_11().c_str(), (samples / (std::to_string(k) + ".so")).c_str()) == 0);
  for (const ZooPlugin& p : zoo()) {
    ct::TempDir dir;
    const std::string who = p.name + " (Grade)";
    ct::RunResult r = ct::run({ct::repo_root() + "/build/bin/Grade", "--seed", "17", "-j", "2", "--samples",
                               samples.path(), "--results", "grade.tsv", "--record", "grade.jsonl", zoo_path(p)},
                              dir.path(), 180000);
    CHECK_MESSAGE(!r.timed_out, who << ": Grade did not finish");
    CHECK_MESSAGE(r.exit_code == 0, who << ": Grade exited with " << r.exit_code << "\nstdout:\n"
                                        << r.out << "\nstderr:\n"
                                        << r.err.substr(0, 4000));
    CHECK_MESSAGE(r.out.find("; 0 forfeited by the strategy)") != std::string::npos,
                  who << ": " << r.out.substr(r.out.rfind("Total:") == std::string::npos ? 0 : r.out.rfind("Total:")));
    const RecordCheck c = check_record(ct::read_file(dir / "grade.jsonl"), 50, true);
    CHECK_MESSAGE(c.problems.empty(), c.summary(who));
    // The results file: a header, a column line, then one line per game whose
    // fourth column is its code.
    const std::string results = ct::read_file(dir / "grade.tsv");
    std::vector<int> codes;
    std::string row;
    for (char ch : results) {
      if (ch != '\n') {
        row += ch;
        continue;
      }
      std::vector<std::string> fields(1);
      for (char f : row) {
        if (f == '\t')
          fields.emplace_back();
        else
          fields.back() += f;
      }
      if (!row.empty() && row[0] != '#' && fields[0] != "group")
        codes.push_back(fields.size() > 3 ? std::atoi(fields[3].c_str()) : -999);
      row.clear();
    }
    const bool same_codes = codes == c.codes;
    CHECK_MESSAGE(same_codes, who << ": the results file's codes differ from the record's\n" << results);
  }
}

TEST_CASE("zoo: the OJ's way, each C++ plugin built as the OJ's program: only the chatty one loses, by protocol") {
  // The students' sources with the framework's headers, as a zip would hold them; Compete builds each
  // folder with the OJ's main.cpp and plays it over stdin/stdout.
  const std::string root = ct::repo_root();
  for (const char* name : {"log_append", "state_file", "subfolder", "static_pool", "sigalrm", "thread_pool",
                           "time_rand", "exceptions", "thread_local", "chatty", "proc_urandom"}) {
    CAPTURE(name);
    ct::TempDir dir;
    const std::string sources = dir / name;
    REQUIRE(ct::run({"/bin/mkdir", sources}, dir.path()).exit_code == 0);
    for (const std::string& file :
         {root + "/Compete/tests/plugins/zoo/" + name + ".cpp", root + "/Compete/tests/plugins/zoo/zoo_move.h",
          root + "/Compete/framework/Point.h", root + "/Compete/framework/Strategy.h"})
      REQUIRE(ct::run({"/bin/cp", file, sources}, dir.path()).exit_code == 0);
    const ct::Match m = ct::play(dir.path(), sources, sample_11(), 2, {"-j", "2"}, 17);
    INFO(m.run.err.substr(0, 3000));
    REQUIRE(m.parsed.ok);
    std::string record;
    for (const std::string& r : m.records) record += r + "\n";
    const RecordCheck c = check_record(record, 4, false);
    if (std::string(name) == "chatty") {  // a megabyte of printf before each reply: the OJ reads it as the header
      CHECK(m.parsed.all_codes() == std::vector<int>{3, 3, 3, 3});
      CHECK(record.find("A broke the OJ's protocol: stdout: ") != std::string::npos);
    } else {
      CHECK_MESSAGE(c.problems.empty(), c.summary(name));
    }
  }
}

TEST_SUITE_END();  // "zoo"
