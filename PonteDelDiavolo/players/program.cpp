#include "program.h"

#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "../../common/cli.h"
#include "../../common/options.h"

namespace pdd {

int run_program(int argc, char** argv, const char* name, const Chooser& choose) {
  long long think = 2000;
  if (const char* env = std::getenv("PDD_THINK_MS")) judge::parse_int(env, 1, 3600000, &think);
  judge::OptionTable options(
      name, std::string("usage: ") + name + " W|B Y|N <chess.txt> <bridge.txt> <stepLog.txt> [--think-ms N]\n");
  options.integer("--think-ms", "N", 1, 3600000, &think,
                  "time to think in milliseconds (default $PDD_THINK_MS, else 2000)", "milliseconds from 1 to 3600000");
  // The course's interface: the first five words are the arguments as they are (a file name may
  // start with '-'), the options come after them.
  const int arguments = argc >= 6 ? 5 : 0;
  std::vector<std::string> positional(argv + 1, argv + 1 + arguments);
  if (const int status = options.parse(argc - arguments, argv + arguments, &positional);
      status != judge::OptionTable::kContinue)
    return status;
  auto usage = [&](const std::string& why) { return options.error(why); };
  if (positional.size() < 5) return usage("expected 5 arguments");
  if (positional.size() > 5) return usage("unexpected argument '" + positional[5] + "'");
  std::string colour = positional[0], offer = positional[1];
  if (colour != "W" && colour != "B") return usage("colour must be W or B, got '" + colour + "'");
  if (offer != "Y" && offer != "N") return usage("second argument must be Y or N, got '" + offer + "'");
  PlayerInput in;
  in.me = colour == "W" ? kWhite : kBlack;
  in.change_offered = offer == "Y";
  in.think_ms = static_cast<int>(think);

  const std::string chess_path = positional[2], bridge_path = positional[3], steplog_path = positional[4];
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
