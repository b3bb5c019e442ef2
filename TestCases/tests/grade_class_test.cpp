// Grading a class: uploads checked before they are unpacked, compiled as the
// OJ compiles them, graded, and ranked in the class table.
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "../../common/cli.h"
#include "../../common/confinement.h"
#include "../../common/json_read.h"
#include "../../common/tests/shell.h"
#include "../../viewer/record.h"
#include "../tools/class_page.h"
#include "../tools/grade_score.h"
#include "../../Compete/upload.h"

namespace {

namespace fs = std::filesystem;

// A zip writer for the tests: stored entries, Unix attributes, any name.
class ZipWriter {
 public:
  // `mode`: the Unix mode (0100644 a file, 0120777 a link); `flags` 1 marks it encrypted.
  void add(const std::string& name, const std::string& data, uint32_t mode = 0100644, uint16_t flags = 0,
           uint32_t declared_size = 0xFFFFFFFEu) {
    const uint32_t crc = crc32(data);
    const uint32_t size = declared_size == 0xFFFFFFFEu ? static_cast<uint32_t>(data.size()) : declared_size;
    std::string local;
    put32(local, 0x04034b50), put16(local, 20), put16(local, flags), put16(local, 0), put32(local, 0);
    put32(local, crc), put32(local, static_cast<uint32_t>(data.size())), put32(local, size);
    put16(local, static_cast<uint16_t>(name.size())), put16(local, 0);
    std::string entry;
    put32(entry, 0x02014b50), put16(entry, 3 << 8 | 20), put16(entry, 20), put16(entry, flags), put16(entry, 0);
    put32(entry, 0), put32(entry, crc), put32(entry, static_cast<uint32_t>(data.size())), put32(entry, size);
    put16(entry, static_cast<uint16_t>(name.size())), put16(entry, 0), put16(entry, 0), put16(entry, 0);
    put16(entry, 0), put32(entry, mode << 16), put32(entry, static_cast<uint32_t>(body_.size()));
    body_ += local + name + data;
    directory_ += entry + name;
    ++count_;
  }
  std::string bytes() const {
    std::string end;
    put32(end, 0x06054b50), put16(end, 0), put16(end, 0), put16(end, count_), put16(end, count_);
    put32(end, static_cast<uint32_t>(directory_.size())), put32(end, static_cast<uint32_t>(body_.size()));
    put16(end, 0);
    return body_ + directory_ + end;
  }
  void save(const std::string& path) const { std::ofstream(path, std::ios::binary) << bytes(); }

 private:
  static void put16(std::string& s, uint32_t v) { s += char(v & 0xFF), s += char(v >> 8 & 0xFF); }
  static void put32(std::string& s, uint32_t v) { put16(s, v & 0xFFFF), put16(s, v >> 16); }
  static uint32_t crc32(const std::string& data) {
    uint32_t crc = 0xFFFFFFFFu;
    for (unsigned char c : data) {
      crc ^= c;
      for (int k = 0; k < 8; ++k) crc = crc & 1 ? (crc >> 1) ^ 0xEDB88320u : crc >> 1;
    }
    return ~crc;
  }
  std::string body_, directory_;
  uint16_t count_ = 0;
};

std::string repo(const std::string& path) { return judge::path_beside_executable("../../../" + path); }

using test_shell::read_file;

// grade-class on group 1, seed 3, two games at once, its output in `log`; the class table (class.csv).
std::string grade_class_group_1(const fs::path& uploads, const fs::path& out, const fs::path& log) {
  const std::string command = "'" + repo("build/bin/grade-class") + "' --group 1 --seed 3 -j 2 --out '" + out.string() +
                              "' '" + uploads.string() + "' > '" + log.string() + "' 2>&1";
  const int status = std::system(command.c_str());
  INFO(read_file(log.string()));
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  return read_file((out / "class.csv").string());
}

// Why inspect_zip refused `zip`, or "" if it took it.
std::string refusal(const ZipWriter& zip) {
  std::vector<upload::ZipEntry> entries;
  std::string problem;
  return upload::inspect_zip(zip.bytes(), &entries, &problem) ? std::string() : problem;
}

using Scratch = test_shell::ScratchDir;

// The values of `attribute` ("href", "data-student") in `html`, in page order, entities left as written.
std::vector<std::string> attribute_values(const std::string& html, const std::string& attribute) {
  std::vector<std::string> values;
  const std::string key = " " + attribute + "=\"";
  for (size_t at = html.find(key); at != std::string::npos; at = html.find(key, at + 1)) {
    const size_t from = at + key.size();
    values.push_back(html.substr(from, html.find('"', from) - from));
  }
  return values;
}

// The strategy files a student of ladder level `level` would upload: the
// ladder's engine with the level written into sample.cpp, the ABI headers at the root.
ZipWriter ladder_upload(int level) {
  ZipWriter zip;
  for (const fs::directory_entry& e : fs::directory_iterator(repo("TestCases/src"))) {
    std::string text = read_file(e.path().string());
    const std::string name = e.path().filename().string();
    if (name == "sample.cpp") {
      text = "#define LEVEL " + std::to_string(level) + "\n" + text;
      for (const char* header : {"Point.h", "Strategy.h"}) {
        const std::string from = std::string("\"../../Compete/framework/") + header + "\"";
        text.replace(text.find(from), from.size(), std::string("\"") + header + "\"");
      }
    }
    zip.add(name, text);
  }
  zip.add("Point.h", read_file(repo("Compete/framework/Point.h")));
  zip.add("Strategy.h", read_file(repo("Compete/framework/Strategy.h")));
  return zip;
}

// Runs grade-class with `options` on the uploads into `out`; its output goes to scratch/log.
void run_grade_class(const fs::path& scratch, const std::string& options, const fs::path& uploads,
                     const fs::path& out) {
  const std::string log = (scratch / "log").string();
  const std::string command = "'" + repo("build/bin/grade-class") + "' " + options + " --out '" + out.string() + "' '" +
                              uploads.string() + "' > '" + log + "' 2>&1";
  REQUIRE_MESSAGE(std::system(command.c_str()) == 0, read_file(log));
}

}  // namespace

