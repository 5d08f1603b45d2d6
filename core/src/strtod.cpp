// strtod.cpp — the C library's strtod for the WebAssembly build, over fast_float.
//
// Emscripten's musl reads numbers with long double arithmetic, which wasm32 does in software:
// linking it brings strtod, its scanner and the binary128 routines (__addtf3, __multf3,
// __divtf3, fmodl, scalbnl...), about 14 KB of the page's wasm. Its callers in the core are
// nlohmann::json's lexer (every JSON number with a point or exponent), the parser's float literals
// and the default values of NumPy's signatures, all decimal text, which fast_float reads correctly
// rounded, as glibc's strtod and CPython's float() do; the tests also read hexadecimal floats
// ("0x1.8p+3", exact bit patterns from the oracles), rounded here in integer arithmetic.
// core/CMakeLists.txt compiles this file for Emscripten only; native builds keep their C library.
//
//   strtod("  -1.5e3x", &end)  -> -1500.0, end at "x"
//   strtod("0x1.8p+3", &end)   -> 12.0
//   strtod("1e400", &end)      -> inf (HUGE_VAL) and errno = ERANGE, as the C standard says
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>

#include <fast_float/fast_float.h>

namespace {

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    c = static_cast<char>(c | 0x20);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

// The digits after "0x": [hex digits][.hex digits][p[sign]decimal digits], at least one digit.
// Null when there is none (strtod then reads just the "0").
const char* read_hex(const char* p, double& out) {
    std::uint64_t m = 0;  // the first 60 bits of the digits
    bool sticky = false;  // a nonzero digit past them
    long exp2 = 0, digits = 0;
    bool point = false;
    for (;; ++p) {
        if (*p == '.' && !point) {
            point = true;
            continue;
        }
        const int d = hex_digit(*p);
        if (d < 0) break;
        ++digits;
        if (m >> 56 == 0) {
            m = m << 4 | static_cast<unsigned>(d);
            if (point) exp2 -= 4;
        } else {
            sticky |= d != 0;
            if (!point) exp2 += 4;
        }
    }
    if (digits == 0) return nullptr;
    if ((*p | 0x20) == 'p') {
        const char* q = p + 1;
        const bool minus = *q == '-';
        if (*q == '+' || *q == '-') ++q;
        if (*q >= '0' && *q <= '9') {
            long e = 0;
            for (; *q >= '0' && *q <= '9'; ++q)
                if (e < 100000) e = e * 10 + (*q - '0');
            exp2 += minus ? -e : e;
            p = q;
        }
    }
    if (m == 0) {
        out = 0.0;
        return p;
    }
    // m * 2**exp2, rounded to the bits a double has at that magnitude (53, fewer when subnormal),
    // half to even; what is left is a whole number of at most 53 bits, which ldexp scales exactly.
    int bits = 64;
    while (!(m >> (bits - 1))) --bits;
    const long top = exp2 + bits - 1;  // the exponent of the leading bit
    const long precision = top >= -1022 ? 53 : 53 - (-1022 - top);
    if (precision < 0) {
        out = 0.0;  // below half the smallest subnormal
    } else if (bits > precision) {
        const int shift = static_cast<int>(bits - precision);  // 1..64
        std::uint64_t keep = shift == 64 ? 0 : m >> shift;
        const std::uint64_t rest = shift == 64 ? m : m & ((std::uint64_t{1} << shift) - 1);
        const std::uint64_t half = std::uint64_t{1} << (shift - 1);
        if (rest > half || (rest == half && (sticky || (keep & 1)))) ++keep;
        out = std::ldexp(static_cast<double>(keep), static_cast<int>(exp2 + shift));
    } else {
        out = std::ldexp(static_cast<double>(m), static_cast<int>(exp2));
    }
    return p;
}

template <typename T>
T read_number(const char* text, char** end) {
    const char* p = text;
    while (*p == ' ' || (*p >= '\t' && *p <= '\r')) ++p;
    const bool minus = *p == '-';
    if (*p == '+' || *p == '-') ++p;
    T x = 0;
    const char* stop = nullptr;
    if (p[0] == '0' && (p[1] | 0x20) == 'x') {
        double h = 0.0;
        stop = read_hex(p + 2, h);
        if (stop == nullptr) stop = p + 1;  // "0x" without digits: the number is the "0"
        x = static_cast<T>(h);
    } else {
        const char* last = p;
        while (*last != '\0') ++last;
        // Unsigned here: the sign is read above. fast_float also takes "inf", "infinity" and
        // "nan" in any case.
        const fast_float::from_chars_result r = fast_float::from_chars(*p == '-' ? last : p, last, x);
        if (r.ec != std::errc()) {
            if (end != nullptr) *end = const_cast<char*>(text);
            return 0;
        }
        stop = r.ptr;
    }
    if (std::isinf(x) && (*p == '.' || (*p >= '0' && *p <= '9'))) errno = ERANGE;  // not "inf"
    if (end != nullptr) *end = const_cast<char*>(stop);
    return minus ? -x : x;
}

}  // namespace

// musl defines these six in one object: all of them here, or the linker would take musl's for
// the others (libc++'s std::stof and std::stold, its locale's number parsing in the tests'
// iostreams) and find strtod twice. Nothing in the core reads a long double; strtold reads a
// double's precision. The locale is always "C" here (no std::locale in the page's wasm).
struct __locale_struct;  // locale_t, as <stdlib.h> declares the _l functions under _GNU_SOURCE
extern "C" {
double strtod(const char* __restrict text, char** __restrict end) { return read_number<double>(text, end); }
float strtof(const char* __restrict text, char** __restrict end) { return read_number<float>(text, end); }
long double strtold(const char* __restrict text, char** __restrict end) { return read_number<double>(text, end); }
double strtod_l(const char* __restrict text, char** __restrict end, struct __locale_struct*) {
    return read_number<double>(text, end);
}
float strtof_l(const char* __restrict text, char** __restrict end, struct __locale_struct*) {
    return read_number<float>(text, end);
}
long double strtold_l(const char* __restrict text, char** __restrict end, struct __locale_struct*) {
    return read_number<double>(text, end);
}
}
