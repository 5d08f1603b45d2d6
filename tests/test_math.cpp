// NumPy-exact arithmetic: pairwise sums, mean/std, round, exp, matmul/dot and their errors; the
// float64 ufunc kernels (golden/ufunc_cases.json) with their warnings.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include <catch2/catch.hpp>

#include "test_support.hpp"
#include "tlab/npmath.hpp"

using tlab_test::from_hex;
using tlab_test::from_hexes;

TEST_CASE("sum, mean and std equal NumPy's to the last bit", "[math]") {
    const auto golden = tlab_test::read_json("golden/math_cases.json");
    for (const auto& c : golden["sums"]) {
        const std::vector<double> a = from_hexes(c["values"]);
        INFO("n = " << a.size());
        CHECK(tlab::np_sum(a.data(), a.size()) == from_hex(c["sum"]));
        CHECK(tlab::np_mean(a.data(), a.size()) == from_hex(c["mean"]));
        CHECK(tlab::np_std(a.data(), a.size()) == from_hex(c["std"]));
    }
}

TEST_CASE("row sums along the contiguous axis are pairwise", "[math]") {
    const auto golden = tlab_test::read_json("golden/math_cases.json");
    for (const auto& c : golden["row_sums"]) {
        const auto d = c["d"].get<std::size_t>();
        const std::vector<double> m = from_hexes(c["values"]);
        const std::vector<double> want = from_hexes(c["row_sums"]);
        INFO("d = " << d);
        for (std::size_t r = 0; r < want.size(); ++r)
            CHECK(tlab::pairwise_sum(m.data() + r * d, d) == want[r]);
    }
}

TEST_CASE("np.round rounds the scaled value half to even", "[math]") {
    const auto golden = tlab_test::read_json("golden/math_cases.json");
    std::size_t mismatches = 0;
    for (const auto& c : golden["round"]) {
        const double got = tlab::np_round(from_hex(c[0]), c[1].get<int>());
        mismatches += got != from_hex(c[2]);
    }
    CHECK(mismatches == 0);
    SECTION("readable cases") {
        CHECK(tlab::np_round(0.125, 2) == 0.12);
        CHECK(tlab::np_round(2.5, 0) == 2.0);
        CHECK(tlab::np_round(-0.5, 0) == 0.0);
    }
}

TEST_CASE("exp equals NumPy's float64 exp on this kind of CPU", "[math]") {
    const auto golden = tlab_test::read_json("golden/math_cases.json");
    std::size_t mismatches = 0, n = 0;
    for (const auto& c : golden["exp"]) {
        ++n;
        mismatches += tlab::np_exp(from_hex(c[0])) != from_hex(c[1]);
    }
    INFO(mismatches << " of " << n << " values differ");
    CHECK(mismatches == 0);
}

TEST_CASE("matmul: dtypes, values and NumPy's shape error", "[math]") {
    const auto A = tlab::NdArray::of_ints({2, 3}, {1, 2, 3, 4, 5, 6});
    const auto B = tlab::NdArray::of_ints({3, 2}, {1, 0, 0, 1, 1, 1});
    SECTION("int64 @ int64 stays int64") {
        const auto C = tlab::matmul(A, B);
        CHECK(C.dtype == tlab::NdType::int64);
        CHECK(C.shape == std::vector<std::size_t>{2, 2});
        CHECK(C.i == std::vector<std::int64_t>{4, 5, 10, 11});
    }
    SECTION("a float operand makes float64") {
        const auto C = tlab::matmul(A, B.to_float());
        CHECK(C.dtype == tlab::NdType::float64);
        CHECK(C.f == std::vector<double>{4, 5, 10, 11});
    }
    SECTION("int64 overflow wraps like NumPy") {
        const auto big = tlab::NdArray::of_ints({1, 1}, {INT64_MAX});
        const auto two = tlab::NdArray::of_ints({1, 1}, {2});
        CHECK(tlab::matmul(big, two).i[0] == -2);
    }
    SECTION("inner sizes that differ raise ValueError with NumPy's text") {
        try {
            tlab::matmul(A, A);
            FAIL("no error");
        } catch (const tlab::PyError& e) {
            CHECK(e.ename == "ValueError");
            CHECK(e.evalue ==
                  "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
                  "signature (n?,k),(k,m?)->(n?,m?) (size 2 is different from 3)");
        }
    }
}

