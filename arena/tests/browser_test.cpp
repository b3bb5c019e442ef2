// The arena's browser test (browser_test.mjs, in headless chromium), run from
// this suite; the record line it downloaded is then checked here against
// Compete's rules and the viewer's record reader.
#include <doctest/doctest.h>

#include "../../common/tests/shell.h"
#include "arena_process.h"
#include "game_helpers.h"

TEST_CASE(
    "in a browser: ConnectFour by clicks and keys with undo, save and a crash; PZ2048 by keys, buttons and a bot") {
  const std::string out = std::string(ARENA_TEST_BUILD) + "/arena";
  std::string output;
  const int status =
      test_shell::run_in(at::repo_root() + "/arena/tests",
                         "node browser_test.mjs '" + at::arena_binary() + "' '" + std::string(ARENA_TEST_BUILD) +
                             "/Compete/tests/plugins' '" + out + "' '" + std::string(ARENA_TEST_BUILD) + "/bin/PZ2048'",
                         &output);
  INFO(output);
  REQUIRE(status == 0);
  judge::JsonValue state;
  std::string error;
  REQUIRE(judge::parse_json(test_shell::read_file(out + "/state.json"), &state, &error));
  std::string line = test_shell::read_file(out + "/saved.jsonl");
  REQUIRE(!line.empty());
  CHECK(line.back() == '\n');
  line.pop_back();
  at::check_record_line(line, state);
  // The saved line opens in record2html as a replay page.
  CHECK(test_shell::run_in(out, "'" + std::string(ARENA_TEST_BUILD) + "/bin/record2html' saved.jsonl -o saved.html",
                           &output) == 0);
  CHECK(test_shell::read_file(out + "/saved.html").find("\"kind\":\"connect4\"") != std::string::npos);
}
