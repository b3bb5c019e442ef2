#include "analyzer.h"

namespace analysis {

std::string annotated_line(const std::string& line, const std::string& analysis_json) {
  return line.substr(0, line.find_last_of('}')) + ",\"analysis\":" + analysis_json + "}";
}

}  // namespace analysis
