// The match statistics (common/elo_stats.h), the SPRT (common/sprt.h), the
// order in which rounds enter them (Compete/match_summary.h), and the JSON
// reader that --resume uses (common/json_read.h).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

#include "../../common/elo_stats.h"
#include "../../common/json_read.h"
#include "../../common/sprt.h"
#include "../game.h"
#include "../match_summary.h"
#include "../resume.h"

namespace {

const double kInf = std::numeric_limits<double>::infinity();

// Reference figures, computed once with Python 3's standard library from the
// published definitions, independently of this code: each count vector was
// expanded into its list of samples (A's points per game, or per game of a
// pair: 0, 1/4, .., 1); statistics.fmean / pvariance gave the score and the
// variance; the 95% interval is score +- NormalDist().inv_cdf(0.975) *
// sqrt(variance / samples) mapped by Elo = 400 log10(s / (1 - s)); LOS =
// NormalDist().cdf((W - L) / sqrt(W + L)); nElo = (score - 1/2) /
// sqrt(2 * pair variance) * 800 / ln 10 with +- z * (800 / ln 10) / sqrt(2 pairs);
// the LLR is N/2 * ln(v0 / v1), v_k = sum p_i (x_i - s_k)^2 (Van den Bergh's
// GSPRT approximation) with frequencies p_i from the counts plus 0.05 each (the
// prior of sprt.h), N the number of samples, s_k = 1 / (1 + 10^(-elo_k / 400)).
struct Reference {
  const char* name;
  judge::GameCounts games;  // wins, losses, draws
  judge::PairCounts pairs;
  double score, elo, elo_lo, elo_hi, los, draw_ratio;
  double pair_elo_lo, pair_elo_hi, nelo, nelo_lo, nelo_hi;
  double llr_penta_0_10, llr_tri_0_10, llr_penta_m5_5, llr_tri_m5_5;
};

// One reference per row.
// clang-format off
const Reference kReferences[] = {
    {"all draws", {0, 0, 10}, {{0, 0, 5, 0, 0}}, 0.5, 0, 0, 0, 0.5, 1.0,
     0, 0, 0, -215.33884995273496, 215.33884995273496,
     -0.08545882015807735, -0.4034665124152407, 0, 0},
    {"all wins", {8, 0, 0}, {{0, 0, 0, 0, 4}}, 1.0, kInf, kInf, kInf, 0.9976611325094764, 0,
     kInf, kInf, kInf, kInf, kInf,
     0.11303865574660736, 0.2305384144157249, 0.11163794827127935, 0.2274139796142249},
    {"pentanomial with empty bins", {35, 15, 0}, {{3, 0, 9, 0, 13}}, 0.7, 147.19071411783773, 51.07636837880894,
     271.8082707907076, 0.9976611325094764, 0,
     44.865204032952946, 282.6793924605316, 141.8399838359133, 45.53752249772475, 238.14244517410185,
     0.43747479665620437, 0.5598408295096045, 0.44610932190540115, 0.5743638331344104},
    {"mixed, B ahead", {15, 19, 20}, {{4, 5, 10, 7, 1}}, 0.46296296296296297, -25.78319569076738,
     -101.7586544794729, 47.77233619986203, 0.24635833861354395, 0.37037037037037035,
     -99.00288879897799, 45.18868919787162, -33.745927229792095, -126.41301385850323, 58.92115939891905,
     -0.22681054123092304, -0.21689158054112, -0.19114892190761906, -0.1822443007383566},
};
// clang-format on

void check_close(double got, double want) {
  if (std::isinf(want)) {
    CHECK(got == want);
  } else {
    CHECK(std::fabs(got - want) < 1e-9 * std::max(1.0, std::fabs(want)));
  }
}

judge::SprtSettings sprt(double elo0, double elo1, judge::SprtModel model) {
  judge::SprtSettings s;
  s.elo0 = elo0;
  s.elo1 = elo1;
  s.model = model;
  return s;
}

// A small deterministic simulator of paired games: each pair's bin drawn from
// `p` (probabilities of A scoring 0, 1/2, 1, 3/2, 2 points) with a seeded
// generator; the SPRT runs pair by pair to a verdict or `cap` pairs.
judge::SprtVerdict simulate(const double (&p)[5], const judge::SprtSettings& s, std::mt19937_64& rng, int cap) {
  judge::GameCounts games;
  judge::PairCounts pairs;
  for (int n = 0; n < cap; ++n) {
    double u = (rng() >> 11) * (1.0 / 9007199254740992.0);  // 53 bits: [0, 1)
    int bin = 0;
    for (double acc = p[0]; bin < 4 && u >= acc; acc += p[++bin]) {
    }
    ++pairs.bins[bin];
    // The games behind the bin (1 point: a win and a loss).
    static const int wins[5] = {0, 0, 1, 1, 2}, losses[5] = {2, 1, 1, 0, 0}, draws[5] = {0, 1, 0, 1, 0};
    games.wins += wins[bin];
    games.losses += losses[bin];
    games.draws += draws[bin];
    judge::SprtVerdict v = judge::sprt_verdict(s, judge::sprt_llr(s, games, pairs));
    if (v != judge::SprtVerdict::kContinue) return v;
  }
  return judge::SprtVerdict::kContinue;
}

}  // namespace

