// Printed text and raised errors of one cell, as Jupyter would record them.
#include "cell.hpp"

#include <algorithm>
#include <cstddef>

#include "tlab/pysource.hpp"

namespace tlab {

// Jupyter names a cell's code /tmp/ipykernel_<pid>/<hash>.py, with the kernel's process id and a
// hash that change from kernel to kernel, so no run can predict them. Warnings keep that form with
// an obviously placeholder pid and name, so they read like Jupyter's and everything after the
// path (line number, category, message, code line) is exactly what Python prints.
const char* const kCellFile = "/tmp/ipykernel_<pid>/<cell>.py";

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

void CellOutput::flush_stdout() {
    if (pending_.empty()) return;
    outputs_.push_back({{"output_type", "stream"}, {"name", "stdout"}, {"text", pending_}});
    pending_.clear();
}

// ipykernel buffers each stream and sends what it holds when the code displays something, raises,
// or ends: stdout first, then stderr, whatever order the writes came in (checked with
// `jupyter nbconvert --execute`: print("x"); <warning>; print("y") records stdout "x\ny\n" then
// the warning). So a warning waits here until the next such point.
void CellOutput::flush() {
    flush_stdout();
    if (pending_stderr_.empty()) return;
    outputs_.push_back({{"output_type", "stream"}, {"name", "stderr"}, {"text", pending_stderr_}});
    pending_stderr_.clear();
}

void CellOutput::display(nlohmann::json data, nlohmann::json metadata) {
    flush();
    outputs_.push_back({{"output_type", "display_data"}, {"data", std::move(data)},
                        {"metadata", std::move(metadata)}});
}

// A printed table is stdout to Python, so it is no flush point: a pending warning stays pending.
void CellOutput::print_table(const std::string& text_plain, nlohmann::json table) {
    flush_stdout();
    outputs_.push_back(
        {{"output_type", "display_data"},
         {"data",
          {{"text/plain", text_plain},
           {"application/vnd.transformer-lab.table+json", std::move(table)}}},
         {"metadata", {{"transformer-lab", {{"printed", true}}}}}});
}

// Python's warnings.formatwarning: "<file>:<line>: <Category>: <message>\n  <code line>\n",
// the code line stripped of surrounding whitespace (and left out when empty).
void CellOutput::warn_in_file(const std::string& path, int line, const std::string& code_line,
                              const std::string& category, const std::string& message) {
    const std::string where = path + ":" + std::to_string(line) + ": " + category + ": ";
    const std::string key = where + message;
    if (std::find(warned_.begin(), warned_.end(), key) != warned_.end()) return;
    warned_.push_back(key);
    pending_stderr_ += key + "\n";
    const char* const blank = " \t\r\f\v";
    const std::size_t first = code_line.find_first_not_of(blank);
    if (first != std::string::npos)
        pending_stderr_ +=
            "  " + code_line.substr(first, code_line.find_last_not_of(blank) - first + 1) + "\n";
}

void CellOutput::warn(const std::string& category, const std::string& message,
                      const std::string& source, int line) {
    std::string code_line;
    scan_lines(source, [&](int n, const std::string& text) {
        if (n != line) return false;
        code_line = text;
        return true;
    });
    strip_literals(code_line);  // the page's literal markers are no part of the code
    warn_in_file(kCellFile, line, code_line, category, message);
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
