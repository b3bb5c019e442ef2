// The arena as a server: its start line, the safety rules (token, Host,
// body limits, named plugins only), bad requests answered with 4xx while the
// server goes on, the game limits (--max-games, --idle-seconds), and games
// against real and broken plugins, saved as records the viewer reads.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "../../Compete/board.h"
#include "../../common/json.h"
#include "../../common/tests/shell.h"
#include "../../viewer/record.h"
#include "../guard.h"
#include "arena_process.h"
#include "game_helpers.h"

using at::ArenaProcess;

TEST_CASE("the start line gives a 127.0.0.1 address and a 32-digit token; the page needs the token") {
  ArenaProcess arena;
  CHECK(arena.get("/?token=" + arena.token(), "").status == 200);
  CHECK(arena.get("/", "").status == 403);
  CHECK(arena.get("/?token=" + arena.token() + "0", "").status == 403);
}

TEST_CASE("--bind another address is warned on stderr; a bad command line names the problem, exit 2") {
  std::string output;
  // Stopped once its start line is out (SIGTERM: the arena ends cleanly), however loaded the machine.
  test_shell::ScratchDir dir;
  const std::string log = (dir.path / "arena.log").string();
  test_shell::run_in(at::repo_root(),
                     "'" + at::arena_binary() + "' --port 0 --bind 127.0.0.2 > '" + log +
                         "' 2>&1 & pid=$!; for i in $(seq 300); do grep -q 'arena: http' '" + log +
                         "' && break; sleep 0.05; done; kill $pid; wait $pid; cat '" + log + "'",
                     &output);
  CHECK(output.find("warning: listening on 127.0.0.2") != std::string::npos);
  CHECK(output.find("arena: http://127.0.0.2:") != std::string::npos);
  CHECK(test_shell::run_in(at::repo_root(), "'" + at::arena_binary() + "' no-such.so", &output) == 2);
  CHECK(output.find("no plugin file 'no-such.so'") != std::string::npos);
  CHECK(test_shell::run_in(at::repo_root(), "'" + at::arena_binary() + "' --max-games 0", &output) == 2);
  CHECK(output.find("--max-games") != std::string::npos);
}

TEST_CASE("every API call needs the token, in the query or the X-Arena-Token header") {
  ArenaProcess arena;
  CHECK(arena.get("/api/plugins").status == 200);
  CHECK(arena.get("/api/plugins", "").status == 403);
  CHECK(arena.get("/api/plugins", "0123456789abcdef0123456789abcdef").status == 403);
  CHECK(arena.get("/api/plugins?token=" + arena.token(), "").status == 200);
  const at::Reply refused = arena.post("/api/c4/new", "{\"opponent\":\"1.so\"}", "");
  CHECK(refused.status == 403);
  CHECK(refused.body.find("token") != std::string::npos);
}

TEST_CASE("a foreign Host header is refused (DNS rebinding); localhost with the port is the arena's") {
  ArenaProcess arena;
  const std::string port = std::to_string(arena.port());
  CHECK(arena.get("/api/plugins", nullptr, ("evil.example:" + port).c_str()).status == 403);
  CHECK(arena.get("/api/plugins", nullptr, "127.0.0.1").status == 403);
  CHECK(arena.get("/api/plugins", nullptr, ("localhost:" + port).c_str()).status == 200);
  CHECK(arena.get("/", nullptr, ("attacker.test:" + port).c_str()).status == 403);
}

TEST_CASE("no CORS headers: another site's script cannot read an answer") {
  ArenaProcess arena;
  const at::Reply reply = arena.get("/api/plugins");
  for (const auto& h : reply.headers) CHECK(h.first.rfind("Access-Control", 0) != 0);
}