TEST_CASE("uploads: a zip is read and refused before anything is unpacked, naming what is wrong") {
  ZipWriter good;
  good.add("Strategy.cpp", "int x;\n");
  good.add("sub/", "", 040755);
  good.add("sub/notes.txt", "hello\n");
  CHECK(refusal(good) == "");

  ZipWriter dotdot;
  dotdot.add("../../x.cpp", "int x;\n");
  CHECK(refusal(dotdot) == "path ../../x.cpp");
  ZipWriter inner_dotdot;
  inner_dotdot.add("a/../../x.cpp", "int x;\n");
  CHECK(refusal(inner_dotdot) == "path a/../../x.cpp");
  ZipWriter absolute;
  absolute.add("/etc/cron.d/x", "* * * * * root true\n");
  CHECK(refusal(absolute) == "path /etc/cron.d/x");
  ZipWriter backslash;
  backslash.add("..\\x.cpp", "int x;\n");
  CHECK(refusal(backslash) == "path ..\\x.cpp");
  ZipWriter link;
  link.add("Strategy.cpp", "/etc/passwd", 0120777);
  CHECK(refusal(link) == "link Strategy.cpp");
  ZipWriter encrypted;
  encrypted.add("Strategy.cpp", "int x;\n", 0100644, 1);
  CHECK(refusal(encrypted) == "encrypted Strategy.cpp");
  ZipWriter many;
  for (int i = 0; i < 201; ++i) many.add("f" + std::to_string(i) + ".h", "");
  CHECK(refusal(many) == "more than 200 files");
  ZipWriter big;
  big.add("big.cpp", std::string(110 * 1024, 'x'));
  CHECK(refusal(big).find("over the OJ's limit of 102400") != std::string::npos);
  ZipWriter bomb;  // a small entry that claims to unpack to 1 GB
  bomb.add("bomb.txt", "x", 0100644, 0, 1u << 30);
  CHECK(refusal(bomb).find("zip bomb") != std::string::npos);

  std::vector<upload::ZipEntry> entries;
  std::string problem;
  CHECK_FALSE(upload::inspect_zip("not a zip at all, just text", &entries, &problem));
  CHECK(problem.find("not a zip file") != std::string::npos);
  std::string cut = good.bytes();
  cut.erase(cut.size() - 40, 18);  // the end record no longer closes the file where it says
  CHECK_FALSE(upload::inspect_zip(cut, &entries, &problem));
}

TEST_CASE("uploads: unpacked into their own folder, links and escapes never reach the disk") {
  Scratch dir;
  ZipWriter good;
  good.add("Strategy.cpp", "int x;\n");
  good.add("sub/notes.txt", "hello\n");
  good.save((dir.path / "good.zip").string());
  std::string problem;
  REQUIRE_MESSAGE(upload::unpack((dir.path / "good.zip").string(), (dir.path / "good").string(), &problem), problem);
  CHECK(read_file((dir.path / "good/Strategy.cpp").string()) == "int x;\n");
  CHECK(read_file((dir.path / "good/sub/notes.txt").string()) == "hello\n");

  ZipWriter evil;
  evil.add("../escaped.cpp", "int x;\n");
  evil.save((dir.path / "evil.zip").string());
  CHECK_FALSE(upload::unpack((dir.path / "evil.zip").string(), (dir.path / "evil").string(), &problem));
  CHECK(problem == "path ../escaped.cpp");
  CHECK_FALSE(fs::exists(dir.path / "escaped.cpp"));
}

