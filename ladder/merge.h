// `ladder merge DIR OTHER...`: the games of other copies of a ladder (shards
// played on other machines) appended to DIR's, each game at most once. Every
// player of OTHER must be in DIR with the same file (sha256); a game already
// in DIR (same pairing and game) is skipped, so a merge run twice adds nothing.
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

#include "folder.h"

namespace ladder {

int run_merge(const Folder& folder, GameKind game, const std::vector<std::string>& others, std::ostream& out,
              std::ostream& err);

}  // namespace ladder
