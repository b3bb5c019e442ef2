// A record's members declared once (record_fields.h): the line a judge writes
// is the line it reads back, and a line someone edited by hand is refused
// naming the member.
#include <doctest/doctest.h>

#include <string>

#include "../json_read.h"
#include "../record_fields.h"

namespace {

struct Game {
  std::string name;
  int round = 0;
  uint64_t seed = 0;
  double score = 0;
  bool over = false;
};

const judge::RecordFields<Game> kFields = {{"name", &Game::name},
                                           {"round", &Game::round},
                                           {"seed", &Game::seed},
                                           {"score", &Game::score},
                                           {"over", &Game::over}};

std::string line_of(const Game& g) {
  judge::JsonWriter json;
  json.begin_object();
  kFields.write(g, &json);
  return json.end_object().str();
}

// The error of reading `line`, or "" if it reads.
std::string read_error(const std::string& line, Game* g) {
  judge::JsonValue v;
  std::string error;
  REQUIRE(judge::parse_json(line, &v, &error));
  return kFields.read(v, "games.jsonl line 3: ", g, &error) ? "" : error;
}

}  // namespace

TEST_CASE("record fields: written in the table's order, read back to the same values") {
  Game g;
  g.name = "a \"quoted\" name";
  g.round = -7;
  g.seed = 18446744073709551615ULL;
  g.score = 0.5;
  g.over = true;
  const std::string line = line_of(g);
  CHECK(line == R"({"name":"a \"quoted\" name","round":-7,"seed":18446744073709551615,"score":0.5,"over":true})");
  Game back;
  CHECK(read_error(line, &back) == "");
  CHECK(back.name == g.name);
  CHECK(back.round == -7);
  CHECK(back.seed == g.seed);
  CHECK(back.score == 0.5);
  CHECK(back.over);
  CHECK(line_of(back) == line);
}

TEST_CASE("record fields: a member missing or of another type is refused, named with its line") {
  Game g;
  CHECK(read_error(R"({"round":1,"seed":2,"score":0,"over":false})", &g) ==
        "games.jsonl line 3: field 'name' is missing, not a string");
  CHECK(read_error(R"({"name":"x","round":1.5,"seed":2,"score":0,"over":false})", &g) ==
        "games.jsonl line 3: field 'round' is '1.5', not a whole number");
  CHECK(read_error(R"({"name":"x","round":3000000000,"seed":2,"score":0,"over":false})", &g) ==
        "games.jsonl line 3: field 'round' is '3000000000', not a whole number");
  CHECK(read_error(R"({"name":"x","round":1,"seed":-2,"score":0,"over":false})", &g) ==
        "games.jsonl line 3: field 'seed' is '-2', not a whole number");
  CHECK(read_error(R"({"name":"x","round":1,"seed":2,"score":"0","over":false})", &g) ==
        "games.jsonl line 3: field 'score' is '\"0\"', not a number");
  CHECK(read_error(R"({"name":"x","round":1,"seed":2,"score":0,"over":1})", &g) ==
        "games.jsonl line 3: field 'over' is '1', not true or false");
  CHECK(read_error(R"({"name":7,"round":1,"seed":2,"score":0,"over":false})", &g) ==
        "games.jsonl line 3: field 'name' is '7', not a string");
}
