#include "page.h"

#include "../common/atomic_file.h"
#include "../common/json.h"

#include "assets.h"

namespace viewer {

namespace {

struct KindPage {
  const char* title;   // before the script draws the page
  const char* script;  // the kind's own script
  const char* render;  // the function that draws it
};

KindPage kind_page(Kind kind) {
  switch (kind) {
    case Kind::kConnectFour: return {"ConnectFour match", asset_connect4_js, "renderConnectFour"};
    case Kind::k2048: return {"2048 run", asset_game2048_js, "render2048"};
    case Kind::kPonte: return {"Ponte del Diavolo games", asset_pdd_js, "renderPonte"};
    case Kind::kNone: break;
  }
  return {"Game record", "", "() => noGames('Game record')"};
}

}  // namespace

const char* style_sheet() { return asset_css; }

std::string escape_html(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string escape_script_json(const std::string& json) {
  std::string out;
  out.reserve(json.size() + json.size() / 64);
  for (char c : json) {
    switch (c) {
      case '<': out += "\\u003c"; break;
      case '>': out += "\\u003e"; break;
      case '&': out += "\\u0026"; break;
      default: out += c;
    }
  }
  return out;
}

std::string render_page(Kind kind, const std::vector<std::string>& lines, const std::string& source) {
  const KindPage page = kind_page(kind);
  judge::JsonWriter head;
  head.begin_object().field("kind", kind_id(kind)).field("source", source);
  std::string data = head.str();
  data += ",\"games\":[";
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i) data += ",\n";
    data += lines[i];
  }
  data += "]}";

  std::string html;
  html.reserve(data.size() + 64 * 1024);
  html += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  html += "<title>" + escape_html(std::string(page.title) + " - " + source) + "</title>\n";
  html += "<style>\n";
  html += asset_css;
  html += "</style>\n</head>\n<body>\n<main id=\"page\" data-kind=\"";
  html += kind_id(kind);
  html += "\"><h1>" + escape_html(page.title) + "</h1>\n";
  html += "<noscript>This page draws the games with JavaScript; the record is in the page's source.</noscript>\n";
  html += "</main>\n<script id=\"record\" type=\"application/json\">";
  html += escape_script_json(data);
  html += "</script>\n<script>\n";
  html += asset_viewer_js;
  html += page.script;
  html += "\nstartViewer(";
  html += lines.empty() ? std::string("() => noGames(") + "'" + page.title + "')" : page.render;
  html += ");\n</script>\n</body>\n</html>\n";
  return html;
}

bool write_page(const std::string& path, Kind kind, const std::vector<std::string>& lines, const std::string& source,
                std::string* error) {
  return judge::write_file_atomically(path, render_page(kind, lines, source), error);
}

}  // namespace viewer
