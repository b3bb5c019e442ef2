#include "ledger_cache.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "../common/json_read.h"

namespace ladder {
namespace {

// A line of games.jsonl or claims.jsonl read into *out by parse (parse_game,
// parse_claim); false with *error beginning with `where`.
template <class Line>
bool parse_line(const std::string& where, const std::string& line,
                bool (*parse)(const judge::JsonValue&, const std::string&, Line*, std::string*), Line* out,
                std::string* error) {
  judge::JsonValue v;
  std::string why;
  if (!judge::parse_json(line, &v, &why) || v.type != judge::JsonValue::kObject)
    return *error = where + "not a JSON object (" + (why.empty() ? "another value" : why) + ")", false;
  return parse(v, where, out, error);
}

}  // namespace

bool LedgerCache::read_new(const std::string& path, const std::string& source, Tail* tail, bool* restart,
                           const LineHandler& each, std::string* error) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return true;
    return *error = path + ": " + std::strerror(errno), false;
  }
  struct stat st;
  if (::fstat(fd, &st) != 0 || st.st_size < tail->offset) {
    ::close(fd);
    *restart = true;
    return true;
  }
  std::string text(static_cast<size_t>(st.st_size - tail->offset), '\0');
  size_t got = 0;
  while (got < text.size()) {
    const ssize_t n = ::pread(fd, &text[got], text.size() - got, tail->offset + static_cast<off_t>(got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<size_t>(n);
  }
  ::close(fd);
  text.resize(got);
  size_t start = 0;
  for (size_t end = text.find('\n'); end != std::string::npos; start = end + 1, end = text.find('\n', start)) {
    ++tail->lines;
    const std::string line = text.substr(start, end - start);
    const std::string where = source + " line " + std::to_string(tail->lines) + ": ";
    if (line.find_first_not_of(" \t\r") != std::string::npos && !each(where, line, error)) return false;
  }
  tail->offset += static_cast<long long>(start);
  return true;
}

bool LedgerCache::refresh(std::string* error) {
  for (int attempt = 0; attempt < 2; ++attempt) {
    bool restart = false;
    const bool ok =
        read_new(
            folder_.players(), "players.jsonl", &tails_[0], &restart,
            [&](const std::string& where, const std::string& line, std::string* e) {
              return ledger_.roster.apply(where, line, e);
            },
            error) &&
        read_new(
            folder_.games(), "games.jsonl", &tails_[1], &restart,
            [&](const std::string& where, const std::string& line, std::string* e) {
              GameLine g;
              if (!parse_line(where, line, parse_game, &g, e)) return false;
              const std::string pairing = g.pairing;
              const int game = g.game;
              if (add_game(std::move(g), where, &seen_, &ledger_.games, &ledger_.warnings) && game >= 0 && game < 2)
                done_[pairing] |= 1u << game;
              return true;
            },
            error) &&
        read_new(
            folder_.claims(), "claims.jsonl", &tails_[2], &restart,
            [&](const std::string& where, const std::string& line, std::string* e) {
              Claim c;
              if (!parse_line(where, line, parse_claim, &c, e)) return false;
              ledger_.claims.push_back(std::move(c));
              return true;
            },
            error);
    if (!ok) return false;
    if (!restart) return true;
    ledger_ = Ledger();
    seen_.clear();
    done_.clear();
    for (Tail& tail : tails_) tail = Tail();
    rated_ = false;
  }
  return true;
}

unsigned LedgerCache::games_done(const std::string& id) const {
  auto it = done_.find(id);
  return it == done_.end() ? 0 : it->second;
}

std::vector<Claim> LedgerCache::open_claims() const {
  std::unordered_map<std::string, size_t> latest;  // pairing -> index in `open`
  std::vector<Claim> open;
  for (const Claim& c : ledger_.claims) {
    if (games_done(c.pairing) == 3) continue;
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

const Standings& LedgerCache::standings() {
  const size_t games = ledger_.games.size(), players = static_cast<size_t>(ledger_.roster.size());
  if (!rated_ || players != rated_players_ || (games != rated_games_ && (games - rated_games_) * 100 >= rated_games_)) {
    standings_ = compute_standings(ledger_.roster, ledger_.games);
    rated_games_ = games;
    rated_players_ = players;
    rated_ = true;
  }
  return standings_;
}

}  // namespace ladder