TEST_SUITE_BEGIN("stats");
TEST_CASE("Elo, interval, LOS, pentanomial and LLR match reference values") {
  for (const Reference& r : kReferences) {
    INFO(std::string(r.name));
    judge::MatchStatistics s = judge::match_statistics(r.games, r.pairs);
    CHECK(s.games == r.games.games());
    CHECK(s.pairs == r.pairs.pairs());
    check_close(s.score, r.score);
    check_close(s.elo.value, r.elo);
    check_close(s.elo.lower, r.elo_lo);
    check_close(s.elo.upper, r.elo_hi);
    check_close(s.los, r.los);
    check_close(s.draw_ratio, r.draw_ratio);
    check_close(s.pair_score, r.score);
    check_close(s.pair_elo.value, r.elo);
    check_close(s.pair_elo.lower, r.pair_elo_lo);
    check_close(s.pair_elo.upper, r.pair_elo_hi);
    check_close(s.normalized_elo.value, r.nelo);
    check_close(s.normalized_elo.lower, r.nelo_lo);
    check_close(s.normalized_elo.upper, r.nelo_hi);
    using judge::SprtModel;
    check_close(judge::sprt_llr(sprt(0, 10, SprtModel::kPentanomial), r.games, r.pairs), r.llr_penta_0_10);
    check_close(judge::sprt_llr(sprt(0, 10, SprtModel::kTrinomial), r.games, r.pairs), r.llr_tri_0_10);
    CHECK(std::fabs(judge::sprt_llr(sprt(-5, 5, SprtModel::kPentanomial), r.games, r.pairs) - r.llr_penta_m5_5) < 1e-9);
    CHECK(std::fabs(judge::sprt_llr(sprt(-5, 5, SprtModel::kTrinomial), r.games, r.pairs) - r.llr_tri_m5_5) < 1e-9);
  }
}

TEST_CASE("no games: even figures and an LLR of 0") {
  judge::MatchStatistics s = judge::match_statistics({}, {});
  CHECK(s.score == 0.5);
  CHECK(s.elo.value == 0);
  CHECK(s.los == 0.5);
  CHECK(judge::sprt_llr(sprt(0, 10, judge::SprtModel::kPentanomial), {}, {}) == 0);
}

