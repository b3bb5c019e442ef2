// A base for a class that owns something the system hands out once (a
// process, a folder, a mapping, a lock): copying it would release that twice.
#pragma once

namespace judge {

class NoCopy {
 public:
  NoCopy() = default;
  NoCopy(const NoCopy&) = delete;
  NoCopy& operator=(const NoCopy&) = delete;
};

}  // namespace judge
