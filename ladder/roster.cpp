#include "roster.h"

#include "../common/json.h"
#include "../common/json_read.h"
#include "../common/record_fields.h"
#include "folder.h"
#include "game_record.h"

namespace ladder {

using judge::JsonValue;

int Roster::find(const std::string& id) const {
  auto it = index_.find(id);
  return it == index_.end() ? -1 : it->second;
}

int Roster::latest_version(const std::string& name) const {
  int latest = 0;
  for (const Player& p : players_)
    if (p.name == name && p.version > latest) latest = p.version;
  return latest;
}

namespace {

bool text_member(const JsonValue& v, const char* key, const std::string& where, std::string* out, std::string* error) {
  const JsonValue* m = v.find(key);
  if (!m || m->type != JsonValue::kString)
    return *error = where + "field '" + key + "' is " + (m ? "'" + m->dump() + "'" : "missing") + ", not a string",
           false;
  *out = m->text;
  return true;
}

// The members of an "add" line after its "event", in the order written.
const judge::RecordFields<Player>& player_fields() {
  static const judge::RecordFields<Player> fields = {{"id", &Player::id},           {"name", &Player::name},
                                                     {"version", &Player::version}, {"kind", &Player::kind},
                                                     {"file", &Player::file},       {"program", &Player::program},
                                                     {"sha256", &Player::sha256},   {"playable", &Player::playable},
                                                     {"reason", &Player::reason},   {"time", &Player::added}};
  return fields;
}

}  // namespace

bool Roster::apply(const std::string& where, const std::string& line, std::string* error) {
  JsonValue v;
  std::string why;
  if (!judge::parse_json(line, &v, &why) || v.type != JsonValue::kObject)
    return *error = where + "not a JSON object: " + (why.empty() ? line.substr(0, 80) : why), false;
  std::string event;
  if (!text_member(v, "event", where, &event, error)) return false;
  if (event == "remove") {
    std::string name;
    if (!text_member(v, "name", where, &name, error)) return false;
    for (Player& p : players_)
      if (p.name == name) p.removed = true;
    return true;
  }
  if (event != "add") return *error = where + "field 'event' is '" + event + "', not \"add\" or \"remove\"", false;
  Player p;
  if (!player_fields().read(v, where, &p, error)) return false;
  if (p.version < 1) return *error = where + "field 'version' is " + std::to_string(p.version) + ", not >= 1", false;
  if (p.id != p.name + "@" + std::to_string(p.version))
    return *error = where + "field 'id' is '" + p.id + "', not '" + p.name + "@" + std::to_string(p.version) + "'",
           false;
  if (index_.count(p.id)) return *error = where + "player '" + p.id + "' is added twice", false;
  for (Player& earlier : players_)
    if (earlier.name == p.name) earlier.retired = true;
  index_[p.id] = static_cast<int>(players_.size());
  players_.push_back(p);
  return true;
}

bool read_roster(const std::string& text, const std::string& source, Roster* roster, std::vector<std::string>* warnings,
                 std::string* error) {
  auto each = [roster](const std::string& where, const std::string& line, const JsonValue&, std::string* problem) {
    return roster->apply(where, line, problem);
  };
  return read_ledger_lines(text, source, each, warnings, error);
}

bool valid_name(const std::string& name) {
  if (name.empty() || name.size() > 40 || name[0] == '.' || name[0] == '-') return false;
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.')) return false;
  return true;
}

std::string add_line(const Player& p) {
  judge::JsonWriter json;
  json.begin_object().field("event", "add");
  player_fields().write(p, &json);
  json.end_object();
  return json.str();
}

std::string remove_line(const std::string& name) {
  judge::JsonWriter json;
  json.begin_object().field("event", "remove").field("name", name).field("time", utc_now()).end_object();
  return json.str();
}

}  // namespace ladder
