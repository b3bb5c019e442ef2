#include "entrant.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "../Compete/player.h"
#include "../Compete/upload.h"
#include "../common/atomic_file.h"
#include "../common/copy_tree.h"
#include "../common/sandbox.h"
#include "../common/staging.h"
#include "../common/workdir.h"
#include "sha256.h"

namespace ladder {

namespace fs = std::filesystem;

std::string entrant_kind(const std::string& path) {
  const std::string ext = fs::path(path).extension().string();
  if (ext == ".zip") return "zip";
  if (ext == ".so") return "so";
  if (ext == ".c") return "c";
  return "program";
}

namespace {

// The first bytes of `path`.
std::string head_of(const std::string& path, size_t bytes) {
  std::ifstream in(path, std::ios::binary);
  std::string head(bytes, '\0');
  in.read(&head[0], static_cast<std::streamsize>(bytes));
  head.resize(static_cast<size_t>(in.gcount()));
  return head;
}

// Loads the plugin in the sandboxed host, as a game would; "" if it loads
// and exports getPoint and clearPoint, else why not.
std::string plugin_problem(const std::string& plugin, const std::string& host) {
  if (head_of(plugin, 4) !=
      "\x7f"
      "ELF")
    return "not an ELF shared object";
  judge::WorkdirRoot root;
  std::string problem;
  if (!root.open("ladder-check", judge::WorkdirSettings{}, &problem)) return "cannot check: " + problem;
  judge::Workdir workdir;
  if (!workdir.create(root, "check", &problem)) return "cannot check: " + problem;
  c4::PlayerConfig config;
  config.plugin_path = plugin;
  config.host_executable = host;
  config.workdir = workdir.path();
  config.workdirs = &root;
  config.freeze = false;
  c4::SandboxedPlayer player;
  std::string message;
  const judge::LoadStatus status = player.start(config, &message);
  player.stop();
  if (status == judge::LoadStatus::kOk) return "";
  return (status == judge::LoadStatus::kMissingSymbol ? "missing symbol: " : "does not load: ") + message;
}

// Runs `command` (sh -c) in `folder` confined as a compiler (confinement.h),
// its output in folder/compile.log; "" on success, else the first lines of
// the output.
std::string build_in(const std::string& folder, const std::string& command, const std::string& product) {
  judge::SpawnOptions spawn;
  spawn.argv = {"/bin/sh", "-c", command};
  spawn.workdir = folder;
  spawn.output_path = folder + "/compile.log";
  spawn.memory_limit_bytes = 2LL << 30;
  spawn.file_size_limit_bytes = 256LL << 20;
  spawn.may_start_processes = true;  // cc1, as, ld
  spawn.env = {{"TMPDIR", folder}};
  judge::Process compiler;
  std::string error;
  judge::ExitStatus status;
  if (!compiler.start(spawn, &error)) return "cannot run the compiler: " + error;
  if (!compiler.wait(judge::Deadline::after_ms(120000), &status)) {
    compiler.kill();
    return "the compiler took longer than 120 s";
  }
  std::error_code ec;
  if (status.kind == judge::ExitStatus::kExited && status.code == 0 && fs::is_regular_file(folder + "/" + product, ec))
    return "";
  std::string log, why;
  judge::read_whole_file(spawn.output_path, &log, &why);
  std::string first;
  size_t at = 0;
  for (int k = 0; k < 3 && at < log.size(); ++k) {
    const size_t end = std::min(log.find('\n', at), log.size());
    first += (k ? " | " : "") + log.substr(at, end - at);
    at = end + 1;
  }
  return "does not build (" + status.describe() + ")" + (first.empty() ? "" : ": " + first);
}

// A folder a confined build may use for `folder`: itself when other users can
// reach it, else a workspace of the staging area (common/staging.h).
std::string build_folder_for(const std::string& folder) {
  std::string blocker;
  if (judge::reachable_by_others(folder, 0, &blocker)) return "";
  return judge::staged_workspace();
}

}  // namespace

bool prepare_entrant(const Folder& folder, GameKind game, const std::string& name, const std::string& place,
                     const std::string& file, const std::string& host, Player* p, std::string* error) {
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return *error = file + ": not a regular file (or missing)", false;
  p->name = name;
  p->kind = entrant_kind(file);
  p->added = utc_now();
  const std::string rel = place;
  const std::string home = folder.dir + "/" + rel;
  fs::remove_all(home, ec);
  fs::create_directories(home, ec);
  if (ec) return *error = home + ": " + ec.message(), false;
  const std::string base = fs::path(file).filename().string();
  p->file = rel + "/" + base;
  fs::copy_file(file, folder.dir + "/" + p->file, fs::copy_options::overwrite_existing, ec);
  if (ec) return *error = file + ": cannot copy into " + home + ": " + ec.message(), false;
  if (!sha256_of_file(folder.dir + "/" + p->file, &p->sha256, error)) return false;
  const std::string copy = folder.dir + "/" + p->file;
  // A zip or a .so plays ConnectFour, C source PDD; a program either (the OJ's protocol in a ConnectFour ladder).
  const bool for_c4 = p->kind == "zip" || p->kind == "so";
  if ((for_c4 && game != GameKind::kConnectFour) || (p->kind == "c" && game == GameKind::kConnectFour)) {
    p->reason = "a ." + p->kind + " file is a " + (for_c4 ? "ConnectFour" : "PDD") + " entrant; this ladder plays " +
                game_kind_id(game);
    return true;
  }
  if (p->kind == "zip" || p->kind == "c") {
    // Unpacked or copied, then built, where a confined compiler can reach it.
    const std::string build = home + "/build";
    const std::string workspace = build_folder_for(home);
    const std::string place = workspace.empty() ? build : workspace + "/build";
    std::string problem;
    std::string product;
    if (p->kind == "zip") {
      product = "Strategy.so";
      if (!upload::unpack(copy, place, &problem)) {
        p->reason = "rejected zip: " + problem;
      } else {
        const upload::CompileResult built = upload::compile(place);
        if (!built.ok) p->reason = "does not build: " + built.first_lines;
      }
    } else {
      product = p->name + ".out";
      fs::create_directories(place, ec);
      fs::copy_file(copy, place + "/" + base, fs::copy_options::overwrite_existing, ec);
      if (ec) return *error = place + ": " + ec.message(), false;
      // The course's command (PonteDelDiavolo/README.md): gcc -O2 -o E12345678.out E12345678.c
      p->reason = build_in(place, "exec gcc -O2 -o '" + product + "' '" + base + "'", product);
    }
    if (!workspace.empty()) {
      const bool copied = judge::copy_tree(place, build);
      fs::remove_all(workspace, ec);
      if (!copied) return *error = "cannot copy the build of " + p->id + " from " + place + " to " + build, false;
    }
    if (!p->reason.empty()) return true;
    p->program = rel + "/build/" + product;
  } else {
    p->program = p->file;
  }
  const std::string program = folder.dir + "/" + p->program;
  if (game == GameKind::kConnectFour && p->kind != "program") {
    p->reason = plugin_problem(program, host);
  } else if (::access(program.c_str(), X_OK) != 0) {
    p->reason = "not executable (chmod +x, or add its C source)";
  } else {
    const std::string head = head_of(program, 4);
    if (head !=
            "\x7f"
            "ELF" &&
        head.substr(0, 2) != "#!")
      p->reason = "not a program (neither ELF nor a #! script)";
  }
  // Reasons name files relative to DIR, as the records do.
  for (size_t at = p->reason.find(folder.dir + "/"); at != std::string::npos; at = p->reason.find(folder.dir + "/"))
    p->reason.erase(at, folder.dir.size() + 1);
  p->playable = p->reason.empty();
  if (!p->playable) p->program.clear();
  return true;
}

bool settle_entrant(const Folder& folder, const std::string& place, int version, Player* p, std::string* error) {
  p->version = version;
  p->id = p->name + "@" + std::to_string(version);
  const std::string rel = "players/" + p->id;
  std::error_code ec;
  fs::remove_all(folder.dir + "/" + rel, ec);  // left by an add that was killed before its line was written
  fs::rename(folder.dir + "/" + place, folder.dir + "/" + rel, ec);
  if (ec) return *error = folder.dir + "/" + place + ": cannot rename to " + rel + ": " + ec.message(), false;
  for (std::string* text : {&p->file, &p->program, &p->reason})
    for (size_t at = text->find(place + "/"); at != std::string::npos; at = text->find(place + "/", at))
      text->replace(at, place.size(), rel);
  return true;
}

std::string pending_place(const Folder& folder) {
  std::error_code ec;
  const std::string prefix = ".pending-";
  for (const fs::directory_entry& entry : fs::directory_iterator(folder.dir + "/players", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    const std::string pid = name.substr(prefix.size());
    if (!fs::exists("/proc/" + pid, ec)) fs::remove_all(entry.path(), ec);
  }
  return "players/" + prefix + std::to_string(::getpid());
}

}  // namespace ladder
