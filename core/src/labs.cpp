// The lab catalogue: every lab the core knows, found by id.
#include "tlab/labs.hpp"

#include <map>
#include <memory>

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

StepRun step_source(const LabSpec& lab, int number, const Params& params) {
    StepRun run = lab.steps.at(static_cast<std::size_t>(number - 1)).source(params);
    strip_literals(run.prelude);
    run.literals = strip_literals(run.source);
    return run;
}

StepRun run_step(const LabSpec& lab, int number, const Params& params, const ProgressFn& progress,
                 const CodeEdits& edits) {
    // The lab's cells as Jupyter would hold them: the setup the first step assumes (the earlier
    // lab's `import numpy as np`), then every step's code. Each lab keeps its own kernel, so a
    // cell's state is cached between requests (an edit re-runs from the first changed cell).
    std::vector<std::string> cells;
    const std::string setup = step_source(lab, 1, params).prelude;
    if (!setup.empty()) cells.push_back(setup);
    StepRun run;
    for (const StepSpec& s : lab.steps) {
        StepRun r = step_source(lab, s.number, params);
        if (const auto edit = edits.find(s.number); edit != edits.end()) {
            r.source = edit->second;
            r.literals.clear();
        }
        cells.push_back(r.source);
        if (s.number == number) run = std::move(r);
    }
    const StepSpec& spec = lab.steps.at(static_cast<std::size_t>(number - 1));
    std::vector<std::string> exprs;
    for (const VisualSpec& v : spec.visuals) {
        for (const auto& field : v.fields) exprs.push_back(field.second);
    }
    static std::map<std::string, std::unique_ptr<Notebook>> kernels;
    std::unique_ptr<Notebook>& kernel = kernels[lab.id];
    if (!kernel) kernel = std::make_unique<Notebook>();
    const std::size_t index = static_cast<std::size_t>(number - 1) + (setup.empty() ? 0 : 1);
    CellResult r = kernel->run(cells, index, progress, exprs);
    if (r.status == "stopped") {
        if (r.stopped_en == "the run was cancelled") throw RunCancelled();
        throw std::runtime_error(r.stopped_en);
    }
    run.outputs = std::move(r.outputs);
    run.variables = std::move(r.variables);
    run.status = r.status;
    std::size_t k = 0;
    for (const VisualSpec& v : spec.visuals) {
        nlohmann::json visual = {{"kind", v.kind}};
        bool ok = r.status == "ok";
        for (const auto& field : v.fields) {
            if (k < r.visual_values.size()) visual[field.first] = r.visual_values[k];
            ok = ok && k < r.visual_values.size() && !r.visual_values[k].is_discarded();
            ++k;
        }
        if (ok) run.visuals.push_back(std::move(visual));
    }
    return run;
}

Params textbook_params(const LabSpec& lab) {
    Params params;
    for (const ParamSpec& spec : lab.params) params[spec.name] = parse_param(spec, spec.textbook);
    return params;
}

}  // namespace tlab
