// The judges' rows for their working folders (workdir.h): apart from
// workdir.cpp, so that a plugin host's library needs no command line.
#include <cerrno>
#include <cstdlib>

#include "options.h"
#include "workdir.h"

namespace judge {

void add_workdir_options(OptionTable* table, WorkdirSettings* settings) {
  table
      ->text("--keep-workdirs", "DIR", &settings->keep_dir,
             "keep each game's working folder of each side as DIR/<game id>-<side>/ (default:\n"
             "removed after its game)",
             "a folder")
      .custom(
          "--workdir-size", "MB",
          [settings](const std::string&, const std::string& value) {
            char* end = nullptr;
            errno = 0;
            const long long mb = std::strtoll(value.c_str(), &end, 10);
            if (value.empty() || *end != '\0' || errno != 0 || mb < 0 || mb > (1 << 20)) return false;
            settings->size_limit_bytes = mb << 20;
            return true;
          },
          "cap on all files of one working folder together (default 256; 0: none)", "megabytes from 0 to 1048576");
}

}  // namespace judge
