// pdd-referee's record line: what the writer puts in it is what the reader
// gives back, and a line that is not one is refused naming the member.
#include <string>

#include <doctest/doctest.h>

#include "../../common/json_read.h"
#include "../referee/record.h"

namespace {

pdd::RecordLine sample_line() {
  pdd::RecordLine line;
  line.game = 4;
  line.seed = 12773366489153039575ULL;
  line.white = "./E1.out";
  line.black = "build/bin/pdd-strategy";
  line.winner = "B";
  line.reason = "White broke a rule";
  line.violation = "V12";
  line.violator = "W";
  line.detail = "stepLog \"changed\"";
  line.time_limit_ms = 3000;
  line.white_score = {3, 2, 1, 1, 0};
  line.black_score = {10, 4, 3, 4, 0};
  line.actions = 3;
  line.skips = 1;
  line.steplog = "W_1_Chess_0,0_2,2 B_2_Change B_3_Chess_1,1_3,3";
  line.white_ms = {5, 1200};
  line.black_ms = {7};
  line.folder = "pdd-games/g4";
  line.shard = "0/2";
  return line;
}

bool read_text(const std::string& text, pdd::RecordLine* line, std::string* problem) {
  judge::JsonValue v;
  REQUIRE(judge::parse_json(text, &v, problem));
  return pdd::read_record_line(v, line, problem);
}

}  // namespace

TEST_CASE("a Ponte del Diavolo record line reads back as written, member by member and byte for byte") {
  const pdd::RecordLine line = sample_line();
  const std::string text = pdd::write_record_line(line);
  CHECK(text.find(R"({"game":4,"seed":12773366489153039575,"white":"./E1.out",)") == 0);
  CHECK(text.find(R"("white_ms":[5,1200],"black_ms":[7],"folder":"pdd-games/g4","shard":"0/2"})") != std::string::npos);
  pdd::RecordLine back;
  std::string problem;
  REQUIRE_MESSAGE(read_text(text, &back, &problem), problem);
  CHECK(back.game == 4);
  CHECK(back.seed == line.seed);
  CHECK(back.white == line.white);
  CHECK(back.black == line.black);
  CHECK(back.winner == "B");
  CHECK(back.violation == "V12");
  CHECK(back.violator == "W");
  CHECK(back.detail == line.detail);
  CHECK(back.time_limit_ms == 3000);
  CHECK(back.black_score.points == 10);
  CHECK(back.black_score.connected_islands == 4);
  CHECK(back.skips == 1);
  CHECK(back.steplog == line.steplog);
  CHECK(back.white_ms == line.white_ms);
  CHECK(back.shard == "0/2");
  CHECK(pdd::write_record_line(back) == text);
}

TEST_CASE("a Ponte del Diavolo record line that is not one is refused, naming the member") {
  const std::string good = pdd::write_record_line(sample_line());
  auto refusal = [&](const std::string& from, const std::string& to) {
    std::string text = good;
    const size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    pdd::RecordLine line;
    std::string problem;
    CHECK_FALSE(read_text(text, &line, &problem));
    return problem;
  };
  CHECK(refusal(R"("game":4)", R"("game":0)") == "field 'game' is missing or not a whole number from 1 to 1000000");
  CHECK(refusal(R"("seed":12773366489153039575)", R"("seed":"x")") == "field 'seed' is missing or not a whole number");
  CHECK(refusal(R"("winner":"B")", R"("winner":"G")") == "field 'winner' is not W, B or draw");
  CHECK(refusal(R"("white":"./E1.out")", R"("white":1)") == "field 'white' is missing or not a string");
  CHECK(refusal(R"("steplog":)", R"("stepLog":)") == "field 'steplog' is missing or not a string");
  CHECK(refusal(R"("points":10)", R"("points":-1)") ==
        "black_score: field 'points' is missing or not a whole number from 0 to 1000000");
  CHECK(refusal(R"([5,1200])", R"([5,1.5])") == "field 'white_ms' holds something other than whole milliseconds");
  CHECK(refusal(R"("violator":"W")", R"("violator":null)") == "field 'violator' is missing or not a string");
}
