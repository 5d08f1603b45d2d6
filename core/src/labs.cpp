// Labs as data (tlab/labs.hpp): reading a lab's document, writing params into its code, running
// its steps through the kernel.
#include "tlab/labs.hpp"

#include <algorithm>
#include <cctype>
#include <memory>

#include "param_parse.hpp"

namespace tlab {
namespace {

using nlohmann::json;

constexpr std::size_t kMaxLabs = 64;

[[noreturn]] void fail(const std::string& field, const std::string& why) {
    throw LabFormatError(field + ": " + why);
}

const json& member(const json& object, const char* key, const std::string& field) {
    if (!object.contains(key)) fail(field, std::string("\"") + key + "\" is missing");
    return object[key];
}

std::string text_field(const json& object, const char* key, const std::string& field, bool allow_empty = false) {
    const json& v = member(object, key, field);
    if (!v.is_string() || (!allow_empty && v.get<std::string>().empty()))
        fail(field + "." + key, "a non-empty string");
    return v.get<std::string>();
}

// {"ko": "...", "en": "..."}: every human-facing text of a lab comes in both languages.
void two_languages(const json& object, const char* key, const std::string& field, std::string& ko,
                   std::string& en) {
    const json& v = member(object, key, field);
    const std::string here = field + "." + key;
    if (!v.is_object()) fail(here, "an object {\"ko\": \"...\", \"en\": \"...\"}");
    for (const auto& item : v.items()) {
        if (item.key() != "ko" && item.key() != "en") fail(here + "." + item.key(), "only ko and en");
    }
    ko = text_field(v, "ko", here);
    en = text_field(v, "en", here);
}

void only_keys(const json& object, std::initializer_list<const char*> keys, const std::string& field) {
    if (!object.is_object()) fail(field, "an object");
    for (const auto& item : object.items()) {
        if (std::none_of(keys.begin(), keys.end(), [&](const char* k) { return item.key() == k; })) {
            std::string names;
            for (const char* k : keys) names += (names.empty() ? "" : ", ") + std::string(k);
            fail(field + "." + item.key(), "not a field here (fields: " + names + ")");
        }
    }
}

// A lab's or an exercise's id: lower-case letters, digits and '-', at most 64 (they name files,
// storage keys and element ids).
void check_id(const std::string& id, const std::string& field) {
    if (id.size() > 64 || !std::all_of(id.begin(), id.end(), [](char c) {
            return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '-';
        }))
        fail(field, "lower-case letters, digits and '-', at most 64");
}

bool identifier(const std::string& s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

ParamKind kind_of(const json& v, const std::string& field) {
    const std::string k = v.is_string() ? v.get<std::string>() : "";
    if (k == "matrix") return ParamKind::matrix;
    if (k == "vector") return ParamKind::vector;
    if (k == "integer") return ParamKind::integer;
    if (k == "int_list") return ParamKind::int_list;
    if (k == "boolean") return ParamKind::boolean;
    fail(field, "one of matrix, vector, integer, int_list, boolean");
}

double number_field(const json& object, const char* key, const std::string& field) {
    const json& v = member(object, key, field);
    if (!v.is_number()) fail(field + "." + key, "a number");
    return v.get<double>();
}

std::size_t count_field(const json& object, const char* key, const std::string& field) {
    const json& v = member(object, key, field);
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() < 1 || v.get<std::uint64_t>() > 1000000)
        fail(field + "." + key, "a whole number from 1");
    return v.get<std::size_t>();
}

// The step's number for a "step" field, which must name one of the lab's steps.
int step_field(const json& object, const std::string& field, std::size_t steps) {
    const json& v = member(object, "step", field);
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() < 1 || v.get<std::uint64_t>() > steps)
        fail(field + ".step", "a step of this lab, 1 to " + std::to_string(steps));
    return v.get<int>();
}

// The one place `text` occurs in `code`, or a LabFormatError.
std::size_t unique_place(const std::string& code, const std::string& text, const std::string& field,
                         const std::string& what) {
    const std::size_t at = code.find(text);
    if (at == std::string::npos) fail(field, what + " is not in the step's code");
    if (code.find(text, at + 1) != std::string::npos) fail(field, what + " is in the step's code more than once");
    return at;
}

// The one comment "# <text>" that ends a line of `code`, or a LabFormatError.
std::size_t comment_place(const std::string& code, const std::string& text, const std::string& field) {
    const std::string wanted = "# " + text;
    std::size_t found = std::string::npos;
    for (std::size_t at = code.find(wanted); at != std::string::npos; at = code.find(wanted, at + 1)) {
        const std::size_t end = at + wanted.size();
        if (end != code.size() && code[end] != '\n') continue;
        if (found != std::string::npos) fail(field, "the comment is in the step's code more than once");
        found = at;
    }
    if (found == std::string::npos) fail(field, "no line of the step's code ends with the comment \"" + wanted + "\"");
    return found;
}

// Where a comment starts on the line [begin, end) of `code`: the first '#' outside a string
// literal, or npos. (Bound lines are plain code; triple quotes do not reach them.)
std::size_t comment_start(const std::string& code, std::size_t begin, std::size_t end) {
    char quote = 0;
    for (std::size_t k = begin; k < end; ++k) {
        const char c = code[k];
        if (quote) {
            if (c == '\\') ++k;
            else if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '#') {
            return k;
        }
    }
    return std::string::npos;
}

std::size_t code_points(const std::string& s, std::size_t begin, std::size_t end) {
    std::size_t n = 0;
    for (std::size_t k = begin; k < end; ++k) n += (static_cast<unsigned char>(s[k]) & 0xC0) != 0x80;
    return n;
}

// Code points from `begin` to the end of `marked` (code with mark_literal's marks), marks left out.
std::size_t shown_width(const std::string& marked, std::size_t begin) {
    std::size_t n = 0;
    for (std::size_t k = begin; k < marked.size(); ++k) {
        const char c = marked[k];
        if (c == '\x01') k = marked.find('\x02', k);
        else if (c != '\x03') n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }
    return n;
}

std::size_t line_begin(const std::string& s, std::size_t at) {
    const std::size_t nl = at == 0 ? std::string::npos : s.rfind('\n', at - 1);
    return nl == std::string::npos ? 0 : nl + 1;
}

std::size_t line_end(const std::string& s, std::size_t at) {
    const std::size_t nl = s.find('\n', at);
    return nl == std::string::npos ? s.size() : nl;
}

// A param's value as the literal a person would type, for a literal starting in `column`.
std::string literal_text(const ParamSpec& spec, const ParamValue& value, std::size_t column) {
    switch (spec.kind) {
        case ParamKind::integer: return std::to_string(value.integer);
        case ParamKind::int_list: return py_int_list(value.list);
        case ParamKind::boolean: return value.integer ? "True" : "False";
        case ParamKind::vector:
        case ParamKind::matrix: break;
    }
    return py_array_literal(value.array, column);
}

ParamSpec read_param(const json& p, const std::string& field, LabSpec& lab, std::vector<std::vector<BoundLiteral>>& places) {
    only_keys(p, {"name", "kind", "label", "min", "max", "min_len", "max_len", "bind"}, field);
    ParamSpec spec;
    spec.name = text_field(p, "name", field);
    if (!identifier(spec.name)) fail(field + ".name", "a Python name (letters, digits, _)");
    spec.kind = kind_of(member(p, "kind", field), field + ".kind");
    two_languages(p, "label", field, spec.label_ko, spec.label_en);
    if (spec.kind == ParamKind::boolean) {
        for (const char* limit : {"min", "max", "min_len", "max_len"})
            if (p.contains(limit)) fail(field + "." + limit, "a boolean has no limits");
    } else {
        spec.min = number_field(p, "min", field);
        spec.max = number_field(p, "max", field);
        if (!(spec.min <= spec.max)) fail(field + ".max", "at least min");
    }
    if (spec.kind != ParamKind::integer && spec.kind != ParamKind::boolean) {
        spec.min_len = count_field(p, "min_len", field);
        spec.max_len = count_field(p, "max_len", field);
        if (spec.max_len < spec.min_len) fail(field + ".max_len", "at least min_len");
    } else if (spec.kind == ParamKind::integer && (p.contains("min_len") || p.contains("max_len"))) {
        fail(field, "an integer has no min_len or max_len");
    }
    const json& bind = member(p, "bind", field);
    if (!bind.is_array() || bind.empty()) fail(field + ".bind", "a list of one or more selectors");
    for (std::size_t b = 0; b < bind.size(); ++b) {
        const std::string here = field + ".bind[" + std::to_string(b) + "]";
        if (!bind[b].is_object()) fail(here, "a selector object");
        const int step = step_field(bind[b], here, lab.steps.size());
        std::vector<LiteralPlace> found;
        try {
            const LiteralSelector selector = literal_selector(bind[b]);
            found = find_literals(lab.steps[step - 1].code, selector);
            lab.steps[step - 1].selectors.push_back(selector);
            lab.steps[step - 1].selector_params.push_back(spec.name);
        } catch (const LabFormatError& e) {
            fail(here, e.what());
        }
        for (const LiteralPlace& place : found) {
            if (spec.textbook.is_null()) spec.textbook = place.value;
            else if (place.value != spec.textbook)
                fail(here, "finds " + place.value.dump() + " where the param's other literal is " + spec.textbook.dump());
            places[step - 1].push_back({spec.name, place.start, place.end});
        }
        if (std::find(spec.steps.begin(), spec.steps.end(), step) == spec.steps.end()) spec.steps.push_back(step);
    }
    std::sort(spec.steps.begin(), spec.steps.end());
    try {
        parse_param(spec, spec.textbook);
    } catch (const RequestError& e) {
        fail(field, "its textbook value in the code " + spec.textbook.dump() + " does not fit: " + e.message_en);
    }
    return spec;
}

// The lab's exercises (docs/lab-format.md): {"id", "step", "answer", "check"}, a check for every
// answer but a reflection, and checks.py for them to call.
void read_exercises(const json& list, const std::string& field, LabSpec& lab) {
    if (!list.is_array() || list.size() > 64) fail(field, "a list of at most 64 exercises");
    for (std::size_t k = 0; k < list.size(); ++k) {
        const std::string here = field + "[" + std::to_string(k) + "]";
        only_keys(list[k], {"id", "step", "answer", "check"}, here);
        ExerciseSpec e;
        e.id = text_field(list[k], "id", here);
        check_id(e.id, here + ".id");
        for (const ExerciseSpec& other : lab.exercises)
            if (other.id == e.id) fail(here + ".id", "\"" + e.id + "\" twice");
        e.step = step_field(list[k], here, lab.steps.size());
        e.answer = text_field(list[k], "answer", here);
        if (e.answer != "code" && e.answer != "number" && e.answer != "choice" && e.answer != "reflection")
            fail(here + ".answer", "\"code\", \"number\", \"choice\" or \"reflection\"");
        if ((e.answer == "reflection") == list[k].contains("check"))
            fail(here + ".check", e.answer == "reflection" ? "none for a reflection (it is not checked)" : "a Python expression");
        if (e.answer != "reflection") {
            e.check = text_field(list[k], "check", here);
            if (lab.checks.empty()) fail(here + ".check", "the lab's checks.py, which its checks call");
        }
        lab.exercises.push_back(std::move(e));
    }
}

}  // namespace

