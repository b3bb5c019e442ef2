#include "guard.h"

#include <fstream>

namespace arena {

bool host_allowed(const std::string& host, const std::string& bound_address, int port) {
  const std::string suffix = ":" + std::to_string(port);
  if (host.size() <= suffix.size() || host.compare(host.size() - suffix.size(), suffix.size(), suffix) != 0)
    return false;
  const std::string name = host.substr(0, host.size() - suffix.size());
  if (name == "localhost" || name == bound_address) return true;
  return !name.empty() && name.front() == '[' && name.back() == ']' && name.substr(1, name.size() - 2) == bound_address;
}

std::string make_token() {
  std::ifstream urandom("/dev/urandom", std::ios::binary);
  unsigned char bytes[16];
  if (!urandom.read(reinterpret_cast<char*>(bytes), sizeof bytes)) return "";
  static const char kHex[] = "0123456789abcdef";
  std::string token;
  for (unsigned char b : bytes) {
    token += kHex[b >> 4];
    token += kHex[b & 15];
  }
  return token;
}

bool token_matches(const std::string& given, const std::string& token) {
  if (given.size() != token.size() || token.empty()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < token.size(); ++i) diff |= static_cast<unsigned char>(given[i] ^ token[i]);
  return diff == 0;
}

}  // namespace arena
