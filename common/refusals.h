// What the sandbox refused a plugin, counted where the plugin cannot hide it
// from the judge.
//
// A refused attempt (Landlock's EACCES on a file or a TCP connect, EPERM on a
// signal to someone else's process, the process cap's EAGAIN on fork) does
// not end the plugin: it only fails. To report it, the plugin host exports
// the C library's entry points for those calls (refusal_hooks.cpp); the
// plugin's calls bind to them, they call the real function, and count each
// refusal in a small table the judge shares with the host (a sealed memfd,
// fd kRefusalFd in the host). The judge reads the table whenever it likes,
// after a crash or a kill too. A plugin may scribble on the table, but only
// its own counts: the judge reads fixed counters with names of its own.
// A plugin that makes the system call directly (syscall(2), inline
// assembly) is still refused, but not counted.
//
// A program the judge execs (Ponte del Diavolo) loads no host: the same hooks,
// built as a shared object (refusal_preload.cpp), are preloaded into it
// (LD_PRELOAD) and count into a table at the same descriptor. A statically
// linked program, or one that clears LD_PRELOAD before it execs another, is
// refused the same but not counted.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "no_copy.h"

namespace judge {

// The calls counted, and the refusals each may meet.
enum class RefusedCall : int {
  kOpen,  // open, open64, creat and their fortified forms
  kOpenat,
  kFopen,  // fopen, fopen64, freopen
  kOpendir,
  kMkdir,
  kUnlink,
  kRename,
  kTruncate,
  kSocket,
  kConnect,
  kBind,
  kKill,
  kProcessVmReadv,
  kFork,
  kThread,  // pthread_create
  kCount
};
enum class RefusalError : int { kEACCES, kEPERM, kEAGAIN, kCount };

const char* refused_call_name(RefusedCall call);
const char* refusal_error_name(RefusalError error);

// The counted refusals of one error for one call.
struct Refusal {
  std::string call;   // "open", "connect", "fork", ...
  std::string error;  // "EACCES", "EPERM", "EAGAIN"
  uint64_t count = 0;
};

// The counts of `now` above those of `before` (an earlier read of the same
// table): what was refused in between, e.g. in one game of a long-lived host.
std::vector<Refusal> refusals_since(const std::vector<Refusal>& before, const std::vector<Refusal>& now);

// The refusals in words, for a fault's reason: "open (EACCES) 1 time, mkdir
// (EACCES) 2 times"; "" when there are none.
std::string describe_refusals(const std::vector<Refusal>& refusals);

// Adds the refusals of one run to `totals` (a side's over several runs, e.g.
// the turns of a program): counts of the same call and error add up.
void add_refusals(const std::vector<Refusal>& run, std::vector<Refusal>* totals);

// The host's descriptor of the table.
constexpr int kRefusalFd = 5;

// The judge's side: a table for one run of a host.
class RefusalTable : NoCopy {
 public:
  ~RefusalTable() { close(); }

  // A fresh zeroed table; false (with *error) if the kernel refused one.
  bool create(std::string* error);
  // The descriptor the host inherits (moved to kRefusalFd in the child).
  int fd() const { return fd_; }
  // Every non-zero counter, in the order of the enums.
  std::vector<Refusal> read() const;
  void close();

 private:
  int fd_ = -1;
  volatile uint32_t* counters_ = nullptr;
};

// The host's side: count from now on into the table at kRefusalFd, if the
// judge gave one (anything else at that descriptor is left alone). The
// descriptor is closed unless `keep_descriptor` (programs exec'd with the
// preloaded hooks pass it on to the programs they exec).
void count_refusals_for_judge(bool keep_descriptor = false);

// The host's side: one refusal of `call`, if `error` (an errno value) is one
// the sandbox gives and counting is on. Async-signal-safe; keeps errno.
void note_refusal(RefusedCall call, int error);

}  // namespace judge
