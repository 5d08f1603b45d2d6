// libFuzzer target on Python source: any bytes run as a script (labrun --python) and as notebook
// cells (the page), under small bounds; never a crash, a hang, a leak or a malformed answer.
//
//   cmake --preset asan && cmake --build --preset asan --target fuzz_python
//   mkdir -p build/fuzz/py-found build/fuzz/py-seeds && cp tests/edits/*.py build/fuzz/py-seeds/
//   ulimit -s 65536
//   ASAN_OPTIONS=malloc_context_size=5 build/asan/fuzz/fuzz_python build/fuzz/py-found \
//       build/fuzz/py-seeds -dict=fuzz/python.dict -entropic_feature_frequency_threshold=1 \
//       -max_total_time=60 -rss_limit_mb=2048 -timeout=10
//
// (what `./lab fuzz-python -max_total_time=60` runs; fuzz_python() in ./lab says why the stack,
// the ASan option and the threshold).
//
// Cells: the input split at lines that start with "# %%" (a single cell when there is none).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tlab/python.hpp"

namespace {

// Small bounds, so that every input finishes in milliseconds: loops stop after this many steps,
// arrays past this many bytes raise MemoryError.
const tlab::KernelLimits kLimits{200'000, std::size_t{8} << 20};

std::vector<std::string> split_cells(const std::string& source) {
    std::vector<std::string> cells(1);
    std::size_t start = 0;
    while (start < source.size()) {
        std::size_t end = source.find('\n', start);
        end = end == std::string::npos ? source.size() : end + 1;
        const std::string line = source.substr(start, end - start);
        if (line.rfind("# %%", 0) == 0) cells.emplace_back();
        else cells.back() += line;
        start = end;
    }
    return cells;
}

bool ends_with_newline(const std::string& s) { return !s.empty() && s.back() == '\n'; }

// The last line of a stderr text, without its newline.
std::string last_line(const std::string& s) {
    const std::size_t end = s.size() - 1;
    const std::size_t start = s.rfind('\n', end - 1);
    return s.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1));
}

void check_script(const std::string& source) {
    const tlab::ScriptResult r = tlab::run_script(source, "fuzz.py", {{}, kLimits});
    switch (r.exit_code) {
    case 0:
        break;
    case 1:  // a traceback, a SyntaxError's report (after any warnings printed before), or
             // the tokenizer's one line on bytes that are not UTF-8
        if (!ends_with_newline(r.err) || (r.err.find("Traceback (most recent call last):\n") == std::string::npos &&
                                          r.err.find("  File \"fuzz.py\", line ") == std::string::npos &&
                                          r.err.rfind("SyntaxError: Non-UTF-8 code starting with ", 0) != 0))
            abort();
        break;
    case 3:  // outside the subset, or stopped by a bound: its own last line
        if (!ends_with_newline(r.err)) abort();
        if (last_line(r.err).rfind("UnsupportedInLab: ", 0) != 0 && last_line(r.err).rfind("StoppedInLab: ", 0) != 0) abort();
        break;
    default:
        abort();
    }
}

void check_notebook(const std::string& source) {
    const std::vector<std::string> cells = split_cells(source);
    tlab::Notebook notebook(kLimits);
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const tlab::CellResult r = notebook.run(cells, i);
        if (r.status != "ok" && r.status != "error" && r.status != "unsupported" && r.status != "not-run" &&
            r.status != "stopped")
            abort();
        if (!r.outputs.is_array() || !r.variables.is_array()) abort();
        for (const nlohmann::json& out : r.outputs) {
            const std::string type = out.value("output_type", "");
            if (type == "error") {
                if (!out["ename"].is_string() || !out["evalue"].is_string() || !out["traceback"].is_array()) abort();
            } else if (type == "stream") {
                if (!out["text"].is_string()) abort();
            } else if (type != "display_data" && type != "execute_result") {
                abort();
            }
        }
        // A cell that raised has its error among its outputs: the last, or followed by the
        // figures it left open (Jupyter's inline backend shows them after the error).
        if (r.status == "error") {
            bool seen = false;
            for (const nlohmann::json& out : r.outputs) seen = seen || out.value("output_type", "") == "error";
            if (!seen) abort();
        }
        // What the page receives: strict JSON, valid UTF-8 (dump throws on anything else).
        (void)r.outputs.dump();
        (void)r.variables.dump();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string source(reinterpret_cast<const char*>(data), size);
    check_script(source);
    check_notebook(source);
    return 0;
}
