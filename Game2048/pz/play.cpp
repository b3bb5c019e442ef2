#include "play.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <iostream>
#include <sstream>
#include <string>

#include "../engine/slide.h"
#include "pz_game.h"
#include "transcript.h"

namespace g2048 {
namespace pz {
namespace {

constexpr long long kMaxPlaySide = 16;  // what fits a terminal

// The terminal in raw mode while the game runs; restored on every way out.
int tty_fd = -1;
termios saved_mode;
bool raw = false;

void write_tty(const std::string& text) {
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(tty_fd, text.data() + done, text.size() - done);
    if (n <= 0) return;
    done += static_cast<size_t>(n);
  }
}

void restore_terminal() {
  if (!raw) return;
  raw = false;
  write_tty("\033[0m\033[?25h\033[?1049l");  // colours off, cursor on, main screen back
  ::tcsetattr(tty_fd, TCSAFLUSH, &saved_mode);
}

void die_of_signal(int sig) {
  restore_terminal();
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

bool enter_raw_mode(std::string* error) {
  tty_fd = ::open("/dev/tty", O_RDWR | O_CLOEXEC);
  if (tty_fd < 0 || ::tcgetattr(tty_fd, &saved_mode) != 0) {
    *error = "--play needs a terminal (/dev/tty cannot be opened)";
    return false;
  }
  termios mode = saved_mode;
  mode.c_lflag &= ~static_cast<tcflag_t>(ICANON | ECHO | ISIG | IEXTEN);
  mode.c_iflag &= ~static_cast<tcflag_t>(IXON | ICRNL);
  mode.c_cc[VMIN] = 1;
  mode.c_cc[VTIME] = 0;
  if (::tcsetattr(tty_fd, TCSAFLUSH, &mode) != 0) {
    *error = "--play cannot set the terminal to raw mode";
    return false;
  }
  raw = true;
  for (int sig : {SIGTERM, SIGHUP, SIGQUIT}) ::signal(sig, die_of_signal);
  write_tty("\033[?1049h\033[?25l");  // alternate screen, cursor hidden
  return true;
}

// One key: 'w' 'a' 's' 'd' (arrows too), 'z', 'q' (also Ctrl-C, Ctrl-D, end of
// input), or 0 for a key the game ignores.
char read_key() {
  unsigned char c;
  if (::read(tty_fd, &c, 1) != 1) return 'q';
  if (c == 3 || c == 4 || c == 'q' || c == 'Q') return 'q';
  if (c == 27) {  // ESC [ A..D or ESC O A..D
    unsigned char seq[2];
    if (::read(tty_fd, &seq[0], 1) != 1 || (seq[0] != '[' && seq[0] != 'O')) return 0;
    if (::read(tty_fd, &seq[1], 1) != 1) return 0;
    switch (seq[1]) {
      case 'A': return 'w';
      case 'B': return 's';
      case 'C': return 'd';
      case 'D': return 'a';
      default: return 0;
    }
  }
  switch (c) {
    case 'w':
    case 'W': return 'w';
    case 'a':
    case 'A': return 'a';
    case 's':
    case 'S': return 's';
    case 'd':
    case 'D': return 'd';
    case 'z':
    case 'Z': return 'z';
    default: return 0;
  }
}

// Background and foreground (xterm 256 colours) of a tile value.
void tile_colours(int value, int* bg, int* fg) {
  static const int kBackground[] = {252, 230, 223, 216, 209, 203, 196, 229, 228, 227, 221, 214, 208, 135, 99, 63};
  static const int kForeground[] = {244, 236, 236, 236, 231, 231, 231, 236, 236, 236, 236, 231, 231, 231, 231, 231};
  int e = 0;
  while (e < 15 && (1 << e) < value) ++e;  // 0 for empty, 1 for 2, 2 for 4, ...
  *bg = kBackground[e];
  *fg = kForeground[e];
}

void draw(const Game& game, const std::string& title, const std::string& message) {
  const int width = 7;  // a cell's columns; tiles up to 6 digits
  const int height = game.rows() <= 6 ? 3 : 1;
  std::ostringstream s;
  s << "\033[H\033[0m" << title << "\033[K\r\n"
    << "Score: " << game.score() << "   Steps: " << game.steps() << "\033[K\r\n\033[K\r\n";
  for (int r = 0; r < game.rows(); ++r) {
    for (int line = 0; line < height; ++line) {
      s << "  ";
      for (int c = 0; c < game.cols(); ++c) {
        const int v = game.at(r, c);
        int bg, fg;
        tile_colours(v, &bg, &fg);
        std::string text(width, ' ');
        if (line == height / 2) {
          const std::string digits = v ? std::to_string(v) : ".";
          text.replace((width - static_cast<int>(digits.size())) / 2, digits.size(), digits);
        }
        s << "\033[48;5;" << bg << ";38;5;" << fg << ";1m" << text << "\033[0m ";
      }
      s << "\033[K\r\n";
    }
    if (height > 1) s << "\033[K\r\n";
  }
  s << "\033[K\r\n"
    << message << "\033[K\r\n"
    << "arrows or w a s d: move   z: undo   q: quit\033[K\r\n\033[J";
  write_tty(s.str());
}

const char* swipe_name(char key) {
  switch (key) {
    case 'w': return "upward";
    case 'a': return "leftward";
    case 's': return "downward";
    default: return "rightward";
  }
}

}  // namespace

int play_in_terminal(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "PZ2048: --play needs ROWS COLS TARGET SEED (e.g. --play 4 4 2048 7)\n";
    return 2;
  }
  Header header;
  for (int field = 0; field < 4; ++field) {
    std::string problem;
    if (!parse_header_field(field, argv[field], kMaxPlaySide, &header, &problem)) {
      std::cerr << "PZ2048: --play: " << problem << "\n";
      return 2;
    }
  }
  const Target target = normalize_target(header.target);
  const std::string input_header =
      std::to_string(header.rows) + " " + std::to_string(header.cols) + " " + argv[2] + " " + argv[3];
  std::string error;
  if (!enter_raw_mode(&error)) {
    std::cerr << "PZ2048: " << error << "\n";
    return 2;
  }
  Game game(static_cast<int>(header.rows), static_cast<int>(header.cols), target.value, header.seed);
  std::string title = "PZ2048  " + std::to_string(header.rows) + " x " + std::to_string(header.cols) + "   target " +
                      std::to_string(target.value) + "   seed " + argv[3];
  if (!target.announcement.empty()) title += "\033[K\r\n" + target.announcement;
  std::string message = "Reach " + std::to_string(target.value) + "!";
  std::string operations;
  bool over = false;
  for (;;) {
    draw(game, title, message);
    const char key = read_key();
    if (over || key == 'q') break;
    if (key == 0) continue;
    operations += key;
    if (key == 'z') {
      message = game.undo() ? "Undone." : "Nothing to undo.";
    } else {
      const int dir = key == 'w' ? kUp : key == 'a' ? kLeft : key == 's' ? kDown : kRight;
      message = std::string("Swiped ") + swipe_name(key) + (game.move(dir) ? "." : ": nothing moves.");
    }
    if (game.reached_target()) {
      message = "You've merged a " + std::to_string(target.value) + " tile!  Press any key.";
      over = true;
    } else if (game.stuck()) {
      message = "You've stuck.  Press any key.";
      over = true;
    }
  }
  restore_terminal();
  // The transcript, from the Basic mode itself on the game's input.
  const std::string input = input_header + "\n" + operations + "#\n";
  std::istringstream in(input);
  std::ostringstream console;
  run_transcript(in, std::cout, console, &error);
  std::cout << std::flush;
  std::cerr << input << std::flush;
  return 0;
}

}  // namespace pz
}  // namespace g2048
