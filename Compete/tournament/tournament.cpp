#include "tournament.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <numeric>
#include <sstream>

#include "../../common/json.h"
#include "../match_summary.h"

namespace c4 {
namespace {

std::string two_digits(int n) {
  char text[16];
  std::snprintf(text, sizeof text, "%02d", n);
  return text;
}

std::string pad(const std::string& s, size_t width) {
  return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}

struct PlayerTotals {
  double games = 0, points = 0;
};

std::vector<PlayerTotals> totals(int players, const std::vector<TournamentPair>& pairs) {
  std::vector<PlayerTotals> t(players);
  for (const TournamentPair& p : pairs) {
    double g = static_cast<double>(p.games.games()), pts = p.games.wins + 0.5 * p.games.draws;
    t[p.a].games += g;
    t[p.a].points += pts;
    t[p.b].games += g;
    t[p.b].points += g - pts;
  }
  return t;
}

// Players by rating, best first (ties: the earlier player first).
std::vector<int> ranking(const std::vector<judge::Estimate>& ratings) {
  std::vector<int> order(ratings.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return ratings[x].value > ratings[y].value; });
  return order;
}

}  // namespace

std::vector<TournamentPair> tournament_pairs(int players, bool gauntlet) {
  std::vector<TournamentPair> pairs;
  for (int a = 0; a < players; ++a)
    for (int b = a + 1; b < players; ++b) {
      if (gauntlet && a != 0) continue;
      TournamentPair p;
      p.a = a;
      p.b = b;
      p.file = "pair_" + two_digits(a + 1) + "_" + two_digits(b + 1) + ".txt";
      pairs.push_back(p);
    }
  return pairs;
}

std::vector<std::string> player_labels(const std::vector<std::string>& plugin_paths) {
  std::vector<std::string> labels;
  for (const std::string& path : plugin_paths) {
    size_t slash = path.rfind('/');
    std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    if (name.size() > 3 && name.compare(name.size() - 3, 3, ".so") == 0) name.resize(name.size() - 3);
    labels.push_back(name);
  }
  std::map<std::string, int> count;
  for (const std::string& l : labels) ++count[l];
  for (size_t i = 0; i < labels.size(); ++i)
    if (count[labels[i]] > 1) labels[i] += "#" + std::to_string(i + 1);
  return labels;
}

std::vector<judge::Estimate> tournament_ratings(int players, const std::vector<TournamentPair>& pairs) {
  std::vector<judge::PairScore> scores;
  for (const TournamentPair& p : pairs) {
    judge::PairScore s;
    s.i = p.a;
    s.j = p.b;
    s.games = static_cast<double>(p.games.games());
    s.points_i = p.games.wins + 0.5 * p.games.draws;
    scores.push_back(s);
  }
  return judge::bradley_terry(players, scores, 1.0);
}

std::string format_tournament(const TournamentReport& r) {
  const int n = static_cast<int>(r.labels.size());
  std::vector<judge::Estimate> ratings = tournament_ratings(n, r.pairs);
  std::vector<PlayerTotals> t = totals(n, r.pairs);
  std::vector<int> order = ranking(ratings);
  size_t width = 8;
  for (const std::string& l : r.labels) width = std::max(width, l.size() + 2);

  std::ostringstream out;
  out << r.header << "\n"
      << "Ratings: Bradley-Terry maximum likelihood, Elo relative to the players' mean, 95% intervals\n"
      << "(1 virtual draw between every two opponents keeps a perfect score finite).\n\n"
      << "rank  " << pad("player", width) << pad("Elo", 9) << pad("95% interval", 20) << pad("games", 7) << "score\n";
  for (int k = 0; k < n; ++k) {
    int i = order[k];
    const judge::Estimate& e = ratings[i];
    out << pad(std::to_string(k + 1), 6) << pad(r.labels[i], width) << pad(format_elo(e.value), 9)
        << pad("[" + format_elo(e.lower) + ", " + format_elo(e.upper) + "]", 20)
        << pad(std::to_string(static_cast<long long>(t[i].games)), 7)
        << (t[i].games > 0 ? format_percent(t[i].points / t[i].games) : "-") << "\n";
  }
  // Crosstable: the row player's wins - losses - draws against each column player.
  std::vector<std::vector<std::string>> cell(n, std::vector<std::string>(n, ""));
  for (int i = 0; i < n; ++i) cell[i][i] = "x";
  for (const TournamentPair& p : r.pairs) {
    if (!p.played) continue;
    const judge::GameCounts& g = p.games;
    cell[p.a][p.b] = std::to_string(g.wins) + "-" + std::to_string(g.losses) + "-" + std::to_string(g.draws);
    cell[p.b][p.a] = std::to_string(g.losses) + "-" + std::to_string(g.wins) + "-" + std::to_string(g.draws);
  }
  size_t cw = 8;
  for (const auto& row : cell)
    for (const std::string& c : row) cw = std::max(cw, c.size() + 2);
  out << "\nCrosstable (row player's wins-losses-draws against the column player):\n" << pad("", 6 + width);
  for (int k = 0; k < n; ++k) out << pad(std::to_string(k + 1), cw);
  out << "\n";
  for (int k = 0; k < n; ++k) {
    int i = order[k];
    out << pad(std::to_string(k + 1), 6) << pad(r.labels[i], width);
    for (int m = 0; m < n; ++m) out << pad(cell[i][order[m]].empty() ? "." : cell[i][order[m]], cw);
    out << "\n";
  }
  out << "\nPlayers:\n";
  for (int i = 0; i < n; ++i) out << "  " << r.labels[i] << "  " << r.plugins[i] << "\n";
  return out.str();
}

std::string tournament_json(const TournamentReport& r) {
  const int n = static_cast<int>(r.labels.size());
  std::vector<judge::Estimate> ratings = tournament_ratings(n, r.pairs);
  std::vector<PlayerTotals> t = totals(n, r.pairs);
  std::vector<int> order = ranking(ratings);
  judge::JsonWriter json;
  json.begin_object()
      .field("header", r.header)
      .field("rating", "Bradley-Terry, Elo relative to the mean, 95%, 1 virtual draw a pair");
  json.key("ranking").begin_array();
  for (int k = 0; k < n; ++k) {
    int i = order[k];
    json.begin_object()
        .field("rank", k + 1)
        .field("player", i + 1)
        .field("label", r.labels[i])
        .field("plugin", r.plugins[i])
        .field("elo", ratings[i].value)
        .field("elo_lower", ratings[i].lower)
        .field("elo_upper", ratings[i].upper)
        .field("games", t[i].games)
        .field("points", t[i].points)
        .end_object();
  }
  json.end_array().key("pairs").begin_array();
  for (const TournamentPair& p : r.pairs) {
    json.begin_object()
        .field("a", p.a + 1)
        .field("b", p.b + 1)
        .field("result_file", p.file)
        .field("played", p.played)
        .field("a_wins", static_cast<int64_t>(p.games.wins))
        .field("b_wins", static_cast<int64_t>(p.games.losses))
        .field("draws", static_cast<int64_t>(p.games.draws))
        .end_object();
  }
  json.end_array().end_object();
  return json.str() + "\n";
}

}  // namespace c4
