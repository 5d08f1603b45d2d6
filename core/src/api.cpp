// The JSON API: validate the request, run one step of one lab, answer with code and outputs.
#include "tlab/api.hpp"

#include <cctype>
#include <cmath>
#include <cstddef>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "param_parse.hpp"
#include "tlab/labs.hpp"
#include "tlab/python.hpp"

namespace tlab {
namespace {

using nlohmann::json;

const char* kind_name(ParamKind k) {
    switch (k) {
        case ParamKind::matrix: return "matrix";
        case ParamKind::vector: return "vector";
        case ParamKind::integer: return "integer";
        case ParamKind::int_list: return "int_list";
        case ParamKind::boolean: return "boolean";
    }
    return "";
}

json error_response(const std::string& field, const std::string& en, const std::string& ko) {
    return {{"ok", false}, {"error", {{"field", field}, {"message", en}, {"message_ko", ko}}}};
}

// Text the request sent, as it is echoed in a message or field: at most `limit` bytes, cut at a
// UTF-8 character boundary, with "…" when cut (a megabyte-long lab name stays out of the answer).
std::string shown(const std::string& text, std::size_t limit = 48) {
    if (text.size() <= limit) return text;
    std::size_t cut = limit;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    return text.substr(0, cut) + "…";
}

// Requests are small (the largest valid one, every param at its limits, is about 10 KB) and three
// levels deep: anything far past that is refused before it costs memory or time.
constexpr std::size_t kMaxRequestBytes = 1 << 20;
constexpr std::size_t kMaxDepth = 16;

// Reads the request text as strict JSON (RFC 8259; a leading UTF-8 BOM is skipped) into a DOM,
// keeping the path of the value being read ("params.A[1][0]") so that a syntax error, a number
// too large for a double (1e400), a duplicate key or too deep nesting names its field.
class RequestReader : public nlohmann::json_sax<json> {
  public:
    RequestReader(json& root, std::size_t size) : dom_(root, /*allow_exceptions=*/false), size_(size) {}

