// The engines' signature: play did not change unless the committed number says so.
#include <doctest/doctest.h>

#include <fstream>

#include "../../common/cli.h"
#include "../../common/tests/shell.h"
#include "../signature.h"

namespace {
std::string repo(const std::string& path) { return judge::path_beside_executable("../../" + path); }
}  // namespace

TEST_CASE("the signature equals the committed one (a change of play must update tools/signature.expected)") {
  signature::Signature s;
  std::string error;
  REQUIRE_MESSAGE(signature::compute(repo("Game2048/bot/weights.n2048"), &s, &error), error);
  CHECK(s.connectfour.positions == 12);
  CHECK(s.game2048.positions == 16);
  CHECK(s.ponte.positions == 6);
  std::ifstream in(repo("tools/signature.expected"));
  unsigned long long committed = 0;
  REQUIRE(static_cast<bool>(in >> committed));
  INFO(signature::report(s));
  CHECK(committed == s.combined());
}

TEST_CASE("the ConnectFour signature is the same on the portable search loop as on the one this CPU runs") {
  const signature::EngineSignature portable = signature::connectfour_signature(true);
  const signature::EngineSignature best = signature::connectfour_signature(false);
  CHECK(portable.positions == 12);
  CHECK(portable.work == best.work);
  CHECK(portable.hash == best.hash);
}

TEST_CASE("a missing network is an error that names the file, not a signature") {
  signature::Signature s;
  std::string error;
  CHECK_FALSE(signature::compute(repo("no/such/weights.n2048"), &s, &error));
  CHECK(error.find("no/such/weights.n2048") != std::string::npos);
}

TEST_CASE("signature: --help prints the table's usage and exits 0; a bad option exits 2 naming it") {
  const std::string signature = "'" + judge::path_beside_executable("../bin/signature") + "'";
  std::string out;
  CHECK(test_shell::run_in("/tmp", signature + " --help", &out) == 0);
  CHECK(out.find("usage: signature [--weights FILE] [--expect FILE]\noptions:\n  --weights FILE  ") == 0);
  CHECK(test_shell::run_in("/tmp", signature + " --frobnicate", &out) == 2);
  CHECK(out.find("signature: unknown option '--frobnicate'\nusage: signature") == 0);
  CHECK(test_shell::run_in("/tmp", signature + " --expect", &out) == 2);
  CHECK(out.find("signature: --expect needs a file name\nusage: signature") == 0);
}
