// The sequential probability ratio test that stops a match as soon as it has
// shown that A is at least elo1 stronger than B (H1) or at most elo0 (H0).
//
// It is the generalized SPRT (GSPRT) that fishtest and fastchess run: the
// log-likelihood ratio of the two hypotheses on the score, with the
// distribution of results otherwise left free, in the approximation of
// M. Van den Bergh, "A practical introduction to the GSPRT"
// (hardy.uhasselt.be/Toga/GSPRT_approximation.pdf):
//
//     LLR = (N / 2) ln(v0 / v1),   v_k = sum_i p_i (x_i - s_k)^2,
//
// over N samples (pairs or games) with outcomes x_i (A's points per game:
// 0, 1/4, .., 1 for a pair, 0, 1/2, 1 for a game) seen with frequencies p_i,
// and s_k the score of hypothesis k. The test stops at LLR <= ln(beta /
// (1 - alpha)) (H0 accepted) or LLR >= ln((1 - beta) / alpha) (H1 accepted)
// (Wald's bounds).
//
// A weak prior: every outcome counts 0.05 more in p (N stays the number of
// samples). Fishtest only lifts an empty outcome to 0.001, which keeps the
// ratio finite but lets a short run of identical pairs make the variance
// nearly 0; in ConnectFour the first mover usually wins, so pairs of 1 point
// come in runs, and six of them in a row accept H0. Simulated (pairs of a side
// 31 Elo stronger, 80% of them 1 point, bounds 0 and 10, alpha = beta = 0.05,
// 200 tests): the 0.001 floor accepted H0 in 25% of the tests; the 0.05 prior
// in none, at about the same mean length (194 pairs against 146).
//
// Elo model: logistic, s_k = 1 / (1 + 10^(-elo_k / 400)). Fishtest bounds in
// normalized Elo so that one pair of bounds means the same effort at every
// time control and draw rate; a ConnectFour match has few draws and one time
// setting chosen by its author, while what he reads next to the test is the
// logistic Elo estimate with its interval: bounds in the same unit say at a
// glance whether the estimate sits near elo0 or elo1.
#pragma once
#include <string>

#include "elo_stats.h"

namespace judge {

enum class SprtModel { kPentanomial, kTrinomial };
enum class SprtVerdict { kContinue, kAcceptH0, kAcceptH1 };

struct SprtSettings {
  double elo0 = 0, elo1 = 0, alpha = 0.05, beta = 0.05;
  SprtModel model = SprtModel::kPentanomial;

  double lower_bound() const;  // ln(beta / (1 - alpha))
  double upper_bound() const;  // ln((1 - beta) / alpha)
  // "elo0=0 elo1=10 alpha=0.05 beta=0.05", the form --sprt takes.
  std::string describe() const;
};

// Parses "elo0=E0 elo1=E1 [alpha=A] [beta=B]" (pairs separated by spaces or
// commas; alpha and beta default to 0.05). On a bad string returns false with
// *problem naming it: a malformed pair, an unknown or repeated key, elo0 >=
// elo1, alpha or beta outside (0, 1), alpha + beta >= 1.
bool parse_sprt(const std::string& text, SprtSettings* out, std::string* problem);
// "pentanomial" or "trinomial".
bool parse_sprt_model(const std::string& text, SprtModel* out);
const char* sprt_model_name(SprtModel model);

// The GSPRT log-likelihood ratio over `counts[i]` samples of outcome
// `values[i]` (i < n), for scores s0 and s1 (see above).
double gsprt_llr(const double* counts, const double* values, int n, double s0, double s1);

// The LLR of a match so far, over its pairs or its games as the model says.
double sprt_llr(const SprtSettings& settings, const GameCounts& games, const PairCounts& pairs);
SprtVerdict sprt_verdict(const SprtSettings& settings, double llr);
const char* verdict_name(SprtVerdict verdict);  // "continue", "H0 accepted", "H1 accepted"

}  // namespace judge
