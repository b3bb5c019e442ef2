// Adding a file to the ladder: copied into DIR/players/<id>/, hashed, built
// when it is a source (a student's zip, as grade-class builds it; a PDD
// program's C source, with the course's command), and checked the way the
// judge will use it: a plugin is loaded in the sandboxed host and must export
// getPoint and clearPoint; a PDD program must be an executable file.
//
// A file that cannot play (a zip that does not build, a program that is not
// executable, a plugin without getPoint, a file for the other game) still
// makes a player, marked not playable with the reason; only a file that
// cannot be read or copied is an error.
#pragma once
#include <string>

#include "folder.h"
#include "roster.h"

namespace ladder {

// What kind of entrant `path` is by its name: "zip", "so", "c" or "program".
std::string entrant_kind(const std::string& path);

// Makes *player (all but its version and id) from `file`: its copy and build
// in DIR/<place>/ (a pending folder, made empty first), its paths relative to
// DIR. `host` is the binary that serves as plugin host. Takes no lock: the
// build may take a while.
bool prepare_entrant(const Folder& folder, GameKind game, const std::string& name, const std::string& place,
                     const std::string& file, const std::string& host, Player* player, std::string* error);

// Under the folder's lock: makes the prepared player version `version`,
// moving DIR/<place>/ to DIR/players/<id>/ and its paths with it.
bool settle_entrant(const Folder& folder, const std::string& place, int version, Player* player, std::string* error);

// A pending folder's name for this process, "players/.pending-<pid>", after
// removing those of processes that are gone (killed during an add).
std::string pending_place(const Folder& folder);

}  // namespace ladder
