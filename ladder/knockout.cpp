#include "knockout.h"

#include <cstdio>
#include <filesystem>
#include <mutex>
#include <ostream>

#include "../common/atomic_file.h"
#include "../common/ordered_pool.h"
#include "../viewer/page.h"
#include "ledger.h"
#include "standings.h"

namespace ladder {

std::vector<std::pair<int, int>> seeded_bracket(int size) {
  std::vector<int> order = {1};
  for (int n = 1; n < size; n *= 2) {
    std::vector<int> next;
    for (int s : order) {
      next.push_back(s);
      next.push_back(2 * n + 1 - s);
    }
    order = next;
  }
  std::vector<std::pair<int, int>> pairs;
  for (size_t k = 0; k + 1 < order.size(); k += 2) pairs.push_back({order[k], order[k + 1]});
  return pairs;
}

namespace {

struct Tie {
  int high = 0, low = 0;  // seeds from 1; low > entrants: a bye
  double points_high = 0, points_low = 0;
  int games = 0;
  int winner = 0;  // a seed
  std::string note;
  std::vector<std::string> records;  // its games' records, for its replay page
};

std::string points_text(double p) {
  char text[32];
  std::snprintf(text, sizeof text, p == static_cast<int>(p) ? "%.0f" : "%.1f", p);
  return text;
}

}  // namespace

int run_knockout(const Folder& folder, const PlaySettings& settings, const KnockoutRequest& request, std::ostream& out,
                 std::ostream& err) {
  Ledger ledger;
  std::string error;
  {
    FolderLock lock(folder);
    if (!lock.ok() || !read_ledger(folder, &ledger, &error)) {
      err << "ladder: " << (lock.ok() ? error : lock.error()) << "\n";
      return 1;
    }
  }
  for (const std::string& w : ledger.warnings) err << "ladder: warning: " << w << "\n";
  const Standings standings = compute_standings(ledger.roster, ledger.games);
  std::vector<int> seeds;  // roster indexes, seed k at k-1
  for (int i : standings.ranking)
    if (ledger.roster.players()[i].active() && static_cast<int>(seeds.size()) < request.top) seeds.push_back(i);
  if (seeds.size() < 2) {
    err << "ladder: a knockout needs at least two active, playable players; there are " << seeds.size() << "\n";
    return 1;
  }
  int size = 1;
  while (size < static_cast<int>(seeds.size())) size *= 2;
  const auto& players = ledger.roster.players();
  const std::string run = "k" + std::to_string(seed_of_pairing(utc_now() + this_owner()));
  const std::string record = folder.dir + "/knockout.jsonl";
  const viewer::Kind kind = settings.game == GameKind::kPonte ? viewer::Kind::kPonte : viewer::Kind::kConnectFour;
  std::mutex record_mutex;
  std::string text = "Knockout of the top " + std::to_string(seeds.size()) + " (bracket of " + std::to_string(size) +
                     "), ties of " + std::to_string(request.pairs) + " pairings (" + std::to_string(2 * request.pairs) +
                     " games)\nSeeds:";
  for (size_t k = 0; k < seeds.size(); ++k) text += " " + std::to_string(k + 1) + "." + players[seeds[k]].id;
  text += "\n";
  out << text;
  std::vector<std::pair<int, int>> round_pairs = seeded_bracket(size);
  for (int round = 1; !round_pairs.empty(); ++round) {
    std::vector<Tie> ties;
    for (auto [x, y] : round_pairs) {
      Tie tie;
      tie.high = std::min(x, y);
      tie.low = std::max(x, y);
      ties.push_back(tie);
    }
    const std::string round_name = round_pairs.size() == 1   ? "Final"
                                   : round_pairs.size() == 2 ? "Semi-finals"
                                   : round_pairs.size() == 4 ? "Quarter-finals"
                                                             : "Round " + std::to_string(round);
    judge::OrderedPool<int> pool(static_cast<int>(ties.size()), request.jobs);
    pool.run(
        [&](int worker, int unit, int*) {
          Tie& tie = ties[unit];
          PlaySettings own = settings;  // the tie's games on the worker's cores
          own.cores = pool.cores(worker);
          if (tie.low > static_cast<int>(seeds.size())) {
            tie.winner = tie.high;
            tie.note = "bye";
            return true;
          }
          const Player& high = players[seeds[tie.high - 1]];
          const Player& low = players[seeds[tie.low - 1]];
          for (int p = 0; p < request.pairs + request.extra; ++p) {
            if (p >= request.pairs && tie.points_high != tie.points_low) break;
            const std::string id =
                run + "-r" + std::to_string(round) + "-t" + std::to_string(unit + 1) + "-" + std::to_string(p);
            for (int g : {0, 1}) {
              GameLine line;
              std::string why;
              line.plan = "knockout";
              if (!play_ladder_game(own, high, low, id, g, seed_of_pairing(id), &line, &why))
                return pool.fail(unit, why);
              tie.points_high += line.counts() ? line.score_a : 0;
              tie.points_low += line.counts() ? 1 - line.score_a : 0;
              ++tie.games;
              std::lock_guard<std::mutex> guard(record_mutex);
              std::vector<std::string> warnings;
              if (!append_record_line(record, game_line(line), &warnings, &why)) return pool.fail(unit, why);
              if (!line.record.empty()) tie.records.push_back(line.record);
            }
          }
          tie.winner = tie.points_low > tie.points_high ? tie.low : tie.high;
          if (tie.points_low == tie.points_high) tie.note = "level: the higher seed advances";
          return true;
        },
        [&](int, int&) { return true; });
    if (!pool.failure().empty()) {
      err << "ladder: " << pool.failure() << "\n";
      return 1;
    }
    std::string block = round_name + ":\n";
    std::vector<std::pair<int, int>> next;
    for (size_t k = 0; k < ties.size(); ++k) {
      const Tie& t = ties[k];
      const std::string high = std::to_string(t.high) + "." + players[seeds[t.high - 1]].id;
      if (t.note == "bye") {
        block += "  " + high + " (bye)\n";
      } else {
        const std::string low = std::to_string(t.low) + "." + players[seeds[t.low - 1]].id;
        // Each tie's replay page: the higher seed is A in every game.
        const std::string page = "knockout/round" + std::to_string(round) + "-tie" + std::to_string(k + 1) + ".html";
        std::error_code ec;
        std::filesystem::create_directories(folder.dir + "/knockout", ec);
        if (!viewer::write_page(folder.dir + "/" + page, kind, t.records, "ladder knockout, " + round_name, &error)) {
          err << "ladder: " << error << "\n";
          return 1;
        }
        block += "  " + high + " " + points_text(t.points_high) + " - " + points_text(t.points_low) + " " + low + " (" +
                 std::to_string(t.games) + " games)  -> " + players[seeds[t.winner - 1]].id +
                 (t.note.empty() ? "" : " (" + t.note + ")") + "  " + page + "\n";
      }
      if (k % 2 == 1) next.push_back({ties[k - 1].winner, t.winner});
    }
    if (ties.size() == 1) block += "Champion: " + players[seeds[ties[0].winner - 1]].id + "\n";
    out << block;
    out.flush();
    text += block;
    round_pairs = next;
  }
  if (!judge::write_file_atomically(folder.dir + "/knockout.txt", text, &error)) {
    err << "ladder: " << error << "\n";
    return 1;
  }
  out << "Files: knockout.txt, knockout.jsonl, knockout/ (each tie's replays) in " << folder.dir << "\n";
  return 0;
}

}  // namespace ladder
