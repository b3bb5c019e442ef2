#include "standings_page.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <unordered_map>

#include "../common/atomic_file.h"
#include "../common/json.h"
#include "../common/json_read.h"
#include "../viewer/page.h"

namespace ladder {

using viewer::escape_html;

namespace {

const char kStyle[] =
    "body { max-width: 1200px; }\n"
    "table.ladder td, table.ladder th { padding: 2px 8px; text-align: right; }\n"
    "table.ladder td.name, table.ladder th.name { text-align: left; }\n"
    "table.cross td { text-align: center; padding: 1px 4px; font-size: 90%; }\n"
    "tr.inactive td { color: #888; }\n";

std::string elo_text(double v) {
  if (std::isinf(v)) return v > 0 ? "+&infin;" : "&minus;&infin;";
  char text[32];
  std::snprintf(text, sizeof text, "%+.0f", v);
  return text;
}

// The pair of players whose page holds a game: its a and b as recorded
// (play records every pairing of two players the same way round).
std::string pair_key(const GameLine& g) { return g.a + "--" + g.b; }
std::string replay_page(const std::string& key) { return "replays/" + key + ".html"; }

// Each game's number on its page: game k (with a record) is on the page of
// its pair, numbered in file order from 1.
std::vector<int> numbers_on_pages(const Ledger& ledger) {
  std::unordered_map<std::string, int> next;
  std::vector<int> number(ledger.games.size(), 0);
  for (size_t k = 0; k < ledger.games.size(); ++k)
    if (!ledger.games[k].record.empty()) number[k] = ++next[pair_key(ledger.games[k])];
  return number;
}

std::string score_symbol(double score) { return score == 1 ? "1" : score == 0 ? "0" : "&frac12;"; }

}  // namespace

std::string replay_link(const Ledger& ledger, size_t index) {
  const std::vector<int> number = numbers_on_pages(ledger);
  if (index >= number.size() || number[index] == 0) return "";
  return replay_page(pair_key(ledger.games[index])) + "#game=" + std::to_string(number[index]) + "&step=end";
}

std::string render_standings_page(GameKind game, const Ledger& ledger, const Standings& s, int recent) {
  const auto& players = ledger.roster.players();
  const std::vector<int> number = numbers_on_pages(ledger);
  auto link_of = [&](size_t k) {
    return number[k] ? replay_page(pair_key(ledger.games[k])) + "#game=" + std::to_string(number[k]) + "&step=end"
                     : std::string();
  };
  std::string h = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Ladder standings (" +
                  std::string(game_kind_id(game)) + ")</title>\n<style>\n" + viewer::style_sheet() + kStyle +
                  "</style></head><body>\n";
  h += "<h1>Ladder standings: " + std::string(game == GameKind::kPonte ? "Ponte del Diavolo" : "ConnectFour") +
       "</h1>\n<p id=\"summary\">" + std::to_string(s.games_counted) + " games" +
       (s.games_void ? " (and " + std::to_string(s.games_void) + " void)" : "") + ", " +
       std::to_string(players.size()) +
       " player versions. Ratings: Bradley&ndash;Terry Elo relative to the mean, with 95% intervals.</p>\n";
  h += "<table class=\"ladder\" id=\"standings\"><thead><tr><th>Rank</th><th class=\"name\">Player</th><th>Elo</th>"
       "<th>95% interval</th><th>Games</th><th>Score</th><th>W-L-D</th><th class=\"name\">Status</th></tr></thead>"
       "<tbody>\n";
  int rank = 0;
  std::vector<int> ranked;  // players with games, by rank
  for (int i : s.ranking) {
    const Standing& r = s.rows[i];
    if (r.games) ranked.push_back(i);
    char score[32];
    std::snprintf(score, sizeof score, "%.1f%%", 100 * r.score());
    h += std::string("<tr class=\"") + (players[i].active() ? "active" : "inactive") + "\" data-player=\"" +
         escape_html(players[i].id) + "\" data-elo=\"" +
         (std::isfinite(r.rating.value) ? std::to_string(static_cast<int>(std::lround(r.rating.value))) : "0") +
         "\"><td>" + (r.games ? std::to_string(++rank) : "&ndash;") + "</td><td class=\"name\">" +
         escape_html(players[i].id) + "</td><td>" + (r.games ? elo_text(r.rating.value) : "") + "</td><td>" +
         (r.games ? "[" + elo_text(r.rating.lower) + ", " + elo_text(r.rating.upper) + "]" : "") + "</td><td>" +
         std::to_string(r.games) + "</td><td>" + (r.games ? score : "") + "</td><td>" + std::to_string(r.wins) + "-" +
         std::to_string(r.losses) + "-" + std::to_string(r.draws) + "</td><td class=\"name\">" +
         escape_html(status_of(ledger.roster, i)) + "</td></tr>\n";
  }
  h += "</tbody></table>\n";
  // The crosstable: row player's W-L-D against each column player, each cell's games linked.
  h += "<h2>Crosstable</h2>\n<p>Row player's wins-losses-draws against each column player; the symbols under a "
       "cell are its games (the row player's points), each linked to its replay.</p>\n"
       "<table class=\"cross\" id=\"crosstable\"><thead><tr><th></th>";
  for (size_t c = 0; c < ranked.size(); ++c)
    h += "<th title=\"" + escape_html(players[ranked[c]].id) + "\">" + std::to_string(c + 1) + "</th>";
  h += "</tr></thead><tbody>\n";
  for (size_t r = 0; r < ranked.size(); ++r) {
    h += "<tr><th class=\"name\">" + std::to_string(r + 1) + ". " + escape_html(players[ranked[r]].id) + "</th>";
    for (size_t c = 0; c < ranked.size(); ++c) {
      if (r == c) {
        h += "<td>&times;</td>";
        continue;
      }
      const PairTally t = s.between(ranked[r], ranked[c]);
      if (!t.played()) {
        h += "<td>.</td>";
        continue;
      }
      // A cell of many games links its tally to the pair's page (every game there) instead.
      const std::string tally = std::to_string(t.wins) + "-" + std::to_string(t.losses) + "-" + std::to_string(t.draws);
      const std::string pair_link = t.games.size() > 12 ? link_of(t.games.front()) : std::string();
      h += "<td><span class=\"tally\">" +
           (pair_link.empty() ? tally
                              : "<a class=\"pair\" href=\"" +
                                    escape_html(pair_link.substr(0, pair_link.find('#')) + "#game=1&step=end") + "\">" +
                                    tally + "</a>") +
           "</span>";
      if (t.games.size() <= 12) {
        h += "<br>";
        for (int k : t.games) {
          const GameLine& g = ledger.games[k];
          const double mine = g.a == players[ranked[r]].id ? g.score_a : 1 - g.score_a;
          const std::string link = link_of(k);
          h += link.empty() ? score_symbol(mine) + " "
                            : "<a class=\"game\" href=\"" + escape_html(link) + "\">" + score_symbol(mine) + "</a> ";
        }
      }
      h += "</td>";
    }
    h += "</tr>\n";
  }
  h += "</tbody></table>\n<h2>Latest games</h2>\n<table class=\"ladder\" id=\"games\"><thead><tr><th>#</th>"
       "<th class=\"name\">A</th><th class=\"name\">B</th><th>Result</th><th class=\"name\">Why</th>"
       "<th class=\"name\">Replay</th></tr></thead><tbody>\n";
  int listed = 0;
  for (size_t k = ledger.games.size(); k-- > 0 && listed < recent; ++listed) {
    const GameLine& g = ledger.games[k];
    const std::string link = link_of(k);
    const std::string result = g.result == "void" ? "void"
                               : g.score_a == 1   ? "1-0"
                               : g.score_a == 0   ? "0-1"
                                                  : "&frac12;-&frac12;";
    h += "<tr><td>" + std::to_string(k + 1) + "</td><td class=\"name\">" + escape_html(g.a) +
         "</td><td class=\"name\">" + escape_html(g.b) + "</td><td>" + result + "</td><td class=\"name\">" +
         escape_html(g.reason.substr(0, 120)) + "</td><td class=\"name\">" +
         (link.empty() ? "" : "<a class=\"replay\" href=\"" + escape_html(link) + "\">replay</a>") + "</td></tr>\n";
  }
  h += "</tbody></table>\n</body></html>\n";
  return h;
}

bool write_standings_files(const Folder& folder, GameKind game, const Ledger& ledger, const Standings& s,
                           bool with_html, std::string* error) {
  if (!judge::write_file_atomically(folder.dir + "/standings.txt", format_standings(ledger.roster, s), error) ||
      !judge::write_file_atomically(folder.dir + "/standings.json", standings_json(ledger.roster, s) + "\n", error))
    return false;
  if (!with_html) return true;
  // Each pair's replay page, when it has games it does not show yet.
  std::map<std::string, std::vector<std::string>> lines;  // pair -> its games' records
  for (const GameLine& g : ledger.games)
    if (!g.record.empty()) lines[pair_key(g)].push_back(g.record);
  const std::string manifest_path = folder.dir + "/replays/manifest.json";
  std::map<std::string, long long> shown;
  std::string text, why;
  judge::JsonValue manifest;
  if (judge::read_whole_file(manifest_path, &text, &why) && judge::parse_json(text, &manifest, &why))
    for (const auto& [id, count] : manifest.members) shown[id] = static_cast<long long>(count.number);
  std::error_code ec;
  if (!lines.empty()) std::filesystem::create_directories(folder.dir + "/replays", ec);
  const viewer::Kind kind = game == GameKind::kPonte ? viewer::Kind::kPonte : viewer::Kind::kConnectFour;
  bool changed = false;
  for (const auto& [id, records] : lines) {
    if (shown.count(id) && shown[id] == static_cast<long long>(records.size()) &&
        std::filesystem::exists(folder.dir + "/" + replay_page(id), ec))
      continue;
    if (!viewer::write_page(folder.dir + "/" + replay_page(id), kind, records, "ladder games " + id, error))
      return false;
    shown[id] = static_cast<long long>(records.size());
    changed = true;
  }
  if (changed) {
    judge::JsonWriter json;
    json.begin_object();
    for (const auto& [id, count] : shown) json.field(id, static_cast<int64_t>(count));
    json.end_object();
    if (!judge::write_file_atomically(manifest_path, json.str() + "\n", error)) return false;
  }
  return judge::write_file_atomically(folder.dir + "/standings.html", render_standings_page(game, ledger, s), error);
}

}  // namespace ladder
