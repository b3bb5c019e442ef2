// make signature: prints the engines' signature (see signature.h).
//   signature [--weights FILE] [--expect FILE]
// --expect compares with the number committed in FILE and exits 1 when it differs.
#include <fstream>
#include <iostream>
#include <string>

#include "../common/cli.h"
#include "signature.h"

namespace {
const char kUsage[] =
    "usage: signature [--weights FILE] [--expect FILE]\n"
    "  --weights FILE  the 2048 network (default: Game2048/bot/weights.n2048 of this checkout)\n"
    "  --expect FILE   compare with the signature committed in FILE; exit 1 if it differs\n";
}

int main(int argc, char** argv) {
  std::string weights = judge::path_beside_executable("../../Game2048/bot/weights.n2048");
  std::string expect;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if ((arg == "--weights" || arg == "--expect") && i + 1 < argc) {
      (arg == "--weights" ? weights : expect) = argv[++i];
    } else if (arg == "--help") {
      std::cout << kUsage;
      return 0;
    } else {
      return judge::usage_error("signature", kUsage, "unknown option or missing value: " + arg);
    }
  }
  signature::Signature s;
  std::string error;
  if (!signature::compute(weights, &s, &error)) {
    std::cerr << "signature: " << error << "\n";
    return 2;
  }
  std::cout << signature::report(s);
  if (expect.empty()) return 0;
  std::ifstream in(expect);
  unsigned long long committed = 0;
  if (!(in >> committed)) {
    std::cerr << "signature: " << expect << ": no number on line 1\n";
    return 2;
  }
  if (committed != s.combined()) {
    std::cout << "the signature changed: " << expect << " has " << committed << "\n";
    return 1;
  }
  std::cout << "same as " << expect << "\n";
  return 0;
}
