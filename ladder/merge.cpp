#include "merge.h"

#include <ostream>
#include <set>

#include "ledger.h"

namespace ladder {

int run_merge(const Folder& folder, GameKind game, const std::vector<std::string>& others, std::ostream& out,
              std::ostream& err) {
  FolderLock lock(folder);
  Ledger mine;
  std::string error;
  if (!lock.ok() || !read_ledger(folder, &mine, &error)) {
    err << "ladder: " << (lock.ok() ? error : lock.error()) << "\n";
    return 1;
  }
  std::set<std::pair<std::string, int>> have;
  for (const GameLine& g : mine.games) have.insert({g.pairing, g.game});
  int total = 0;
  for (const std::string& dir : others) {
    Folder other;
    GameKind kind;
    Ledger theirs;
    if (!open_folder(dir, &other, &kind, &error)) {
      err << "ladder: " << error << "\n";
      return 1;
    }
    if (other.dir == folder.dir) continue;
    if (kind != game) {
      err << "ladder: " << other.settings() << ": field 'game' is \"" << game_kind_id(kind) << "\", not \""
          << game_kind_id(game) << "\" as in " << folder.settings() << "\n";
      return 1;
    }
    {
      FolderLock other_lock(other);
      if (!read_ledger(other, &theirs, &error)) {
        err << "ladder: " << other.dir << ": " << error << "\n";
        return 1;
      }
    }
    for (const std::string& w : theirs.warnings) err << "ladder: warning: " << other.dir << ": " << w << "\n";
    for (const Player& p : theirs.roster.players()) {
      const int k = mine.roster.find(p.id);
      if (k < 0) {
        err << "ladder: " << other.players() << ": player '" << p.id << "' is not in " << folder.players()
            << " (add it there first, with the same file)\n";
        return 1;
      }
      if (mine.roster.players()[k].sha256 != p.sha256) {
        err << "ladder: " << other.players() << ": player '" << p.id << "' has sha256 " << p.sha256 << ", but "
            << folder.players() << " has " << mine.roster.players()[k].sha256 << "\n";
        return 1;
      }
    }
    int added = 0;
    for (const GameLine& g : theirs.games) {
      if (!have.insert({g.pairing, g.game}).second) continue;
      std::vector<std::string> warnings;
      if (!append_record_line(folder.games(), game_line(g), &warnings, &error)) {
        err << "ladder: " << error << "\n";
        return 1;
      }
      for (const std::string& w : warnings) err << "ladder: warning: " << w << "\n";
      ++added;
    }
    out << other.dir << ": " << added << " new games of " << theirs.games.size() << "\n";
    total += added;
  }
  out << "merged " << total << " games into " << folder.games() << "\n";
  return 0;
}

}  // namespace ladder
