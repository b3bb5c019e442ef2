#include "options.h"

#include <algorithm>
#include <iostream>

#include "cli.h"

namespace judge {

OptionTable::OptionTable(std::string program, std::string head)
    : program_(std::move(program)), head_(std::move(head)) {}

OptionTable& OptionTable::flag(const std::string& name, bool* out, const std::string& help) {
  rows_.push_back({name, "", help, "", false, [out](const std::string&, const std::string&) {
                     *out = true;
                     return true;
                   }});
  return *this;
}

OptionTable& OptionTable::integer(const std::string& name, const std::string& metavar, long long min, long long max,
                                  long long* out, const std::string& help, const std::string& need, bool* given) {
  return custom(
      name, metavar,
      [=](const std::string&, const std::string& value) {
        if (!parse_int(value, min, max, out)) return false;
        if (given) *given = true;
        return true;
      },
      help, need);
}

OptionTable& OptionTable::unsigned64(const std::string& name, const std::string& metavar, uint64_t* out,
                                     const std::string& help, const std::string& need, bool* given) {
  return custom(
      name, metavar,
      [=](const std::string&, const std::string& value) {
        if (!parse_u64(value, out)) return false;
        if (given) *given = true;
        return true;
      },
      help, need);
}

OptionTable& OptionTable::text(const std::string& name, const std::string& metavar, std::string* out,
                               const std::string& help, const std::string& need, bool* given) {
  return custom(
      name, metavar,
      [=](const std::string&, const std::string& value) {
        if (value.empty()) return false;
        *out = value;
        if (given) *given = true;
        return true;
      },
      help, need);
}

OptionTable& OptionTable::custom(const std::string& name, const std::string& metavar, Apply apply,
                                 const std::string& help, const std::string& need) {
  rows_.push_back({name, metavar, help, need, true, std::move(apply)});
  return *this;
}

OptionTable& OptionTable::footer(const std::string& text) {
  footer_ += text;
  return *this;
}

std::string OptionTable::usage() const {
  // The help texts start in one column, after the widest "name metavar" (at most 22 wide).
  size_t width = 0;
  for (const Row& r : rows_)
    if (!r.help.empty()) width = std::max(width, r.name.size() + (r.metavar.empty() ? 0 : 1 + r.metavar.size()));
  width = std::min<size_t>(width, 22);
  std::string text = head_;
  if (!rows_.empty()) text += "options:\n";
  for (const Row& r : rows_) {
    if (r.help.empty()) continue;  // documented by a neighbour's help line
    std::string left = r.name + (r.metavar.empty() ? "" : " " + r.metavar);
    // A help text of several lines ('\n' between them) continues in the help column.
    std::string help;
    for (char c : r.help) help += c == '\n' ? "\n" + std::string(width + 4, ' ') : std::string(1, c);
    text += "  " + left + std::string(left.size() < width ? width - left.size() : 0, ' ') + "  " + help + "\n";
  }
  return text + footer_;
}

int OptionTable::error(const std::string& problem) const { return usage_error(program_, usage(), problem); }

int OptionTable::parse(int argc, char** argv, std::vector<std::string>* positional) const {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      std::cout << usage();
      return 0;
    }
    if (arg.size() < 2 || arg[0] != '-') {
      positional->push_back(arg);
      continue;
    }
    auto row = std::find_if(rows_.begin(), rows_.end(), [&](const Row& r) { return r.name == arg; });
    if (row == rows_.end()) return error("unknown option '" + arg + "'");
    if (!row->takes_value) {
      row->apply(arg, "");
      continue;
    }
    if (i + 1 >= argc) return error(arg + " needs " + row->need);
    const std::string value = argv[++i];
    if (!row->apply(arg, value)) return error(arg + " needs " + row->need + ", not '" + value + "'");
  }
  return kContinue;
}

}  // namespace judge
