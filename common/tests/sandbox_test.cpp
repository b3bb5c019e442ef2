// The sandbox every judge uses (judge::Process): exit codes and signals,
// timeouts that kill the whole group, memory and file caps, output, working
// folder, environment, inherited descriptors, and the request channel.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "../atomic_file.h"
#include "../cli.h"
#include "../clock.h"
#include "../sandbox.h"
#include "../staging.h"
#include "judge_kit.h"

using judge::Deadline;
using judge::ExitStatus;
using judge::Process;
using judge::SpawnOptions;

namespace {

SpawnOptions child(std::vector<std::string> args) {
  SpawnOptions options;
  options.argv = {kit_test::sandbox_child()};
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

// Runs the child to completion in `p` (at most 10 s); it must exit with code 0.
// `p` keeps what it counted (daemons, refusals).
void run_cleanly(Process& p, const SpawnOptions& options) {
  std::string error;
  REQUIRE(p.start(options, &error));
  ExitStatus status;
  REQUIRE(p.wait(Deadline::after_ms(10000), &status));
  CHECK(status.describe() == "exited with code 0");
}

// The first line of a file, as a number (the spinner's pid).
long first_number(const std::string& path, int wait_ms) {
  for (int waited = 0; waited < wait_ms; waited += 5) {
    std::string text = kit_test::read_file(path);
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
  kit_test::TempDir dir;
  SpawnOptions options = child({"spawn_spinner"});
  options.output_path = dir / "out";
  Process p;
  std::string error;
  REQUIRE(p.start(options, &error));
  const pid_t host = p.pid();
  const long spinner = first_number(dir / "out", 5000);
  REQUIRE(spinner > 0);
  CHECK(kit_test::process_alive(static_cast<pid_t>(spinner)));
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
  for (int waited = 0; waited < 2000 && kit_test::process_alive(static_cast<pid_t>(spinner)); waited += 10)
    usleep(10000);
  CHECK_FALSE(kit_test::process_alive(static_cast<pid_t>(spinner)));
  CHECK_FALSE(kit_test::process_alive(host));
  CHECK(p.daemons_killed() == 1);  // the spinner, left running when its parent was killed
}

TEST_CASE("sandbox: destroying a Process kills what is still running") {
  pid_t pid;
  {
    Process p;
    std::string error;
    REQUIRE(p.start(child({"spawn_spinner"}), &error));
    pid = p.pid();
    CHECK(kit_test::process_alive(pid));
  }
  CHECK_FALSE(kit_test::process_alive(pid));
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
  kit_test::TempDir dir;
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
  kit_test::TempDir dir;
  SUBCASE("to a file, appended") {
    SpawnOptions options = child({"print"});
    options.output_path = dir / "log";
    run_to_end(options);
    run_to_end(options);
    CHECK(kit_test::read_file(dir / "log") == "to stdout\nto stderr\nto stdout\nto stderr\n");
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
    CHECK(kit_test::read_file(dir / "judge_output") == "");
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
  kit_test::TempDir dir;
  SpawnOptions options = child({"cwd"});
  options.workdir = dir.path();
  options.output_path = dir / "out";
  run_to_end(options);
  CHECK(kit_test::read_file(dir / "out") == dir.path() + "\n");

  ::setenv("COMPETE_TEST_VAR", "from the judge", 1);
  for (const auto& kv :
       std::vector<std::pair<std::string, std::string>>{{"", "from the judge"}, {"COMPETE_TEST_VAR", "replaced"}}) {
    SpawnOptions env = child({"env", "COMPETE_TEST_VAR"});
    if (!kv.first.empty()) env.env.push_back(kv);
    env.output_path = dir / ("env" + kv.first);
    run_to_end(env);
    CHECK(kit_test::read_file(dir / ("env" + kv.first)) == kv.second + "\n");
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
  SpawnOptions with_table = child({"fds"});
  with_table.count_refusals = true;  // an exec'd program's refusal table, without the channel
  with_table.output_path = dir / "fds_table";
  run_to_end(with_table);
  SpawnOptions with_both = child({"fds"});
  with_both.channel = true;
  with_both.count_refusals = true;
  with_both.output_path = dir / "fds_both";
  run_to_end(with_both);
  close(leak);
  CHECK(kit_test::read_file(dir / "fds_plain") == "0 1 2 \n");
  CHECK(kit_test::read_file(dir / "fds_channel") == "0 1 2 3 4 \n");
  CHECK(kit_test::read_file(dir / "fds_table") == "0 1 2 5 \n");
  CHECK(kit_test::read_file(dir / "fds_both") == "0 1 2 3 4 5 \n");
}

namespace {

// The pids in the first line of a file.
std::vector<pid_t> pids_in(const std::string& path) {
  std::istringstream in(kit_test::read_file(path));
  std::vector<pid_t> pids;
  for (long pid; in >> pid;) pids.push_back(static_cast<pid_t>(pid));
  return pids;
}

// Waits (at most 5 s) until `pid` has ended, without reaping it.
bool ended(pid_t pid) {
  for (int waited = 0; waited < 5000; waited += 5) {
    if (!kit_test::process_alive(pid)) return true;
    usleep(5000);
  }
  return false;
}

}  // namespace

TEST_CASE("sandbox: what a run leaves running is killed when it ends, and counted for it") {
  kit_test::TempDir dir;
  SpawnOptions options = child({"leave_running"});
  options.output_path = dir / "out";
  ExitStatus status;
  Process p;
  std::string error;
  REQUIRE(p.start(options, &error));
  REQUIRE(p.wait(Deadline::after_ms(10000), &status));
  CHECK(status.describe() == "exited with code 0");
  const std::vector<pid_t> left = pids_in(dir / "out");  // a group member and a daemon
  REQUIRE(left.size() == 2);
  CHECK(p.daemons_killed() == 2);
  for (pid_t pid : left) CHECK_FALSE(kit_test::process_alive(pid));

  // Nothing left running: nothing counted.
  Process plain;
  REQUIRE(plain.start(child({"exit", "0"}), &error));
  REQUIRE(plain.wait(Deadline::after_ms(10000), &status));
  CHECK(plain.daemons_killed() == 0);
}

TEST_CASE("sandbox: two runs end together; each daemon is counted for its own run when runs have own users") {
  kit_test::TempDir dir;
  Process runs[2];
  std::string error;
  for (int i = 0; i < 2; ++i) {
    SpawnOptions options = child({"leave_running"});
    options.output_path = dir / ("out" + std::to_string(i));
    REQUIRE(runs[i].start(options, &error));
  }
  // Both have ended (unreaped) and left their processes: the first reaped finds both daemons.
  for (Process& run : runs) REQUIRE(ended(run.pid()));
  for (int i = 0; i < 2; ++i)
    for (int waited = 0; waited < 5000 && pids_in(dir / ("out" + std::to_string(i))).size() < 2; waited += 5)
      usleep(5000);
  ExitStatus status;
  REQUIRE(runs[1].wait(Deadline::after_ms(10000), &status));
  REQUIRE(runs[0].wait(Deadline::after_ms(10000), &status));
  if (judge::sandbox_support().own_user) {
    CHECK(runs[0].daemons_killed() == 2);
    CHECK(runs[1].daemons_killed() == 2);
  } else {  // one user for all: a daemon is counted for the run that ends when it is found
    CHECK(runs[0].daemons_killed() + runs[1].daemons_killed() == 4);
  }
  for (int i = 0; i < 2; ++i)
    for (pid_t pid : pids_in(dir / ("out" + std::to_string(i)))) CHECK_FALSE(kit_test::process_alive(pid));
}

TEST_CASE("sandbox: a program and files in a folder closed to other users run from copies, with an own user id") {
  if (!judge::sandbox_support().own_user) {
    MESSAGE("the judge cannot give runs user ids of their own here: nothing to stage");
    return;
  }
  kit_test::TempDir dir;  // mode 700: closed to other users
  struct stat st;
  REQUIRE(::stat(dir.path().c_str(), &st) == 0);
  REQUIRE((st.st_mode & S_IXOTH) == 0);
  const std::string program = dir / "child", data = dir / "data.txt";
  std::filesystem::copy_file(kit_test::sandbox_child(), program);
  ::chmod(program.c_str(), 0700);
  auto write = [&](const char* text) { std::ofstream(data, std::ios::trunc) << text; };
  write("first\n");
  ::chmod(data.c_str(), 0600);

  auto identity = [&](const std::string& out) {
    SpawnOptions options;
    options.argv = {program, "identity", data};
    options.readable_paths = {data};
    options.output_path = dir / out;
    CHECK(run_to_end(options).describe() == "exited with code 0");
    std::istringstream line(kit_test::read_file(dir / out));
    unsigned uid = 0;
    std::string argv0, word;
    line >> uid >> argv0 >> word;
    CHECK(uid != ::getuid());                           // its own user id, not the judge's
    CHECK(argv0 != program);                            // a copy of the program ...
    CHECK(argv0.substr(argv0.rfind('/')) == "/child");  // ... under the same name
    return word;
  };
  CHECK(identity("out1") == "first");
  write("second, longer\n");  // a changed original is copied again
  CHECK(identity("out2") == "second,");
  // The originals are untouched: still closed to others.
  REQUIRE(::stat(data.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);

  // A folder is copied whole: a path inside it, in argv or in the environment, names the copy.
  std::filesystem::create_directory(dir / "data");
  const std::string words = dir / "data/words.txt";
  std::ofstream(words) << "inside\n";
  SpawnOptions in_folder;
  in_folder.argv = {program, "identity", words};
  in_folder.readable_paths = {dir / "data/"};
  in_folder.output_path = dir / "out4";
  CHECK(run_to_end(in_folder).describe() == "exited with code 0");
  CHECK(kit_test::read_file(dir / "out4").find(" inside\n") != std::string::npos);
  in_folder.argv = {program, "env", "WORDS"};
  in_folder.env = {{"WORDS", words}};
  in_folder.output_path = dir / "out5";
  CHECK(run_to_end(in_folder).describe() == "exited with code 0");
  const std::string staged_words = kit_test::read_file(dir / "out5");
  CHECK(staged_words.rfind("/tmp/judge-stage.", 0) == 0);
  CHECK(staged_words.substr(staged_words.size() - 16) == "/data/words.txt\n");

  // With its own user id a run may start processes (capped), and what it leaves is killed.
  SpawnOptions options;
  options.argv = {program, "leave_running"};
  options.output_path = dir / "out3";
  Process p;
  run_cleanly(p, options);
  const std::vector<pid_t> left = pids_in(dir / "out3");
  REQUIRE(left.size() == 2);
  CHECK(p.daemons_killed() == 2);
  for (pid_t pid : left) CHECK_FALSE(kit_test::process_alive(pid));
}

TEST_CASE("sandbox: a staged workspace is a working folder a run with its own user id writes") {
  if (!judge::sandbox_support().own_user) {
    MESSAGE("the judge cannot give runs user ids of their own here: nothing to stage");
    return;
  }
  const std::string workspace = judge::staged_workspace(), other = judge::staged_workspace();
  REQUIRE(!workspace.empty());
  CHECK(workspace != other);
  CHECK(workspace.rfind("/tmp/judge-stage." + std::to_string(::getpid()) + ".", 0) == 0);
  std::string blocker;
  CHECK(judge::reachable_by_others(workspace, S_IXOTH, &blocker));
  SpawnOptions options;
  options.argv = {"/bin/sh", "-c", "id -u > made.txt"};
  options.workdir = workspace;
  Process p;
  run_cleanly(p, options);
  struct stat st;
  REQUIRE(::stat((workspace + "/made.txt").c_str(), &st) == 0);
  CHECK(st.st_uid != ::getuid());  // written by the run's own user
  CHECK(std::stoul(kit_test::read_file(workspace + "/made.txt")) == st.st_uid);
}

TEST_CASE("sandbox: staged copies left by a judge that was killed go; a live judge's stay") {
  const pid_t gone = ::fork();
  if (gone == 0) ::_exit(0);
  REQUIRE(gone > 0);
  REQUIRE(::waitpid(gone, nullptr, 0) == gone);
  const std::string stale = "/tmp/judge-stage." + std::to_string(gone) + ".test01";
  const std::string live = "/tmp/judge-stage." + std::to_string(::getpid()) + ".test02";
  for (const std::string& folder : {stale, live}) {
    std::filesystem::create_directories(folder + "/1");
    std::ofstream(folder + "/1/copy.so") << "bytes";
  }
  judge::remove_stale_staging();
  CHECK_FALSE(std::filesystem::exists(stale));
  CHECK(std::filesystem::exists(live + "/1/copy.so"));
  std::filesystem::remove_all(live);
}

TEST_CASE("sandbox: an exec'd program with the refusal hooks preloaded counts what it is refused") {
  const judge::SandboxSupport& s = judge::sandbox_support();
  kit_test::TempDir dir, outside;
  const std::string secret = outside / "secret";
  std::ofstream(secret) << "not for the program\n";
  ::chmod(secret.c_str(), 0600);
  ::chmod(outside.path().c_str(), 0711);
  // Built in build/bin; this suite runs from build/common/tests or, sanitized, build/san/common/tests.
  std::string hooks = judge::path_beside_executable("../../bin/refusal-hooks.so");
  if (::access(hooks.c_str(), R_OK) != 0) hooks = judge::path_beside_executable("../../../bin/refusal-hooks.so");
  REQUIRE(::access(hooks.c_str(), R_OK) == 0);
  SpawnOptions options = child({"open", secret, "3"});
  options.output_path = dir / "out";
  options.workdir = dir.path();
  options.count_refusals = true;
  options.env = {{"LD_PRELOAD", hooks}};
  options.readable_paths = {hooks};
  Process p;
  run_cleanly(p, options);
  const bool walled = s.landlock_abi > 0 || s.own_user;  // else the judge's root reads anything
  CHECK(kit_test::read_file(dir / "out") == (walled ? "3\n" : "0\n"));
  const std::vector<judge::Refusal> refused = p.refusals();
  if (walled) {
    REQUIRE(refused.size() == 1);
    CHECK(refused[0].call == "open");
    CHECK(refused[0].error == "EACCES");
    CHECK(refused[0].count == 3);
  } else {
    CHECK(refused.empty());
  }

  // Without the table (or with a file of the program's at its descriptor) nothing is counted, and the program runs.
  SpawnOptions no_table = options;
  no_table.count_refusals = false;
  no_table.output_path = dir / "out2";
  Process q;
  run_cleanly(q, no_table);
  CHECK(kit_test::read_file(dir / "out2") == (walled ? "3\n" : "0\n"));
  CHECK(q.refusals().empty());
}

TEST_CASE("refusals: a side's totals over runs, and what one game of a long-lived host added") {
  using judge::Refusal;
  std::vector<Refusal> totals;
  judge::add_refusals({{"open", "EACCES", 2}}, &totals);
  judge::add_refusals({{"fork", "EAGAIN", 1}, {"open", "EACCES", 3}, {"open", "EPERM", 1}}, &totals);
  REQUIRE(totals.size() == 3);
  CHECK((totals[0].call == "open" && totals[0].error == "EACCES" && totals[0].count == 5));
  CHECK((totals[1].call == "fork" && totals[1].error == "EAGAIN" && totals[1].count == 1));
  CHECK((totals[2].call == "open" && totals[2].error == "EPERM" && totals[2].count == 1));
  const std::vector<Refusal> added = judge::refusals_since({{"open", "EACCES", 2}}, totals);
  REQUIRE(added.size() == 3);
  CHECK(added[0].count == 3);  // open EACCES: 5 now, 2 before
  CHECK(added[1].count == 1);
  CHECK(added[2].count == 1);
  CHECK(judge::refusals_since(totals, totals).empty());
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

// The PDD referee writes a game's stepLog.txt, then watches it for the program's
// writes while another game's thread starts its program. A child forked in the
// middle of the write held the file open until its exec, and its close for
// writing came after the watch began: a false V12 against the program. Here one
// thread starts short programs in a loop while this one writes a file and watches
// it; no close for writing may follow a write that has returned.
TEST_CASE("sandbox: a program started by another thread never closes a file the judge wrote") {
  kit_test::TempDir dir;
  const std::string path = dir / "stepLog.txt";
  std::atomic<bool> stop{false};
  std::atomic<int> started{0}, start_failures{0};
  std::thread starter([&] {
    while (!stop) {
      Process p;
      std::string error;
      ExitStatus status;
      if (!p.start(child({"exit", "0"}), &error) || !p.wait(Deadline::after_ms(10000), &status)) ++start_failures;
      ++started;
    }
  });
  int late_closes = 0;
  std::string error;
  const std::string log(1 << 20, 'x');  // a long write: a wide window for the race
  for (int round = 0; round < 1000; ++round) {
    REQUIRE(judge::write_file_atomically(path, log, &error));
    const int watch = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    REQUIRE(watch >= 0);
    REQUIRE(::inotify_add_watch(watch, path.c_str(), IN_CLOSE_WRITE | IN_MODIFY) >= 0);
    usleep(500);
    alignas(struct inotify_event) char events[4096];
    if (::read(watch, events, sizeof events) > 0) ++late_closes;
    ::close(watch);
  }
  stop = true;
  starter.join();
  CAPTURE(started.load());
  CHECK(start_failures == 0);
  CHECK(started > 50);
  CHECK(late_closes == 0);
}
