// make bench-class-ladder: a simulated class of P players and G recorded
// games (synthetic results drawn from known strengths, no game played),
// written as a ladder's folder, then timed:
//   - the standings recomputed from the files (read, parse, Bradley-Terry, text);
//   - one matchmaking decision: the field built from the ledger and a pair
//     chosen (median over many decisions, each followed by its pairing
//     counted, as play does between claims);
//   - a claim of `ladder play`: the ledger cache brought up to date, the
//     standings (cached), the field and the decision.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "../common/atomic_file.h"
#include "../common/cli.h"
#include "folder.h"
#include "game_record.h"
#include "ledger.h"
#include "ledger_cache.h"
#include "matchmaking.h"
#include "roster.h"
#include "standings.h"
#include "standings_page.h"

namespace {

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  long long players = 200, games = 20000;
  for (int k = 1; k + 1 < argc; k += 2) {
    const std::string option = argv[k];
    long long* target = option == "--players" ? &players : option == "--games" ? &games : nullptr;
    if (!target || !judge::parse_int(argv[k + 1], 2, 10000000, target)) {
      std::cerr << "usage: bench_class_ladder [--players P] [--games G]\n";
      return 2;
    }
  }
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("bench-class-ladder." + std::to_string(::getpid()));
  std::string error;
  if (!ladder::init_folder(dir.string(), ladder::GameKind::kConnectFour, &error)) {
    std::cerr << error << "\n";
    return 1;
  }
  ladder::Folder folder;
  ladder::GameKind kind;
  ladder::open_folder(dir.string(), &folder, &kind, &error);
  // The class: player k's true strength is 10 k Elo; results drawn from Bradley-Terry with 10% draws.
  std::mt19937_64 rng(7);
  std::string roster_text, games_text, claims_text;
  std::vector<double> strength;
  for (int k = 0; k < players; ++k) {
    ladder::Player p;
    p.name = "s" + std::to_string(k);
    p.id = p.name + "@1";
    p.kind = "so";
    p.file = p.program = "players/" + p.id + "/Strategy.so";
    p.sha256 = std::string(64, '0');
    p.playable = true;
    p.added = "2026-11-27T00:00:00Z";
    roster_text += ladder::add_line(p) + "\n";
    strength.push_back(10.0 * k);
  }
  std::uniform_int_distribution<int> pick(0, static_cast<int>(players) - 1);
  std::uniform_real_distribution<double> unit(0, 1);
  for (long long g = 0; g < games; ++g) {
    int a = pick(rng), b = pick(rng);
    while (b == a) b = pick(rng);
    const double expected = 1 / (1 + std::pow(10, (strength[b] - strength[a]) / 400));
    const double u = unit(rng);
    ladder::GameLine line;
    line.pairing = "p" + std::to_string(g / 2);
    line.game = static_cast<int>(g % 2);
    line.a = "s" + std::to_string(a) + "@1";
    line.b = "s" + std::to_string(b) + "@1";
    line.seed = static_cast<uint64_t>(g);
    line.score_a = u < 0.1 ? 0.5 : unit(rng) < expected ? 1 : 0;
    line.result = line.score_a == 1 ? "a" : line.score_a == 0 ? "b" : "draw";
    line.reason = "synthetic";
    line.time = "2026-11-27T00:00:00Z";
    games_text += ladder::game_line(line) + "\n";
    if (line.game == 0) {  // each pairing was claimed once, as play does
      ladder::Claim claim;
      claim.pairing = line.pairing;
      claim.a = line.a;
      claim.b = line.b;
      claim.owner = "elsewhere:1:1";
      claim.time = line.time;
      claims_text += ladder::claim_line(claim) + "\n";
    }
  }
  if (!judge::write_file_atomically(folder.players(), roster_text, &error) ||
      !judge::write_file_atomically(folder.games(), games_text, &error) ||
      !judge::write_file_atomically(folder.claims(), claims_text, &error)) {
    std::cerr << error << "\n";
    return 1;
  }
  std::printf("Simulated class: %lld players, %lld games (%.1f MB of games.jsonl)\n", players, games,
              games_text.size() / 1e6);

  // Standings recomputed from the files, three times: the median.
  std::vector<double> recompute, parse_only, rating_only;
  ladder::Ledger ledger;
  ladder::Standings standings;
  for (int run = 0; run < 3; ++run) {
    const auto start = std::chrono::steady_clock::now();
    ladder::Ledger fresh;
    if (!ladder::read_ledger(folder, &fresh, &error)) {
      std::cerr << error << "\n";
      return 1;
    }
    parse_only.push_back(ms_since(start));
    const auto rate = std::chrono::steady_clock::now();
    ladder::Standings s = ladder::compute_standings(fresh.roster, fresh.games);
    rating_only.push_back(ms_since(rate));
    const std::string text = ladder::format_standings(fresh.roster, s);
    recompute.push_back(ms_since(start));
    ledger = std::move(fresh);
    standings = std::move(s);
  }
  std::printf(
      "Standings recompute (read + parse + Bradley-Terry + table): %.0f ms median of 3 "
      "(parse %.0f ms, ratings %.0f ms)  [target < 2000 ms]\n",
      median(recompute), median(parse_only), median(rating_only));

