// python.hpp — the lab kernel: Python code of the course's NumPy subset, run exactly as CPython
// 3.11 with NumPy 1.24, pandas 1.5 and matplotlib would run it.
//
// As a script (what `python3 FILE.py` prints; labrun --python):
//   tlab::ScriptResult r = tlab::run_script("import numpy as np\nprint(np.arange(3))\n", "demo.py");
//   r.out == "[0 1 2]\n"; r.err == ""; r.exit_code == 0
//
// Exit codes: 0 success, 1 an uncaught exception or a syntax error (CPython's traceback on
// `err`), 3 code outside the subset or a run stopped by a limit (the last line of `err` says
// which construct and line, e.g. "UnsupportedInLab: line 2: sets are not supported in the lab;
// ...").
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tlab {

// How far a long run has got, for a progress bar ("d_k = 256 (3/4) · 42%"): the fraction done,
// from the outermost top-level loop's passes refined by blocks of long operations, and a label
// for where it is, the same in every language. A progress callback returns false to stop.
struct Progress {
    double done = -1;   // 0..1, or -1 when unknown (a while loop, no loop at all)
    std::string label;  // "d_k = 256 (3/4)", "3/4" (no simple loop variable), or "" (no loop)
};
using ProgressFn = std::function<bool(const Progress&)>;
// {"done":0.42,"label":"d_k = 256 (3/4)"}
std::string progress_json(const Progress& progress);

struct RunCancelled : std::runtime_error {
    RunCancelled() : std::runtime_error("the run was cancelled") {}
};

struct ScriptResult {
    std::string out, err;
    int exit_code = 0;
};

// Bounds on one run, 0 meaning the kernel's own (200 M evaluation steps, 256 MB of array data).
// A run past its steps stops ("the code ran for too long"); an array past the data bound raises
// NumPy's MemoryError. Smaller bounds serve the fuzzer.
struct KernelLimits {
    std::uint64_t steps = 0;
    std::size_t data_bytes = 0;
};

struct ScriptOptions {
    // Called every few thousand steps; returning false stops the run (exit code 3).
    ProgressFn progress;
    KernelLimits limits;
};

// Sources over this size are refused before they are parsed.
constexpr std::size_t kMaxSourceBytes = 64 * 1024;

ScriptResult run_script(const std::string& source, const std::string& filename, const ScriptOptions& options = {});

// As notebook cells (what Jupyter records; the page and labrun --notebook):
//   tlab::Notebook nb;
//   tlab::CellResult r = nb.run({"import numpy as np\nx = np.arange(3)", "x * 2"}, 1);
//   r.status == "ok";
//   r.outputs == [{"output_type": "execute_result", "data": {"text/plain": "array([0, 2, 4])"}, ...}]
//   r.variables == []   (cell 2 binds nothing)
//
// A cell runs after the earlier cells it depends on (the values it reads, the random state it
// draws from before seeding it, matplotlib settings) and only those; their states are cached, so
// editing a cell re-runs from the first changed cell it depends on. Cells are named "<cell N>"
// (N from 1) in tracebacks.
struct CellResult {
    std::string status;  // "ok", "error", "unsupported", "not-run", "stopped"
    nlohmann::json outputs = nlohmann::json::array();    // nbformat v4 output objects
    nlohmann::json variables = nlohmann::json::array();  // [{name, type, shape?, dtype?, repr}]
    int not_run_because = -1;                            // not-run: the earlier cell that raised
    std::string stopped_en, stopped_ko;                  // stopped: why (cancelled, too long)
    nlohmann::json visual_values = nlohmann::json::array();
    nlohmann::json inspected;  // {name, repr} or {name, error} when the run was asked to inspect a name
    nlohmann::json check_values = nlohmann::json::array();  // one per Checks::calls, when the cell ran without error
};

// Checks of a cell's results (a lab's exercises): after the cell ran without an exception, a deep
// copy of its namespace gets `code` run in it, then each call's expression is evaluated there with
// `answer` set to the call's answer (None when absent). Nothing they print or draw is shown, and
// the random state and module settings are put back after them. Each value comes back in
// CellResult::check_values: {"pass": true}, {"pass": false, "feedback": key, "values": {name:
// str(value)}} for a ("key", {name: value}) or "key", or {"pass": false, "error": "NameError: ..."}.
struct CheckCall {
    std::string expr;
    bool has_answer = false;
    std::string answer;
};
struct Checks {
    std::string code;
    std::vector<CheckCall> calls;
};

class Notebook {
public:
    explicit Notebook(const KernelLimits& limits = {});
    ~Notebook();
    Notebook(const Notebook&) = delete;
    Notebook& operator=(const Notebook&) = delete;
    // Runs cell `index` (from 0) of `cells`. `progress` is called every few thousand steps and
    // between blocks of long operations; returning false stops the run (status "stopped").
    // `visuals`: expressions evaluated in the cell's namespace after it ran ({"exp_z",
    // "np.exp(z)"}), their values as JSON in CellResult::visual_values (null when one fails).
    // `inspect`: a variable whose whole repr (not cut at 400 bytes; a lazily drawn array drawn)
    // goes into CellResult::inspected when the cell ran without error.
    CellResult run(const std::vector<std::string>& cells, std::size_t index, const ProgressFn& progress = {},
                   const std::vector<std::string>& visuals = {}, const std::string& inspect = {},
                   const Checks& checks = {});
    // The earlier cells (from 0) that cell `index` runs after, found from the code alone:
    //   nb.needs({"import numpy as np", "x = np.arange(3)", "np.random.seed(1)", "print(x)"}, 3) == {1}
    // (a module an import binds is no dependency; cell 2 writes nothing cell 3 reads).
    std::vector<std::size_t> needs(const std::vector<std::string>& cells, std::size_t index);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tlab
