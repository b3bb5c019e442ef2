// The arena's request checks, kept apart from the HTTP library so that the
// rules are plain functions: which Host headers are the arena's own (against
// DNS rebinding), the session token, and how large a body may be.
#pragma once
#include <cstddef>
#include <string>

namespace arena {

// Bodies: a Compete record may be large, everything else is small.
constexpr size_t kRecordBodyLimit = 1 << 20;
constexpr size_t kBodyLimit = 16 << 10;

// True when `host` (the Host header) is "localhost:PORT" or "<bound>:PORT"
// (an IPv6 address in brackets); any other name, or no port, is foreign.
bool host_allowed(const std::string& host, const std::string& bound_address, int port);

// A fresh token: 32 hex digits from /dev/urandom ("" if it cannot be read).
std::string make_token();

// Compares in time that does not depend on where they differ.
bool token_matches(const std::string& given, const std::string& token);

}  // namespace arena
