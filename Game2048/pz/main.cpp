// PZ2048: the SJTU course's 2048 on any rows x cols board with undo. Reads the
// course's test input (a file, or stdin) and prints the course's transcript.
#include <fstream>
#include <iostream>
#include <string>

#include "transcript.h"

namespace {
const char kUsage[] =
    "usage: PZ2048 [input file]   (default: standard input)\n"
    "Input: 'rows cols target seed', then w a s d (up left down right) and z (undo);\n"
    "whitespace is ignored and '#' stops. Prints the course's transcript.\n";
}

int main(int argc, char** argv) {
  if (argc > 2) {
    std::cerr << "PZ2048: one input file at most\n" << kUsage;
    return 2;
  }
  std::string name = argc == 2 ? argv[1] : "";
  if (name == "-h" || name == "--help") {
    std::cout << kUsage;
    return 0;
  }
  std::ifstream file;
  if (!name.empty() && name != "-") {
    file.open(name);
    if (!file) {
      std::cerr << "PZ2048: cannot read '" << name << "'\n" << kUsage;
      return 2;
    }
  }
  std::string error;
  if (!g2048::pz::run_transcript(file.is_open() ? file : std::cin, std::cout, std::cerr, &error)) {
    std::cerr << "PZ2048: " << (name.empty() || name == "-" ? std::string("<stdin>") : name) << ": " << error << "\n";
    return 2;
  }
  return 0;
}
