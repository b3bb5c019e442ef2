#include "path_kind.h"

#include <elf.h>
#include <sys/stat.h>

#include <cstring>
#include <fstream>

namespace judge {
namespace {

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// An ELF file (64-bit, as this machine's) that the kernel can run: an executable or a PIE.
bool elf_executable(std::ifstream& in) {
  Elf64_Ehdr header;
  in.seekg(0);
  if (!in.read(reinterpret_cast<char*>(&header), sizeof header)) return false;
  if (std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 || header.e_ident[EI_CLASS] != ELFCLASS64) return false;
  if (header.e_type == ET_EXEC) return true;
  if (header.e_type != ET_DYN || header.e_phentsize != sizeof(Elf64_Phdr)) return false;
  for (int i = 0; i < header.e_phnum && i < 256; ++i) {  // a PIE names its interpreter; a shared object does not
    Elf64_Phdr segment;
    in.seekg(static_cast<std::streamoff>(header.e_phoff + static_cast<uint64_t>(i) * sizeof segment));
    if (!in.read(reinterpret_cast<char*>(&segment), sizeof segment)) return false;
    if (segment.p_type == PT_INTERP) return true;
  }
  return false;
}

}  // namespace

PathKind path_kind(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) return PathKind::kSources;
  if (ends_with(path, ".zip")) return PathKind::kSources;
  std::ifstream in(path, std::ios::binary);
  char start[2] = {0, 0};
  if (!in.read(start, 2)) return PathKind::kPlugin;
  if (start[0] == '#' && start[1] == '!') return PathKind::kProgram;
  return elf_executable(in) ? PathKind::kProgram : PathKind::kPlugin;
}

}  // namespace judge
