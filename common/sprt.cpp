#include "sprt.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <vector>

namespace judge {
namespace {

constexpr double kPriorCount = 0.05;  // every outcome counts this much more (see sprt.h)

bool parse_double(const std::string& text, double* out) {
  if (text.empty() || std::isspace(static_cast<unsigned char>(text[0]))) return false;
  char* end = nullptr;
  errno = 0;
  double v = std::strtod(text.c_str(), &end);
  if (errno != 0 || *end != '\0' || !std::isfinite(v)) return false;
  *out = v;
  return true;
}

std::string number_text(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

}  // namespace

double SprtSettings::lower_bound() const { return std::log(beta / (1 - alpha)); }
double SprtSettings::upper_bound() const { return std::log((1 - beta) / alpha); }

std::string SprtSettings::describe() const {
  return "elo0=" + number_text(elo0) + " elo1=" + number_text(elo1) + " alpha=" + number_text(alpha) +
         " beta=" + number_text(beta);
}

bool parse_sprt(const std::string& text, SprtSettings* out, std::string* problem) {
  std::string spaced = text;
  std::replace(spaced.begin(), spaced.end(), ',', ' ');
  std::istringstream words(spaced);
  SprtSettings s;
  std::vector<std::string> seen;
  std::string word;
  while (words >> word) {
    size_t eq = word.find('=');
    if (eq == std::string::npos || eq == 0) {
      *problem = "--sprt: '" + word + "' is not key=value (expected elo0=E0 elo1=E1 [alpha=A] [beta=B])";
      return false;
    }
    std::string key = word.substr(0, eq), value = word.substr(eq + 1);
    double* target = key == "elo0"    ? &s.elo0
                     : key == "elo1"  ? &s.elo1
                     : key == "alpha" ? &s.alpha
                     : key == "beta"  ? &s.beta
                                      : nullptr;
    if (!target) {
      *problem = "--sprt: unknown key '" + key + "' (known: elo0, elo1, alpha, beta)";
      return false;
    }
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
      *problem = "--sprt: " + key + " is given twice";
      return false;
    }
    seen.push_back(key);
    if (!parse_double(value, target)) {
      *problem = "--sprt: " + key + " needs a number, not '" + value + "'";
      return false;
    }
  }
  for (const char* key : {"elo0", "elo1"})
    if (std::find(seen.begin(), seen.end(), key) == seen.end()) {
      *problem = std::string("--sprt: ") + key + " is missing (expected elo0=E0 elo1=E1 [alpha=A] [beta=B])";
      return false;
    }
  if (s.elo0 >= s.elo1) {
    *problem = "--sprt: elo0 (" + number_text(s.elo0) + ") must be below elo1 (" + number_text(s.elo1) + ")";
    return false;
  }
  for (const char* key : {"alpha", "beta"}) {
    double v = key[0] == 'a' ? s.alpha : s.beta;
    if (!(v > 0 && v < 1)) {
      *problem = std::string("--sprt: ") + key + " must lie strictly between 0 and 1, not " + number_text(v);
      return false;
    }
  }
  if (s.alpha + s.beta >= 1) {
    *problem = "--sprt: alpha + beta must be below 1";
    return false;
  }
  *out = s;
  return true;
}

bool parse_sprt_model(const std::string& text, SprtModel* out) {
  if (text == "pentanomial")
    *out = SprtModel::kPentanomial;
  else if (text == "trinomial")
    *out = SprtModel::kTrinomial;
  else
    return false;
  return true;
}

const char* sprt_model_name(SprtModel model) { return model == SprtModel::kPentanomial ? "pentanomial" : "trinomial"; }

double gsprt_llr(const double* counts, const double* values, int n, double s0, double s1) {
  double samples = 0, total = 0;
  std::vector<double> weight(n);
  for (int i = 0; i < n; ++i) {
    samples += counts[i];
    weight[i] = counts[i] + kPriorCount;
    total += weight[i];
  }
  if (samples <= 0) return 0;
  double v0 = 0, v1 = 0;
  for (int i = 0; i < n; ++i) {
    double p = weight[i] / total;
    v0 += p * (values[i] - s0) * (values[i] - s0);
    v1 += p * (values[i] - s1) * (values[i] - s1);
  }
  return 0.5 * samples * std::log(v0 / v1);
}

double sprt_llr(const SprtSettings& s, const GameCounts& games, const PairCounts& pairs) {
  const double s0 = score_from_elo(s.elo0), s1 = score_from_elo(s.elo1);
  if (s.model == SprtModel::kPentanomial) {
    double counts[5], values[5] = {0, 0.25, 0.5, 0.75, 1};
    for (int i = 0; i < 5; ++i) counts[i] = static_cast<double>(pairs.bins[i]);
    return gsprt_llr(counts, values, 5, s0, s1);
  }
  double counts[3] = {static_cast<double>(games.losses), static_cast<double>(games.draws),
                      static_cast<double>(games.wins)};
  double values[3] = {0, 0.5, 1};
  return gsprt_llr(counts, values, 3, s0, s1);
}

SprtVerdict sprt_verdict(const SprtSettings& s, double llr) {
  if (llr >= s.upper_bound()) return SprtVerdict::kAcceptH1;
  if (llr <= s.lower_bound()) return SprtVerdict::kAcceptH0;
  return SprtVerdict::kContinue;
}

const char* verdict_name(SprtVerdict verdict) {
  switch (verdict) {
    case SprtVerdict::kAcceptH0: return "H0 accepted";
    case SprtVerdict::kAcceptH1: return "H1 accepted";
    default: return "continue";
  }
}

}  // namespace judge