  // The page: ratings, the 200 x 200 crosstable, the latest games.
  std::vector<double> pages;
  size_t page_bytes = 0;
  for (int run = 0; run < 3; ++run) {
    const auto start = std::chrono::steady_clock::now();
    page_bytes = ladder::render_standings_page(ladder::GameKind::kConnectFour, ledger, standings).size();
    pages.push_back(ms_since(start));
  }
  std::printf("Standings page (HTML, %.1f MB): %.0f ms median of 3\n", page_bytes / 1e6, median(pages));

  // Matchmaking decisions on the field, each pairing counted before the next.
  std::vector<double> decisions, builds;
  ladder::Field field(ledger.roster, standings, ledger.games, {});
  for (int d = 0; d < 1000; ++d) {
    const auto start = std::chrono::steady_clock::now();
    int a = 0, b = 0;
    field.choose(&a, &b);
    field.count(a, b);
    decisions.push_back(ms_since(start));
  }
  for (int d = 0; d < 5; ++d) {
    const auto start = std::chrono::steady_clock::now();
    ladder::Field fresh(ledger.roster, standings, ledger.games, {});
    int a = 0, b = 0;
    fresh.choose(&a, &b);
    builds.push_back(ms_since(start));
  }
  std::printf(
      "Matchmaking decision: %.3f ms median of 1000 (field built from the ledger + decision: %.1f ms)  "
      "[target < 10 ms]\n",
      median(decisions), median(builds));
  // The claims of a long `play`: the cache brought up to date with the pairing
  // just recorded (two lines appended), the cached standings, the field, the decision.
  ladder::LedgerCache cache(folder);
  std::vector<double> claims;
  const auto cold = std::chrono::steady_clock::now();
  if (!cache.refresh(&error)) {
    std::cerr << error << "\n";
    return 1;
  }
  cache.standings();
  const double cold_ms = ms_since(cold);
  for (int d = 0; d < 200; ++d) {
    int a = 0, b = 0;
    {
      ladder::Field field(cache.ledger().roster, cache.standings(), cache.ledger().games, {});
      field.choose(&a, &b);
    }
    for (int g = 0; g < 2; ++g) {
      ladder::GameLine line;
      line.pairing = "bench" + std::to_string(d);
      line.game = g;
      line.a = cache.ledger().roster.players()[a].id;
      line.b = cache.ledger().roster.players()[b].id;
      line.score_a = 0.5;
      line.result = "draw";
      line.reason = "synthetic";
      line.time = "2026-11-27T00:00:00Z";
      std::vector<std::string> warnings;
      ladder::append_record_line(folder.games(), ladder::game_line(line), &warnings, &error);
    }
    const auto start = std::chrono::steady_clock::now();
    if (!cache.refresh(&error)) {
      std::cerr << error << "\n";
      return 1;
    }
    const std::vector<ladder::Claim> open = cache.open_claims();
    ladder::Field field(cache.ledger().roster, cache.standings(), cache.ledger().games, open);
    field.choose(&a, &b);
    claims.push_back(ms_since(start));
  }
  std::sort(claims.begin(), claims.end());
  std::printf(
      "A claim in `ladder play` (new lines read, open pairings, standings cached, field, decision): %.1f ms median of "
      "200, "
      "%.0f ms at most (a rating recompute); the first claim of a run %.0f ms\n",
      median(claims), claims.back(), cold_ms);
  // How well the ratings recover the simulated strengths: Spearman's rank correlation.
  std::vector<int> by_rating(players);
  for (int k = 0; k < players; ++k) by_rating[k] = k;
  std::sort(by_rating.begin(), by_rating.end(),
            [&](int x, int y) { return standings.rows[x].rating.value < standings.rows[y].rating.value; });
  double d2 = 0;
  for (int r = 0; r < players; ++r) {
    const int k = ledger.roster.find("s" + std::to_string(by_rating[r]) + "@1");
    d2 += std::pow(r - by_rating[r], 2) * (k >= 0);
  }
  const double n = static_cast<double>(players);
  std::printf("Ratings against the simulated strengths: Spearman rho %.3f\n", 1 - 6 * d2 / (n * (n * n - 1)));
  std::error_code ec;
  fs::remove_all(dir, ec);
  return 0;
}
