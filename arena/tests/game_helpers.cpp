#include "game_helpers.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "../../Compete/board.h"
#include "../../viewer/record.h"

namespace at {

std::string new_game(const ArenaProcess& arena, const std::string& body) {
  const Reply r = arena.post("/api/c4/new", body);
  INFO("body: ", body, " reply: ", r.body);
  REQUIRE(r.status == 200);
  return r.json().find("game")->text;
}

judge::JsonValue move(const ArenaProcess& arena, const std::string& id, int column) {
  const Reply r = arena.post("/api/c4/move", "{\"game\":\"" + id + "\",\"column\":" + std::to_string(column) + "}");
  INFO("column ", column, " reply: ", r.body);
  REQUIRE(r.status == 200);
  return r.json();
}

namespace {

c4::Board board_of(const judge::JsonValue& state) {
  auto n = [&](const char* key) { return static_cast<int>(state.find(key)->number); };
  c4::Board board(n("M"), n("N"), n("noX"), n("noY"));
  for (const judge::JsonValue& m : state.find("moves")->items)
    board.play(static_cast<int>(m.items[1].number), static_cast<int>(m.items[2].number),
               m.items[0].text == "A" ? c4::kA : c4::kB);
  return board;
}

}  // namespace

int first_open_column(const judge::JsonValue& state) {
  const c4::Board board = board_of(state);
  for (int y = 0; y < board.cols(); ++y)
    if (board.top(y) > 0) return y;
  FAIL("no open column");
  return -1;
}

judge::JsonValue play_out(const ArenaProcess& arena, const std::string& id) {
  judge::JsonValue state = arena.post("/api/c4/state", "{\"game\":\"" + id + "\"}").json();
  for (int guard = 0; guard < 200 && !state.find("over")->boolean; ++guard)
    state = move(arena, id, first_open_column(state));
  REQUIRE(state.find("over")->boolean);
  return state;
}

void check_record_line(const std::string& line, const judge::JsonValue& state) {
  viewer::Record record;
  std::string error;
  INFO("line: ", line);
  REQUIRE_MESSAGE(viewer::parse_record(line + "\n", "saved.jsonl", &record, &error), error);
  CHECK(record.kind == viewer::Kind::kConnectFour);
  judge::JsonValue g;
  REQUIRE(judge::parse_json(line, &g, &error));
  for (const char* key : {"M", "N", "noX", "noY", "code"}) CHECK(g.find(key)->number == state.find(key)->number);
  c4::Board board(static_cast<int>(g.find("M")->number), static_cast<int>(g.find("N")->number),
                  static_cast<int>(g.find("noX")->number), static_cast<int>(g.find("noY")->number));
  c4::Side mover = g.find("first")->text == "A" ? c4::kA : c4::kB;
  const auto& moves = g.find("moves")->items;
  for (size_t k = 0; k < moves.size(); ++k) {
    const int x = static_cast<int>(moves[k].items[1].number), y = static_cast<int>(moves[k].items[2].number);
    CAPTURE(k);
    CHECK(moves[k].items[0].text == (mover == c4::kA ? "A" : "B"));
    REQUIRE(board.illegal_reason(x, y) == "");
    board.play(x, y, mover);
    // Only the last move may end the game.
    if (k + 1 < moves.size()) CHECK_FALSE(board.wins_at(x, y));
    mover = c4::opponent(mover);
  }
  CHECK(board.picture() == state.find("picture")->text);
  const int code = static_cast<int>(g.find("code")->number);
  if (code == 1 || code == 2) {
    const auto& last = moves.back().items;
    CHECK(board.wins_at(static_cast<int>(last[1].number), static_cast<int>(last[2].number)));
    CHECK(g.find("win") != nullptr);
  }
}

int hosts_of(pid_t pid) {
  std::map<pid_t, pid_t> parent;
  std::map<pid_t, bool> host;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(entry.path() / "stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const size_t close = text.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(text.substr(close + 2));
    char state;
    pid_t ppid;
    rest >> state >> ppid;
    if (state == 'Z') continue;
    std::ifstream cmd(entry.path() / "cmdline");
    std::string cmdline((std::istreambuf_iterator<char>(cmd)), std::istreambuf_iterator<char>());
    const pid_t p = std::stoi(name);
    parent[p] = ppid;
    host[p] = cmdline.find("--plugin-host") != std::string::npos;
  }
  int count = 0;
  for (const auto& kv : host) {
    if (!kv.second) continue;
    for (pid_t p = parent[kv.first]; p > 1; p = parent.count(p) ? parent[p] : 0)
      if (p == pid) {
        ++count;
        break;
      }
  }
  return count;
}

}  // namespace at
