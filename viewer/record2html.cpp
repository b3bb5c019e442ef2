// record2html: turns a record of Compete, Run2048 or pdd-referee (--record,
// JSON Lines) into the self-contained replay page. The judge is recognised
// from the record's fields.
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "../common/cli.h"
#include "page.h"
#include "record.h"

namespace {

const char kUsage[] =
    "usage: record2html <record.jsonl> [-o page.html]\n"
    "Writes one HTML page (data, script and style inline; opens from disk) that shows every game\n"
    "of a record written by Compete, Run2048 or pdd-referee with --record.\n"
    "  -o FILE   the page (default: the record's name with .html instead of its extension)\n"
    "exit status: 0 written, 1 the record is unreadable or malformed (file, line and field named),\n"
    "2 bad command line\n";

int usage_error(const std::string& problem) { return judge::usage_error("record2html", kUsage, problem); }

std::string default_output(const std::string& record) {
  size_t slash = record.rfind('/');
  size_t dot = record.rfind('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return record + ".html";
  return record.substr(0, dot) + ".html";
}

}  // namespace

int main(int argc, char** argv) {
  std::string input, output;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      std::cout << kUsage;
      return 0;
    } else if (arg == "-o") {
      if (i + 1 >= argc || !*argv[i + 1]) return usage_error("-o needs a file name");
      output = argv[++i];
    } else if (arg.size() > 1 && arg[0] == '-') {
      return usage_error("unknown option '" + arg + "'");
    } else if (input.empty()) {
      input = arg;
    } else {
      return usage_error("one record only: '" + input + "' and '" + arg + "'");
    }
  }
  if (input.empty()) return usage_error("no record given");
  if (output.empty()) output = default_output(input);
  if (output == input) return usage_error("the page would replace the record '" + input + "'; name it with -o");

  std::ifstream in(input, std::ios::binary);
  if (!in) {
    std::cerr << "record2html: cannot read " << input << ": " << std::strerror(errno) << "\n";
    return 1;
  }
  std::stringstream text;
  text << in.rdbuf();
  viewer::Record record;
  std::string error;
  if (!viewer::parse_record(text.str(), input, &record, &error)) {
    std::cerr << "record2html: " << error << "\n";
    return 1;
  }
  if (!viewer::write_page(output, record.kind, record.lines, input, &error)) {
    std::cerr << "record2html: " << error << "\n";
    return 1;
  }
  std::cout << output << ": " << record.lines.size() << (record.lines.size() == 1 ? " game" : " games") << " ("
            << (record.kind == viewer::Kind::kNone ? "empty record" : viewer::kind_id(record.kind)) << ")\n";
  return 0;
}
