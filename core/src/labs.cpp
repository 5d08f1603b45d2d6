// The lab catalogue: every lab the core knows, found by id.
#include "tlab/labs.hpp"

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

Params textbook_params(const LabSpec& lab) {
    Params params;
    for (const ParamSpec& spec : lab.params) params[spec.name] = parse_param(spec, spec.textbook);
    return params;
}

}  // namespace tlab
