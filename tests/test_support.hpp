// Helpers shared by the test files: golden files and hex-encoded doubles.
#pragma once

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tlab_test {

inline std::string read_text(const std::string& relative) {
    std::ifstream in(std::string(TLAB_TEST_DATA_DIR) + "/" + relative, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline nlohmann::json read_json(const std::string& relative) {
    return nlohmann::json::parse(read_text(relative));
}

// float.hex() text ("0x1.8p+1", "inf", "-0x0.0p+0") back to the exact double.
inline double from_hex(const std::string& text) { return std::strtod(text.c_str(), nullptr); }

inline std::vector<double> from_hexes(const nlohmann::json& list) {
    std::vector<double> out;
    for (const auto& h : list) out.push_back(from_hex(h.get<std::string>()));
    return out;
}

}  // namespace tlab_test
