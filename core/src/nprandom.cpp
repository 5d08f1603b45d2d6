// NumPy's legacy RandomState: MT19937 (Matsumoto & Nishimura) plus legacy_gauss.
#include "tlab/nprandom.hpp"

#include <cmath>

#include "tlab/npmath.hpp"

namespace tlab {

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

void RandomState::regenerate() {
    constexpr int n = kStateLen, m = 397;
    constexpr std::uint32_t upper = 0x80000000U, lower = 0x7fffffffU, matrix_a = 0x9908b0dfU;
    auto twist = [&](int k, int next, int far) {
        const std::uint32_t y = (key_[k] & upper) | (key_[next] & lower);
        key_[k] = key_[far] ^ (y >> 1) ^ ((y & 1U) ? matrix_a : 0U);
    };
    int k = 0;
    for (; k < n - m; ++k) twist(k, k + 1, k + m);
    for (; k < n - 1; ++k) twist(k, k + 1, k + m - n);
    twist(n - 1, 0, m - 1);
    pos_ = 0;
}

std::uint32_t RandomState::next_uint32() {
    if (pos_ == kStateLen) regenerate();
    std::uint32_t y = key_[pos_++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

double RandomState::next_double() {
    const std::int32_t a = static_cast<std::int32_t>(next_uint32() >> 5);
    const std::int32_t b = static_cast<std::int32_t>(next_uint32() >> 6);
    return (a * 67108864.0 + b) / 9007199254740992.0;
}

double RandomState::polar_pair(double& x1, double& x2) {
    double r2;
    do {
        x1 = 2.0 * next_double() - 1.0;
        x2 = 2.0 * next_double() - 1.0;
        r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    return r2;
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
    for (std::size_t k = 0; k < n; ++k) out[k] = standard_normal();
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
