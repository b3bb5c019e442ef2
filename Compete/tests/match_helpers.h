// Running a whole Compete match from a test and checking what it left behind.
#pragma once
#include <map>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "harness.h"

namespace ct {

// What a match leaves in its working folder: the result file, its summary
// (<result>.stats.json) and the record; a plugin's files never land there.
const std::vector<std::string> kMatchFiles = {"record.jsonl", "result.txt", "result.txt.stats.json"};

struct Match {
  RunResult run;
  std::string result_text;
  ParsedResult parsed;
  std::vector<std::string> records;    // the --record file's lines
  std::vector<std::string> cwd_after;  // what the judge's working folder holds afterwards
};

// Plays `rounds` rounds of a vs b (plugin paths) in `cwd`, seeded, with a
// 2000 ms limit per move unless `options` sets one (generous: the machine is
// shared, and only the timeout tests need a short one), the result in
// result.txt and the record in record.jsonl.
inline Match play(const std::string& cwd, const std::string& a, const std::string& b, int rounds,
                  std::vector<std::string> options = {}, uint64_t seed = 7, Watcher watcher = nullptr) {
  bool has_limit = false;
  for (const std::string& o : options) has_limit |= o == "--time-limit";
  std::vector<std::string> args = {"--seed", std::to_string(seed), "--record", "record.jsonl"};
  if (!has_limit) args.insert(args.end(), {"--time-limit", "2000"});
  args.insert(args.end(), options.begin(), options.end());
  args.insert(args.end(), {a, b, "result.txt", std::to_string(rounds)});
  Match m;
  m.run = run_compete(args, cwd, 60000, watcher);
  m.result_text = read_file(cwd + "/result.txt");
  m.parsed = parse_result_file(m.result_text);
  std::string record = read_file(cwd + "/record.jsonl"), line;
  for (char c : record) {
    if (c == '\n') {
      m.records.push_back(line);
      line.clear();
    } else {
      line += c;
    }
  }
  m.cwd_after = list_dir(cwd);
  return m;
}

inline int count_of(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// A record line's integer field.
inline long long json_int(const std::string& line, const std::string& key) {
  std::smatch m;
  std::regex re("\"" + key + "\":(-?[0-9]+)");
  if (!std::regex_search(line, m, re)) return -999;
  return std::stoll(m[1]);
}

// A record line's moves without their times: [(side, x, y), ...].
inline std::vector<std::tuple<char, int, int>> json_moves(const std::string& line) {
  std::vector<std::tuple<char, int, int>> moves;
  std::regex re("\\[\"([AB])\",(-?[0-9]+),(-?[0-9]+),");
  for (auto it = std::sregex_iterator(line.begin(), line.end(), re); it != std::sregex_iterator(); ++it)
    moves.emplace_back((*it)[1].str()[0], std::stoi((*it)[2]), std::stoi((*it)[3]));
  return moves;
}

// Every game of a record, keyed by (round, game), with its code and moves.
using GameKey = std::pair<long long, long long>;
struct RecordedGame {
  long long code;
  std::vector<std::tuple<char, int, int>> moves;
  bool operator==(const RecordedGame& o) const { return code == o.code && moves == o.moves; }
};
inline std::map<GameKey, RecordedGame> games_of(const std::vector<std::string>& records) {
  std::map<GameKey, RecordedGame> games;
  for (const std::string& r : records)
    games[{json_int(r, "round"), json_int(r, "game")}] = RecordedGame{json_int(r, "code"), json_moves(r)};
  return games;
}

}  // namespace ct
