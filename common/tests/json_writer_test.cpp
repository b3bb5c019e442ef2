// The JSON writer every judge's record and summary use.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>

#include "../json.h"

TEST_CASE("JSON writer: nesting, separators, numbers that every parser reads") {
  judge::JsonWriter json;
  json.begin_object()
      .field("n", 3)
      .field("big", static_cast<int64_t>(-9000000000LL))
      .field("x", 0.25)
      .field("nan", std::nan(""))
      .field("ok", true);
  json.key("list").begin_array().value(1).begin_array().end_array().begin_object().end_object().value("s").end_array();
  json.end_object();
  CHECK(json.str() == "{\"n\":3,\"big\":-9000000000,\"x\":0.25,\"nan\":null,\"ok\":true,\"list\":[1,[],{},\"s\"]}");
}
