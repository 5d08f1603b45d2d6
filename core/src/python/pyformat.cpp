// pyformat.cpp — CPython 3.11's number and string formatting, rule by rule.
//
// Names in comments point at the CPython function each piece mirrors: Python/formatter_unicode.c
// (format specs), Python/pystrtod.c (format_float_short), Objects/stringlib/unicode_format.h
// (str.format), Objects/unicodeobject.c (PyUnicode_Format, %), Objects/floatobject.c
// (double_round), Objects/longobject.c (PyLong_FromString). Digits come from {fmt}, which like
// CPython's dtoa produces the shortest round-trip digits or the exact binary value correctly
// rounded with ties to even; text is parsed back with fast_float (correctly rounded).
#include "python/pyformat.hpp"

#include <fast_float/fast_float.h>
#include <fmt/compile.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <utility>

namespace tlab {

const char k_beyond_int64[] = "int64";

namespace {

constexpr std::int64_t k_int64_max = std::numeric_limits<std::int64_t>::max();
// Widths and precisions past this would build strings of gigabytes; CPython answers them with a
// MemoryError (or after a long while), we answer at once.
constexpr std::int64_t k_max_text = std::int64_t{1} << 26;

PyExc value_error(std::string message) { return {"ValueError", std::move(message)}; }
PyExc type_error(std::string message) { return {"TypeError", std::move(message)}; }

template <typename T>
PyResult<T> fail(PyExc e) {
    PyResult<T> r;
    r.error = std::move(e);
    return r;
}

template <typename T>
PyResult<T> done(T value) {
    PyResult<T> r;
    r.value = std::move(value);
    return r;
}

// Messages are joined by hand: each compiled {fmt} format is its own code in the wasm.
std::string dec(std::int64_t v) { return std::to_string(v); }

std::string hex(std::uint32_t v) {
    std::string d;
    do {
        d.insert(d.begin(), "0123456789abcdef"[v % 16]);
        v /= 16;
    } while (v != 0);
    return d;
}

// The two digit generators every float path shares: the exact value rounded to prec decimals,
// in fixed or exponent form ("{:.{}f}", "{:.{}e}").
std::string fixed_text(double a, int prec) { return fmt::format(FMT_COMPILE("{:.{}f}"), a, prec); }
std::string exponent_text(double a, int prec) { return fmt::format(FMT_COMPILE("{:.{}e}"), a, prec); }

// ---- UTF-8 ---------------------------------------------------------------------------------

// The code point at s[i], advancing i past it. The interpreter's strings are valid UTF-8; a
// stray byte decodes as itself so nothing reads out of bounds.
char32_t next_cp(std::string_view s, std::size_t& i) {
    const auto b = static_cast<unsigned char>(s[i++]);
    if (b < 0x80) return b;
    const int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0;
    char32_t c = b & (0x3F >> extra);
    for (int k = 0; k < extra && i < s.size(); ++k) c = (c << 6) | (static_cast<unsigned char>(s[i++]) & 0x3F);
    return c;
}

void append_cp(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

std::int64_t count_cps(std::string_view s) {
    std::int64_t n = 0;
    for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

// The bytes of s's first n code points.
std::size_t cp_prefix(std::string_view s, std::int64_t n) {
    std::size_t i = 0;
    while (i < s.size() && n-- > 0) next_cp(s, i);
    return i;
}

void append_fill(std::string& out, char32_t fill, std::int64_t n) {
    if (fill < 0x80) {
        out.append(static_cast<std::size_t>(std::max<std::int64_t>(n, 0)), static_cast<char>(fill));
        return;
    }
    for (std::int64_t k = 0; k < n; ++k) append_cp(out, fill);
}

// Py_UNICODE_TODECIMAL: the first code point of each run of ten decimal digits (Unicode 14,
// as Python 3.11's unicodedata; the test checks this table against it).
constexpr char32_t k_decimal_zeros[] = {
    0x30, 0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66,
    0xde6, 0xe50, 0xed0, 0xf20, 0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80, 0x1a90,
    0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0,
    0xff10, 0x104a0, 0x10d30, 0x11066, 0x110f0, 0x11136, 0x111d0, 0x112f0, 0x11450, 0x114d0,
    0x11650, 0x116c0, 0x11730, 0x118e0, 0x11950, 0x11c50, 0x11d50, 0x11da0, 0x16a60, 0x16ac0,
    0x16b50, 0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec, 0x1d7f6, 0x1e140, 0x1e2f0, 0x1e950, 0x1fbf0};

int decimal_value(char32_t c) {
    if (c < 0x80) return c >= '0' && c <= '9' ? static_cast<int>(c - '0') : -1;
    const char32_t* end = std::end(k_decimal_zeros);
    const char32_t* it = std::upper_bound(std::begin(k_decimal_zeros), end, c);
    if (it == std::begin(k_decimal_zeros)) return -1;
    const char32_t zero = *(it - 1);
    return c - zero < 10 ? static_cast<int>(c - zero) : -1;
}

// str.isspace (Py_UNICODE_ISSPACE).
bool is_py_space(char32_t c) {
    if (c < 0x80) return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20);
    return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 ||
           c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

// _PyUnicode_TransformDecimalAndSpaceToASCII: what int() and float() read. Non-ASCII decimal
// digits become ASCII digits and non-ASCII spaces a space; anything else non-ASCII becomes '?',
// which no parser accepts.
std::string to_ascii_number(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const char32_t c = next_cp(s, i);
        if (c < 0x80) {
            out += static_cast<char>(c);
        } else if (is_py_space(c)) {
            out += ' ';
        } else {
            const int d = decimal_value(c);
            out += d >= 0 ? static_cast<char>('0' + d) : '?';
        }
    }
    return out;
}

// ---- digits of a double --------------------------------------------------------------------

// _Py_dg_dtoa's answer: |x| = 0.DIGITS * 10**decpt, trailing zeros stripped; zero is "0", 1.
struct Digits {
    std::string digits;
    int decpt = 1;
    bool negative = false;
};

// Reads {fmt}'s "{:e}" text ("1.2345e+06", "5e-01") into digits and decpt.
void read_exponent_form(const std::string& s, Digits& d) {
    const std::size_t e = s.find('e');
    int exp = 0;
    for (std::size_t k = e + 2; k < s.size(); ++k) exp = exp * 10 + (s[k] - '0');
    if (s[e + 1] == '-') exp = -exp;
    for (std::size_t k = 0; k < e; ++k)
        if (s[k] != '.') d.digits += s[k];
    d.decpt = exp + 1;
}

void strip_zeros(Digits& d) {
    const std::size_t last = d.digits.find_last_not_of('0');
    if (last == std::string::npos) {
        d.digits = "0";
        d.decpt = 1;
    } else {
        d.digits.resize(last + 1);
    }
}

// mode 0: shortest round-trip digits; mode 2: max(ndigits, 1) significant digits; mode 3:
// ndigits digits after the point (ndigits >= 0). x is finite.
Digits dtoa(double x, int mode, int ndigits) {
    Digits d;
    d.negative = std::signbit(x);
    const double a = std::fabs(x);
    if (a == 0.0) {
        d.digits = "0";
        return d;
    }
    if (mode == 0) {
        const auto shortest = fmt::detail::dragonbox::to_decimal(a);
        d.digits = std::to_string(shortest.significand);
        d.decpt = static_cast<int>(d.digits.size()) + shortest.exponent;
    } else if (mode == 2) {
        read_exponent_form(exponent_text(a, std::max(ndigits, 1) - 1), d);
    } else {
        const std::string s = fixed_text(a, ndigits);
        const std::size_t dot = std::min(s.find('.'), s.size());
        const std::size_t first = s.find_first_not_of("0.");
        if (first == std::string::npos) {
            d.digits = "0";  // rounds to zero: dtoa returns no digits, which lays out the same
            return d;
        }
        for (std::size_t k = first; k < s.size(); ++k)
            if (s[k] != '.') d.digits += s[k];
        d.decpt = static_cast<int>(dot) - static_cast<int>(first) + (first > dot ? 1 : 0);
    }
    strip_zeros(d);
    return d;
}

enum : unsigned { dts_sign = 1, dts_add_dot_0 = 2, dts_alt = 4, dts_no_neg_0 = 8 };

// PyOS_double_to_string(val, code, precision, flags) for code in e E f F g G r (format_float_short).
std::string double_to_string(double val, char code, int precision, unsigned flags) {
    const bool upper = code == 'E' || code == 'F' || code == 'G';
    if (upper) code = static_cast<char>(code - 'A' + 'a');
    int mode = 0;
    if (code == 'e') {
        mode = 2;
        ++precision;
    } else if (code == 'f') {
        mode = 3;
    } else if (code == 'g') {
        mode = 2;
        if (precision == 0) precision = 1;
    }
    std::string out;
    if (std::isnan(val) || std::isinf(val)) {
        if (std::isinf(val) && val < 0) out += '-';
        else if (flags & dts_sign) out += '+';
        out += std::isnan(val) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
        return out;
    }
    Digits d = dtoa(val, mode, precision);
    if ((flags & dts_no_neg_0) && d.digits == "0") d.negative = false;
    const bool add_dot_0 = flags & dts_add_dot_0;
    const bool alt = flags & dts_alt;
    const std::int64_t digits_len = static_cast<std::int64_t>(d.digits.size());
    std::int64_t decpt = d.decpt;
    std::int64_t vdigits_end = digits_len;
    bool use_exp = false;
    if (code == 'e') {
        use_exp = true;
        vdigits_end = precision;
    } else if (code == 'f') {
        vdigits_end = decpt + precision;
    } else if (code == 'g') {
        if (decpt <= -4 || decpt > (add_dot_0 ? precision - 1 : precision)) use_exp = true;
        if (alt) vdigits_end = precision;
    } else if (decpt <= -4 || decpt > 16) {  // 'r'
        use_exp = true;
    }
    int exp = 0;
    if (use_exp) {
        exp = static_cast<int>(decpt) - 1;
        decpt = 1;
    }
    const std::int64_t vdigits_start = decpt <= 0 ? decpt - 1 : 0;
    if (!use_exp && add_dot_0) vdigits_end = std::max(vdigits_end, decpt + 1);
    else vdigits_end = std::max(vdigits_end, decpt);

    if (d.negative) out += '-';
    else if (flags & dts_sign) out += '+';
    if (decpt <= 0) {
        out.append(static_cast<std::size_t>(decpt - vdigits_start), '0');
        out += '.';
        out.append(static_cast<std::size_t>(-decpt), '0');
    } else {
        out.append(static_cast<std::size_t>(-vdigits_start), '0');
    }
    if (0 < decpt && decpt <= digits_len) {
        out.append(d.digits, 0, static_cast<std::size_t>(decpt));
        out += '.';
        out.append(d.digits, static_cast<std::size_t>(decpt), std::string::npos);
    } else {
        out += d.digits;
    }
    if (digits_len < decpt) {
        out.append(static_cast<std::size_t>(decpt - digits_len), '0');
        out += '.';
        out.append(static_cast<std::size_t>(vdigits_end - decpt), '0');
    } else {
        out.append(static_cast<std::size_t>(vdigits_end - digits_len), '0');
    }
    if (out.back() == '.' && !alt) out.pop_back();
    if (use_exp) {
        out += upper ? 'E' : 'e';
        out += exp < 0 ? '-' : '+';
        if (std::abs(exp) < 10) out += '0';
        out += dec(std::abs(exp));
    }
    return out;
}

// ---- the format mini-language (formatter_unicode.c) ----------------------------------------

struct Spec {
    char32_t fill = ' ';
    char32_t align = 0;
    char32_t sign = 0;
    bool no_neg_0 = false;
    bool alternate = false;
    std::int64_t width = -1;
    char grouping = 0;     // ',' or '_'
    int group_size = 3;    // 4 for '_' with b o x X
    std::int64_t precision = -1;
    char32_t type = 0;
};

std::string type_code_text(char32_t c) {
    if (c > 32 && c < 128) return std::string(1, static_cast<char>(c));
    return "\\x" + hex(static_cast<std::uint32_t>(c));
}

PyExc unknown_type(char32_t type, std::string_view type_name) {
    return value_error("Unknown format code '" + type_code_text(type) + "' for object of type '" +
                       std::string(type_name) + "'");
}

// get_integer: decimal digits (any script's) into *out; false on overflow.
bool read_integer(const std::u32string& s, std::size_t& pos, std::int64_t& out, int& count) {
    std::int64_t acc = 0;
    count = 0;
    for (; pos < s.size(); ++pos, ++count) {
        const int d = decimal_value(s[pos]);
        if (d < 0) break;
        if (acc > (k_int64_max - d) / 10) return false;
        acc = acc * 10 + d;
    }
    out = acc;
    return true;
}

bool is_align(char32_t c) { return c == '<' || c == '>' || c == '=' || c == '^'; }

// parse_internal_render_format_spec. default_align is '>' for numbers, '<' for str.
PyExc parse_spec(std::string_view text, std::string_view type_name, char32_t default_type,
                 char32_t default_align, Spec& f) {
    std::u32string s;
    for (std::size_t i = 0; i < text.size();) s += next_cp(text, i);
    const std::size_t end = s.size();
    std::size_t pos = 0;
    f.align = default_align;
    f.type = default_type;
    bool align_given = false, fill_given = false;
    if (end >= 2 && is_align(s[1])) {
        f.align = s[1];
        f.fill = s[0];
        align_given = fill_given = true;
        pos = 2;
    } else if (end >= 1 && is_align(s[0])) {
        f.align = s[0];
        align_given = true;
        pos = 1;
    }
    if (pos < end && (s[pos] == ' ' || s[pos] == '+' || s[pos] == '-')) f.sign = s[pos++];
    if (pos < end && s[pos] == 'z') {
        f.no_neg_0 = true;
        ++pos;
    }
    if (pos < end && s[pos] == '#') {
        f.alternate = true;
        ++pos;
    }
    if (!fill_given && pos < end && s[pos] == '0') {
        f.fill = '0';
        if (!align_given && default_align == '>') f.align = '=';
        ++pos;
    }
    const PyExc too_many = value_error("Too many decimal digits in format string");
    int count = 0;
    if (!read_integer(s, pos, f.width, count)) return too_many;
    if (count == 0) f.width = -1;
    if (pos < end && s[pos] == ',') {
        f.grouping = ',';
        ++pos;
    }
    if (pos < end && s[pos] == '_') {
        if (f.grouping) return value_error("Cannot specify both ',' and '_'.");
        f.grouping = '_';
        ++pos;
    }
    if (pos < end && s[pos] == ',' && f.grouping == '_') return value_error("Cannot specify both ',' and '_'.");
    if (pos < end && s[pos] == '.') {
        ++pos;
        if (!read_integer(s, pos, f.precision, count)) return too_many;
        if (count == 0) return value_error("Format specifier missing precision");
    }
    if (end - pos > 1) {
        return value_error("Invalid format specifier '" + std::string(text) + "' for object of type '" +
                           std::string(type_name) + "'");
    }
    if (end - pos == 1) f.type = s[pos];
    if (f.grouping) {
        switch (f.type) {
        case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F': case 0:
            break;
        case 'b': case 'o': case 'x': case 'X':
            if (f.grouping == '_') {
                f.group_size = 4;
                break;
            }
            [[fallthrough]];
        default:
            return value_error(std::string("Cannot specify '") + f.grouping + "' with '" + type_code_text(f.type) + "'.");
        }
    }
    return {};
}

// Past k_max_text a width (or a float's precision) would build gigabytes of text.
bool too_long(std::int64_t n) { return n > k_max_text; }
const PyExc k_memory_error{"MemoryError", ""};

// _PyUnicode_InsertThousandsGrouping: digits grouped from the right, padded with zeros (and
// separators) up to min_width. group 0 means no grouping.
std::string group_digits(std::string_view digits, std::int64_t min_width, int group, char sep) {
    std::string out;  // built right to left
    std::int64_t remaining = static_cast<std::int64_t>(digits.size());
    std::size_t pos = digits.size();
    auto take = [&](std::int64_t l, bool use_sep) {
        const std::int64_t zeros = std::max<std::int64_t>(0, l - remaining);
        const std::int64_t chars = std::max<std::int64_t>(0, std::min(remaining, l));
        if (use_sep) out += sep;
        for (std::int64_t k = 0; k < chars; ++k) out += digits[--pos];
        out.append(static_cast<std::size_t>(zeros), '0');
        remaining -= chars;
    };
    if (group == 0) {
        take(std::max<std::int64_t>(std::max(remaining, min_width), 1), false);
    } else {
        for (bool use_sep = false;; use_sep = true) {
            const std::int64_t l = std::min<std::int64_t>(group, std::max<std::int64_t>(std::max(remaining, min_width), 1));
            take(l, use_sep);
            min_width -= l;
            if (remaining <= 0 && min_width <= 0) break;
            min_width -= 1;
        }
    }
    std::reverse(out.begin(), out.end());
    return out;
}

// calc_number_widths + fill_number: [lpad][sign][prefix][spad][grouped digits][.][remainder][rpad].
// digits are ASCII; remainder may hold one non-ASCII character (format code 'c').
std::string lay_out_number(const Spec& f, bool negative, std::string_view prefix, std::string_view digits,
                           bool has_decimal, std::string_view remainder) {
    char sign = 0;
    if (f.sign == '+') sign = negative ? '-' : '+';
    else if (f.sign == ' ') sign = negative ? '-' : ' ';
    else if (negative) sign = '-';
    const std::int64_t n_other = (sign ? 1 : 0) + static_cast<std::int64_t>(prefix.size()) + (has_decimal ? 1 : 0) +
                                 count_cps(remainder);
    const std::int64_t min_width = f.fill == '0' && f.align == '=' ? f.width - n_other : 0;
    const std::string body = digits.empty() ? std::string()
                                            : group_digits(digits, min_width, f.grouping ? f.group_size : 0, f.grouping);
    const std::int64_t padding = f.width - (n_other + static_cast<std::int64_t>(body.size()));
    std::int64_t lpad = 0, spad = 0, rpad = 0;
    if (padding > 0) {
        if (f.align == '<') rpad = padding;
        else if (f.align == '^') lpad = padding / 2, rpad = padding - lpad;
        else if (f.align == '=') spad = padding;
        else lpad = padding;
    }
    std::string out;
    append_fill(out, f.fill, lpad);
    if (sign) out += sign;
    out += prefix;
    append_fill(out, f.fill, spad);
    out += body;
    if (has_decimal) out += '.';
    out += remainder;
    append_fill(out, f.fill, rpad);
    return out;
}

// format_float_internal.
PyResult<std::string> format_float_with(double val, const Spec& f) {
    if (f.precision > std::numeric_limits<int>::max()) return fail<std::string>(value_error("precision too big"));
    if (too_long(f.width) || too_long(f.precision)) return fail<std::string>(k_memory_error);
    int precision = static_cast<int>(f.precision);
    int default_precision = 6;
    unsigned flags = 0;
    if (f.alternate) flags |= dts_alt;
    if (f.no_neg_0) flags |= dts_no_neg_0;
    char type = static_cast<char>(f.type);
    if (type == 0) {
        flags |= dts_add_dot_0;
        type = 'r';
        default_precision = 0;
    }
    if (type == 'n') type = 'g';
    bool add_pct = false;
    if (type == '%') {
        type = 'f';
        val *= 100;
        add_pct = true;
    }
    if (precision < 0) precision = default_precision;
    else if (type == 'r') type = 'g';
    std::string buf = double_to_string(val, type, precision, flags);
    if (add_pct) buf += '%';
    const bool negative = buf[0] == '-';
    const std::string_view num = std::string_view(buf).substr(negative ? 1 : 0);
    std::size_t n_digits = 0;
    while (n_digits < num.size() && num[n_digits] >= '0' && num[n_digits] <= '9') ++n_digits;
    const bool has_decimal = n_digits < num.size() && num[n_digits] == '.';
    return done(lay_out_number(f, negative, {}, num.substr(0, n_digits), has_decimal,
                               num.substr(n_digits + (has_decimal ? 1 : 0))));
}

// format_long_internal.
PyResult<std::string> format_long_with(std::int64_t x, const Spec& f) {
    if (f.precision != -1) return fail<std::string>(value_error("Precision not allowed in integer format specifier"));
    if (f.no_neg_0)
        return fail<std::string>(value_error("Negative zero coercion (z) not allowed in integer format specifier"));
    if (f.type == 'c') {
        if (f.sign) return fail<std::string>(value_error("Sign not allowed with integer format specifier 'c'"));
        if (f.alternate)
            return fail<std::string>(value_error("Alternate form (#) not allowed with integer format specifier 'c'"));
        if (x < 0 || x > 0x10FFFF) return fail<std::string>({"OverflowError", "%c arg not in range(0x110000)"});
        if (too_long(f.width)) return fail<std::string>(k_memory_error);
        std::string ch;
        append_cp(ch, static_cast<char32_t>(x));
        return done(lay_out_number(f, false, {}, {}, false, ch));
    }
    if (too_long(f.width)) return fail<std::string>(k_memory_error);
    unsigned base = 10;
    const char* prefix = "";
    switch (f.type) {
    case 'b': base = 2, prefix = "0b"; break;
    case 'o': base = 8, prefix = "0o"; break;
    case 'x': base = 16, prefix = "0x"; break;
    case 'X': base = 16, prefix = "0X"; break;
    default: break;
    }
    const bool upper = f.type == 'X';
    std::uint64_t mag = x < 0 ? 0 - static_cast<std::uint64_t>(x) : static_cast<std::uint64_t>(x);
    std::string digits;
    do {
        digits += (upper ? "0123456789ABCDEF" : "0123456789abcdef")[mag % base];
        mag /= base;
    } while (mag != 0);
    std::reverse(digits.begin(), digits.end());
    return done(lay_out_number(f, x < 0, f.alternate ? prefix : "", digits, false, {}));
}

PyResult<std::string> format_integral(std::int64_t x, std::string_view spec, std::string_view type_name) {
    Spec f;
    if (PyExc e = parse_spec(spec, type_name, 'd', '>', f)) return fail<std::string>(std::move(e));
    switch (f.type) {
    case 'b': case 'c': case 'd': case 'o': case 'x': case 'X': case 'n':
        return format_long_with(x, f);
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%':
        return format_float_with(static_cast<double>(x), f);
    default:
        return fail<std::string>(unknown_type(f.type, type_name));
    }
}

}  // namespace

// ---- format() ------------------------------------------------------------------------------

PyResult<std::string> format_int(std::int64_t x, std::string_view spec, bool is_bool) {
    if (spec.empty()) return done(is_bool ? std::string(x ? "True" : "False") : dec(x));
    return format_integral(x, spec, is_bool ? "bool" : "int");
}

PyResult<std::string> format_bool(bool b, std::string_view spec) { return format_int(b ? 1 : 0, spec, true); }

PyResult<std::string> format_float(double x, std::string_view spec) {
    Spec f;
    if (spec.empty()) return format_float_with(x, f);
    if (PyExc e = parse_spec(spec, "float", 0, '>', f)) return fail<std::string>(std::move(e));
    switch (f.type) {
    case 0: case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'n': case '%':
        return format_float_with(x, f);
    default:
        return fail<std::string>(unknown_type(f.type, "float"));
    }
}

PyResult<std::string> format_str(std::string_view s, std::string_view spec) {
    if (spec.empty()) return done(std::string(s));
    Spec f;
    if (PyExc e = parse_spec(spec, "str", 's', '<', f)) return fail<std::string>(std::move(e));
    if (f.type != 's') return fail<std::string>(unknown_type(f.type, "str"));
    if (f.sign == ' ') return fail<std::string>(value_error("Space not allowed in string format specifier"));
    if (f.sign) return fail<std::string>(value_error("Sign not allowed in string format specifier"));
    if (f.no_neg_0)
        return fail<std::string>(value_error("Negative zero coercion (z) not allowed in string format specifier"));
    if (f.alternate)
        return fail<std::string>(value_error("Alternate form (#) not allowed in string format specifier"));
    if (f.align == '=') return fail<std::string>(value_error("'=' alignment not allowed in string format specifier"));
    if (too_long(f.width)) return fail<std::string>(k_memory_error);
    std::int64_t len = count_cps(s);
    if (f.precision >= 0 && len >= f.precision) {
        s = s.substr(0, cp_prefix(s, f.precision));
        len = f.precision;
    }
    const std::int64_t total = std::max(len, f.width);
    const std::int64_t lpad = f.align == '>' ? total - len : f.align == '^' ? (total - len) / 2 : 0;
    std::string out;
    append_fill(out, f.fill, lpad);
    out += s;
    append_fill(out, f.fill, total - len - lpad);
    return done(std::move(out));
}

PyExc format_object_error(std::string_view type_name, std::string_view spec) {
    if (spec.empty()) return {};
    return type_error("unsupported format string passed to " + std::string(type_name) + ".__format__");
}

// ---- str.format (unicode_format.h) ---------------------------------------------------------

namespace {

// get_integer on a field name part: its value when it is all decimal digits (any script),
// -1 when it is empty or not a number, -2 on overflow.
std::int64_t field_integer(std::string_view s) {
    if (s.empty()) return -1;
    std::int64_t acc = 0;
    for (std::size_t i = 0; i < s.size();) {
        const int d = decimal_value(next_cp(s, i));
        if (d < 0) return -1;
        if (acc > (k_int64_max - d) / 10) return -2;
        acc = acc * 10 + d;
    }
    return acc;
}

const char* const k_too_many_digits = "Too many decimal digits in format string";

}  // namespace

PyResult<FieldName> split_field_name(std::string_view name, FieldNumbering& numbering) {
    FieldName out;
    const std::size_t first_end = std::min(name.find_first_of(".["), name.size());
    const std::string_view first = name.substr(0, first_end);
    std::int64_t index = field_integer(first);
    if (index == -2) return fail<FieldName>(value_error(k_too_many_digits));
    const bool empty = first.empty();
    if (empty || index >= 0) {
        using State = FieldNumbering::State;
        if (numbering.state == State::init) numbering.state = empty ? State::automatic : State::manual;
        if (numbering.state == State::manual && empty)
            return fail<FieldName>(value_error("cannot switch from manual field specification to automatic field numbering"));
        if (numbering.state == State::automatic && !empty)
            return fail<FieldName>(value_error("cannot switch from automatic field numbering to manual field specification"));
        if (empty) index = numbering.next++;
        out.is_index = true;
        out.index = index;
    } else {
        out.key = std::string(first);
    }
    // FieldNameIterator_next, eagerly, keeping the first error for after the accessors before it.
    for (std::size_t i = first_end; i < name.size();) {
        FieldAccessor a;
        const char c = name[i++];
        std::size_t start = i;
        std::size_t stop = i;
        if (c == '.') {
            a.is_attribute = true;
            stop = std::min(name.find_first_of(".[", i), name.size());
            i = stop;
        } else if (c == '[') {
            stop = name.find(']', i);
            if (stop == std::string_view::npos) {
                out.rest_error = value_error("Missing ']' in format string");
                break;
            }
            i = stop + 1;
            const std::int64_t k = field_integer(name.substr(start, stop - start));
            if (k == -2) {
                out.rest_error = value_error(k_too_many_digits);
                break;
            }
            a.is_index = k >= 0;
            a.index = k;
        } else {
            out.rest_error = value_error("Only '.' or '[' may follow ']' in format field specifier");
            break;
        }
        if (stop == start) {
            out.rest_error = value_error("Empty attribute in format string");
            break;
        }
        if (!a.is_index) a.name = std::string(name.substr(start, stop - start));
        out.rest.push_back(std::move(a));
    }
    return done(std::move(out));
}

FormatString parse_format_string(std::string_view s) {
    FormatString r;
    const std::size_t end = s.size();
    std::size_t pos = 0;
    std::string literal;
    auto flush_literal = [&]() {
        if (!literal.empty()) {
            r.pieces.push_back(FormatPiece{});
            r.pieces.back().literal = std::move(literal);
            literal.clear();
        }
    };
    while (pos < end) {
        // MarkupIterator_next: literal text up to a brace.
        const std::size_t start = pos;
        char c = 0;
        bool markup = false;
        while (pos < end) {
            c = s[pos++];
            if (c == '{' || c == '}') {
                markup = true;
                break;
            }
        }
        const bool at_end = pos >= end;
        std::size_t len = pos - start;
        if (markup && c == '}' && (at_end || s[pos] != '}')) {
            r.error = value_error("Single '}' encountered in format string");
            break;
        }
        if (markup && at_end && c == '{') {
            r.error = value_error("Single '{' encountered in format string");
            break;
        }
        if (markup) {
            if (s[pos] == c) {
                ++pos;  // "{{" or "}}": the literal keeps one brace
                markup = false;
            } else {
                --len;
            }
        }
        if (!markup) {
            literal.append(s, start, len);  // CPython yields it on its own; joined, it reads the same
            continue;
        }

        // parse_field. On an error this chunk's literal is not yielded, earlier ones are.
        FormatPiece piece;
        piece.literal = literal;
        piece.literal.append(s, start, len);
        piece.has_field = true;
        const std::size_t name_start = pos;
        c = 0;
        while (pos < end) {
            c = s[pos++];
            if (c == '{') {
                r.error = value_error("unexpected '{' in field name");
                break;
            }
            if (c == '[') {
                while (pos < end && s[pos] != ']') ++pos;
                continue;
            }
            if (c == '}' || c == ':' || c == '!') break;
        }
        if (r.error) break;
        piece.field_name = std::string(s.substr(name_start, pos - 1 - name_start));
        if (c == '!' || c == ':') {
            if (c == '!') {
                if (pos >= end) {
                    r.error = value_error("end of string while looking for conversion specifier");
                    break;
                }
                piece.conversion = next_cp(s, pos);
                if (pos < end) {
                    c = s[pos++];
                    if (c == '}') {
                        literal.clear();
                        r.pieces.push_back(std::move(piece));
                        continue;
                    }
                    if (c != ':') {
                        r.error = value_error("expected ':' after conversion specifier");
                        break;
                    }
                }
            }
            const std::size_t spec_start = pos;
            int count = 1;
            while (pos < end) {
                c = s[pos++];
                if (c == '{') {
                    piece.spec_has_fields = true;
                    ++count;
                } else if (c == '}' && --count == 0) {
                    break;
                }
            }
            if (count != 0) {
                r.error = value_error("unmatched '{' in format spec");
                break;
            }
            piece.spec = std::string(s.substr(spec_start, pos - 1 - spec_start));
        } else if (c != '}') {
            r.error = value_error("expected '}' before end of string");
            break;
        }
        literal.clear();
        r.pieces.push_back(std::move(piece));
    }
    flush_literal();
    return r;
}

PyExc conversion_error(char32_t conversion) {
    if (conversion == 0 || conversion == 'r' || conversion == 's' || conversion == 'a') return {};
    const std::string shown = conversion > 32 && conversion < 127
                                  ? std::string(1, static_cast<char>(conversion))
                                  : "\\x" + hex(static_cast<std::uint32_t>(conversion));
    return value_error("Unknown conversion specifier " + shown);
}

namespace {

// build_string: recursion_depth starts at 2, so a spec may hold fields but theirs may not.
PyResult<std::string> build_string(std::string_view text, FormatFields& fields, int depth, FieldNumbering& numbering) {
    if (depth <= 0) return fail<std::string>(value_error("Max string recursion exceeded"));
    FormatString parsed = parse_format_string(text);
    std::string out;
    for (const FormatPiece& piece : parsed.pieces) {
        out += piece.literal;
        if (!piece.has_field) continue;
        PyResult<FieldName> name = split_field_name(piece.field_name, numbering);
        if (!name.ok()) return fail<std::string>(std::move(name.error));
        PyResult<std::size_t> handle = fields.lookup(name.value);
        if (!handle.ok()) return fail<std::string>(std::move(handle.error));
        if (piece.conversion != 0) {
            if (PyExc e = conversion_error(piece.conversion)) return fail<std::string>(std::move(e));
            if (PyExc e = fields.convert(handle.value, piece.conversion)) return fail<std::string>(std::move(e));
        }
        std::string spec = piece.spec;
        if (piece.spec_has_fields) {
            PyResult<std::string> expanded = build_string(spec, fields, depth - 1, numbering);
            if (!expanded.ok()) return expanded;
            spec = std::move(expanded.value);
        }
        PyResult<std::string> text_of = fields.format(handle.value, spec);
        if (!text_of.ok()) return text_of;
        out += text_of.value;
    }
    if (parsed.error) return fail<std::string>(std::move(parsed.error));
    return done(std::move(out));
}

}  // namespace

PyResult<std::string> format_string(std::string_view text, FormatFields& fields) {
    FieldNumbering numbering;
    return build_string(text, fields, 2, numbering);
}

// ---- printf-style % (PyUnicode_Format) -----------------------------------------------------

namespace {

enum : unsigned { f_ljust = 1, f_sign = 2, f_blank = 4, f_alt = 8, f_zero = 16 };

struct PercentConv {
    char32_t ch = 0;
    unsigned flags = 0;
    std::int64_t width = -1;
    std::int64_t prec = -1;
    bool sign = false;  // a numeric conversion: its sign may move in front of the padding
};

std::string ascii_upper(std::string s) {
    for (char& c : s)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return s;
}

// _PyUnicode_FormatLong for a decimal or int64 value: [-][0x]digits, at least prec digits.
std::string format_long_text(bool negative, std::string digits, char32_t type, bool alt, std::int64_t prec) {
    std::string out = negative ? "-" : "";
    if (alt && (type == 'o' || type == 'x' || type == 'X')) out += type == 'o' ? "0o" : "0x";
    if (prec > static_cast<std::int64_t>(digits.size()))
        out.append(static_cast<std::size_t>(prec) - digits.size(), '0');
    out += digits;
    return type == 'X' ? ascii_upper(out) : out;
}

std::string int_digits(std::uint64_t mag, unsigned base) {
    std::string d;
    do {
        d += "0123456789abcdef"[mag % base];
        mag /= base;
    } while (mag != 0);
    std::reverse(d.begin(), d.end());
    return d;
}

std::uint64_t magnitude(std::int64_t x) { return x < 0 ? 0 - static_cast<std::uint64_t>(x) : static_cast<std::uint64_t>(x); }

// mainformatlong.
PyResult<std::string> percent_long(const PercentArg& v, const PercentConv& a) {
    const bool needs_index = a.ch == 'o' || a.ch == 'x' || a.ch == 'X';
    const bool alt = a.flags & f_alt;
    auto wrong_type = [&]() {
        return fail<std::string>(type_error(std::string("%") + static_cast<char>(a.ch) + " format: " +
                                            (needs_index ? "an integer" : "a real number") + " is required, not " +
                                            v.type_name));
    };
    if (v.kind == PercentKind::integer || v.kind == PercentKind::index) {
        const unsigned base = a.ch == 'o' ? 8 : needs_index ? 16 : 10;
        return done(format_long_text(v.i < 0, int_digits(magnitude(v.i), base), a.ch, alt, a.prec));
    }
    if (v.kind != PercentKind::floating || needs_index) return wrong_type();
    if (std::isinf(v.f)) return fail<std::string>({"OverflowError", "cannot convert float infinity to integer"});
    if (std::isnan(v.f)) return fail<std::string>(value_error("cannot convert float NaN to integer"));
    const double t = std::trunc(v.f);
    return done(format_long_text(t < 0, fixed_text(std::fabs(t), 0), a.ch, alt, a.prec));
}

// unicode_format_arg_output: padding, sign and 0x prefix around a converted argument.
void percent_output(std::string& out, PercentConv& a, const std::string& str) {
    const char32_t fill = a.sign && (a.flags & f_zero) ? '0' : ' ';
    std::int64_t len = count_cps(str);
    if ((a.width == -1 || a.width <= len) && (a.prec == -1 || a.prec >= len) && !(a.flags & (f_sign | f_blank))) {
        out += str;
        return;
    }
    if ((a.ch == 's' || a.ch == 'r' || a.ch == 'a') && a.prec >= 0 && len > a.prec) len = a.prec;
    std::size_t pindex = 0;  // bytes; the sign and prefix are ASCII
    char signchar = 0;
    if (a.sign) {
        if (str[0] == '-' || str[0] == '+') {
            signchar = str[0];
            --len;
            ++pindex;
        } else if (a.flags & f_sign) {
            signchar = '+';
        } else if (a.flags & f_blank) {
            signchar = ' ';
        } else {
            a.sign = false;
        }
    }
    if (a.width < len) a.width = len;
    if (a.sign) {
        if (fill != ' ') out += signchar;
        if (a.width > len) --a.width;
    }
    const bool prefix = (a.flags & f_alt) && (a.ch == 'x' || a.ch == 'X' || a.ch == 'o');
    if (prefix) {
        if (fill != ' ') {
            out.append(str, pindex, 2);
            pindex += 2;
        }
        a.width = std::max<std::int64_t>(a.width - 2, 0);
        len -= 2;
    }
    if (a.width > len && !(a.flags & f_ljust)) {
        append_fill(out, fill, a.width - len);
        a.width = len;
    }
    if (fill == ' ') {
        if (a.sign) out += signchar;
        if (prefix) {
            out.append(str, pindex, 2);
            pindex += 2;
        }
    }
    const std::string_view rest = std::string_view(str).substr(pindex);
    out += rest.substr(0, cp_prefix(rest, len));
    if (a.width > len) out.append(static_cast<std::size_t>(a.width - len), ' ');
}

class PercentState {
public:
    PercentState(std::string_view text, PercentOperand& op) : op_(op) {
        for (std::size_t i = 0; i < text.size();) f_ += next_cp(text, i);
        cnt_ = static_cast<std::int64_t>(f_.size());
        const std::int64_t n = op.tuple_size();
        arglen_ = n >= 0 ? n : -1;
        argidx_ = n >= 0 ? 0 : -2;
        dict_ = op.is_mapping();
    }

