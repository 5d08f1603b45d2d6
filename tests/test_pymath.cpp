// Python's float math (glibc's libm and CPython's handling around it): every case of
// golden/pymath_cases.json, written by real Python, bit for bit, errors included.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "test_support.hpp"
#include "tlab/npmath.hpp"
#include "tlab/pymath.hpp"

using tlab_test::from_hex;

namespace {

std::uint64_t bits_of(double x) {
    std::uint64_t u;
    std::memcpy(&u, &x, sizeof u);
    return u;
}

// Python's outcome as the golden file writes it: a float.hex() string, "!complex", or
// "!TypeName: message".
std::string outcome(const tlab::PyFloatResult& r) {
    if (r.error == tlab::PyMathError::complex_result) return "!complex";
    if (r.error != tlab::PyMathError::none) {
        const tlab::PyErrorText text = tlab::py_math_error_text(r.error);
        return std::string("!") + text.type + ": " + text.message;
    }
    return "";
}

// True when `got` is exactly what Python gave (NaN matches NaN: Python prints every NaN alike).
bool same_outcome(const tlab::PyFloatResult& got, const std::string& want) {
    if (!want.empty() && want[0] == '!') return outcome(got) == want;
    if (got.error != tlab::PyMathError::none) return false;
    const double w = from_hex(want);
    return bits_of(got.value) == bits_of(w) || (std::isnan(got.value) && std::isnan(w));
}

using Unary = tlab::PyFloatResult (*)(double);
using Binary = tlab::PyFloatResult (*)(double, double);

tlab::PyFloatResult math_log(double x) { return tlab::py_math_log(x); }
tlab::PyFloatResult math_log_base(double x, double b) { return tlab::py_math_log(x, b); }

void check_unary(const char* name, Unary f) {
    const auto golden = tlab_test::read_json("golden/pymath_cases.json");
    std::size_t mismatches = 0, n = 0;
    for (const auto& c : golden[name]) {
        ++n;
        const double x = from_hex(c[0]);
        if (!same_outcome(f(x), c[1].get<std::string>())) {
            if (++mismatches <= 5) UNSCOPED_INFO(name << "(" << c[0].get<std::string>() << "): Python " << c[1]);
        }
    }
    INFO(mismatches << " of " << n << " " << name << " cases differ");
    CHECK(n > 2000);
    CHECK(mismatches == 0);
}

void check_binary(const char* name, Binary f) {
    const auto golden = tlab_test::read_json("golden/pymath_cases.json");
    std::size_t mismatches = 0, n = 0;
    for (const auto& c : golden[name]) {
        ++n;
        if (!same_outcome(f(from_hex(c[0]), from_hex(c[1])), c[2].get<std::string>())) {
            if (++mismatches <= 5)
                UNSCOPED_INFO(name << "(" << c[0].get<std::string>() << ", " << c[1].get<std::string>()
                                   << "): Python " << c[2]);
        }
    }
    INFO(mismatches << " of " << n << " " << name << " cases differ");
    CHECK(n > 1800);
    CHECK(mismatches == 0);
}

}  // namespace

TEST_CASE("math.exp, log, log2, log10, sqrt and tanh equal CPython's, errors included", "[pymath]") {
    SECTION("exp") { check_unary("exp", tlab::py_math_exp); }
    SECTION("log") { check_unary("log", math_log); }
    SECTION("log2") { check_unary("log2", tlab::py_math_log2); }
    SECTION("log10") { check_unary("log10", tlab::py_math_log10); }
    SECTION("sqrt") { check_unary("sqrt", tlab::py_math_sqrt); }
    SECTION("tanh") { check_unary("tanh", tlab::py_math_tanh); }
}

TEST_CASE("math.log(x, base) is log(x) / log(base) as CPython divides", "[pymath]") {
    check_binary("log_base", math_log_base);
    CHECK(tlab::py_math_log(8.0, 2.0).value == 3.0);
    CHECK(tlab::py_math_log(5.0, 1.0).error == tlab::PyMathError::zero_division);
}

TEST_CASE("float ** float and math.pow equal CPython's, errors included", "[pymath]") {
    SECTION("x ** y") { check_binary("float_pow", tlab::py_float_pow); }
    SECTION("math.pow") { check_binary("math_pow", tlab::py_math_pow); }
    SECTION("readable cases") {
        CHECK(tlab::py_float_pow(2.0, 0.5).value == 1.4142135623730951);
        CHECK(outcome(tlab::py_float_pow(0.0, -1.0)) ==
              "!ZeroDivisionError: 0.0 cannot be raised to a negative power");
        CHECK(outcome(tlab::py_float_pow(10.0, 400.0)) ==
              "!OverflowError: (34, 'Numerical result out of range')");
        CHECK(tlab::py_float_pow(-8.0, 1.0 / 3.0).error == tlab::PyMathError::complex_result);
        CHECK(outcome(tlab::py_math_pow(-8.0, 1.0 / 3.0)) == "!ValueError: math domain error");
        CHECK(outcome(tlab::py_math_pow(10.0, 400.0)) == "!OverflowError: math range error");
    }
}

