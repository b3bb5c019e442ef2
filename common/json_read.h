// A small strict JSON reader (RFC 8259), for reading back the judges' own
// JSON Lines records: one value per call, parsed into a tree.
#pragma once
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace judge {

struct JsonValue {
  enum Type { kNull, kBool, kNumber, kString, kArray, kObject };
  Type type = kNull;
  bool boolean = false;
  double number = 0;
  std::string text;                                        // a string's value, or a number's literal as written
  std::vector<JsonValue> items;                            // kArray
  std::vector<std::pair<std::string, JsonValue>> members;  // kObject, in order

  // The member named `key` of an object, or nullptr.
  const JsonValue* find(const std::string& key) const;
  // Equal type and value (numbers compared by their literal, objects member by member in order).
  bool operator==(const JsonValue& other) const;
  bool operator!=(const JsonValue& other) const { return !(*this == other); }
  // The value written back as compact JSON (numbers as their literal).
  std::string dump() const;
};

// "null", "a boolean", "a number", "a string", "an array", "an object": for error messages.
const char* json_type_name(JsonValue::Type type);

// Parses all of `text` (surrounding white space allowed) as one JSON value.
// On failure returns false and sets *error to what broke, with its offset.
bool parse_json(const std::string& text, JsonValue* out, std::string* error);

// Reads a JSON Lines text (a judge's record, read back by a resume or a
// merge): each(number, where, line, value) for every non-empty line, `where`
// being "<source> line N: " to begin its messages; `each` returns false (its
// message in the caller's hands) to stop. A last line without its newline that
// is not JSON (cut short by a stop mid-write) sets *torn and is skipped. False
// when a line is not a JSON object (*problem says which and why) or `each` stopped.
using JsonLineHandler =
    std::function<bool(int number, const std::string& where, const std::string& line, const JsonValue& value)>;
bool read_json_lines(const std::string& text, const std::string& source, const JsonLineHandler& each, bool* torn,
                     std::string* problem);

}  // namespace judge
