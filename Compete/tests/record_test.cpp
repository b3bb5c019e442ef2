// A ConnectFour record line: what the writer puts in it is what the reader
// gives back, and a line that is not one is refused naming the member.
#include <string>

#include <doctest/doctest.h>

#include "../../common/json_read.h"
#include "../record.h"

namespace {

c4::RecordLine sample_line() {
  c4::RecordLine line;
  line.round = 7;
  line.game = 2;
  line.seed = 12773366489153039575ULL;  // above 2^53: a double would round it
  line.M = 10, line.N = 9, line.noX = 2, line.noY = 1;
  line.a = "so/Strategy.so";
  line.b = "TestCases/50.so";
  line.first = c4::kB;
  line.time_limit_ms = 3000;
  c4::GameResult& r = line.result;
  r.code = c4::kAWins;
  r.moves = {{c4::kB, 9, 4, 87, 16}, {c4::kA, 9, 3, 2600120, 2599000}, {c4::kB, 8, 4, 1500, 0}};
  r.win = {{9, 3}, {9, 4}, {9, 5}, {9, 6}};
  r.reason = "four in a row \"quoted\"";
  r.time_us_a = 2600123;
  r.time_us_b = 1587;
  r.peak_resident_kb[c4::kA] = 2048;
  r.peak_resident_kb[c4::kB] = 512;
  line.settings = R"({"match_seed":5,"rounds":25})";
  line.shard = "1/3";
  return line;
}

// Reads `text` as a record line; false with *problem.
bool read_text(const std::string& text, c4::RecordLine* line, std::string* problem) {
  judge::JsonValue v;
  REQUIRE(judge::parse_json(text, &v, problem));
  return c4::read_record_line(v, line, problem);
}

c4::RecordLine read_back(const std::string& text) {
  c4::RecordLine line;
  std::string problem;
  REQUIRE_MESSAGE(read_text(text, &line, &problem), problem);
  return line;
}

// The reader's refusal of `text`.
std::string refusal(const std::string& text) {
  c4::RecordLine line;
  std::string problem;
  CHECK_FALSE(read_text(text, &line, &problem));
  return problem;
}

}  // namespace

TEST_CASE("a record line reads back as written, member by member and byte for byte") {
  const c4::RecordLine line = sample_line();
  const std::string text = c4::write_record_line(line);
  CHECK(text.find(R"({"round":7,"game":2,"seed":12773366489153039575,"M":10,"N":9,"noX":2,"noY":1,)") == 0);
  CHECK(text.find(R"("moves":[["B",9,4,0.087,0.016],["A",9,3,2600.12,2599],["B",8,4,1.5,0]])") != std::string::npos);
  const c4::RecordLine back = read_back(text);
  CHECK(back.round == 7);
  CHECK(back.game == 2);
  CHECK(back.seed == line.seed);
  CHECK((back.M == 10 && back.N == 9 && back.noX == 2 && back.noY == 1));
  CHECK(back.a == line.a);
  CHECK(back.b == line.b);
  CHECK(back.first == c4::kB);
  CHECK(back.time_limit_ms == 3000);
  CHECK(back.result.code == c4::kAWins);
  REQUIRE(back.result.moves.size() == 3);
  CHECK(back.result.moves[1].side == c4::kA);
  CHECK(back.result.moves[1].wall_us == 2600120);  // milliseconds: six significant digits
  CHECK(back.result.moves[0].cpu_us == 16);
  CHECK(back.result.win == line.result.win);
  CHECK(back.result.reason == line.result.reason);
  CHECK(back.result.time_us_a == 2600123);
  CHECK(back.result.peak_resident_kb[c4::kB] == 512);
  CHECK(back.settings == line.settings);
  CHECK(back.shard == "1/3");
  CHECK(c4::write_record_line(back) == text);
}

TEST_CASE("a record line that is not one is refused, naming the member") {
  const std::string good = c4::write_record_line(sample_line());
  auto with = [&](const std::string& from, const std::string& to) {
    std::string text = good;
    const size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
  };
  CHECK(refusal(with(R"("M":10)", R"("M":13)")) == "field 'M' is missing or not a whole number from 1 to 12");
  CHECK(refusal(with(R"("noY":1)", R"("noY":9)")) == "field 'noY' is missing or not a whole number from 0 to 8");
  CHECK(refusal(with(R"("game":2)", R"("game":2.5)")) == "field 'game' is missing or not a whole number from 1 to 2");
  CHECK(refusal(with(R"("first":"B")", R"("first":"C")")) == "field 'first' is neither \"A\" nor \"B\"");
  CHECK(refusal(with(R"(["A",9,3,)", R"(["A",10,3,)")) ==
        "field 'moves' item 2 is not [\"A\" or \"B\", row, column, milliseconds[, CPU milliseconds]] on the board");
  CHECK(refusal(with(R"("code":1)", R"("code":9)")) == "field 'code' is missing or not a whole number from -4 to 8");
  CHECK(refusal(with(R"("seed":12773366489153039575)", R"("seed":-1)")) == "field 'seed' is not a whole number");
  CHECK(refusal(with(R"([9,6]])", R"([9,16]])")) ==
        "field 'win' holds something other than [row, column] cells on the board");
  CHECK(refusal(with(R"("moves":)", R"("mooves":)")) == "field 'moves' is missing or not an array");
  CHECK(refusal(with(R"("a":"so/Strategy.so")", R"("a":5)")) == "field 'a' is not a string");
  // Older records: moves without their CPU time, no times, no settings.
  const c4::RecordLine old = read_back(
      R"({"round":0,"game":1,"M":9,"N":9,"noX":0,"noY":8,"first":"A","moves":[["A",8,0,1],["B",8,1,1]],"code":0})");
  CHECK(old.result.moves.size() == 2);
  CHECK(old.result.moves[0].wall_us == 1000);
  CHECK(old.result.moves[0].cpu_us == 0);
  CHECK(old.settings.empty());
}