    PyResult<std::string> run() {
        while (--cnt_ >= 0) {
            if (at(pos_) != '%') {
                const std::int64_t from = pos_++;
                while (cnt_ >= 0 && at(pos_) != '%') {
                    ++pos_;
                    --cnt_;
                }
                if (cnt_ < 0) --pos_;
                for (std::int64_t k = from; k < pos_; ++k) append_cp(out_, f_[static_cast<std::size_t>(k)]);
            } else {
                ++pos_;
                if (PyExc e = one_arg()) return fail<std::string>(std::move(e));
            }
        }
        if (argidx_ < arglen_ && !dict_)
            return fail<std::string>(type_error("not all arguments converted during string formatting"));
        return done(std::move(out_));
    }

private:
    // CPython reads the string's terminating NUL one past the end.
    char32_t at(std::int64_t k) const { return k < static_cast<std::int64_t>(f_.size()) ? f_[static_cast<std::size_t>(k)] : 0; }

    PyResult<PercentArg> next_arg() {
        if (argidx_ < arglen_) {
            const std::int64_t k = argidx_++;
            if (arglen_ < 0) return done(has_lookup_ ? looked_up_ : op_.item(-1));
            return done(op_.item(k));
        }
        return fail<PercentArg>(type_error("not enough arguments for format string"));
    }

