// What a shared object exports, read from its file: for naming a function a
// plugin exports under a C++ (mangled) name instead of the C name the ABI needs.
#pragma once
#include <string>

namespace judge {

// The dynamic symbol defined in the ELF file `path` whose C++ name is the
// free function `name` (_Z<length><name>...), e.g. "_Z8getPointiiPKiS0_iiii"
// for getPoint; "" if there is none or the file is not a 64-bit ELF object.
std::string mangled_export(const std::string& path, const std::string& name);

}  // namespace judge
