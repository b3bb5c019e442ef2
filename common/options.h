// A table-driven command line. Each option is one row: its names, the name of
// its value, its help line, and what it stores; the same table parses argv and
// prints the usage text, so the two never disagree.
//
//   judge::OptionTable options("Grade", "usage: Grade [options] [strategy.so]\n");
//   options.integer("-j", "N", 1, 64, &jobs, "play N games at once", "a whole number from 1 to 64");
//   const int status = options.parse(argc, argv, &positional);
//   if (status != judge::OptionTable::kContinue) return status;
//
// A bad value is reported as "<option> needs <need>, not '<value>'" (or without
// the value when it is missing), followed by the usage, with exit status 2.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace judge {

class OptionTable {
 public:
  static constexpr int kContinue = -1;
  // Checks and stores one value; false, with `need` saying what it needs, if it is bad.
  using Apply = std::function<bool(const std::string& option, const std::string& value)>;

  // `head`: the usage text's first lines (synopsis and description), each ending in '\n'.
  OptionTable(std::string program, std::string head);

  // A switch without a value: sets *out to true.
  OptionTable& flag(const std::string& name, bool* out, const std::string& help);
  // A whole number within [min, max].
  OptionTable& integer(const std::string& name, const std::string& metavar, long long min, long long max,
                       long long* out, const std::string& help, const std::string& need, bool* given = nullptr);
  // An unsigned 64-bit number (seeds, counts).
  OptionTable& unsigned64(const std::string& name, const std::string& metavar, uint64_t* out, const std::string& help,
                          const std::string& need, bool* given = nullptr);
  // Any non-empty text (file and folder names).
  OptionTable& text(const std::string& name, const std::string& metavar, std::string* out, const std::string& help,
                    const std::string& need, bool* given = nullptr);
  // A value checked and stored by `apply`; `need` completes the message when it returns false.
  OptionTable& custom(const std::string& name, const std::string& metavar, Apply apply, const std::string& help,
                      const std::string& need);
  // Options listed under the table: free text appended to the usage.
  OptionTable& footer(const std::string& text);

  // Parses argv[1..]: options anywhere, other words appended to `positional`
  // ("-" alone is a word). Returns kContinue, or the exit status: 0 after
  // -h/--help (the usage on stdout), 2 after a bad command line (the problem
  // and the usage on stderr).
  int parse(int argc, char** argv, std::vector<std::string>* positional) const;
  // The usage text: the head, one line per option with a help text (a help of
  // several lines, '\n' between them, continues in the help column), the footer.
  std::string usage() const;
  // Reports `problem` as parse() does and returns 2.
  int error(const std::string& problem) const;

 private:
  struct Row {
    std::string name, metavar, help, need;
    bool takes_value;
    Apply apply;
  };
  std::string program_, head_, footer_;
  std::vector<Row> rows_;
};

}  // namespace judge
