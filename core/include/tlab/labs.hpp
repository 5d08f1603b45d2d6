// labs.hpp — the catalogue of labs: their params (with textbook values and limits) and steps.
//
// A lab is data plus one C++ file of steps. Each step turns validated params into the Python code
// a learner sees (`prelude` + `source`) and the Jupyter outputs that code prints:
//
//   const tlab::LabSpec* lab = tlab::find_lab("ch1-lab2");
//   tlab::Params p = tlab::textbook_params(*lab);
//   tlab::StepRun run = tlab::run_step(*lab, 2, p);   // step 2: np.dot
//   run.outputs[0]["text"] == "u · v = 32 → 1×4 + 2×5 + 3×6 = 32\n"
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tlab/ndarray.hpp"
#include "tlab/pysource.hpp"

namespace tlab {

enum class ParamKind { matrix, vector, integer, int_list };

struct ParamSpec {
    std::string name;
    ParamKind kind;
    nlohmann::json textbook;   // the value the course uses
    // integer, int_list: bounds of each value. matrix, vector: bound of |element|.
    double min = 0, max = 0;
    std::size_t min_len = 1, max_len = 0;  // vector / int_list length; matrix rows and columns
    std::vector<int> steps;                 // steps whose code shows (and uses) this param
    std::string label_ko, label_en;
};

// A validated param value: `array` for matrix/vector, `integer` for integer, `list` for int_list.
struct ParamValue {
    NdArray array;
    std::int64_t integer = 0;
    std::vector<std::int64_t> list;
};
using Params = std::map<std::string, ParamValue>;

struct StepRun {
    std::string prelude;  // code that must run first (imports, earlier steps' setup); prints nothing
    std::string source;   // the cell's code, values written in as Python literals
    nlohmann::json outputs = nlohmann::json::array();  // nbformat v4 outputs
    std::vector<LiteralSpan> literals;  // where the params' literals are in `source`
    // Data for pictures the page draws beside the outputs, which the code itself does not print
    // (e.g. the three stages of softmax). Each: {"kind": "...", ...}.
    nlohmann::json visuals = nlohmann::json::array();
};

// How far a long step has got, reported between blocks of work (at most 2^18 values each). The
// callback returns false to stop the step: run_step then throws RunCancelled. It may be empty.
struct Progress {
    double done = 0;                  // fraction of the step's work, 0..1
    std::int64_t d_k = 0;             // the sweep's current d_k ...
    std::size_t d_k_index = 0;        // ... its place in the list, from 1
    std::size_t d_k_count = 0;
    std::size_t rows_done = 0, rows = 0;  // pairs computed for this d_k, of n_pairs
};
using ProgressFn = std::function<bool(const Progress&)>;
// {"done":0.42,"d_k":256,"d_k_index":3,"d_k_count":4,"rows_done":65536,"rows":1000000}
std::string progress_json(const Progress& progress);

struct RunCancelled : std::runtime_error {
    RunCancelled() : std::runtime_error("the run was cancelled") {}
};

struct StepSpec {
    int number;
    std::string title_ko, title_en;
    // Builds the code with each param's literal wrapped by mark_literal(); use run_step().
    // Steps that take long report through `progress`; the quick ones ignore it.
    StepRun (*run)(const Params&, const ProgressFn& progress);
};

struct LabSpec {
    std::string id, title_ko, title_en;
    std::vector<ParamSpec> params;
    std::vector<StepSpec> steps;
};

const std::vector<LabSpec>& all_labs();
const LabSpec* find_lab(const std::string& id);
// Every param at its textbook value (what a request with no params gets).
Params textbook_params(const LabSpec& lab);

// Runs step `number` (1-based) and locates the params' literals in its code.
StepRun run_step(const LabSpec& lab, int number, const Params& params,
                 const ProgressFn& progress = {});

// The labs themselves (one file each).
LabSpec make_ch1_lab2();
LabSpec make_ch3_lab2();

}  // namespace tlab