    // Reads the next character into a.ch, if any is left.
    void advance(PercentConv& a) {
        if (--cnt_ >= 0) a.ch = f_[static_cast<std::size_t>(pos_++)];
    }

    // unicode_format_arg_parse.
    PyExc parse(PercentConv& a) {
        if (a.ch == '(') {
            if (!dict_) return type_error("format requires a mapping");
            ++pos_;
            --cnt_;
            const std::int64_t keystart = pos_;
            int pcount = 1;
            while (pcount > 0 && --cnt_ >= 0) {
                a.ch = f_[static_cast<std::size_t>(pos_)];
                if (a.ch == ')') --pcount;
                else if (a.ch == '(') ++pcount;
                ++pos_;
            }
            if (cnt_ < 0 || pcount > 0) return value_error("incomplete format key");
            std::string key;
            for (std::int64_t k = keystart; k < pos_ - 1; ++k) append_cp(key, f_[static_cast<std::size_t>(k)]);
            PyResult<PercentArg> v = op_.lookup(key);
            if (!v.ok()) return std::move(v.error);
            looked_up_ = std::move(v.value);
            has_lookup_ = true;
            arglen_ = -1;
            argidx_ = -2;
        }
        while (--cnt_ >= 0) {
            a.ch = f_[static_cast<std::size_t>(pos_++)];
            if (a.ch == '-') a.flags |= f_ljust;
            else if (a.ch == '+') a.flags |= f_sign;
            else if (a.ch == ' ') a.flags |= f_blank;
            else if (a.ch == '#') a.flags |= f_alt;
            else if (a.ch == '0') a.flags |= f_zero;
            else break;
        }
        if (a.ch == '*') {
            PyResult<PercentArg> v = next_arg();
            if (!v.ok()) return std::move(v.error);
            if (v.value.kind != PercentKind::integer) return type_error("* wants int");
            a.width = v.value.i;
            if (a.width < 0) {
                a.flags |= f_ljust;
                a.width = a.width == std::numeric_limits<std::int64_t>::min() ? k_int64_max : -a.width;
            }
            advance(a);
        } else if (a.ch >= '0' && a.ch <= '9') {
            a.width = a.ch - '0';
            while (--cnt_ >= 0) {
                a.ch = f_[static_cast<std::size_t>(pos_++)];
                if (a.ch < '0' || a.ch > '9') break;
                if (a.width > (k_int64_max - static_cast<int>(a.ch - '0')) / 10) return value_error("width too big");
                a.width = a.width * 10 + (a.ch - '0');
            }
        }
        if (a.ch == '.') {
            a.prec = 0;
            advance(a);
            if (a.ch == '*') {
                PyResult<PercentArg> v = next_arg();
                if (!v.ok()) return std::move(v.error);
                if (v.value.kind != PercentKind::integer) return type_error("* wants int");
                if (v.value.i > std::numeric_limits<int>::max() || v.value.i < std::numeric_limits<int>::min())
                    return {"OverflowError", "Python int too large to convert to C int"};
                a.prec = std::max<std::int64_t>(v.value.i, 0);
                advance(a);
            } else if (a.ch >= '0' && a.ch <= '9') {
                a.prec = a.ch - '0';
                while (--cnt_ >= 0) {
                    a.ch = f_[static_cast<std::size_t>(pos_++)];
                    if (a.ch < '0' || a.ch > '9') break;
                    if (a.prec > (std::numeric_limits<int>::max() - static_cast<int>(a.ch - '0')) / 10)
                        return value_error("precision too big");
                    a.prec = a.prec * 10 + (a.ch - '0');
                }
            }
        }
        if (cnt_ >= 0 && (a.ch == 'h' || a.ch == 'l' || a.ch == 'L')) advance(a);
        if (cnt_ < 0) return value_error("incomplete format");
        if (a.width > k_max_text || a.prec > k_max_text) return {"MemoryError", ""};
        return {};
    }

