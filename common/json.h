// A minimal JSON writer for one-line records (JSON Lines): objects, arrays,
// strings, numbers. Keys are emitted in call order; nothing is validated.
#pragma once
#include <cstdint>
#include <string>

namespace judge {

class JsonWriter {
 public:
  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }
  JsonWriter& key(const std::string& k) {
    separate();
    quote(k);
    out_ += ':';
    first_ = true;
    return *this;
  }
  JsonWriter& value(const std::string& s) {
    separate();
    quote(s);
    return *this;
  }
  JsonWriter& value(const char* s) { return value(std::string(s)); }
  JsonWriter& value(int64_t v) { return raw(std::to_string(v)); }
  JsonWriter& value(int v) { return value(static_cast<int64_t>(v)); }
  JsonWriter& value(uint64_t v) { return raw(std::to_string(v)); }
  JsonWriter& value(double v);
  JsonWriter& value(bool v) { return raw(v ? "true" : "false"); }
  // A value already written as JSON (a number's literal, a nested document).
  JsonWriter& raw(const std::string& json) {
    separate();
    out_ += json;
    return *this;
  }
  template <class T>
  JsonWriter& field(const std::string& k, const T& v) {
    key(k);
    return value(v);
  }
  const std::string& str() const { return out_; }

 private:
  JsonWriter& open(char bracket) {
    separate();
    out_ += bracket;
    first_ = true;
    return *this;
  }
  JsonWriter& close(char bracket) {
    out_ += bracket;
    first_ = false;
    return *this;
  }
  void separate() {
    if (!first_) out_ += ',';
    first_ = false;
  }
  void quote(const std::string& s);
  std::string out_;
  bool first_ = true;
};

}  // namespace judge
