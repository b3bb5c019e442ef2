// The kit with a student's own Strategy/: a copy of this checkout (its files as
// git lists them, and what is already built) with Strategy/ replaced by a
// course-style student strategy (StrategyTest/tests/student/). Nothing of the
// kit is rebuilt for it; make, make zip, make match, make grade and the suites
// of Strategy/ all work, and make test names whose strategy it tests.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "../../common/cli.h"
#include "../../common/tests/shell.h"

namespace {

namespace fs = std::filesystem;
using test_shell::run_in;

std::string repo() { return fs::canonical(judge::path_beside_executable("../..")).string(); }

// make in `folder`, outside the make that runs the suites (its jobserver is not ours).
int make_in(const std::string& folder, const std::string& arguments, std::string* output) {
  return run_in(folder, "env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory " + arguments, output);
}

// The checkout with the student's Strategy/ in place of ours, built as far as the checkout is.
struct StudentCheckout {
  test_shell::TempDir dir;
  std::string root = dir / "kit";
  StudentCheckout() {
    const std::string from = repo();
    fs::create_directories(root);
    std::string out;
    // The sources (links kept as links, times kept so that nothing looks newer than it was built),
    // then the build outputs but for the sanitizer and fuzzing builds, which make all does not need.
    REQUIRE_MESSAGE(run_in(from,
                           "git ls-files -z --cached --others --exclude-standard | "
                           "tar --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -xf - -C '" +
                               root + "'",
                           &out) == 0,
                    out);
    REQUIRE_MESSAGE(
        run_in(from,
               "tar --exclude=build/san --exclude=build/fuzz --exclude=build/ref --exclude='build/engine/bench-*' "
               "--exclude=build/train -cf - build so Compete/Compete TestCases/*.so | tar -xf - -C '" +
                   root + "'",
               &out) == 0,
        out);
    fs::remove_all(root + "/Strategy");
    fs::create_directory(root + "/Strategy");
    for (const fs::directory_entry& e : fs::directory_iterator(from + "/StrategyTest/tests/student"))
      fs::copy_file(e.path(), root + "/Strategy/" + e.path().filename().string());
  }
};

}  // namespace

TEST_CASE("a student's own Strategy/: the kit builds, plays, grades and tests it, and rebuilds nothing of its own") {
  StudentCheckout kit;
  std::string out;

  // What make would do: build the student's plugin, and nothing under build/.
  REQUIRE_MESSAGE(make_in(kit.root, "-n all", &out) == 0, out);
  CHECK_MESSAGE(out.find("../so/Strategy.so") != std::string::npos, out);
  CHECK_MESSAGE(out.find("build/") == std::string::npos, "make rebuilds the kit for a new Strategy/:\n" << out);

  REQUIRE_MESSAGE(make_in(kit.root, "all", &out) == 0, out);
  REQUIRE_MESSAGE(make_in(kit.root, "zip", &out) == 0, out);
  std::string names;
  run_in(kit.root, "unzip -Z1 Strategy.zip | sort | tr '\\n' ' '", &names);
  CHECK(names == "Judge.cpp Judge.h Node.cpp Node.h Point.h Strategy.cpp Strategy.h main.cpp ");

  // The main job: the student's strategy against the strongest sample.
  REQUIRE_MESSAGE(make_in(kit.root, "match MATCH_ROUNDS=1", &out) == 0, out);
  CHECK_MESSAGE(out.find("Score of ") != std::string::npos, out);
  const std::string result = test_shell::read_file(kit.root + "/Results/match.txt");
  CHECK_MESSAGE(result.rfind("0:\n", 0) == 0, result);  // round 0's two games, then the Stat block
  CHECK_MESSAGE(result.find("\nStat:\n") != std::string::npos, result);

  // One group of the OJ grade (the samples 1 to 9): the student's moves are legal and instant.
  REQUIRE_MESSAGE(make_in(kit.root, "grade GRADE_FLAGS='--group 1 --seed 3 -j 2'", &out) == 0, out);
  CHECK_MESSAGE(out.find("group 1") != std::string::npos, out);
  CHECK(fs::file_size(kit.root + "/Results/grade.tsv") > 0);

  // The suites of Strategy/ pass on the student's files, and make test says whose they are.
  CHECK_MESSAGE(make_in(kit.root, "test-strategy", &out) == 0, out);
  CHECK_MESSAGE(out.find(" 0 failed") != std::string::npos, out);
  REQUIRE(make_in(kit.root, "-n test", &out) == 0);
  CHECK_MESSAGE(out.find("the suites of Strategy/ (your own files)") != std::string::npos, out);

  // make strategy-restore puts our strategy back and keeps the student's files aside.
  REQUIRE_MESSAGE(make_in(kit.root, "strategy-restore", &out) == 0, out);
  CHECK(fs::is_symlink(kit.root + "/Strategy/uct.h"));
  CHECK(fs::is_regular_file(kit.root + "/Strategy.saved/Node.cpp"));
  REQUIRE(make_in(kit.root, "-n test", &out) == 0);
  CHECK_MESSAGE(out.find("the suites of Strategy/ (ours: links to engine/)") != std::string::npos, out);
}
