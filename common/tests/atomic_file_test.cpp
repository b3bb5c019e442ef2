// Result files written atomically: whole versions only, temporaries cleaned
// up, failures named; appended record lines never interleaved.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include "../atomic_file.h"
#include "judge_kit.h"

TEST_CASE("atomic files: create, replace, never leave a temporary behind") {
  kit_test::TempDir dir;
  const std::string path = dir / "result.txt";
  std::string error;
  REQUIRE(judge::write_file_atomically(path, "first\n", &error));
  CHECK(kit_test::read_file(path) == "first\n");
  REQUIRE(judge::write_file_atomically(path, "second, longer\n", &error));
  CHECK(kit_test::read_file(path) == "second, longer\n");
  REQUIRE(judge::write_file_atomically(path, "", &error));
  CHECK(kit_test::read_file(path) == "");
  CHECK(kit_test::list_dir(dir.path()) == std::vector<std::string>{"result.txt"});
  REQUIRE(judge::write_file_atomically("relative_" + std::to_string(getpid()) + ".txt", "x", &error));
  CHECK(unlink(("relative_" + std::to_string(getpid()) + ".txt").c_str()) == 0);
}

TEST_CASE("atomic files: the temporaries of a writer killed mid-write are removed, a live writer's kept") {
  kit_test::TempDir dir;
  const std::string path = dir / "result.txt";
  // A pid with no process: a child that has exited and been reaped.
  pid_t dead = fork();
  if (dead == 0) _exit(0);
  REQUIRE(dead > 0);
  waitpid(dead, nullptr, 0);
  const std::string stale = "result.txt.tmp." + std::to_string(dead) + ".3";
  const std::string live = "result.txt.tmp." + std::to_string(getpid()) + ".0";
  for (const std::string& name : {stale, live, std::string("result.txt.tmp.x"), std::string("other.txt.tmp.1.1")})
    std::ofstream(dir / name) << "half";
  judge::remove_stale_temporaries(path);
  CHECK(kit_test::list_dir(dir.path()) == std::vector<std::string>({"other.txt.tmp.1.1", live, "result.txt.tmp.x"}));
}

TEST_CASE("atomic files: a failed write names the path and leaves the old content") {
  kit_test::TempDir dir;
  std::string error;
  CHECK_FALSE(judge::write_file_atomically(dir / "missing/result.txt", "x", &error));
  CHECK(error.find(dir / "missing/result.txt") != std::string::npos);
  CHECK(error.find("No such file or directory") != std::string::npos);

  // The target is a non-empty folder: rename fails, the folder and its file stay.
  REQUIRE(mkdir((dir / "taken").c_str(), 0755) == 0);
  REQUIRE(judge::write_file_atomically(dir / "taken/keep", "kept\n", &error));
  error.clear();
  CHECK_FALSE(judge::write_file_atomically(dir / "taken", "x", &error));
  CHECK(error.find(dir / "taken") != std::string::npos);
  CHECK(kit_test::read_file(dir / "taken/keep") == "kept\n");
  CHECK(kit_test::list_dir(dir.path()) == std::vector<std::string>{"taken"});
}

TEST_CASE("atomic files: a reader sees only whole versions while writers race") {
  kit_test::TempDir dir;
  const std::string path = dir / "result.txt";
  std::string error;
  const std::string big_a(200000, 'a'), big_b(300000, 'b');
  REQUIRE(judge::write_file_atomically(path, big_a, &error));
  std::atomic<bool> stop{false};
  std::atomic<int> torn{0}, reads{0};
  std::thread reader([&] {
    while (!stop) {
      std::string seen = kit_test::read_file(path);
      if (seen != big_a && seen != big_b) ++torn;
      ++reads;
    }
  });
  std::vector<std::thread> writers;
  for (int w = 0; w < 2; ++w)
    writers.emplace_back([&, w] {
      std::string e;
      for (int i = 0; i < 100; ++i) judge::write_file_atomically(path, (i + w) % 2 ? big_a : big_b, &e);
    });
  for (std::thread& t : writers) t.join();
  stop = true;
  reader.join();
  CHECK(reads > 0);
  CHECK(torn == 0);
  CHECK(kit_test::list_dir(dir.path()) == std::vector<std::string>{"result.txt"});
}

