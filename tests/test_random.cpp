// NumPy's legacy RandomState, bit for bit, against values drawn by real NumPy.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "test_support.hpp"
#include "tlab/npmath.hpp"
#include "tlab/nprandom.hpp"

using tlab_test::from_hexes;

TEST_CASE("randn matches NumPy for seeds across the uint32 range", "[random]") {
    const auto golden = tlab_test::read_json("golden/random_cases.json");
    REQUIRE(golden["randn"].size() >= 20);
    for (const auto& c : golden["randn"]) {
        const auto seed = c["seed"].get<std::uint32_t>();
        const std::vector<double> want = from_hexes(c["values"]);
        tlab::RandomState rs(seed);
        std::vector<double> got;
        // The same calls as the oracle: randn(a), randn(3, 7), randn(b) — the cached second value
        // of a pair must carry over between calls.
        for (const auto& n : c["draws"]) {
            std::vector<double> part(n.get<std::size_t>());
            rs.fill_normal(part.data(), part.size());
            got.insert(got.end(), part.begin(), part.end());
        }
        INFO("seed " << seed);
        REQUIRE(got.size() == want.size());
        std::size_t mismatches = 0;
        for (std::size_t k = 0; k < got.size(); ++k) mismatches += got[k] != want[k];
        CHECK(mismatches == 0);
    }
}

TEST_CASE("reseeding restarts the stream and drops the cached Gaussian", "[random]") {
    tlab::RandomState rs(42);
    const double first = rs.standard_normal();
    rs.standard_normal();
    rs.standard_normal();  // leaves a cached value behind
    rs.reseed(42);
    CHECK(rs.standard_normal() == first);
    CHECK(first == 0.4967141530112327);  // np.random.seed(42); np.random.randn()
}

TEST_CASE("skip_normals lands exactly where k's normals begin", "[random]") {
    const auto golden = tlab_test::read_json("golden/random_cases.json");
    for (const auto& c : golden["skip"]) {
        const auto n = c["n"].get<std::size_t>(), d = c["d"].get<std::size_t>();
        tlab::RandomState drawn(c["seed"].get<std::uint32_t>());
        tlab::RandomState skipped = drawn;
        std::vector<double> q(n * d);
        drawn.fill_normal(q.data(), q.size());
        skipped.skip_normals(n * d);
        const std::vector<double> k_first = from_hexes(c["k_first"]);
        const std::vector<double> q_last = from_hexes(c["q_last"]);
        INFO("seed " << c["seed"] << " n " << n << " d " << d);
        CHECK(q[q.size() - 1] == q_last.back());
        for (double want : k_first) {
            const double a = drawn.standard_normal(), b = skipped.standard_normal();
            CHECK(a == want);
            CHECK(b == want);
        }
    }
}

namespace {

// The textbook generator, as NumPy's C code writes it: MT19937's genrand_int32 (one word per
// call, regenerating when the state runs out) and legacy_gauss's polar loop, one attempt at a
// time. RandomState batches and vectorizes all of it; this is what it must equal, word for word.
class ReferenceState {
public:
    explicit ReferenceState(std::uint32_t seed) {
        mt_[0] = seed;
        for (int k = 1; k < 624; ++k) mt_[k] = 1812433253U * (mt_[k - 1] ^ (mt_[k - 1] >> 30)) + k;
        pos_ = 624;
    }
    std::uint32_t next_uint32() {
        static const std::uint32_t mag01[2] = {0U, 0x9908b0dfU};
        if (pos_ >= 624) {
            int k = 0;
            std::uint32_t y;
            for (; k < 624 - 397; ++k) {
                y = (mt_[k] & 0x80000000U) | (mt_[k + 1] & 0x7fffffffU);
                mt_[k] = mt_[k + 397] ^ (y >> 1) ^ mag01[y & 1U];
            }
            for (; k < 623; ++k) {
                y = (mt_[k] & 0x80000000U) | (mt_[k + 1] & 0x7fffffffU);
                mt_[k] = mt_[k + (397 - 624)] ^ (y >> 1) ^ mag01[y & 1U];
            }
            y = (mt_[623] & 0x80000000U) | (mt_[0] & 0x7fffffffU);
            mt_[623] = mt_[396] ^ (y >> 1) ^ mag01[y & 1U];
            pos_ = 0;
        }
        std::uint32_t y = mt_[pos_++];
        y ^= (y >> 11);
        y ^= (y << 7) & 0x9d2c5680U;
        y ^= (y << 15) & 0xefc60000U;
        y ^= (y >> 18);
        return y;
    }
    double next_double() {
        const std::int32_t a = next_uint32() >> 5, b = next_uint32() >> 6;
        return (a * 67108864.0 + b) / 9007199254740992.0;
    }
    double standard_normal() {
        if (has_gauss_) {
            has_gauss_ = false;
            return gauss_;
        }
        double x1, x2, r2;
        do {
            x1 = 2.0 * next_double() - 1.0;
            x2 = 2.0 * next_double() - 1.0;
            r2 = x1 * x1 + x2 * x2;
        } while (r2 >= 1.0 || r2 == 0.0);
        const double f = std::sqrt(-2.0 * tlab::np_log(r2) / r2);
        gauss_ = f * x1;
        has_gauss_ = true;
        return f * x2;
    }

private:
    std::uint32_t mt_[624];
    int pos_;
    bool has_gauss_ = false;
    double gauss_ = 0.0;
};

}  // namespace

