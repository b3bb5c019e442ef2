#include "program.h"

#include <cstdlib>
#include <iostream>
#include <random>
#include <string>

#include "../../common/cli.h"

namespace pdd {

int run_program(int argc, char** argv, const char* name, const Chooser& choose) {
  auto usage = [&](const std::string& why) {
    std::cerr << name << ": " << why << "\nusage: " << name
              << " W|B Y|N <chess.txt> <bridge.txt> <stepLog.txt> [--think-ms N]\n";
    return 2;
  };
  if (argc < 6) return usage("expected 5 arguments");
  std::string colour = argv[1], offer = argv[2];
  if (colour != "W" && colour != "B") return usage("colour must be W or B, got '" + colour + "'");
  if (offer != "Y" && offer != "N") return usage("second argument must be Y or N, got '" + offer + "'");
  PlayerInput in;
  in.me = colour == "W" ? kWhite : kBlack;
  in.change_offered = offer == "Y";
  long long think = 2000;
  if (const char* env = std::getenv("PDD_THINK_MS")) judge::parse_int(env, 1, 3600000, &think);
  for (int i = 6; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--think-ms" && i + 1 < argc) {
      if (!judge::parse_int(argv[++i], 1, 3600000, &think)) return usage("--think-ms: expected milliseconds");
    } else {
      return usage("unknown option " + a);
    }
  }
  in.think_ms = static_cast<int>(think);

  const std::string chess_path = argv[3], bridge_path = argv[4], steplog_path = argv[5];
  std::string chess_text, bridge_text, log_text, error;
  Grid chess, bridges;
  if (!read_text_file(chess_path, &chess_text, &error) || !read_text_file(bridge_path, &bridge_text, &error) ||
      !parse_grid(chess_text, "chess.txt", 2, &chess, &error) ||
      !parse_grid(bridge_text, "bridge.txt", 1 << 30, &bridges, &error) ||
      !board_from_grids(chess, bridges, &in.board, &error)) {
    std::cerr << name << ": " << error << "\n";
    return 1;
  }
  if (read_text_file(steplog_path, &log_text, &error) && !parse_steplog(log_text, &in.steps, &error)) in.steps.clear();

  uint64_t seed = 0;
  if (const char* env = std::getenv("PDD_SEED"); env && judge::parse_u64(env, &seed))
    in.seed = seed * 1000003ULL + static_cast<uint64_t>(in.board.tile_count(kWhite) * 131 +
                                                        in.board.tile_count(kBlack) * 7 + in.board.bridge_count());
  else
    in.seed = judge::random_seed();

  Action action;
  if (!choose(in, &action)) return 0;  // nothing legal: files stay as they are
  Board after = in.board;
  apply_action(after, in.me, action);
  bool ok = action.kind == Action::kBridge ? write_text_file(bridge_path, format_grid(bridge_grid(after)), &error)
                                           : write_text_file(chess_path, format_grid(chess_grid(after)), &error);
  if (!ok) {
    std::cerr << name << ": " << error << "\n";
    return 1;
  }
  return 0;
}

}  // namespace pdd
