// Copying a folder with everything in it: what the staged copies
// (staging.h), the kept working folders (workdir.h) and grade-class's builds
// share.
#pragma once
#include <filesystem>
#include <functional>

namespace judge {

// Copies the folders and regular files below `from` into `to` (made if
// missing), and its symbolic links as links when `links` (never followed);
// pipes, sockets and devices are left out. `each(copy, is_folder)` runs on
// every copy made. False at the first copy that fails.
bool copy_tree(const std::filesystem::path& from, const std::filesystem::path& to, bool links = false,
               const std::function<void(const std::filesystem::path&, bool)>& each = nullptr);

}  // namespace judge