TEST_CASE("grade-class: a class of six uploads, each row as it should be") {
  Scratch dir;
  const fs::path uploads = dir.path / "uploads";
  fs::create_directories(uploads);
  ladder_upload(9).save((uploads / "alice.zip").string());
  ladder_upload(1).save((uploads / "bob.zip").string());
  ZipWriter broken = ladder_upload(3);
  broken.add("broken.cpp", "int main( {\n");
  broken.save((uploads / "dave.zip").string());
  ZipWriter evil;
  evil.add("../../x.cpp", "int x;\n");
  evil.save((uploads / "eve.zip").string());
  ZipWriter crash;  // segfaults on its first move
  crash.add(
      "Strategy.cpp", "#define FAULT_crash\n" + [] {
        std::string t = read_file(repo("TestCases/tests/faulty_plugin.cpp"));
        for (const char* h :
             {"Compete/framework/Point.h", "Compete/framework/Strategy.h", "common/tests/plugins/misbehave.h"}) {
          const std::string from = std::string("\"../../") + h + "\"";
          t.replace(t.find(from), from.size(), "\"" + fs::path(h).filename().string() + "\"");
        }
        return t;
      }());
  crash.add("Point.h", read_file(repo("Compete/framework/Point.h")));
  crash.add("Strategy.h", read_file(repo("Compete/framework/Strategy.h")));
  crash.add("misbehave.h", read_file(repo("common/tests/plugins/misbehave.h")));
  crash.add("misbehave.cpp", read_file(repo("common/tests/plugins/misbehave.cpp")));
  crash.save((uploads / "frank.zip").string());
  ZipWriter no_abi;  // compiles as a plugin, but exports no getPoint: the OJ's program does not link
  no_abi.add("Strategy.cpp", "int answer() { return 42; }\n");
  no_abi.save((uploads / "gina.zip").string());
  std::ofstream(uploads / "readme.txt") << "not an upload\n";

  const fs::path out = dir.path / "out";
  const std::string table = grade_class_group_1(uploads, out, dir.path / "log");
  INFO(table);
  std::vector<std::string> lines;
  std::istringstream in(table);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  REQUIRE(lines.size() == 7);  // the header and six students; readme.txt is no upload
  CHECK(lines[0].rfind("rank,student,status,total,group1,group2,group3,group4,group5,won,tied,lost,", 0) == 0);
  // Graded first, best first: level 9 wins more of group 1 than level 1 or a strategy that crashes.
  auto row = [&](const std::string& student) {
    for (const std::string& l : lines)
      if (l.find("," + student + ",") != std::string::npos) return l;
    return std::string();
  };
  CHECK(lines[1].rfind("1,alice,graded,", 0) == 0);
  CHECK(lines[2].rfind("2,bob,graded,", 0) == 0);
  CHECK(row("frank").rfind("3,frank,graded,0,0,,,,,0,0,10,10,0,0,", 0) == 0);  // ten crashes, no points
  CHECK(row("dave").find(",dave,compile error,") != std::string::npos);
  CHECK(row("dave").find("error") != std::string::npos);  // the compiler's first lines
  CHECK(row("eve").rfind(",eve,rejected,", 0) == 0);
  CHECK(row("eve").find("path ../../x.cpp") != std::string::npos);
  CHECK(row("gina").rfind(",gina,compile error,", 0) == 0);
  CHECK(row("gina").find("Strategy.h: No such file") != std::string::npos);  // the OJ's main.cpp includes it
  CHECK(row("gina").find("(as a plugin it builds)") != std::string::npos);
  // Each graded student's games are in a folder of its own; nothing escaped the uploads.
  CHECK(fs::is_regular_file(out / "alice" / "grade.tsv"));
  CHECK(fs::is_regular_file(out / "alice" / "upload" / "Strategy.so"));
  CHECK(fs::is_regular_file(out / "alice" / "upload" / "Strategy"));  // the OJ's program
  CHECK_FALSE(fs::exists(dir.path / "x.cpp"));
  CHECK_FALSE(fs::exists(out / "eve" / "upload" / "x.cpp"));

  // The class page: the CSV's rows in the CSV's order, each student whose games were played linked to
  // a replay page of them, which exists and holds those games.
  const std::string page = read_file((out / "class.html").string());
  std::vector<std::string> csv_order;
  for (size_t i = 1; i < lines.size(); ++i) {
    const size_t from = lines[i].find(',') + 1;
    csv_order.push_back(lines[i].substr(from, lines[i].find(',', from) - from));
  }
  CHECK(attribute_values(page, "data-student") == csv_order);
  std::vector<std::string> links, lost_links;  // the students' pages; their lost games (#game=N&step=K)
  for (const std::string& link : attribute_values(page, "href"))
    (link.find('#') == std::string::npos ? links : lost_links).push_back(link);
  CHECK(links == std::vector<std::string>{"alice/games.html", "bob/games.html", "frank/games.html"});
  // Each graded student's lost games, as many as the table's Lost column, each at its end (the
  // records are plain); frank lost all ten, games 1 to 10 of his page.
  auto lost_of = [&](const std::string& student) {
    std::vector<std::string> of;
    for (const std::string& link : lost_links)
      if (link.rfind(student + "/games.html#game=", 0) == 0) of.push_back(link);
    return of;
  };
  size_t linked = 0;
  for (const char* student : {"alice", "bob", "frank"}) {
    CAPTURE(student);
    std::vector<std::string> fields;
    std::istringstream cells(row(student));
    for (std::string field; std::getline(cells, field, ',');) fields.push_back(field);
    REQUIRE(fields.size() > 11);
    CHECK(lost_of(student).size() == std::stoul(fields[11]));  // rank,student,status,total,group1..5,won,tied,lost
    for (const std::string& link : lost_of(student)) {
      CAPTURE(link);
      CHECK(link.size() > 13);
      CHECK(link.substr(link.size() - 13) == "&amp;step=end");
    }
    linked += lost_of(student).size();
  }
  CHECK(linked == lost_links.size());
  std::vector<std::string> frank_lost;
  for (int n = 1; n <= 10; ++n) frank_lost.push_back("frank/games.html#game=" + std::to_string(n) + "&amp;step=end");
  CHECK(lost_of("frank") == frank_lost);
  for (const std::string& link : links) {
    CAPTURE(link);
    const std::string games_page = read_file((out / link).string());
    CHECK(games_page.find("startViewer(renderConnectFour)") != std::string::npos);
    viewer::Record record;
    std::string problem;
    const fs::path record_file = (out / link).parent_path() / "games.jsonl";
    REQUIRE_MESSAGE(viewer::parse_record(read_file(record_file.string()), "games.jsonl", &record, &problem), problem);
    CHECK(record.kind == viewer::Kind::kConnectFour);
    CHECK(record.lines.size() == 10);  // group 1: five samples, each twice
  }
  const std::string frank_record = read_file((out / "frank" / "games.jsonl").string());
  CHECK(frank_record.find("\"code\":3,") != std::string::npos);  // the crash, as the page shows it

  // A record annotated by build/bin/analyze: the lost game's link opens it at its losing move. One
  // lost game of a few moves gets an analysis (only its losing move matters here); --merge rewrites the page.
  std::string annotated_link;
  for (const char* student : {"bob", "alice"}) {
    const fs::path record_file = out / student / "games.jsonl";
    std::vector<std::string> record_lines;
    std::istringstream in(read_file(record_file.string()));
    for (std::string line; std::getline(in, line);) record_lines.push_back(line);
    const std::vector<grade::LostGame> lost = grade::lost_games(read_file(record_file.string()));
    for (const grade::LostGame& g : lost) {
      // The line of that game: its round is the sample, game 1 the strategy's first move.
      const std::string id =
          "\"round\":" + std::to_string(g.sample) + ",\"game\":" + (g.strategy_first ? "1" : "2") + ",";
      for (std::string& line : record_lines) {
        judge::JsonValue v;
        std::string why;
        REQUIRE_MESSAGE(judge::parse_json(line, &v, &why), why);
        if (line.find(id) == std::string::npos || v.find("moves")->items.size() < 3) continue;
        line = line.substr(0, line.rfind('}')) + ",\"analysis\":{\"line\":1,\"engine\":\"test\",\"losing_move\":2}}";
        annotated_link = std::string(student) + "/games.html#game=" + std::to_string(g.game) + "&amp;step=2";
        break;
      }
      if (!annotated_link.empty()) break;
    }
    if (annotated_link.empty()) continue;
    std::string text;
    for (const std::string& line : record_lines) text += line + "\n";
    std::ofstream(record_file, std::ios::binary) << text;
    break;
  }
  REQUIRE_FALSE(annotated_link.empty());
  run_grade_class(dir.path, "--group 1 --seed 3 --merge", uploads, out);
  const std::vector<std::string> merged_links = attribute_values(read_file((out / "class.html").string()), "href");
  CHECK(std::count(merged_links.begin(), merged_links.end(), annotated_link) == 1);
  CHECK(merged_links.size() == links.size() + lost_links.size());
  // The five group scores, the forfeits by kind, the times and the reasons are on the page.
  for (const char* heading : {"<th>Group 1</th>", "<th>Group 5</th>", "<th>Crashes</th>", "<th>Illegal moves</th>",
                              "<th>Timeouts</th>", "<th>Compile s</th>", "<th>Think s</th>"})
    CHECK(page.find(heading) != std::string::npos);
  CHECK(page.find("<pre>path ../../x.cpp</pre>") != std::string::npos);
  CHECK(page.find("data-student=\"dave\" data-status=\"compile error\"") != std::string::npos);
}

