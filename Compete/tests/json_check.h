// A strict JSON syntax checker (RFC 8259 grammar, no extensions) for the
// record lines: a reader in another language must be able to parse them.
#pragma once
#include <cctype>
#include <string>

namespace ct {

class JsonChecker {
 public:
  // True if `text` is exactly one JSON value (surrounding whitespace allowed).
  static bool valid(const std::string& text) {
    JsonChecker c(text);
    c.space();
    if (!c.value()) return false;
    c.space();
    return c.i_ == text.size();
  }

 private:
  explicit JsonChecker(const std::string& t) : t_(t) {}
  bool at(char c) const { return i_ < t_.size() && t_[i_] == c; }
  void space() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\n' || t_[i_] == '\r')) ++i_;
  }
  bool literal(const char* word) {
    std::string w(word);
    if (t_.compare(i_, w.size(), w) != 0) return false;
    i_ += w.size();
    return true;
  }
  bool digits() {
    size_t start = i_;
    while (i_ < t_.size() && std::isdigit(static_cast<unsigned char>(t_[i_]))) ++i_;
    return i_ > start;
  }
  bool number() {
    if (at('-')) ++i_;
    if (at('0'))
      ++i_;
    else if (!digits())
      return false;
    if (at('.')) {
      ++i_;
      if (!digits()) return false;
    }
    if (at('e') || at('E')) {
      ++i_;
      if (at('+') || at('-')) ++i_;
      if (!digits()) return false;
    }
    return true;
  }
  bool string() {
    if (!at('"')) return false;
    ++i_;
    while (i_ < t_.size()) {
      unsigned char c = static_cast<unsigned char>(t_[i_++]);
      if (c == '"') return true;
      if (c < 0x20) return false;
      if (c == '\\') {
        if (i_ >= t_.size()) return false;
        char e = t_[i_++];
        if (e == 'u') {
          for (int k = 0; k < 4; ++k)
            if (i_ >= t_.size() || !std::isxdigit(static_cast<unsigned char>(t_[i_++]))) return false;
        } else if (std::string("\"\\/bfnrt").find(e) == std::string::npos) {
          return false;
        }
      }
    }
    return false;
  }
  bool value() {
    space();
    if (at('{')) {
      ++i_;
      space();
      if (at('}')) return ++i_, true;
      for (;;) {
        space();
        if (!string()) return false;
        space();
        if (!at(':')) return false;
        ++i_;
        if (!value()) return false;
        space();
        if (at('}')) return ++i_, true;
        if (!at(',')) return false;
        ++i_;
      }
    }
    if (at('[')) {
      ++i_;
      space();
      if (at(']')) return ++i_, true;
      for (;;) {
        if (!value()) return false;
        space();
        if (at(']')) return ++i_, true;
        if (!at(',')) return false;
        ++i_;
      }
    }
    if (at('"')) return string();
    if (at('t')) return literal("true");
    if (at('f')) return literal("false");
    if (at('n')) return literal("null");
    return number();
  }
  const std::string& t_;
  size_t i_ = 0;
};

}  // namespace ct
