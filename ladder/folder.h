// A ladder's folder: where each file lives, the lock that orders writers, and
// the append-only JSON Lines files every standing is recomputed from.
//
//   DIR/ladder.json     the game (connect4 or pdd), written once by init
//   DIR/players.jsonl   one line per add or remove (roster.h)
//   DIR/claims.jsonl    one line per pairing a play process took on (game_record.h)
//   DIR/games.jsonl     one line per finished game (game_record.h)
//   DIR/players/<id>/   each entrant's file, copied, and what was built from it
//   DIR/lock            flock(2)ed by every writer while it reads and appends
//
// Invariants: lines are only ever appended, each by one write(2) while the
// lock is held; a line cut short by kill -9 is the file's last, and the next
// writer repairs it (with a warning) before appending.
#pragma once
#include <string>
#include <vector>

#include "../common/no_copy.h"

namespace ladder {

enum class GameKind { kConnectFour, kPonte };
const char* game_kind_id(GameKind kind);  // "connect4", "pdd"
bool parse_game_kind(const std::string& text, GameKind* kind);

struct Folder {
  std::string dir;  // absolute
  std::string settings() const { return dir + "/ladder.json"; }
  std::string players() const { return dir + "/players.jsonl"; }
  std::string claims() const { return dir + "/claims.jsonl"; }
  std::string games() const { return dir + "/games.jsonl"; }
  std::string lock() const { return dir + "/lock"; }
};

// Creates DIR and ladder.json; false if DIR already holds a ladder.
bool init_folder(const std::string& dir, GameKind kind, std::string* error);
// Opens an existing ladder: its folder and game.
bool open_folder(const std::string& dir, Folder* folder, GameKind* kind, std::string* error);

// The folder's lock, held from construction to destruction (blocking).
class FolderLock : judge::NoCopy {
 public:
  explicit FolderLock(const Folder& folder);
  ~FolderLock();
  bool ok() const { return fd_ >= 0; }
  const std::string& error() const { return error_; }

 private:
  int fd_ = -1;
  std::string error_;
};

// For a holder of the lock: makes `path` end with a whole line (a last line
// without its newline is completed if it is JSON, cut off otherwise, and a
// warning says which), then appends `line` with one write(2).
bool append_record_line(const std::string& path, const std::string& line, std::vector<std::string>* warnings,
                        std::string* error);

// The text of a JSON Lines file; "" when it does not exist yet.
bool read_lines_file(const std::string& path, std::string* text, std::string* error);

// The time now as "2026-11-27T20:15:03Z".
std::string utc_now();

}  // namespace ladder