TEST_CASE(
    "grade-class: a zip that prints to stdout fails the OJ's way, with the reason and the plugin's grade beside it") {
  Scratch dir;
  const fs::path uploads = dir.path / "uploads";
  fs::create_directories(uploads);
  ZipWriter noisy;  // the course-style student strategy, printing its choice before it returns it
  for (const fs::directory_entry& e : fs::directory_iterator(repo("StrategyTest/tests/student"))) {
    std::string text = read_file(e.path().string());
    const std::string name = e.path().filename().string();
    if (name == "Strategy.cpp")
      text =
          "#include <cstdio>\n" + text.replace(text.find("  Node node("), 0, "  std::printf(\"best=%d\\n\", N / 2);\n");
    noisy.add(name, text);
  }
  noisy.save((uploads / "ivan.zip").string());
  const fs::path out = dir.path / "out";
  const std::string table = grade_class_group_1(uploads, out, dir.path / "log");
  INFO(table);
  // Ten runtime errors the OJ's way, no point; as a plugin it plays, and wins points from the weakest samples.
  CHECK(table.find("1,ivan,graded,0,0,,,,,0,0,10,10,0,0,") != std::string::npos);
  CHECK(table.find("the OJ's way 0, as a plugin ") != std::string::npos);
  CHECK(table.find("the OJ's way 0, as a plugin 0") == std::string::npos);
  CHECK(table.find("A broke the OJ's protocol: stdout: 7 bytes 'best=") != std::string::npos);
  CHECK(table.find("\\n' before the reply, read as its length header") != std::string::npos);
  CHECK(read_file((out / "class.html").string()).find("the OJ&#39;s way 0, as a plugin ") != std::string::npos);
}

