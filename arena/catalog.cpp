#include "catalog.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace arena {
namespace {

// True when the file's bytes hold the name getPoint (its dynamic symbol table does for a ConnectFour
// plugin, its symbol table for a program built with the OJ's main.cpp).
bool mentions_get_point(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return bytes.find("getPoint") != std::string::npos;
}

}  // namespace

void Catalog::add(const std::string& given) {
  std::error_code ec;
  std::string path = std::filesystem::absolute(given, ec).lexically_normal().string();
  while (path.size() > 1 && path.back() == '/') path.pop_back();  // a folder given as "Strategy/"
  for (const Entry& e : entries_)
    if (e.path == path) return;
  const std::filesystem::path p(path);
  std::string name = p.filename().string();
  if (by_name_.count(name)) name = p.parent_path().filename().string() + "-" + name;
  for (int k = 2; by_name_.count(name); ++k) name = p.filename().string() + "-" + std::to_string(k);
  by_name_[name] = entries_.size();
  // Sources (a zip, a folder) are a ConnectFour side built the OJ's way; so is a program whose file
  // names getPoint (built with the OJ's main.cpp); any other program is a PZ2048 or PDD player.
  std::error_code dir_ec;
  const bool sources = p.extension() == ".zip" || std::filesystem::is_directory(p, dir_ec);
  const Kind kind = sources                    ? Kind::kConnectFour
                    : p.extension() != ".so"   ? (mentions_get_point(path) ? Kind::kConnectFour : Kind::kProgram)
                    : mentions_get_point(path) ? Kind::kConnectFour
                                               : Kind::kBot2048;
  entries_.push_back(Entry{name, path, kind});
}

void Catalog::add_folder(const std::string& folder) {
  std::error_code ec;
  std::vector<std::string> files;
  for (const auto& item : std::filesystem::directory_iterator(folder, ec))
    if (item.path().extension() == ".so" && item.is_regular_file(ec)) files.push_back(item.path().string());
  // Ladder levels in their numeric order: 2.so before 10.so.
  std::sort(files.begin(), files.end(), [](const std::string& x, const std::string& y) {
    return x.size() != y.size() ? x.size() < y.size() : x < y;
  });
  for (const std::string& f : files) add(f);
}

std::string Catalog::find(const std::string& name, std::string* error) const {
  if (name.find('/') != std::string::npos || name.find("..") != std::string::npos) {
    *error = "plugins are named, not given by path: '" + name + "' is refused";
    return "";
  }
  auto it = by_name_.find(name);
  if (it == by_name_.end()) {
    *error = "there is no plugin named '" + name + "'";
    return "";
  }
  return entries_[it->second].path;
}

}  // namespace arena
