// The JSON reader behind --resume, merges and the replay pages: what the judges read back.
#include <doctest/doctest.h>

#include <string>

#include "../json_read.h"

TEST_CASE("json reader: values, escapes, surrogate pairs, errors with their offset, a nesting limit") {
  judge::JsonValue v;
  std::string error;
  REQUIRE(judge::parse_json(R"( {"a":[1,-2.5e1,true,null],"s":"x\u00e9\ud83d\ude00\n\"","o":{}} )", &v, &error));
  REQUIRE(v.type == judge::JsonValue::kObject);
  CHECK(v.find("a")->items[1].number == -25);
  CHECK(v.find("a")->items[2].boolean);
  CHECK(v.find("s")->text == "x\xc3\xa9\xf0\x9f\x98\x80\n\"");
  CHECK(v.find("missing") == nullptr);
  CHECK_FALSE(judge::parse_json(R"({"a":1,})", &v, &error));
  CHECK(error == "expected a member name at offset 7");
  CHECK_FALSE(judge::parse_json(R"({"a" 1})", &v, &error));
  CHECK(error == "expected ':' at offset 5");
  CHECK_FALSE(judge::parse_json("[1] 2", &v, &error));
  CHECK_FALSE(judge::parse_json(std::string(1000, '['), &v, &error));
  CHECK(error.find("nested too deeply") != std::string::npos);
}
