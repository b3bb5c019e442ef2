// so/Strategy.so (whatever Strategy/ holds) in a real match through Compete
// against the weakest sample: every game ends by the rules, no fault code.
#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "../../common/tests/shell.h"

namespace {
const std::string kRoot = KIT_ROOT;
}  // namespace

TEST_CASE("so/Strategy.so plays a round against TestCases/1.so without a fault") {
  test_shell::TempDir dir;
  std::string out;
  // --move-time sets STRATEGY_MOVE_MS, which our strategy reads; a student's strategy plays at its own pace.
  const int rc = test_shell::run_in(
      kRoot, "Compete/Compete --seed 7 --move-time 100 so/Strategy.so TestCases/1.so '" + (dir / "result.txt") + "' 1",
      &out);
  REQUIRE_MESSAGE(rc == 0, out);
  // The result file: "1:", then "code<TAB>secondsA<TAB>secondsB" for each game of the round.
  std::istringstream result(test_shell::read_file(dir / "result.txt"));
  std::string line;
  int games = 0;
  while (std::getline(result, line)) {
    if (line.find('\t') == std::string::npos) continue;
    const int code = std::stoi(line.substr(0, line.find('\t')));
    CHECK_MESSAGE((code >= 0 && code <= 2), "game " << games + 1 << " ended with code " << code << ":\n" << out);
    ++games;
  }
  CHECK(games == 2);
}
