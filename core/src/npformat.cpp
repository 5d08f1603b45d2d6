// npformat.cpp — NumPy 1.24's str() of arrays and scalars, rebuilt rule by rule from arrayprint.
//
// Default print options only: precision 8, floatmode 'maxprec', suppress False, linewidth 75,
// threshold 1000, edgeitems 3, sign '-', legacy False. Names in comments (fillFormat,
// _formatArray, _extendLine) point at the arrayprint.py code each piece mirrors.
#include "tlab/npformat.hpp"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace tlab {

namespace {

constexpr int k_precision = 8;
constexpr std::size_t k_line_width = 75;
constexpr std::size_t k_threshold = 1000;
constexpr std::size_t k_edge_items = 3;
constexpr std::size_t k_summary_marker = static_cast<std::size_t>(-1);

// |x| = d1.d2d3...dn * 10^exp10, with the shortest digits that round-trip (Dragon4's "unique").
struct Decimal {
    std::string digits;  // no leading or trailing zeros; "0" for zero
    int exp10 = 0;
};

Decimal shortest_decimal(double x) {
    // fmt's default presentation is the shortest round-trip text, written either positionally
    // ("0.00012", "100") or in exponent form ("1.5e-05"); both reduce to digits and an exponent.
    std::string s = fmt::format(FMT_COMPILE("{}"), std::fabs(x));
    Decimal d;
    const std::size_t e = s.find('e');
    if (e != std::string::npos) {
        d.exp10 = std::stoi(s.substr(e + 1));
        s.resize(e);
    }
    const std::size_t dot = s.find('.');
    const int int_len = static_cast<int>(dot == std::string::npos ? s.size() : dot);
    if (dot != std::string::npos) s.erase(dot, 1);
    const std::size_t first = s.find_first_not_of('0');
    if (first == std::string::npos) return {"0", 0};
    d.exp10 += int_len - 1 - static_cast<int>(first);
    d.digits = s.substr(first);
    d.digits.erase(d.digits.find_last_not_of('0') + 1);
    return d;
}

// A number split around its decimal point: "-12.5" -> {"-12", "5"}; "3." -> {"3", ""}.
struct Positional {
    std::string int_part;  // with the sign
    std::string frac_part;
};

Positional place_point(const Decimal& d) {
    if (d.exp10 < 0) {
        return {"0", std::string(static_cast<std::size_t>(-d.exp10 - 1), '0') + d.digits};
    }
    const std::size_t int_len = static_cast<std::size_t>(d.exp10) + 1;
    if (d.digits.size() <= int_len) {
        return {d.digits + std::string(int_len - d.digits.size(), '0'), ""};
    }
    return {d.digits.substr(0, int_len), d.digits.substr(int_len)};
}

std::string trim_zeros(std::string s) {
    s.erase(s.find_last_not_of('0') + 1);
    return s;
}

// dragon4_positional(x, precision=8, unique=True, fractional=True, trim='.'): the shortest
// digits, unless they need more than 8 decimals; then the exact value correctly rounded (ties to
// even, as fmt does) to 8 decimals, with trailing zeros dropped.
Positional positional_parts(double x) {
    const std::string sign = std::signbit(x) ? "-" : "";
    const Decimal d = shortest_decimal(x);
    Positional p;
    if (static_cast<int>(d.digits.size()) - 1 - d.exp10 > k_precision) {
        const std::string s = fmt::format(FMT_COMPILE("{:.{}f}"), std::fabs(x), k_precision);
        const std::size_t dot = s.find('.');
        p = {s.substr(0, dot), trim_zeros(s.substr(dot + 1))};
    } else {
        p = place_point(d);
    }
    p.int_part = sign + p.int_part;
    return p;
}

// dragon4_scientific(x, precision=8, unique=True, trim='.') before padding: "-1.5e-05" ->
// {"-1", "5", -5}. The same cap of 8 digits after the point applies to the mantissa.
struct Scientific {
    std::string int_part;  // one digit, with the sign
    std::string frac_part;
    int exp10 = 0;
};

// The exact value of x correctly rounded to frac_digits mantissa decimals (fmt, like Dragon4,
// rounds ties to even); fmt also carries into the exponent (9.999999999 -> 1.00000000e+01).
Scientific rounded_scientific(double x, int frac_digits) {
    const std::string s = fmt::format(FMT_COMPILE("{:.{}e}"), std::fabs(x), frac_digits);
    const std::size_t e = s.find('e');
    const std::string frac = frac_digits > 0 ? s.substr(2, e - 2) : "";
    return {(std::signbit(x) ? "-" : "") + s.substr(0, 1), frac, std::stoi(s.substr(e + 1))};
}

Scientific scientific_parts(double x) {
    const Decimal d = shortest_decimal(x);
    if (static_cast<int>(d.digits.size()) - 1 > k_precision) {
        Scientific s = rounded_scientific(x, k_precision);
        s.frac_part = trim_zeros(s.frac_part);
        return s;
    }
    return {(std::signbit(x) ? "-" : "") + d.digits.substr(0, 1), d.digits.substr(1), d.exp10};
}

std::size_t count_digits(int n) { return std::to_string(std::abs(n)).size(); }

std::string right_justify(const std::string& s, std::size_t width) {
    return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

// FloatingFormat: one layout (positional or scientific, paddings) shared by every element so the
// columns line up; chosen from the finite values that will be shown.
struct FloatFormat {
    bool exp_format = false;
    std::size_t pad_left = 0;   // characters before the '.'
    std::size_t pad_right = 0;  // characters after the '.'
    int precision = 0;          // scientific: mantissa decimals every element shows
    std::size_t exp_size = 0;   // scientific: exponent digits every element shows

    explicit FloatFormat(const std::vector<double>& values) {
        std::vector<double> finite;
        for (double v : values)
            if (std::isfinite(v)) finite.push_back(v);

        double max_abs = 0.0;
        double min_abs = 0.0;
        bool any_nonzero = false;
        for (double v : finite) {
            if (v == 0.0) continue;
            const double a = std::fabs(v);
            max_abs = any_nonzero ? std::max(max_abs, a) : a;
            min_abs = any_nonzero ? std::min(min_abs, a) : a;
            any_nonzero = true;
        }
        // The ratio is tested in double exactly as NumPy does (it may overflow to inf).
        exp_format =
            any_nonzero && (max_abs >= 1e8 || min_abs < 1e-4 || max_abs / min_abs > 1000.0);

        if (finite.empty()) {
            // all non-finite: only the nan/inf widening below applies
        } else if (exp_format) {
            exp_size = 2;  // the exponent never has fewer than two digits
            for (double v : finite) {
                const Scientific s = scientific_parts(v);
                precision = std::max(precision, static_cast<int>(s.frac_part.size()));
                exp_size = std::max(exp_size, count_digits(s.exp10));
                pad_left = std::max(pad_left, s.int_part.size());
            }
            // "e", the exponent sign and its digits all count as right of the point.
            pad_right = exp_size + 2 + static_cast<std::size_t>(precision);
        } else {
            for (double v : finite) {
                const Positional p = positional_parts(v);
                pad_left = std::max(pad_left, p.int_part.size());
                pad_right = std::max(pad_right, p.frac_part.size());
            }
        }

        // "nan", "inf", "-inf" are right-aligned in the full width and may need to widen it.
        if (finite.size() != values.size()) {
            bool neg_inf = false;
            for (double v : values) neg_inf = neg_inf || (std::isinf(v) && v < 0);
            const std::size_t needed = (neg_inf ? 4 : 3);
            if (needed > pad_right + 1) pad_left = std::max(pad_left, needed - (pad_right + 1));
        }
    }

    std::string operator()(double x) const {
        const std::size_t width = pad_left + pad_right + 1;
        if (std::isnan(x)) return right_justify("nan", width);
        if (std::isinf(x)) return right_justify(x < 0 ? "-inf" : "inf", width);
        if (exp_format) {
            // Every mantissa shows `precision` decimals (min_digits). Dragon4 then keeps producing
            // exact digits rather than padding zeros; for normal doubles that is the same text,
            // but subnormals show more digits than their shortest form ("9.25226854e-319").
            const Scientific s = rounded_scientific(x, precision);
            const std::string exp_digits = std::to_string(std::abs(s.exp10));
            return right_justify(s.int_part, pad_left) + "." + s.frac_part + "e" +
                   (s.exp10 < 0 ? "-" : "+") + std::string(exp_size - exp_digits.size(), '0') +
                   exp_digits;
        }
        const Positional p = positional_parts(x);
        return right_justify(p.int_part, pad_left) + "." + p.frac_part +
               std::string(pad_right - p.frac_part.size(), ' ');
    }
};

// The indices shown along an axis of length n; k_summary_marker stands for the "..." entry.
std::vector<std::size_t> shown_indices(std::size_t n, bool summarise) {
    std::vector<std::size_t> idx;
    if (summarise && n > 2 * k_edge_items) {
        for (std::size_t k = 0; k < k_edge_items; ++k) idx.push_back(k);
        idx.push_back(k_summary_marker);
        for (std::size_t k = n - k_edge_items; k < n; ++k) idx.push_back(k);
    } else {
        for (std::size_t k = 0; k < n; ++k) idx.push_back(k);
    }
    return idx;
}

std::string rstrip(const std::string& s) {
    const std::size_t end = s.find_last_not_of(' ');
    return end == std::string::npos ? std::string() : s.substr(0, end + 1);
}

std::vector<std::size_t> row_major_strides(const std::vector<std::size_t>& shape) {
    std::vector<std::size_t> strides(shape.size(), 1);
    for (std::size_t axis = shape.size(); axis-- > 1;) {
        strides[axis - 1] = strides[axis] * shape[axis];
    }
    return strides;
}

// Flat indices of the elements that will be printed (_leading_trailing): the element format is
// fitted to these only, so hidden values never widen the columns.
void collect_shown(const std::vector<std::size_t>& shape, bool summarise, std::size_t axis, std::size_t offset,
                   const std::vector<std::size_t>& strides, std::vector<std::size_t>& out) {
    if (axis == shape.size()) {
        out.push_back(offset);
        return;
    }
    for (std::size_t k : shown_indices(shape[axis], summarise)) {
        if (k == k_summary_marker) continue;
        collect_shown(shape, summarise, axis + 1, offset + k * strides[axis], strides, out);
    }
}

// Lays out a (possibly summarised) array the way _formatArray's recurser does, with its
// separator (" " for str, ", " for repr) and the hanging indent of a prefix ("array(").
class ArrayLayout {
public:
    // `keep`: see array_text. The recursion asks for the elements in the order they are
    // written, so the bytes of the elements written so far are a lower bound on where the next
    // one starts; once they reach `keep`, every later element starts past it (and so does the
    // space a line break before it strips), and it is left empty.
    ArrayLayout(const std::vector<std::size_t>& shape, bool summarise, std::function<std::string(std::size_t)> element,
                std::string separator, std::size_t keep)
        : shape_(shape),
          summarise_(summarise),
          element_(std::move(element)),
          strides_(row_major_strides(shape)),
          separator_(std::move(separator)),
          keep_(keep) {}

    std::string render(const std::string& hanging_indent, std::size_t width) const {
        return recurse(0, 0, hanging_indent, width);
    }

private:
    // _extendLine: start a new line when the word would pass the width, unless the line is
    // still empty (a new line would not help).
    static void extend_line(std::string& s, std::string& line, const std::string& word,
                            std::size_t width, const std::string& indent) {
        if (line.size() + word.size() > width && line.size() > indent.size()) {
            s += rstrip(line) + "\n";
            line = indent;
        }
        line += word;
    }

    std::string recurse(std::size_t axis, std::size_t offset, const std::string& indent,
                        std::size_t width) const {
        if (axis == shape_.size()) {
            if (written_ >= keep_) return std::string();
            std::string text = element_(offset);
            written_ += text.size();
            return text;
        }
        // Nested levels sit one column further right, after their '['.
        const std::string next_indent = indent + " ";
        const std::size_t next_width = width - 1;
        const std::vector<std::size_t> idx = shown_indices(shape_[axis], summarise_);
        auto item = [&](std::size_t k) {
            if (k == k_summary_marker) return std::string("...");
            return recurse(axis + 1, offset + k * strides_[axis], next_indent, next_width);
        };

        std::string s;
        if (axis + 1 == shape_.size()) {
            // Keep one column free for the closing ']' (the last element included).
            const std::size_t elem_width = width - 1;
            std::string line = indent;
            for (std::size_t j = 0; j < idx.size(); ++j) {
                extend_line(s, line, item(idx[j]), elem_width, indent);
                if (j + 1 < idx.size()) line += separator_;
            }
            s += line;
        } else {
            // Sub-arrays are separated by the separator's non-space part and one newline per
            // remaining inner axis.
            const std::string line_sep = rstrip(separator_) + std::string(shape_.size() - axis - 1, '\n');
            for (std::size_t j = 0; j < idx.size(); ++j) {
                s += indent + item(idx[j]);
                if (j + 1 < idx.size()) s += line_sep;
            }
        }
        return "[" + s.substr(indent.size()) + "]";
    }

    const std::vector<std::size_t>& shape_;
    bool summarise_;
    std::function<std::string(std::size_t)> element_;
    std::vector<std::size_t> strides_;
    std::string separator_;
    std::size_t keep_;
    mutable std::size_t written_ = 0;
};

}  // namespace

std::string array_text(const ArrayText& a, const std::string& separator, const std::string& prefix,
                       std::size_t suffix_len, std::size_t keep) {
    std::size_t size = 1;
    for (std::size_t d : a.shape) size *= d;
    // A 0-d array prints as its scalar (repr(float) digits for floats).
    if (a.shape.empty()) {
        if (a.kind == ArrayText::Kind::floating) return scalar_str(a.f(0));
        if (a.kind == ArrayText::Kind::boolean) return a.i(0) ? "True" : "False";
        return int_str(a.i(0));
    }
    if (size == 0) return "[]";

    const bool summarise = size > k_threshold;
    std::vector<std::size_t> shown;
    collect_shown(a.shape, summarise, 0, 0, row_major_strides(a.shape), shown);
    const std::string hanging(1 + prefix.size(), ' ');
    const std::size_t width = k_line_width - suffix_len;

    if (a.kind == ArrayText::Kind::floating) {
        std::vector<double> values;
        for (std::size_t k : shown) values.push_back(a.f(k));
        const FloatFormat format(values);
        return ArrayLayout(a.shape, summarise, [&](std::size_t k) { return format(a.f(k)); }, separator, keep)
            .render(hanging, width);
    }
    if (a.kind == ArrayText::Kind::boolean) {
        // BoolFormat: " True" so that True and False line up.
        auto element = [&](std::size_t k) { return std::string(a.i(k) ? " True" : "False"); };
        return ArrayLayout(a.shape, summarise, element, separator, keep).render(hanging, width);
    }
    // IntegerFormat: right-justified to the wider of str(max) and str(min).
    std::size_t w = 0;
    for (std::size_t k : shown) w = std::max(w, int_str(a.i(k)).size());
    auto element = [&](std::size_t k) { return right_justify(int_str(a.i(k)), w); };
    return ArrayLayout(a.shape, summarise, element, separator, keep).render(hanging, width);
}

std::string array_str(const NdArray& a) {
    ArrayText t;
    t.shape = a.shape;
    if (a.is_float()) {
        t.kind = ArrayText::Kind::floating;
        t.f = [&](std::size_t k) { return a.f[k]; };
    } else {
        t.kind = ArrayText::Kind::integer;
        t.i = [&](std::size_t k) { return a.i[k]; };
    }
    return array_text(t);
}

std::string scalar_str(double x) {
    if (std::isnan(x)) return "nan";
    if (std::isinf(x)) return x < 0 ? "-inf" : "inf";
    const std::string sign = std::signbit(x) ? "-" : "";
    if (x == 0.0) return sign + "0.0";

    // repr(float): positional for 1e-4 <= |x| < 1e16, otherwise "1e+16", "1.5e-05".
    const Decimal d = shortest_decimal(x);
    if (d.exp10 >= -4 && d.exp10 < 16) {
        const Positional p = place_point(d);
        return sign + p.int_part + "." + (p.frac_part.empty() ? "0" : p.frac_part);
    }
    const std::string mantissa =
        d.digits.size() > 1 ? d.digits.substr(0, 1) + "." + d.digits.substr(1) : d.digits;
    return sign + mantissa + fmt::format(FMT_COMPILE("e{}{:02d}"), d.exp10 < 0 ? '-' : '+', std::abs(d.exp10));
}

std::string int_str(std::int64_t x) { return fmt::format(FMT_COMPILE("{}"), x); }

std::string shape_str(const std::vector<std::size_t>& shape) {
    if (shape.size() == 1) return fmt::format(FMT_COMPILE("({},)"), shape[0]);
    return fmt::format(FMT_COMPILE("({})"), fmt::join(shape, ", "));
}

std::string py_float_literal(double x) { return scalar_str(x); }

}  // namespace tlab
