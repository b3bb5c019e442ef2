// play2048, the bot's bench tool: extracting endgame boards from a record.
#include "bot_helpers.h"

TEST_CASE("play2048 --endgame-boards: the first qualifying position of each recorded game; a bad record named") {
  // Game 1: 4 4 in cells 0 and 1, LEFT makes an 8 in cell 0, a 2 spawns in cell 15:
  // 8 on top and a tile sum of 10 >= 8. Game 2 never gets there (a 2 and a 4).
  const std::string records = temp_path("records.jsonl"), boards = temp_path("endgame.txt"),
                    log = temp_path("play.log");
  {
    std::ofstream f(records);
    f << "{\"game\":1,\"max_tile\":8,\"directions\":\"LD\",\"spawns\":\"0414f2e2\"}\n"
      << "{\"game\":2,\"max_tile\":4,\"directions\":\"\",\"spawns\":\"0214\"}\n";
  }
  const std::string play = "'" PLAY2048_PATH "' --records '" + records + "' --endgame-boards '" + boards + "'";
  int status = std::system((play + " --min-sum 8 > '" + log + "' 2>&1").c_str());
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  std::vector<uint64_t> found;
  std::string error;
  REQUIRE_MESSAGE(train2048::read_start_boards(boards, &found, &error), error);
  CHECK(found == std::vector<uint64_t>{0x1000000000000003ULL});
  CHECK(slurp(boards).find("(1 of 2 games; 0 of them went on past 8)") != std::string::npos);

  // A move that changes nothing does not replay: the file and line are named, nothing is written.
  {
    std::ofstream f(records);
    f << "{\"game\":1,\"max_tile\":8,\"directions\":\"LD\",\"spawns\":\"0414f2e2\"}\n"
      << "{\"game\":2,\"max_tile\":4,\"directions\":\"R\",\"spawns\":\"3224\"}\n";
  }
  std::remove(boards.c_str());
  status = std::system((play + " --min-sum 16 > '" + log + "' 2>&1").c_str());
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 1);
  CHECK(slurp(log).find("record file '" + records + "' line 2: the game does not replay") != std::string::npos);
  CHECK(access(boards.c_str(), F_OK) != 0);
  for (const std::string& f : {records, boards, log}) std::remove(f.c_str());
}

TEST_CASE("play2048: --help prints the table's usage and exits 0; a bad option or value exits 2 naming it") {
  const std::string log = temp_path("play_help.log");
  auto run = [&](const std::string& args) {
    const int status = std::system(("'" PLAY2048_PATH "' " + args + " > '" + log + "' 2>&1").c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  CHECK(run("--help") == 0);
  CHECK(slurp(log).find("usage: play2048 [--games N]") == 0);
  CHECK(slurp(log).find("  --min-sum S           S of --endgame-boards\n") != std::string::npos);
  CHECK(run("--frobnicate") == 2);
  CHECK(slurp(log).find("play2048: unknown option '--frobnicate'\nusage: play2048") == 0);
  CHECK(run("--until-tile 100 greedy") == 2);
  CHECK(slurp(log).find("play2048: --until-tile needs a power of two from 4 to 32768, not '100'\n") == 0);
  std::remove(log.c_str());
}