LabSpec lab_from_document(const json& doc, bool check) {
    const std::string root = "lab";
    only_keys(doc, {"id", "title", "setup", "helpers", "checks", "params", "derived", "steps", "exercises"}, root);
    LabSpec lab;
    lab.id = text_field(doc, "id", root);
    check_id(lab.id, root + ".id");
    two_languages(doc, "title", root, lab.title_ko, lab.title_en);
    if (doc.contains("setup")) lab.setup = text_field(doc, "setup", root);
    if (doc.contains("helpers")) lab.helpers = text_field(doc, "helpers", root);
    if (doc.contains("checks")) lab.checks = text_field(doc, "checks", root);

    const json& steps = member(doc, "steps", root);
    if (!steps.is_array() || steps.empty() || steps.size() > 32) fail(root + ".steps", "a list of 1 to 32 steps");
    for (std::size_t k = 0; k < steps.size(); ++k) {
        const std::string field = root + ".steps[" + std::to_string(k) + "]";
        only_keys(steps[k], {"step", "title", "code", "visuals"}, field);
        StepSpec step;
        step.number = static_cast<int>(k + 1);
        if (member(steps[k], "step", field) != json(k + 1)) fail(field + ".step", "steps are numbered 1, 2, ... in order");
        two_languages(steps[k], "title", field, step.title_ko, step.title_en);
        step.code = text_field(steps[k], "code", field);
        if (step.code.size() > kMaxSourceBytes) fail(field + ".code", "at most 64 KB");
        // (pysource.hpp marks literals with these while it writes the code)
        if (step.code.find_first_of("\x01\x02\x03") != std::string::npos)
            fail(field + ".code", "the control characters U+0001 to U+0003 are not allowed");
        if (steps[k].contains("visuals")) {
            const json& visuals = steps[k]["visuals"];
            if (!visuals.is_array()) fail(field + ".visuals", "a list");
            for (std::size_t v = 0; v < visuals.size(); ++v) {
                const std::string here = field + ".visuals[" + std::to_string(v) + "]";
                if (!visuals[v].is_object()) fail(here, "an object {\"kind\": ..., field: expression}");
                VisualSpec visual;
                visual.kind = text_field(visuals[v], "kind", here);
                for (const auto& item : visuals[v].items()) {
                    if (item.key() == "kind") continue;
                    if (item.value().is_object()) {
                        VisualText t{item.key(), "", ""};
                        two_languages(visuals[v], item.key().c_str(), here, t.ko, t.en);
                        visual.texts.push_back(std::move(t));
                        continue;
                    }
                    if (!item.value().is_string())
                        fail(here + "." + item.key(), "a Python expression, or a text {\"ko\": ..., \"en\": ...}");
                    visual.fields.emplace_back(item.key(), item.value().get<std::string>());
                }
                step.visuals.push_back(std::move(visual));
            }
        }
        lab.steps.push_back(std::move(step));
    }

    std::vector<std::vector<BoundLiteral>> places(lab.steps.size());
    const json& params = member(doc, "params", root);
    if (!params.is_array()) fail(root + ".params", "a list");
    for (std::size_t k = 0; k < params.size(); ++k) {
        ParamSpec spec = read_param(params[k], root + ".params[" + std::to_string(k) + "]", lab, places);
        if (find_param(lab, spec.name)) fail(root + ".params[" + std::to_string(k) + "].name", "\"" + spec.name + "\" twice");
        lab.params.push_back(std::move(spec));
    }
    for (std::size_t s = 0; s < lab.steps.size(); ++s) {
        std::sort(places[s].begin(), places[s].end(), [](const BoundLiteral& a, const BoundLiteral& b) { return a.start < b.start; });
        for (std::size_t k = 1; k < places[s].size(); ++k) {
            if (places[s][k].start < places[s][k - 1].end)
                fail(root + ".params", "two params bind one literal in step " + std::to_string(s + 1));
        }
        lab.steps[s].literals = std::move(places[s]);
    }

    if (doc.contains("derived")) {
        const json& derived = doc["derived"];
        if (!derived.is_array()) fail(root + ".derived", "a list");
        for (std::size_t k = 0; k < derived.size(); ++k) {
            const std::string field = root + ".derived[" + std::to_string(k) + "]";
            only_keys(derived[k], {"step", "comment", "string", "value"}, field);
            DerivedText d;
            d.step = step_field(derived[k], field, lab.steps.size());
            d.comment = derived[k].contains("comment");
            if (d.comment == derived[k].contains("string")) fail(field, "names one \"comment\" or one \"string\"");
            const std::string text = text_field(derived[k], d.comment ? "comment" : "string", field);
            const std::string& code = lab.steps[d.step - 1].code;
            if (d.comment) {
                d.start = comment_place(code, text, field + ".comment") + 2;
                d.end = d.start + text.size();
            } else {
                const std::string quoted = py_str_literal(text);
                d.start = unique_place(code, quoted, field + ".string", "the string " + quoted);
                d.end = d.start + quoted.size();
            }
            d.expr = text_field(derived[k], "value", field);
            for (const BoundLiteral& b : lab.steps[d.step - 1].literals) {
                if (d.start < b.end && b.start < d.end) fail(field, "overlaps the literal of " + b.param);
            }
            lab.derived.push_back(std::move(d));
        }
    }
    if (doc.contains("exercises")) read_exercises(doc["exercises"], root + ".exercises", lab);
    lab.document = doc;
    if (check) {
        const Params textbook = textbook_params(lab);
        for (const StepSpec& step : lab.steps) {
            const StepRun run = step_source(lab, step.number, textbook);
            if (run.source != step.code) {
                std::size_t at = 0;
                while (at < step.code.size() && at < run.source.size() && step.code[at] == run.source[at]) ++at;
                const std::size_t b = line_begin(step.code, at);
                fail(root + ".steps[" + std::to_string(step.number - 1) + "].code",
                     "at the textbook values step " + std::to_string(step.number) + " would read \"" +
                         run.source.substr(b, line_end(run.source, b) - b) + "\" where its code has \"" +
                         step.code.substr(b, line_end(step.code, b) - b) + "\"");
            }
        }
    }
    return lab;
}

