#include "transcript.h"

#include <cctype>
#include <istream>
#include <iterator>
#include <ostream>

#include "../../common/cli.h"
#include "../engine/slide.h"
#include "pz_game.h"

namespace g2048 {
namespace pz {
namespace {

void print_board(const Game& game, std::ostream& out) {
  for (int r = 0; r < game.rows(); ++r) {
    for (int c = 0; c < game.cols(); ++c) out << game.at(r, c) << ' ';
    out << '\n';
  }
}

void print_state(const Game& game, std::ostream& out) {
  out << "Steps: " << game.steps() << " Score: " << game.score() << '\n';
  print_board(game, out);
}

// Reads the header's next token, counting lines; false at the end of the input.
bool next_token(const std::string& text, size_t* pos, int* line, std::string* token) {
  while (*pos < text.size() && std::isspace(static_cast<unsigned char>(text[*pos]))) {
    if (text[*pos] == '\n') ++*line;
    ++*pos;
  }
  if (*pos >= text.size()) return false;
  const size_t start = *pos;
  while (*pos < text.size() && !std::isspace(static_cast<unsigned char>(text[*pos]))) ++*pos;
  *token = text.substr(start, *pos - start);
  return true;
}

// The game is over: the target reached or no move left. Prints the message.
bool finished(const Game& game, std::ostream& out) {
  if (game.reached_target()) {
    out << "You've merged a " << game.target() << " tile!\n";
    return true;
  }
  if (game.stuck()) {
    out << "You've stuck.\n";
    return true;
  }
  return false;
}

}  // namespace

const char* const kHeaderFields[4] = {"rows", "cols", "target", "seed"};

bool parse_header_field(int field, const std::string& token, long long max_side, Header* header, std::string* problem) {
  bool ok = true;
  long long signed_seed = 0;
  switch (field) {
    case 0: ok = judge::parse_int(token, 1, max_side, &header->rows); break;
    case 1: ok = judge::parse_int(token, 1, max_side, &header->cols); break;
    case 2: ok = judge::parse_int(token, INT64_MIN, INT64_MAX, &header->target); break;
    default:
      // A negative seed is taken as the course's signed value converted to 64 bits.
      if (!judge::parse_u64(token, &header->seed)) {
        ok = judge::parse_int(token, INT64_MIN, -1, &signed_seed);
        header->seed = static_cast<uint64_t>(signed_seed);
      }
      break;
  }
  if (!ok)
    *problem = std::string(kHeaderFields[field]) + " '" + token + "' is not " +
               (field < 2 ? "a whole number from 1 to " + std::to_string(max_side) : "a 64-bit integer");
  return ok;
}

bool run_transcript(std::istream& in, std::ostream& out, std::ostream& console, std::string* error) {
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  size_t pos = 0;
  int line = 1;
  Header header;
  for (int field = 0; field < 4; ++field) {
    std::string token, problem;
    if (!next_token(text, &pos, &line, &token)) {
      *error = "line " + std::to_string(line) + ": the input ends before " + kHeaderFields[field] +
               " (expected 'rows cols target seed')";
      return false;
    }
    if (!parse_header_field(field, token, kMaxSide, &header, &problem)) {
      *error = "line " + std::to_string(line) + ": " + problem;
      return false;
    }
  }
  const long long rows = header.rows, cols = header.cols, target = header.target;
  const uint64_t seed = header.seed;

  const Target chosen = normalize_target(target);
  // The course prints this on its console, not into the transcript.
  if (!chosen.announcement.empty()) console << chosen.announcement << '\n';
  Game game(static_cast<int>(rows), static_cast<int>(cols), chosen.value, seed);
  out << "[0] ";
  print_state(game, out);
  // The end of the game is checked only after an operation line: a board that
  // is stuck (or won) from the start still reads operations until one is made.
  bool over = false;
  long long step = 0;
  for (; !over && pos < text.size(); ++pos) {
    const char op = text[pos];
    if (std::isspace(static_cast<unsigned char>(op))) continue;
    if (op == '#') break;
    out << '[' << ++step << "] ";
    // The course's keys: w a s d swipe, z undoes.
    static const std::string kKeys = "wasd";
    static const char* const kSwipes[] = {"Swiped upward.", "Swiped leftward.", "Swiped downward.",
                                          "Swiped rightward."};
    static const int kDirections[] = {kUp, kLeft, kDown, kRight};
    const size_t key = kKeys.find(op);
    bool succeeded = false;
    if (key != std::string::npos) {
      out << kSwipes[key];
      succeeded = game.move(kDirections[key]);
    } else if (op == 'z') {
      out << "Tried to undo previous operation.";
      succeeded = game.undo();
    } else {
      out << "Invalid operation.\n";
      continue;
    }
    out << (succeeded ? " Operation succeeded.\n" : " Operation failed.\n");
    print_state(game, out);
    over = finished(game, out);
  }
  out << "Game ended.\nSteps: " << game.steps() << "\nScore: " << game.score() << '\n';
  return true;
}

}  // namespace pz
}  // namespace g2048