TEST_CASE("plugins are picked by name: a path, an unknown name or a missing one is refused") {
  ArenaProcess arena({at::test_plugin("random_a")});
  const judge::JsonValue plugins = arena.get("/api/plugins").json();
  bool listed = false;
  for (const auto& name : plugins.find("connect_four")->items) listed |= name.text == "random_a.so";
  CHECK(listed);
  for (const std::string& opponent : {at::test_plugin("random_a"), std::string("../so/x.so"), std::string("nope.so")}) {
    const at::Reply r = arena.post("/api/c4/new", "{\"opponent\":\"" + opponent + "\"}");
    CHECK(r.status == 400);
    CHECK(r.json().find("error") != nullptr);
  }
  CHECK(arena.post("/api/c4/new", "{}").status == 400);
  CHECK(arena.post("/api/c4/new", "{\"opponent\":\"random_a.so\"}").status == 200);
}

TEST_CASE("malformed bodies, unknown games, moves out of turn or illegal: 4xx with a message, the server goes on") {
  ArenaProcess arena({at::test_plugin("random_a"), at::test_plugin("random_b")});
  CHECK(arena.post("/api/c4/new", "{bad json").status == 400);
  CHECK(arena.post("/api/c4/new", "[1,2]").status == 400);
  CHECK(arena.post("/api/c4/new", "{\"opponent\":\"random_a.so\",\"M\":13,\"N\":9,\"noX\":0,\"noY\":0}").status == 400);
  CHECK(arena.post("/api/c4/move", "{\"game\":\"0123456789abcdef\",\"column\":1}").status == 404);
  CHECK(arena.post("/api/c4/move", "{\"column\":1}").status == 400);
  const std::string id =
      at::new_game(arena, "{\"opponent\":\"random_a.so\",\"M\":9,\"N\":9,\"noX\":8,\"noY\":0,\"you_first\":true}");
  CHECK(arena.post("/api/c4/move", "{\"game\":\"" + id + "\",\"column\":9}").status == 409);
  CHECK(arena.post("/api/c4/move", "{\"game\":\"" + id + "\",\"column\":-1}").status == 409);
  CHECK(arena.post("/api/c4/move", "{\"game\":\"" + id + "\",\"column\":\"x\"}").status == 400);
  // Watching two plugins: a person's move is out of turn.
  const std::string watched = at::new_game(arena, "{\"opponent\":\"random_a.so\",\"watch_b\":\"random_b.so\"}");
  const at::Reply out_of_turn = arena.post("/api/c4/move", "{\"game\":\"" + watched + "\",\"column\":0}");
  CHECK(out_of_turn.status == 409);
  CHECK(out_of_turn.body.find("not your turn") != std::string::npos);
  CHECK(arena.post("/api/c4/undo", "{\"game\":\"" + watched + "\"}").status == 409);
  CHECK(arena.alive());
  CHECK(arena.post("/api/c4/move", "{\"game\":\"" + id + "\",\"column\":3}").status == 200);
}

TEST_CASE("bodies over the limits get 413: 16 KB for moves, 1 MB for a record") {
  ArenaProcess arena({at::test_plugin("random_a")});
  const std::string padding(20 << 10, ' ');
  CHECK(arena.post("/api/c4/new", "{\"opponent\":\"random_a.so\"}" + padding).status == 413);
  CHECK(arena.post("/api/c4/from-record", "{\"record\":\"\"}" + padding).status == 400);  // within 1 MB: read
  CHECK(arena.post("/api/c4/from-record", std::string((1 << 20) + 10, ' ')).status == 413);
  CHECK(arena.alive());
  CHECK(arena.get("/api/plugins").status == 200);
}

TEST_CASE("--max-games: the next game is refused with a message until one is closed") {
  ArenaProcess arena({"--max-games", "2", at::test_plugin("random_a")});
  const std::string first = at::new_game(arena, "{\"opponent\":\"random_a.so\"}");
  at::new_game(arena, "{\"opponent\":\"random_a.so\"}");
  const at::Reply full = arena.post("/api/c4/new", "{\"opponent\":\"random_a.so\"}");
  CHECK(full.status == 503);
  CHECK(full.body.find("--max-games") != std::string::npos);
  // The page's goodbye beacon: the token in the query, no body.
  CHECK(arena.post("/api/close?token=" + arena.token() + "&game=" + first, "", "").status == 200);
  CHECK(arena.post("/api/c4/state", "{\"game\":\"" + first + "\"}").status == 404);
  at::new_game(arena, "{\"opponent\":\"random_a.so\"}");
}

