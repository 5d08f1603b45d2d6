// The lab catalogue: every lab the core knows, found by id.
#include "tlab/labs.hpp"

#include <fmt/compile.h>
#include <fmt/format.h>

#include "param_parse.hpp"

namespace tlab {

const std::vector<LabSpec>& all_labs() {
    static const std::vector<LabSpec> labs = {make_ch1_lab2(), make_ch3_lab2()};
    return labs;
}

const LabSpec* find_lab(const std::string& id) {
    for (const LabSpec& lab : all_labs())
        if (lab.id == id) return &lab;
    return nullptr;
}

StepRun run_step(const LabSpec& lab, int number, const Params& params,
                 const ProgressFn& progress) {
    StepRun run = lab.steps.at(static_cast<std::size_t>(number - 1)).run(params, progress);
    strip_literals(run.prelude);
    run.literals = strip_literals(run.source);
    return run;
}

std::string progress_json(const Progress& p) {
    return fmt::format(FMT_COMPILE(R"({{"done":{},"d_k":{},"d_k_index":{},"d_k_count":{},"rows_done":{},"rows":{}}})"),
                       p.done, p.d_k, p.d_k_index, p.d_k_count, p.rows_done, p.rows);
}

Params textbook_params(const LabSpec& lab) {
    Params params;
    for (const ParamSpec& spec : lab.params) params[spec.name] = parse_param(spec, spec.textbook);
    return params;
}

}  // namespace tlab
