// A side played the way the OJ plays an upload: a program (an executable or a
// "#!" script) speaking the OJ's protocol over stdin/stdout, or a zip or a
// folder of sources built the OJ's way into one. Same result codes as a
// plugin; bytes on stdout that are not a well-formed reply lose the game.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "../../common/tests/oj_programs.h"
#include "../oj_protocol.h"
#include "harness.h"
#include "match_helpers.h"

namespace {

using ct::Match;

// A Python player of the OJ's protocol in `folder` (test_programs::python_random_player).
std::string python_player(const std::string& folder, const std::string& name, const std::string& misdeed = "",
                          const std::string& after = "") {
  return test_programs::python_random_player(folder + "/" + name, misdeed, after);
}

int count_codes(const Match& m, int code) {
  int n = 0;
  for (int c : m.parsed.all_codes()) n += c == code;
  return n;
}

bool record_mentions(const Match& m, const std::string& text) {
  for (const std::string& line : m.records)
    if (line.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("the OJ's reply is read from a program's stdout; anything else is named with its first bytes") {
  int x = -1, y = -1;
  size_t used = 0;
  std::string problem;
  const std::string reply = std::string("\0\0\0\4", 4) + "8 11";
  CHECK(c4::parse_oj_reply(reply, &x, &y, &used, &problem) == c4::OjReply::kOk);
  CHECK(x == 8);
  CHECK(y == 11);
  CHECK(used == 8);
  CHECK(c4::parse_oj_reply(reply + "next", &x, &y, &used, &problem) == c4::OjReply::kOk);
  CHECK(used == 8);  // what follows is the next move's
  // White space around and between the numbers is a reply still, as scanf reads it.
  CHECK(c4::parse_oj_reply(std::string("\0\0\0\x0a", 4) + "  8 \t 11 \n", &x, &y, &used, &problem) == c4::OjReply::kOk);
  CHECK(x == 8);
  CHECK(y == 11);
  CHECK(c4::parse_oj_reply(reply.substr(0, 6), &x, &y, &used, &problem) == c4::OjReply::kIncomplete);
  CHECK(c4::parse_oj_reply("", &x, &y, &used, &problem) == c4::OjReply::kIncomplete);

  CHECK(c4::parse_oj_reply("best=3 v=0.5\n" + reply, &x, &y, &used, &problem) == c4::OjReply::kBroken);
  CHECK(problem == "stdout: 13 bytes 'best=3 v=0.5\\n' before the reply, read as its length header");
  CHECK(c4::parse_oj_reply("8 11\n", &x, &y, &used, &problem) == c4::OjReply::kBroken);
  CHECK(problem == "stdout: '8 11\\n' read as the reply's length header (941633841 bytes announced, not a reply)");
  CHECK(c4::parse_oj_reply(std::string("\0\0\0\3", 4) + "a b", &x, &y, &used, &problem) == c4::OjReply::kBroken);
  CHECK(problem == "stdout: the reply's text 'a b' is not two integers");
  CHECK(c4::parse_oj_reply(std::string("\0\0\0\5", 4) + "3 4 5", &x, &y, &used, &problem) == c4::OjReply::kBroken);
  CHECK(c4::parse_oj_reply(std::string("\0\0\0\0", 4), &x, &y, &used, &problem) == c4::OjReply::kBroken);
}

TEST_CASE("a Python script plays the OJ's protocol through Compete: four normal games") {
  ct::TempDir dir;
  const std::string script = python_player(dir.path(), "prog.py");
  Match m = ct::play(dir.path(), ct::plugin("random_a"), script, 2);
  INFO(m.run.out << m.run.err);
  REQUIRE(m.run.exit_code == 0);
  REQUIRE(m.parsed.ok);
  REQUIRE(m.parsed.all_codes().size() == 4);
  for (int code : m.parsed.all_codes()) CHECK((code >= 0 && code <= 2));
  CHECK(m.run.err.find("random_a vs prog.py") != std::string::npos);
}

TEST_CASE("debug output on stdout loses the game the OJ's way, with its first bytes in the reason") {
  ct::TempDir dir;
  SUBCASE("before the reply: read as its length header") {
    const std::string noisy = python_player(dir.path(), "noisy.py", "out.write(b'best=3 v=0.5\\n')");
    Match m = ct::play(dir.path(), noisy, ct::plugin("random_b"), 1);
    INFO(m.run.out << m.result_text);
    CHECK(count_codes(m, 3) == 2);  // A's runtime error, as the OJ counts it
    CHECK(record_mentions(m,
                          "A broke the OJ's protocol: stdout: 13 bytes 'best=3 v=0.5\\\\n' before the reply, "
                          "read as its length header"));
  }
  SUBCASE("after the reply: the next move's header") {
    const std::string noisy = python_player(dir.path(), "late.py", "", "out.write(b'done\\n'); out.flush()");
    Match m = ct::play(dir.path(), ct::plugin("random_a"), noisy, 1);
    INFO(m.run.out << m.result_text);
    CHECK(count_codes(m, 5) == 2);
    CHECK(record_mentions(m,
                          "B broke the OJ's protocol: stdout: 5 bytes 'done\\\\n' before the reply, read as its "
                          "length header"));
    // "(printed after the previous reply)" follows when the bytes were there before the judge sent the
    // next request; a program stopped between its moves may print them only once it is resumed.
  }
  SUBCASE("a reply whose text is not two integers") {
    const std::string bad = python_player(dir.path(), "bad.py", "reply = struct.pack('>I', 3) + b'x y'");
    Match m = ct::play(dir.path(), bad, ct::plugin("random_b"), 1);
    CHECK(count_codes(m, 3) == 2);
    CHECK(record_mentions(m, "the reply's text 'x y' is not two integers"));
  }
}

TEST_CASE("a program that crashes, exits, waits for input the protocol does not send, or moves illegally") {
  ct::TempDir dir;
  SUBCASE("crash") {
    const std::string crash = python_player(dir.path(), "crash.py", "import os; os.kill(os.getpid(), 11)");
    Match m = ct::play(dir.path(), crash, ct::plugin("random_b"), 1);
    CHECK(count_codes(m, 3) == 2);
    CHECK(record_mentions(m, "signal 11"));
  }
  SUBCASE("exit") {
    const std::string quits = python_player(dir.path(), "quits.py", "sys.exit(0)");
    Match m = ct::play(dir.path(), ct::plugin("random_a"), quits, 1);
    CHECK(count_codes(m, 5) == 2);
    CHECK(record_mentions(m, "exited with code 0"));
  }
  SUBCASE("waits") {
    const std::string waits = python_player(dir.path(), "waits.py", "sys.stdin.buffer.read()");
    Match m = ct::play(dir.path(), waits, ct::plugin("random_b"), 1, {"--time-limit", "300"});
    CHECK(count_codes(m, 7) == 2);
    CHECK(record_mentions(m, "no reply within 300 ms"));
  }
  SUBCASE("an illegal move") {
    const std::string blocked = python_player(dir.path(), "blocked.py", "reply = struct.pack('>I', 3) + b'0 0'");
    Match m = ct::play(dir.path(), blocked, ct::plugin("random_b"), 1);
    for (int code : m.parsed.all_codes()) CHECK((code == 4 || code == 2));  // (0, 0) may be legal once in a while
    CHECK(count_codes(m, 4) >= 1);
  }
  SUBCASE("not executable as a program: a text file is taken for a plugin, and cannot be loaded") {
    std::ofstream(dir / "notes.txt") << "not a strategy\n";
    Match m = ct::play(dir.path(), dir / "notes.txt", ct::plugin("random_b"), 1);
    CHECK(count_codes(m, -1) == 2);
  }
}

namespace {

// The moves of a record line, without their times: "A,5,3 B,5,4 ...".
std::string moves_of(const std::string& line) {
  static const std::regex move("\\[\"([AB])\",(\\d+),(\\d+),");
  std::string moves;
  for (std::sregex_iterator it(line.begin(), line.end(), move), end; it != end; ++it)
    moves += (*it)[1].str() + "," + (*it)[2].str() + "," + (*it)[3].str() + " ";
  return moves;
}

// A folder with the files of `from` whose names end in .cpp or .h (links followed).
void copy_sources(const std::string& from, const std::string& to) {
  namespace fs = std::filesystem;
  fs::create_directories(to);
  for (const fs::directory_entry& e : fs::directory_iterator(from)) {
    const std::string ext = e.path().extension().string();
    if (e.is_regular_file() && (ext == ".cpp" || ext == ".h"))
      fs::copy_file(e.path(), to + "/" + e.path().filename().string(), fs::copy_options::overwrite_existing);
  }
}

}  // namespace

TEST_CASE("sources built the OJ's way: a zip or a folder, our strategy the same as its plugin, debug output caught") {
  ct::TempDir dir;
  const std::string root = ct::repo_root();
  SUBCASE("our strategy as a program plays the same moves as its plugin at fixed iterations") {
    copy_sources(root + "/engine", dir / "ours");
    copy_sources(root + "/Compete/framework", dir / "ours");
    const std::vector<std::string> fixed = {"--move-iterations", "3000", "--time-limit", "20000"};
    Match as_program = ct::play(dir.path(), dir / "ours", ct::plugin("random_b"), 1, fixed);
    Match as_plugin = ct::play(dir.path(), root + "/build/engine/Strategy.so", ct::plugin("random_b"), 1, fixed);
    INFO(as_program.run.out << as_program.run.err);
    REQUIRE(as_program.records.size() == 2);
    REQUIRE(as_plugin.records.size() == 2);
    CHECK(as_program.parsed.all_codes() == std::vector<int>{1, 1});
    for (int game = 0; game < 2; ++game) {
      CHECK_FALSE(moves_of(as_program.records[game]).empty());
      CHECK(moves_of(as_program.records[game]) == moves_of(as_plugin.records[game]));
    }
  }
  SUBCASE("a student's zip; the same with a printf: normal as a plugin, lost by protocol as the OJ's program") {
    copy_sources(root + "/StrategyTest/tests/student", dir / "student");
    REQUIRE(ct::run({"/usr/bin/zip", "-q", "-j", dir / "student.zip", "-r", dir / "student"}, dir.path()).exit_code ==
            0);
    Match clean = ct::play(dir.path(), dir / "student.zip", ct::plugin("random_b"), 1);
    INFO(clean.run.out << clean.run.err);
    for (int code : clean.parsed.all_codes()) CHECK((code >= 0 && code <= 2));
    CHECK(clean.run.err.find("student vs random_b") != std::string::npos);

    // The printf before the move: the OJ reads it as the reply's header.
    std::string source = ct::read_file(dir / "student/Strategy.cpp");
    source.replace(source.find("  Node node("), 0, "  std::printf(\"best=%d\\n\", N / 2);\n");
    std::ofstream(dir / "student/Strategy.cpp") << "#include <cstdio>\n" << source;
    Match noisy = ct::play(dir.path(), dir / "student", ct::plugin("random_b"), 1);
    CHECK(count_codes(noisy, 3) == 2);
    CHECK(record_mentions(noisy, "A broke the OJ's protocol: stdout: 7 bytes 'best=5\\\\n' before the reply"));
    REQUIRE(ct::run({"/bin/sh", "-c", "g++ -std=c++11 -O2 -fpic -shared *.cpp -o ../noisy.so"}, dir / "student")
                .exit_code == 0);
    Match plugin = ct::play(dir.path(), dir / "noisy.so", ct::plugin("random_b"), 1);
    for (int code : plugin.parsed.all_codes()) CHECK((code >= 0 && code <= 2));
  }
  SUBCASE("sources that do not build cannot be loaded, with the compiler's words") {
    std::filesystem::create_directories(dir / "broken");
    std::ofstream(dir / "broken/Strategy.cpp") << "int main( {\n";
    Match m = ct::play(dir.path(), dir / "broken", ct::plugin("random_b"), 1);
    CHECK(count_codes(m, -1) == 2);
    CHECK(record_mentions(m, "the OJ's build failed"));
  }
}

namespace {
double record_number(const std::string& line, const std::string& field) {
  const size_t at = line.find("\"" + field + "\":");
  return at == std::string::npos ? -1 : std::atof(line.c_str() + at + field.size() + 3);
}
}  // namespace

TEST_CASE("memory as the OJ counts it: resident, checked as a side moves; address space only a far backstop") {
  ct::TempDir dir;
  // 8 threads with their arenas, a sparsely touched 2 GB reservation, 900 MB resident: all play.
  // Filling 900 MB is the first move: a time limit far above it, so that only memory is judged here.
  const std::vector<std::string> slow_first_move = {"--time-limit", "15000"};
  for (const char* legitimate : {"memory_threads", "memory_reserve", "memory_900"}) {
    CAPTURE(legitimate);
    Match m = ct::play(dir.path(), ct::plugin(legitimate), ct::plugin("random_b"), 1, slow_first_move);
    INFO(m.run.out << m.result_text);
    REQUIRE(m.parsed.ok);
    REQUIRE(m.records.size() == 2);
    for (int code : m.parsed.all_codes()) CHECK_MESSAGE((code >= 0 && code <= 2), m.records[0]);
    const double peak = record_number(m.records[0], "peak_rss_a_mb");
    CHECK(peak > 0);
    if (std::string(legitimate) == "memory_900") CHECK(peak >= 900);
    if (std::string(legitimate) == "memory_reserve") CHECK(peak < 900);  // what it touched, not what it reserved
    CHECK(record_number(m.records[0], "peak_rss_b_mb") > 0);
  }
  // 1.1 GB resident: stopped with its own reason, a runtime error.
  Match m = ct::play(dir.path(), ct::plugin("random_a"), ct::plugin("memory_1100"), 1, slow_first_move);
  INFO(m.run.out << m.result_text);
  CHECK(count_codes(m, 5) == 2);
  CHECK(record_mentions(m, "B crashed in getPoint: memory over the limit: 1,"));
  CHECK(record_mentions(m, " MB resident (the limit: 1,024 MB)"));
}

TEST_CASE("a program's stderr: kept in --log-dir up to the file size cap, past it an output-limit loss") {
  ct::TempDir dir;
  const std::string flood =
      python_player(dir.path(), "flood.py", "sys.stderr.write('x' * (1 << 20) * 80) if turn == 1 else None");
  SUBCASE("with --log-dir: the log stops at 64 MB and the side loses") {
    Match m = ct::play(dir.path(), flood, ct::plugin("random_b"), 1, {"--log-dir", dir / "logs"});
    INFO(m.run.out << m.result_text);
    CHECK(count_codes(m, 3) == 2);
    CHECK(record_mentions(m, "output over the limit"));
    CHECK(std::filesystem::file_size(dir / "logs/A.log") <= (64u << 20));
  }
  SUBCASE("under the cap: a program that logs a quarter of a megabyte a move plays normally") {
    const std::string chatty =
        python_player(dir.path(), "chatty.py", "sys.stderr.write('x' * (1 << 18)); sys.stderr.flush()");
    Match m = ct::play(dir.path(), chatty, ct::plugin("random_b"), 1, {"--log-dir", dir / "logs"});
    INFO(m.run.out << m.result_text);
    for (int code : m.parsed.all_codes()) CHECK((code >= 0 && code <= 2));
    CHECK(std::filesystem::file_size(dir / "logs/A.log") >= (1u << 18));
  }
  SUBCASE("without: stderr is discarded, and the games are played") {
    Match m = ct::play(dir.path(), flood, ct::plugin("random_b"), 1);
    for (int code : m.parsed.all_codes()) CHECK((code >= 0 && code <= 2));
  }
}
