// A match's statistics as its rounds complete, taken strictly in round order
// (a round finished early under -j waits for the ones before it), so the
// figures and the SPRT's decision do not depend on the number of workers.
// Each round is a pair of games on one board, A moving first in game 1.
#pragma once
#include <cstdint>
#include <string>

#include "../common/elo_stats.h"
#include "../common/json.h"
#include "../common/sprt.h"

namespace c4 {

// A's points in a game with this result code: 1, 0.5 or 0; -1 for a game
// that counts for nobody (a plugin that could not be loaded).
double points_for_a(int code);

class MatchSummary {
 public:
  // `sprt` null: no test, the match plays every round.
  explicit MatchSummary(const judge::SprtSettings* sprt = nullptr);

  // Adds the next round's two games. Ignored once the SPRT has decided.
  void add_round(int code_game1, int code_game2);

  int rounds_counted() const { return rounds_; }
  bool has_sprt() const { return has_sprt_; }
  const judge::SprtSettings& sprt() const { return sprt_; }
  bool decided() const { return verdict_ != judge::SprtVerdict::kContinue; }
  judge::SprtVerdict verdict() const { return verdict_; }
  double llr() const { return llr_; }
  const judge::GameCounts& games() const { return games_; }
  const judge::PairCounts& pairs() const { return pairs_; }
  int64_t no_result_games() const { return no_result_; }
  judge::MatchStatistics statistics() const { return judge::match_statistics(games_, pairs_); }

  // One line after a round: "Round 3: A 5 - B 3 - D 0 (62.5%), Elo ..., LLR ...".
  std::string round_line() const;
  // The closing block, a few labelled lines.
  std::string block() const;

  // The figures as members of the JSON object `json` is writing:
  // "rounds_counted", "games", "pairs", "sprt".
  void write_json(judge::JsonWriter* json) const;

 private:
  bool has_sprt_ = false;
  judge::SprtSettings sprt_;
  int rounds_ = 0;
  judge::GameCounts games_;
  judge::PairCounts pairs_;
  int64_t no_result_ = 0;
  double llr_ = 0;
  judge::SprtVerdict verdict_ = judge::SprtVerdict::kContinue;
};

// "+85.2", "-3.0", "+inf".
std::string format_elo(double elo);
// "62.5%"
std::string format_percent(double ratio);

}  // namespace c4