TEST_CASE("grade-class: the class page keeps hostile names and compiler output as text, and --merge rewrites it") {
  Scratch dir;
  const fs::path uploads = dir.path / "uploads";
  fs::create_directories(uploads);
  const std::string hostile = "<img src=x onerror=alert(1)>&'\"%2F #?";
  ZipWriter injected;  // the compiler repeats the line: it must stay text
  injected.add("Strategy.cpp", "#error </pre><script>alert(2)</script>\n");
  injected.save((uploads / (hostile + ".zip")).string());
  ZipWriter evil;
  evil.add("../<b>x.cpp", "int x;\n");
  evil.save((uploads / "two\nlines.zip").string());

  const fs::path out = dir.path / "out";
  run_grade_class(dir.path, "--group 1 --seed 2", uploads, out);
  const std::string page = read_file((out / "class.html").string());
  INFO(page);
  CHECK(page.find("<img") == std::string::npos);
  CHECK(page.find("<script") == std::string::npos);  // the page itself has no script
  CHECK(page.find("<b>") == std::string::npos);
  CHECK(page.find("data-student=\"&lt;img src=x onerror=alert(1)&gt;&amp;&#39;&quot;%2F #?\"") != std::string::npos);
  CHECK(page.find("#error &lt;/pre&gt;&lt;script&gt;alert(2)&lt;/script&gt;") != std::string::npos);
  CHECK(page.find("<pre>path ../&lt;b&gt;x.cpp</pre>") != std::string::npos);
  CHECK(attribute_values(page, "href").empty());  // nobody's games were played
  // A student's name becomes a link that names only its own folder.
  CHECK(grade::games_page_link(hostile) ==
        "%3Cimg%20src%3Dx%20onerror%3Dalert%281%29%3E%26%27%22%252F%20%23%3F/games.html");
  CHECK(grade::games_page_link("../x") == "upload-2e2e2f78/games.html");

  // The rows read back from the class's record make the same table and page, byte for byte.
  const std::string csv = read_file((out / "class.csv").string());
  fs::remove(out / "class.csv");
  fs::remove(out / "class.html");
  run_grade_class(dir.path, "--group 1 --seed 2 --merge", uploads, out);
  CHECK(read_file((out / "class.csv").string()) == csv);
  CHECK(read_file((out / "class.html").string()) == page);
}

