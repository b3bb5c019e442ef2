// Holds a run's moves per CPU second near a target by scaling the search budget.
//
// The contest judges the whole run's rate (valid moves over the bot's CPU
// seconds), so what matters is the debt: the CPU seconds spent beyond
// moves / target. The scale is a smooth function of it,
//
//   scale = clamp(exp(-debt / horizon), min_scale, max_scale),
//   horizon = max(min_horizon_seconds, horizon_share * elapsed CPU seconds),
//
// so a run that is on target searches at the full budget, one in debt cuts it
// as far as the debt asks and no further, and one ahead may spend its surplus,
// but only in the late stage, where games are lost (scale_for). It
// is an integral controller on the rate (the debt is the integral of the rate
// error): no dead band, no floor reached by a short dip. The horizon grows
// with the run, so a long game's expensive end may borrow a little from the
// games before it; the debt left when the run stops is then
// horizon * ln(1 / scale), a share of its CPU time of at most
// horizon_share * ln(1 / scale) once the run is long.
#pragma once
#include <cstdint>

namespace bot2048 {

struct RateGovernorSettings {
  double target_moves_per_second = 105;  // the contest requires 100
  double min_horizon_seconds = 3;
  double horizon_share = 0.02;
  double min_scale = 0.02;
  double max_scale = 1.5;
};

class RateGovernor {
 public:
  explicit RateGovernor(const RateGovernorSettings& settings) : settings_(settings) {}

  // The budget scale after `moves` moves in `cpu_seconds` CPU seconds since
  // the run's first move (both cumulative).
  double update(uint64_t moves, double cpu_seconds);
  double scale() const { return scale_; }
  // What a move spends: the scale, but at most 1 before the late stage.
  double scale_for(bool late_stage) const { return late_stage || scale_ < 1.0 ? scale_ : 1.0; }

 private:
  RateGovernorSettings settings_;
  double scale_ = 1.0;
};

}  // namespace bot2048
