// SHA-256 (FIPS 180-4) of a file's bytes: the fingerprint a ladder keeps of
// every entrant's file, so a record names exactly the program that played.
#pragma once
#include <string>

namespace ladder {

// The digest of `bytes` as 64 lowercase hex digits.
std::string sha256_hex(const std::string& bytes);

// The digest of the file at `path`; false (with *error) if it cannot be read.
bool sha256_of_file(const std::string& path, std::string* hex, std::string* error);

}  // namespace ladder
