// The replay and report page: one HTML file holding a judge's record, the
// viewer's script and its style, so it opens from disk with nothing fetched.
// Shared by Compete, Run2048, pdd-referee (--html) and record2html.
#pragma once
#include <string>
#include <vector>

#include "record.h"

namespace viewer {

// The page for `lines` (JSON objects, one per game, of the judge `kind`;
// Kind::kNone or no lines gives a page that says there are no games).
// `source` names where the record comes from (shown on the page, as text).
std::string render_page(Kind kind, const std::vector<std::string>& lines, const std::string& source);

// Writes render_page(...) to `path` atomically (readers see the old page or
// the new one). False with *error naming the file on failure.
bool write_page(const std::string& path, Kind kind, const std::vector<std::string>& lines, const std::string& source,
                std::string* error);

// The viewer's style sheet, for the kit's other pages (the class page of
// grade-class) to look like the replay pages.
const char* style_sheet();

// `text` safe as HTML text or attribute value: & < > " ' escaped.
std::string escape_html(const std::string& text);
// JSON text safe inside <script>: every <, > and & (which valid JSON has only
// inside strings) becomes a \u escape, so no "</script>" or "<!--" can occur.
std::string escape_script_json(const std::string& json);

}  // namespace viewer
