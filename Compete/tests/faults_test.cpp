// Every fault of the table of result codes (Compete/README.md), each played by a
// deliberately broken plugin (Compete/tests/plugins/) through the real Compete
// binary: the code in the result file, the lines on stdout, the reason in the
// record, and no process left running afterwards.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "harness.h"
#include "json_check.h"
#include "match_helpers.h"

namespace {

using ct::Match;

struct Fault {
  const char* plugin;  // fault_<name>.so, or a plain name for the load faults
  int code_as_a, code_as_b;
  const char* reason;  // a fragment of the reason in the record and on stdout
};

std::string describe(int code) {
  switch (code) {
    case 3: return "A - bug occurred";
    case 4: return "A - illegal move";
    case 5: return "B - bug occurred";
    case 6: return "B - illegal move";
    case 7: return "A - timed out";
    case 8: return "B - timed out";
    case -1: return "A - cannot be loaded";
    case -2: return "B - cannot be loaded";
    case -3: return "A - lacks getPoint or clearPoint";
    case -4: return "B - lacks getPoint or clearPoint";
  }
  return "?";
}

// Plays one seeded match with `faulty` on `side` ('A' or 'B') against a good
// plugin, and checks everything a user relies on when a plugin misbehaves.
void check_fault(const std::string& faulty, char side, int code, const std::string& reason, int rounds = 1,
                 const std::string& opponent_name = "") {
  ct::TempDir dir;
  const std::string opponent =
      ct::plugin(opponent_name.empty() ? (side == 'A' ? "random_b" : "random_a") : opponent_name);
  const std::string a = side == 'A' ? faulty : opponent, b = side == 'A' ? opponent : faulty;
  INFO("A = " << a << "\nB = " << b);
  // Timeout faults get a short limit so the suite stays fast; the others a generous one.
  const bool timeout = code == 7 || code == 8;
  Match m = ct::play(dir.path(), a, b, rounds, {"--time-limit", timeout ? "300" : "2000"});
  INFO("stdout:\n" << m.run.out << "\nstderr:\n" << m.run.err << "\nresult file:\n" << m.result_text);
  CHECK_FALSE(m.run.timed_out);
  CHECK(m.run.exited);
  CHECK(m.run.exit_code == 0);

  // The result file: the fault's code for every game, and the Stat block for those codes.
  REQUIRE(m.parsed.ok);
  const std::vector<int> want(2 * rounds, code);
  CHECK(m.parsed.all_codes() == want);
  CHECK(m.result_text.size() >= ct::expected_stat_block(want).size());
  CHECK(m.result_text.substr(m.result_text.size() - ct::expected_stat_block(want).size()) ==
        ct::expected_stat_block(want));

  // Standard output: the result line with its reason for every game, then the score.
  CHECK(ct::count_of(m.run.out, describe(code) + " (") == 2 * rounds);
  CHECK(m.run.out.find(reason) != std::string::npos);
  const int credited_a = (code == 5 || code == 6 || code == 8) ? 2 * rounds : 0;
  const int credited_b = (code == 3 || code == 4 || code == 7) ? 2 * rounds : 0;
  CHECK(m.run.out.find("Score of A vs B: " + std::to_string(credited_a) + " - " + std::to_string(credited_b) +
                       " - 0\n") != std::string::npos);
  CHECK(ct::count_of(m.run.err, "Finished game ") == 2 * rounds);

  // The record: one valid line per game, the code and the reason.
  REQUIRE(m.records.size() == static_cast<size_t>(2 * rounds));
  for (const std::string& r : m.records) {
    CHECK(ct::JsonChecker::valid(r));
    CHECK(ct::json_int(r, "code") == code);
    CHECK(r.find(reason) != std::string::npos);
  }

  // Nothing the plugin printed or wrote reached the judge's output or folder.
  CHECK(m.run.out.find("PLUGIN-NOISE") == std::string::npos);
  CHECK(m.run.err.find("PLUGIN-NOISE") == std::string::npos);
  CHECK(m.cwd_after == ct::kMatchFiles);

  // No host process (nor anything it forked) outlives the match.
  CHECK(ct::survivors(faulty).empty());
}

void check_both_sides(const Fault& f, const std::string& opponent = "") {
  const std::string path = ct::file_exists(ct::plugin(std::string("fault_") + f.plugin))
                               ? ct::plugin(std::string("fault_") + f.plugin)
                               : ct::plugin(f.plugin);
  check_fault(path, 'A', f.code_as_a, f.reason, 1, opponent);
  check_fault(path, 'B', f.code_as_b, f.reason, 1, opponent);
}

}  // namespace