TEST_CASE("class page: each lost game linked in the replay page's order, at its losing move when annotated") {
  // Three games as Compete records them (the strategy is A), out of the page's order (round, then game).
  auto game = [](int round, int game, int code, const std::string& analysis) {
    std::string line = "{\"round\":" + std::to_string(round) + ",\"game\":" + std::to_string(game) +
                       R"(,"seed":1,"M":9,"N":9,"noX":0,"noY":8,"a":"/x/s.so","b":"/x/3.so","first":"A",)"
                       R"("moves":[["A",8,0,1],["B",8,1,1],["A",7,0,1],["B",7,1,1],["A",6,0,1],["B",6,1,1]],)"
                       R"("code":)" +
                       std::to_string(code) + R"(,"result":"r","reason":"r"})";
    return analysis.empty() ? line : line.substr(0, line.size() - 1) + ",\"analysis\":" + analysis + "}";
  };
  const std::string record = game(3, 2, 2, R"({"line":1,"engine":"e","losing_move":5})") + "\n" + game(1, 1, 1, "") +
                             "\n" + game(3, 1, 7, R"({"line":3,"engine":"e","losing_move":null})") + "\n" +
                             game(5, 1, 0, "") + "\n" + game(5, 2, 4, "") + "\n";
  const std::vector<grade::LostGame> lost = grade::lost_games(record);
  REQUIRE(lost.size() == 3);  // the sample's win, A's timeout, A's illegal move; not the win nor the tie
  CHECK(lost[0].game == 2);   // round 3 game 1: A timed out, no losing move found
  CHECK(lost[0].step == "end");
  CHECK(lost[0].sample == 3);
  CHECK(lost[0].strategy_first);
  CHECK(lost[1].game == 3);  // round 3 game 2: the losing move 5
  CHECK(lost[1].step == "5");
  CHECK_FALSE(lost[1].strategy_first);
  CHECK(lost[2].game == 5);
  CHECK(lost[2].step == "end");
  CHECK(grade::lost_games("not a record\n").empty());

  grade::ClassRow row;
  row.student = "a&b";
  row.report.losses = 3;
  const std::string page = grade::format_class_page(
      {row}, "test", [](const std::string&) { return true; }, [&](const std::string&) { return record; });
  CHECK(attribute_values(page, "href") ==
        std::vector<std::string>({"a%26b/games.html", "a%26b/games.html#game=2&amp;step=end",
                                  "a%26b/games.html#game=3&amp;step=5", "a%26b/games.html#game=5&amp;step=end"}));
  CHECK(attribute_values(page, "data-step") == std::vector<std::string>({"end", "5", "end"}));
  CHECK(page.find(">3@5</a>") != std::string::npos);
  CHECK(page.find("title=\"game 3: sample 3, the strategy moving second; the losing move 5\"") != std::string::npos);
  // Without a record (or without its games page) no lost game is linked.
  CHECK(attribute_values(grade::format_class_page({row}, "test", [](const std::string&) { return true; }), "href") ==
        std::vector<std::string>({"a%26b/games.html"}));
  CHECK(attribute_values(
            grade::format_class_page(
                {row}, "test", [](const std::string&) { return false; }, [&](const std::string&) { return record; }),
            "href")
            .empty());
}

TEST_CASE("grade-class --analyze: each lost game carries its analysis, and the class page links its losing move") {
  Scratch dir;
  const fs::path uploads = dir.path / "uploads";
  fs::create_directories(uploads);
  ladder_upload(1).save((uploads / "bob.zip").string());  // random moves: loses most of group 1
  const fs::path out = dir.path / "out";
  run_grade_class(dir.path, "--group 1 --seed 3 -j 2 --analyze", uploads, out);
  const std::string record = read_file((out / "bob" / "games.jsonl").string());
  int lost = 0, linked_at_a_move = 0;
  size_t at = 0;
  for (int line = 1; at < record.size(); ++line) {
    const size_t end = record.find('\n', at);
    const std::string game = record.substr(at, end - at);
    at = end + 1;
    const int code = std::stoi(game.substr(game.find("\"code\":") + 7));
    const bool analysed = game.find(",\"analysis\":{\"line\":" + std::to_string(line) + ",") != std::string::npos;
    CAPTURE(line);
    CHECK(analysed == (grade::points_for(code) == 0));  // the lost games, and only they
    if (grade::points_for(code) != 0) continue;
    ++lost;
    if (game.find("\"losing_move\":null") == std::string::npos) ++linked_at_a_move;
  }
  CHECK(lost >= 3);
  CHECK(linked_at_a_move >= 1);
  const std::string page = read_file((out / "class.html").string());
  int links_at_a_move = 0;
  for (const std::string& step : attribute_values(page, "data-step")) links_at_a_move += step != "end";
  CHECK(links_at_a_move == linked_at_a_move);
}

