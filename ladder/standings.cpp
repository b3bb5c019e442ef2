#include "standings.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "../common/bradley_terry.h"
#include "../common/json.h"

namespace ladder {

PairTally Standings::between(int i, int j) const {
  const bool flip = i > j;
  auto it = pairs.find(flip ? std::make_pair(j, i) : std::make_pair(i, j));
  if (it == pairs.end()) return PairTally{};
  PairTally t = it->second;
  if (flip) std::swap(t.wins, t.losses);
  return t;
}

Standings compute_standings(const Roster& roster, const std::vector<GameLine>& games) {
  Standings s;
  const int n = roster.size();
  s.rows.resize(n);
  for (int i = 0; i < n; ++i) s.rows[i].player = i;
  std::set<std::string> unknown;
  for (size_t k = 0; k < games.size(); ++k) {
    const GameLine& g = games[k];
    const int a = roster.find(g.a), b = roster.find(g.b);
    if (a < 0 || b < 0 || a == b) {
      unknown.insert(a < 0 ? g.a : g.b);
      continue;
    }
    if (!g.counts()) {
      ++s.games_void;
      continue;
    }
    ++s.games_counted;
    const double pa = g.score_a, pb = 1 - g.score_a;
    for (const auto& side : {std::make_pair(a, pa), std::make_pair(b, pb)}) {
      Standing& r = s.rows[side.first];
      ++r.games;
      r.points += side.second;
      if (side.second == 1)
        ++r.wins;
      else if (side.second == 0)
        ++r.losses;
      else
        ++r.draws;
    }
    const double pi = a < b ? pa : pb;  // the first of the key's points
    PairTally& t = s.pairs[{std::min(a, b), std::max(a, b)}];
    if (pi == 1)
      ++t.wins;
    else if (pi == 0)
      ++t.losses;
    else
      ++t.draws;
    t.games.push_back(static_cast<int>(k));
  }
  s.unknown.assign(unknown.begin(), unknown.end());
  std::vector<judge::PairScore> scores;
  scores.reserve(s.pairs.size());
  for (const auto& [key, t] : s.pairs)
    scores.push_back(judge::PairScore{key.first, key.second, static_cast<double>(t.played()), t.wins + t.draws / 2.0});
  const std::vector<judge::Estimate> ratings = judge::bradley_terry(n, scores);
  for (int i = 0; i < n; ++i) s.rows[i].rating = ratings[i];
  for (int i = 0; i < n; ++i) s.ranking.push_back(i);
  const auto& players = roster.players();
  std::sort(s.ranking.begin(), s.ranking.end(), [&](int x, int y) {
    const Standing &rx = s.rows[x], &ry = s.rows[y];
    if ((rx.games > 0) != (ry.games > 0)) return rx.games > 0;
    if (rx.rating.value != ry.rating.value) return rx.rating.value > ry.rating.value;
    if (rx.games != ry.games) return rx.games > ry.games;
    return players[x].id < players[y].id;
  });
  return s;
}

std::string status_of(const Roster& roster, int player) {
  const Player& p = roster.players()[player];
  if (!p.playable) return "not playable: " + p.reason;
  if (p.removed) return "removed";
  if (p.retired) return "retired (" + p.name + "@" + std::to_string(roster.latest_version(p.name)) + " is newer)";
  return "active";
}

namespace {

std::string fixed(double v, int decimals) {
  if (std::isinf(v)) return v > 0 ? "+inf" : "-inf";
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, v);
  return text;
}

std::string signed_elo(double v) {
  if (std::isinf(v)) return v > 0 ? "+inf" : "-inf";
  char text[32];
  std::snprintf(text, sizeof text, "%+.0f", v);
  return text;
}

std::string pad(std::string text, size_t width, bool right = false) {
  if (text.size() >= width) return text;
  return right ? std::string(width - text.size(), ' ') + text : text + std::string(width - text.size(), ' ');
}

}  // namespace

std::string format_standings(const Roster& roster, const Standings& s, int crosstable_max) {
  const auto& players = roster.players();
  size_t width = 6;
  for (const Player& p : players) width = std::max(width, p.id.size());
  std::string out = "Standings: " + std::to_string(s.games_counted) + " games";
  if (s.games_void) out += " (and " + std::to_string(s.games_void) + " void)";
  out += ", Bradley-Terry Elo relative to the mean, 95% intervals\n\n";
  out += pad("Rank", 5) + pad("Player", width + 2) + pad("Elo", 6, true) + "  " + pad("95% interval", 14) +
         pad("Games", 6, true) + pad("Score", 8, true) + "  " + pad("W-L-D", 12) + "Status\n";
  int rank = 0;
  std::vector<int> with_games;
  for (int i : s.ranking) {
    const Standing& r = s.rows[i];
    const std::string place = r.games ? std::to_string(++rank) : "-";
    if (r.games) with_games.push_back(i);
    const std::string interval =
        r.games ? "[" + signed_elo(r.rating.lower) + ", " + signed_elo(r.rating.upper) + "]" : "";
    out += pad(place, 5) + pad(players[i].id, width + 2) + pad(r.games ? signed_elo(r.rating.value) : "", 6, true) +
           "  " + pad(interval, 14) + pad(std::to_string(r.games), 6, true) +
           pad(r.games ? fixed(100 * r.score(), 1) + "%" : "", 8, true) + "  " +
           pad(std::to_string(r.wins) + "-" + std::to_string(r.losses) + "-" + std::to_string(r.draws), 12) +
           status_of(roster, i) + "\n";
  }
  for (const std::string& id : s.unknown) out += "(games of '" + id + "', who is not in players.jsonl, skipped)\n";
  if (!with_games.empty() && static_cast<int>(with_games.size()) <= crosstable_max) {
    out += "\nCrosstable (row player's W-L-D against each column, by rank)\n" + pad("", 5 + width);
    for (size_t c = 0; c < with_games.size(); ++c) out += pad(std::to_string(c + 1), 9, true);
    out += "\n";
    for (size_t r = 0; r < with_games.size(); ++r) {
      out += pad(std::to_string(r + 1), 5) + pad(players[with_games[r]].id, width);
      for (size_t c = 0; c < with_games.size(); ++c) {
        const PairTally t = s.between(with_games[r], with_games[c]);
        const std::string cell =
            r == c       ? "x"
            : t.played() ? std::to_string(t.wins) + "-" + std::to_string(t.losses) + "-" + std::to_string(t.draws)
                         : ".";
        out += pad(cell, 9, true);
      }
      out += "\n";
    }
  }
  return out;
}

std::string standings_json(const Roster& roster, const Standings& s) {
  judge::JsonWriter json;
  json.begin_object().field("games", s.games_counted).field("void", s.games_void).key("players").begin_array();
  for (int i : s.ranking) {
    const Standing& r = s.rows[i];
    const Player& p = roster.players()[i];
    json.begin_object()
        .field("id", p.id)
        .field("elo", std::isfinite(r.rating.value) ? r.rating.value : 0.0)
        .field("lower", std::isfinite(r.rating.lower) ? r.rating.lower : -1e9)
        .field("upper", std::isfinite(r.rating.upper) ? r.rating.upper : 1e9)
        .field("games", r.games)
        .field("points", r.points)
        .field("wins", r.wins)
        .field("losses", r.losses)
        .field("draws", r.draws)
        .field("active", p.active())
        .field("status", status_of(roster, i))
        .end_object();
  }
  json.end_array().end_object();
  return json.str();
}

}  // namespace ladder
