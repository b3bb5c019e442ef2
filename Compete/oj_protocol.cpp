#include "oj_protocol.h"

#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace c4 {
namespace {

// "x y" takes a few characters; a header announcing more is not a reply's.
constexpr uint32_t kMaxReplyText = 32;
constexpr size_t kShownBytes = 40;

// Bytes as a person reads them: printable ASCII as it is, the rest escaped, cut after kShownBytes.
std::string shown(const std::string& bytes) {
  std::string out;
  for (size_t i = 0; i < bytes.size() && i < kShownBytes; ++i) {
    const unsigned char c = static_cast<unsigned char>(bytes[i]);
    if (c == '\n') {
      out += "\\n";
    } else if (c >= 0x20 && c < 0x7f && c != '\'') {
      out += static_cast<char>(c);
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    }
  }
  if (bytes.size() > kShownBytes) out += "...";
  return out;
}

uint32_t big_endian(const std::string& b, size_t at) {
  return static_cast<uint32_t>(static_cast<unsigned char>(b[at])) << 24 |
         static_cast<uint32_t>(static_cast<unsigned char>(b[at + 1])) << 16 |
         static_cast<uint32_t>(static_cast<unsigned char>(b[at + 2])) << 8 |
         static_cast<uint32_t>(static_cast<unsigned char>(b[at + 3]));
}

// Two integers and white space only, as "%d %d" reads a whole reply.
bool two_integers(const std::string& text, int* x, int* y) {
  if (text.find('\0') != std::string::npos) return false;
  const char* p = text.c_str();
  long values[2];
  for (long& v : values) {
    char* end;
    errno = 0;
    v = std::strtol(p, &end, 10);
    if (end == p || errno != 0 || v < INT_MIN || v > INT_MAX) return false;
    p = end;
    if (&v == &values[0] && !std::isspace(static_cast<unsigned char>(*p))) return false;
  }
  while (std::isspace(static_cast<unsigned char>(*p))) ++p;
  if (*p != '\0') return false;
  *x = static_cast<int>(values[0]);
  *y = static_cast<int>(values[1]);
  return true;
}

// The size of a well-formed reply starting at `at`, or 0.
size_t reply_at(const std::string& b, size_t at) {
  if (b.size() < at + 4) return 0;
  const uint32_t length = big_endian(b, at);
  if (length < 1 || length > kMaxReplyText || b.size() < at + 4 + length) return 0;
  int x, y;
  return two_integers(b.substr(at + 4, length), &x, &y) ? 4 + length : 0;
}

}  // namespace

std::string oj_request(const Board& board, Side me, int lastX, int lastY, bool first) {
  std::string request;
  if (first)
    request = std::to_string(board.rows()) + " " + std::to_string(board.cols()) + " " +
              std::to_string(board.blocked_row()) + " " + std::to_string(board.blocked_col()) + "\n";
  request += std::to_string(lastX) + " " + std::to_string(lastY) + "\n";
  for (int y = 0; y < board.cols(); ++y) request += std::to_string(board.top(y)) + (y + 1 < board.cols() ? " " : "\n");
  const std::vector<int> view = board.view_for(me);
  for (size_t i = 0; i < view.size(); ++i)
    request += std::to_string(view[i]) + ((i + 1) % static_cast<size_t>(board.cols()) == 0 ? "\n" : " ");
  return request;
}

OjReply parse_oj_reply(const std::string& bytes, int* x, int* y, size_t* used, std::string* problem) {
  if (bytes.size() < 4) return OjReply::kIncomplete;
  const uint32_t length = big_endian(bytes, 0);
  if (length >= 1 && length <= kMaxReplyText) {
    if (bytes.size() < 4 + length) return OjReply::kIncomplete;
    const std::string text = bytes.substr(4, length);
    if (two_integers(text, x, y)) {
      *used = 4 + length;
      return OjReply::kOk;
    }
    *problem = "stdout: the reply's text '" + shown(text) + "' is not two integers";
    return OjReply::kBroken;
  }
  for (size_t at = 1; at + 4 <= bytes.size(); ++at)
    if (reply_at(bytes, at) > 0) {
      *problem = "stdout: " + std::to_string(at) + " bytes '" + shown(bytes.substr(0, at)) +
                 "' before the reply, read as its length header";
      return OjReply::kBroken;
    }
  *problem = "stdout: '" + shown(bytes) + "' read as the reply's length header (" + std::to_string(length) +
             " bytes announced, not a reply)";
  return OjReply::kBroken;
}

}  // namespace c4
