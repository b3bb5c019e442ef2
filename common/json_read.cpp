#include "json_read.h"

#include <cctype>
#include <cstdlib>

#include "json.h"

namespace judge {
namespace {

class Parser {
 public:
  explicit Parser(const std::string& text) : t_(text) {}

  bool document(JsonValue* out, std::string* error) {
    space();
    bool ok = value(out, 0) && (space(), i_ == t_.size() || fail("unexpected text after the value"));
    if (!ok && error) *error = error_ + " at offset " + std::to_string(i_);
    return ok;
  }

 private:
  static constexpr int kMaxDepth = 64;

  bool fail(const char* what) {
    if (error_.empty()) error_ = what;
    return false;
  }
  bool at(char c) const { return i_ < t_.size() && t_[i_] == c; }
  void space() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\n' || t_[i_] == '\r')) ++i_;
  }
  bool literal(const char* word) {
    std::string w(word);
    if (t_.compare(i_, w.size(), w) != 0) return fail("unknown literal");
    i_ += w.size();
    return true;
  }

  bool value(JsonValue* v, int depth) {
    if (depth > kMaxDepth) return fail("nested too deeply");
    if (i_ >= t_.size()) return fail("unexpected end");
    char c = t_[i_];
    if (c == '{') return object(v, depth);
    if (c == '[') return array(v, depth);
    if (c == '"') return v->type = JsonValue::kString, string(&v->text);
    if (c == 't') return v->type = JsonValue::kBool, v->boolean = true, literal("true");
    if (c == 'f') return v->type = JsonValue::kBool, v->boolean = false, literal("false");
    if (c == 'n') return v->type = JsonValue::kNull, literal("null");
    return number(v);
  }

  // The items of an object or an array, from its opening bracket to
  // `close`: item() reads one, and a ',' comes between two.
  template <class Item>
  bool items(char close, const Item& item) {
    ++i_;
    space();
    if (at(close)) return ++i_, true;
    for (;;) {
      space();
      if (!item()) return false;
      space();
      if (at(',')) {
        ++i_;
        continue;
      }
      if (at(close)) return ++i_, true;
      return fail(close == '}' ? "expected ',' or '}'" : "expected ',' or ']'");
    }
  }

  bool object(JsonValue* v, int depth) {
    v->type = JsonValue::kObject;
    return items('}', [&] {
      std::string key;
      if (!at('"') || !string(&key)) return fail("expected a member name");
      space();
      if (!at(':')) return fail("expected ':'");
      ++i_;
      space();
      v->members.emplace_back(key, JsonValue());
      return value(&v->members.back().second, depth + 1);
    });
  }

  bool array(JsonValue* v, int depth) {
    v->type = JsonValue::kArray;
    return items(']', [&] {
      v->items.emplace_back();
      return value(&v->items.back(), depth + 1);
    });
  }

  bool digits() {
    size_t start = i_;
    while (i_ < t_.size() && std::isdigit(static_cast<unsigned char>(t_[i_]))) ++i_;
    return i_ > start;
  }

  bool number(JsonValue* v) {
    size_t start = i_;
    if (at('-')) ++i_;
    if (at('0'))
      ++i_;
    else if (!digits())
      return fail("expected a value");
    if (at('.')) {
      ++i_;
      if (!digits()) return fail("expected digits after '.'");
    }
    if (at('e') || at('E')) {
      ++i_;
      if (at('+') || at('-')) ++i_;
      if (!digits()) return fail("expected digits in the exponent");
    }
    v->type = JsonValue::kNumber;
    v->text = t_.substr(start, i_ - start);
    v->number = std::strtod(v->text.c_str(), nullptr);
    return true;
  }

  static void utf8(unsigned code, std::string* out) {
    if (code < 0x80) {
      *out += static_cast<char>(code);
    } else if (code < 0x800) {
      *out += static_cast<char>(0xC0 | (code >> 6));
      *out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
      *out += static_cast<char>(0xE0 | (code >> 12));
      *out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      *out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      *out += static_cast<char>(0xF0 | (code >> 18));
      *out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
      *out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      *out += static_cast<char>(0x80 | (code & 0x3F));
    }
  }

