// The OJ's grade of a strategy against the sample ladder.
//
// Five groups of five graded samples: 1 3 5 7 9 | 11 .. 19 | 21 .. 29 |
// 31 .. 39 | 41 .. 49. The strategy plays each sample twice on one random
// board, moving first once and second once: 10 points per win, 5 per tie, 0
// per loss, so 100 points per group and 500 in all. The strategy is side A
// of Compete's result codes: its crash, illegal move, timeout or load failure
// is a loss; the sample's is a win for the strategy.
#pragma once
#include <string>
#include <vector>

namespace grade {

constexpr int kGroups = 5;
constexpr int kSamplesPerGroup = 5;
constexpr int kPointsPerGame = 10;
constexpr int kGroupPoints = 2 * kSamplesPerGroup * kPointsPerGame;  // 100
constexpr int kTotalPoints = kGroups * kGroupPoints;                 // 500

// The graded samples of group g (1..5): 10g-9, 10g-7, ..., 10g-1.
std::vector<int> group_samples(int group);

// The strategy's points for a game with Compete result code `code` (strategy = A).
int points_for(int code);
// "won", "tie", "lost", "lost: timed out", "won: the sample crashed", ...
std::string outcome_text(int code);
// True if the code says the sample, not the strategy, could not be loaded.
bool sample_failed_to_load(int code);

struct GameEntry {
  int group = 0;   // 1..5
  int sample = 0;  // 1..50
  bool strategy_first = true;
  int code = 0;  // Compete's result code, strategy = A
};

struct Report {
  int games[kGroups + 1] = {0};   // per group (index 1..5): games recorded
  int points[kGroups + 1] = {0};  // per group: points
  int total = 0;
  int wins = 0, ties = 0, losses = 0;
  int forfeits = 0;  // strategy's crashes, illegal moves, timeouts, load failures
};
Report score(const std::vector<GameEntry>& games);

// The games of a grade in the OJ's order, their codes not set: group by group
// (only `group` when it is not 0), sample by sample, the strategy first, then
// the sample.
std::vector<GameEntry> oj_order(int group);

// The results file: a header line, then one tab-separated line per game
// "group sample first code points outcome", first = strategy | sample.
std::string format_results(const std::vector<GameEntry>& games, const std::string& comment);
// Reads a results file back. False with *error naming the line and the problem.
bool parse_results(const std::string& text, std::vector<GameEntry>* games, std::string* error);

}  // namespace grade
