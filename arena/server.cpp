#include "server.h"

#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <iostream>
#include <thread>

#include "../Compete/match.h"
#include "../common/cli.h"
#include "../common/json.h"
#include "../common/json_read.h"
#include "../viewer/page.h"
#include "../viewer/record.h"
#include "c4_live.h"
#include "g2048_live.h"
#include "pdd_live.h"
#include "game_table.h"
#include "guard.h"
#include "page.h"

namespace arena {
namespace {

// A refusal: the status and the message the page shows.
struct Refusal {
  int status;
  std::string message;
};

void send_json(httplib::Response& res, const std::string& json) { res.set_content(json, "application/json"); }

void send_error(httplib::Response& res, int status, const std::string& message) {
  judge::JsonWriter json;
  json.begin_object().field("error", message).end_object();
  res.status = status;
  send_json(res, json.str());
}

// The request's JSON object; throws a Refusal when it is not one.
judge::JsonValue body_object(const httplib::Request& req) {
  judge::JsonValue value;
  std::string error;
  if (!judge::parse_json(req.body, &value, &error)) throw Refusal{400, "the body is not JSON: " + error};
  if (value.type != judge::JsonValue::kObject) throw Refusal{400, "the body is not a JSON object"};
  return value;
}

// The whole number `key` within [low, high], or `fallback` when absent.
int int_field(const judge::JsonValue& body, const std::string& key, int low, int high, int fallback) {
  const judge::JsonValue* v = body.find(key);
  if (!v || v->type == judge::JsonValue::kNull) return fallback;
  if (v->type != judge::JsonValue::kNumber || v->number != static_cast<long long>(v->number) || v->number < low ||
      v->number > high)
    throw Refusal{400,
                  "'" + key + "' must be a whole number from " + std::to_string(low) + " to " + std::to_string(high)};
  return static_cast<int>(v->number);
}

std::string text_field(const judge::JsonValue& body, const std::string& key, bool required) {
  const judge::JsonValue* v = body.find(key);
  if (!v || v->type == judge::JsonValue::kNull) {
    if (required) throw Refusal{400, "'" + key + "' is missing"};
    return "";
  }
  if (v->type != judge::JsonValue::kString) throw Refusal{400, "'" + key + "' must be a string"};
  return v->text;
}

bool bool_field(const judge::JsonValue& body, const std::string& key, bool fallback) {
  const judge::JsonValue* v = body.find(key);
  if (!v || v->type == judge::JsonValue::kNull) return fallback;
  if (v->type != judge::JsonValue::kBool) throw Refusal{400, "'" + key + "' must be true or false"};
  return v->boolean;
}

class Arena {
 public:
  Arena(const ServerSettings& settings, const Catalog& catalog, const HostEnvironment& hosts)
      : settings_(settings), catalog_(catalog), hosts_(hosts), games_(settings.max_games, settings.idle_seconds) {}

  void route(httplib::Server& server);
  GameTable& games() { return games_; }
  int port = 0;

 private:
  // Runs `handler`, turning a Refusal into its status and message.
  template <class Handler>
  httplib::Server::Handler guarded(Handler handler) {
    return [handler](const httplib::Request& req, httplib::Response& res) {
      try {
        // (The pre-routing check runs before the body is read: its size is checked here.)
        const size_t limit = req.path == "/api/c4/from-record" ? kRecordBodyLimit : kBodyLimit;
        if (req.body.size() > limit) throw Refusal{413, "the body is over " + std::to_string(limit / 1024) + " KB"};
        handler(req, res);
      } catch (const Refusal& r) {
        send_error(res, r.status, r.message);
      }
    };
  }
  bool allowed(const httplib::Request& req, httplib::Response& res);
  std::string plugin(const std::string& name);
  // The live game `id` of type Game (named `name` in the refusal), or a 404.
  template <class Game>
  std::shared_ptr<Game> live(const std::string& id, const char* name) {
    auto game = std::dynamic_pointer_cast<Game>(games_.find(id));
    if (!game)
      throw Refusal{404, std::string("there is no live ") + name + " game '" + id + "' (closed, or idle too long)"};
    return game;
  }
  std::shared_ptr<C4Live> c4_game(const judge::JsonValue& body) {
    return live<C4Live>(text_field(body, "game", true), "ConnectFour");
  }
  void add(const std::shared_ptr<LiveGame>& game);
  C4Setup c4_setup(const judge::JsonValue& body);
  void c4_new(const httplib::Request& req, httplib::Response& res);
  void c4_from_record(const httplib::Request& req, httplib::Response& res);
  void c4_start(C4Setup setup, httplib::Response& res);
  std::shared_ptr<G2048Live> g2048_game(const judge::JsonValue& body) {
    return live<G2048Live>(text_field(body, "game", true), "2048");
  }
  void route_2048(httplib::Server& server);
  void route_pdd(httplib::Server& server);

