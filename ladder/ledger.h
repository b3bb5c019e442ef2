// Everything a ladder's folder records, read at once: the roster, every game
// once, the claims. Warnings (torn last lines, duplicate games) are collected,
// not fatal; a malformed line is an error naming its file and line.
#pragma once
#include <string>
#include <vector>

#include "folder.h"
#include "game_record.h"
#include "roster.h"

namespace ladder {

struct Ledger {
  Roster roster;
  std::vector<GameLine> games;
  std::vector<Claim> claims;  // in file order: a pairing's latest claim is its last
  std::vector<std::string> warnings;
};

bool read_ledger(const Folder& folder, Ledger* ledger, std::string* error);

}  // namespace ladder
