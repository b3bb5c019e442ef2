// A small JSON reader for the judges' records (JSON Lines): parses one text
// into a tree of values. Numbers are doubles; strings are UTF-8 (\u escapes,
// surrogate pairs included, are decoded). Errors name the character offset.
#pragma once
#include <string>
#include <vector>

namespace judge {

class JsonValue {
 public:
  enum Type { kNull, kBool, kNumber, kString, kArray, kObject };

  Type type() const { return type_; }
  bool is(Type t) const { return type_ == t; }
  bool boolean() const { return bool_; }
  double number() const { return number_; }
  const std::string& string() const { return string_; }
  const std::vector<JsonValue>& items() const { return items_; }
  // The member named `key`, or nullptr (also for a value that is not an object).
  const JsonValue* find(const std::string& key) const;
  const std::vector<std::pair<std::string, JsonValue>>& members() const { return members_; }

  // "an object", "a string", ... for error messages.
  static const char* type_name(Type t);

 private:
  friend class JsonParser;
  Type type_ = kNull;
  bool bool_ = false;
  double number_ = 0;
  std::string string_;
  std::vector<JsonValue> items_;
  std::vector<std::pair<std::string, JsonValue>> members_;  // in text order
};

// Parses all of `text` (surrounding white space allowed) into *out. On failure
// returns false with *error like "expected ':' at character 17".
bool parse_json(const std::string& text, JsonValue* out, std::string* error);

}  // namespace judge
