// Programs that speak the OJ's ConnectFour protocol, for the suites: "M N noX
// noY" once, then per move "lastX lastY", the top row and the board on stdin;
// a 4-byte big-endian length and "x y" on stdout.
#pragma once
#include <sys/stat.h>

#include <fstream>
#include <string>

namespace test_programs {

// Writes at `path` a Python script of random legal moves (seeded) and makes it
// executable. `before_reply` is a line of Python run just before each reply is
// written (the reply's bytes in `reply`, the move's number from 1 in `turn`),
// `after_reply` one run just after. Returns `path`.
inline std::string python_random_player(const std::string& path, const std::string& before_reply = "",
                                        const std::string& after_reply = "") {
  std::ofstream(path) << "#!/usr/bin/python3\n"
                         "import random, struct, sys\n"
                         "random.seed(5)\n"
                         "out = sys.stdout.buffer\n"
                         "def numbers():\n"
                         "    for line in sys.stdin.buffer:\n"
                         "        for t in line.split():\n"
                         "            yield int(t)\n"
                         "it = numbers()\n"
                         "M, N, noX, noY = next(it), next(it), next(it), next(it)\n"
                         "turn = 0\n"
                         "while True:\n"
                         "    lastX, lastY = next(it), next(it)\n"
                         "    top = [next(it) for _ in range(N)]\n"
                         "    board = [next(it) for _ in range(M * N)]\n"
                         "    turn += 1\n"
                         "    y = random.choice([c for c in range(N) if top[c] > 0])\n"
                         "    text = b'%d %d' % (top[y] - 1, y)\n"
                         "    reply = struct.pack('>I', len(text)) + text\n"
                      << (before_reply.empty() ? "" : "    " + before_reply + "\n")
                      << "    out.write(reply)\n"
                         "    out.flush()\n"
                      << (after_reply.empty() ? "" : "    " + after_reply + "\n");
  ::chmod(path.c_str(), 0755);
  return path;
}

}  // namespace test_programs
