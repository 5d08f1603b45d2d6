// labs.hpp — the catalogue of labs: their params (with textbook values and limits) and steps.
//
// A lab is data plus one C++ file that writes each step's Python code from validated params; the
// Python kernel (tlab/python.hpp) runs the code for the outputs:
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
#include "tlab/python.hpp"

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

// A step's code, as the learner sees it, with the params' literals marked (mark_literal).
struct StepRun {
    std::string prelude;  // code that must run first (imports, earlier steps' setup); prints nothing
    std::string source;   // the cell's code, values written in as Python literals
    nlohmann::json outputs = nlohmann::json::array();  // nbformat v4 outputs (run_step fills them)
    std::vector<LiteralSpan> literals;  // where the params' literals are in `source`
    // Pictures the page draws beside the outputs, from the cell's variables after it ran, e.g.
    // {"kind": "softmax_stages", "z": [...], "exp_z": [...], "p": [...]}.
    nlohmann::json visuals = nlohmann::json::array();
    nlohmann::json variables = nlohmann::json::array();  // the names the cell bound or changed
    std::string status = "ok";  // the notebook's: ok, error, unsupported, not-run
};

// A picture drawn from the cell's variables: each field is a Python expression evaluated in the
// cell's namespace after it ran ({"exp_z", "np.exp(z)"}).
struct VisualSpec {
    std::string kind;
    std::vector<std::pair<std::string, std::string>> fields;
};

struct StepSpec {
    int number;
    std::string title_ko, title_en;
    // Writes the step's code for these params, each param's literal wrapped by mark_literal().
    StepRun (*source)(const Params&);
    std::vector<VisualSpec> visuals;
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

// The code of step `number` (1-based) for these params, with its literals located.
StepRun step_source(const LabSpec& lab, int number, const Params& params);
// A learner's code for some steps, by step number: it runs instead of the step's own code
// (whose params then do not apply to it).
using CodeEdits = std::map<int, std::string>;
// Runs step `number` through the Python kernel, as Jupyter would run the lab's cells (the
// earlier steps it depends on first), and fills outputs, visuals and variables. An edited
// step's `source` is the edited code, without literals.
StepRun run_step(const LabSpec& lab, int number, const Params& params,
                 const ProgressFn& progress = {}, const CodeEdits& edits = {});

// The labs themselves (one file each).
LabSpec make_ch1_lab2();
LabSpec make_ch3_lab2();

}  // namespace tlab