TEST_CASE("--idle-seconds: an unused game ends and its plugin host goes") {
  ArenaProcess arena({"--idle-seconds", "1", at::test_plugin("random_a")});
  const std::string id = at::new_game(arena, "{\"opponent\":\"random_a.so\"}");
  CHECK(at::hosts_of(arena.pid()) == 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(1800));
  CHECK(arena.post("/api/c4/state", "{\"game\":\"" + id + "\"}").status == 404);
  CHECK(at::hosts_of(arena.pid()) == 0);
}

TEST_CASE("a whole game against a ladder level, undo, and its record line read by the viewer") {
  ArenaProcess arena;
  const std::string id = at::new_game(arena, "{\"opponent\":\"1.so\",\"seed\":11,\"you_first\":true}");
  judge::JsonValue state =
      at::move(arena, id, at::first_open_column(arena.post("/api/c4/state", "{\"game\":\"" + id + "\"}").json()));
  CHECK(state.find("moves")->items.size() == 2);
  state = arena.post("/api/c4/undo", "{\"game\":\"" + id + "\"}").json();
  CHECK(state.find("moves")->items.size() == 0);
  state = at::play_out(arena, id);
  const int code = static_cast<int>(state.find("code")->number);
  CHECK(code >= 0);
  CHECK(code <= 2);
  const std::string line = arena.post("/api/c4/record", "{\"game\":\"" + id + "\"}").json().find("line")->text;
  at::check_record_line(line, state);
}

TEST_CASE("a folder of sources is a ConnectFour opponent built the OJ's way, and plays a whole game") {
  test_shell::TempDir dir;
  const std::string student = dir / "student";  // the course-style student strategy, as a folder
  REQUIRE(test_shell::run_in(dir.path(), "cp -r '" + std::string(ARENA_TEST_ROOT) + "/StrategyTest/tests/student' .") ==
          0);
  ArenaProcess arena({student + "/"});
  bool listed = false;
  for (const auto& name : arena.get("/api/plugins").json().find("connect_four")->items)
    listed |= name.text == "student";
  REQUIRE(listed);
  const std::string id = at::new_game(arena, "{\"opponent\":\"student\",\"seed\":5,\"you_first\":true}");
  const judge::JsonValue state = at::play_out(arena, id);
  const int code = static_cast<int>(state.find("code")->number);
  CHECK(code >= 0);  // a game ended by the rules: the program answered every move
  CHECK(code <= 2);
  at::check_record_line(arena.post("/api/c4/record", "{\"game\":\"" + id + "\"}").json().find("line")->text, state);
}

TEST_CASE("crashing, hanging and illegal plugins end their game with the judge's code; the server goes on") {
  ArenaProcess arena({at::test_plugin("fault_segv_get"), at::test_plugin("fault_loop_get"),
                      at::test_plugin("fault_off_board"), at::test_plugin("random_a")});
  struct Case {
    const char* plugin;
    int code;
    const char* words;
  };
  for (const Case& c : {Case{"fault_segv_get.so", 5, "crashed"}, Case{"fault_loop_get.so", 8, "timed out"},
                        Case{"fault_off_board.so", 6, "illegal move"}}) {
    CAPTURE(c.plugin);
    const std::string id = at::new_game(
        arena, std::string("{\"opponent\":\"") + c.plugin + "\",\"time_limit_ms\":300,\"seed\":3,\"you_first\":false}");
    const judge::JsonValue state = at::play_out(arena, id);
    CHECK(static_cast<int>(state.find("code")->number) == c.code);
    CHECK(state.find("reason")->text.find(c.words) != std::string::npos);
    // Undo after the fault: a fresh host, the game goes on.
    if (state.find("moves")->items.size() > 1) {
      const at::Reply again = arena.post("/api/c4/undo", "{\"game\":\"" + id + "\"}");
      CHECK(again.status == 200);
    }
  }
  CHECK(at::new_game(arena, "{\"opponent\":\"random_a.so\"}").size() == 16);
}

