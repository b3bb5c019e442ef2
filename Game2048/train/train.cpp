// train2048: trains the bot's 4x6-tuple network by TD(0) self-play, and
// collects the start boards of multi-stage training. Every option is described
// once, in the option table of main() (train2048 --help prints it).
//
// Prints a progress line every --report episodes (the learning curve: mean and
// best score of that window, its 2048..32768 rates, moves/s), appends the same
// figures to --curve as CSV, and every --save-every CPU seconds (and at the end,
// or on SIGINT/SIGTERM) writes the compact weights (--out) and a float
// checkpoint (--checkpoint) from which --resume continues. Everything it writes
// goes under build/train/ unless told otherwise: the committed weights change
// only when --out names them.
#include <signal.h>
#include <time.h>

#include <algorithm>
#include <filesystem>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "../../common/cli.h"
#include "../../common/options.h"
#include "../bot/ntuple.h"
#include "../bot/weights_file.h"
#include "start_boards.h"
#include "parallel_episodes.h"
#include "td_trainer.h"

namespace {

volatile sig_atomic_t g_stop = 0;
void on_signal(int) { g_stop = 1; }

double cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

const char kUsageHead[] =
    "usage: train2048 [options]                    train from scratch, or on from --resume / --init-weights\n"
    "       train2048 --resume --export            write the checkpoint's compact weights to --out\n"
    "       train2048 --init-weights FILE --collect-starts BOARDS [--starts N] [--stage-tile T] [--min-sum S]\n"
    "       train2048 --init-weights FILE --stage2-starts BOARDS [--stage-tile T] [options]\n"
    "       train2048 --init-weights FILE --from-starts BOARDS [options]\n"
    "--episodes N is the episode count to train up to, counting the episodes the network already has.\n";

const char kUsageFooter[] =
    "Multi-stage weights: --collect-starts plays greedy games on the network (no learning) and writes, for\n"
    "each game reaching the stage tile T, the position at which it first did, until --starts boards; with\n"
    "--min-sum S it plays on to the first position with T on top and tiles summing to at least S (an endgame\n"
    "board), and with --downgrade E its greedy games value their afterstates downgraded, as the search does.\n"
    "--stage2-starts trains stage 2 only, every episode from a board of that file (stage 2 copied from stage 1\n"
    "when the network has one stage; defaults build/train/weights2.n2048, checkpoint2.f32, curve2.csv).\n"
    "--from-starts starts every episode from a board of the file too, keeping the network's stages and count.\n"
    "Everything is written under build/train/ unless --out, --checkpoint or --curve say otherwise; the\n"
    "committed weights (Game2048/bot/weights.n2048) change only when --out names them.\n";

bool parse_float(const std::string& text, double* out) {
  char* end = nullptr;
  *out = std::strtod(text.c_str(), &end);
  return !text.empty() && end && *end == 0;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace bot2048;
  using namespace train2048;
  uint64_t episodes = 100000, seed = 1, late_from = UINT64_MAX, start_episode = UINT64_MAX;
  long long report = 1000, save_every = 300, downgrade_from = 0, threads = 1;
  double alpha = 0.1, late_alpha = 0.1, optimistic = 0, step = 0, lambda = 0.5;
  bool alpha_given = false;
  long long restarts = 0;  // --restart: episodes that go on from each game's later half
  std::string init_weights, out = "build/train/weights.n2048", checkpoint = "build/train/checkpoint.f32",
                            curve = "build/train/curve.csv";
  bool resume = false, export_only = false, coherence = false;
  bool out_given = false, checkpoint_given = false, curve_given = false;
  std::string collect_starts, stage2_starts;  // multi-stage: collect start boards / train stage 2 from them
  std::string from_starts;                    // episodes from these boards, the network's stages kept
  uint64_t starts_wanted = 1000, min_sum = 0;
  long long stop_tile = 0;  // --stop-at-tile: episodes end (bootstrapped) when a move makes this tile
  long long win_tile = 0;   // --win-tile: episodes end when a move makes it, valued kConversionValue
  long long stage_tile = 1 << kDefaultStageExponent;
  bool stage_tile_given = false;
  std::string origin;  // where this run's weights started, for the weights' note (--origin, or --init-weights)
  // A value that must be a power of two within [min, max].
  auto power_of_two = [](long long min, long long max, long long* out, bool* given = nullptr) {
    return [=](const std::string&, const std::string& v) {
      if (!judge::parse_int(v, min, max, out) || (*out & (*out - 1)) != 0) return false;
      if (given) *given = true;
      return true;
    };
  };
  // A real number within (min, max] (or [min, max] when min_included).
  auto real = [](double min, double max, bool min_included, double* out) {
    return [=](const std::string&, const std::string& v) {
      return parse_float(v, out) && (min_included ? *out >= min : *out > min) && *out <= max;
    };
  };
  judge::OptionTable command_line("train2048", kUsageHead);
  command_line
      .unsigned64("--episodes", "N", &episodes, "train up to N episodes in all (default 100000)", "a whole number")
      .unsigned64("--seed", "S", &seed, "the episodes' random numbers (default 1)", "a whole number")
      .custom(
          "--alpha", "A",
          [&](const std::string& o, const std::string& v) { return alpha_given = real(0, 1, false, &alpha)(o, v); },
          "learning rate (default 0.1; 1 with --tc)", "a number in (0, 1]")
      .custom("--lambda", "L", real(0, 1, true, &lambda),
              "lambda-returns: each afterstate learns towards its lambda-return, backwards (default 0.5; 0: one step)",
              "a number from 0 to 1")
      .integer("--restart", "N", 0, 1000, &restarts,
               "after each game, N episodes go on from an afterstate of its later half, in turn (default 0)",
               "a whole number from 0 to 1000")
      .custom("--late-alpha", "A2", real(0, 1, false, &late_alpha), "learning rate from episode --late-from on",
              "a number in (0, 1]")
      .unsigned64("--late-from", "E", &late_from, "the episode where --late-alpha takes over", "a whole number")
      .custom("--optimistic", "V", real(0, 1e18, true, &optimistic),
              "optimistic initialisation: every afterstate starts valued V", "a number >= 0")
      .integer("--report", "N", 1, 100000000, &report, "a progress line and a curve row every N episodes (1000)",
               "a whole number from 1 to 100000000")
      .integer("--save-every", "SECONDS", 1, 1000000, &save_every,
               "save weights and checkpoint every SECONDS of CPU time (300)", "a whole number from 1 to 1000000")
      .integer("--threads", "N", 1, 64, &threads,
               "N threads learn on the one network at once, lock-free (not reproducible for N > 1)",
               "a whole number from 1 to 64")
      .text("--out", "FILE", &out, "the compact weights (default build/train/weights.n2048)", "a file name", &out_given)
      .text("--checkpoint", "FILE", &checkpoint, "the float checkpoint (default build/train/checkpoint.f32)",
            "a file name", &checkpoint_given)
      .text("--curve", "FILE", &curve, "the learning curve, CSV, appended (default build/train/curve.csv)",
            "a file name", &curve_given)
      .flag("--resume", &resume, "continue from --checkpoint")
      .flag("--export", &export_only, "with --resume: only write the checkpoint's compact weights to --out")
      .text("--init-weights", "FILE", &init_weights,
            "start from a compact weights file (dequantised; its note gives the episode count)", "a file name")
      .unsigned64("--start-episode", "N", &start_episode,
                  "with --init-weights: the episode count when the note has none", "a whole number")
      .text("--origin", "TEXT", &origin, "how the run started, for the weights' note (--init-weights sets it)",
            "a text")
      .custom("--step", "POINTS", real(0, 1000, true, &step),
              "the weights file's coarsest quantisation step (default: the finest that fits 32 MiB)",
              "a number from 0 to 1000")
      .integer("--downgrade", "E", 11, 15, &downgrade_from,
               "learn in the downgraded game that the search's dg=E values", "a whole number from 11 to 15")
      .flag("--tc", &coherence, "temporal coherence: a learning rate per weight (sums saved beside the checkpoint)")
      .custom("--stop-at-tile", "T", power_of_two(4, 65536, &stop_tile),
              "an episode ends at the move that makes T, its value bootstrapped", "a power of two from 4 to 65536")
      .custom("--win-tile", "T", power_of_two(4, 65536, &win_tile),
              "with start boards: episodes end at the move that makes T, worth 100000 more",
              "a power of two from 4 to 65536")
      .text("--collect-starts", "BOARDS", &collect_starts, "write start boards for stage 2 (see below)", "a file name")
      .custom(
          "--starts", "N",
          [&](const std::string&, const std::string& v) {
            return judge::parse_u64(v, &starts_wanted) && starts_wanted > 0;
          },
          "how many boards --collect-starts writes (1000)", "a positive whole number")
      .custom(
          "--min-sum", "S",
          [&](const std::string&, const std::string& v) {
            return judge::parse_u64(v, &min_sum) && min_sum <= 16 * 65536;
          },
          "with --collect-starts: endgame boards, tiles summing to at least S", "a whole number up to 1048576")
      .custom("--stage-tile", "T", power_of_two(2, 32768, &stage_tile, &stage_tile_given),
              "the tile that starts stage 2 (default 16384)", "a power of two from 2 to 32768")
      .text("--stage2-starts", "BOARDS", &stage2_starts, "train stage 2 only, from these boards", "a file name")
      .text("--from-starts", "BOARDS", &from_starts, "every episode from a board of this file", "a file name")
      .footer(kUsageFooter);
  std::vector<std::string> words;
  if (const int status = command_line.parse(argc, argv, &words); status != judge::OptionTable::kContinue) return status;
  if (!words.empty()) return command_line.error("unexpected argument '" + words[0] + "'");
  auto usage = [&](const std::string& problem) { return command_line.error(problem); };
  // The folders of what this run writes (build/train/ by default).
  for (const std::string& file : {out, checkpoint, curve}) {
    std::error_code ec;
    const std::filesystem::path folder = std::filesystem::path(file).parent_path();
    if (!folder.empty()) std::filesystem::create_directories(folder, ec);
  }

  const int stage_exponent = __builtin_ctzll((unsigned long long)stage_tile);
  const bool stage2 = !stage2_starts.empty();
  if (int(stage2) + int(!collect_starts.empty()) + int(!from_starts.empty()) > 1)
    return usage("--collect-starts, --stage2-starts and --from-starts exclude each other");
  if ((stage2 || !collect_starts.empty() || !from_starts.empty()) && init_weights.empty() && !resume)
    return usage("--collect-starts, --stage2-starts and --from-starts need a network: --init-weights FILE or --resume");
  if (min_sum > 0 && collect_starts.empty()) return usage("--min-sum goes with --collect-starts");
  if (restarts > 0 && (downgrade_from || stop_tile || win_tile || stage2 || !from_starts.empty()))
    return usage(
        "--restart learns whole games from the usual start, in the real game: it excludes --downgrade, "
        "--stop-at-tile, --win-tile, --stage2-starts and --from-starts");
  if (coherence && !alpha_given) alpha = 1.0;  // temporal coherence sets each weight's rate itself
  if (stage2) {
    // Never overwrite the one-stage run's files by default.
    if (!out_given) out = "build/train/weights2.n2048";
    if (!checkpoint_given) checkpoint = "build/train/checkpoint2.f32";
    if (!curve_given) curve = "build/train/curve2.csv";
  }

  // Optimistic initialisation: every afterstate starts valued at `optimistic`.
  float initial_weight = float(optimistic / kFeatures);
  TrainingNetwork* net = new TrainingNetwork(initial_weight);
  uint64_t done = 0;
  std::string error;
  if (!init_weights.empty() && resume) return usage("--init-weights and --resume exclude each other");
  if (!init_weights.empty()) {
    std::string note;
    if (!load_weights_for_training(init_weights, net, &initial_weight, &done, &note, &error)) {
      std::fprintf(stderr, "train2048: cannot start from weights: %s\n", error.c_str());
      return 1;
    }
    if (stage2) {
      // Episodes count stage-2 training from here on.
      origin = "stage 1 from " + init_weights + " (" + std::to_string(done) + " episodes), stage 2 from start boards " +
               stage2_starts;
      done = start_episode != UINT64_MAX ? start_episode : 0;
    } else {
      if (start_episode != UINT64_MAX) done = start_episode;
      origin = "continued from " + init_weights + " at " + std::to_string(done) + " episodes";
    }
    std::printf("started from %s (note: %s) at episode %llu\n", init_weights.c_str(), note.c_str(),
                (unsigned long long)done);
  } else if (start_episode != UINT64_MAX) {
    return usage("--start-episode needs --init-weights");
  }
  if (resume) {
    if (!load_checkpoint(checkpoint, net, &done, &initial_weight, &error)) {
      std::fprintf(stderr, "train2048: cannot resume: %s\n", error.c_str());
      return 1;
    }
    std::printf("resumed from %s at episode %llu\n", checkpoint.c_str(), (unsigned long long)done);
  }
  if (export_only) {
    // Only rewrite --out from the checkpoint (e.g. while another trainer runs).
    if (!resume) return usage("--export needs --resume (it exports the checkpoint)");
    char note[256];
    std::snprintf(note, sizeof note, "4x6-tuple TD(0) backward, exported from %s at %llu episodes", checkpoint.c_str(),
                  (unsigned long long)done);
    WeightsPruning pruned;
    if (!save_weights(out, *net, initial_weight, note, &error, &pruned, float(step))) {
      std::fprintf(stderr, "train2048: %s\n", error.c_str());
      return 1;
    }
    std::printf("exported %s (pruned to fit: stage-2 differences |q| <= %d, stage-1 weights |q| <= %d)\n", out.c_str(),
                pruned.stage2, pruned.stage1);
    return 0;
  }
  signal(SIGINT, on_signal);
  signal(SIGTERM, on_signal);

  if (net->stages() > 1 && stage_tile_given && net->stage_exponent() != stage_exponent) {
    // Stage-2 training may move the boundary (stage 2 keeps its tables, e.g. to
    // extend a 16384 stage down to 8192); anything else keeps the network's own.
    if (!stage2) return usage("--stage-tile differs from the network's own stage tile (allowed with --stage2-starts)");
    std::printf("stage 2 now starts at %d (was %d); its tables are kept\n", 1 << stage_exponent,
                1 << net->stage_exponent());
    net->add_second_stage(stage_exponent);
  }
  const int threshold = net->stages() > 1 ? net->stage_exponent() : stage_exponent;
  if (!collect_starts.empty()) {
    // Greedy games on the network until `starts_wanted` of them reach the tile.
    Rng rng(seed * 0x9E3779B97F4A7C15ULL + done);
    std::vector<uint64_t> boards;
    uint64_t games = 0;
    const double start = cpu_seconds();
    while (boards.size() < starts_wanted && !g_stop) {
      ++games;
      if (const b4::Board b = play_until_tile(*net, rng, threshold, int64_t(min_sum), int(downgrade_from))) {
        boards.push_back(b);
        if (boards.size() % 100 == 0 || boards.size() == starts_wanted) {
          std::printf("%zu boards with %d%s from %llu games (%.1f%%), cpu %.0fs\n", boards.size(), 1 << threshold,
                      min_sum ? (" (tiles >= " + std::to_string(min_sum) + ")").c_str() : "", (unsigned long long)games,
                      100.0 * boards.size() / games, cpu_seconds() - start);
          std::fflush(stdout);
        }
      }
    }
    char comment[512];
    std::snprintf(comment, sizeof comment,
                  "first positions with a %d tile%s: %zu of %llu greedy games%s, seed %llu, network %s", 1 << threshold,
                  min_sum ? (" on top and tiles summing to >= " + std::to_string(min_sum)).c_str() : "", boards.size(),
                  (unsigned long long)games,
                  downgrade_from ? (" valued downgraded from " + std::to_string(1 << downgrade_from)).c_str() : "",
                  (unsigned long long)seed, resume ? checkpoint.c_str() : init_weights.c_str());
    if (!write_start_boards(collect_starts, boards, comment, &error)) {
      std::fprintf(stderr, "train2048: %s\n", error.c_str());
      return 1;
    }
    std::printf("wrote %zu boards to %s\n", boards.size(), collect_starts.c_str());
    return 0;
  }
  // Start boards (--stage2-starts or --from-starts): each must have a move;
  // stage-2 ones must hold the stage tile.
  std::vector<uint64_t> starts;
  const std::string& starts_path = stage2 ? stage2_starts : from_starts;
  if (!starts_path.empty()) {
    if (!read_start_boards(starts_path, &starts, &error)) {
      std::fprintf(stderr, "train2048: %s\n", error.c_str());
      return 1;
    }
    for (uint64_t b : starts) {
      std::string problem;
      if (b4::is_game_over(b))
        problem = "has no move";
      else if (stage2 && b4::max_exponent(b) < threshold)
        problem = "lacks the stage tile " + std::to_string(1 << threshold);
      if (!problem.empty()) {
        std::fprintf(stderr, "train2048: start board %016llx in '%s' %s\n", (unsigned long long)b, starts_path.c_str(),
                     problem.c_str());
        return 1;
      }
    }
  }
  if (stage2) {
    if (net->stages() == 1) net->add_second_stage(threshold);  // stage 2 starts as a copy of stage 1
    std::printf("training stage 2 (boards with a %d tile) from %zu start boards in %s\n", 1 << threshold, starts.size(),
                stage2_starts.c_str());
  } else if (!from_starts.empty()) {
    origin += std::string(origin.empty() ? "" : ", ") + "then episodes from the " + std::to_string(starts.size()) +
              " start boards of " + from_starts;
    std::printf("every episode starts from one of %zu boards in %s\n", starts.size(), from_starts.c_str());
  }
  if (win_tile) {
    if (starts.empty() || downgrade_from || stop_tile)
      return usage("--win-tile needs --stage2-starts or --from-starts, and excludes --downgrade and --stop-at-tile");
    stop_tile = win_tile;
    origin += std::string(origin.empty() ? "" : ", ") + "episodes end at " + std::to_string(win_tile) + " worth " +
              std::to_string(int(kConversionValue));
    std::printf("every episode ends at the move that makes a %lld, worth its reward + %g\n", win_tile,
                double(kConversionValue));
  } else if (stop_tile) {
    origin += std::string(origin.empty() ? "" : ", ") + "episodes stopped at " + std::to_string(stop_tile);
    std::printf("every episode stops at the move that makes a %lld\n", stop_tile);
  }

  if (done >= episodes) {
    // Nothing to learn: say so rather than rewrite --out with an unchanged network.
    std::fprintf(stderr,
                 "train2048: nothing to train: the network has %llu episodes and --episodes %llu is the total to reach "
                 "(give more than %llu); %s left untouched\n",
                 (unsigned long long)done, (unsigned long long)episodes, (unsigned long long)done, out.c_str());
    return 2;
  }
  if (coherence) net->enable_coherence();  // after add_second_stage: each stage gets its own
  const std::string coherence_path = checkpoint + ".tc";
  if (coherence && resume) {
    // The sums saved with the checkpoint, so the rates go on where they were.
    if (load_coherence(coherence_path, net, done, &error))
      std::printf("coherence sums resumed from %s\n", coherence_path.c_str());
    else
      std::printf("coherence sums start at zero (%s)\n", error.c_str());
  }

  FILE* curve_file = std::fopen(curve.c_str(), resume || !init_weights.empty() ? "a" : "w");
  if (!curve_file) {
    std::fprintf(stderr, "train2048: cannot write curve file '%s'\n", curve.c_str());
    return 1;
  }
  std::fseek(curve_file, 0, SEEK_END);
  if (std::ftell(curve_file) == 0)
    std::fprintf(curve_file,
                 "episode,cpu_seconds,mean_score,max_score,r2048,r4096,r8192,r16384,r32768,moves_per_s,games,moves\n");

  auto save = [&](const char* why) {
    // The late step is named only when one was set (late_from is "never" otherwise).
    char late[64] = "", downgraded[64] = "";
    if (late_from != UINT64_MAX)
      std::snprintf(late, sizeof late, " (late %g from %llu)", late_alpha, (unsigned long long)late_from);
    if (downgrade_from)
      std::snprintf(downgraded, sizeof downgraded, " in the game downgraded from %d", 1 << downgrade_from);
    char note[1024];
    char method[96];
    std::snprintf(method, sizeof method, "%s(%g)%s", coherence ? "TC" : "TD", lambda,
                  restarts ? (" with " + std::to_string(restarts) + " restarts a game").c_str() : "");
    std::snprintf(
        note, sizeof note, "4x6-tuple %s backward%s%s, %s%sseed %llu, alpha %g%s, optimistic %g, %llu episodes", method,
        downgraded,
        net->stages() > 1 ? (", 2 stages (stage 2 from " + std::to_string(1 << net->stage_exponent()) + ")").c_str()
                          : "",
        origin.c_str(), origin.empty() ? "" : ", ", (unsigned long long)seed, alpha, late, optimistic,
        (unsigned long long)done);
    std::string err;
    WeightsPruning pruned;
    bool ok = save_checkpoint(checkpoint, *net, done, initial_weight, &err) &&
              (!coherence || save_coherence(coherence_path, *net, done, &err)) &&
              save_weights(out, *net, initial_weight, note, &err, &pruned, float(step));
    if (ok)
      std::printf("saved %s and %s%s at episode %llu (%s)\n", out.c_str(), checkpoint.c_str(),
                  coherence ? (" (+ " + coherence_path + ")").c_str() : "", (unsigned long long)done, why);
    if (!ok)
      std::fprintf(stderr, "train2048: %s\n", err.c_str());
    else if (pruned.stage1 || pruned.stage2)
      std::printf("  (to fit the size cap: stage-2 differences |q| <= %d and stage-1 weights |q| <= %d zeroed)\n",
                  pruned.stage2, pruned.stage1);
    std::fflush(stdout);
  };

  const double start = cpu_seconds();
  double last_save = start, window_start = start;
  uint64_t window_moves = 0, window_score = 0, window_max = 0, window_games = 0;
  int reached[16] = {0};
  std::printf("training 4x6-tuple network by %s(%g)%s%s%s: episodes %llu..%llu, seed %llu, alpha %g, optimistic %g%s\n",
              coherence ? "TC" : "TD", lambda,
              restarts ? (", " + std::to_string(restarts) + " restarts after each game").c_str() : "",
              stage2            ? ", stage 2 only"
              : !starts.empty() ? ", from start boards"
                                : "",
              downgrade_from ? (", downgraded game from " + std::to_string(1 << downgrade_from)).c_str() : "",
              (unsigned long long)done, (unsigned long long)episodes, (unsigned long long)seed, alpha, optimistic,
              threads > 1 ? (", " + std::to_string(threads) + " threads").c_str() : "");
  std::fflush(stdout);
  const int stop_exponent = stop_tile ? __builtin_ctzll((unsigned long long)stop_tile) : 0;
  auto play = [&](Rng& rng, std::vector<Step>& path, uint64_t episode) {
    const float a = float(episode >= late_from ? late_alpha : alpha), l = float(lambda);
    if (restarts > 0) {
      // Each thread's path is its last game; its restarts so far, per thread.
      thread_local long long restarted = 0;
      if (restarted < restarts && path.size() >= 2) {
        ++restarted;
        return learn_restart(*net, rng, a, path, l);
      }
      restarted = 0;
    }
    return !starts.empty() ? learn_episode_from_starts(*net, rng, a, starts, path, int(downgrade_from), stop_exponent,
                                                       win_tile ? kConversionValue : 0.0f, l)
                           : learn_episode(*net, rng, a, path, int(downgrade_from), stop_exponent, l);
  };
  // One finished episode (one at a time): the report window, the curve, and
  // whether a periodic save is due. `done` counts the episodes learned.
  // The window's figures are those of the games from the usual start: a
  // restart's score is that of part of a game (its moves count, though).
  auto book = [&](uint64_t, const EpisodeResult& r) {
    ++done;
    window_moves += r.moves;
    if (!r.restarted) {
      window_score += r.score;
      window_max = std::max<uint64_t>(window_max, r.score);
      ++window_games;
      for (int e = 11; e <= r.max_exponent && e < 16; ++e) ++reached[e];
    }
    if (done % uint64_t(report) != 0) return false;
    const double now = cpu_seconds();
    const double games = std::max<double>(1, double(window_games));
    auto rate = [&](int e) { return 100.0 * reached[e] / games; };
    std::printf(
        "ep %8llu  cpu %7.0fs  mean %7.0f  max %7llu  2048 %5.1f%%  4096 %5.1f%%  8192 %5.1f%%  "
        "16384 %5.1f%%  32768 %5.1f%%  %.2fM moves/s\n",
        (unsigned long long)done, now - start, double(window_score) / games, (unsigned long long)window_max, rate(11),
        rate(12), rate(13), rate(14), rate(15), window_moves / (now - window_start) / 1e6);
    std::fprintf(curve_file, "%llu,%.1f,%.1f,%llu,%.2f,%.2f,%.2f,%.2f,%.2f,%.0f,%llu,%llu\n", (unsigned long long)done,
                 now - start, double(window_score) / games, (unsigned long long)window_max, rate(11), rate(12),
                 rate(13), rate(14), rate(15), window_moves / (now - window_start), (unsigned long long)window_games,
                 (unsigned long long)window_moves);
    std::fflush(curve_file);
    std::fflush(stdout);
    window_moves = window_score = window_max = window_games = 0;
    std::fill(reached, reached + 16, 0);
    window_start = now;
    if (now - last_save < save_every) return false;
    last_save = now;
    return true;
  };
  run_episodes(
      int(threads), seed * 0x9E3779B97F4A7C15ULL + done, done, episodes, play, book, [&] { save("periodic"); },
      [] { return g_stop != 0; });
  save(g_stop ? "stopped by signal" : "finished");
  std::fclose(curve_file);
  return 0;
}
