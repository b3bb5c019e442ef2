// The standings as files in the ladder's folder, rewritten atomically:
//   standings.txt    the text table (standings.h)
//   standings.json   the same as JSON
//   standings.html   one page: ratings with 95% intervals, games, score,
//                    the per-pair crosstable and the latest games, each game
//                    linked to its replay
//   replays/<a>--<b>.html  the viewer's replay page (viewer/page.h) of
//                    every recorded game between a and b (a the player added
//                    first: play records a pair the same way round), so the
//                    page's A and B are the same players throughout; rewritten
//                    only when the pair has new games (replays/manifest.json)
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

// The link (relative to DIR) to game `index` of ledger.games on its pair's
// replay page; "" when the game has no record.
std::string replay_link(const Ledger& ledger, size_t index);

}  // namespace ladder
