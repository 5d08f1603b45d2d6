// Tests for npformat: NumPy 1.24 str() text, from hand-written examples and the golden cases.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <algorithm>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "tlab/ndarray.hpp"
#include "tlab/npformat.hpp"

using tlab::NdArray;

namespace {

const double nan_v = std::numeric_limits<double>::quiet_NaN();
const double inf_v = std::numeric_limits<double>::infinity();

std::string floats(std::vector<std::size_t> shape, std::vector<double> data) {
    return tlab::array_str(NdArray::of_floats(std::move(shape), std::move(data)));
}

std::string ints(std::vector<std::size_t> shape, std::vector<std::int64_t> data) {
    return tlab::array_str(NdArray::of_ints(std::move(shape), std::move(data)));
}

// Golden floats are float.hex() strings (or inf/nan), which strtod reads back exactly.
double parse_float(const nlohmann::json& v) {
    return std::strtod(v.get<std::string>().c_str(), nullptr);
}

std::string run_case(const nlohmann::json& c) {
    const std::string kind = c.at("kind");
    const auto shape = c.at("shape").get<std::vector<std::size_t>>();
    const nlohmann::json& values = c.at("values");
    if (kind == "shape") return tlab::shape_str(shape);
    if (kind == "int") return tlab::int_str(values.at(0).get<std::int64_t>());
    if (kind == "scalar") return tlab::scalar_str(parse_float(values.at(0)));
    if (kind == "literal") return tlab::py_float_literal(parse_float(values.at(0)));
    if (c.at("dtype") == "int64") return ints(shape, values.get<std::vector<std::int64_t>>());
    std::vector<double> data;
    for (const auto& v : values) data.push_back(parse_float(v));
    return floats(shape, data);
}

}  // namespace

TEST_CASE("float arrays pad to a shared column layout", "[npformat]") {
    SECTION("integral values keep a trailing point and pad to the longest fraction") {
        CHECK(floats({3}, {2.0, 1.0, 0.1}) == "[2.  1.  0.1]");
        CHECK(floats({3}, {7.39, 2.72, 1.11}) == "[7.39 2.72 1.11]");
        CHECK(floats({3}, {0.66, 0.24, 0.1}) == "[0.66 0.24 0.1 ]");
    }
    SECTION("negative numbers widen the integer column") {
        CHECK(floats({3}, {-1.0, 2.0, -3.5}) == "[-1.   2.  -3.5]");
        CHECK(floats({2}, {-0.0, 1.0}) == "[-0.  1.]");
    }
    SECTION("more than 8 decimals are rounded to 8") {
        CHECK(floats({3}, {std::exp(2.0), std::exp(1.0), std::exp(0.1)}) ==
              "[7.3890561  2.71828183 1.10517092]");
    }
    SECTION("an exact tie rounds to the even digit") {
        CHECK(floats({2}, {0.001953125, 0.5}) == "[0.00195312 0.5       ]");
    }
}

TEST_CASE("float arrays switch to scientific notation", "[npformat]") {
    SECTION("large, tiny or widely spread values") {
        CHECK(floats({1}, {1e8}) == "[1.e+08]");
        CHECK(floats({2}, {1e-5, 1.0}) == "[1.e-05 1.e+00]");
        CHECK(floats({2}, {1.0, 1001.0}) == "[1.000e+00 1.001e+03]");
    }
    SECTION("three-digit exponents widen every exponent") {
        CHECK(floats({2}, {1e-100, 1.0}) == "[1.e-100 1.e+000]");
    }
}

TEST_CASE("nan and inf are right-aligned", "[npformat]") {
    CHECK(floats({2}, {nan_v, inf_v}) == "[nan inf]");
    CHECK(floats({2}, {nan_v, -inf_v}) == "[ nan -inf]");
    CHECK(floats({2}, {1.5, nan_v}) == "[1.5 nan]");
    CHECK(floats({3}, {1e-5, nan_v, -inf_v}) == "[1.e-05    nan   -inf]");
}

TEST_CASE("integer arrays right-justify to the widest value", "[npformat]") {
    CHECK(ints({2, 2}, {4, 5, 10, 11}) == "[[ 4  5]\n [10 11]]");
    CHECK(ints({3}, {-5, 10, 100}) == "[ -5  10 100]");
}

TEST_CASE("long rows wrap at 75 columns", "[npformat]") {
    std::vector<std::int64_t> v(30);
    for (std::size_t k = 0; k < v.size(); ++k) v[k] = static_cast<std::int64_t>(k);
    SECTION("1-D continuation lines start with one space") {
        CHECK(ints({30}, v) ==
              "[ 0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23\n"
              " 24 25 26 27 28 29]");
    }
    SECTION("2-D rows wrap one column earlier, under their own '['") {
        CHECK(ints({1, 30}, v) ==
              "[[ 0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23\n"
              "  24 25 26 27 28 29]]");
    }
}