  ServerSettings settings_;
  const Catalog& catalog_;
  HostEnvironment hosts_;
  GameTable games_;
};

// Every request: the arena's own Host (no DNS rebinding) and the token.
bool Arena::allowed(const httplib::Request& req, httplib::Response& res) {
  if (!host_allowed(req.get_header_value("Host"), settings_.bind, port)) {
    send_error(res, 403,
               "this server answers only to its own address (Host " + settings_.bind + ":" + std::to_string(port) +
                   " or localhost:" + std::to_string(port) + ")");
    return false;
  }
  const std::string token =
      req.has_param("token") ? req.get_param_value("token") : req.get_header_value("X-Arena-Token");
  if (!token_matches(token, settings_.token)) {
    send_error(res, 403, "a valid token is needed: open the address the arena printed at its start");
    return false;
  }
  return true;
}

std::string Arena::plugin(const std::string& name) {
  std::string error;
  std::string path = catalog_.find(name, &error);
  if (path.empty()) throw Refusal{400, error};
  return path;
}

void Arena::add(const std::shared_ptr<LiveGame>& game) {
  if (!games_.add(game)) {
    game->close();
    throw Refusal{503, "the arena already has " + std::to_string(games_.capacity()) +
                           " live games (--max-games): close one or wait for an idle one to end"};
  }
}

// The plugins' limits, from the request.
C4Setup Arena::c4_setup(const judge::JsonValue& body) {
  C4Setup setup;
  setup.time_limit_ms = int_field(body, "time_limit_ms", 10, 60000, 3000);
  setup.move_ms = int_field(body, "move_ms", 0, 60000, 0);
  return setup;
}

void Arena::c4_new(const httplib::Request& req, httplib::Response& res) {
  const judge::JsonValue body = body_object(req);
  C4Setup setup = c4_setup(body);
  // The board: given, or the one Compete would draw from the seed (round 0).
  const bool has_seed = body.find("seed") && body.find("seed")->type != judge::JsonValue::kNull;
  if (body.find("M") && !has_seed) {
    setup.M = int_field(body, "M", c4::kMinSize, c4::kMaxSize, 0);
    setup.N = int_field(body, "N", c4::kMinSize, c4::kMaxSize, 0);
    setup.noX = int_field(body, "noX", 0, setup.M - 1, 0);
    setup.noY = int_field(body, "noY", 0, setup.N - 1, 0);
  } else {
    uint64_t seed = judge::random_seed() % 1000000000;
    if (has_seed) seed = static_cast<uint64_t>(int_field(body, "seed", 0, 2000000000, 0));
    const c4::RoundBoard b = c4::round_board(seed, 0);
    setup.seed = seed;
    setup.M = b.M;
    setup.N = b.N;
    setup.noX = b.noX;
    setup.noY = b.noY;
  }
  const std::string watch_b = text_field(body, "watch_b", false);
  if (!watch_b.empty()) {  // two plugins, A moving first
    const std::string a = text_field(body, "opponent", true);
    setup.a = C4Seat{a, plugin(a)};
    setup.b = C4Seat{watch_b, plugin(watch_b)};
    setup.first = c4::kA;
  } else {  // the person is A
    const std::string b = text_field(body, "opponent", true);
    setup.a = C4Seat{"you", ""};
    setup.b = C4Seat{b, plugin(b)};
    setup.first = bool_field(body, "you_first", true) ? c4::kA : c4::kB;
  }
  c4_start(std::move(setup), res);
}

void Arena::c4_start(C4Setup setup, httplib::Response& res) {
  auto game = std::make_shared<C4Live>(GameTable::new_id(), std::move(setup), hosts_);
  std::lock_guard<std::mutex> lock(game->mutex);
  std::string error;
  if (!game->start(&error)) {
    game->close();
    throw Refusal{400, error};
  }
  add(game);
  game->plugin_moves_if_against_person();
  send_json(res, game->state_json());
}

// Play on from a replay: a Compete record's game N (in the replay page's
// order: by round, then game) at step K, the person taking the side to move.
void Arena::c4_from_record(const httplib::Request& req, httplib::Response& res) {
  const judge::JsonValue body = body_object(req);
  viewer::Record record;
  std::string error;
  if (!viewer::parse_record(text_field(body, "record", true), "the record", &record, &error)) throw Refusal{400, error};
  if (record.kind != viewer::Kind::kConnectFour) throw Refusal{400, "the record is not a Compete record"};
  std::vector<c4::RecordLine> games;
  for (size_t i = 0; i < record.lines.size(); ++i) {
    judge::JsonValue v;
    c4::RecordLine game;
    if (!judge::parse_json(record.lines[i], &v, &error) || !c4::read_record_line(v, &game, &error))
      throw Refusal{400, "the record's line " + std::to_string(i + 1) + ": " + error};
    games.push_back(std::move(game));
  }
  std::stable_sort(games.begin(), games.end(), [](const c4::RecordLine& p, const c4::RecordLine& q) {
    return p.round != q.round ? p.round < q.round : p.game < q.game;
  });
  const int n = int_field(body, "game_number", 1, static_cast<int>(games.size()), 1);
  const c4::RecordLine& line = games[n - 1];
  const int count = static_cast<int>(line.result.moves.size());
  int step = count;
  const judge::JsonValue* step_value = body.find("step");
  if (step_value && !(step_value->type == judge::JsonValue::kString && step_value->text == "end"))
    step = int_field(body, "step", 0, count, count);
  C4Setup setup = c4_setup(body);
  // The recorded game's board (size, blocked cell, seed) and first mover.
  setup.M = line.M, setup.N = line.N, setup.noX = line.noX, setup.noY = line.noY, setup.seed = line.seed;
  setup.first = line.first;
  for (int k = 0; k < step; ++k) {
    c4::MoveRecord m = line.result.moves[k];
    m.cpu_us = 0;
    setup.preset.push_back(m);
  }
  // The side to move at step K is the person's; the plugin takes the other.
  const bool a_to_move = (step % 2 == 0) == (setup.first == c4::kA);
  const std::string name = text_field(body, "opponent", true);
  const C4Seat you{"you", ""}, bot{name, plugin(name)};
  setup.a = a_to_move ? you : bot;
  setup.b = a_to_move ? bot : you;
  c4_start(std::move(setup), res);
}

// PZ2048: the course's game by keys, buttons, a pasted sequence or a bot plugin.
void Arena::route_2048(httplib::Server& server) {
  server.Post("/api/2048/new", guarded([this](const httplib::Request& req, httplib::Response& res) {
                const judge::JsonValue body = body_object(req);
                G2048Setup setup;
                setup.rows = int_field(body, "rows", 1, kMaxG2048Side, 4);
                setup.cols = int_field(body, "cols", 1, kMaxG2048Side, 4);
                setup.target = int_field(body, "target", 1, 1 << 30, 2048);
                const bool has_seed = body.find("seed") && body.find("seed")->type != judge::JsonValue::kNull;
                setup.seed = has_seed ? static_cast<uint64_t>(int_field(body, "seed", 0, 2000000000, 0))
                                      : judge::random_seed() % 1000000000;
                auto game = std::make_shared<G2048Live>(GameTable::new_id(), setup, hosts_);
                add(game);
                std::lock_guard<std::mutex> lock(game->mutex);
                send_json(res, game->state_json());
              }));
  server.Post("/api/2048/op", guarded([this](const httplib::Request& req, httplib::Response& res) {
                const judge::JsonValue body = body_object(req);
                auto game = g2048_game(body);
                const std::string op = text_field(body, "op", true);
                if (op.size() != 1) throw Refusal{400, "'op' must be one character (w a s d z)"};
                std::lock_guard<std::mutex> lock(game->mutex);
                const std::string refused = game->operate(op[0]);
                if (!refused.empty()) throw Refusal{409, refused};
                send_json(res, game->state_json());
              }));
  server.Post("/api/2048/ai-start", guarded([this](const httplib::Request& req, httplib::Response& res) {
                const judge::JsonValue body = body_object(req);
                auto game = g2048_game(body);
                const std::string path = plugin(text_field(body, "bot", true));
                std::lock_guard<std::mutex> lock(game->mutex);
                const bool plugin_file = path.size() > 3 && path.compare(path.size() - 3, 3, ".so") == 0;
                const std::string refused = plugin_file ? game->start_bot(path) : game->start_player(path);
                if (!refused.empty()) throw Refusal{409, refused};
                send_json(res, game->state_json());
              }));
  server.Post("/api/2048/ai-step", guarded([this](const httplib::Request& req, httplib::Response& res) {
                auto game = g2048_game(body_object(req));
                std::lock_guard<std::mutex> lock(game->mutex);
                const std::string refused = game->bot_move();
                if (!refused.empty()) throw Refusal{409, refused};
                send_json(res, game->state_json());
              }));
  server.Post("/api/2048/ai-stop", guarded([this](const httplib::Request& req, httplib::Response& res) {
                auto game = g2048_game(body_object(req));
                std::lock_guard<std::mutex> lock(game->mutex);
                game->stop_bot();
                send_json(res, game->state_json());
              }));
  server.Post("/api/2048/transcript", guarded([this](const httplib::Request& req, httplib::Response& res) {
                auto game = g2048_game(body_object(req));
                std::lock_guard<std::mutex> lock(game->mutex);
                judge::JsonWriter json;
                json.begin_object().field("input", game->input()).field("transcript", game->transcript()).end_object();
                send_json(res, json.str());
              }));
}

// A cell [x, y] of the 10 x 10 board from the request's member `key`.
int pdd_cell(const judge::JsonValue& body, const std::string& key) {
  const judge::JsonValue* v = body.find(key);
  if (!v || v->type != judge::JsonValue::kArray || v->items.size() != 2)
    throw Refusal{400, "'" + key + "' must be a cell [x, y]"};
  for (const judge::JsonValue& n : v->items)
    if (n.type != judge::JsonValue::kNumber || n.number < 0 || n.number >= pdd::kSize ||
        n.number != static_cast<int>(n.number))
      throw Refusal{400, "'" + key + "' must be a cell [x, y] with x and y from 0 to 9"};
  return pdd::cell_at(static_cast<int>(v->items[0].number), static_cast<int>(v->items[1].number));
}

// Ponte del Diavolo: the person against a program, turn by turn.
void Arena::route_pdd(httplib::Server& server) {
  server.Post("/api/pdd/new", guarded([this](const httplib::Request& req, httplib::Response& res) {
                const judge::JsonValue body = body_object(req);
                PddSetup setup;
                setup.program_name = text_field(body, "program", true);
                setup.program_path = plugin(setup.program_name);
                const std::string you = text_field(body, "you", false);
                if (!you.empty() && you != "W" && you != "B") throw Refusal{400, "'you' must be \"W\" or \"B\""};
                setup.you = you == "B" ? pdd::kBlack : pdd::kWhite;
                setup.time_limit_ms = int_field(body, "time_limit_ms", 100, 60000, 5000);
                auto game = std::make_shared<PddLive>(GameTable::new_id(), setup, hosts_);
                add(game);
                game->start();
                send_json(res, game->state_json());
              }));
  server.Post("/api/pdd/action", guarded([this](const httplib::Request& req, httplib::Response& res) {
                const judge::JsonValue body = body_object(req);
                auto game = live<PddLive>(text_field(body, "game", true), "Ponte del Diavolo");
                const std::string kind = text_field(body, "kind", true);
                pdd::Action action;
                if (kind == "change") {
                  action.kind = pdd::Action::kChange;
                } else if (kind == "chess" || kind == "bridge") {
                  action = pdd::Action::make(kind == "chess" ? pdd::Action::kChess : pdd::Action::kBridge,
                                             pdd_cell(body, "a"), pdd_cell(body, "b"));
                } else {
                  throw Refusal{400, "'kind' must be \"chess\", \"bridge\" or \"change\""};
                }
                const std::string refused = game->act(action);
                if (!refused.empty()) throw Refusal{409, refused};
                send_json(res, game->state_json());
              }));
  server.Post("/api/pdd/state", guarded([this](const httplib::Request& req, httplib::Response& res) {
                const judge::JsonValue body = body_object(req);
                auto game = live<PddLive>(text_field(body, "game", true), "Ponte del Diavolo");
                send_json(res, game->state_json());
              }));
}

void Arena::route(httplib::Server& server) {
  route_2048(server);
  route_pdd(server);
  server.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    return allowed(req, res) ? httplib::Server::HandlerResponse::Unhandled : httplib::Server::HandlerResponse::Handled;
  });
  server.Get("/", [](const httplib::Request&, httplib::Response& res) {
    res.set_header("Cache-Control", "no-store");
    res.set_content(page_html(), "text/html; charset=utf-8");
  });
  server.Get("/api/plugins", guarded([this](const httplib::Request&, httplib::Response& res) {
               judge::JsonWriter json;
               json.begin_object();
               for (const auto& list : {std::make_pair("connect_four", Catalog::Kind::kConnectFour),
                                        std::make_pair("bots_2048", Catalog::Kind::kBot2048),
                                        std::make_pair("programs", Catalog::Kind::kProgram)}) {
                 json.key(list.first).begin_array();
                 for (const Catalog::Entry& e : catalog_.entries())
                   if (e.kind == list.second) json.value(e.name);
                 json.end_array();
               }
               json.field("max_games", games_.capacity()).field("live_games", games_.size());
               send_json(res, json.end_object().str());
             }));
  server.Post("/api/c4/new",
              guarded([this](const httplib::Request& req, httplib::Response& res) { c4_new(req, res); }));
  server.Post("/api/c4/from-record",
              guarded([this](const httplib::Request& req, httplib::Response& res) { c4_from_record(req, res); }));
  server.Post("/api/c4/move", guarded([this](const httplib::Request& req, httplib::Response& res) {
                const judge::JsonValue body = body_object(req);
                auto game = c4_game(body);
                const int column = int_field(body, "column", -1000, 1000, -1);
                std::lock_guard<std::mutex> lock(game->mutex);
                const std::string refused = game->human_move(column);
                if (!refused.empty()) throw Refusal{409, refused};
                game->plugin_moves_if_against_person();
                send_json(res, game->state_json());
              }));
  server.Post("/api/c4/step", guarded([this](const httplib::Request& req, httplib::Response& res) {
                auto game = c4_game(body_object(req));
                std::lock_guard<std::mutex> lock(game->mutex);
                if (!game->plugin_move())
                  throw Refusal{409, game->over() ? "the game is over" : "it is not a plugin's turn"};
                send_json(res, game->state_json());
              }));
  server.Post("/api/c4/undo", guarded([this](const httplib::Request& req, httplib::Response& res) {
                auto game = c4_game(body_object(req));
                std::lock_guard<std::mutex> lock(game->mutex);
                const std::string refused = game->undo();
                if (!refused.empty()) throw Refusal{409, refused};
                game->plugin_moves_if_against_person();
                send_json(res, game->state_json());
              }));
  server.Post("/api/c4/state", guarded([this](const httplib::Request& req, httplib::Response& res) {
                auto game = c4_game(body_object(req));
                std::lock_guard<std::mutex> lock(game->mutex);
                send_json(res, game->state_json());
              }));
  server.Post("/api/c4/record", guarded([this](const httplib::Request& req, httplib::Response& res) {
                auto game = c4_game(body_object(req));
                std::lock_guard<std::mutex> lock(game->mutex);
                judge::JsonWriter json;
                json.begin_object().field("line", game->record_line()).end_object();
                send_json(res, json.str());
              }));
  // The game's replay page, as record2html makes it from the saved line.
  server.Get("/api/c4/replay", guarded([this](const httplib::Request& req, httplib::Response& res) {
               auto game = live<C4Live>(req.get_param_value("game"), "ConnectFour");
               std::string line;
               {
                 std::lock_guard<std::mutex> lock(game->mutex);
                 line = game->record_line();
               }
               res.set_content(viewer::render_page(viewer::Kind::kConnectFour, {line}, "the arena"),
                               "text/html; charset=utf-8");
             }));
  // The page's goodbye (navigator.sendBeacon on pagehide): the game and its hosts end.
  server.Post("/api/close", guarded([this](const httplib::Request& req, httplib::Response& res) {
                const std::string id =
                    req.has_param("game") ? req.get_param_value("game") : text_field(body_object(req), "game", true);
                if (!games_.close(id)) throw Refusal{404, "there is no live game '" + id + "'"};
                send_json(res, "{\"closed\":true}");
              }));
  server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return;
    send_error(res, res.status,
               res.status == 413   ? "the body is over " + std::to_string(kRecordBodyLimit >> 10) + " KB"
               : res.status == 404 ? "not found"
                                   : "the request was refused");
  });
}

