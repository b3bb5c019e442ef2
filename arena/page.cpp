#include "page.h"

#include "../viewer/assets.h"

namespace arena {

std::string page_html() {
  std::string html;
  html += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  html += "<title>Arena</title>\n<style>\n";
  html += viewer::asset_css;
  html += viewer::asset_arena_css;
  html += "</style>\n</head>\n<body>\n<main id=\"page\" data-kind=\"arena\"><h1>Arena</h1>\n";
  html += "<noscript>The arena needs JavaScript.</noscript>\n</main>\n";
  // The viewer's scripts read an embedded record at load: the arena's is empty.
  html +=
      "<script id=\"record\" "
      "type=\"application/json\">{\"kind\":\"none\",\"source\":\"arena\",\"games\":[]}</script>\n";
  html += "<script>\n";
  html += viewer::asset_viewer_js;
  html += viewer::asset_connect4_js;
  html += viewer::asset_game2048_js;
  html += viewer::asset_pdd_js;
  html += viewer::asset_arena_js;
  html += "\nstartArena();\n</script>\n</body>\n</html>\n";
  return html;
}

}  // namespace arena
