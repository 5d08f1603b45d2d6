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

#include <functional>
#include <string>

namespace tlab {

struct ScriptResult {
    std::string out, err;
    int exit_code = 0;
};

struct ScriptOptions {
    // Called every few thousand steps; returning false stops the run (exit code 3).
    std::function<bool(double done)> progress;
};

// Sources over this size are refused before they are parsed.
constexpr std::size_t kMaxSourceBytes = 64 * 1024;

ScriptResult run_script(const std::string& source, const std::string& filename, const ScriptOptions& options = {});

}  // namespace tlab