TEST_CASE("Wald's bounds and the verdicts") {
  judge::SprtSettings s = sprt(0, 10, judge::SprtModel::kPentanomial);
  CHECK(s.lower_bound() == doctest::Approx(std::log(0.05 / 0.95)));
  CHECK(s.upper_bound() == doctest::Approx(std::log(0.95 / 0.05)));
  CHECK(judge::sprt_verdict(s, 2.95) == judge::SprtVerdict::kAcceptH1);
  CHECK(judge::sprt_verdict(s, -2.95) == judge::SprtVerdict::kAcceptH0);
  CHECK(judge::sprt_verdict(s, 2.9) == judge::SprtVerdict::kContinue);
  s.alpha = 0.01;
  s.beta = 0.1;
  CHECK(s.lower_bound() == doctest::Approx(std::log(0.1 / 0.99)));
  CHECK(s.upper_bound() == doctest::Approx(std::log(0.9 / 0.01)));
}

TEST_CASE("--sprt strings: accepted forms and each bad input named") {
  judge::SprtSettings s;
  std::string problem;
  REQUIRE(judge::parse_sprt("elo0=0 elo1=10", &s, &problem));
  CHECK(s.elo0 == 0);
  CHECK(s.elo1 == 10);
  CHECK(s.alpha == 0.05);
  CHECK(s.beta == 0.05);
  REQUIRE(judge::parse_sprt("elo1=5,elo0=-2.5, alpha=0.01 beta=0.1", &s, &problem));
  CHECK(s.elo0 == -2.5);
  CHECK(s.elo1 == 5);
  CHECK(s.alpha == 0.01);
  CHECK(s.beta == 0.1);
  CHECK(s.describe() == "elo0=-2.5 elo1=5 alpha=0.01 beta=0.1");
  struct Bad {
    const char* text;
    const char* named;
  } bad[] = {
      {"elo0=10 elo1=10", "must be below elo1"},
      {"elo0=5 elo1=0", "must be below elo1"},
      {"elo0=0 elo1=10 alpha=0", "alpha must lie strictly between 0 and 1"},
      {"elo0=0 elo1=10 beta=1", "beta must lie strictly between 0 and 1"},
      {"elo0=0 elo1=10 alpha=-0.1", "alpha must lie"},
      {"elo0=0 elo1=10 alpha=0.6 beta=0.5", "alpha + beta"},
      {"elo0=0", "elo1 is missing"},
      {"", "elo0 is missing"},
      {"elo0=0 elo1=x", "elo1 needs a number, not 'x'"},
      {"elo0=0 elo1=10 gamma=3", "unknown key 'gamma'"},
      {"elo0 0 elo1 10", "'elo0' is not key=value"},
      {"elo0=0 elo1=10 elo1=20", "elo1 is given twice"},
      {"elo0=0 elo1=nan", "elo1 needs a number"},
  };
  for (const Bad& b : bad) {
    INFO(b.text);
    problem.clear();
    CHECK_FALSE(judge::parse_sprt(b.text, &s, &problem));
    CHECK(problem.find(b.named) != std::string::npos);
  }
  judge::SprtModel model;
  CHECK(judge::parse_sprt_model("trinomial", &model));
  CHECK(model == judge::SprtModel::kTrinomial);
  CHECK_FALSE(judge::parse_sprt_model("binomial", &model));
}

