#include "rate_governor.h"

#include <algorithm>
#include <cmath>

namespace bot2048 {

double RateGovernor::update(uint64_t moves, double cpu_seconds) {
  const double debt = cpu_seconds - double(moves) / settings_.target_moves_per_second;
  const double horizon = std::max(settings_.min_horizon_seconds, settings_.horizon_share * cpu_seconds);
  scale_ = std::clamp(std::exp(-debt / horizon), settings_.min_scale, settings_.max_scale);
  return scale_;
}

}  // namespace bot2048
