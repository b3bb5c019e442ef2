#include "result_file.h"

#include <sstream>

#include "game.h"

namespace c4 {

std::string format_ratio(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

namespace {

// A line is written once it can stand in its place: game 2's waits for game 1's.
bool shown(const RoundLines& round, int game) {
  return round.game[game].finished && (game == 0 || round.game[0].finished);
}

}  // namespace

Tally tally(const std::vector<RoundLines>& rounds) {
  Tally t;
  for (const RoundLines& round : rounds)
    for (int g = 0; g < 2; ++g) {
      if (!shown(round, g)) continue;
      const GameLine& line = round.game[g];
      ++t.games;
      if (counts_for_nobody(line.code)) continue;
      Side side = credited_side(line.code);
      if (side == kA)
        ++t.a_wins;
      else if (side == kB)
        ++t.b_wins;
      else
        ++t.ties;
    }
  return t;
}

std::string format_stat_block(const Tally& t) {
  std::ostringstream out;
  double games = t.games > 0 ? t.games : 1;
  out << "Stat:\n";
  out << "ratio of A wins : " << format_ratio(t.a_wins / games) << '\n';
  out << "ratio of B wins : " << format_ratio(t.b_wins / games) << '\n';
  out << "ratio of Tie : " << format_ratio(t.ties / games) << '\n';
  out << '\n';
  out << "ratio of (A wins + tie) : " << format_ratio((t.a_wins + t.ties) / games) << '\n';
  out << "ratio of (B wins + tie) : " << format_ratio((t.b_wins + t.ties) / games) << '\n';
  return out.str();
}

std::string format_result_file(const std::vector<RoundLines>& rounds) {
  std::ostringstream out;
  for (size_t i = 0; i < rounds.size(); ++i) {
    const RoundLines& round = rounds[i];
    if (!shown(round, 0)) continue;
    out << i << ":\n";
    for (int g = 0; g < 2; ++g)
      if (shown(round, g))
        out << round.game[g].code << '\t' << round.game[g].time_us_a / 1000000 << '\t'
            << round.game[g].time_us_b / 1000000 << '\n';
    out << '\n';
  }
  out << format_stat_block(tally(rounds));
  return out.str();
}

}  // namespace c4
