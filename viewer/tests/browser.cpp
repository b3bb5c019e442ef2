#include "browser.h"

#include <doctest/doctest.h>

#include <regex>
#include <sstream>

#ifndef VIEWER_TEST_ROOT
#error "the makefile defines VIEWER_TEST_ROOT and VIEWER_TEST_BUILD"
#endif

namespace vt {

std::string repo_root() { return VIEWER_TEST_ROOT; }
std::string build_dir() { return VIEWER_TEST_BUILD; }
std::string record2html() { return build_dir() + "/bin/record2html"; }

namespace {

// Runs headless Chromium with `args` after its own. Each run has a fresh profile folder,
// removed after it: without one, Chromium leaves a scoped_dir of its cache under
// ~/.cache/chromium-headless at every run. No background connections: the machine's
// network is closed, and they only slow the start.
ct::RunResult run_chromium(const std::vector<std::string>& args) {
  const ct::TempDir profile;
  std::vector<std::string> argv = {"/usr/bin/chromium",
                                   "--headless",
                                   "--no-sandbox",
                                   "--disable-gpu",
                                   "--hide-scrollbars",
                                   "--no-first-run",
                                   "--disable-extensions",
                                   "--disable-quic",
                                   "--disable-background-networking",
                                   "--disable-component-update",
                                   "--disable-sync",
                                   "--user-data-dir=" + profile.path()};
  argv.insert(argv.end(), args.begin(), args.end());
  return ct::run(argv, "/tmp", 120000);
}
std::string url(const std::string& file, const std::string& hash) {
  return "file://" + file + (hash.empty() ? "" : "#" + hash);
}

}  // namespace

std::string dom_of(const std::string& file, const std::string& hash, int virtual_ms) {
  std::vector<std::string> args;
  if (virtual_ms > 0) args.push_back("--virtual-time-budget=" + std::to_string(virtual_ms));
  args.push_back("--dump-dom");
  args.push_back(url(file, hash));
  // Chromium now and then fails to start on a loaded machine: up to three tries.
  ct::RunResult r;
  for (int attempt = 0; attempt < 3; ++attempt) {
    r = run_chromium(args);
    if (r.exited && r.exit_code == 0 && r.out.find("</html>") != std::string::npos) break;
  }
  INFO("chromium stderr: " << r.err.substr(0, 2000));
  REQUIRE(r.exited);
  REQUIRE(r.exit_code == 0);
  REQUIRE(r.out.find("</html>") != std::string::npos);
  return r.out;
}

bool screenshot(const std::string& file, const std::string& hash, const std::string& png, int width, int height) {
  const std::vector<std::string> args = {"--window-size=" + std::to_string(width) + "," + std::to_string(height),
                                         "--screenshot=" + png, url(file, hash)};
  ct::RunResult r;
  bool ok = false;
  for (int attempt = 0; attempt < 3 && !ok; ++attempt) {
    r = run_chromium(args);
    ok = r.exited && r.exit_code == 0 && ct::file_exists(png);
  }
  if (!ok)
    MESSAGE("chromium --screenshot: exit " << r.exit_code << ", signal " << r.signal << ": " << r.err.substr(0, 3000));
  return ok;
}

std::string decode_entities(const std::string& html) {
  std::string out;
  for (size_t i = 0; i < html.size(); ++i) {
    static const std::pair<const char*, char> kEntities[] = {{"&lt;", '<'},   {"&gt;", '>'},   {"&amp;", '&'},
                                                             {"&quot;", '"'}, {"&#39;", '\''}, {"&nbsp;", ' '}};
    bool done = false;
    if (html[i] == '&')
      for (const auto& e : kEntities)
        if (html.compare(i, std::char_traits<char>::length(e.first), e.first) == 0) {
          out += e.second;
          i += std::char_traits<char>::length(e.first) - 1;
          done = true;
          break;
        }
    if (!done) out += html[i];
  }
  return out;
}

std::string text_by_id(const std::string& dom, const std::string& id) {
  size_t at = dom.find("id=\"" + id + "\"");
  if (at == std::string::npos) return "";
  size_t open = dom.rfind('<', at);
  size_t name_end = dom.find_first_of(" >", open + 1);
  const std::string tag = dom.substr(open + 1, name_end - open - 1);
  size_t start = dom.find('>', at) + 1;
  // The matching close tag: count nested tags of the same name.
  int depth = 1;
  size_t pos = start;
  while (depth > 0) {
    size_t next_open = dom.find("<" + tag, pos), next_close = dom.find("</" + tag + ">", pos);
    if (next_close == std::string::npos) return "";
    if (next_open != std::string::npos && next_open < next_close &&
        (dom[next_open + 1 + tag.size()] == ' ' || dom[next_open + 1 + tag.size()] == '>')) {
      ++depth;
      pos = next_open + 1;
    } else {
      --depth;
      pos = next_close + 1;
    }
  }
  std::string inner = dom.substr(start, pos - 1 - start);
  return decode_entities(std::regex_replace(inner, std::regex("<[^>]*>"), ""));
}

std::vector<std::string> attr_values(const std::string& dom, const std::string& attr) {
  std::vector<std::string> out;
  const std::string key = " " + attr + "=\"";
  for (size_t at = dom.find(key); at != std::string::npos; at = dom.find(key, at + 1)) {
    size_t start = at + key.size();
    out.push_back(decode_entities(dom.substr(start, dom.find('"', start) - start)));
  }
  return out;
}

std::string attr_of_id(const std::string& dom, const std::string& id, const std::string& attr) {
  size_t at = dom.find("id=\"" + id + "\"");
  if (at == std::string::npos) return "";
  // The tag ends at the first '>' outside a quoted value (values may hold '>').
  size_t open = dom.rfind('<', at), close = open;
  for (bool quoted = false; close < dom.size() && (quoted || dom[close] != '>'); ++close)
    if (dom[close] == '"') quoted = !quoted;
  std::vector<std::string> v = attr_values(dom.substr(open, close - open), attr);
  return v.empty() ? "" : v[0];
}

std::string title_of(const std::string& dom) {
  size_t a = dom.find("<title>"), b = dom.find("</title>");
  if (a == std::string::npos || b == std::string::npos) return "";
  return decode_entities(dom.substr(a + 7, b - a - 7));
}

std::vector<judge::JsonValue> read_record_lines(const std::string& path) {
  std::vector<judge::JsonValue> lines;
  std::istringstream in(ct::read_file(path));
  std::string line;
  while (std::getline(in, line)) {
    judge::JsonValue v;
    std::string error;
    REQUIRE_MESSAGE(judge::parse_json(line, &v, &error), error);
    lines.push_back(v);
  }
  return lines;
}

}  // namespace vt
