#include "formula.h"

#include <algorithm>
#include <cmath>

namespace g2048 {
namespace pz {

int formula_points(double average_score) {
  const long long s = static_cast<long long>(average_score + 0.5);
  if (s < 1000) return 0;
  if (s < 3000) return static_cast<int>(std::ceil(static_cast<double>(s * s) / 200000.0)) + 30;
  if (s < 8000) return static_cast<int>(std::ceil(12.27 * std::log2(s / 1000.0) + 55.55));
  return std::min(static_cast<int>(std::ceil(42.92 * std::sqrt(std::log2(s / 1000.0)) + 18.16)), 110);
}

}  // namespace pz
}  // namespace g2048
