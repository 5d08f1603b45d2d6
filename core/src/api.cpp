// The JSON API: validate the request, run one step of one lab, answer with code and outputs.
#include "tlab/api.hpp"

#include <fmt/format.h>

#include "param_parse.hpp"
#include "tlab/labs.hpp"

namespace tlab {
namespace {

using nlohmann::json;

const char* kind_name(ParamKind k) {
    switch (k) {
        case ParamKind::matrix: return "matrix";
        case ParamKind::vector: return "vector";
        case ParamKind::integer: return "integer";
        case ParamKind::int_list: return "int_list";
    }
    return "";
}

json error_response(const std::string& field, const std::string& en, const std::string& ko) {
    return {{"ok", false}, {"error", {{"field", field}, {"message", en}, {"message_ko", ko}}}};
}

json list_labs() {
    json labs = json::array();
    for (const LabSpec& lab : all_labs()) {
        json params = json::array(), steps = json::array();
        for (const ParamSpec& p : lab.params) {
            json entry = {{"name", p.name},         {"kind", kind_name(p.kind)},
                          {"textbook", p.textbook}, {"min", p.min},
                          {"max", p.max},           {"steps", p.steps},
                          {"label_ko", p.label_ko}, {"label_en", p.label_en}};
            if (p.kind != ParamKind::integer) {
                entry["min_len"] = p.min_len;
                entry["max_len"] = p.max_len;
            }
            params.push_back(entry);
        }
        for (const StepSpec& s : lab.steps)
            steps.push_back({{"step", s.number}, {"title_ko", s.title_ko}, {"title_en", s.title_en}});
        labs.push_back({{"id", lab.id},
                        {"title_ko", lab.title_ko},
                        {"title_en", lab.title_en},
                        {"steps", steps},
                        {"params", params}});
    }
    return {{"ok", true}, {"labs", labs}};
}

std::string lab_ids() {
    std::string ids;
    for (const LabSpec& lab : all_labs()) ids += (ids.empty() ? "" : ", ") + lab.id;
    return ids;
}

json run_request(const json& request) {
    if (!request.is_object())
        throw RequestError("", "the request must be a JSON object",
                           "요청은 JSON 객체여야 합니다");
    for (const auto& item : request.items())
        if (item.key() != "lab" && item.key() != "step" && item.key() != "params" &&
            item.key() != "list")
            throw RequestError(item.key(), fmt::format("unknown field \"{}\"", item.key()),
                               fmt::format("알 수 없는 항목 \"{}\"", item.key()));
    if (request.contains("list")) {
        if (request["list"] != true)
            throw RequestError("list", "\"list\" must be true", "\"list\" 는 true 여야 합니다");
        return list_labs();
    }
    if (!request.contains("lab") || !request["lab"].is_string())
        throw RequestError("lab", fmt::format("\"lab\" must name a lab: {}", lab_ids()),
                           fmt::format("\"lab\" 에 실습 이름을 넣어야 합니다: {}", lab_ids()));
    const std::string id = request["lab"].get<std::string>();
    const LabSpec* lab = find_lab(id);
    if (lab == nullptr)
        throw RequestError("lab", fmt::format("unknown lab \"{}\" (labs: {})", id, lab_ids()),
                           fmt::format("없는 실습 \"{}\" (실습: {})", id, lab_ids()));

    const json& step_json = request.contains("step") ? request["step"] : json();
    const int steps = static_cast<int>(lab->steps.size());
    if (!step_json.is_number_integer() || step_json.get<std::int64_t>() < 1 ||
        step_json.get<std::int64_t>() > steps)
        throw RequestError("step", fmt::format("\"step\" must be a whole number from 1 to {}", steps),
                           fmt::format("\"step\" 은(는) 1 에서 {} 까지의 정수여야 합니다", steps));
    const int step = step_json.get<int>();

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
                throw RequestError("params." + item.key(),
                                   fmt::format("{} has no param \"{}\" (params: {})", id,
                                               item.key(), names),
                                   fmt::format("{} 에는 \"{}\" 값이 없습니다 (값: {})", id,
                                               item.key(), names));
            }
            params[spec->name] = parse_param(*spec, item.value());
        }
    }

    const StepRun run = run_step(*lab, step, params);
    json literals = json::array();
    for (const LiteralSpan& span : run.literals)
        literals.push_back({{"param", span.param}, {"start", span.start}, {"end", span.end}});
    json effective = json::object();
    for (const ParamSpec& p : lab->params) effective[p.name] = param_to_json(p, params.at(p.name));
    return {{"ok", true},         {"lab", id},           {"step", step},
            {"params", effective}, {"prelude", run.prelude}, {"source", run.source},
            {"literals", literals}, {"outputs", run.outputs}, {"visuals", run.visuals}};
}

}  // namespace

json handle_request(const json& request) {
    try {
        return run_request(request);
    } catch (const RequestError& e) {
        return error_response(e.field, e.message_en, e.message_ko);
    } catch (const std::bad_alloc&) {
        return error_response("", "the request needs more memory than is available",
                              "이 요청에는 쓸 수 있는 것보다 많은 메모리가 듭니다");
    } catch (const std::exception& e) {
        return error_response("", fmt::format("internal error: {}", e.what()),
                              fmt::format("내부 오류: {}", e.what()));
    }
}

std::string handle_request_text(const std::string& request_text) {
    json response;
    try {
        const json request = json::parse(request_text, nullptr, /*allow_exceptions=*/false);
        if (request.is_discarded())
            response = error_response("", "the request is not valid JSON",
                                      "요청이 올바른 JSON 이 아닙니다");
        else
            response = handle_request(request);
    } catch (...) {
        response = error_response("", "the request could not be read", "요청을 읽을 수 없습니다");
    }
    // Invalid UTF-8 in a string the request echoed must not make dump() throw.
    return response.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace tlab