TEST_CASE("dot of vectors and its alignment error", "[math]") {
    const auto u = tlab::NdArray::of_ints({3}, {1, 2, 3});
    CHECK(tlab::dot(u, tlab::NdArray::of_ints({3}, {4, 5, 6})).i[0] == 32);
    CHECK(tlab::dot(u, tlab::negate(u)).i[0] == -14);
    CHECK(tlab::dot(u, tlab::NdArray::of_floats({3}, {0.5, 0.5, 0.5})).f[0] == 3.0);
    try {
        tlab::dot(u, tlab::NdArray::of_ints({2}, {4, 5}));
        FAIL("no error");
    } catch (const tlab::PyError& e) {
        CHECK(e.ename == "ValueError");
        CHECK(e.evalue == "shapes (3,) and (2,) not aligned: 3 (dim 0) != 2 (dim 0)");
    }
}

namespace {

std::uint64_t bits_of(double x) {
    std::uint64_t u;
    std::memcpy(&u, &x, sizeof u);
    return u;
}

// NumPy prints every NaN as nan: a NaN matches a NaN; anything else must match bit for bit
// (signed zeros included).
bool same_value(double got, double want) {
    return bits_of(got) == bits_of(want) || (std::isnan(got) && std::isnan(want));
}

using UnaryKernel = double (*)(double, unsigned&);
using BinaryKernel = double (*)(double, double, unsigned&);

double absolute(double x, unsigned&) { return tlab::np_ufunc_absolute(x); }
double maximum(double a, double b, unsigned&) { return tlab::np_ufunc_maximum(a, b); }
double minimum(double a, double b, unsigned&) { return tlab::np_ufunc_minimum(a, b); }

// golden[name] = [[x, NumPy's result, FpFlag bits of the warnings x alone raises], ...]; inputs
// the kernel does not support (sin and cos of huge x) are skipped.
void check_unary_kernel(const char* name, UnaryKernel f, bool (*supported)(double) = nullptr) {
    const auto golden = tlab_test::read_json("golden/ufunc_cases.json");
    std::size_t value_mismatches = 0, flag_mismatches = 0, n = 0;
    for (const auto& c : golden[name]) {
        unsigned flags = 0;
        const double x = from_hex(c[0]);
        if (supported && !supported(x)) continue;
        ++n;
        const double got = f(x, flags);
        if (!same_value(got, from_hex(c[1])) && ++value_mismatches <= 5)
            UNSCOPED_INFO(name << "(" << c[0].get<std::string>() << "): NumPy " << c[1] << ", here " << got);
        if (flags != c[2].get<unsigned>() && ++flag_mismatches <= 5)
            UNSCOPED_INFO(name << "(" << c[0].get<std::string>() << "): NumPy's flags " << c[2] << ", here " << flags);
    }
    INFO(n << " " << name << " cases");
    CHECK(n > 1500);
    CHECK(value_mismatches == 0);
    CHECK(flag_mismatches == 0);
}

void check_binary_kernel(const char* name, BinaryKernel f) {
    const auto golden = tlab_test::read_json("golden/ufunc_cases.json");
    std::size_t value_mismatches = 0, flag_mismatches = 0, n = 0;
    for (const auto& c : golden[name]) {
        ++n;
        unsigned flags = 0;
        const double got = f(from_hex(c[0]), from_hex(c[1]), flags);
        if (!same_value(got, from_hex(c[2])) && ++value_mismatches <= 5)
            UNSCOPED_INFO(name << "(" << c[0].get<std::string>() << ", " << c[1].get<std::string>() << "): NumPy "
                               << c[2] << ", here " << got);
        if (flags != c[3].get<unsigned>() && ++flag_mismatches <= 5)
            UNSCOPED_INFO(name << "(" << c[0].get<std::string>() << ", " << c[1].get<std::string>()
                               << "): NumPy's flags " << c[3] << ", here " << flags);
    }
    INFO(n << " " << name << " cases");
    CHECK(n > 1000);
    CHECK(value_mismatches == 0);
    CHECK(flag_mismatches == 0);
}

}  // namespace