    // unicode_format_arg_format, then the output.
    PyExc one_arg() {
        PercentConv a;
        a.ch = at(pos_);
        if (a.ch == '%') {
            ++pos_;
            --cnt_;
            out_ += '%';
            return {};
        }
        if (PyExc e = parse(a)) return e;
        PyResult<PercentArg> got = next_arg();
        if (!got.ok()) return std::move(got.error);
        const PercentArg& v = got.value;
        std::string str;
        switch (a.ch) {
        case 's': case 'r': case 'a': {
            if (v.kind == PercentKind::string && a.ch == 's') {
                str = v.text;
            } else {
                PyResult<std::string> t = op_.text(v, static_cast<char>(a.ch));
                if (!t.ok()) return std::move(t.error);
                str = std::move(t.value);
            }
            break;
        }
        case 'i': case 'd': case 'u': case 'o': case 'x': case 'X': {
            PyResult<std::string> t = percent_long(v, a);
            if (!t.ok()) return std::move(t.error);
            str = std::move(t.value);
            a.sign = true;
            break;
        }
        case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
            double x = 0.0;
            if (v.kind == PercentKind::floating) x = v.f;
            else if (v.kind == PercentKind::integer || v.kind == PercentKind::index) x = static_cast<double>(v.i);
            else return type_error("must be real number, not " + v.type_name);
            str = double_to_string(x, static_cast<char>(a.ch), a.prec < 0 ? 6 : static_cast<int>(a.prec),
                                   (a.flags & f_alt) ? unsigned{dts_alt} : 0u);
            a.sign = true;
            break;
        }
        case 'c': {
            char32_t c = 0;
            if (v.kind == PercentKind::string && count_cps(v.text) == 1) {
                std::size_t i = 0;
                c = next_cp(v.text, i);
            } else if (v.kind == PercentKind::integer || v.kind == PercentKind::index) {
                if (v.i < 0 || v.i > 0x10FFFF) return {"OverflowError", "%c arg not in range(0x110000)"};
                c = static_cast<char32_t>(v.i);
            } else {
                return type_error("%c requires int or char");
            }
            append_cp(str, c);
            break;
        }
        default:
            return value_error(std::string("unsupported format character '") +
                               (a.ch >= 31 && a.ch <= 126 ? static_cast<char>(a.ch) : '?') + "' (0x" +
                               hex(static_cast<std::uint32_t>(a.ch)) + ") at index " + dec(pos_ - 1));
        }
        percent_output(out_, a, str);
        if (dict_ && argidx_ < arglen_)
            return type_error("not all arguments converted during string formatting");
        return {};
    }