TEST_CASE("watch mode: two plugins move one step a request until the game ends") {
  ArenaProcess arena({at::test_plugin("random_a"), at::test_plugin("random_b")});
  const std::string id = at::new_game(arena, "{\"opponent\":\"random_a.so\",\"watch_b\":\"random_b.so\",\"seed\":4}");
  judge::JsonValue state;
  size_t steps = 0;
  for (;;) {
    const at::Reply r = arena.post("/api/c4/step", "{\"game\":\"" + id + "\"}");
    if (r.status == 409) break;
    REQUIRE(r.status == 200);
    state = r.json();
    CHECK(state.find("moves")->items.size() == ++steps);
  }
  CHECK(state.find("over")->boolean);
  at::check_record_line(arena.post("/api/c4/record", "{\"game\":\"" + id + "\"}").json().find("line")->text, state);
}

TEST_CASE("play on from a replay: a record's game N at step K, the person to move") {
  ArenaProcess arena({at::test_plugin("random_a"), at::test_plugin("random_b")});
  const std::string watched =
      at::new_game(arena, "{\"opponent\":\"random_a.so\",\"watch_b\":\"random_b.so\",\"seed\":9}");
  for (int k = 0; k < 6; ++k) arena.post("/api/c4/step", "{\"game\":\"" + watched + "\"}");
  const std::string line = arena.post("/api/c4/record", "{\"game\":\"" + watched + "\"}").json().find("line")->text;
  judge::JsonWriter body;
  body.begin_object()
      .field("record", "\n" + line + "\n")
      .field("game_number", 1)
      .field("step", 5)
      .field("opponent", "random_a.so");
  const at::Reply r = arena.post("/api/c4/from-record", body.end_object().str());
  REQUIRE(r.status == 200);
  const judge::JsonValue state = r.json();
  CHECK(state.find("moves")->items.size() == 5);
  CHECK(state.find("to_move")->text == "B");  // A moved first: the sixth move is B's
  CHECK(state.find("b_human")->boolean);
  // A game past its end, a step out of range, a record of another judge: refused.
  judge::JsonWriter bad;
  bad.begin_object().field("record", line).field("step", 99).field("opponent", "random_a.so");
  CHECK(arena.post("/api/c4/from-record", bad.end_object().str()).status == 400);
  judge::JsonWriter other;
  other.begin_object().field("record", "{\"x\":1}").field("opponent", "random_a.so");
  CHECK(arena.post("/api/c4/from-record", other.end_object().str()).status == 400);
}

TEST_CASE("the Host rule: the bound address or localhost, with the port") {
  CHECK(arena::host_allowed("127.0.0.1:8048", "127.0.0.1", 8048));
  CHECK(arena::host_allowed("localhost:8048", "127.0.0.1", 8048));
  CHECK(arena::host_allowed("[::1]:8048", "::1", 8048));
  CHECK_FALSE(arena::host_allowed("127.0.0.1", "127.0.0.1", 8048));
  CHECK_FALSE(arena::host_allowed("127.0.0.1:8049", "127.0.0.1", 8048));
  CHECK_FALSE(arena::host_allowed("evil.test:8048", "127.0.0.1", 8048));
  CHECK_FALSE(arena::host_allowed("127.0.0.1.evil.test:8048", "127.0.0.1", 8048));
  CHECK_FALSE(arena::host_allowed(":8048", "127.0.0.1", 8048));
  CHECK(arena::token_matches("abc", "abc"));
  CHECK_FALSE(arena::token_matches("abd", "abc"));
  CHECK_FALSE(arena::token_matches("", ""));
  CHECK(arena::make_token().size() == 32);
  CHECK(arena::make_token() != arena::make_token());
}
