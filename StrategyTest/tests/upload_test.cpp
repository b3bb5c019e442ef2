// What the OJ checks of an upload, on whatever Strategy/ holds (ours, or a
// student's own files): Strategy.zip's form and size, the plugin's build and
// its C symbols, and the program the OJ makes of it, playing over stdin/stdout.
#include <doctest/doctest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "../../Compete/board.h"
#include "../../common/tests/shell.h"

namespace {

const std::string kRoot = KIT_ROOT;

using test_shell::run_in;
using test_shell::TempDir;

// The zip unpacked into a fresh folder.
void unpack(const TempDir& dir) {
  std::string out;
  REQUIRE_MESSAGE(run_in(dir.path(), "unzip -q '" + kRoot + "/Strategy.zip'", &out) == 0, out);
}

// The names of the .cpp and .h files of a folder (links count as the files they point to).
std::set<std::string> sources_in(const std::string& folder) {
  std::string out;
  run_in(folder, "ls -1 *.cpp *.h *.hpp 2>/dev/null", &out);
  std::set<std::string> names;
  size_t start = 0;
  for (size_t end; (end = out.find('\n', start)) != std::string::npos; start = end + 1)
    names.insert(out.substr(start, end - start));
  return names;
}

// A program with pipes on its stdin and stdout; every read waits at most `seconds`.
struct Program {
  pid_t pid = -1;
  int to = -1, from = -1;
  explicit Program(const std::string& path) {
    int in[2], out[2];
    REQUIRE(pipe(in) == 0);
    REQUIRE(pipe(out) == 0);
    pid = fork();
    if (pid == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      close(in[1]);
      close(out[0]);
      execl(path.c_str(), path.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to = in[1];
    from = out[0];
    signal(SIGPIPE, SIG_IGN);
  }
  ~Program() {
    if (to >= 0) close(to);
    if (from >= 0) close(from);
    if (pid > 0) {
      kill(pid, SIGKILL);
      waitpid(pid, nullptr, 0);
    }
  }
  void send(const std::string& text) { REQUIRE(write(to, text.data(), text.size()) == ssize_t(text.size())); }
  // Exactly n bytes, or fewer if the program closed its stdout or went quiet for `seconds`.
  std::string read_bytes(size_t n, int seconds) {
    std::string got;
    while (got.size() < n) {
      pollfd p{from, POLLIN, 0};
      if (poll(&p, 1, seconds * 1000) <= 0) break;
      char buffer[64];
      const ssize_t r = read(from, buffer, std::min(sizeof buffer, n - got.size()));
      if (r <= 0) break;
      got.append(buffer, size_t(r));
    }
    return got;
  }
};

}  // namespace

TEST_CASE("Strategy.zip holds the sources of Strategy/ at its root, under the OJ's 100 KB") {
  TempDir dir;
  unpack(dir);
  std::string out;
  run_in(dir.path(), "find . -mindepth 1 -type d", &out);
  CHECK_MESSAGE(out.empty(), "folders inside the zip: " << out);
  CHECK(sources_in(dir.path()) == sources_in(kRoot + "/Strategy"));
  run_in(kRoot, "stat -c %s Strategy.zip", &out);
  CHECK(std::atol(out.c_str()) > 0);
  CHECK(std::atol(out.c_str()) <= 102400);
}

TEST_CASE("the zip builds as the OJ builds the plugin, with getPoint and clearPoint as C symbols") {
  TempDir dir;
  unpack(dir);
  std::string out;
  REQUIRE_MESSAGE(run_in(dir.path(), "g++ -Wall -std=c++11 -O2 -fpic -shared *.cpp -o Strategy.so", &out) == 0, out);
  REQUIRE(run_in(dir.path(), "nm -D --defined-only Strategy.so", &out) == 0);
  CHECK_MESSAGE(out.find(" getPoint\n") != std::string::npos, "getPoint is not exported with C linkage");
  CHECK_MESSAGE(out.find(" clearPoint\n") != std::string::npos, "clearPoint is not exported with C linkage");
}

TEST_CASE("built the OJ's way (its main.cpp in place of the upload's), it plays legal moves over stdin/stdout") {
  TempDir dir;
  unpack(dir);
  std::string out;
  REQUIRE(run_in(dir.path(), "rm -f main.cpp && cp '" + kRoot + "/Compete/framework/main.cpp' main.cpp", &out) == 0);
  REQUIRE_MESSAGE(run_in(dir.path(), "g++ -DONLINE_JUDGE -std=c++11 -O2 *.cpp -o oj_main", &out) == 0, out);

  setenv("STRATEGY_MOVE_MS", "50", 1);  // ours thinks 50 ms; a student's takes what it takes
  const int M = 9, N = 10, noX = 8, noY = 3;
  c4::Board board(M, N, noX, noY);
  Program oj(dir / "oj_main");
  oj.send(std::to_string(M) + " " + std::to_string(N) + " " + std::to_string(noX) + " " + std::to_string(noY) + "\n");
  int lastX = -1, lastY = -1, replies = 0;
  for (int turn = 0; turn < 6; ++turn) {
    std::string request = std::to_string(lastX) + " " + std::to_string(lastY) + "\n";
    for (int y = 0; y < N; ++y) request += std::to_string(board.top(y)) + " ";
    for (int v : board.view_for(c4::kA)) request += std::to_string(v) + " ";
    oj.send(request + "\n");
    // The reply: a 4-byte big-endian length, then the text "x y"; the OJ allows 3 s a move.
    const std::string header = oj.read_bytes(4, 10);
    REQUIRE_MESSAGE(header.size() == 4, "no reply header to move " << turn + 1);
    const auto byte = [&](int i) { return int(static_cast<unsigned char>(header[size_t(i)])); };
    const int length = byte(0) << 24 | byte(1) << 16 | byte(2) << 8 | byte(3);
    REQUIRE_MESSAGE((length > 0 && length < 16), "reply length " << length << " (bytes '" << header << "')");
    const std::string text = oj.read_bytes(size_t(length), 10);
    int x, y;
    REQUIRE_MESSAGE(std::sscanf(text.c_str(), "%d %d", &x, &y) == 2, "reply '" << text << "'");
    REQUIRE_MESSAGE(board.illegal_reason(x, y) == "", "move " << turn + 1 << ": " << x << " " << y);
    board.play(x, y, c4::kA);
    ++replies;
    if (board.wins_at(x, y)) break;
    for (lastY = 0; board.top(lastY) == 0; ++lastY) {  // the opponent: the leftmost open column
    }
    lastX = board.top(lastY) - 1;
    board.play(lastX, lastY, c4::kB);
  }
  CHECK(replies >= 4);
  unsetenv("STRATEGY_MOVE_MS");
}