    PercentOperand& op_;
    std::u32string f_;
    std::int64_t cnt_ = 0, pos_ = 0;
    std::int64_t arglen_ = -1, argidx_ = -2;
    bool dict_ = false;
    bool has_lookup_ = false;
    PercentArg looked_up_;
    std::string out_;
};

}  // namespace

PyResult<std::string> percent_format(std::string_view text, PercentOperand& operand) {
    return PercentState(text, operand).run();
}

// ---- rounding ------------------------------------------------------------------------------

namespace {

// The one place decimal text becomes a double: fast_float, correctly rounded like CPython's
// _Py_dg_strtod. text is unsigned digits with an optional point and exponent.
double read_double(const char* first, const char* last) {
    double x = 0.0;
    fast_float::from_chars(first, last, x);
    return x;
}

}  // namespace

PyResult<double> round_float(double x, std::int64_t ndigits) {
    // float___round___impl: NDIGITS_MAX = (53 - (-1021)) * 0.30103 = 323, NDIGITS_MIN = -308.
    if (!std::isfinite(x) || ndigits > 323) return done(x);
    if (ndigits < -308) return done(0.0 * x);
    // double_round: dtoa mode 3 (the exact value rounded to ndigits decimals, ties to even),
    // read back correctly rounded.
    const bool negative = std::signbit(x);
    const double a = std::fabs(x);
    std::string text;
    if (ndigits >= 0) {
        text = fixed_text(a, static_cast<int>(ndigits));
    } else {
        // Round to a multiple of 10**k, k = -ndigits: keep decpt - k significant digits.
        const int k = static_cast<int>(-ndigits);
        const Digits d = dtoa(a, 2, 18);  // 18 digits never carry into a new decade for a double
        const int keep = d.decpt - k;
        if (a == 0.0 || keep < 0) {
            text = "0";
        } else if (keep == 0) {
            // |x| < 10**k: 10**k when above half of it; an exact half goes to 0 (even).
            bool above = d.digits[0] > '5';
            if (d.digits[0] == '5') {
                const Digits exact = dtoa(a, 2, 800);
                above = exact.digits.size() > 1;
            }
            text = above ? "1e" + dec(k) : "0";
        } else {
            Digits r;
            read_exponent_form(exponent_text(a, keep - 1), r);
            text = r.digits + "e" + dec(r.decpt - static_cast<int>(r.digits.size()));
        }
    }
    const double rounded = read_double(text.data(), text.data() + text.size());
    if (std::isinf(rounded)) return fail<double>({"OverflowError", "rounded value too large to represent"});
    return done(negative ? -rounded : rounded);
}

PyResult<std::int64_t> round_float_to_int(double x) {
    double rounded = std::round(x);
    if (std::fabs(x - rounded) == 0.5) rounded = 2.0 * std::round(x / 2.0);
    if (std::isinf(rounded)) return fail<std::int64_t>({"OverflowError", "cannot convert float infinity to integer"});
    if (std::isnan(rounded)) return fail<std::int64_t>(value_error("cannot convert float NaN to integer"));
    if (rounded < -9223372036854775808.0 || rounded >= 9223372036854775808.0)
        return fail<std::int64_t>({k_beyond_int64, "int too large"});
    return done(static_cast<std::int64_t>(rounded));
}

PyResult<std::int64_t> round_int(std::int64_t x, std::int64_t ndigits) {
    if (ndigits >= 0) return done(x);
    if (ndigits < -19) return done(std::int64_t{0});  // 10**20 > 2 * |x|: always rounds to 0
    std::uint64_t p = 1;
    for (std::int64_t k = 0; k < -ndigits; ++k) p *= 10;
    const std::uint64_t mag = magnitude(x);
    std::uint64_t q = mag / p;
    const std::uint64_t r = mag % p;
    // _PyLong_DivmodNear: half to even on the quotient (r <= p / 2 compares without overflow).
    if (r > p - r || (r == p - r && (q & 1))) ++q;
    const std::uint64_t m = q * p;  // <= |x| + p / 2 < 2**64
    const std::uint64_t limit = x < 0 ? std::uint64_t{1} << 63 : (std::uint64_t{1} << 63) - 1;
    if (m > limit) return fail<std::int64_t>({k_beyond_int64, "int too large"});
    return done(x < 0 ? static_cast<std::int64_t>(0 - m) : static_cast<std::int64_t>(m));
}

namespace {

// NumPy's power_of_ten (multiarray/calculation.c): exact through 1e22, then repeated * 10.
double numpy_power_of_ten(std::int64_t n) {
    static const double p10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8};
    if (n < 9) return p10[n];
    double r = 1e9;
    while (n-- > 9 && !std::isinf(r)) r *= 10.0;
    return r;
}

}  // namespace

