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
    // Polar attempts (4 words each) parsed from one state: at most one across the previous
    // regeneration, then every whole attempt left in this one.
    static constexpr int kAttempts = kStateLen / 4 + 1;
    void regenerate();
    std::uint32_t next_word();  // next_uint32 without dropping the parsed attempts
    void parse_attempts();
    void compute_normals(double* dest = nullptr);
    // Makes sure an accepted attempt is waiting (parsing the next state's words if needed).
    void need_pair() {
        while (next_acc_ == n_acc_) parse_attempts();
    }
    // Consumes `pairs` accepted attempts: the generator moves to the end of the last one.
    void take_pairs(int pairs) {
        next_acc_ += pairs;
        pos_ = base_ + 4 * acc_idx_[next_acc_ - 1];
    }
    void drop_attempts() { n_acc_ = next_acc_ = n_ready_ = 0; }

    std::array<std::uint32_t, kStateLen> key_{};
    // The tempered outputs of the current state, computed in one pass when it is regenerated;
    // draws read them from here.
    std::array<std::uint32_t, kStateLen> out_{};
    int pos_ = kStateLen;
    bool has_gauss_ = false;
    double gauss_ = 0.0;

    // The polar method's attempts from pos_ on, evaluated in one branch-free pass: x1, x2 and
    // r^2 of attempt j, the indices of the accepted ones (r^2 in (0, 1)) in order, and, computed
    // only once a caller wants normals (skip_normals never does), each accepted attempt's two
    // normals in the order randn returns them. The generator itself (pos_) moves only as accepted
    // attempts are taken: attempt j ends at word base_ + 4j. Every other way of drawing drops them.
    double x1_[kAttempts]{}, x2_[kAttempts]{}, r2_[kAttempts]{};
    std::uint16_t acc_idx_[kAttempts + 1]{};
    double normals_[2 * kAttempts]{};
    int base_ = 0, n_acc_ = 0, next_acc_ = 0, n_ready_ = 0;
};

}  // namespace tlab
