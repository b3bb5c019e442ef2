// common/: the sandbox every judge uses (judge::Process), atomic result
// files, CLI number parsing and the JSON writer.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "../../common/atomic_file.h"
#include "../../common/cli.h"
#include "../../common/json.h"
#include "../../common/sandbox.h"
#include "harness.h"

using judge::Deadline;
using judge::ExitStatus;
using judge::Process;
using judge::SpawnOptions;

namespace {

SpawnOptions child(std::vector<std::string> args) {
  SpawnOptions options;
  options.argv = {ct::sandbox_child()};
  options.argv.insert(options.argv.end(), args.begin(), args.end());
  return options;
}

// Runs the child to completion (at most 10 s) and returns how it ended.
ExitStatus run_to_end(const SpawnOptions& options) {
  Process p;
  std::string error;
  REQUIRE(p.start(options, &error));
  ExitStatus status;
  REQUIRE(p.wait(Deadline::after_ms(10000), &status));
  return status;
}

// The first line of a file, as a number (the spinner's pid).
long first_number(const std::string& path, int wait_ms) {
  for (int waited = 0; waited < wait_ms; waited += 5) {
    std::string text = ct::read_file(path);
    if (text.find('\n') != std::string::npos) return std::stol(text);
    usleep(5000);
  }
  return -1;
}

}  // namespace

TEST_CASE("sandbox: exit codes and signals are reported as they happened") {
  for (int code : {0, 3, 255}) {
    ExitStatus s = run_to_end(child({"exit", std::to_string(code)}));
    CHECK(s.kind == ExitStatus::kExited);
    CHECK(s.code == code);
    CHECK(s.describe() == "exited with code " + std::to_string(code));
  }
  for (int sig : {SIGSEGV, SIGABRT, SIGFPE, SIGTERM}) {
    ExitStatus s = run_to_end(child({"raise", std::to_string(sig)}));
    CHECK(s.kind == ExitStatus::kSignaled);
    CHECK(s.signal == sig);
    CHECK(s.describe().find("killed by signal " + std::to_string(sig) + " (") == 0);
  }
}

TEST_CASE("sandbox: a program that cannot be executed exits with 127; no argv is an error") {
  SpawnOptions options;
  options.argv = {"/nonexistent/program"};
  ExitStatus s = run_to_end(options);
  CHECK(s.kind == ExitStatus::kExited);
  CHECK(s.code == 127);
  Process p;
  std::string error;
  CHECK_FALSE(p.start(SpawnOptions(), &error));
  CHECK(error == "no program to run");
}

TEST_CASE("sandbox: a timeout kills the whole process group, grandchildren included") {
  ct::TempDir dir;
  SpawnOptions options = child({"spawn_spinner"});
  options.output_path = dir / "out";
  Process p;
  std::string error;
  REQUIRE(p.start(options, &error));
  const pid_t host = p.pid();
  const long spinner = first_number(dir / "out", 5000);
  REQUIRE(spinner > 0);
  CHECK(ct::process_alive(static_cast<pid_t>(spinner)));
  judge::Stopwatch watch;
  ExitStatus status;
  CHECK_FALSE(p.wait(Deadline::after_ms(150), &status));  // still spinning
  CHECK(watch.elapsed_ms() >= 140);
  CHECK(p.running());
  p.kill(&status);
  CHECK(status.kind == ExitStatus::kSignaled);
  CHECK(status.signal == SIGKILL);
  CHECK(status.cpu_seconds > 0);  // it did burn CPU until killed
  CHECK_FALSE(p.running());
  for (int waited = 0; waited < 2000 && ct::process_alive(static_cast<pid_t>(spinner)); waited += 10) usleep(10000);
  CHECK_FALSE(ct::process_alive(static_cast<pid_t>(spinner)));
  CHECK_FALSE(ct::process_alive(host));
}

TEST_CASE("sandbox: destroying a Process kills what is still running") {
  pid_t pid;
  {
    Process p;
    std::string error;
    REQUIRE(p.start(child({"spawn_spinner"}), &error));
    pid = p.pid();
    CHECK(ct::process_alive(pid));
  }
  CHECK_FALSE(ct::process_alive(pid));
}

TEST_CASE("sandbox: the memory cap stops an allocation without harming the judge") {
  SpawnOptions over = child({"alloc", "256"});
  over.memory_limit_bytes = 64LL << 20;
  ExitStatus s = run_to_end(over);
  CHECK(s.kind == ExitStatus::kExited);
  CHECK(s.code == 3);  // bad_alloc inside the child
  SpawnOptions under = child({"alloc", "32"});
  under.memory_limit_bytes = 256LL << 20;
  s = run_to_end(under);
  CHECK(s.kind == ExitStatus::kExited);
  CHECK(s.code == 0);
}

