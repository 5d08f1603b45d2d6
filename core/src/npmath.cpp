// NumPy-exact float64 arithmetic: pairwise sums, std, round, matmul and dot (exp: np_exp.cpp).
#include "tlab/npmath.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include <Eigen/Core>
#include <fmt/compile.h>
#include <fmt/format.h>

#include "tlab/npformat.hpp"

namespace tlab {

namespace {

constexpr std::size_t kBufferSize = 8192;  // NumPy's default ufunc buffer size

// The values a pairwise sum adds, as the array a ufunc would have stored: x[k] is the k-th,
// x + m the same values from the m-th on.
struct Values {
    const double* a;
    double operator[](std::size_t k) const { return a[k]; }
    Values operator+(std::size_t m) const { return {a + m}; }
};
struct Products {  // a * b, each product rounded, never stored
    const double* a;
    const double* b;
    double operator[](std::size_t k) const { return a[k] * b[k]; }
    Products operator+(std::size_t m) const { return {a + m, b + m}; }
};
struct SquaredDeviations {  // (a - mean) ** 2
    const double* a;
    double mean;
    double operator[](std::size_t k) const {
        const double dev = a[k] - mean;
        return dev * dev;
    }
    SquaredDeviations operator+(std::size_t m) const { return {a + m, mean}; }
};

// NumPy's pairwise summation (DOUBLE_pairwise_sum) of x[0] .. x[n - 1]: eight running sums over
// blocks of up to 128 values, halves (cut at a multiple of 8) above that.
template <typename Source>
double pairwise(Source x, std::size_t n) {
    if (n < 8) {
        double res = 0.0;
        for (std::size_t k = 0; k < n; ++k) res += x[k];
        return res;
    }
    if (n <= 128) {
        double r[8];
        for (std::size_t j = 0; j < 8; ++j) r[j] = x[j];
        std::size_t k = 8;
        for (; k < n - (n % 8); k += 8)
            for (std::size_t j = 0; j < 8; ++j) r[j] += x[k + j];
        double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; k < n; ++k) res += x[k];
        return res;
    }
    std::size_t half = n / 2;
    half -= half % 8;
    return pairwise(x, half) + pairwise(x + half, n - half);
}

}  // namespace

double pairwise_sum(const double* a, std::size_t n) { return pairwise(Values{a}, n); }

double pairwise_sum_of_products(const double* a, const double* b, std::size_t n) {
    return pairwise(Products{a, b}, n);
}

double np_sum_of_products(const double* a, const double* b, std::size_t n) {
    if (n <= kBufferSize) return pairwise_sum_of_products(a, b, n);
    double acc = 0.0;
    for (std::size_t start = 0; start < n; start += kBufferSize)
        acc += pairwise_sum_of_products(a + start, b + start, std::min(kBufferSize, n - start));
    return acc;
}

double np_sum(const double* a, std::size_t n) {
    double acc = 0.0;
    for (std::size_t start = 0; start < n; start += kBufferSize)
        acc += pairwise_sum(a + start, std::min(kBufferSize, n - start));
    return acc;
}

double np_mean(const double* a, std::size_t n) { return np_sum(a, n) / static_cast<double>(n); }

double np_std(const double* a, std::size_t n) {
    const double mean = np_mean(a, n);
    // np_sum of the squared deviations, chunk by chunk in the same order, without their array.
    double acc = 0.0;
    for (std::size_t start = 0; start < n; start += kBufferSize)
        acc += pairwise(SquaredDeviations{a + start, mean}, std::min(kBufferSize, n - start));
    return std::sqrt(acc / static_cast<double>(n));
}

std::vector<double> np_softmax(const std::vector<double>& x) {
    const double xmax = *std::max_element(x.begin(), x.end());
    std::vector<double> e(x.size());
    for (std::size_t k = 0; k < x.size(); ++k) e[k] = np_exp(x[k] - xmax);
    const double total = np_sum(e.data(), e.size());
    for (double& v : e) v /= total;
    return e;
}

double np_round(double x, int decimals) {
    double scale = 1.0;
    for (int k = 0; k < decimals; ++k) scale *= 10.0;
    return std::nearbyint(x * scale) / scale;
}

namespace {

std::string mismatch_message(std::size_t got, std::size_t want) {
    return fmt::format(
        FMT_COMPILE("matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
        "(n?,k),(k,m?)->(n?,m?) (size {} is different from {})"),
        got, want);
}

// Wrapping int64 multiply-add, as NumPy's integer loops do (no overflow check).
std::int64_t wrap_madd(std::int64_t acc, std::int64_t x, std::int64_t y) {
    const auto ux = static_cast<std::uint64_t>(x), uy = static_cast<std::uint64_t>(y);
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(acc) + ux * uy);
}

}  // namespace

NdArray matmul(const NdArray& a, const NdArray& b) {
    const std::size_t n = a.shape[0], k = a.shape[1], m = b.shape[1];
    if (b.shape[0] != k) throw PyError("ValueError", mismatch_message(b.shape[0], k));
    if (!a.is_float() && !b.is_float()) {
        std::vector<std::int64_t> out(n * m, 0);
        for (std::size_t r = 0; r < n; ++r)
            for (std::size_t c = 0; c < m; ++c)
                for (std::size_t t = 0; t < k; ++t)
                    out[r * m + c] = wrap_madd(out[r * m + c], a.i[r * k + t], b.i[t * m + c]);
        return NdArray::of_ints({n, m}, std::move(out));
    }
    // Reference BLAS dgemm accumulates each entry in order from zero; so does NumPy's no-BLAS loop.
    const NdArray af = a.to_float(), bf = b.to_float();
    using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    Eigen::Map<const RowMajor> A(af.f.data(), n, k), B(bf.f.data(), k, m);
    std::vector<double> out(n * m, 0.0);
    for (std::size_t r = 0; r < n; ++r)
        for (std::size_t c = 0; c < m; ++c) {
            double acc = 0.0;
            for (std::size_t t = 0; t < k; ++t) acc += A(r, t) * B(t, c);
            out[r * m + c] = acc;
        }
    return NdArray::of_floats({n, m}, std::move(out));
}

NdArray dot(const NdArray& u, const NdArray& v) {
    if (u.shape[0] != v.shape[0])
        throw PyError("ValueError",
                      fmt::format(FMT_COMPILE("shapes {} and {} not aligned: {} (dim 0) != {} (dim 0)"),
                                  shape_str(u.shape), shape_str(v.shape), u.shape[0], v.shape[0]));
    const std::size_t n = u.shape[0];
    if (!u.is_float() && !v.is_float()) {
        std::int64_t acc = 0;
        for (std::size_t t = 0; t < n; ++t) acc = wrap_madd(acc, u.i[t], v.i[t]);
        return NdArray::of_ints({}, {acc});
    }
    // NumPy treats a one-element vector as a scalar and just multiplies (so 0.0 * -2.0 stays
    // -0.0); longer vectors go to BLAS ddot, which accumulates from +0.0.
    if (n == 1) return NdArray::of_floats({}, {u.as_double(0) * v.as_double(0)});
    double acc = 0.0;
    for (std::size_t t = 0; t < n; ++t) acc += u.as_double(t) * v.as_double(t);
    return NdArray::of_floats({}, {acc});
}

NdArray negate(const NdArray& a) {
    NdArray out = a;
    if (a.is_float()) {
        for (double& x : out.f) x = -x;
    } else {
        for (std::int64_t& x : out.i)
            x = static_cast<std::int64_t>(0U - static_cast<std::uint64_t>(x));
    }
    return out;
}

}  // namespace tlab
