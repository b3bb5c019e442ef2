// Plugin hosts a killed ladder left behind. A host is frozen (SIGSTOP)
// between its moves; when its ladder dies of kill -9 at the wrong moment (as
// it stops a host's group, or before the host's death signal is armed), the
// host can outlive it, stopped, its parent now init (or a subreaper above).
// A later `play` ends such hosts: processes running this very binary with
// --plugin-host whose parent is not this binary, on a plugin of this ladder's
// folder or of the staging folder (common/staging.h) of a ladder that is
// gone. A live ladder's hosts are its children, so they are never taken for
// orphans.
#pragma once
#include <string>

namespace ladder {

// Kills the orphaned hosts of dead ladders for `folder_dir`; returns how many.
int end_orphaned_hosts(const std::string& folder_dir, const std::string& self_executable);

}  // namespace ladder
