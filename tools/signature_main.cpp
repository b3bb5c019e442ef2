// make signature: prints the engines' signature (see signature.h).
//   signature [--weights FILE] [--expect FILE]
// --expect compares with the number committed in FILE and exits 1 when it differs.
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "../common/cli.h"
#include "../common/options.h"
#include "signature.h"

int main(int argc, char** argv) {
  std::string weights = judge::path_beside_executable("../../Game2048/bot/weights.n2048");
  std::string expect;
  judge::OptionTable options("signature", "usage: signature [--weights FILE] [--expect FILE]\n");
  options
      .text("--weights", "FILE", &weights, "the 2048 network (default: Game2048/bot/weights.n2048 of this checkout)",
            "a file name")
      .text("--expect", "FILE", &expect, "compare with the signature committed in FILE; exit 1 if it differs",
            "a file name");
  std::vector<std::string> positional;
  if (const int status = options.parse(argc, argv, &positional); status != judge::OptionTable::kContinue) return status;
  if (!positional.empty()) return options.error("unexpected argument '" + positional[0] + "'");
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
