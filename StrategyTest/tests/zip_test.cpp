// Strategy.zip as the OJ receives it: unpacked into an empty folder, it builds
// with the OJ's two commands, and the executable plays through the stdin protocol.
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "../../Compete/board.h"

namespace {

int run(const std::string& command) {
  int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// The OJ executable as a child with pipes on its stdin and stdout.
struct Child {
  pid_t pid = -1;
  FILE* in = nullptr;   // we write
  FILE* out = nullptr;  // we read
  explicit Child(const std::string& program) {
    int to[2], from[2];
    REQUIRE(pipe(to) == 0);
    REQUIRE(pipe(from) == 0);
    pid = fork();
    if (pid == 0) {
      dup2(to[0], 0);
      dup2(from[1], 1);
      close(to[1]);
      close(from[0]);
      execl(program.c_str(), program.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to[0]);
    close(from[1]);
    in = fdopen(to[1], "w");
    out = fdopen(from[0], "r");
  }
  ~Child() {
    if (in) fclose(in);
    if (out) fclose(out);
    int status;
    if (pid > 0) waitpid(pid, &status, 0);
  }
};

}  // namespace

TEST_CASE("the zip builds both ways in an empty folder and plays through the OJ protocol") {
  char folder_template[] = "/tmp/strategy-zip.XXXXXX";
  REQUIRE(mkdtemp(folder_template) != nullptr);
  const std::string dir = folder_template;
  REQUIRE(run("unzip -q Strategy.zip -d " + dir) == 0);
  // Every file sits at the zip's root: no folders inside.
  CHECK(run("test -z \"$(find " + dir + " -mindepth 1 -type d)\"") == 0);
  CHECK(run("cd " + dir + " && g++ -Wall -std=c++11 -O2 -fpic -shared *.cpp -o Strategy.so") == 0);
  REQUIRE(run("cd " + dir + " && g++ -DONLINE_JUDGE -std=c++11 -O2 *.cpp -o oj_main") == 0);

  setenv("STRATEGY_MOVE_MS", "50", 1);
  const int M = 9, N = 10, noX = 8, noY = 3;
  c4::Board board(M, N, noX, noY);
  Child oj(dir + "/oj_main");
  std::fprintf(oj.in, "%d %d %d %d\n", M, N, noX, noY);
  int lastX = -1, lastY = -1, replies = 0;
  for (int turn = 0; turn < 6; ++turn) {
    std::fprintf(oj.in, "%d %d\n", lastX, lastY);
    for (int y = 0; y < N; ++y) std::fprintf(oj.in, "%d ", board.top(y));
    std::vector<int> view = board.view_for(c4::kA);
    for (int v : view) std::fprintf(oj.in, "%d ", v);
    std::fprintf(oj.in, "\n");
    std::fflush(oj.in);
    unsigned char header[4];
    REQUIRE(std::fread(header, 1, 4, oj.out) == 4);
    int length = header[0] << 24 | header[1] << 16 | header[2] << 8 | header[3];
    REQUIRE(length > 0);
    REQUIRE(length < 16);
    char text[16] = {0};
    REQUIRE(std::fread(text, 1, static_cast<size_t>(length), oj.out) == static_cast<size_t>(length));
    int x, y;
    REQUIRE(std::sscanf(text, "%d %d", &x, &y) == 2);
    REQUIRE(board.illegal_reason(x, y) == "");
    board.play(x, y, c4::kA);
    ++replies;
    if (board.wins_at(x, y)) break;
    // The opponent answers in the leftmost open column.
    for (lastY = 0; board.top(lastY) == 0; ++lastY) {
    }
    lastX = board.top(lastY) - 1;
    board.play(lastX, lastY, c4::kB);
  }
  CHECK(replies >= 4);
  std::fclose(oj.in);
  oj.in = nullptr;
  run("rm -rf " + dir);
  setenv("STRATEGY_MOVE_MS", "60", 1);
}
