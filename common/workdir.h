// The working folders of the runs a judge starts: one fresh folder per game
// and side (per plugin host in Run2048), empty at the start, writable by the
// run's user only, capped in size, and removed (or kept, when asked) when its
// game ends, so that games never see each other's files.
//
// The size cap is a tmpfs of that size mounted on the folder. The judge first
// moves into a mount namespace of its own (isolate_mounts), so the mounts are
// seen by it and its runs only and vanish with it, even after kill -9. Where
// the kernel refuses (the judge is not root), folders are plain folders and
// only the per-file cap (RLIMIT_FSIZE) applies; --sandbox-report says which.
#pragma once
#include <string>

#include "no_copy.h"

namespace judge {

class OptionTable;

// Moves the judge into a private mount namespace. Call at the start of main(),
// before any thread starts (the kernel refuses it to a threaded process).
void isolate_mounts();

// What the judges' --keep-workdirs and --workdir-size set.
struct WorkdirSettings {
  std::string keep_dir;                      // "" removes each folder after its game
  long long size_limit_bytes = 256LL << 20;  // all files of one folder together; 0 = no cap
};

// Adds the rows --keep-workdirs DIR and --workdir-size MB, storing into `settings`.
void add_workdir_options(OptionTable* table, WorkdirSettings* settings);

// The judge's scratch folder /tmp/<prefix>.XXXXXX (mode 0711: the runs' own
// users pass through it to their folders). Removed with all below it by the
// destructor, and by remove_workdirs() when the judge dies of a signal.
class WorkdirRoot : NoCopy {
 public:
  ~WorkdirRoot();

  // False (with *error) if the folder, or the keep folder, cannot be made.
  bool open(const std::string& prefix, const WorkdirSettings& settings, std::string* error);
  const std::string& path() const { return path_; }
  const WorkdirSettings& settings() const { return settings_; }

 private:
  std::string path_;
  WorkdirSettings settings_;
};

// One run's folder, root/<name>: made empty by create(), capped when the
// kernel allows; close() (or the destructor) copies it to keep_dir/<name> when
// asked, then unmounts and removes it. Names are the judges' game ids and
// sides, e.g. "round3-game1-A".
class Workdir : NoCopy {
 public:
  ~Workdir() { close(); }

  bool create(const WorkdirRoot& root, const std::string& name, std::string* error);
  // Where close() copies it besides keep_dir (the files a game leaves to the
  // user, e.g. a PDD game's folder); that folder is replaced.
  void copy_out_to(const std::string& folder) { copy_out_path_ = folder; }
  void close();
  const std::string& path() const { return path_; }
  bool capped() const { return mounted_; }

 private:
  std::string path_, keep_path_, copy_out_path_;
  bool mounted_ = false;
};

// Unmounts and removes every live folder and root, for a judge about to die
// of a signal (interrupt.h calls it).
void remove_workdirs();

// The --sandbox-report row and the summary line's words for the size cap.
bool workdir_cap_active();
std::string workdir_cap_report();

}  // namespace judge
