// The pages' assets as text: viewer/assets/ in the viewer's library, and the
// arena's own (arena/assets/) in the arena's; viewer/embed.sh generates both.
#pragma once

namespace viewer {

extern const char asset_css[];
extern const char asset_viewer_js[];
extern const char asset_connect4_js[];
extern const char asset_game2048_js[];
extern const char asset_pdd_js[];
extern const char asset_arena_js[];   // the arena's library only
extern const char asset_arena_css[];  // the arena's library only

}  // namespace viewer
