// What the viewer's tests share: where things are, running the converter,
// and loading a page in headless Chromium to read the DOM its script built.
#pragma once
#include <string>
#include <vector>

#include "../../Compete/tests/harness.h"
#include "../../common/json_read.h"

namespace vt {

std::string repo_root();
std::string build_dir();
std::string record2html();  // build/bin/record2html

// The DOM after the page's script ran (chromium --dump-dom), for the page
// `file` opened at `hash` (e.g. "game=2&step=end"). With `virtual_ms` > 0,
// timers run for that much virtual time first (--virtual-time-budget).
// Fails the test if Chromium does not answer.
std::string dom_of(const std::string& file, const std::string& hash = "", int virtual_ms = 0);
// Saves a screenshot of the page to `png` (width x height pixels).
bool screenshot(const std::string& file, const std::string& hash, const std::string& png, int width = 1100,
                int height = 1300);

// The text inside the element with id="id" (tags removed, entities decoded); "" if absent.
std::string text_by_id(const std::string& dom, const std::string& id);
// The values of attribute `attr` on every element that has it, in document order.
std::vector<std::string> attr_values(const std::string& dom, const std::string& attr);
// The value of attribute `attr` on the element with id="id"; "" if absent.
std::string attr_of_id(const std::string& dom, const std::string& id, const std::string& attr);
// The <title>, decoded.
std::string title_of(const std::string& dom);
// &lt; &gt; &amp; &quot; &#39; decoded.
std::string decode_entities(const std::string& html);

// A record's lines, each parsed as JSON, in file order; fails the test on a line that is not JSON.
std::vector<judge::JsonValue> read_record_lines(const std::string& path);

}  // namespace vt
