// nprandom.hpp — NumPy's legacy RandomState (np.random.seed / np.random.randn), bit for bit.
//
//   tlab::RandomState rs(42);        // np.random.seed(42)
//   double x = rs.standard_normal(); // np.random.randn() -> 0.4967141530112327
//   std::vector<double> q(1000 * 4);
//   rs.fill_normal(q.data(), q.size());   // np.random.randn(1000, 4), row-major
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace tlab {

class RandomState {
public:
    explicit RandomState(std::uint32_t seed = 0) { reseed(seed); }

    // np.random.seed(seed): MT19937 init_genrand, and the cached Gaussian is dropped.
    void reseed(std::uint32_t seed);

    // One draw of np.random.randn(): the legacy polar Box-Muller method, whose every second value
    // is cached for the next call.
    double standard_normal();

    // n successive draws, as np.random.randn(n) fills its output in C order.
    void fill_normal(double* out, std::size_t n);

    // Leaves the generator exactly where drawing n normals would, without computing the normals
    // (no log/sqrt for pairs that are thrown away): lets a caller walk two parts of one stream in
    // step, e.g. q's and k's rows of `q = randn(N, d); k = randn(N, d)`.
    void skip_normals(std::size_t n);

    std::uint32_t next_uint32();
    // 53-bit double in [0, 1) from two 32-bit draws (a >> 5, b >> 6), as random_standard_uniform.
    double next_double();

private:
    static constexpr int kStateLen = 624;
    void regenerate();
    // Draws uniform pairs until one lands strictly inside the unit circle; returns r^2.
    double polar_pair(double& x1, double& x2);

    std::array<std::uint32_t, kStateLen> key_{};
    // The tempered outputs of the current state, computed in one pass when it is regenerated;
    // draws read them from here.
    std::array<std::uint32_t, kStateLen> out_{};
    int pos_ = kStateLen;
    bool has_gauss_ = false;
    double gauss_ = 0.0;
};

}  // namespace tlab