TEST_CASE("simulated SPRT between equals accepts H0 far more often than alpha lets it accept H1") {
  // Equal strength: a symmetric pentanomial (the first mover's edge makes 1 point, a win and a
  // loss, the most common pair). elo1 = 20 keeps the runs short.
  const double equal[5] = {0.08, 0.12, 0.6, 0.12, 0.08};
  judge::SprtSettings s = sprt(0, 20, judge::SprtModel::kPentanomial);
  std::mt19937_64 rng(2024);
  int h0 = 0, h1 = 0, open = 0;
  const int runs = 300;
  for (int i = 0; i < runs; ++i) {
    judge::SprtVerdict v = simulate(equal, s, rng, 20000);
    h0 += v == judge::SprtVerdict::kAcceptH0;
    h1 += v == judge::SprtVerdict::kAcceptH1;
    open += v == judge::SprtVerdict::kContinue;
  }
  INFO("H0 " << h0 << ", H1 " << h1 << ", undecided " << open);
  CHECK(open == 0);
  CHECK(h1 <= 2 * s.alpha * runs);  // about alpha * runs = 15 expected
  CHECK(h0 >= 0.9 * runs);

  SUBCASE("and a side stronger by about elo1 is found out as often as 1 - beta allows") {
    // Shift mass towards A: score 0.53, about +21 Elo.
    const double stronger[5] = {0.06, 0.11, 0.58, 0.15, 0.10};
    std::mt19937_64 rng2(7);
    int accepted = 0;
    for (int i = 0; i < runs; ++i) accepted += simulate(stronger, s, rng2, 20000) == judge::SprtVerdict::kAcceptH1;
    INFO("H1 accepted in " << accepted << " of " << runs);
    CHECK(accepted >= 0.85 * runs);
  }
  SUBCASE("the trinomial model decides the same way") {
    judge::SprtSettings t = sprt(0, 20, judge::SprtModel::kTrinomial);
    std::mt19937_64 rng3(11);
    int wrong = 0;
    for (int i = 0; i < runs; ++i) wrong += simulate(equal, t, rng3, 20000) == judge::SprtVerdict::kAcceptH1;
    CHECK(wrong <= 2 * t.alpha * runs);
  }
}

TEST_CASE("a match summary takes rounds as pairs, skips games without a result, stops adding at the verdict") {
  CHECK(c4::points_for_a(c4::kAWins) == 1);
  CHECK(c4::points_for_a(c4::kBTimeout) == 1);
  CHECK(c4::points_for_a(c4::kARuntimeError) == 0);
  CHECK(c4::points_for_a(c4::kTie) == 0.5);
  CHECK(c4::points_for_a(c4::kALoadError) == -1);
  c4::MatchSummary plain;
  plain.add_round(c4::kAWins, c4::kBWins);       // 1 point: a win and a loss
  plain.add_round(c4::kTie, c4::kBIllegalMove);  // 1 1/2
  plain.add_round(c4::kALoadError, c4::kAWins);  // one game without a result: no pair
  CHECK(plain.rounds_counted() == 3);
  CHECK(plain.games().wins == 3);
  CHECK(plain.games().losses == 1);
  CHECK(plain.games().draws == 1);
  CHECK(plain.no_result_games() == 1);
  CHECK(plain.pairs().bins == std::array<int64_t, 5>{0, 0, 1, 1, 0});
  CHECK_FALSE(plain.decided());
  CHECK(plain.block().find("SPRT") == std::string::npos);

  judge::SprtSettings s = sprt(0, 100, judge::SprtModel::kPentanomial);
  c4::MatchSummary tested(&s);
  int rounds = 0;
  while (!tested.decided() && rounds < 100) {
    tested.add_round(c4::kAWins, c4::kBIllegalMove);
    ++rounds;
  }
  REQUIRE(tested.decided());
  CHECK(tested.verdict() == judge::SprtVerdict::kAcceptH1);
  CHECK(tested.rounds_counted() == rounds);
  tested.add_round(c4::kBWins, c4::kBWins);  // after the verdict: ignored
  CHECK(tested.rounds_counted() == rounds);
  CHECK(tested.block().find("H1 accepted after " + std::to_string(rounds) + " rounds") != std::string::npos);
  judge::JsonWriter json;
  json.begin_object();
  tested.write_json(&json);
  json.end_object();
  judge::JsonValue v;
  std::string error;
  REQUIRE(judge::parse_json(json.str(), &v, &error));
  REQUIRE(v.find("sprt") != nullptr);
  CHECK(v.find("sprt")->find("verdict")->text == "H1 accepted");
  CHECK(v.find("pairs")->find("pentanomial")->dump() == "[0,0,0,0," + std::to_string(rounds) + "]");
  CHECK(v.find("games")->find("elo")->type == judge::JsonValue::kNull);  // +inf: no finite figure
}