  bool hex4(unsigned* code) {
    if (i_ + 4 > t_.size()) return fail("short \\u escape");
    *code = 0;
    for (int k = 0; k < 4; ++k) {
      char c = t_[i_++];
      *code <<= 4;
      if (c >= '0' && c <= '9')
        *code |= c - '0';
      else if (c >= 'a' && c <= 'f')
        *code |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
        *code |= c - 'A' + 10;
      else
        return fail("bad \\u escape");
    }
    return true;
  }

  bool string(std::string* out) {
    ++i_;  // the opening quote
    for (;;) {
      if (i_ >= t_.size()) return fail("unterminated string");
      unsigned char c = static_cast<unsigned char>(t_[i_++]);
      if (c == '"') return true;
      if (c < 0x20) return fail("control character in a string");
      if (c != '\\') {
        *out += static_cast<char>(c);
        continue;
      }
      if (i_ >= t_.size()) return fail("unterminated string");
      char e = t_[i_++];
      switch (e) {
        case '"': *out += '"'; break;
        case '\\': *out += '\\'; break;
        case '/': *out += '/'; break;
        case 'b': *out += '\b'; break;
        case 'f': *out += '\f'; break;
        case 'n': *out += '\n'; break;
        case 'r': *out += '\r'; break;
        case 't': *out += '\t'; break;
        case 'u': {
          unsigned code = 0;
          if (!hex4(&code)) return false;
          if (code >= 0xD800 && code < 0xDC00 && t_.compare(i_, 2, "\\u") == 0) {
            i_ += 2;
            unsigned low = 0;
            if (!hex4(&low)) return false;
            if (low < 0xDC00 || low >= 0xE000) return fail("bad surrogate pair");
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
          }
          utf8(code, out);
          break;
        }
        default: return fail("bad escape in a string");
      }
    }
  }

  const std::string& t_;
  size_t i_ = 0;
  std::string error_;
};

void dump_into(const JsonValue& v, JsonWriter* w) {
  switch (v.type) {
    case JsonValue::kNull: w->raw("null"); break;
    case JsonValue::kBool: w->value(v.boolean); break;
    case JsonValue::kNumber: w->raw(v.text); break;
    case JsonValue::kString: w->value(v.text); break;
    case JsonValue::kArray:
      w->begin_array();
      for (const JsonValue& item : v.items) dump_into(item, w);
      w->end_array();
      break;
    case JsonValue::kObject:
      w->begin_object();
      for (const auto& m : v.members) {
        w->key(m.first);
        dump_into(m.second, w);
      }
      w->end_object();
      break;
  }
}

}  // namespace

const JsonValue* JsonValue::find(const std::string& key) const {
  for (const auto& m : members)
    if (m.first == key) return &m.second;
  return nullptr;
}

bool JsonValue::operator==(const JsonValue& o) const {
  if (type != o.type) return false;
  switch (type) {
    case kNull: return true;
    case kBool: return boolean == o.boolean;
    case kNumber:
    case kString: return text == o.text;
    case kArray: return items == o.items;
    case kObject: return members == o.members;
  }
  return false;
}

std::string JsonValue::dump() const {
  JsonWriter w;
  dump_into(*this, &w);
  return w.str();
}

const char* json_type_name(JsonValue::Type type) {
  switch (type) {
    case JsonValue::kNull: return "null";
    case JsonValue::kBool: return "a boolean";
    case JsonValue::kNumber: return "a number";
    case JsonValue::kString: return "a string";
    case JsonValue::kArray: return "an array";
    case JsonValue::kObject: return "an object";
  }
  return "?";
}

bool parse_json(const std::string& text, JsonValue* out, std::string* error) {
  *out = JsonValue();
  return Parser(text).document(out, error);
}

bool read_json_lines(const std::string& text, const std::string& source, const JsonLineHandler& each, bool* torn,
                     std::string* problem) {
  size_t start = 0;
  for (int number = 1; start < text.size(); ++number) {
    size_t end = text.find('\n', start);
    const bool complete = end != std::string::npos;
    if (!complete) end = text.size();
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    if (line.empty()) continue;
    const std::string where = source + " line " + std::to_string(number) + ": ";
    JsonValue value;
    std::string error;
    if (!parse_json(line, &value, &error) || value.type != JsonValue::kObject) {
      if (!complete) {  // cut short by a stop in the middle of its write
        *torn = true;
        return true;
      }
      *problem = where + "not a JSON object (" + (error.empty() ? "another value" : error) + ")";
      return false;
    }
    if (!each(number, where, line, value)) return false;
  }
  return true;
}

}  // namespace judge
