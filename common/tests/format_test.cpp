// The code's layout: every C++ file of the kit follows .clang-format (Strategy/ is
// the user's: its files are theirs to lay out).
#include <doctest/doctest.h>

#include <string>

#include "../cli.h"
#include "shell.h"

TEST_CASE("every C++ source and header follows .clang-format (fix with: make format)") {
  const std::string root = judge::path_beside_executable("../../..");  // build/common/tests/ -> the checkout
  std::string files;
  // The files git knows or, outside a git clone, every one outside build/; not those of Strategy/.
  const std::string list =
      "{ git ls-files -- '*.cpp' '*.h' ':!:Strategy/' 2>/dev/null || find . \\( -path ./build -o -path ./Strategy \\) "
      "-prune -o \\( -name '*.cpp' -o -name '*.h' \\) -print; }";
  REQUIRE(test_shell::run_in(root, list + " | wc -l", &files) == 0);
  REQUIRE_MESSAGE(std::stoi(files) > 0, "no C++ files found under " << root);
  std::string report;
  const int status = test_shell::run_in(root, list + " | xargs -d '\\n' clang-format --dry-run --Werror", &report);
  INFO(report.substr(0, 3000));
  CHECK(status == 0);
}
