// The standings as files in the ladder's folder, rewritten atomically:
//   standings.txt    the text table (standings.h)
//   standings.json   the same as JSON
//   standings.html   one page: ratings with 95% intervals, games, score,
//                    the per-pair crosstable and the latest games, each game
//                    linked to its replay
//   replays/<id>.html  the viewer's replay page (viewer/page.h) of every
//                    recorded game of player <id>, as side a; rewritten only
//                    when that player has new games (replays/manifest.json)
#pragma once
#include <string>

#include "folder.h"
#include "ledger.h"
#include "standings.h"

namespace ladder {

// The page's HTML. `recent` games are listed (newest first).
std::string render_standings_page(GameKind game, const Ledger& ledger, const Standings& standings, int recent = 200);

// Writes the files above; false with *error naming a file that could not be written.
bool write_standings_files(const Folder& folder, GameKind game, const Ledger& ledger, const Standings& standings,
                           bool with_html, std::string* error);

// The replay page of player `id`'s games (relative to DIR) and the number of
// game `index` (into ledger.games) on it, counted from 1; "" when the game has no record.
std::string replay_link(const Ledger& ledger, size_t index);

}  // namespace ladder
