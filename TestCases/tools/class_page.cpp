#include "class_page.h"

#include <algorithm>
#include <cstdio>

#include "../../Compete/record.h"
#include "../../common/json_read.h"
#include "../../viewer/page.h"
#include "../../viewer/record.h"

namespace grade {
namespace {

using viewer::escape_html;

std::string seconds(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", s);
  return text;
}

std::string cell(const std::string& html, const char* cls = nullptr) {
  return cls ? std::string("<td class=\"") + cls + "\">" + html + "</td>" : "<td>" + html + "</td>";
}

// The page's own additions to the viewer's style.
const char kClassStyle[] =
    "table.class td, table.class th { white-space: nowrap; }\n"
    "table.class td.num { text-align: right; font-variant-numeric: tabular-nums; }\n"
    "table.class td.detail { white-space: normal; max-width: 520px; }\n"
    "table.class td.detail pre { margin: 0; white-space: pre-wrap; word-break: break-all; }\n"
    "table.class tbody tr { cursor: default; }\n"
    "table.class td.lost { white-space: normal; min-width: 120px; max-width: 320px; }\n"
    "table.class td.lost a { margin-right: 6px; white-space: nowrap; }\n";

// The links of one student's lost games: "5@17" opens game 5 at move 17.
std::string lost_links(const std::string& student, const std::vector<LostGame>& lost) {
  std::string html;
  const std::string page = games_page_link(student);
  for (const LostGame& g : lost) {
    const std::string n = std::to_string(g.game);
    const std::string title = "game " + n + ": sample " + std::to_string(g.sample) + ", the strategy moving " +
                              (g.strategy_first ? "first" : "second") + "; " +
                              (g.step == "end" ? "its end (the record is not annotated)" : "the losing move " + g.step);
    html += "<a class=\"lost-game\" href=\"" + escape_html(page + "#game=" + n + "&step=" + g.step) +
            "\" data-lost-game=\"" + n + "\" data-step=\"" + escape_html(g.step) + "\" title=\"" + escape_html(title) +
            "\">" + n + "@" + escape_html(g.step) + "</a>";
  }
  return html;
}

}  // namespace

std::string games_page_link(const std::string& student) {
  static const char hex[] = "0123456789ABCDEF";
  std::string link;
  for (unsigned char c : student_folder(student)) {
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
        c == '_' || c == '~')
      link += static_cast<char>(c);
    else
      link += std::string("%") + hex[c >> 4] + hex[c & 15];
  }
  return link + "/games.html";
}

std::vector<LostGame> lost_games(const std::string& record) {
  viewer::Record parsed;
  std::string problem;
  if (!viewer::parse_record(record, "games.jsonl", &parsed, &problem) || parsed.kind != viewer::Kind::kConnectFour)
    return {};
  struct Game {
    int round, game, code;
    std::string line;
  };
  std::vector<Game> games;
  for (const std::string& line : parsed.lines) {
    judge::JsonValue v;
    c4::RecordLine game;
    if (!judge::parse_json(line, &v, &problem) || !c4::read_record_line(v, &game, &problem)) return {};
    games.push_back({game.round, game.game, game.result.code, line});
  }
  // The page's order (viewer/assets/connect4.js): round, then game, a stable sort.
  std::stable_sort(games.begin(), games.end(), [](const Game& p, const Game& q) {
    return p.round < q.round || (p.round == q.round && p.game < q.game);
  });
  std::vector<LostGame> lost;
  for (size_t i = 0; i < games.size(); ++i) {
    const Game& g = games[i];
    if (points_for(g.code) != 0) continue;  // won or tied
    LostGame l;
    l.game = static_cast<int>(i + 1);
    l.step = viewer::link_step(g.line);
    l.sample = static_cast<int>(g.round);
    l.strategy_first = g.game == 1;
    lost.push_back(l);
  }
  return lost;
}

std::string format_class_page(std::vector<ClassRow> rows, const std::string& heading,
                              const std::function<bool(const std::string&)>& has_games,
                              const std::function<std::string(const std::string&)>& games_record) {
  const std::vector<RankedRow> ranked = rank_rows(std::move(rows));
  int graded = 0;
  for (const RankedRow& r : ranked) graded += r.row.status == ClassRow::kGraded;
  std::string html =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>Class grade - " +
      escape_html(heading) + "</title>\n<style>\n" + viewer::style_sheet() + kClassStyle +
      "</style>\n</head>\n<body>\n<main id=\"page\" data-kind=\"class\">\n<h1>Class grade</h1>\n<p class=\"source\">" +
      escape_html(heading) + "</p>\n<p>" + std::to_string(ranked.size()) + " uploads, " + std::to_string(graded) +
      " graded. Points per group out of " + std::to_string(kGroupPoints) + ", in all out of " +
      std::to_string(kTotalPoints) +
      "; forfeits are the strategy's own; times in seconds (compiling, and thinking over all its games). "
      "A student's name opens the replay of their games; under Lost games, N@K opens their game N at move K, the "
      "move that lost it when the record is annotated (build/bin/analyze), else at its end (N@end).</p>\n"
      "<div class=\"table-wrap\" style=\"max-height:none\">\n<table class=\"games class\" id=\"class\">\n<thead><tr>"
      "<th>Rank</th><th>Student</th><th>Status</th><th>Total</th>";
  for (int g = 1; g <= kGroups; ++g) html += "<th>Group " + std::to_string(g) + "</th>";
  html +=
      "<th>Won</th><th>Tied</th><th>Lost</th><th>Crashes</th><th>Illegal moves</th><th>Timeouts</th>"
      "<th>Compile s</th><th>Think s</th><th>Lost games</th><th>Detail</th></tr></thead>\n<tbody>\n";
  for (const RankedRow& ranked_row : ranked) {
    const ClassRow& r = ranked_row.row;
    const bool is_graded = r.status == ClassRow::kGraded;
    const std::string name = escape_html(r.student);
    html += "<tr data-student=\"" + name + "\" data-status=\"" + status_text(r.status) + "\"";
    if (is_graded)
      html += " data-rank=\"" + std::to_string(ranked_row.rank) + "\" data-total=\"" + std::to_string(r.report.total) +
              "\"";
    html += ">";
    html += cell(is_graded ? std::to_string(ranked_row.rank) : "", "num");
    html += cell(has_games(r.student) ? "<a href=\"" + escape_html(games_page_link(r.student)) + "\">" + name + "</a>"
                                      : name);
    html += cell(status_text(r.status), is_graded ? nullptr : "bad");
    html += cell(is_graded ? std::to_string(r.report.total) : "", "num");
    for (int g = 1; g <= kGroups; ++g)
      html += cell(is_graded && r.report.games[g] ? std::to_string(r.report.points[g]) : "", "num");
    const int counts[] = {r.report.wins, r.report.ties, r.report.losses, r.crashes, r.illegal_moves, r.timeouts};
    for (int c : counts) html += cell(is_graded ? std::to_string(c) : "", "num");
    html += cell(seconds(r.compile_seconds), "num") + cell(seconds(r.think_seconds), "num");
    html += cell(is_graded && games_record && has_games(r.student)
                     ? lost_links(r.student, lost_games(games_record(r.student)))
                     : "",
                 "lost");
    html += cell(r.detail.empty() ? "" : "<pre>" + escape_html(r.detail) + "</pre>", "detail");
    html += "</tr>\n";
  }
  html += "</tbody>\n</table>\n</div>\n</main>\n</body>\n</html>\n";
  return html;
}

}  // namespace grade
