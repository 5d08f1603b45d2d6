// NumPy's legacy RandomState: MT19937 (Matsumoto & Nishimura) plus legacy_gauss.
//
// Speed without changing a bit of output (the golden files pin every draw):
//  - the 624-word state is regenerated in three branch-free loops (the twist's "odd" test is a
//    mask, not a conditional), then tempered in one more loop into a buffer the draws read;
//  - the polar method draws its four 32-bit words per attempt with one bounds check when at least
//    four words remain in the state (almost always), and scales by 2^-53 with a multiply, which is
//    exact, instead of NumPy's division by 2^53 (same value: a power of two);
//  - fill_normal produces whole pairs without consulting the cache per element;
//  - skip_normals only runs the rejection loop (no log/sqrt).
#include "tlab/nprandom.hpp"

#include <algorithm>
#include <cmath>

#include "tlab/npmath.hpp"

namespace tlab {

namespace {

constexpr std::uint32_t kUpper = 0x80000000U, kLower = 0x7fffffffU, kMatrixA = 0x9908b0dfU;

inline std::uint32_t temper(std::uint32_t y) {
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

inline std::uint32_t twist(std::uint32_t cur, std::uint32_t next, std::uint32_t far) {
    const std::uint32_t y = (cur & kUpper) | (next & kLower);
    return far ^ (y >> 1) ^ ((0U - (y & 1U)) & kMatrixA);
}

// 53-bit double in [0, 1) from two 32-bit draws, as random_standard_uniform: (a*2^26 + b) / 2^53.
inline double uniform53(std::uint32_t a, std::uint32_t b) {
    return (static_cast<double>(static_cast<std::int32_t>(a >> 5)) * 67108864.0 +
            static_cast<double>(static_cast<std::int32_t>(b >> 6))) *
           (1.0 / 9007199254740992.0);
}

}  // namespace

void RandomState::reseed(std::uint32_t seed) {
    key_[0] = seed;
    for (int k = 1; k < kStateLen; ++k) {
        const std::uint32_t prev = key_[k - 1];
        key_[k] = 1812433253U * (prev ^ (prev >> 30)) + static_cast<std::uint32_t>(k);
    }
    pos_ = kStateLen;
    has_gauss_ = false;
    gauss_ = 0.0;
}

// Natively on x86-64 (GCC), the regeneration is compiled twice, for AVX2 and for the x86-64
// baseline, and the loader picks one for the CPU (integer work: the same bits either way).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__EMSCRIPTEN__)
__attribute__((target_clones("avx2", "default")))
#endif
void RandomState::regenerate() {
    constexpr int n = kStateLen, m = 397;
    std::uint32_t* key = key_.data();
    int k = 0;
    for (; k < n - m; ++k) key[k] = twist(key[k], key[k + 1], key[k + m]);
    for (; k < n - 1; ++k) key[k] = twist(key[k], key[k + 1], key[k + m - n]);
    key[n - 1] = twist(key[n - 1], key[0], key[m - 1]);
    std::uint32_t* out = out_.data();
    for (k = 0; k < n; ++k) out[k] = temper(key[k]);  // vectorizes
    pos_ = 0;
}

std::uint32_t RandomState::next_uint32() {
    if (pos_ == kStateLen) regenerate();
    return out_[pos_++];
}

double RandomState::next_double() {
    const std::uint32_t a = next_uint32();
    const std::uint32_t b = next_uint32();
    return uniform53(a, b);
}

#if defined(__GNUC__)
__attribute__((always_inline))
#endif
inline double RandomState::polar_pair(double& x1, double& x2) {
    for (;;) {
        std::uint32_t w0, w1, w2, w3;
        if (pos_ <= kStateLen - 4) {  // the common case: one check for the attempt's four words
            const std::uint32_t* p = out_.data() + pos_;
            w0 = p[0];
            w1 = p[1];
            w2 = p[2];
            w3 = p[3];
            pos_ += 4;
        } else {
            w0 = next_uint32();
            w1 = next_uint32();
            w2 = next_uint32();
            w3 = next_uint32();
        }
        x1 = 2.0 * uniform53(w0, w1) - 1.0;
        x2 = 2.0 * uniform53(w2, w3) - 1.0;
        const double r2 = x1 * x1 + x2 * x2;
        if (r2 < 1.0 && r2 != 0.0) return r2;
    }
}

double RandomState::standard_normal() {
    if (has_gauss_) {
        has_gauss_ = false;
        const double cached = gauss_;
        gauss_ = 0.0;
        return cached;
    }
    double x1, x2;
    const double r2 = polar_pair(x1, x2);
    const double f = std::sqrt(-2.0 * np_log(r2) / r2);
    gauss_ = f * x1;
    has_gauss_ = true;
    return f * x2;
}

void RandomState::fill_normal(double* out, std::size_t n) {
    if (n == 0) return;
    std::size_t k = 0;
    if (has_gauss_) out[k++] = standard_normal();
    // Whole pairs: the second value of each pair would be cached and returned next, so write both.
    // In blocks: first the (sequential, branchy) rejection loop for every pair of the block, then
    // the block's logs in one call (one dispatch; independent logs overlap in the pipeline), then
    // f = sqrt(-2 log(r2) / r2) and the two normals, a loop the compiler vectorizes.
    constexpr std::size_t kBlock = 128;
    double x1[kBlock], x2[kBlock], r2[kBlock], lg[kBlock];
    while (n - k >= 2) {
        const std::size_t pairs = std::min(kBlock, (n - k) / 2);
        for (std::size_t j = 0; j < pairs; ++j) r2[j] = polar_pair(x1[j], x2[j]);
        np_log_n(r2, lg, pairs);
        double* o = out + k;
        for (std::size_t j = 0; j < pairs; ++j) {
            const double f = std::sqrt(-2.0 * lg[j] / r2[j]);
            o[2 * j] = f * x2[j];
            o[2 * j + 1] = f * x1[j];
        }
        k += 2 * pairs;
    }
    if (k < n) out[k] = standard_normal();  // leaves the pair's other half cached, as NumPy does
}

void RandomState::skip_normals(std::size_t n) {
    if (n == 0) return;
    if (has_gauss_) {
        standard_normal();
        --n;
    }
    // Whole pairs leave no cached value behind, so their normals never need computing.
    double x1, x2;
    for (std::size_t pairs = n / 2; pairs > 0; --pairs) polar_pair(x1, x2);
    if (n % 2 == 1) standard_normal();
}

}  // namespace tlab
