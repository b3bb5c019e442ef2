// `ladder knockout`: the course's final. The top players of the standings
// (active and playable, best rating first) are seeded into a bracket of the
// next power of two (1 meets the lowest seed, 1 and 2 can meet only in the
// final; seeds beyond the field are byes). Each tie is `pairs` pairings of
// two games (both first movers, both colours); a tie level on points goes on
// one pairing at a time, up to `extra` more, then the higher seed advances.
// The games go to DIR/knockout.jsonl (not to the ratings), the bracket to
// DIR/knockout.txt, each tie's replays to DIR/knockout/round<r>-tie<t>.html.
#pragma once
#include <iosfwd>
#include <utility>
#include <vector>

#include "folder.h"
#include "referee.h"

namespace ladder {

// The first round of a bracket of `size` (a power of two) as pairs of seeds
// from 1: size 8 gives (1,8) (4,5) (2,7) (3,6).
std::vector<std::pair<int, int>> seeded_bracket(int size);

struct KnockoutRequest {
  int top = 8;
  int pairs = 2;
  int extra = 3;
  int jobs = 1;
};

int run_knockout(const Folder& folder, const PlaySettings& settings, const KnockoutRequest& request, std::ostream& out,
                 std::ostream& err);

}  // namespace ladder