TEST_CASE("the batched generator equals the textbook one word for word", "[random]") {
    SECTION("raw words and uniforms") {
        for (std::uint32_t seed : {0U, 1U, 42U, 5489U, 123456789U, 4294967295U}) {
            tlab::RandomState rs(seed);
            ReferenceState ref(seed);
            std::size_t mismatches = 0;
            for (int k = 0; k < 5000; ++k) mismatches += rs.next_uint32() != ref.next_uint32();
            for (int k = 0; k < 2000; ++k) mismatches += rs.next_double() != ref.next_double();
            INFO("seed " << seed);
            CHECK(mismatches == 0);
        }
    }
    SECTION("normals starting at every word offset, across regenerations") {
        // An attempt takes 4 words and a state has 624: depending on what was drawn before, the
        // attempt that crosses a regeneration starts at any of the 4 offsets.
        for (std::uint32_t seed : {3U, 42U, 2024U}) {
            for (int offset = 0; offset < 8; ++offset) {
                tlab::RandomState rs(seed);
                ReferenceState ref(seed);
                for (int k = 0; k < offset; ++k) REQUIRE(rs.next_uint32() == ref.next_uint32());
                std::vector<double> got(4001);
                rs.fill_normal(got.data(), got.size());
                std::size_t mismatches = 0;
                for (double x : got) mismatches += x != ref.standard_normal();
                for (int k = 0; k < 10; ++k) mismatches += rs.next_uint32() != ref.next_uint32();
                INFO("seed " << seed << " offset " << offset);
                CHECK(mismatches == 0);
            }
        }
    }
    SECTION("any mix of fills, skips, single draws, uniforms and copies") {
        std::uint64_t lcg = 12345;
        const auto draw = [&lcg](std::uint32_t n) {
            lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
            return static_cast<std::uint32_t>(lcg >> 33) % n;
        };
        for (std::uint32_t seed : {7U, 42U, 99U, 31337U}) {
            tlab::RandomState rs(seed);
            ReferenceState ref(seed);
            std::size_t mismatches = 0, ops = 0;
            for (; ops < 3000; ++ops) {
                const std::uint32_t op = draw(7);
                // Sizes: mostly small and odd/even alike (the cached half of a pair), sometimes
                // more than a whole state's worth of attempts.
                const std::size_t n = draw(4) == 0 ? draw(3000) : draw(9);
                if (op == 0 || op == 1) {
                    std::vector<double> got(n);
                    rs.fill_normal(got.data(), n);
                    for (double x : got) mismatches += x != ref.standard_normal();
                } else if (op == 2) {
                    rs.skip_normals(n);
                    for (std::size_t k = 0; k < n; ++k) ref.standard_normal();
                } else if (op == 3) {
                    mismatches += rs.standard_normal() != ref.standard_normal();
                } else if (op == 4) {
                    mismatches += rs.next_uint32() != ref.next_uint32();
                } else if (op == 5) {
                    mismatches += rs.next_double() != ref.next_double();
                } else {
                    // A copy carries on exactly where the original is; the original continues too.
                    tlab::RandomState copy = rs;
                    std::vector<double> a(n), b(n);
                    copy.fill_normal(a.data(), n);
                    rs.fill_normal(b.data(), n);
                    for (std::size_t k = 0; k < n; ++k) {
                        const double want = ref.standard_normal();
                        mismatches += (a[k] != want) + (b[k] != want);
                    }
                }
                if (mismatches) break;
            }
            for (int k = 0; k < 700; ++k) mismatches += rs.next_uint32() != ref.next_uint32();
            INFO("seed " << seed << ", first mismatch after op " << ops);
            CHECK(mismatches == 0);
        }
    }
    SECTION("skip_normals equals drawing, for odd and even counts and a cached value") {
        for (std::size_t n : {0, 1, 2, 3, 5, 243, 244, 245, 1000, 1001, 4095}) {
            for (bool cached : {false, true}) {
                tlab::RandomState skipped(11), drawn(11);
                if (cached) {
                    skipped.standard_normal();
                    drawn.standard_normal();
                }
                std::vector<double> q(n);
                drawn.fill_normal(q.data(), n);
                skipped.skip_normals(n);
                INFO("n " << n << (cached ? " after a single draw" : ""));
                for (int k = 0; k < 9; ++k) CHECK(skipped.standard_normal() == drawn.standard_normal());
                CHECK(skipped.next_uint32() == drawn.next_uint32());
            }
        }
    }
}