const ParamSpec* find_param(const LabSpec& lab, const std::string& name) {
    for (const ParamSpec& p : lab.params)
        if (p.name == name) return &p;
    return nullptr;
}

namespace {

std::vector<std::unique_ptr<LabSpec>>& catalogue() {
    static std::vector<std::unique_ptr<LabSpec>> labs;
    return labs;
}

}  // namespace

const LabSpec& register_lab(const json& document, bool check) {
    auto lab = std::make_unique<LabSpec>(lab_from_document(document, check));
    auto& labs = catalogue();
    for (auto& known : labs) {
        if (known->id == lab->id) {
            known = std::move(lab);
            return *known;
        }
    }
    if (labs.size() >= kMaxLabs) throw LabFormatError("lab: more than 64 labs");
    labs.push_back(std::move(lab));
    return *labs.back();
}

const std::vector<const LabSpec*>& registered_labs() {
    static std::vector<const LabSpec*> views;
    views.clear();
    for (const auto& l : catalogue()) views.push_back(l.get());
    return views;
}

const LabSpec* find_lab(const std::string& id) {
    for (const auto& lab : catalogue())
        if (lab->id == id) return lab.get();
    return nullptr;
}

Params textbook_params(const LabSpec& lab) {
    Params params;
    for (const ParamSpec& spec : lab.params) params[spec.name] = parse_param(spec, spec.textbook);
    return params;
}