TEST_CASE("append_line: whole lines, in order per writer, never interleaved") {
  kit_test::TempDir dir;
  const std::string path = dir / "record.jsonl";
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      std::string e;
      for (int i = 0; i < 300; ++i)
        judge::append_line(
            path, "writer " + std::to_string(t) + " line " + std::to_string(i) + " " + std::string(100 + t * 50, 'x'),
            &e);
    });
  for (std::thread& t : threads) t.join();
  std::istringstream in(kit_test::read_file(path));
  std::string l;
  int count = 0, next[4] = {0, 0, 0, 0};
  while (std::getline(in, l)) {
    int t = -1, i = -1;
    char tail[1024];
    REQUIRE(sscanf(l.c_str(), "writer %d line %d %1023s", &t, &i, tail) == 3);
    REQUIRE(t >= 0);
    REQUIRE(t < 4);
    CHECK(i == next[t]++);
    CHECK(std::string(tail) == std::string(100 + t * 50, 'x'));
    ++count;
  }
  CHECK(count == 1200);
  std::string error;
  CHECK_FALSE(judge::append_line(dir / "no/such/file", "x", &error));
  CHECK(error.find(dir / "no/such/file") != std::string::npos);
}

TEST_CASE("write_game_results: the result file and the record line, or the result file alone") {
  kit_test::TempDir dir;
  const std::string result = dir / "result.txt", record = dir / "record.jsonl";
  std::string error;
  REQUIRE(judge::write_game_results(result, "1 game\n", record, "{\"game\":1}", &error));
  REQUIRE(judge::write_game_results(result, "2 games\n", record, "{\"game\":2}", &error));
  CHECK(kit_test::read_file(result) == "2 games\n");
  CHECK(kit_test::read_file(record) == "{\"game\":1}\n{\"game\":2}\n");
  // No record path: only the result file.
  REQUIRE(judge::write_game_results(result, "3 games\n", "", "ignored", &error));
  CHECK(kit_test::read_file(result) == "3 games\n");
  CHECK(kit_test::read_file(record) == "{\"game\":1}\n{\"game\":2}\n");
  // A record that cannot be written fails by name.
  CHECK_FALSE(judge::write_game_results(result, "4 games\n", dir / "no/record.jsonl", "x", &error));
  CHECK(error.find(dir / "no/record.jsonl") != std::string::npos);
  // The pair is written under results_mutex: while it is held, no game is written.
  std::unique_lock<std::mutex> held(judge::results_mutex());
  std::atomic<bool> written{false};
  std::thread writer([&] {
    std::string e;
    judge::write_game_results(result, "5 games\n", record, "{\"game\":5}", &e);
    written = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  CHECK_FALSE(written.load());
  CHECK(kit_test::read_file(result) == "4 games\n");
  held.unlock();
  writer.join();
  CHECK(kit_test::read_file(result) == "5 games\n");
}

TEST_CASE("path_is_writable: names what is wrong") {
  kit_test::TempDir dir;
  std::string error;
  CHECK(judge::path_is_writable(dir / "new.txt", &error));
  CHECK(judge::path_is_writable("relative.txt", &error));
  CHECK_FALSE(judge::path_is_writable(dir / "absent/new.txt", &error));
  CHECK(error.find(dir / "absent") != std::string::npos);
  CHECK_FALSE(judge::path_is_writable("", &error));
  CHECK_FALSE(judge::path_is_writable(dir.path() + "/", &error));
  CHECK(error.find("is not a file name") != std::string::npos);
  CHECK_FALSE(judge::path_is_writable(dir.path(), &error));  // a folder is no result file
  CHECK(error.find("is a folder") != std::string::npos);
  if (geteuid() != 0) {  // root may write anything; others may not write a read-only file
    REQUIRE(judge::write_file_atomically(dir / "ro.txt", "x", &error));
    REQUIRE(chmod((dir / "ro.txt").c_str(), 0444) == 0);
    CHECK_FALSE(judge::path_is_writable(dir / "ro.txt", &error));
  }
}
