// The plugins (and PZ2048 player programs) the arena offers, by name. Requests name a plugin; they never
// give a path, so a page can load nothing but what the command line and the
// checkout's plugin folders hold.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace arena {

class Catalog {
 public:
  // Adds `path` under its base name ("3.so"); a name already taken gets its
  // folder in front ("TestCases-3.so"), then a number. A path given twice is kept once.
  void add(const std::string& path);
  // Adds every *.so directly in `folder` (none if it does not exist), in name order.
  void add_folder(const std::string& folder);
  // The plugin's path, or "" with *error saying why the name is refused.
  std::string find(const std::string& name, std::string* error) const;
  // Every name, with what it plays: a ConnectFour side (a plugin or a program
  // whose file names getPoint, a zip or a folder of sources: the last three
  // played the OJ's way), a 2048 bot plugin (another *.so), or a program (a
  // PZ2048 player, or a Ponte del Diavolo program with the course's file interface).
  enum class Kind { kConnectFour, kBot2048, kProgram };
  struct Entry {
    std::string name, path;
    Kind kind;
  };
  const std::vector<Entry>& entries() const { return entries_; }

 private:
  std::vector<Entry> entries_;
  std::map<std::string, size_t> by_name_;
};

}  // namespace arena
