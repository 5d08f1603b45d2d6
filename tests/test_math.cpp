// NumPy-exact arithmetic: pairwise sums, mean/std, round, exp, matmul/dot and their errors.
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