    bool null() override { return value_done() && dom_.null(); }
    bool boolean(bool v) override { return value_done() && dom_.boolean(v); }
    bool number_integer(number_integer_t v) override {
        return value_done() && dom_.number_integer(v);
    }
    bool number_unsigned(number_unsigned_t v) override {
        return value_done() && dom_.number_unsigned(v);
    }
    bool number_float(number_float_t v, const string_t& s) override {
        return value_done() && dom_.number_float(v, s);
    }
    bool string(string_t& v) override { return value_done() && dom_.string(v); }
    bool binary(binary_t& v) override { return value_done() && dom_.binary(v); }
    bool start_object(std::size_t n) override { return open(false) && dom_.start_object(n); }
    bool start_array(std::size_t n) override { return open(true) && dom_.start_array(n); }
    bool end_object() override { return close() && dom_.end_object(); }
    bool end_array() override { return close() && dom_.end_array(); }
    bool key(string_t& k) override {
        Frame& f = frames_.back();
        f.key = k;
        f.has_key = true;
        if (!f.keys.insert(k).second)
            return fail(fmt::format(FMT_COMPILE("{}: the key \"{}\" appears twice"), shown_field(), shown(k)),
                        fmt::format(FMT_COMPILE("{}: 키 \"{}\" 가 두 번 나옵니다"), shown_field(), shown(k)));
        return dom_.key(k);
    }
    bool parse_error(std::size_t position, const std::string& last_token,
                     const nlohmann::detail::exception& ex) override {
        const std::string what = ex.what();
        // Stopped right after a value ("01", "0x1", "[1 2]", a missing comma): that value's field.
        after_value_ = what.find("; expected '}'") != std::string::npos ||
                       what.find("; expected ']'") != std::string::npos;
        const std::string at = field().empty() ? "" : shown_field() + ": ";
        const std::string where_en = fmt::format(FMT_COMPILE(" (at byte {})"), position);
        const std::string where_ko = fmt::format(FMT_COMPILE(" ({}번째 바이트)"), position);
        const std::string token = shown(last_token, 32);
        if (ex.id == 406)  // out_of_range: number overflow
            return fail(fmt::format(FMT_COMPILE("{}{} is too large for a number (the largest is about "
                                    "1.8e308){}"),
                                    at, token, where_en),
                        fmt::format(FMT_COMPILE("{}{} 은(는) 수로 나타내기에 너무 큽니다 (가장 큰 수는 약 "
                                    "1.8e308){}"),
                                    at, token, where_ko));
        // The token read last, without what came before it on the line ("1, N" -> "N").
        const std::size_t sep = last_token.find_last_of(" \t\r\n,[]{}:");
        const std::string tail = sep == std::string::npos ? last_token : last_token.substr(sep + 1);
        // NaN, Infinity, nan, inf: the reader stops at "N", "I", "i" (no literal starts so) or,
        // taking "n" for null, at "na".
        const std::size_t sign = !tail.empty() && (tail[0] == '-' || tail[0] == '+') ? 1 : 0;
        const char c = tail.size() > sign ? tail[sign] : '\0';
        const char next = tail.size() > sign + 1 ? tail[sign + 1] : '\0';
        const bool nan_or_inf = ((c == 'N' || c == 'I' || c == 'i') && next == '\0') ||
                                (c == 'n' && (next == 'a' || next == 'A'));
        if (nan_or_inf)
            return fail(fmt::format(FMT_COMPILE("{}NaN and Infinity are not JSON numbers: write a finite "
                                    "number{}"),
                                    at, where_en),
                        fmt::format(FMT_COMPILE("{}NaN 과 Infinity 는 JSON 의 수가 아닙니다: 유한한 수를 "
                                    "넣으세요{}"),
                                    at, where_ko));
        if (what.find("ill-formed UTF-8") != std::string::npos)
            return fail(fmt::format(FMT_COMPILE("{}the request is not valid UTF-8 text{}"), at, where_en),
                        fmt::format(FMT_COMPILE("{}요청이 올바른 UTF-8 글자가 아닙니다{}"), at, where_ko));
        if (what.find("control character") != std::string::npos)
            return fail(fmt::format(FMT_COMPILE("{}a control character in a string must be written as an "
                                    "escape such as \\n or \\u0000{}"),
                                    at, where_en),
                        fmt::format(FMT_COMPILE("{}문자열 안의 제어 문자는 \\n, \\u0000 처럼 써야 합니다{}"), at,
                                    where_ko));
        if (what.find("unexpected end of input") != std::string::npos || position > size_)
            return fail(fmt::format(FMT_COMPILE("{}the request ends too early: the JSON is cut off{}"), at,
                                    where_en),
                        fmt::format(FMT_COMPILE("{}요청이 중간에 끝납니다: JSON 이 잘려 있습니다{}"), at,
                                    where_ko));
        if (after_value_) {
            const char* bracket = what.find("; expected '}'") != std::string::npos ? "}" : "]";
            return fail(fmt::format(FMT_COMPILE("{}a comma or the closing {} must follow this value{}"), at,
                                    bracket, where_en),
                        fmt::format(FMT_COMPILE("{}이 값 다음에는 쉼표나 닫는 {} 가 와야 합니다{}"), at, bracket,
                                    where_ko));
        }
        if (what.find("unexpected ']'") != std::string::npos ||
            what.find("unexpected '}'") != std::string::npos)
            return fail(fmt::format(FMT_COMPILE("{}a value is missing: JSON allows no comma right before ] or "
                                    "}}{}"),
                                    at, where_en),
                        fmt::format(FMT_COMPILE("{}값이 빠져 있습니다: JSON 에서는 ] 나 }} 바로 앞에 쉼표를 "
                                    "둘 수 없습니다{}"),
                                    at, where_ko));
        // Anything else: nlohmann's own description, without its "[json.exception...] " tag.
        std::string detail = what;
        const std::size_t colon = detail.find(": ");
        if (detail.rfind("[json.exception", 0) == 0 && colon != std::string::npos)
            detail = detail.substr(colon + 2);
        detail = shown(detail, 160);
        return fail(fmt::format(FMT_COMPILE("{}the request is not valid JSON{}: {}"), at, where_en, detail),
                    fmt::format(FMT_COMPILE("{}요청이 올바른 JSON 이 아닙니다{}: 여기서 막혔습니다: '{}'"), at,
                                where_ko, shown(tail.empty() ? last_token : tail, 32)));
    }

    bool failed() const { return failed_; }
    const RequestError& error() const { return error_; }

