#include "ledger.h"

namespace ladder {

bool read_ledger(const Folder& folder, Ledger* ledger, std::string* error) {
  std::string text;
  if (!read_lines_file(folder.players(), &text, error) ||
      !read_roster(text, "players.jsonl", &ledger->roster, &ledger->warnings, error))
    return false;
  if (!read_lines_file(folder.games(), &text, error) ||
      !read_games(text, "games.jsonl", &ledger->games, &ledger->warnings, error))
    return false;
  return read_lines_file(folder.claims(), &text, error) &&
         read_claims(text, "claims.jsonl", &ledger->claims, &ledger->warnings, error);
}

}  // namespace ladder