namespace {

// The derived texts' values for these params: the lab's helpers and each param bound to its
// literal, run by a kernel of their own (a small one: they are a few lines of text).
std::vector<std::string> derived_values(const LabSpec& lab, const Params& params) {
    std::string program = lab.setup + "\n" + lab.helpers + "\n";
    for (const ParamSpec& spec : lab.params) {
        program += spec.name + " = " + literal_text(spec, params.at(spec.name), spec.name.size() + 3) + "\n";
    }
    std::vector<std::string> exprs;
    std::string key = program;
    for (const DerivedText& d : lab.derived) {
        exprs.push_back(d.expr);
        key += '\0' + d.expr;
    }
    // The same params give the same texts: keep the last answer (an edit re-runs every step).
    static std::string cached_key;
    static std::vector<std::string> cached;
    if (key == cached_key) return cached;

    Notebook kernel(KernelLimits{1'000'000, std::size_t{16} << 20});  // a few lines of text: small bounds
    const CellResult r = kernel.run({program}, 0, {}, exprs);
    if (r.status != "ok") {
        std::string why = r.status;
        for (const auto& out : r.outputs) {
            if (out.value("output_type", "") == "error") why = out.value("ename", "") + ": " + out.value("evalue", "");
        }
        throw LabFormatError("lab " + lab.id + ": its helpers and params do not run (" + why + ")");
    }
    std::vector<std::string> values;
    for (std::size_t k = 0; k < exprs.size(); ++k) {
        const json& v = k < r.visual_values.size() ? r.visual_values[k] : json();
        const std::string field = "lab " + lab.id + ": derived[" + std::to_string(k) + "] " + exprs[k];
        if (!v.is_string()) throw LabFormatError(field + ": raised, or is not a str");
        const std::string& s = v.get_ref<const std::string&>();
        // A comment goes into the code as it is: one line, and no control characters (the code's
        // literal marks are control characters).
        if (lab.derived[k].comment &&
            std::any_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
            throw LabFormatError(field + ": a comment is one line of text, without control characters");
        values.push_back(s);
    }
    cached_key = std::move(key);
    cached = values;
    return values;
}

struct Replacement {
    std::size_t start, end;
    std::string text;
    std::string param;  // the param whose literal this is, or empty
};

}  // namespace

StepRun step_source(const LabSpec& lab, int number, const Params& params) {
    const StepSpec& step = lab.steps.at(static_cast<std::size_t>(number - 1));
    const std::string& code = step.code;
    std::vector<Replacement> edits;
    for (const BoundLiteral& b : step.literals) {
        const ParamSpec& spec = *find_param(lab, b.param);
        const std::size_t column = code_points(code, line_begin(code, b.start), b.start);
        edits.push_back({b.start, b.end, literal_text(spec, params.at(b.param), column), b.param});
    }
    bool any_derived = false;
    for (const DerivedText& d : lab.derived) any_derived |= d.step == number;
    if (any_derived) {
        const std::vector<std::string> values = derived_values(lab, params);
        for (std::size_t k = 0; k < lab.derived.size(); ++k) {
            const DerivedText& d = lab.derived[k];
            if (d.step == number) edits.push_back({d.start, d.end, d.comment ? values[k] : py_str_literal(values[k]), ""});
        }
        std::sort(edits.begin(), edits.end(), [](const Replacement& a, const Replacement& b) { return a.start < b.start; });
    }

    // Rebuild the code; a comment after a changed literal keeps its column (a block of aligned
    // comments stays aligned), at least the gap it had, up to two spaces.
    std::string out;
    std::size_t at = 0;
    for (std::size_t k = 0; k < edits.size(); ++k) {
        const Replacement& e = edits[k];
        out.append(code, at, e.start - at);
        out += e.param.empty() ? e.text : mark_literal(e.param, e.text);
        at = e.end;
        const std::size_t eol = line_end(code, at);
        if (k + 1 < edits.size() && edits[k + 1].start < eol) continue;  // the line goes on changing
        const std::size_t hash = comment_start(code, at, eol);
        if (hash == std::string::npos) continue;
        std::size_t code_end = hash;
        while (code_end > at && code[code_end - 1] == ' ') --code_end;
        if (code_end == hash || code_end < at) continue;
        out.append(code, at, code_end - at);
        const std::size_t width = shown_width(out, line_begin(out, out.size()));
        const std::size_t column = code_points(code, line_begin(code, hash), hash);
        const std::size_t gap = std::min<std::size_t>(hash - code_end, 2);
        out.append(width + gap <= column ? column - width : gap, ' ');
        at = hash;
    }
    out.append(code, at, std::string::npos);

    StepRun run;
    run.prelude = lab.setup;
    run.literals = strip_literals(out);
    run.source = std::move(out);
    return run;
}

std::vector<LiteralSpan> edited_literals(const LabSpec& lab, int number, const std::string& code) {
    const StepSpec& step = lab.steps.at(static_cast<std::size_t>(number - 1));
    // UTF-16 units (the page's string indices) before byte `to` of the code.
    const auto units = [&code](std::size_t to) {
        std::size_t n = 0;
        for (std::size_t k = 0; k < to; ++k) {
            const unsigned char c = static_cast<unsigned char>(code[k]);
            if ((c & 0xC0) != 0x80) n += c >= 0xF0 ? 2 : 1;
        }
        return n;
    };
    // (a selector that finds no literal as the lab binds it, or code that does not parse: no chip)
    const std::vector<std::vector<LiteralPlace>> found = find_each_literals(code, step.selectors);
    std::vector<LiteralSpan> spans;
    for (std::size_t k = 0; k < found.size(); ++k) {
        for (const LiteralPlace& place : found[k]) spans.push_back({step.selector_params[k], units(place.start), units(place.end)});
    }
    return spans;
}

std::vector<std::vector<int>> steps_needs(const LabSpec& lab) {
    std::vector<std::string> cells;
    if (!lab.setup.empty()) cells.push_back(lab.setup);
    for (const StepSpec& s : lab.steps) cells.push_back(s.code);
    const std::size_t first = lab.setup.empty() ? 0 : 1;  // the cell of step 1
    Notebook kernel;  // one for all steps: it parses and analyses each cell once
    std::vector<std::vector<int>> needs;
    for (std::size_t step = 0; step < lab.steps.size(); ++step) {
        needs.emplace_back();
        for (const std::size_t cell : kernel.needs(cells, first + step)) {
            if (cell >= first) needs.back().push_back(static_cast<int>(cell - first) + 1);
        }
    }
    return needs;
}

std::vector<int> step_needs(const LabSpec& lab, int number) {
    return steps_needs(lab).at(static_cast<std::size_t>(number - 1));
}

StepRun run_step(const LabSpec& lab, int number, const Params& params, const ProgressFn& progress,
                 const CodeEdits& edits, const std::string& inspect, const Answers& answers) {
    // The lab's cells as Jupyter would hold them: the lab's setup (an earlier lab's imports),
    // then every step's code. Each lab keeps its own kernel, so a cell's state is cached between
    // requests (an edit re-runs from the first changed cell).
    std::vector<std::string> cells;
    if (!lab.setup.empty()) cells.push_back(lab.setup);
    StepRun run;
    for (const StepSpec& s : lab.steps) {
        StepRun r;
        if (const auto edit = edits.find(s.number); edit != edits.end()) {
            r.prelude = lab.setup;
            r.source = edit->second;
            if (s.number == number) r.literals = edited_literals(lab, s.number, r.source);
        } else {
            r = step_source(lab, s.number, params);
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
    const std::size_t index = static_cast<std::size_t>(number - 1) + (lab.setup.empty() ? 0 : 1);
    // The step's exercises: a "number" or "choice" one is checked once the learner answered it.
    Checks checks{lab.checks, {}};
    std::vector<const ExerciseSpec*> checked;
    for (const ExerciseSpec& e : lab.exercises) {
        if (e.step != number || e.answer == "reflection") continue;
        const auto given = answers.find(e.id);
        if (e.answer != "code" && given == answers.end()) continue;
        checked.push_back(&e);
        checks.calls.push_back({e.check, given != answers.end(), given != answers.end() ? given->second : std::string()});
    }
    CellResult r = kernel->run(cells, index, progress, exprs, inspect, checks);
    if (r.status == "stopped") {
        if (r.stopped_en == "the run was cancelled") throw RunCancelled();
        throw RequestError("", r.stopped_en, r.stopped_ko);  // a bound of the kernel: time or memory
    }
    run.outputs = std::move(r.outputs);
    run.variables = std::move(r.variables);
    run.status = r.status;
    run.inspected = std::move(r.inspected);
    std::size_t k = 0;
    for (const VisualSpec& v : spec.visuals) {
        json visual = {{"kind", v.kind}};
        for (const VisualText& t : v.texts) visual[t.field] = {{"ko", t.ko}, {"en", t.en}};
        bool ok = r.status == "ok";
        for (const auto& field : v.fields) {
            if (k < r.visual_values.size()) visual[field.first] = r.visual_values[k];
            ok = ok && k < r.visual_values.size() && !r.visual_values[k].is_discarded();
            ++k;
        }
        if (ok) run.visuals.push_back(std::move(visual));
    }
    for (const ExerciseSpec& e : lab.exercises) {
        if (e.step != number || e.answer == "reflection") continue;
        json entry = {{"id", e.id}};
        const auto at = std::find(checked.begin(), checked.end(), &e);
        const std::size_t k = static_cast<std::size_t>(at - checked.begin());
        if (at == checked.end()) {
            entry["status"] = "not-checked";
            entry["reason"] = "no-answer";
        } else if (r.status != "ok" || k >= r.check_values.size()) {
            // (the step raised, or ran code outside the subset: its results are not there to check)
            entry["status"] = "not-checked";
            entry["reason"] = r.status == "ok" ? "error" : r.status;
        } else {
            const json& value = r.check_values[k];
            entry["status"] = value.value("pass", false) ? "pass" : "fail";
            for (const char* key : {"feedback", "values", "error"})
                if (value.contains(key)) entry[key] = value[key];
        }
        run.exercises.push_back(std::move(entry));
    }
    return run;
}

}  // namespace tlab