TEST_CASE("the batched log under the normals equals the one-value log bit for bit", "[random]") {
    // np_log_n takes 4 (AVX2 + FMA) or 2 (wasm simd128) values at a time and redoes the lanes its
    // main path does not cover one by one; np_log and np_log_portable are the one-value paths.
    tlab::RandomState rs(2718);
    std::vector<double> xs;
    for (int k = 0; k < 200000; ++k) {
        double x;
        switch (k % 5) {
            case 0: x = rs.next_double(); break;                         // r^2 of randn: (0, 1)
            case 1: x = 1.0 + (rs.next_double() - 0.5) * 0.25; break;   // near 1
            case 2: {                                                    // any positive double
                std::uint64_t b = (std::uint64_t{rs.next_uint32()} << 32) | rs.next_uint32();
                b &= 0x7fefffffffffffffULL;
                std::memcpy(&x, &b, 8);
                break;
            }
            case 3: x = rs.next_double() * 0x1p-1030; break;            // subnormal
            default: x = rs.next_double() * 1e-3;                        // small r^2
        }
        xs.push_back(x);
    }
    for (double special : {0.0, -0.0, -1.0, 1.0, std::numeric_limits<double>::infinity(),
                           -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN(),
                           std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::min(),
                           std::numeric_limits<double>::max(), 0.5, 2.0})
        for (int at : {0, 1, 2, 3}) xs.insert(xs.begin() + at * 7 + 1, special);  // in every lane
    const auto bits_of = [](double v) {
        std::uint64_t u;
        std::memcpy(&u, &v, 8);
        return u;
    };
    for (std::size_t len : {xs.size(), std::size_t{1}, std::size_t{3}, std::size_t{5}, std::size_t{127}}) {
        std::vector<double> out(len), in_place(xs.begin(), xs.begin() + len);
        tlab::np_log_n(xs.data(), out.data(), len);
        tlab::np_log_n(in_place.data(), in_place.data(), len);  // out may be x
        std::size_t mismatches = 0;
        for (std::size_t k = 0; k < len; ++k) {
            const std::uint64_t want = bits_of(tlab::np_log_portable(xs[k]));
            const bool nan = std::isnan(xs[k]) || xs[k] < 0;
            if (nan) {
                mismatches += !std::isnan(out[k]) + !std::isnan(in_place[k]) + !std::isnan(tlab::np_log(xs[k]));
            } else {
                mismatches += (bits_of(out[k]) != want) + (bits_of(in_place[k]) != want) +
                              (bits_of(tlab::np_log(xs[k])) != want);
            }
        }
        INFO("length " << len);
        CHECK(mismatches == 0);
    }
}