TEST_CASE("float64 ufunc kernels equal NumPy's, warnings included", "[math]") {
    SECTION("exp") { check_unary_kernel("exp", tlab::np_ufunc_exp); }
    SECTION("log") { check_unary_kernel("log", tlab::np_ufunc_log); }
    SECTION("tanh") { check_unary_kernel("tanh", tlab::np_ufunc_tanh); }
    SECTION("sin") { check_unary_kernel("sin", tlab::np_ufunc_sin, tlab::np_ufunc_sin_supported); }
    SECTION("cos") { check_unary_kernel("cos", tlab::np_ufunc_cos, tlab::np_ufunc_cos_supported); }
    SECTION("sqrt") { check_unary_kernel("sqrt", tlab::np_ufunc_sqrt); }
    SECTION("absolute") { check_unary_kernel("absolute", absolute); }
    SECTION("power") { check_binary_kernel("power", tlab::np_ufunc_power); }
    SECTION("maximum") { check_binary_kernel("maximum", maximum); }
    SECTION("minimum") { check_binary_kernel("minimum", minimum); }
    SECTION("np.float64 ** x (scalar power)") { check_binary_kernel("scalar_power", tlab::np_scalar_power); }
}

TEST_CASE("sin and cos say where their main path ends", "[math]") {
    CHECK(tlab::np_ufunc_sin_supported(0x1p24));
    CHECK_FALSE(tlab::np_ufunc_sin_supported(0x1.0000000000001p24));
    CHECK(tlab::np_ufunc_cos_supported(2.6e7));
    CHECK_FALSE(tlab::np_ufunc_cos_supported(2.7e7));
    CHECK(tlab::np_ufunc_sin_supported(HUGE_VAL));  // NaN, invalid: what NumPy gives
    unsigned flags = 0;
    CHECK(std::isnan(tlab::np_ufunc_cos(-HUGE_VAL, flags)));
    CHECK(flags == tlab::kFpInvalid);
}

TEST_CASE("array ** scalar takes NumPy's shortcuts, with their warnings' names", "[math]") {
    const auto golden = tlab_test::read_json("golden/ufunc_cases.json");
    std::size_t n = 0;
    for (const auto& c : golden["power_shortcuts"]) {
        const double e = from_hex(c["exponent"]);
        const bool scalar = c["kind"] == "scalar";
        const tlab::NpPowerShortcut shortcut = scalar ? tlab::np_power_shortcut(e) : tlab::NpPowerShortcut::none;
        const char* op = "power";
        switch (shortcut) {
            case tlab::NpPowerShortcut::square: op = "square"; break;
            case tlab::NpPowerShortcut::sqrt: op = "sqrt"; break;
            case tlab::NpPowerShortcut::reciprocal: op = "reciprocal"; break;
            case tlab::NpPowerShortcut::copy:
            case tlab::NpPowerShortcut::ones: op = ""; break;
            case tlab::NpPowerShortcut::none: break;
        }
        INFO("exponent " << c["exponent"] << " (" << c["type"] << "): NumPy ran " << c["ops"]);
        unsigned flags = 0;
        const auto xs = from_hexes(c["values"]);
        const auto want = from_hexes(c["result"]);
        for (std::size_t k = 0; k < xs.size(); ++k) {
            const double x = xs[k];
            double got = 0.0;
            switch (shortcut) {
                case tlab::NpPowerShortcut::square: got = tlab::np_ufunc_square(x, flags); break;
                case tlab::NpPowerShortcut::sqrt: got = tlab::np_ufunc_sqrt(x, flags); break;
                case tlab::NpPowerShortcut::reciprocal: got = tlab::np_ufunc_reciprocal(x, flags); break;
                case tlab::NpPowerShortcut::copy: got = x; break;
                case tlab::NpPowerShortcut::ones: got = 1.0; break;
                case tlab::NpPowerShortcut::none: got = tlab::np_ufunc_power(x, e, flags); break;
            }
            INFO("x = " << x);
            CHECK(same_value(got, want[k]));
        }
        CHECK(flags == c["flags"].get<unsigned>());
        if (c["flags"].get<unsigned>() != 0) CHECK(c["ops"] == nlohmann::json::array({op}));
        ++n;
    }
    CHECK(n == 21);
}
