#include "copy_tree.h"

namespace judge {

namespace fs = std::filesystem;

bool copy_tree(const fs::path& from, const fs::path& to, bool links,
               const std::function<void(const fs::path&, bool)>& each) {
  std::error_code ec;
  fs::create_directories(to, ec);
  if (ec) return false;
  for (auto it = fs::recursive_directory_iterator(from, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    const fs::file_status s = it->symlink_status(ec);
    const fs::path target = to / fs::relative(it->path(), from, ec);
    if (fs::is_symlink(s)) {
      if (links) fs::copy_symlink(it->path(), target, ec);
    } else if (fs::is_directory(s)) {
      fs::create_directories(target, ec);
      if (!ec && each) each(target, true);
    } else if (fs::is_regular_file(s)) {
      fs::copy_file(it->path(), target, fs::copy_options::overwrite_existing, ec);
      if (!ec && each) each(target, false);
    }
    if (ec) return false;
  }
  return !ec;
}

}  // namespace judge