std::atomic<httplib::Server*> running_server{nullptr};

void stop_on_signal(int) {
  if (httplib::Server* s = running_server.load()) s->stop();
}

}  // namespace

int serve(const ServerSettings& settings, const Catalog& catalog, const HostEnvironment& hosts) {
  Arena arena(settings, catalog, hosts);
  httplib::Server server;
  // A thread per open connection: browsers keep several open for each page.
  server.new_task_queue = [] { return new httplib::ThreadPool(128); };
  server.set_keep_alive_timeout(2);
  server.set_keep_alive_max_count(1000);
  // The reply's header and body go out at once: no wait for the browser's delayed ACK.
  server.set_tcp_nodelay(true);
  server.set_payload_max_length(kRecordBodyLimit);
  arena.route(server);
  const int port = settings.port == 0 ? server.bind_to_any_port(settings.bind)
                                      : (server.bind_to_port(settings.bind, settings.port) ? settings.port : -1);
  if (port <= 0) {
    std::cerr << "arena: cannot listen on " << settings.bind << ":" << settings.port << "\n";
    return 1;
  }
  arena.port = port;
  const std::string host = settings.bind.find(':') != std::string::npos ? "[" + settings.bind + "]" : settings.bind;
  std::cout << "arena: http://" << host << ":" << port << "/?token=" << settings.token << std::endl;
  std::atomic<bool> stopping{false};
  std::thread reaper([&] {
    while (!stopping) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      arena.games().close_idle();
    }
  });
  running_server = &server;
  std::signal(SIGINT, stop_on_signal);
  std::signal(SIGTERM, stop_on_signal);
  server.listen_after_bind();
  running_server = nullptr;
  stopping = true;
  reaper.join();
  arena.games().close_all();
  return 0;
}

}  // namespace arena
