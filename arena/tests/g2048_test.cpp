// PZ2048 in the arena: operations by the page (w a s d z and invalid ones),
// a bot plugin's moves, the end of the game, and the transcript, which must
// be what PZ2048 prints for the same input, byte for byte.
#include <doctest/doctest.h>

#include <fstream>

#include "../../common/tests/shell.h"
#include "arena_process.h"

namespace {

std::string new_2048(const at::ArenaProcess& arena, const std::string& body) {
  const at::Reply r = arena.post("/api/2048/new", body);
  INFO(r.body);
  REQUIRE(r.status == 200);
  return r.json().find("game")->text;
}

at::Reply op(const at::ArenaProcess& arena, const std::string& id, char c) {
  return arena.post("/api/2048/op", "{\"game\":\"" + id + "\",\"op\":\"" + std::string(1, c) + "\"}");
}

// The arena's transcript equals PZ2048's for the arena's own input.
void check_transcript(const at::ArenaProcess& arena, const std::string& id) {
  const judge::JsonValue t = arena.post("/api/2048/transcript", "{\"game\":\"" + id + "\"}").json();
  test_shell::TempDir dir;
  std::ofstream(dir.path() + "/game.in") << t.find("input")->text;
  std::string printed;
  const int status = test_shell::run_in(
      dir.path(), "{ '" + std::string(ARENA_TEST_BUILD) + "/bin/PZ2048' game.in 2>/dev/null; }", &printed);
  CHECK(status == 0);
  CHECK(printed == t.find("transcript")->text);
}

}  // namespace

TEST_CASE("PZ2048: moves, undo and invalid operations give PZ2048's transcript") {
  at::ArenaProcess arena;
  const std::string id = new_2048(arena, "{\"rows\":3,\"cols\":5,\"target\":100,\"seed\":12}");
  for (char c : std::string("wasdzzx?dddaaz")) CHECK(op(arena, id, c).status == 200);
  const judge::JsonValue state = arena.post("/api/2048/op", "{\"game\":\"" + id + "\",\"op\":\"s\"}").json();
  CHECK(state.find("target")->number == 128);  // normalized as the course does
  CHECK(state.find("ops")->text == "wasdzzx?dddaazs");
  CHECK(op(arena, id, ' ').status == 409);
  CHECK(op(arena, id, '#').status == 409);
  CHECK(arena.post("/api/2048/op", "{\"game\":\"" + id + "\",\"op\":\"wa\"}").status == 400);
  check_transcript(arena, id);
}

TEST_CASE("PZ2048: the game ends at the target or when stuck, then takes no operation") {
  at::ArenaProcess arena;
  const std::string id = new_2048(arena, "{\"rows\":2,\"cols\":2,\"target\":16,\"seed\":5}");
  judge::JsonValue state;
  for (int k = 0; k < 400; ++k) {
    const at::Reply r = op(arena, id, "wasd"[k % 4]);
    if (r.status == 409) break;
    state = r.json();
  }
  CHECK(state.find("over")->boolean);
  CHECK(op(arena, id, 'z').status == 409);
  check_transcript(arena, id);
}

TEST_CASE("PZ2048: Start AI plays a bot plugin's moves; a board it cannot play is refused") {
  at::ArenaProcess arena;
  const std::string id = new_2048(arena, "{\"seed\":3}");
  CHECK(arena.post("/api/2048/ai-step", "{\"game\":\"" + id + "\"}").status == 409);  // no bot yet
  CHECK(arena.post("/api/2048/ai-start", "{\"game\":\"" + id + "\",\"bot\":\"simple.so\"}").status == 200);
  for (int k = 0; k < 30; ++k) REQUIRE(arena.post("/api/2048/ai-step", "{\"game\":\"" + id + "\"}").status == 200);
  const judge::JsonValue state = arena.post("/api/2048/ai-stop", "{\"game\":\"" + id + "\"}").json();
  CHECK(state.find("steps")->number == 30);
  CHECK(state.find("bot")->text == "");
  CHECK(op(arena, id, 'z').status == 200);  // the person takes over
  check_transcript(arena, id);
  const std::string small = new_2048(arena, "{\"rows\":3,\"cols\":3}");
  const at::Reply refused = arena.post("/api/2048/ai-start", "{\"game\":\"" + small + "\",\"bot\":\"simple.so\"}");
  CHECK(refused.status == 409);
  CHECK(refused.body.find("4 x 4") != std::string::npos);
  CHECK(arena.post("/api/2048/new", "{\"rows\":17}").status == 400);
  CHECK(arena.post("/api/2048/ai-start", "{\"game\":\"" + id + "\",\"bot\":\"/tmp/x.so\"}").status == 400);
}

TEST_CASE("PZ2048: a player program (user_logic.cpp) as the AI, on any board, the transcript still PZ2048's") {
  const std::string player = std::string(ARENA_TEST_BUILD) + "/arena/tests/cycle_player";
  at::ArenaProcess arena({player});
  bool listed = false;
  for (const auto& name : arena.get("/api/plugins").json().find("programs")->items)
    listed |= name.text == "cycle_player";
  CHECK(listed);
  const std::string id = new_2048(arena, "{\"rows\":3,\"cols\":3,\"target\":64,\"seed\":6}");
  REQUIRE(arena.post("/api/2048/ai-start", "{\"game\":\"" + id + "\",\"bot\":\"cycle_player\"}").status == 200);
  judge::JsonValue state;
  int moves = 0;
  for (; moves < 60; ++moves) {
    const at::Reply r = arena.post("/api/2048/ai-step", "{\"game\":\"" + id + "\"}");
    if (r.status != 200) break;
    state = r.json();
    if (state.find("over")->boolean) break;
  }
  CHECK(moves > 5);
  // It answers down, left, right, up in turn: only the answers that move go into the game.
  const std::string ops = state.find("ops")->text;
  CHECK(ops.find_first_not_of("wasd") == std::string::npos);
  CHECK(static_cast<int>(state.find("steps")->number) == static_cast<int>(ops.size()));
  check_transcript(arena, id);
}
