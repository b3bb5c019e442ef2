// Copies of the files a confined run needs, where its own user id can reach them.
//
// A run with a user id of its own (confinement.h) must be able to walk to its
// program and the files it reads. A checkout inside a folder closed to other
// users (root's home, a mode-700 temporary folder) would otherwise cost the
// run its own user id and process cap. The judge copies each such file (or
// folder) once into one folder of its own under /tmp that others may enter,
// and the run uses the copy: same name, same bytes, read-only to it. The
// folder, /tmp/judge-stage.<pid>.XXXXXX, goes when the judge exits or is
// interrupted; one left by a judge that was killed goes when the next judge
// stages a copy.
//
// Invariant: a staged copy is reused only while every file and folder of the
// original keeps its device, inode, mode, size and modification time.
#pragma once
#include <string>
#include <vector>

namespace judge {

// What a run uses instead of the paths it was given: every absolute path in
// `paths` that another user cannot reach is staged, and each of `strings`
// (argv entries, environment values) that names a staged path, or a file
// inside a staged folder, is rewritten to name the copy. Paths that are
// reachable, relative, missing, or too large to copy (over 256 MiB or 4096
// entries) are left as they are. Thread-safe.
void stage_unreachable(const std::vector<std::string>& paths, std::vector<std::string*> strings);

// A new empty folder in the staging folder that other users can enter, for a
// confined run that writes (a build, its result copied back by the caller);
// "" if it cannot be made. It goes with the staged copies. Thread-safe.
std::string staged_workspace();

// Removes every staged copy (at exit, and from the signal handler of interrupt.h).
void remove_staged_copies();

// Removes the staging folders of judges that are gone without removing them
// (killed by SIGKILL, or the machine stopped); done before the first copy.
void remove_stale_staging();

// Whether another user can walk to `path` and has `bits` (S_IROTH, S_IXOTH) on
// it; if not, the first folder or file in the way.
bool reachable_by_others(const std::string& path, unsigned bits, std::string* blocker);

}  // namespace judge
