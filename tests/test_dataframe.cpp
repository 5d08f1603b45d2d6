// Tests for tlab::dataframe_str against text printed by real pandas 1.5.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tlab/dataframe.hpp"

using tlab::DfColumn;
using tlab::NdArray;

namespace {

DfColumn floats(std::string name, std::vector<double> v) {
    std::size_t n = v.size();
    return {std::move(name), NdArray::of_floats({n}, std::move(v))};
}

DfColumn ints(std::string name, std::vector<std::int64_t> v) {
    std::size_t n = v.size();
    return {std::move(name), NdArray::of_ints({n}, std::move(v))};
}

// The golden file stores floats as Python repr() strings ("nan", "-0.0", "1e-07"), which strtod
// reads back to the identical double.
DfColumn column_from_json(const nlohmann::json& j) {
    std::string name = j.at("name").get<std::string>();
    if (j.at("dtype") == "int64") {
        std::vector<std::int64_t> v;
        for (const auto& x : j.at("values")) v.push_back(x.get<std::int64_t>());
        return ints(name, v);
    }
    std::vector<double> v;
    for (const auto& x : j.at("values")) v.push_back(std::strtod(x.get<std::string>().c_str(), nullptr));
    return floats(name, v);
}

}  // namespace

TEST_CASE("dataframe: header example from dataframe.hpp", "[dataframe]") {
    CHECK(tlab::dataframe_str({ints("d_k", {4, 16}), floats("√d_k", {2.0, 4.0})}) ==
          "   d_k  √d_k\n0    4   2.0\n1   16   4.0");
}

TEST_CASE("dataframe: Korean names are measured in code points", "[dataframe]") {
    auto text = tlab::dataframe_str({floats("점수", {1.3, -15.7, -2.7}),
                                     floats("나누기 전", {0.0, 0.0, 0.0}),
                                     floats("나눈 뒤", {0.102, 0.012, 0.062})});
    CHECK(text ==
          "     점수  나누기 전   나눈 뒤\n"
          "0   1.3    0.0  0.102\n"
          "1 -15.7    0.0  0.012\n"
          "2  -2.7    0.0  0.062");
}

TEST_CASE("dataframe: long frames show 5 head and 5 tail rows and a footer", "[dataframe]") {
    std::vector<std::int64_t> a;
    std::vector<double> b;
    for (int k = 0; k < 70; ++k) {
        a.push_back(k);
        b.push_back(k * 0.25);
    }
    CHECK(tlab::dataframe_str({ints("a", a), floats("b", b)}) ==
          "     a      b\n0    0   0.00\n1    1   0.25\n2    2   0.50\n3    3   0.75\n"
          "4    4   1.00\n..  ..    ...\n65  65  16.25\n66  66  16.50\n67  67  16.75\n"
          "68  68  17.00\n69  69  17.25\n\n[70 rows x 2 columns]");
}

TEST_CASE("dataframe: nan, inf and tiny or large values", "[dataframe]") {
    double inf = std::numeric_limits<double>::infinity();
    CHECK(tlab::dataframe_str({floats("x", {std::nan(""), inf, -inf, -0.0, 1e-7})}) ==
          "              x\n0           NaN\n1           inf\n2          -inf\n"
          "3 -0.000000e+00\n4  1.000000e-07");
    CHECK(tlab::dataframe_str({floats("x", {1.0, 2.5e9, 3.25})}) ==
          "              x\n0  1.000000e+00\n1  2.500000e+09\n2  3.250000e+00");
}

TEST_CASE("dataframe: too wide frames lose their middle columns", "[dataframe]") {
    std::vector<DfColumn> cols;
    for (int k = 0; k < 12; ++k) cols.push_back(floats("column_" + std::to_string(k), {0.0, 1.5}));
    CHECK(tlab::dataframe_str(cols) ==
          "   column_0  column_1  column_2  ...  column_9  column_10  column_11\n"
          "0       0.0       0.0       0.0  ...       0.0        0.0        0.0\n"
          "1       1.5       1.5       1.5  ...       1.5        1.5        1.5\n\n"
          "[2 rows x 12 columns]");
}

TEST_CASE("dataframe: empty frames", "[dataframe]") {
    CHECK(tlab::dataframe_str({floats("a", {})}) == "Empty DataFrame\nColumns: [a]\nIndex: []");
    CHECK(tlab::dataframe_str({}) == "Empty DataFrame\nColumns: []\nIndex: []");
}

TEST_CASE("dataframe: golden cases from pandas", "[dataframe]") {
    std::ifstream in(std::string(TLAB_TEST_DATA_DIR) + "/golden/dataframe_cases.json");
    REQUIRE(in.good());
    auto cases = nlohmann::json::parse(in);
    REQUIRE(cases.size() >= 300);
    std::size_t index = 0;
    for (const auto& c : cases) {
        std::vector<DfColumn> columns;
        for (const auto& col : c.at("columns")) columns.push_back(column_from_json(col));
        INFO("case " << index++);
        CHECK(tlab::dataframe_str(columns) == c.at("expected").get<std::string>());
    }
}
