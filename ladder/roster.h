// The ladder's players, replayed from DIR/players.jsonl. Each "add" line is
// one version of a name: "alice@1", "alice@2", ... A new version retires the
// ones before it (their games stay in the history and in the ratings, apart
// from the new version's); "remove" retires every version of a name.
//
//   {"event":"add","id":"alice@2","name":"alice","version":2,"kind":"zip",
//    "file":"players/alice@2/Strategy.zip","program":"players/alice@2/build/Strategy.so",
//    "sha256":"…","playable":true,"reason":"","time":"2026-11-27T20:15:03Z"}
//   {"event":"remove","name":"alice","time":"…"}
#pragma once
#include <string>
#include <unordered_map>
#include <vector>

namespace ladder {

struct Player {
  std::string id, name;  // id: "<name>@<version>"
  int version = 1;
  std::string kind;     // "so", "zip", "program", "c": what was added
  std::string file;     // the copy of the added file, relative to DIR
  std::string program;  // what plays (the plugin or program), relative to DIR; "" if none
  std::string sha256;   // of the added file
  bool playable = false;
  std::string reason;    // why it cannot play, when it cannot
  std::string added;     // UTC time of the add
  bool retired = false;  // a newer version of the name exists
  bool removed = false;  // its name was removed
  // Takes part in matchmaking and knockouts.
  bool active() const { return playable && !retired && !removed; }
};

class Roster {
 public:
  const std::vector<Player>& players() const { return players_; }
  int size() const { return static_cast<int>(players_.size()); }
  // The index of player `id`, or -1.
  int find(const std::string& id) const;
  // The latest version of `name`, or 0.
  int latest_version(const std::string& name) const;

  // Applies one line of players.jsonl; false with *error (naming `where`) on a bad line.
  bool apply(const std::string& where, const std::string& line, std::string* error);

 private:
  std::vector<Player> players_;
  std::unordered_map<std::string, int> index_;
};

// Reads players.jsonl (`text`, named `source` in messages). A torn last line is
// skipped with a warning.
bool read_roster(const std::string& text, const std::string& source, Roster* roster, std::vector<std::string>* warnings,
                 std::string* error);

// A name is 1 to 40 of A-Z a-z 0-9 _ - . not starting with '.' or '-'.
bool valid_name(const std::string& name);

std::string add_line(const Player& player);
std::string remove_line(const std::string& name);

}  // namespace ladder
