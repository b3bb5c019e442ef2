#include "grade_score.h"

#include <sstream>

#include "../../Compete/game.h"

namespace grade {

std::vector<int> group_samples(int group) {
  std::vector<int> s;
  for (int i = 0; i < kSamplesPerGroup; ++i) s.push_back(10 * group - 9 + 2 * i);
  return s;
}

std::vector<GameEntry> oj_order(int group) {
  std::vector<GameEntry> games;
  for (int g = 1; g <= kGroups; ++g)
    if (group == 0 || g == group)
      for (int sample : group_samples(g))
        for (bool strategy_first : {true, false}) games.push_back(GameEntry{g, sample, strategy_first, 0});
  return games;
}

int points_for(int code) {
  switch (code) {
    case c4::kTie: return kPointsPerGame / 2;
    case c4::kAWins:
    case c4::kBRuntimeError:
    case c4::kBIllegalMove:
    case c4::kBTimeout: return kPointsPerGame;
    default: return 0;  // lost, forfeited, or not played because a side could not be loaded
  }
}

bool sample_failed_to_load(int code) { return code == c4::kBLoadError || code == c4::kBMissingSymbol; }

std::string outcome_text(int code) {
  switch (code) {
    case c4::kTie: return "tie";
    case c4::kAWins: return "won";
    case c4::kBWins: return "lost";
    case c4::kARuntimeError: return "lost: crashed";
    case c4::kAIllegalMove: return "lost: illegal move";
    case c4::kATimeout: return "lost: timed out";
    case c4::kBRuntimeError: return "won: the sample crashed";
    case c4::kBIllegalMove: return "won: the sample made an illegal move";
    case c4::kBTimeout: return "won: the sample timed out";
    case c4::kALoadError: return "lost: cannot be loaded";
    case c4::kAMissingSymbol: return "lost: lacks getPoint or clearPoint";
    case c4::kBLoadError: return "not played: the sample cannot be loaded";
    case c4::kBMissingSymbol: return "not played: the sample lacks getPoint or clearPoint";
  }
  return "unknown result code " + std::to_string(code);
}

Report score(const std::vector<GameEntry>& games) {
  Report r;
  for (const GameEntry& g : games) {
    if (g.group < 1 || g.group > kGroups) continue;
    int p = points_for(g.code);
    ++r.games[g.group];
    r.points[g.group] += p;
    r.total += p;
    if (p == kPointsPerGame)
      ++r.wins;
    else if (g.code == c4::kTie)
      ++r.ties;
    else
      ++r.losses;
    if (g.code == c4::kARuntimeError || g.code == c4::kAIllegalMove || g.code == c4::kATimeout ||
        g.code == c4::kALoadError || g.code == c4::kAMissingSymbol)
      ++r.forfeits;
  }
  return r;
}

std::string format_results(const std::vector<GameEntry>& games, const std::string& comment) {
  std::ostringstream out;
  out << "# " << comment << "\n";
  out << "group\tsample\tfirst\tcode\tpoints\toutcome\n";
  for (const GameEntry& g : games)
    out << g.group << '\t' << g.sample << '\t' << (g.strategy_first ? "strategy" : "sample") << '\t' << g.code << '\t'
        << points_for(g.code) << '\t' << outcome_text(g.code) << '\n';
  return out.str();
}

bool parse_results(const std::string& text, std::vector<GameEntry>* games, std::string* error) {
  std::istringstream in(text);
  std::string line;
  int number = 0;
  games->clear();
  auto fail = [&](const std::string& why) {
    if (error) *error = "line " + std::to_string(number) + ": " + why;
    return false;
  };
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#' || line.rfind("group\t", 0) == 0) continue;
    std::istringstream fields(line);
    GameEntry g;
    std::string first;
    int points = 0;
    if (!(fields >> g.group >> g.sample >> first >> g.code >> points))
      return fail("expected group, sample, first, code, points");
    if (g.group < 1 || g.group > kGroups) return fail("group " + std::to_string(g.group) + " is not 1..5");
    if (g.sample < 1 || g.sample > 50) return fail("sample " + std::to_string(g.sample) + " is not 1..50");
    if (first != "strategy" && first != "sample") return fail("first mover '" + first + "' is not strategy or sample");
    if (g.code < -4 || g.code > 8) return fail("result code " + std::to_string(g.code) + " is not -4..8");
    if (points != points_for(g.code))
      return fail("points " + std::to_string(points) + " do not match result code " + std::to_string(g.code));
    g.strategy_first = first == "strategy";
    games->push_back(g);
  }
  return true;
}

}  // namespace grade
