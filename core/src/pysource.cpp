// Python literals for the values a learner sets, so the displayed code is runnable as shown.
#include "tlab/pysource.hpp"

#include <fmt/compile.h>
#include <fmt/format.h>

#include "tlab/npformat.hpp"

namespace tlab {

std::string py_scalar_literal(const NdArray& a, std::size_t k) {
    return a.is_float() ? py_float_literal(a.f[k]) : std::to_string(a.i[k]);
}

namespace {

std::string row_literal(const NdArray& a, std::size_t start, std::size_t count) {
    std::string out = "[";
    for (std::size_t k = 0; k < count; ++k) {
        if (k > 0) out += ", ";
        out += py_scalar_literal(a, start + k);
    }
    return out + "]";
}

}  // namespace

std::string py_array_literal(const NdArray& a, std::size_t column) {
    if (a.ndim() == 1) return "np.array(" + row_literal(a, 0, a.shape[0]) + ")";
    const std::size_t rows = a.shape[0], cols = a.shape[1];
    // "np.array([" puts the first row's "[" at column + 10.
    const std::string indent(column + 10, ' ');
    std::string out = "np.array([";
    for (std::size_t r = 0; r < rows; ++r) {
        if (r > 0) out += ",\n" + indent;
        out += row_literal(a, r * cols, cols);
    }
    return out + "])";
}

std::string py_int_list(const std::vector<std::int64_t>& values) {
    std::string out = "[";
    for (std::size_t k = 0; k < values.size(); ++k) {
        if (k > 0) out += ", ";
        out += std::to_string(values[k]);
    }
    return out + "]";
}

namespace {
// Control characters never occur in generated code, so they can delimit marks unambiguously.
constexpr char kOpen = '\x01', kName = '\x02', kClose = '\x03';
}  // namespace

std::string mark_literal(const std::string& param, const std::string& text) {
    return kOpen + param + kName + text + kClose;
}

std::vector<LiteralSpan> strip_literals(std::string& source) {
    std::vector<LiteralSpan> spans;
    std::string clean;
    clean.reserve(source.size());
    std::size_t utf16 = 0;
    for (std::size_t k = 0; k < source.size(); ++k) {
        const unsigned char c = static_cast<unsigned char>(source[k]);
        if (c == kOpen) {
            const std::size_t name_end = source.find(kName, k);
            spans.push_back({source.substr(k + 1, name_end - k - 1), utf16, utf16});
            k = name_end;
        } else if (c == kClose) {
            spans.back().end = utf16;
        } else {
            clean += source[k];
            // A UTF-8 lead byte starts a code point: one UTF-16 unit, two past the BMP.
            if ((c & 0xC0) != 0x80) utf16 += c >= 0xF0 ? 2 : 1;
        }
    }
    source = std::move(clean);
    return spans;
}

std::string py_str_literal(const std::string& text) {
    std::string out = "\"";
    for (unsigned char c : text) {
        switch (c) {
            case '\\': out += "\\\\"; break;
            case '"': out += "\\\""; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                if (c < 0x20 || c == 0x7f) out += fmt::format(FMT_COMPILE("\\x{:02x}"), c);
                else out += static_cast<char>(c);
        }
    }
    return out + "\"";
}

}  // namespace tlab
