// The course's Extension score: points from the average game score.
#pragma once

namespace g2048 {
namespace pz {

// s = the average rounded to the nearest integer (halves up);
//   s < 1000          -> 0
//   s < 3000          -> ceil(s^2 / 200000) + 30
//   s < 8000          -> ceil(12.27 * log2(s / 1000) + 55.55)
//   otherwise         -> min(ceil(42.92 * sqrt(log2(s / 1000)) + 18.16), 110)
int formula_points(double average_score);

}  // namespace pz
}  // namespace g2048
