// labs.hpp — labs as data: a lab is its steps' Python code plus a document that binds editable
// params to literals in that code (docs/lab-format.md). No lab is compiled into the core.
//
// A lab's document is labs/<id>/lab.json with the code of labs/<id>/stepN.py (and helpers.py)
// filled in; the page sends it with each request, labrun and the tests read it from labs/:
//
//   const tlab::LabSpec& lab = tlab::register_lab(document);   // checked, or LabFormatError
//   tlab::Params p = tlab::textbook_params(lab);
//   p["u"] = tlab::parse_param(*tlab::find_param(lab, "u"), nlohmann::json{1, 2});
//   tlab::StepRun run = tlab::run_step(lab, 2, p);
//   run.source contains "u = np.array([1, 2])"; run.literals[0].param == "u"
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tlab/lab_literals.hpp"
#include "tlab/ndarray.hpp"
#include "tlab/pysource.hpp"
#include "tlab/python.hpp"

namespace tlab {

enum class ParamKind { matrix, vector, integer, int_list, boolean };

struct ParamSpec {
    std::string name;
    ParamKind kind;
    nlohmann::json textbook;   // the value of its literals in the textbook code
    // integer, int_list: bounds of each value. matrix, vector: bounds of each element. boolean: none.
    double min = 0, max = 0;
    std::size_t min_len = 1, max_len = 0;  // vector / int_list length; matrix rows and columns
    std::vector<int> steps;                 // steps whose code shows (and uses) this param
    std::string label_ko, label_en;
};

// A validated param value: `array` for matrix/vector, `integer` for integer (0 or 1 for boolean),
// `list` for int_list.
struct ParamValue {
    NdArray array;
    std::int64_t integer = 0;
    std::vector<std::int64_t> list;
};
using Params = std::map<std::string, ParamValue>;

// A step's code, as the learner sees it, with the params' literals located.
struct StepRun {
    std::string prelude;  // code that runs before the lab's first step (the lab's setup); prints nothing
    std::string source;   // the cell's code, values written in as Python literals
    nlohmann::json outputs = nlohmann::json::array();  // nbformat v4 outputs (run_step fills them)
    std::vector<LiteralSpan> literals;  // where the params' literals are in `source`
    // Pictures the page draws beside the outputs, from the cell's variables after it ran, e.g.
    // {"kind": "stages", "stages": [[...], [...], [...]], "names": ["z", "e^z", "p"]}.
    nlohmann::json visuals = nlohmann::json::array();
    nlohmann::json variables = nlohmann::json::array();  // the names the cell bound or changed
    std::string status = "ok";  // the notebook's: ok, error, unsupported, not-run
    nlohmann::json inspected;   // a variable's whole repr, when asked for (Notebook::run's `inspect`)
    // The step's exercises as checked after this run (ExerciseSpec), e.g.
    // [{"id": "square-a", "status": "fail", "feedback": "not_square", "values": {"cols": "3", "rows": "2"}}].
    nlohmann::json exercises = nlohmann::json::array();
};

// A task for the learner about one step (docs/lab-format.md, "Exercises"): its `check` is a Python
// expression evaluated after the step ran, in a deep copy of the step's namespace with the lab's
// checks.py run in it and `answer` set (the learner's text for "number" and "choice", else None).
struct ExerciseSpec {
    std::string id;
    int step = 0;
    std::string answer;  // "code", "number", "choice" or "reflection" (never checked)
    std::string check;   // empty for a reflection
};

// A picture drawn from the cell's variables: each field is a Python expression evaluated in the
// cell's namespace after it ran ({"exp_z", "np.exp(z)"}), or a text in both languages the
// response passes on as it is ({"ylabel", {"표준편차", "standard deviation"}}).
struct VisualText {
    std::string field, ko, en;
};
struct VisualSpec {
    std::string kind;
    std::vector<std::pair<std::string, std::string>> fields;
    std::vector<VisualText> texts;
};

// A literal of a param in a step's textbook code: bytes [start, end).
struct BoundLiteral {
    std::string param;
    std::size_t start = 0, end = 0;
};

// Text in a step's code that follows the params: a string literal (its quotes included) or a
// comment's text (after "# "), bytes [start, end) of the textbook code, replaced by the value of
// `expr` (Python over the params and the lab's helpers).
struct DerivedText {
    int step = 0;
    bool comment = false;
    std::size_t start = 0, end = 0;
    std::string expr;
};

struct StepSpec {
    int number;
    std::string title_ko, title_en;
    std::string code;                     // the textbook code, exactly as the learner sees it
    std::vector<BoundLiteral> literals;   // in source order
    std::vector<VisualSpec> visuals;
    // The selectors of this step's params, and whose each is, to find their literals again in a
    // learner's code (edited_literals).
    std::vector<LiteralSelector> selectors;
    std::vector<std::string> selector_params;
};

struct LabSpec {
    std::string id, title_ko, title_en;
    std::string setup;    // code run before step 1, not shown (an earlier lab's imports)
    std::string helpers;  // Python functions the derived texts call
    std::string checks;   // Python the exercises' checks call (checks.py)
    std::vector<ParamSpec> params;
    std::vector<StepSpec> steps;
    std::vector<DerivedText> derived;
    std::vector<ExerciseSpec> exercises;
    nlohmann::json document;  // what it was read from
};

// Reads and checks a lab's document; throws LabFormatError naming the field ("params[2].bind[0]:
// ..."). With `check` it also writes every step's code back at the textbook values (derived texts
// evaluated, literals as the core writes them) and requires the code it was given (what the
// build and the tests do; a request skips it).
LabSpec lab_from_document(const nlohmann::json& document, bool check = false);

// The labs the core knows by id: labrun and the tests register labs/ at start; the page sends a
// lab's document with its requests (api.cpp keeps the last few it was sent).
const LabSpec& register_lab(const nlohmann::json& document, bool check = false);
const std::vector<const LabSpec*>& registered_labs();
const LabSpec* find_lab(const std::string& id);
const ParamSpec* find_param(const LabSpec& lab, const std::string& name);

// Every param at its textbook value (what a request with no params gets).
Params textbook_params(const LabSpec& lab);
// Throws RequestError naming "params.<name>..." when `value` does not fit `spec`.
ParamValue parse_param(const ParamSpec& spec, const nlohmann::json& value);
// The value as JSON, as it goes back in the response's "params".
nlohmann::json param_to_json(const ParamSpec& spec, const ParamValue& value);

// The earlier steps step `number` runs after, found from the textbook code as the kernel finds
// them (python.hpp, Notebook::needs): a value bound in one of them changes this step's outputs too.
//   step_needs(*find_lab("ch3-lab2"), 3) == {2}; step_needs(*find_lab("ch1-lab2"), 2) == {}
std::vector<int> step_needs(const LabSpec& lab, int number);
// The same for every step at once, element k for step k + 1.
std::vector<std::vector<int>> steps_needs(const LabSpec& lab);

// The code of step `number` (1-based) for these params, with its literals located.
StepRun step_source(const LabSpec& lab, int number, const Params& params);
// A learner's code for some steps, by step number: it runs instead of the step's own code
// (whose params then do not apply to it).
using CodeEdits = std::map<int, std::string>;
// Runs step `number` through the Python kernel, as Jupyter would run the lab's cells (the
// earlier steps it depends on first), and fills outputs, visuals and variables. An edited
// step's `source` is the edited code, and its `literals` those of its params that the lab's
// selectors still find in it (edited_literals).
// The literals of step `number`'s params that the lab's selectors find in `code` (a learner's
// code for the step), in UTF-16 units as StepRun::literals: a selector that finds no literal, or
// another number than its count, or code that does not parse, gives none.
std::vector<LiteralSpan> edited_literals(const LabSpec& lab, int number, const std::string& code);

// The learner's answers to "number" and "choice" exercises, by exercise id.
using Answers = std::map<std::string, std::string>;
// Also checks the step's exercises (StepRun::exercises).
StepRun run_step(const LabSpec& lab, int number, const Params& params,
                 const ProgressFn& progress = {}, const CodeEdits& edits = {}, const std::string& inspect = {},
                 const Answers& answers = {});

}  // namespace tlab
