// A record line's members declared once, in order: one table writes a record
// (write) and reads it back (read), so the writer and the reader of a record
// cannot disagree on a member's key, type or place.
#pragma once
#include <climits>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <variant>
#include <vector>

#include "cli.h"
#include "json.h"
#include "json_read.h"

namespace judge {

template <class Record>
class RecordFields {
 public:
  // A member of Record and its key. The member's type is what read() takes:
  // a string; int or uint64_t, a whole number in range; double, any number;
  // bool, true or false.
  using Member =
      std::variant<std::string Record::*, int Record::*, uint64_t Record::*, double Record::*, bool Record::*>;
  struct Field {
    const char* key;
    Member member;
  };

  RecordFields(std::initializer_list<Field> fields) : fields_(fields) {}

  // The members, in the table's order, into the object `json` has open.
  void write(const Record& record, JsonWriter* json) const {
    for (const Field& f : fields_) std::visit([&](auto m) { json->field(f.key, record.*m); }, f.member);
  }

  // Every member of `line` into *record. False with *error = where + "field
  // 'game' is '1.5', not a whole number" (or "is missing") for the first member
  // that is absent or not of its type.
  bool read(const JsonValue& line, const std::string& where, Record* record, std::string* error) const {
    for (const Field& f : fields_) {
      const JsonValue* v = line.find(f.key);
      const char* wanted = std::visit([&](auto m) { return read_value(v, &(record->*m)); }, f.member);
      if (wanted)
        return *error =
                   where + "field '" + f.key + "' is " + (v ? "'" + v->dump() + "'" : "missing") + ", not " + wanted,
               false;
    }
    return true;
  }

 private:
  // nullptr once *v is read into *out, else what *v should have been.
  static const char* read_value(const JsonValue* v, std::string* out) {
    if (!v || v->type != JsonValue::kString) return "a string";
    *out = v->text;
    return nullptr;
  }
  static const char* read_value(const JsonValue* v, int* out) {
    long long n = 0;
    if (!v || v->type != JsonValue::kNumber || !parse_int(v->text, INT_MIN, INT_MAX, &n)) return "a whole number";
    *out = static_cast<int>(n);
    return nullptr;
  }
  static const char* read_value(const JsonValue* v, uint64_t* out) {
    if (!v || v->type != JsonValue::kNumber || !parse_u64(v->text, out)) return "a whole number";
    return nullptr;
  }
  static const char* read_value(const JsonValue* v, double* out) {
    if (!v || v->type != JsonValue::kNumber) return "a number";
    *out = v->number;
    return nullptr;
  }
  static const char* read_value(const JsonValue* v, bool* out) {
    if (!v || v->type != JsonValue::kBool) return "true or false";
    *out = v->boolean;
    return nullptr;
  }

  std::vector<Field> fields_;
};

}  // namespace judge
