// Printed text and raised errors of one cell, as Jupyter would record them.
#include "cell.hpp"

#include <cstddef>

namespace tlab {
namespace {

// Calls visit(n, text) for each line of `source` (n from 1, text without its '\n') until visit
// returns true. Plain scanning rather than std::istringstream + getline: <sstream> pulls
// std::locale and every iostream facet (~100 KB) into the WebAssembly module.
template <typename Visit>
void scan_lines(const std::string& source, Visit visit) {
    std::size_t start = 0;
    for (int n = 1; start < source.size(); ++n) {
        std::size_t end = source.find('\n', start);
        if (end == std::string::npos) end = source.size();
        if (visit(n, source.substr(start, end - start))) return;
        start = end + 1;
    }
}

}  // namespace

void CellOutput::print(std::initializer_list<std::string> args) {
    bool first = true;
    for (const std::string& a : args) {
        if (!first) pending_ += ' ';
        pending_ += a;
        first = false;
    }
    pending_ += '\n';
}

void CellOutput::flush() {
    if (pending_.empty()) return;
    outputs_.push_back({{"output_type", "stream"}, {"name", "stdout"}, {"text", pending_}});
    pending_.clear();
}

void CellOutput::display(nlohmann::json data, nlohmann::json metadata) {
    flush();
    outputs_.push_back({{"output_type", "display_data"}, {"data", std::move(data)},
                        {"metadata", std::move(metadata)}});
}

void CellOutput::print_table(const std::string& text_plain, nlohmann::json table) {
    display({{"text/plain", text_plain},
             {"application/vnd.transformer-lab.table+json", std::move(table)}},
            {{"transformer-lab", {{"printed", true}}}});
}

void CellOutput::error(const PyError& e, const std::string& source, int line) {
    flush();
    nlohmann::json traceback = nlohmann::json::array();
    if (line > 0)
        scan_lines(source, [&](int n, const std::string& text) {
            if (n != line) return false;
            traceback.push_back("Cell line " + std::to_string(line) + ": " + text);
            return true;
        });
    traceback.push_back(e.ename + ": " + e.evalue);
    outputs_.push_back({{"output_type", "error"}, {"ename", e.ename}, {"evalue", e.evalue},
                        {"traceback", traceback}});
}

nlohmann::json CellOutput::take() {
    flush();
    nlohmann::json out = std::move(outputs_);
    outputs_ = nlohmann::json::array();
    return out;
}

int line_of(const std::string& source, const std::string& needle) {
    int found = 0;
    scan_lines(source, [&](int n, const std::string& text) {
        if (text.find(needle) == std::string::npos) return false;
        found = n;
        return true;
    });
    return found;
}

}  // namespace tlab