TEST_CASE("grade-class: an upload named '..zip', '.x.zip' or 'class.zip' gets a folder of its own") {
  Scratch dir;
  const fs::path uploads = dir.path / "uploads";
  fs::create_directories(uploads);
  ZipWriter broken;
  broken.add("Strategy.cpp", "#error not a strategy\n");
  for (const char* name : {"..zip", ".x.zip", "class.zip", "class.csv.zip"}) broken.save((uploads / name).string());
  const fs::path out = dir.path / "out";
  run_grade_class(dir.path, "--group 1 --seed 2", uploads, out);
  // Every student is in the table, and the table survived every student's folder.
  const std::string csv = read_file((out / "class.csv").string());
  INFO(csv);
  for (const char* student : {".", ".x", "class", "class.csv"})
    CHECK(csv.find(std::string("\n,") + student + ",compile error") != std::string::npos);
  CHECK(grade::student_folder(".") == "upload-2e");
  CHECK(grade::student_folder("class") == "upload-636c617373");
  CHECK(grade::student_folder("alice") == "alice");
  for (const char* folder : {"upload-2e", "upload-2e78", "upload-636c617373", "upload-636c6173732e637376"})
    CHECK_MESSAGE(fs::is_directory(out / folder / "upload"), folder);
  CHECK(fs::is_regular_file(out / "class.html"));
}

TEST_CASE("grade-class: the compiler is confined: an #include of a file outside the upload is refused") {
  if (judge::sandbox_support().landlock_abi == 0) return;  // no Landlock: files are guarded by permissions alone
  Scratch dir;
  const fs::path secret = dir.path / "answers" / "secret.h";
  fs::create_directories(secret.parent_path());
  std::ofstream(secret) << "#error SECRET-TOKEN-42\n";
  const fs::path uploads = dir.path / "uploads";
  fs::create_directories(uploads);
  ZipWriter snoop;
  snoop.add("Strategy.cpp", "#include \"" + secret.string() + "\"\n");
  snoop.save((uploads / "mallory.zip").string());
  const fs::path out = dir.path / "out";
  run_grade_class(dir.path, "--group 1 --seed 2", uploads, out);
  const std::string csv = read_file((out / "class.csv").string());
  INFO(csv);
  CHECK(csv.find(",mallory,compile error,") != std::string::npos);
  CHECK(csv.find("SECRET-TOKEN-42") == std::string::npos);
  CHECK(csv.find("Permission denied") != std::string::npos);
}

TEST_CASE("grade-class: with its uploads and OUT in a folder closed to other users, builds keep their own user") {
  if (!judge::sandbox_support().own_user) return;  // not root: no user id to give anyway
  Scratch dir;
  const fs::path closed = dir.path / "closed", uploads = closed / "uploads", out = closed / "out";
  fs::create_directories(uploads);
  fs::permissions(closed, fs::perms::owner_all, fs::perm_options::replace);
  ladder_upload(9).save((uploads / "alice.zip").string());
  ZipWriter broken;
  broken.add("Strategy.cpp", "int main( {\n");
  broken.save((uploads / "dave.zip").string());
  run_grade_class(dir.path, "--group 1 --seed 2", uploads, out);
  const std::string log = read_file((dir.path / "log").string()), csv = read_file((out / "class.csv").string());
  INFO(log);
  INFO(csv);
  // unzip and g++ ran in a workspace others can reach: the sandbox never fell back to the judge's user.
  CHECK(log.find("closed to other users") == std::string::npos);
  CHECK(csv.find("1,alice,graded,") != std::string::npos);
  CHECK(csv.find(",dave,compile error,") != std::string::npos);
  // The build came back into the student's folder, the compiler's errors with it.
  CHECK(fs::is_regular_file(out / "alice" / "upload" / "Strategy.so"));
  CHECK(fs::is_regular_file(out / "alice" / "upload" / "sample.cpp"));
  CHECK(read_file((out / "dave" / "upload" / "compile.log").string()).find("error") != std::string::npos);
}

TEST_CASE("grade-class: a bad command line or an empty folder exits 2, naming the problem") {
  Scratch dir;
  const std::string tool = "'" + repo("build/bin/grade-class") + "'";
  const std::string log = (dir.path / "log").string();
  int status = std::system((tool + " '" + dir.path.string() + "' > '" + log + "' 2>&1").c_str());
  CHECK(WEXITSTATUS(status) == 2);
  CHECK(read_file(log).find("no uploads (<student>.zip)") != std::string::npos);
  status = std::system((tool + " /no/such/folder > '" + log + "' 2>&1").c_str());
  CHECK(WEXITSTATUS(status) == 2);
  CHECK(read_file(log).find("is not a folder") != std::string::npos);
}