TEST_SUITE_BEGIN("faults");
TEST_CASE("a crash in getPoint: segfault, uncaught exception, abort") {
  check_both_sides({"segv_get", 3, 5, "crashed in getPoint: killed by signal 11"});
  check_both_sides({"throw_get", 3, 5, "crashed in getPoint: killed by signal 6"});
  check_both_sides({"abort_get", 3, 5, "crashed in getPoint: killed by signal 6"});
}

TEST_CASE("a crash after the sandbox refused a call says so: the refusal is the likeliest cause") {
  check_both_sides(
      {"refused_abort", 3, 5,
       "crashed in getPoint: killed by signal 6 (Aborted), after the sandbox refused fopen (EACCES) 1 time"});
}

TEST_CASE("a crash in clearPoint is that side's runtime error: 5 when B crashes, unlike the original") {
  check_both_sides({"segv_clear", 3, 5, "crashed in clearPoint: killed by signal 11"});
  check_both_sides({"double_free_clear", 3, 5, "crashed in clearPoint: killed by signal 6"});
  check_both_sides({"throw_clear", 3, 5, "crashed in clearPoint: killed by signal 6"});
}

TEST_CASE("exit() inside the plugin is a runtime error even with exit code 0") {
  check_both_sides({"exit_get", 3, 5, "crashed in getPoint: exited with code 0"});
  check_both_sides({"exit_clear", 3, 5, "crashed in clearPoint: exited with code 0"});
}

TEST_CASE("an infinite loop, a sleep past the limit, a slow clearPoint: timeouts, and the child is killed") {
  check_both_sides({"loop_get", 7, 8, "timed out: no answer from getPoint within 300 ms"});
  check_both_sides({"sleep_get", 7, 8, "timed out: no answer from getPoint within 300 ms"});
  check_both_sides({"sleep_clear", 7, 8, "timed out: no answer from clearPoint within 300 ms"});
}

TEST_CASE("a plugin that forks a spinning grandchild and then loops: the whole group dies") {
  check_both_sides({"orphan_get", 7, 8, "timed out: no answer from getPoint"});
}

TEST_CASE("a plugin whose daemon leaves its process group and session: the daemon dies too") {
  check_both_sides({"escape_get", 7, 8, "timed out: no answer from getPoint"});
}

TEST_CASE("allocating 4 GB hits the 1 GB cap: a runtime error, the judge unharmed") {
  check_both_sides({"alloc_get", 3, 5, "crashed in getPoint: killed by signal 6"});
}

TEST_CASE("illegal moves of every kind") {
  check_both_sides({"null_get", 4, 6, "made an illegal move: getPoint returned a null Point"});
  check_both_sides({"off_board", 4, 6, "made an illegal move: (0, "});
  check_both_sides({"blocked", 4, 6, "is the blocked cell"});
  check_both_sides({"not_lowest", 4, 6, "is not the lowest free cell of column"});
}

TEST_CASE("a move into a full column is illegal") {
  // The opponent drops into column 0 as well, so column 0 fills up first.
  check_both_sides({"full_column", 4, 6, "which is full"}, "fault_first_column");
}

TEST_CASE("a plugin that cannot be loaded: missing file, not an ELF file, missing symbols; in every round") {
  for (int rounds : {1, 2}) {
    CAPTURE(rounds);
    ct::TempDir dir;
    check_fault(dir / "does_not_exist.so", 'A', -1, "No such file or directory", rounds);
    check_fault(dir / "does_not_exist.so", 'B', -2, "No such file or directory", rounds);
    check_fault(ct::plugin("not_elf"), 'A', -1, "not_elf.so", rounds);
    check_fault(ct::plugin("not_elf"), 'B', -2, "not_elf.so", rounds);
    check_fault(ct::plugin("no_get"), 'A', -3, "does not export getPoint", rounds);
    check_fault(ct::plugin("no_get"), 'B', -4, "does not export getPoint", rounds);
    check_fault(ct::plugin("no_clear"), 'A', -3, "does not export clearPoint", rounds);
    check_fault(ct::plugin("no_clear"), 'B', -4, "does not export clearPoint", rounds);
  }
}

TEST_CASE("a plugin whose getPoint is there under its C++ name only: the reason names it and the fix") {
  // extern "C" behind #ifdef _MSC_VER, as in a Strategy.h made on Windows: g++ mangles both names.
  for (char side : {'A', 'B'}) {
    CAPTURE(side);
    check_fault(ct::plugin("msvc_guard"), side, side == 'A' ? -3 : -4,
                "does not export getPoint under its C name: it is there as the C++ name _Z8getPoint", 1);
    check_fault(ct::plugin("msvc_guard"), side, side == 'A' ? -3 : -4,
                "(getPoint(int, int, int const*, int const*, int, int, int, int)); declare getPoint extern", 1);
    check_fault(ct::plugin("msvc_guard"), side, side == 'A' ? -3 : -4, "must not depend on _MSC_VER", 1);
  }
}
TEST_SUITE_END();  // "faults"