TEST_CASE("sandbox: the file size cap stops a runaway writer") {
  ct::TempDir dir;
  SpawnOptions options = child({"bigfile", "8"});
  options.workdir = dir.path();
  options.file_size_limit_bytes = 1LL << 20;
  ExitStatus s = run_to_end(options);
  CHECK(s.kind == ExitStatus::kSignaled);
  CHECK(s.signal == SIGXFSZ);
  struct stat st;
  REQUIRE(stat((dir / "big.bin").c_str(), &st) == 0);
  CHECK(st.st_size <= (1LL << 20));
}

TEST_CASE("sandbox: output goes to the given file, or nowhere; never to the judge's own stdout") {
  ct::TempDir dir;
  SUBCASE("to a file, appended") {
    SpawnOptions options = child({"print"});
    options.output_path = dir / "log";
    run_to_end(options);
    run_to_end(options);
    CHECK(ct::read_file(dir / "log") == "to stdout\nto stderr\nto stdout\nto stderr\n");
  }
  SUBCASE("discarded") {
    // Point our own stdout and stderr at a file for the duration: nothing may arrive there.
    fflush(stdout);
    fflush(stderr);
    int saved_out = dup(1), saved_err = dup(2);
    int capture = open((dir / "judge_output").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    REQUIRE(capture >= 0);
    dup2(capture, 1);
    dup2(capture, 2);
    ExitStatus s = run_to_end(child({"print"}));
    dup2(saved_out, 1);
    dup2(saved_err, 2);
    close(saved_out);
    close(saved_err);
    close(capture);
    CHECK(s.code == 0);
    CHECK(ct::read_file(dir / "judge_output") == "");
  }
  SUBCASE("an output file that cannot be opened is an error naming it") {
    SpawnOptions options = child({"print"});
    options.output_path = "/nonexistent/folder/log";
    Process p;
    std::string error;
    CHECK_FALSE(p.start(options, &error));
    CHECK(error.find("/nonexistent/folder/log") != std::string::npos);
  }
}

TEST_CASE("sandbox: working folder, environment and the file descriptors the child inherits") {
  ct::TempDir dir;
  SpawnOptions options = child({"cwd"});
  options.workdir = dir.path();
  options.output_path = dir / "out";
  run_to_end(options);
  CHECK(ct::read_file(dir / "out") == dir.path() + "\n");

  ::setenv("COMPETE_TEST_VAR", "from the judge", 1);
  for (const auto& kv :
       std::vector<std::pair<std::string, std::string>>{{"", "from the judge"}, {"COMPETE_TEST_VAR", "replaced"}}) {
    SpawnOptions env = child({"env", "COMPETE_TEST_VAR"});
    if (!kv.first.empty()) env.env.push_back(kv);
    env.output_path = dir / ("env" + kv.first);
    run_to_end(env);
    CHECK(ct::read_file(dir / ("env" + kv.first)) == kv.second + "\n");
  }

  // Leak a descriptor on purpose: the child must not inherit it.
  int leak = open("/dev/null", O_RDONLY);
  REQUIRE(leak >= 0);
  SpawnOptions plain = child({"fds"});
  plain.output_path = dir / "fds_plain";
  run_to_end(plain);
  SpawnOptions with_channel = child({"fds"});
  with_channel.channel = true;
  with_channel.output_path = dir / "fds_channel";
  run_to_end(with_channel);
  close(leak);
  CHECK(ct::read_file(dir / "fds_plain") == "0 1 2 \n");
  CHECK(ct::read_file(dir / "fds_channel") == "0 1 2 3 4 \n");
}

TEST_CASE("sandbox: the channel carries requests and replies, times out, and reports a closed child") {
  SpawnOptions options = child({"echo"});
  options.channel = true;
  Process p;
  std::string error;
  REQUIRE(p.start(options, &error));
  for (int v : {0, 41, -7}) {
    REQUIRE(p.send(&v, sizeof v));
    int reply = 0;
    CHECK(p.receive(&reply, sizeof reply, Deadline::after_ms(5000)) == judge::IoResult::kOk);
    CHECK(reply == v + 1);
  }
  int nothing;
  judge::Stopwatch watch;
  CHECK(p.receive(&nothing, sizeof nothing, Deadline::after_ms(100)) == judge::IoResult::kTimeout);
  CHECK(watch.elapsed_ms() >= 95);
  CHECK(watch.elapsed_ms() < 2000);

  SpawnOptions quits = child({"exit", "0"});
  quits.channel = true;
  Process q;
  REQUIRE(q.start(quits, &error));
  CHECK(q.receive(&nothing, sizeof nothing, Deadline::after_ms(5000)) == judge::IoResult::kClosed);
  ExitStatus s;
  REQUIRE(q.wait(Deadline::after_ms(5000), &s));
  CHECK(s.code == 0);
  CHECK_FALSE(q.send(&nothing, sizeof nothing));  // after the child is reaped
}

TEST_CASE("atomic files: create, replace, never leave a temporary behind") {
  ct::TempDir dir;
  const std::string path = dir / "result.txt";
  std::string error;
  REQUIRE(judge::write_file_atomically(path, "first\n", &error));
  CHECK(ct::read_file(path) == "first\n");
  REQUIRE(judge::write_file_atomically(path, "second, longer\n", &error));
  CHECK(ct::read_file(path) == "second, longer\n");
  REQUIRE(judge::write_file_atomically(path, "", &error));
  CHECK(ct::read_file(path) == "");
  CHECK(ct::list_dir(dir.path()) == std::vector<std::string>{"result.txt"});
  REQUIRE(judge::write_file_atomically("relative_" + std::to_string(getpid()) + ".txt", "x", &error));
  CHECK(unlink(("relative_" + std::to_string(getpid()) + ".txt").c_str()) == 0);
}

TEST_CASE("atomic files: the temporaries of a writer killed mid-write are removed, a live writer's kept") {
  ct::TempDir dir;
  const std::string path = dir / "result.txt";
  // A pid with no process: a child that has exited and been reaped.
  pid_t dead = fork();
  if (dead == 0) _exit(0);
  REQUIRE(dead > 0);
  waitpid(dead, nullptr, 0);
  const std::string stale = "result.txt.tmp." + std::to_string(dead) + ".3";
  const std::string live = "result.txt.tmp." + std::to_string(getpid()) + ".0";
  for (const std::string& name : {stale, live, std::string("result.txt.tmp.x"), std::string("other.txt.tmp.1.1")})
    std::ofstream(dir / name) << "half";
  judge::remove_stale_temporaries(path);
  CHECK(ct::list_dir(dir.path()) == std::vector<std::string>({"other.txt.tmp.1.1", live, "result.txt.tmp.x"}));
}

TEST_CASE("atomic files: a failed write names the path and leaves the old content") {
  ct::TempDir dir;
  std::string error;
  CHECK_FALSE(judge::write_file_atomically(dir / "missing/result.txt", "x", &error));
  CHECK(error.find(dir / "missing/result.txt") != std::string::npos);
  CHECK(error.find("No such file or directory") != std::string::npos);

  // The target is a non-empty folder: rename fails, the folder and its file stay.
  REQUIRE(mkdir((dir / "taken").c_str(), 0755) == 0);
  REQUIRE(judge::write_file_atomically(dir / "taken/keep", "kept\n", &error));
  error.clear();
  CHECK_FALSE(judge::write_file_atomically(dir / "taken", "x", &error));
  CHECK(error.find(dir / "taken") != std::string::npos);
  CHECK(ct::read_file(dir / "taken/keep") == "kept\n");
  CHECK(ct::list_dir(dir.path()) == std::vector<std::string>{"taken"});
}

TEST_CASE("atomic files: a reader sees only whole versions while writers race") {
  ct::TempDir dir;
  const std::string path = dir / "result.txt";
  std::string error;
  const std::string big_a(200000, 'a'), big_b(300000, 'b');
  REQUIRE(judge::write_file_atomically(path, big_a, &error));
  std::atomic<bool> stop{false};
  std::atomic<int> torn{0}, reads{0};
  std::thread reader([&] {
    while (!stop) {
      std::string seen = ct::read_file(path);
      if (seen != big_a && seen != big_b) ++torn;
      ++reads;
    }
  });
  std::vector<std::thread> writers;
  for (int w = 0; w < 2; ++w)
    writers.emplace_back([&, w] {
      std::string e;
      for (int i = 0; i < 100; ++i) judge::write_file_atomically(path, (i + w) % 2 ? big_a : big_b, &e);
    });
  for (std::thread& t : writers) t.join();
  stop = true;
  reader.join();
  CHECK(reads > 0);
  CHECK(torn == 0);
  CHECK(ct::list_dir(dir.path()) == std::vector<std::string>{"result.txt"});
}

TEST_CASE("append_line: whole lines, in order per writer, never interleaved") {
  ct::TempDir dir;
  const std::string path = dir / "record.jsonl";
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      std::string e;
      for (int i = 0; i < 300; ++i)
        judge::append_line(
            path, "writer " + std::to_string(t) + " line " + std::to_string(i) + " " + std::string(100 + t * 50, 'x'),
            &e);
    });
  for (std::thread& t : threads) t.join();
  std::istringstream in(ct::read_file(path));
  std::string l;
  int count = 0, next[4] = {0, 0, 0, 0};
  while (std::getline(in, l)) {
    int t = -1, i = -1;
    char tail[1024];
    REQUIRE(sscanf(l.c_str(), "writer %d line %d %1023s", &t, &i, tail) == 3);
    REQUIRE(t >= 0);
    REQUIRE(t < 4);
    CHECK(i == next[t]++);
    CHECK(std::string(tail) == std::string(100 + t * 50, 'x'));
    ++count;
  }
  CHECK(count == 1200);
  std::string error;
  CHECK_FALSE(judge::append_line(dir / "no/such/file", "x", &error));
  CHECK(error.find(dir / "no/such/file") != std::string::npos);
}