TEST_CASE("Elo text: signed, one decimal, infinite ends named") {
  CHECK(c4::format_elo(85.04) == "+85.0");
  CHECK(c4::format_elo(-3) == "-3.0");
  CHECK(c4::format_elo(-0.01) == "0.0");
  CHECK(c4::format_elo(0) == "0.0");
  CHECK(c4::format_elo(kInf) == "+inf");
  CHECK(c4::format_elo(-kInf) == "-inf");
}
TEST_SUITE_END();  // "stats"

TEST_SUITE_BEGIN("json reader");
TEST_CASE("reads what the writer writes, and rejects broken text with an offset") {
  judge::JsonValue v;
  std::string error;
  REQUIRE(judge::parse_json(" {\"a\":[1,-2.5e3,\"x\\\"\\u00e9\\n\",true,null,{}],\"b\":18446744073709551615} ", &v,
                            &error));
  REQUIRE(v.type == judge::JsonValue::kObject);
  const judge::JsonValue* a = v.find("a");
  REQUIRE(a != nullptr);
  REQUIRE(a->items.size() == 6);
  CHECK(a->items[1].number == -2500);
  CHECK(a->items[2].text == "x\"\xc3\xa9\n");
  CHECK(a->items[3].boolean);
  CHECK(a->items[4].type == judge::JsonValue::kNull);
  CHECK(v.find("b")->text == "18446744073709551615");  // the literal, exact
  CHECK(v.find("c") == nullptr);
  CHECK(v.dump() == "{\"a\":[1,-2.5e3,\"x\\\"\xc3\xa9\\n\",true,null,{}],\"b\":18446744073709551615}");
  judge::JsonValue again;
  REQUIRE(judge::parse_json(v.dump(), &again, &error));
  CHECK(again == v);
  for (const char* bad : {"{\"a\":1,}", "{\"a\":\"tab\there\"}", "{\"a\":nan}", "{\"a\":01}", "{\"a\":1}{", "[1,2",
                          "{\"a\"", "\"\\x\"", ""}) {
    INFO(bad);
    error.clear();
    CHECK_FALSE(judge::parse_json(bad, &v, &error));
    CHECK(error.find("offset") != std::string::npos);
  }
}

TEST_CASE("settings that differ are named with both values") {
  const std::string recorded = "{\"match_seed\":7,\"rounds\":10,\"env_a\":[\"STRATEGY_MOVE_MS=300\"],\"sprt\":null}";
  CHECK(c4::settings_difference(recorded, recorded).empty());
  CHECK(c4::settings_difference(
            recorded, "{\"match_seed\":8,\"rounds\":10,\"env_a\":[\"STRATEGY_MOVE_MS=300\"],\"sprt\":null}") ==
        "--seed differs: record 7, now 8");
  CHECK(c4::settings_difference(
            recorded, "{\"match_seed\":7,\"rounds\":12,\"env_a\":[\"STRATEGY_MOVE_MS=300\"],\"sprt\":null}") ==
        "the round count differs: record 10, now 12");
  CHECK(c4::settings_difference(recorded, "{\"match_seed\":7,\"rounds\":10,\"env_a\":[],\"sprt\":null}") ==
        "A's --move-time / --move-iterations differs: record [\"STRATEGY_MOVE_MS=300\"], now []");
  CHECK(c4::settings_difference(recorded,
                                "{\"match_seed\":7,\"rounds\":10,\"env_a\":[\"STRATEGY_MOVE_MS=300\"],\"sprt\":\"elo0="
                                "0 elo1=5 alpha=0.05 beta=0.05\"}") ==
        "--sprt differs: record null, now \"elo0=0 elo1=5 alpha=0.05 beta=0.05\"");
}
TEST_SUITE_END();  // "json reader"
