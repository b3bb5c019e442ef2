// make test's runner (common/run_tests.sh): its closing lines count every suite's test
// cases and name what failed, so that the end of a long log (all a CI page may show)
// tells which check broke.
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "../cli.h"
#include "shell.h"

namespace {

// A stand-in suite: a script that prints `text` and exits with `code`.
void write_suite(const std::string& path, const std::string& text, int code) {
  std::ofstream(path) << "#!/bin/sh\ncat <<'END'\n" << text << "END\nexit " << code << "\n";
  REQUIRE(test_shell::run_in("/", "chmod +x '" + path + "'") == 0);
}

const char* const kPassing =
    "[doctest] test cases:  3 |  3 passed | 0 failed | 0 skipped\n"
    "[doctest] Status: SUCCESS!\n";

// A failing doctest suite's report, with 50 lines of other output after its check.
std::string failing_report() {
  std::string text =
      "===============================================================================\n"
      "judge/tests/clock_test.cpp:41:\n"
      "TEST CASE:  a move over its time is a time-out\n"
      "\n"
      "judge/tests/clock_test.cpp:57: ERROR: CHECK( code == 3 ) is NOT correct!\n"
      "  values: CHECK( 0 == 3 )\n"
      "\n";
  for (int i = 0; i < 50; ++i) text += "more output " + std::to_string(i) + "\n";
  text += "[doctest] test cases:  5 |  4 passed | 1 failed | 0 skipped\n[doctest] Status: FAILURE!\n";
  return text;
}

// Runs make test's runner in `dir` with `args`; its exit status, its output in *out.
int run_runner(const test_shell::TempDir& dir, const std::string& args, std::string* out) {
  const std::string runner = judge::path_beside_executable("../../../common/run_tests.sh");
  return test_shell::run_in(dir.path(), "bash '" + runner + "' " + args, out);
}

}  // namespace

TEST_CASE("make test's runner: the closing lines count the test cases and name the failed check") {
  test_shell::TempDir dir;
  write_suite(dir / "good", kPassing, 0);
  write_suite(dir / "bad", failing_report(), 1);

  std::string out;
  const int status = run_runner(dir, "--part first ./good --part second ./bad ./good", &out);
  INFO(out);
  CHECK(status != 0);
  // The last lines, as a CI page's tail shows them.
  const size_t tail_start = out.rfind("--- what failed in ./bad");
  REQUIRE(tail_start != std::string::npos);
  REQUIRE(tail_start > out.find("more output 49"));  // after the suite's own output
  const std::string tail = out.substr(tail_start);
  CHECK(tail.find("(exit code 1)") != std::string::npos);
  CHECK(tail.find("TEST CASE:  a move over its time is a time-out") != std::string::npos);
  CHECK(tail.find("clock_test.cpp:57: ERROR: CHECK( code == 3 ) is NOT correct!") != std::string::npos);
  CHECK(tail.find("values: CHECK( 0 == 3 )") != std::string::npos);
  CHECK(tail.find("--- first: 3 passed, 0 failed") != std::string::npos);
  CHECK(tail.find("--- second: 7 passed, 1 failed") != std::string::npos);
  CHECK(tail.find("10 passed, 1 failed") != std::string::npos);
}

TEST_CASE("make test's runner: all suites passing end in one line and exit 0, each suite timed") {
  test_shell::TempDir dir;
  write_suite(dir / "good", kPassing, 0);
  std::string out;
  CHECK(run_runner(dir, "./good ./good", &out) == 0);
  CHECK(out.find("what failed") == std::string::npos);
  CHECK(out.find("(good: 0 s)") != std::string::npos);  // each suite's time
  CHECK(out.substr(out.rfind('\n', out.size() - 2) + 1) == "6 passed, 0 failed\n");
}

TEST_CASE("make test's runner: a suite that crashes without a summary is counted as failed") {
  test_shell::TempDir dir;
  write_suite(dir / "good", kPassing, 0);
  write_suite(dir / "crash", "Segmentation fault\n", 139);
  std::string out;
  CHECK(run_runner(dir, "./good ./crash", &out) != 0);
  INFO(out);
  const size_t tail_start = out.rfind("--- what failed in ./crash");
  REQUIRE(tail_start != std::string::npos);
  const std::string tail = out.substr(tail_start);
  CHECK(tail.find("(exit code 139)") != std::string::npos);
  CHECK(tail.find("Segmentation fault") != std::string::npos);
  CHECK(tail.find("1 suite(s) did not finish cleanly") != std::string::npos);
  CHECK(tail.find("3 passed, 1 failed") != std::string::npos);
}