TEST_CASE("grade-class --shard through GNU parallel, then --merge: the single run's table but for the times") {
  Scratch dir;
  const fs::path uploads = dir.path / "uploads";
  fs::create_directories(uploads);
  for (int salt : {1, 2, 3}) {  // three random players, told apart by their salt
    ZipWriter zip;
    zip.add("Strategy.cpp",
            "#define SALT " + std::to_string(salt) + "\n" + read_file(repo("Compete/tests/plugins/random_move.cpp")));
    zip.add("plugin_util.h", read_file(repo("Compete/tests/plugins/plugin_util.h")));
    zip.add("Point.h", read_file(repo("Compete/framework/Point.h")));
    zip.add("Strategy.h", read_file(repo("Compete/framework/Strategy.h")));  // for the OJ's main.cpp
    zip.save((uploads / ("random" + std::to_string(salt) + ".zip")).string());
  }
  ZipWriter evil;
  evil.add("/tmp/x.cpp", "int x;\n");
  evil.save((uploads / "zed.zip").string());
  const std::string tool = "'" + repo("build/bin/grade-class") + "' --group 2 --seed 4 ";
  const std::string single = (dir.path / "single").string(), sharded = (dir.path / "sharded").string();
  auto sh = [&](const std::string& command) {
    const int status = std::system((command + " > '" + (dir.path / "log").string() + "' 2>&1").c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  REQUIRE(sh(tool + "--out '" + single + "' '" + uploads.string() + "'") == 0);
  REQUIRE_MESSAGE(sh("parallel --will-cite -j 2 \"" + tool + "--shard {}/2 --out '" + sharded + "' '" +
                     uploads.string() + "'\" ::: 0 1") == 0,
                  read_file((dir.path / "log").string()));
  CHECK(sh(tool + "--merge --out '" + sharded + "' '" + uploads.string() + "'") == 0);
  // Equal but for the two time columns (compile_s, think_s), which no two runs share.
  auto without_times = [](const std::string& csv) {
    std::string out;
    std::istringstream in(csv);
    for (std::string line; std::getline(in, line);) {
      std::vector<std::string> fields;
      std::string field;
      std::istringstream cells(line);
      while (std::getline(cells, field, ',')) fields.push_back(field);
      for (size_t i = 0; i < fields.size(); ++i)
        if (i != 15 && i != 16) out += fields[i] + ",";
      out += "\n";
    }
    return out;
  };
  const std::string expected = read_file(single + "/class.csv"), merged = read_file(sharded + "/class.csv");
  INFO(expected << "\n" << merged);
  CHECK(expected.find(",zed,rejected,") != std::string::npos);
  CHECK(without_times(merged) == without_times(expected));
  // The merge's record is the single run's but for the times: a line per student, in name order.
  auto rows_without_times = [](const std::string& record) {
    std::string out;
    std::istringstream in(record);
    for (std::string line; std::getline(in, line);) {
      const size_t compile = line.find(",\"compile_s\":"), codes = line.find(",\"codes\":");
      out += line.substr(0, compile) + line.substr(codes) + "\n";
    }
    return out;
  };
  CHECK(rows_without_times(read_file(sharded + "/class.jsonl")) ==
        rows_without_times(read_file(single + "/class.jsonl")));
  // A student missing from its shard's record is named by its shard; the shard run again grades
  // only that student, and the merge completes the table.
  const fs::path shard1 = fs::path(sharded) / "class-shard-1.jsonl";
  std::string lines;
  {
    std::istringstream in(read_file(shard1.string()));
    for (std::string line; std::getline(in, line);)
      if (line.find("\"student\":\"random2\"") == std::string::npos) lines += line + "\n";
  }
  std::ofstream(shard1, std::ios::binary | std::ios::trunc) << lines;
  CHECK(sh(tool + "--merge --out '" + sharded + "' '" + uploads.string() + "'") == 1);
  CHECK(read_file((dir.path / "log").string()).find("missing shard 1/2 (1 of its 2 students are not in its record") !=
        std::string::npos);
  CHECK(sh(tool + "--shard 1/2 --out '" + sharded + "' '" + uploads.string() + "'") == 0);
  const std::string log = read_file((dir.path / "log").string());
  CHECK(log.find("zed: kept from") != std::string::npos);  // zed was not redone
  CHECK(log.find("random2: graded") != std::string::npos);
  // Without --seed the merge takes the records'.
  CHECK(sh("'" + repo("build/bin/grade-class") + "' --group 2 --merge --out '" + sharded + "' '" + uploads.string() +
           "'") == 0);
  CHECK(without_times(read_file(sharded + "/class.csv")) == without_times(expected));
  // Another command line's records are refused, naming the setting.
  CHECK(sh("'" + repo("build/bin/grade-class") + "' --group 2 --seed 5 --merge --out '" + sharded + "' '" +
           uploads.string() + "'") == 2);
  CHECK(read_file((dir.path / "log").string()).find("made by another command line: --seed differs: record 4, now 5") !=
        std::string::npos);
  // So is a run again with another setting: its record would mix two grades.
  CHECK(sh("'" + repo("build/bin/grade-class") + "' --group 2 --seed 4 --way oj --out '" + single + "' '" +
           uploads.string() + "'") == 2);
  CHECK(read_file((dir.path / "log").string()).find("--way differs: record \"both\", now \"oj\"") != std::string::npos);
}
