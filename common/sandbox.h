// A child process for untrusted code: the one sandbox every judge uses.
//
// The child runs in its own process group with a memory cap (RLIMIT_AS), no
// core dumps, a cap on file size, its output sent to a file or discarded, and
// optionally its own working folder; behind the kernel's walls of
// confinement.h (own user id, Landlock, seccomp, process cap) when confined. The judge may talk to it over a channel:
// the child reads requests on fd 3 and writes replies on fd 4, and a plugin
// host may count what the sandbox refused it in a table at fd 5 (refusals.h). Every wait takes
// a deadline; kill() ends the whole group, so nothing keeps burning CPU.
#pragma once
#include <sys/types.h>

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "clock.h"
#include "confinement.h"
#include "no_copy.h"
#include "refusals.h"

namespace judge {

struct SpawnOptions {
  std::vector<std::string> argv;                         // argv[0] is the program's path (no PATH search)
  std::vector<std::pair<std::string, std::string>> env;  // added to (or replacing in) the judge's environment
  std::string workdir;                                   // "" keeps the judge's working folder
  bool private_workdir = false;                          // workdir is this run's alone (workdir.h): its user's, 0700
  std::vector<int> cpus;                                 // the cores it may run on (sched_setaffinity); empty = any
  std::string output_path;                               // the child's stdout and stderr; "" discards them
  long long memory_limit_bytes = 0;                      // address-space cap; 0 = none
  long long file_size_limit_bytes = 64LL << 20;          // cap on any file the child writes
  bool channel = false;                                  // open fds 3 (requests to the child) and 4 (replies from it)
  bool channel_on_stdio = false;  // with channel: requests on the child's stdin, replies on its stdout (a
                                  // program over a text protocol); output_path then takes its stderr alone
  // Confinement (confinement.h): the child sees the system folders, argv[0],
  // readable_paths and its workdir only.
  bool confine = true;
  std::vector<std::string> readable_paths;  // e.g. the plugin's .so
  std::vector<std::string> shared_folders;  // read-write beside the workdir, open to every run (a PDD game's files)
  int identity = -1;                        // >= 0: the same user id on every run with it (a program's state files)
  bool may_start_processes = false;         // a trusted tool (a compiler) that runs programs of its own
  // A refusal table (refusals.h) at fd 5: for a plugin host, or for an exec'd
  // program that preloads the refusal hooks (refusal_preload.cpp).
  bool count_refusals = false;
};

// How a child ended.
struct ExitStatus {
  enum Kind { kRunning, kExited, kSignaled } kind = kRunning;
  int code = 0;            // exit code when kExited
  int signal = 0;          // signal number when kSignaled
  double cpu_seconds = 0;  // user + system CPU of the child, once reaped
  // "exited with code 3", "killed by signal 11 (Segmentation fault)".
  std::string describe() const;
};

enum class IoResult { kOk, kTimeout, kClosed };

class Process : NoCopy {
 public:
  ~Process();

  // Forks and execs options.argv. False (with *error set) if that could not
  // start; a program that cannot be exec'd exits with code 127.
  bool start(const SpawnOptions& options, std::string* error);

  // Writes all bytes to the channel; false if the child has gone.
  bool send(const void* data, size_t size);
  // Reads exactly `size` bytes from the channel before the deadline.
  IoResult receive(void* data, size_t size, Deadline deadline);
  // Reads what the channel holds, 1 to `size` bytes (*got), waiting for the first until the deadline.
  IoResult receive_some(void* data, size_t size, Deadline deadline, size_t* got);
  // How many bytes the channel holds unread right now.
  size_t pending() const;

  // Waits for the child to end before the deadline; true (and *status) if it did.
  bool wait(Deadline deadline, ExitStatus* status);
  // Kills the child's process group (if still running) and reaps the child.
  void kill(ExitStatus* status = nullptr);

  bool running() const { return pid_ > 0 && !reaped_; }
  // Stops and resumes the child's process group (SIGSTOP, SIGCONT): a plugin
  // host between its moves, so that its threads cannot take the opponent's time.
  void pause();
  void resume();
  // What the sandbox refused the child so far (options.count_refusals), kept after it ends.
  std::vector<Refusal> refusals() const { return refusals_.read(); }
  // How many processes the child left running when it ended, killed and reaped
  // by the judge: those still in its process group, its descendants that left
  // it (a new session), and daemons that came back to the judge, a child
  // subreaper. A daemon whose parent has died is told apart by its user id
  // when runs have their own; else it is counted for the run that ends when
  // it is found. Known once the child is reaped.
  int daemons_killed() const { return daemons_killed_; }
  // For a child that lives on (a plugin host between games): kills what it
  // started and left running, as reaping it would, and returns how many.
  int kill_leftovers_now();
  pid_t pid() const { return pid_; }
  // The child's resident memory now and at its peak so far, in KiB (VmRSS and VmHWM of
  // /proc/<pid>/status: every thread of the process, not its children); 0 once it has ended.
  long long resident_kb() const;
  long long peak_resident_kb() const;

 private:
  bool reap(bool block, ExitStatus* status);
  void close_fds();

  pid_t pid_ = -1;
  bool reaped_ = false;
  ExitStatus status_;
  int to_child_ = -1;    // write end of the request pipe
  int from_child_ = -1;  // read end of the reply pipe
  int pidfd_ = -1;       // readable when the child exits (Linux >= 5.3), else -1
  int daemons_killed_ = 0;
  Confinement confinement_;
  RefusalTable refusals_;
};

// The child's side of the channel.
namespace channel {
constexpr int kRequestFd = 3;
constexpr int kReplyFd = 4;
// Blocking exact read/write on the given fd; false on EOF or error.
bool read_exact(int fd, void* data, size_t size);
bool write_exact(int fd, const void* data, size_t size);
}  // namespace channel

// Absolute path of the running executable (/proc/self/exe), for re-executing
// the judge itself as a plugin host.
std::string self_executable();

// Kills every child a Process started and has not reaped, with its process
// group: for a judge about to die of a signal (interrupt.h), since a child
// running under its own user id does not get the parent-death signal.
void kill_every_child();

}  // namespace judge