TEST_CASE("write_game_results: the result file and the record line, or the result file alone") {
  ct::TempDir dir;
  const std::string result = dir / "result.txt", record = dir / "record.jsonl";
  std::string error;
  REQUIRE(judge::write_game_results(result, "1 game\n", record, "{\"game\":1}", &error));
  REQUIRE(judge::write_game_results(result, "2 games\n", record, "{\"game\":2}", &error));
  CHECK(ct::read_file(result) == "2 games\n");
  CHECK(ct::read_file(record) == "{\"game\":1}\n{\"game\":2}\n");
  // No record path: only the result file.
  REQUIRE(judge::write_game_results(result, "3 games\n", "", "ignored", &error));
  CHECK(ct::read_file(result) == "3 games\n");
  CHECK(ct::read_file(record) == "{\"game\":1}\n{\"game\":2}\n");
  // A record that cannot be written fails by name.
  CHECK_FALSE(judge::write_game_results(result, "4 games\n", dir / "no/record.jsonl", "x", &error));
  CHECK(error.find(dir / "no/record.jsonl") != std::string::npos);
  // The pair is written under results_mutex: while it is held, no game is written.
  std::unique_lock<std::mutex> held(judge::results_mutex());
  std::atomic<bool> written{false};
  std::thread writer([&] {
    std::string e;
    judge::write_game_results(result, "5 games\n", record, "{\"game\":5}", &e);
    written = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  CHECK_FALSE(written.load());
  CHECK(ct::read_file(result) == "4 games\n");
  held.unlock();
  writer.join();
  CHECK(ct::read_file(result) == "5 games\n");
}

TEST_CASE("path_is_writable: names what is wrong") {
  ct::TempDir dir;
  std::string error;
  CHECK(judge::path_is_writable(dir / "new.txt", &error));
  CHECK(judge::path_is_writable("relative.txt", &error));
  CHECK_FALSE(judge::path_is_writable(dir / "absent/new.txt", &error));
  CHECK(error.find(dir / "absent") != std::string::npos);
  CHECK_FALSE(judge::path_is_writable("", &error));
  CHECK_FALSE(judge::path_is_writable(dir.path() + "/", &error));
  CHECK(error.find("is not a file name") != std::string::npos);
  CHECK_FALSE(judge::path_is_writable(dir.path(), &error));  // a folder is no result file
  CHECK(error.find("is a folder") != std::string::npos);
  if (geteuid() != 0) {  // root may write anything; others may not write a read-only file
    REQUIRE(judge::write_file_atomically(dir / "ro.txt", "x", &error));
    REQUIRE(chmod((dir / "ro.txt").c_str(), 0444) == 0);
    CHECK_FALSE(judge::path_is_writable(dir / "ro.txt", &error));
  }
}

TEST_CASE("CLI numbers: whole strings only, within range") {
  long long v = 0;
  CHECK(judge::parse_int("12", 1, 100, &v));
  CHECK(v == 12);
  for (const char* bad : {"", "0", "-1", "101", "1.5", "12a", " 12", "\n7", "0x10", "99999999999999999999"})
    CHECK_MESSAGE(!judge::parse_int(bad, 1, 100, &v), std::string(bad));
  uint64_t u = 0;
  CHECK(judge::parse_u64("18446744073709551615", &u));
  CHECK(u == UINT64_MAX);
  CHECK(judge::parse_u64("0", &u));
  CHECK(u == 0);
  for (const char* bad : {"", "-1", "-0", "+5", "18446744073709551616", "7 ", "seed", " 5", " -1", "\t9"})
    CHECK_MESSAGE(!judge::parse_u64(bad, &u), std::string(bad));
  CHECK(judge::random_seed() != judge::random_seed());
}

TEST_CASE("JSON writer: nesting, separators, numbers that every parser reads") {
  judge::JsonWriter json;
  json.begin_object()
      .field("n", 3)
      .field("big", static_cast<int64_t>(-9000000000LL))
      .field("x", 0.25)
      .field("nan", std::nan(""))
      .field("ok", true);
  json.key("list").begin_array().value(1).begin_array().end_array().begin_object().end_object().value("s").end_array();
  json.end_object();
  CHECK(json.str() == "{\"n\":3,\"big\":-9000000000,\"x\":0.25,\"nan\":null,\"ok\":true,\"list\":[1,[],{},\"s\"]}");
}
