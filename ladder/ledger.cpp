#include "ledger.h"

#include <unordered_map>

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

std::vector<Claim> open_claims(const Ledger& ledger) {
  std::unordered_map<std::string, int> done;
  for (const GameLine& g : ledger.games)
    if (g.game < 2) ++done[g.pairing];
  std::unordered_map<std::string, size_t> latest;  // pairing -> index in `open`
  std::vector<Claim> open;
  for (const Claim& c : ledger.claims) {
    if (done[c.pairing] >= 2) continue;
    auto it = latest.find(c.pairing);
    if (it == latest.end()) {
      latest[c.pairing] = open.size();
      open.push_back(c);
    } else {
      open[it->second] = c;
    }
  }
  return open;
}

}  // namespace ladder
