// record2html: turns a record of Compete, Run2048 or pdd-referee (--record,
// JSON Lines) into the self-contained replay page. The judge is recognised
// from the record's fields.
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../common/options.h"
#include "page.h"
#include "record.h"

namespace {

const char kUsageHead[] =
    "usage: record2html <record.jsonl> [-o page.html]\n"
    "Writes one HTML page (data, script and style inline; opens from disk) that shows every game\n"
    "of a record written by Compete, Run2048 or pdd-referee with --record.\n";

const char kUsageFooter[] =
    "exit status: 0 written, 1 the record is unreadable or malformed (file, line and field named),\n"
    "2 bad command line\n";

std::string default_output(const std::string& record) {
  size_t slash = record.rfind('/');
  size_t dot = record.rfind('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return record + ".html";
  return record.substr(0, dot) + ".html";
}

}  // namespace

int main(int argc, char** argv) {
  std::string input, output;
  judge::OptionTable options("record2html", kUsageHead);
  options.text("-o", "FILE", &output, "the page (default: the record's name with .html instead of its extension)",
               "a file name");
  options.footer(kUsageFooter);
  std::vector<std::string> positional;
  if (const int status = options.parse(argc, argv, &positional); status != judge::OptionTable::kContinue) return status;
  auto usage_error = [&](const std::string& problem) { return options.error(problem); };
  if (positional.size() > 1) return usage_error("one record only: '" + positional[0] + "' and '" + positional[1] + "'");
  if (!positional.empty()) input = positional[0];
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
