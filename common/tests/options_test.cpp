// The table-driven command line: what every judge's users type.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "../options.h"

namespace {

struct Parsed {
  int status;
  std::string out, err;
  std::vector<std::string> positional;
};

// Runs parse() on `words` with stdout and stderr captured.
Parsed parse(const judge::OptionTable& table, std::vector<std::string> words) {
  words.insert(words.begin(), "prog");
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(&w[0]);
  Parsed p;
  std::fflush(stdout);
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  const int saved_out = dup(1), saved_err = dup(2);
  dup2(fileno(out), 1);
  dup2(fileno(err), 2);
  p.status = table.parse(static_cast<int>(argv.size()), argv.data(), &p.positional);
  std::fflush(stdout);
  std::fflush(stderr);
  std::cout.flush();
  std::cerr.flush();
  dup2(saved_out, 1);
  dup2(saved_err, 2);
  close(saved_out);
  close(saved_err);
  for (auto [file, text] : {std::make_pair(out, &p.out), std::make_pair(err, &p.err)}) {
    std::rewind(file);
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, file)) > 0) text->append(buf, n);
    std::fclose(file);
  }
  return p;
}

struct Settings {
  long long jobs = 1;
  uint64_t seed = 0;
  bool have_seed = false, verbose = false;
  std::string record;
  std::string mode = "lines";
};

judge::OptionTable table_for(Settings* s) {
  judge::OptionTable t("prog", "usage: prog [options] <file>\nDoes a thing.\n");
  t.integer("-j", "N", 1, 64, &s->jobs, "N games at once", "a whole number from 1 to 64")
      .unsigned64("--seed", "S", &s->seed, "reproducible boards", "an unsigned integer", &s->have_seed)
      .text("--record", "FILE", &s->record, "one JSON line per game", "a file name")
      .flag("--verbose", &s->verbose, "say more")
      .custom(
          "--mode", "M",
          [s](const std::string&, const std::string& v) {
            if (v != "lines" && v != "live") return false;
            s->mode = v;
            return true;
          },
          "lines or live", "lines or live")
      .footer("Exit status 2 on a bad command line.\n");
  return t;
}

}  // namespace

TEST_CASE("options: values stored, words kept in order, options anywhere") {
  Settings s;
  Parsed p = parse(table_for(&s), {"a.so", "-j", "4", "b.so", "--seed", "77", "--verbose", "--record", "r.jsonl",
                                   "--mode", "live", "-"});
  CHECK(p.status == judge::OptionTable::kContinue);
  CHECK(p.positional == std::vector<std::string>{"a.so", "b.so", "-"});
  CHECK(s.jobs == 4);
  CHECK(s.seed == 77);
  CHECK(s.have_seed);
  CHECK(s.verbose);
  CHECK(s.record == "r.jsonl");
  CHECK(s.mode == "live");
  CHECK(p.out.empty());
  CHECK(p.err.empty());
}

TEST_CASE("options: --help prints the usage built from the table on stdout and exits 0") {
  Settings s;
  Parsed p = parse(table_for(&s), {"--help"});
  CHECK(p.status == 0);
  CHECK(p.out ==
        "usage: prog [options] <file>\nDoes a thing.\noptions:\n"
        "  -j N           N games at once\n"
        "  --seed S       reproducible boards\n"
        "  --record FILE  one JSON line per game\n"
        "  --verbose      say more\n"
        "  --mode M       lines or live\n"
        "Exit status 2 on a bad command line.\n");
  CHECK(parse(table_for(&s), {"-h"}).status == 0);
}

TEST_CASE("options: a bad command line names the option and the value, prints the usage, exits 2") {
  Settings s;
  const struct {
    std::vector<std::string> words;
    std::string message;
  } cases[] = {
      {{"-j", "0"}, "prog: -j needs a whole number from 1 to 64, not '0'"},
      {{"-j", "x"}, "prog: -j needs a whole number from 1 to 64, not 'x'"},
      {{"-j"}, "prog: -j needs a whole number from 1 to 64\n"},
      {{"--seed", "-3"}, "prog: --seed needs an unsigned integer, not '-3'"},
      {{"--record", ""}, "prog: --record needs a file name, not ''"},
      {{"--mode", "loud"}, "prog: --mode needs lines or live, not 'loud'"},
      {{"--colour", "red"}, "prog: unknown option '--colour'"},
  };
  for (const auto& c : cases) {
    Parsed p = parse(table_for(&s), c.words);
    INFO(p.err);
    CHECK(p.status == 2);
    CHECK(p.err.find(c.message) == 0);
    CHECK(p.err.find("usage: prog") != std::string::npos);
    CHECK(p.out.empty());
  }
  CHECK(s.jobs == 1);  // nothing bad was stored
}

TEST_CASE("options: a help text of several lines continues in the help column; a row without help is hidden") {
  bool a = false, b = false;
  judge::OptionTable t("prog", "usage: prog\n");
  t.flag("--long-switch", &a, "first line\nsecond line").flag("--hidden", &b, "");
  CHECK(t.usage() ==
        "usage: prog\noptions:\n"
        "  --long-switch  first line\n"
        "                 second line\n");
}