TEST_CASE("arrays past 1000 elements are summarised", "[npformat]") {
    std::vector<std::int64_t> v(1001);
    for (std::size_t k = 0; k < v.size(); ++k) v[k] = static_cast<std::int64_t>(k);
    SECTION("1-D") { CHECK(ints({1001}, v) == "[   0    1    2 ...  998  999 1000]"); }
    SECTION("2-D shows a '...' row") {
        CHECK(ints({1001, 1}, v) == "[[   0]\n [   1]\n [   2]\n ...\n [ 998]\n [ 999]\n [1000]]");
    }
}

TEST_CASE("0-d and empty arrays", "[npformat]") {
    CHECK(floats({}, {0.491}) == "0.491");
    CHECK(ints({}, {-14}) == "-14");
    CHECK(floats({0}, {}) == "[]");
    CHECK(ints({2, 0}, {}) == "[]");
}

TEST_CASE("scalars print like Python's repr(float)", "[npformat]") {
    CHECK(tlab::scalar_str(0.491) == "0.491");
    CHECK(tlab::scalar_str(2.0) == "2.0");
    CHECK(tlab::scalar_str(-0.0) == "-0.0");
    CHECK(tlab::scalar_str(1e16) == "1e+16");
    CHECK(tlab::scalar_str(9999999999999998.0) == "9999999999999998.0");
    CHECK(tlab::scalar_str(1.5e-5) == "1.5e-05");
    CHECK(tlab::scalar_str(1e-4) == "0.0001");
    CHECK(tlab::scalar_str(nan_v) == "nan");
    CHECK(tlab::scalar_str(-inf_v) == "-inf");
    CHECK(tlab::py_float_literal(0.1) == "0.1");
    CHECK(tlab::int_str(std::numeric_limits<std::int64_t>::min()) == "-9223372036854775808");
}

TEST_CASE("shape tuples", "[npformat]") {
    CHECK(tlab::shape_str({2, 2}) == "(2, 2)");
    CHECK(tlab::shape_str({3}) == "(3,)");
    CHECK(tlab::shape_str({}) == "()");
}

TEST_CASE("golden cases from NumPy 1.24 match byte for byte", "[npformat]") {
    std::ifstream in(TLAB_TEST_DATA_DIR "/golden/npformat_cases.json");
    REQUIRE(in.good());
    const nlohmann::json cases = nlohmann::json::parse(in);
    REQUIRE(cases.size() > 500);
    std::size_t failures = 0;
    for (std::size_t n = 0; n < cases.size(); ++n) {
        const std::string expected = cases[n].at("expected");
        const std::string got = run_case(cases[n]);
        if (got == expected) continue;
        ++failures;
        INFO("case " << n << ": " << cases[n].dump().substr(0, 400));
        CHECK(got == expected);
    }
    CHECK(failures == 0);
}

// A shortened display formats only the elements that start within its budget: its first `keep`
// bytes must be the full text's, for every budget, shape, layout (str and repr) and kind.
TEST_CASE("a budget leaves the text's first bytes unchanged", "[npformat]") {
    std::uint64_t state = 12345;
    auto next = [&] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return state >> 33;
    };
    const std::vector<std::vector<std::size_t>> shapes = {{7}, {40}, {1000}, {1001}, {3, 17}, {30, 40},
                                                         {2, 3, 9}, {4, 300}, {12, 1}, {1, 90}};
    for (const auto& shape : shapes) {
        std::size_t n = 1;
        for (std::size_t d : shape) n *= d;
        for (int kind = 0; kind < 3; ++kind) {
            std::vector<double> f(n);
            std::vector<std::int64_t> i(n);
            for (std::size_t k = 0; k < n; ++k) {
                // Widths that vary along the text, so that line breaks move with the values.
                const double scale = std::pow(10.0, static_cast<double>(next() % 9) - 4.0);
                f[k] = (static_cast<double>(next() % 200001) - 100000.0) / 1000.0 * scale;
                i[k] = static_cast<std::int64_t>(next() % 2000001) - 1000000;
                if (next() % 7 == 0) i[k] /= 1000;
            }
            tlab::ArrayText t;
            t.shape = shape;
            t.kind = kind == 0 ? tlab::ArrayText::Kind::floating
                     : kind == 1 ? tlab::ArrayText::Kind::integer
                                 : tlab::ArrayText::Kind::boolean;
            t.f = [&f](std::size_t k) { return f[k]; };
            t.i = [&i, kind](std::size_t k) { return kind == 2 ? i[k] % 2 : i[k]; };
            for (const auto& [sep, prefix, suffix] : {std::tuple<std::string, std::string, std::size_t>{" ", "", 0},
                                                      {", ", "array(", 1}}) {
                const std::string full = tlab::array_text(t, sep, prefix, suffix);
                for (std::size_t keep : {std::size_t{0}, std::size_t{1}, std::size_t{37}, std::size_t{75},
                                         std::size_t{401}, full.size() / 2, full.size()}) {
                    const std::string part = tlab::array_text(t, sep, prefix, suffix, keep);
                    const std::size_t sure = std::min(keep, full.size());
                    INFO("shape " << tlab::shape_str(shape) << " kind " << kind << " sep '" << sep << "' keep " << keep);
                    REQUIRE(part.size() >= sure);
                    REQUIRE(part.substr(0, sure) == full.substr(0, sure));
                }
            }
        }
    }
}
