// What a player's path is, as every judge reads it: a shared object is a
// plugin (loaded in a host process), an executable (ELF or a "#!" script) is a
// program that speaks the game's text protocol over stdin/stdout, and a .zip
// or a folder is sources, built the OJ's way into a program first.
#pragma once
#include <string>

namespace judge {

enum class PathKind { kPlugin, kProgram, kSources };

// By the file itself: a folder or a name ending in ".zip" is kSources; a file
// starting with "#!", or an ELF executable (ET_EXEC, or ET_DYN with an
// interpreter: a PIE) is kProgram; anything else (a shared object, a missing
// or broken file, which then fails to load as a plugin) is kPlugin.
PathKind path_kind(const std::string& path);

}  // namespace judge