TEST_CASE("libm's pow reports the exceptions NumPy turns into warnings", "[pymath]") {
    unsigned flags = 0;
    CHECK(std::isinf(tlab::py_pow(10.0, 400.0, &flags)));
    CHECK(flags == tlab::kFpOverflow);
    flags = 0;
    CHECK(std::isinf(tlab::py_pow(0.0, -1.0, &flags)));
    CHECK(flags == tlab::kFpDivideByZero);
    flags = 0;
    CHECK(std::isnan(tlab::py_pow(-8.0, 0.5, &flags)));
    CHECK(flags == tlab::kFpInvalid);
    flags = 0;
    CHECK(tlab::py_pow(2.0, -1080.0, &flags) == 0.0);  // underflow: not reported
    CHECK(flags == 0);
}

namespace {

std::vector<double> read_doubles(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<double> out(bytes.size() / sizeof(double));
    std::memcpy(out.data(), bytes.data(), out.size() * sizeof(double));
    return out;
}

std::vector<unsigned char> read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool same_or_both_nan(double got, double want) {
    return bits_of(got) == bits_of(want) || (std::isnan(got) && std::isnan(want));
}

// A Python-level result as bulk_math_check.py writes it: an exception stands as NaN.
double as_written(const tlab::PyFloatResult& r) { return r.error == tlab::PyMathError::none ? r.value : NAN; }

}  // namespace

// Run by tests/oracle/bulk_math_check.py only (hidden: "[.bulk_math]"), on the files it writes
// from real NumPy and CPython to build/bulk_math/ (a fixed place: under node the wasm build sees
// the host's files but not its environment).
TEST_CASE("bulk: millions of inputs against NumPy and CPython", "[.bulk_math]") {
    const std::string dir = std::string(TLAB_TEST_DATA_DIR) + "/../build/bulk_math";
    struct Check {
        const char* name;
        double (*one)(double, double, unsigned&);
        bool (*supported)(double) = nullptr;
    };
    const Check checks[] = {
        {"np_sin", [](double x, double, unsigned& f) { return tlab::np_ufunc_sin(x, f); }, tlab::np_ufunc_sin_supported},
        {"np_cos", [](double x, double, unsigned& f) { return tlab::np_ufunc_cos(x, f); }, tlab::np_ufunc_cos_supported},
        {"np_exp", [](double x, double, unsigned& f) { return tlab::np_ufunc_exp(x, f); }},
        {"np_log", [](double x, double, unsigned& f) { return tlab::np_ufunc_log(x, f); }},
        {"np_tanh", [](double x, double, unsigned& f) { return tlab::np_ufunc_tanh(x, f); }},
        {"np_sqrt", [](double x, double, unsigned& f) { return tlab::np_ufunc_sqrt(x, f); }},
        {"np_power", [](double x, double y, unsigned& f) { return tlab::np_ufunc_power(x, y, f); }},
        {"np_scalar_power", [](double x, double y, unsigned& f) { return tlab::np_scalar_power(x, y, f); }},
        {"py_exp", [](double x, double, unsigned&) { return as_written(tlab::py_math_exp(x)); }},
        {"py_log", [](double x, double, unsigned&) { return as_written(tlab::py_math_log(x)); }},
        {"py_log2", [](double x, double, unsigned&) { return as_written(tlab::py_math_log2(x)); }},
        {"py_log10", [](double x, double, unsigned&) { return as_written(tlab::py_math_log10(x)); }},
        {"py_tanh", [](double x, double, unsigned&) { return as_written(tlab::py_math_tanh(x)); }},
        {"py_sqrt", [](double x, double, unsigned&) { return as_written(tlab::py_math_sqrt(x)); }},
        {"py_float_pow", [](double x, double y, unsigned&) { return as_written(tlab::py_float_pow(x, y)); }},
        {"py_math_pow", [](double x, double y, unsigned&) { return as_written(tlab::py_math_pow(x, y)); }},
    };
    for (const Check& check : checks) {
        const std::string base = dir + "/" + check.name + ".";
        const auto x = read_doubles(base + "x"), want = read_doubles(base + "want");
        auto y = read_doubles(base + "y");
        if (y.empty()) y.assign(x.size(), 0.0);
        REQUIRE(!x.empty());
        REQUIRE(want.size() == x.size());
        std::size_t mismatches = 0, compared = 0;
        for (std::size_t k = 0; k < x.size(); ++k) {
            if (check.supported && !check.supported(x[k])) continue;
            ++compared;
            unsigned flags = 0;
            if (!same_or_both_nan(check.one(x[k], y[k], flags), want[k]) && ++mismatches <= 3)
                std::printf("  %s(%a, %a): want %a\n", check.name, x[k], y[k], want[k]);
        }
        std::size_t flag_checks = 0, flag_mismatches = 0;
        const auto fx = read_doubles(base + "fx"), fy = read_doubles(base + "fy");
        const auto fflags = read_bytes(base + "fflags");
        for (std::size_t k = 0; k < fflags.size(); ++k) {
            if (check.supported && !check.supported(fx[k])) continue;
            ++flag_checks;
            unsigned flags = 0;
            check.one(fx[k], fy.empty() ? 0.0 : fy[k], flags);
            if (flags != fflags[k] && ++flag_mismatches <= 3)
                std::printf("  %s(%a, %a): flags want %u got %u\n", check.name, fx[k], fy.empty() ? 0.0 : fy[k],
                            static_cast<unsigned>(fflags[k]), flags);
        }
        std::printf("%-16s %9zu values, %zu differ; %7zu flag sets, %zu differ\n", check.name, compared, mismatches,
                    flag_checks, flag_mismatches);
        CHECK(mismatches == 0);
        CHECK(flag_mismatches == 0);
    }
}
