// The arena's one page: the replay viewer's style and drawing scripts
// (viewer/assets/) with the arena's own script and style (arena/assets/).
#pragma once
#include <string>

namespace arena {

std::string page_html();

}  // namespace arena