  private:
    struct Frame {
        bool array = false;
        std::size_t count = 0;
        std::string key;  // the key being read, or (after its value) the last one read
        bool has_key = false;
        std::set<std::string> keys;
    };

    // "params.A[1][0]": the value being read now.
    // After a parse error right behind a value, the innermost part names that value instead.
    std::string field() const {
        std::string out;
        for (std::size_t k = 0; k < frames_.size(); ++k) {
            const Frame& f = frames_[k];
            const bool last_value = after_value_ && k + 1 == frames_.size();
            if (f.array) out += fmt::format(FMT_COMPILE("[{}]"), last_value && f.count > 0 ? f.count - 1 : f.count);
            else if (f.has_key || (last_value && !f.key.empty()))
                out += (out.empty() ? "" : ".") + f.key;
            else break;
        }
        return out;
    }
    std::string shown_field() const { return shown(field(), 80); }

    bool fail(std::string en, std::string ko) {
        if (!failed_) error_ = RequestError(shown_field(), std::move(en), std::move(ko));
        failed_ = true;
        return false;
    }
    bool value_done() {
        if (frames_.empty()) return true;
        Frame& f = frames_.back();
        if (f.array) ++f.count;
        else f.has_key = false;
        return true;
    }
    bool open(bool array) {
        if (frames_.size() >= kMaxDepth)
            return fail(fmt::format(FMT_COMPILE("{}: nested too deeply (more than {} levels of [ ] and {{ }})"),
                                    shown_field(), kMaxDepth),
                        fmt::format(FMT_COMPILE("{}: 너무 깊이 겹쳐 있습니다 ([ ] 와 {{ }} 가 {}단 넘게)"),
                                    shown_field(), kMaxDepth));
        Frame frame;
        frame.array = array;
        frames_.push_back(std::move(frame));
        return true;
    }
    bool close() {
        frames_.pop_back();
        return value_done();
    }

