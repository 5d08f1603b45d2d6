// Validation of lab params: types, shapes and limits, each failure naming its field.
#include "param_parse.hpp"

#include <cmath>

#include <fmt/compile.h>
#include <fmt/format.h>

namespace tlab {
namespace {

// Limits as a learner would write them: whole numbers in full (4294967295, not 4.29497e+09),
// the value bound 1e15 as 1e+15.
std::string fmt_limit(double x) {
    if (std::fabs(x) < 1e15 && std::floor(x) == x) return fmt::format(FMT_COMPILE("{:.0f}"), x);
    return fmt::format(FMT_COMPILE("{:g}"), x);
}

// Numbers for matrices and vectors: JSON integers stay integers (int64 arrays), anything with a
// fraction or exponent makes the array float64, exactly as np.array of the same literals would.
struct Numbers {
    std::vector<double> f;
    std::vector<std::int64_t> i;
    bool all_int = true;
};

void take_number(const ParamSpec& spec, const nlohmann::json& x, const std::string& field,
                 Numbers& out) {
    if (!x.is_number())
        throw RequestError(field, fmt::format(FMT_COMPILE("{} must be a number"), field),
                           fmt::format(FMT_COMPILE("{} 에는 수를 넣어야 합니다"), field));
    const double d = x.get<double>();
    if (!std::isfinite(d))
        throw RequestError(field, fmt::format(FMT_COMPILE("{} must be a finite number"), field),
                           fmt::format(FMT_COMPILE("{} 에는 유한한 수를 넣어야 합니다"), field));
    if (d < spec.min || d > spec.max)
        throw RequestError(
            field, fmt::format(FMT_COMPILE("{} must be between {} and {}"), field, fmt_limit(spec.min),
                               fmt_limit(spec.max)),
            fmt::format(FMT_COMPILE("{} 은(는) {} 이상 {} 이하여야 합니다"), field, fmt_limit(spec.min),
                        fmt_limit(spec.max)));
    out.f.push_back(d);
    if (x.is_number_float()) {
        out.all_int = false;
        out.i.push_back(0);
    } else {
        out.i.push_back(x.is_number_unsigned()
                            ? static_cast<std::int64_t>(x.get<std::uint64_t>())
                            : x.get<std::int64_t>());
    }
}

NdArray make_array(std::vector<std::size_t> shape, Numbers&& n) {
    return n.all_int ? NdArray::of_ints(std::move(shape), std::move(n.i))
                     : NdArray::of_floats(std::move(shape), std::move(n.f));
}

void check_length(const nlohmann::json& v, const std::string& field, std::size_t lo,
                  std::size_t hi, const char* what_en, const char* what_ko) {
    if (!v.is_array())
        throw RequestError(field, fmt::format(FMT_COMPILE("{} must be a list of {}"), field, what_en),
                           fmt::format(FMT_COMPILE("{} 은(는) {} 목록이어야 합니다"), field, what_ko));
    if (v.size() < lo || v.size() > hi)
        throw RequestError(
            field, fmt::format(FMT_COMPILE("{} must hold {} to {} {} (it has {})"), field, lo, hi, what_en,
                               v.size()),
            fmt::format(FMT_COMPILE("{} 에는 {}개에서 {}개까지의 {} 이(가) 들어갑니다 (지금 {}개)"), field, lo,
                        hi, what_ko, v.size()));
}

std::int64_t take_integer(const ParamSpec& spec, const nlohmann::json& x,
                          const std::string& field) {
    const bool whole = x.is_number_integer() ||
                       (x.is_number_float() && std::isfinite(x.get<double>()) &&
                        std::floor(x.get<double>()) == x.get<double>());
    if (!x.is_number() || !whole)
        throw RequestError(field, fmt::format(FMT_COMPILE("{} must be a whole number"), field),
                           fmt::format(FMT_COMPILE("{} 에는 정수를 넣어야 합니다"), field));
    const double d = x.get<double>();
    if (d < spec.min || d > spec.max)
        throw RequestError(
            field, fmt::format(FMT_COMPILE("{} must be between {} and {}"), field, fmt_limit(spec.min),
                               fmt_limit(spec.max)),
            fmt::format(FMT_COMPILE("{} 은(는) {} 이상 {} 이하여야 합니다"), field, fmt_limit(spec.min),
                        fmt_limit(spec.max)));
    return static_cast<std::int64_t>(d);
}

}  // namespace

ParamValue parse_param(const ParamSpec& spec, const nlohmann::json& value) {
    const std::string field = "params." + spec.name;
    ParamValue out;
    switch (spec.kind) {
        case ParamKind::integer:
            out.integer = take_integer(spec, value, field);
            break;
        case ParamKind::boolean:
            if (!value.is_boolean())
                throw RequestError(field, fmt::format(FMT_COMPILE("{} must be true or false"), field),
                                   fmt::format(FMT_COMPILE("{} 은(는) true 나 false 여야 합니다"), field));
            out.integer = value.get<bool>();
            break;
        case ParamKind::int_list:
            check_length(value, field, spec.min_len, spec.max_len, "whole numbers", "정수");
            for (std::size_t k = 0; k < value.size(); ++k)
                out.list.push_back(
                    take_integer(spec, value[k], fmt::format(FMT_COMPILE("{}[{}]"), field, k)));
            break;
        case ParamKind::vector: {
            check_length(value, field, spec.min_len, spec.max_len, "numbers", "수");
            Numbers n;
            for (std::size_t k = 0; k < value.size(); ++k)
                take_number(spec, value[k], fmt::format(FMT_COMPILE("{}[{}]"), field, k), n);
            out.array = make_array({value.size()}, std::move(n));
            break;
        }
        case ParamKind::matrix: {
            check_length(value, field, spec.min_len, spec.max_len, "rows", "행");
            Numbers n;
            const std::size_t rows = value.size();
            std::size_t cols = 0;
            for (std::size_t r = 0; r < rows; ++r) {
                const std::string row_field = fmt::format(FMT_COMPILE("{}[{}]"), field, r);
                check_length(value[r], row_field, spec.min_len, spec.max_len, "numbers", "수");
                if (r == 0) cols = value[r].size();
                if (value[r].size() != cols)
                    throw RequestError(
                        row_field,
                        fmt::format(FMT_COMPILE("{}: every row needs the same number of values (row 0 has "
                                    "{}, this row has {})"),
                                    row_field, cols, value[r].size()),
                        fmt::format(FMT_COMPILE("{}: 모든 행의 수 개수가 같아야 합니다 (0행은 {}개, 이 행은 "
                                    "{}개)"),
                                    row_field, cols, value[r].size()));
                for (std::size_t c = 0; c < cols; ++c)
                    take_number(spec, value[r][c], fmt::format(FMT_COMPILE("{}[{}]"), row_field, c), n);
            }
            out.array = make_array({rows, cols}, std::move(n));
            break;
        }
    }
    return out;
}

nlohmann::json param_to_json(const ParamSpec& spec, const ParamValue& value) {
    switch (spec.kind) {
        case ParamKind::integer: return value.integer;
        case ParamKind::int_list: return value.list;
        case ParamKind::boolean: return value.integer != 0;
        case ParamKind::vector:
        case ParamKind::matrix: break;
    }
    const NdArray& a = value.array;
    auto element = [&](std::size_t k) -> nlohmann::json {
        if (a.is_float()) return a.f[k];
        return a.i[k];
    };
    nlohmann::json out = nlohmann::json::array();
    if (a.ndim() == 1) {
        for (std::size_t k = 0; k < a.size(); ++k) out.push_back(element(k));
        return out;
    }
    for (std::size_t r = 0; r < a.shape[0]; ++r) {
        nlohmann::json row = nlohmann::json::array();
        for (std::size_t c = 0; c < a.shape[1]; ++c) row.push_back(element(r * a.shape[1] + c));
        out.push_back(row);
    }
    return out;
}

}  // namespace tlab