double np_round_float(double x, std::int64_t decimals) {
    if (decimals >= 0) {
        const double f = numpy_power_of_ten(decimals);
        return std::nearbyint(x * f) / f;
    }
    const double f = numpy_power_of_ten(-decimals);
    return std::nearbyint(x / f) * f;
}

std::int64_t np_round_int(std::int64_t x, std::int64_t decimals) {
    if (decimals >= 0) return x;
    const double r = np_round_float(static_cast<double>(x), decimals);
    // A float64 -> int64 cast out of range (or of nan) gives INT64_MIN on x86, as NumPy's does.
    if (!(r >= -9223372036854775808.0 && r < 9223372036854775808.0)) return std::numeric_limits<std::int64_t>::min();
    return static_cast<std::int64_t>(r);
}

// ---- int(str), float(str) -----------------------------------------------------------------

namespace {

bool is_c_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

int digit_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'z') return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    return 99;
}

}  // namespace

PyResult<std::int64_t> parse_int(std::string_view text, int base, std::string_view repr_text) {
    if ((base != 0 && base < 2) || base > 36)
        return fail<std::int64_t>(value_error("int() base must be >= 2 and <= 36, or 0"));
    const int given_base = base;
    auto invalid = [&]() {
        const std::string_view shown = repr_text.substr(0, cp_prefix(repr_text, 200));
        return fail<std::int64_t>(value_error(
            "invalid literal for int() with base " + dec(given_base) + ": " + std::string(shown)));
    };
    const std::string s = to_ascii_number(text);
    // PyLong_FromString reads up to a NUL; anything after it makes the literal invalid.
    const std::size_t n = std::min(s.find('\0'), s.size());
    std::size_t i = 0;
    while (i < n && is_c_space(s[i])) ++i;
    bool negative = false;
    if (i < n && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
    auto at = [&](std::size_t k) { return k < n ? s[k] : '\0'; };
    bool error_if_nonzero = false;
    if (base == 0) {
        const char p = static_cast<char>(at(i + 1) | 0x20);
        if (at(i) != '0') base = 10;
        else if (p == 'x') base = 16;
        else if (p == 'o') base = 8;
        else if (p == 'b') base = 2;
        else error_if_nonzero = true, base = 10;
    }
    if (at(i) == '0') {
        const char p = static_cast<char>(at(i + 1) | 0x20);
        if ((base == 16 && p == 'x') || (base == 8 && p == 'o') || (base == 2 && p == 'b')) {
            i += 2;
            if (at(i) == '_') ++i;
        }
    }
    if (at(i) == '_') return invalid();
    const std::size_t start = i;
    std::uint64_t value = 0;
    bool overflow = false;
    std::int64_t digits = 0;
    char prev = 0;
    for (; i < n && (digit_value(s[i]) < base || s[i] == '_'); ++i) {
        if (s[i] == '_') {
            if (prev == '_') return invalid();
        } else {
            ++digits;
            const auto d = static_cast<std::uint64_t>(digit_value(s[i]));
            if (value > (~std::uint64_t{0} - d) / static_cast<std::uint64_t>(base)) overflow = true;
            else value = value * static_cast<std::uint64_t>(base) + d;
        }
        prev = s[i];
    }
    if (prev == '_') return invalid();
    if ((base & (base - 1)) != 0 && digits > 4300) {
        return fail<std::int64_t>(value_error("Exceeds the limit (4300 digits) for integer string conversion: value has " +
                                              dec(digits) + " digits; use sys.set_int_max_str_digits() to increase the limit"));
    }
    if (error_if_nonzero && (value != 0 || overflow)) return invalid();
    if (i == start) return invalid();
    while (i < n && is_c_space(s[i])) ++i;
    if (i != s.size()) return invalid();
    const std::uint64_t limit = negative ? std::uint64_t{1} << 63 : (std::uint64_t{1} << 63) - 1;
    if (overflow || value > limit) return fail<std::int64_t>({k_beyond_int64, "int too large"});
    return done(negative ? static_cast<std::int64_t>(0 - value) : static_cast<std::int64_t>(value));
}

PyResult<double> parse_float(std::string_view text, std::string_view repr_text) {
    auto invalid = [&]() {
        return fail<double>(value_error("could not convert string to float: " + std::string(repr_text)));
    };
    std::string s = to_ascii_number(text);
    std::size_t b = 0, e = s.size();
    while (b < e && is_c_space(s[b])) ++b;
    if (b == e) return invalid();
    while (e > b + 1 && is_c_space(s[e - 1])) --e;
    s = s.substr(b, e - b);
    if (s.find('_') != std::string::npos) {
        // _Py_string_to_number_with_underscores: only between two digits.
        std::string kept;
        char prev = 0;
        for (char c : s) {
            const bool digit = c >= '0' && c <= '9';
            if (c == '_') {
                if (!(prev >= '0' && prev <= '9')) return invalid();
            } else {
                if (prev == '_' && !digit) return invalid();
                kept += c;
            }
            prev = c;
        }
        if (prev == '_') return invalid();
        s = std::move(kept);
    }
    // _Py_dg_strtod's grammar: [sign] digits [. digits] [e [sign] digits], at least one digit.
    std::size_t i = 0;
    const bool negative = !s.empty() && s[0] == '-';
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) ++i;
    const std::size_t number = i;
    std::size_t mantissa_digits = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++mantissa_digits;
    if (i < s.size() && s[i] == '.') {
        ++i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++mantissa_digits;
    }
    double x = 0.0;
    if (mantissa_digits > 0) {
        if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
            std::size_t j = i + 1;
            if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
            const std::size_t exp_digits = j;
            while (j < s.size() && s[j] >= '0' && s[j] <= '9') ++j;
            if (j > exp_digits) i = j;
        }
        if (i != s.size()) return invalid();
        x = read_double(s.data() + number, s.data() + i);
    } else {
        // _Py_parse_inf_or_nan: inf, infinity, nan in any case, with a sign.
        std::string word = s.substr(number);
        for (char& c : word) c = static_cast<char>(c | 0x20);
        if (word == "inf" || word == "infinity") x = std::numeric_limits<double>::infinity();
        else if (word == "nan") x = std::numeric_limits<double>::quiet_NaN();
        else return invalid();
    }
    return done(negative ? -x : x);
}

}  // namespace tlab
