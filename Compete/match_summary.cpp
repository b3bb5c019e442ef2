#include "match_summary.h"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "game.h"

namespace c4 {
namespace {

std::string fixed(double v, int decimals) {
  char text[48];
  std::snprintf(text, sizeof text, "%.*f", decimals, v);
  return text;
}

std::string interval(const judge::Estimate& e) {
  return format_elo(e.value) + " [" + format_elo(e.lower) + ", " + format_elo(e.upper) + "]";
}

std::string pentanomial(const judge::PairCounts& p) {
  std::ostringstream out;
  out << "[" << p.bins[0] << " " << p.bins[1] << " " << p.bins[2] << " " << p.bins[3] << " " << p.bins[4] << "]";
  return out.str();
}

void estimate_fields(judge::JsonWriter* json, const std::string& name, const judge::Estimate& e) {
  json->field(name, e.value).field(name + "_lower", e.lower).field(name + "_upper", e.upper);
}

}  // namespace

double points_for_a(int code) {
  if (counts_for_nobody(code)) return -1;
  Side side = credited_side(code);
  return side == kA ? 1 : side == kB ? 0 : 0.5;
}

std::string format_elo(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  std::string text = fixed(elo, 1);
  if (text == "-0.0") text = "0.0";
  return elo >= 0 && text != "0.0" ? "+" + text : text;
}

std::string format_percent(double ratio) { return fixed(100 * ratio, 1) + "%"; }

MatchSummary::MatchSummary(const judge::SprtSettings* sprt) {
  if (sprt) {
    has_sprt_ = true;
    sprt_ = *sprt;
  }
}

void MatchSummary::add_round(int code_game1, int code_game2) {
  if (decided()) return;
  ++rounds_;
  double points[2] = {points_for_a(code_game1), points_for_a(code_game2)};
  for (double p : points) {
    if (p < 0)
      ++no_result_;
    else if (p == 1)
      ++games_.wins;
    else if (p == 0)
      ++games_.losses;
    else
      ++games_.draws;
  }
  if (points[0] >= 0 && points[1] >= 0) ++pairs_.bins[judge::pair_bin(points[0], points[1])];
  if (has_sprt_) {
    llr_ = judge::sprt_llr(sprt_, games_, pairs_);
    verdict_ = judge::sprt_verdict(sprt_, llr_);
  }
}

std::string MatchSummary::round_line() const {
  judge::MatchStatistics s = statistics();
  std::ostringstream out;
  out << "After round " << rounds_ - 1 << ": A " << games_.wins << " - B " << games_.losses << " - D " << games_.draws
      << " (" << format_percent(s.score) << "), Elo " << interval(s.elo) << ", LOS " << format_percent(s.los)
      << ", pairs " << pentanomial(pairs_) << " nElo " << format_elo(s.normalized_elo.value);
  if (has_sprt_)
    out << ", LLR " << fixed(llr_, 2) << " [" << fixed(sprt_.lower_bound(), 2) << ", " << fixed(sprt_.upper_bound(), 2)
        << "]" << (decided() ? std::string(": ") + judge::verdict_name(verdict_) : "");
  out << "\n";
  return out.str();
}

std::string MatchSummary::block() const {
  judge::MatchStatistics s = statistics();
  std::ostringstream out;
  out << "Statistics over " << rounds_ << (rounds_ == 1 ? " round" : " rounds") << " (A's side, 95% intervals):\n"
      << "  Games  " << s.games << ": A " << games_.wins << " - B " << games_.losses << " - draws " << games_.draws
      << ", score " << format_percent(s.score) << ", draw ratio " << format_percent(s.draw_ratio);
  if (no_result_ > 0) out << " (" << no_result_ << " without a result, not counted)";
  out << "\n  Elo    " << interval(s.elo) << ", LOS " << format_percent(s.los) << "\n"
      << "  Pairs  " << s.pairs << " by A's points 0, 1/2, 1, 3/2, 2: " << pentanomial(pairs_) << ", Elo "
      << interval(s.pair_elo) << ", normalized Elo " << interval(s.normalized_elo) << "\n";
  if (has_sprt_) {
    out << "  SPRT   " << sprt_.describe() << " (" << judge::sprt_model_name(sprt_.model) << "): LLR " << fixed(llr_, 2)
        << ", bounds [" << fixed(sprt_.lower_bound(), 2) << ", " << fixed(sprt_.upper_bound(), 2) << "]: ";
    if (decided())
      out << judge::verdict_name(verdict_) << " after " << rounds_ << " rounds\n";
    else
      out << "no decision yet\n";
  }
  return out.str();
}

void MatchSummary::write_json(judge::JsonWriter* json) const {
  judge::MatchStatistics s = statistics();
  json->field("rounds_counted", rounds_);
  json->key("games")
      .begin_object()
      .field("count", static_cast<int64_t>(s.games))
      .field("a_wins", static_cast<int64_t>(games_.wins))
      .field("b_wins", static_cast<int64_t>(games_.losses))
      .field("draws", static_cast<int64_t>(games_.draws))
      .field("without_result", static_cast<int64_t>(no_result_))
      .field("score", s.score)
      .field("draw_ratio", s.draw_ratio);
  estimate_fields(json, "elo", s.elo);
  json->field("los", s.los).end_object();
  json->key("pairs").begin_object().field("count", static_cast<int64_t>(s.pairs));
  json->key("pentanomial").begin_array();
  for (int64_t n : pairs_.bins) json->value(n);
  json->end_array().field("score", s.pair_score);
  estimate_fields(json, "elo", s.pair_elo);
  estimate_fields(json, "normalized_elo", s.normalized_elo);
  json->end_object();
  json->key("sprt");
  if (!has_sprt_) {
    json->raw("null");
    return;
  }
  json->begin_object()
      .field("elo0", sprt_.elo0)
      .field("elo1", sprt_.elo1)
      .field("alpha", sprt_.alpha)
      .field("beta", sprt_.beta)
      .field("model", judge::sprt_model_name(sprt_.model))
      .field("elo_model", "logistic")
      .field("llr", llr_)
      .field("lower_bound", sprt_.lower_bound())
      .field("upper_bound", sprt_.upper_bound())
      .field("verdict", judge::verdict_name(verdict_))
      .end_object();
}

}  // namespace c4