    nlohmann::detail::json_sax_dom_parser<json> dom_;
    std::vector<Frame> frames_;
    std::size_t size_;
    bool failed_ = false, after_value_ = false;
    RequestError error_{"", "", ""};
};

// A text in both languages, as a lab's files write it.
json two_languages(const std::string& ko, const std::string& en) { return {{"ko", ko}, {"en", en}}; }

json list_labs() {
    json labs = json::array();
    for (const LabSpec* lab : registered_labs()) {
        json params = json::array(), steps = json::array();
        for (const ParamSpec& p : lab->params) {
            json entry = {{"name", p.name},         {"kind", kind_name(p.kind)},
                          {"textbook", p.textbook}, {"min", p.min},
                          {"max", p.max},           {"steps", p.steps},
                          {"label", two_languages(p.label_ko, p.label_en)}};
            if (p.kind == ParamKind::boolean) {
                entry.erase("min");
                entry.erase("max");
            } else if (p.kind != ParamKind::integer) {
                entry["min_len"] = p.min_len;
                entry["max_len"] = p.max_len;
            }
            params.push_back(entry);
        }
        const std::vector<std::vector<int>> needs = steps_needs(*lab);
        for (const StepSpec& s : lab->steps)
            steps.push_back({{"step", s.number}, {"title", two_languages(s.title_ko, s.title_en)},
                             {"needs", needs.at(static_cast<std::size_t>(s.number - 1))}});
        labs.push_back({{"id", lab->id},
                        {"title", two_languages(lab->title_ko, lab->title_en)},
                        {"steps", steps},
                        {"params", params},
                        {"document", lab->document}});
    }
    return {{"ok", true}, {"labs", labs}};
}

// The ids of the labs the core knows by name, for a message; the WebAssembly core knows none.
std::string lab_ids(bool korean = false) {
    std::string ids;
    for (const LabSpec* lab : registered_labs()) ids += (ids.empty() ? "" : ", ") + lab->id;
    if (!ids.empty()) return ids;
    return korean ? "없음; 실습 문서를 보내세요" : "none; send the lab's document";
}

// The lab a request names: the id of a lab the core knows (labrun and the tests register
// labs/), or the lab's whole document (the page, which has no lab folders to read).
std::shared_ptr<const LabSpec> requested_lab(const json& lab) {
    if (lab.is_string()) {
        const std::string& id = lab.get_ref<const std::string&>();
        if (const LabSpec* known = find_lab(id)) return std::shared_ptr<const LabSpec>(known, [](const LabSpec*) {});
        throw RequestError("lab",
                           fmt::format(FMT_COMPILE("unknown lab \"{}\" (labs: {})"), shown(id), lab_ids()),
                           fmt::format(FMT_COMPILE("없는 실습 \"{}\" (실습: {})"), shown(id), lab_ids(true)));
    }
    if (!lab.is_object())
        throw RequestError("lab", fmt::format(FMT_COMPILE("\"lab\" must name a lab ({}) or be a lab's document"), lab_ids()),
                           fmt::format(FMT_COMPILE("\"lab\" 에는 실습 이름({})이나 실습 문서를 넣어야 합니다"), lab_ids(true)));
    // The page sends the same document with every request: keep the last few read.
    static std::vector<std::shared_ptr<const LabSpec>> recent;
    for (const auto& known : recent)
        if (known->document == lab) return known;
    std::shared_ptr<const LabSpec> spec;
    try {
        spec = std::make_shared<const LabSpec>(lab_from_document(lab));
    } catch (const LabFormatError& e) {
        throw RequestError("lab", fmt::format(FMT_COMPILE("the lab's document is not valid: {}"), e.what()),
                           fmt::format(FMT_COMPILE("실습 문서가 올바르지 않습니다: {}"), e.what()));
    }
    if (recent.size() == 4) recent.pop_back();
    recent.insert(recent.begin(), std::move(spec));
    return recent.front();
}

// The page sends its lab's whole document first in every request, `{"lab": {…}, "step": …}`, the
// same bytes each time (9 KB for ch1-lab2: reading it was a fifth of a keystroke's run). The last
// document read so is kept with its text; a request that starts with the same bytes is read as
// `{"lab": 0, "step": …}` and runs that lab. (Equal bytes are the same value: an object's text
// ends where its last brace does, and the reader goes on from there as it would after the 0.)
struct KnownDocument {
    std::string text;
    std::shared_ptr<const LabSpec> lab;
};
KnownDocument known_document;

// Where the value of "lab" starts when the request text starts `{"lab":` (npos otherwise).
std::size_t lab_start(const std::string& text) {
    constexpr std::string_view prefix = R"({"lab":)";
    if (text.compare(0, prefix.size(), prefix) != 0) return std::string::npos;
    return text.find_first_not_of(" \t\r\n", prefix.size());
}

// The end of the JSON object that starts at `start` of `text` (npos when none does): strings are
// skipped with their escapes. Only called on text the reader accepted.
std::size_t object_end(const std::string& text, std::size_t start) {
    if (start >= text.size() || text[start] != '{') return std::string::npos;
    int depth = 0;
    bool in_string = false;
    for (std::size_t k = start; k < text.size(); ++k) {
        const char c = text[k];
        if (in_string) {
            if (c == '\\') ++k;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if ((c == '}' || c == ']') && --depth == 0) {
            return k + 1;
        }
    }
    return std::string::npos;
}

// "code": {"2": "..."}: a learner's code for some steps of a lab, by step number.
CodeEdits parse_edits(const json& code, int steps) {
    if (!code.is_object())
        throw RequestError("code", "\"code\" must be an object of step number: code",
                           "\"code\" 는 단계 번호: 코드 꼴의 객체여야 합니다");
    CodeEdits edits;
    for (const auto& item : code.items()) {
        const std::string& key = item.key();
        int number = 0;
        const bool digits = !key.empty() && key.size() <= 3 && key[0] != '0' &&
                            key.find_first_not_of("0123456789") == std::string::npos;
        if (digits) number = std::stoi(key);
        if (!digits || number < 1 || number > steps)
            throw RequestError("code." + shown(key, 80),
                               fmt::format(FMT_COMPILE("\"code\" has no step \"{}\" (steps: 1 to {})"), shown(key), steps),
                               fmt::format(FMT_COMPILE("\"code\" 에 \"{}\" 단계가 없습니다 (단계: 1 ~ {})"), shown(key), steps));
        if (!item.value().is_string())
            throw RequestError("code." + key, "each step's code must be a string",
                               "단계마다 코드 문자열이어야 합니다");
        edits[number] = item.value().get<std::string>();
    }
    return edits;
}

// "inspect": "q": a variable of the step whose whole repr the response carries ("inspected").
std::string inspected_name(const json& request) {
    if (!request.contains("inspect")) return {};
    const json& name = request["inspect"];
    const auto is_name = [](const std::string& s) {
        if (s.empty() || s.size() > 100 || (s[0] >= '0' && s[0] <= '9')) return false;
        for (const unsigned char c : s)
            if (!(std::isalnum(c) || c == '_' || c >= 0x80)) return false;
        return true;
    };
    if (!name.is_string() || !is_name(name.get<std::string>()))
        throw RequestError("inspect", "\"inspect\" must be the name of one of the step's variables",
                           "\"inspect\" 는 단계의 변수 이름이어야 합니다");
    return name.get<std::string>();
}

// "answers": {"self-share": "0.42"}: the learner's answers to the lab's "number" and "choice"
// exercises, by id (each a string of at most 200 bytes).
Answers parse_answers(const json& given, const LabSpec& lab) {
    if (!given.is_object())
        throw RequestError("answers", "\"answers\" must be an object of exercise id: answer",
                           "\"answers\" 는 문제 id: 답 꼴의 객체여야 합니다");
    Answers answers;
    for (const auto& item : given.items()) {
        const ExerciseSpec* exercise = nullptr;
        for (const ExerciseSpec& e : lab.exercises)
            if (e.id == item.key() && (e.answer == "number" || e.answer == "choice")) exercise = &e;
        if (exercise == nullptr)
            throw RequestError("answers." + shown(item.key(), 80),
                               fmt::format(FMT_COMPILE("{} has no exercise \"{}\" that takes an answer"), lab.id, shown(item.key())),
                               fmt::format(FMT_COMPILE("{} 에는 답을 받는 \"{}\" 문제가 없습니다"), lab.id, shown(item.key())));
        if (!item.value().is_string() || item.value().get<std::string>().size() > 200)
            throw RequestError("answers." + item.key(), "an answer must be a string of at most 200 bytes",
                               "답은 200 바이트 이하의 문자열이어야 합니다");
        answers[item.key()] = item.value().get<std::string>();
    }
    return answers;
}

// {"cells": ["...", "..."], "step": 2}: code that is not a lab's, run as notebook cells.
json run_cells(const json& request, const ProgressFn& progress) {
    const json& cells_json = request["cells"];
    if (!cells_json.is_array() || cells_json.empty() || cells_json.size() > 64)
        throw RequestError("cells", "\"cells\" must be a list of 1 to 64 code strings",
                           "\"cells\" 는 코드 문자열 1~64 개의 목록이어야 합니다");
    std::vector<std::string> cells;
    for (std::size_t i = 0; i < cells_json.size(); ++i) {
        if (!cells_json[i].is_string())
            throw RequestError(fmt::format(FMT_COMPILE("cells[{}]"), i), "each cell must be a string of code",
                               "셀마다 코드 문자열이어야 합니다");
        cells.push_back(cells_json[i].get<std::string>());
    }
    const json& step_json = request.contains("step") ? request["step"] : json(1);
    const int count = static_cast<int>(cells.size());
    const bool whole = step_json.is_number() && std::isfinite(step_json.get<double>()) &&
                       std::floor(step_json.get<double>()) == step_json.get<double>();
    if (!whole || step_json.get<double>() < 1 || step_json.get<double>() > count)
        throw RequestError("step", fmt::format(FMT_COMPILE("\"step\" must be a whole number from 1 to {}"), count),
                           fmt::format(FMT_COMPILE("\"step\" 은(는) 1 에서 {} 까지의 정수여야 합니다"), count));
    const int step = static_cast<int>(step_json.get<double>());
    const std::string inspect = inspected_name(request);
    static Notebook notebook;
    const CellResult r = notebook.run(cells, static_cast<std::size_t>(step - 1), progress, {}, inspect);
    if (r.status == "stopped") throw RequestError("", r.stopped_en, r.stopped_ko);
    json out = {{"ok", true}, {"step", step}, {"status", r.status}, {"outputs", r.outputs}, {"variables", r.variables}};
    if (r.not_run_because >= 0) out["not_run_because"] = r.not_run_because + 1;
    if (!r.inspected.is_null()) out["inspected"] = r.inspected;
    return out;
}

// `known`: the lab the request's document names, already read (handle_request_text).
json run_request(const json& request, const ProgressFn& progress, std::shared_ptr<const LabSpec> known = nullptr) {
    if (!request.is_object())
        throw RequestError("", "the request must be a JSON object",
                           "요청은 JSON 객체여야 합니다");
    if (request.contains("cells")) return run_cells(request, progress);
    for (const auto& item : request.items())
        if (item.key() != "lab" && item.key() != "step" && item.key() != "params" &&
            item.key() != "code" && item.key() != "inspect" && item.key() != "answers" && item.key() != "list")
            throw RequestError(shown(item.key(), 80),
                               fmt::format(FMT_COMPILE("unknown field \"{}\" (fields: lab, step, params, code, inspect, answers, list)"),
                                           shown(item.key())),
                               fmt::format(FMT_COMPILE("알 수 없는 항목 \"{}\" (항목: lab, step, params, code, inspect, answers, list)"),
                                           shown(item.key())));
    if (request.contains("list")) {
        if (request["list"] != true)
            throw RequestError("list", "\"list\" must be true", "\"list\" 는 true 여야 합니다");
        return list_labs();
    }
    if (!request.contains("lab"))
        throw RequestError("lab", fmt::format(FMT_COMPILE("\"lab\" must name a lab: {}"), lab_ids()),
                           fmt::format(FMT_COMPILE("\"lab\" 에 실습 이름을 넣어야 합니다: {}"), lab_ids(true)));
    if (!known) known = requested_lab(request["lab"]);
    const LabSpec* lab = known.get();
    const std::string& id = lab->id;

    const json& step_json = request.contains("step") ? request["step"] : json();
    const int steps = static_cast<int>(lab->steps.size());
    // A whole number, written as an integer or (as for integer params) as 2.0; no bool.
    const bool whole = step_json.is_number() && std::isfinite(step_json.get<double>()) &&
                       std::floor(step_json.get<double>()) == step_json.get<double>();
    if (!whole || step_json.get<double>() < 1 || step_json.get<double>() > steps)
        throw RequestError("step", fmt::format(FMT_COMPILE("\"step\" must be a whole number from 1 to {}"), steps),
                           fmt::format(FMT_COMPILE("\"step\" 은(는) 1 에서 {} 까지의 정수여야 합니다"), steps));
    const int step = static_cast<int>(step_json.get<double>());

    Params params = textbook_params(*lab);
    if (request.contains("params")) {
        const json& given = request["params"];
        if (!given.is_object())
            throw RequestError("params", "\"params\" must be an object of name: value",
                               "\"params\" 는 이름: 값 꼴의 객체여야 합니다");
        for (const auto& item : given.items()) {
            const ParamSpec* spec = nullptr;
            for (const ParamSpec& p : lab->params)
                if (p.name == item.key()) spec = &p;
            if (spec == nullptr) {
                std::string names;
                for (const ParamSpec& p : lab->params) names += (names.empty() ? "" : ", ") + p.name;
                throw RequestError("params." + shown(item.key(), 80),
                                   fmt::format(FMT_COMPILE("{} has no param \"{}\" (params: {})"), id,
                                               shown(item.key()), names),
                                   fmt::format(FMT_COMPILE("{} 에는 \"{}\" 값이 없습니다 (값: {})"), id,
                                               shown(item.key()), names));
            }
            params[spec->name] = parse_param(*spec, item.value());
        }
    }

    const CodeEdits edits = request.contains("code") ? parse_edits(request["code"], steps) : CodeEdits();
    const Answers answers = request.contains("answers") ? parse_answers(request["answers"], *lab) : Answers();
    const StepRun run = run_step(*lab, step, params, progress, edits, inspected_name(request), answers);
    json literals = json::array();
    for (const LiteralSpan& span : run.literals)
        literals.push_back({{"param", span.param}, {"start", span.start}, {"end", span.end}});
    json effective = json::object();
    for (const ParamSpec& p : lab->params) effective[p.name] = param_to_json(p, params.at(p.name));
    json out = {{"ok", true},          {"lab", id},           {"step", step},
            {"params", effective},  {"prelude", run.prelude}, {"source", run.source},
            {"literals", literals}, {"outputs", run.outputs}, {"visuals", run.visuals},
            {"status", run.status}, {"variables", run.variables}, {"edited", edits.count(step) > 0}};
    if (!run.inspected.is_null()) out["inspected"] = run.inspected;
    if (!run.exercises.empty()) out["exercises"] = run.exercises;
    return out;
}

json respond(const json& request, const ProgressFn& progress, std::shared_ptr<const LabSpec> known) {
    try {
        return run_request(request, progress, std::move(known));
    } catch (const RequestError& e) {
        return error_response(e.field, e.message_en, e.message_ko);
    } catch (const RunCancelled&) {
        return error_response("", "the run was cancelled", "실행을 취소했습니다");
    } catch (const std::bad_alloc&) {
        return error_response("", "the request needs more memory than is available",
                              "이 요청에는 쓸 수 있는 것보다 많은 메모리가 듭니다");
    } catch (const std::exception& e) {
        return error_response("", fmt::format(FMT_COMPILE("internal error: {}"), e.what()),
                              fmt::format(FMT_COMPILE("내부 오류: {}"), e.what()));
    }
}

// Reads `text` into `request`: an error response when it is not a valid request's JSON, else null.
json read_request(const std::string& text, json& request) {
    RequestReader reader(request, text.size());
    // Through the virtual interface, so that this and the notebook's display data
    // (python/notebook.cpp) share one instantiation of nlohmann's parser.
    nlohmann::json_sax<json>* sax = &reader;
    const bool parsed = json::sax_parse(text, sax, json::input_format_t::json, /*strict=*/true);
    if (reader.failed()) return error_response(reader.error().field, reader.error().message_en, reader.error().message_ko);
    if (!parsed) return error_response("", "the request is not valid JSON", "요청이 올바른 JSON 이 아닙니다");
    return nullptr;
}

// The request in `request_text`, answered; its lab's document read again only when it is not
// the one read last (KnownDocument).
json respond_to_text(const std::string& request_text, const ProgressFn& progress) {
    const std::string& known = known_document.text;
    const std::size_t start = lab_start(request_text);
    if (!known.empty() && start != std::string::npos && request_text.compare(start, known.size(), known) == 0) {
        // (text that is not a valid request is read again whole, for its error to name the byte
        // and the token as ever; a "cells" request too; the reader refuses a second "lab")
        json request;
        if (read_request(request_text.substr(0, start) + "0" + request_text.substr(start + known.size()), request).is_null() &&
            !request.contains("cells") && request["lab"] == 0)
            return respond(request, progress, known_document.lab);
    }
    json request;
    json error = read_request(request_text, request);
    if (!error.is_null()) return error;
    json response = respond(request, progress, nullptr);
    if (response.value("ok", false) && start != std::string::npos && request["lab"].is_object()) {
        const std::size_t end = object_end(request_text, start);
        if (end != std::string::npos) known_document = {request_text.substr(start, end - start), requested_lab(request["lab"])};
    }
    return response;
}

}  // namespace

json handle_request(const json& request, const ProgressFn& progress) { return respond(request, progress, nullptr); }

std::string handle_request_text(const std::string& request_text, const ProgressFn& progress) {
    json response;
    try {
        if (request_text.size() > kMaxRequestBytes) {
            response = error_response(
                "",
                fmt::format(FMT_COMPILE("the request is {} bytes; the most is {} (1 MB)"), request_text.size(),
                            kMaxRequestBytes),
                fmt::format(FMT_COMPILE("요청이 {} 바이트입니다; 최대 {} 바이트(1 MB)까지 받습니다"),
                            request_text.size(), kMaxRequestBytes));
        } else if (request_text.find_first_not_of(" \t\r\n") == std::string::npos) {
            response = error_response(
                "", "the request is empty: send a JSON object such as {\"cells\": [\"print(1 + 1)\"]}",
                "요청이 비어 있습니다: {\"cells\": [\"print(1 + 1)\"]} 같은 JSON 객체를 보내세요");
        } else {
            response = respond_to_text(request_text, progress);
        }
    } catch (const std::bad_alloc&) {
        response = error_response("", "the request needs more memory than is available",
                                  "이 요청에는 쓸 수 있는 것보다 많은 메모리가 듭니다");
    } catch (...) {
        response = error_response("", "the request could not be read", "요청을 읽을 수 없습니다");
    }
    // Invalid UTF-8 in a string the request echoed must not make dump() throw.
    return response.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace tlab
