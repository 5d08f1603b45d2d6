// npmath.hpp — the arithmetic the labs do, with NumPy's exact rounding behaviour.
//
// Why not just Eigen's sum() or std::exp: every printed digit must match NumPy, and NumPy
//  - sums float64 along a contiguous axis pairwise (8 accumulators, blocks of 128), and a 1-D
//    reduction in buffer chunks of 8192 elements;
//  - computes float64 exp with Intel SVML's __svml_exp8 on AVX512_SKX CPUs (as here), which
//    differs from libm's exp in the last bit for about a quarter of inputs;
//  - multiplies matrices through reference BLAS (sequential dot products) for float64 and with a
//    plain wrapping loop for int64.
//
//   double xs[] = {1.0, 2.0, 3.5};
//   tlab::np_sum(xs, 3)       -> 6.5
//   tlab::np_round(0.6652, 2) -> 0.67
//   tlab::matmul(A, B)        -> NdArray, or throws PyError("ValueError", "matmul: Input operand 1 ...")
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "tlab/fpflags.hpp"
#include "tlab/ndarray.hpp"

namespace tlab {

// An exception the displayed Python code would raise (e.g. ValueError from np.matmul). Lab steps
// turn it into a Jupyter "error" output; it never escapes the API.
struct PyError : std::runtime_error {
    PyError(std::string ename_, std::string evalue_)
        : std::runtime_error(evalue_), ename(std::move(ename_)), evalue(std::move(evalue_)) {}
    std::string ename;
    std::string evalue;
};

// NumPy's pairwise summation kernel (DOUBLE_pairwise_sum) over n contiguous values.
double pairwise_sum(const double* a, std::size_t n);
// a.sum() of a contiguous 1-D float64 array: pairwise within 8192-element buffer chunks.
double np_sum(const double* a, std::size_t n);
// (a * b).sum() of two contiguous rows of n float64 (what `(q * k).sum(axis=1)` does per row:
// NumPy sums a row pairwise in 8192-element chunks, checked against NumPy for n up to 16385),
// without storing the products.
double pairwise_sum_of_products(const double* a, const double* b, std::size_t n);
double np_sum_of_products(const double* a, const double* b, std::size_t n);
double np_mean(const double* a, std::size_t n);
// a.std() with ddof=0: sqrt(mean(|a - a.mean()|**2)), with NumPy's summation order.
double np_std(const double* a, std::size_t n);
// np.round(x, decimals) for decimals >= 0: rint(x * 10**d) / 10**d (half to even).
double np_round(double x, int decimals);
// np.exp for one float64, as NumPy 1.24 computes it (np_ufunc_exp without the flags): with SVML
// as on AVX512_SKX CPUs, or the C library's exp (numpy_cpu(), below).
double np_exp(double x);
// log(x) bit for bit as glibc's x86-64 libm (what NumPy's randn calls), on every platform.
double np_log(double x);
// The same, always through the portable (software-FMA) path that the wasm build uses; np_log may
// use the FMA instruction natively. Both give the same bits (tests compare them).
double np_log_portable(double x);
// out[k] = np_log(x[k]) for k < n (one dispatch for the lot; out may equal x).
void np_log_n(const double* x, double* out, std::size_t n);

// NumPy 1.24's float64 ufunc kernels on this machine, one element at a time: what np.<name>
// returns for that element of any array, view or scalar (NumPy calls the same SVML kernel for
// every length, stride and 0-d operand), and, OR-ed into `flags`, the exceptions it raises, which
// NumPy prints as RuntimeWarning "... encountered in <name>" (see fpflags.hpp):
//   np_ufunc_exp(710.0, flags)  -> inf, kFpOverflow ("overflow encountered in exp")
//   np_ufunc_log(0.0, flags)    -> -inf, kFpDivideByZero; np_ufunc_log(-1.0, flags) -> nan, kFpInvalid
//   np_ufunc_sqrt(-1.0, flags)  -> nan, kFpInvalid
//   np_ufunc_power(2.0, 0.5, flags) -> 1.4142135623730951 (SVML's pow: np.power and array ** array)
// np_ufunc_absolute, np_ufunc_maximum and np_ufunc_minimum raise nothing, np_ufunc_tanh only
// invalid for a signaling NaN (which Python code does not make). A Python int or an int64 array
// goes through the same kernels after conversion to float64 (np.sqrt(2) is np_ufunc_sqrt(2.0)).
// np_log (above) is glibc's log, not np.log: np.log is np_ufunc_log.
double np_ufunc_exp(double x, unsigned& flags);
double np_ufunc_log(double x, unsigned& flags);

// Which CPU's NumPy the float64 exp, log and power kernels follow. NumPy 1.24 dispatches them to
// SVML on AVX512_SKX CPUs (the seeds were printed on one, and so the page always computes so);
// on any other x86-64 CPU it calls the C library's exp, log and pow. The native tools switch to
// the latter (labrun: TLAB_NUMPY_CPU=baseline) to compare with NumPy on a machine without
// AVX512_SKX; tanh, sqrt and the rest are the same on both. The flags are the same on both.
enum class NumpyCpu { avx512_skx, baseline };
void set_numpy_cpu(NumpyCpu cpu);
NumpyCpu numpy_cpu();
double np_ufunc_tanh(double x, unsigned& flags);
double np_ufunc_sqrt(double x, unsigned& flags);
double np_ufunc_power(double x, double y, unsigned& flags);
// |x|, the sign bit cleared (NaN included).
double np_ufunc_absolute(double x);
// np.sin and np.cos (SVML's main path). For |x| > 2^24 (sin) or about 2.6e7 (cos) NumPy's SVML
// reduces with 64 KB of tables the page does not carry: *_supported(x) is false there, and the
// caller must report the input as unsupported (the kernels then return NaN). Infinities give NaN
// with kFpInvalid.
bool np_ufunc_sin_supported(double x);
bool np_ufunc_cos_supported(double x);
double np_ufunc_sin(double x, unsigned& flags);
double np_ufunc_cos(double x, unsigned& flags);
// NaN-propagating: a NaN operand gives that NaN (the first one if both are); of two equal
// operands (0.0 and -0.0 included) the second: np.maximum(0.0, -0.0) is -0.0.
double np_ufunc_maximum(double a, double b);
double np_ufunc_minimum(double a, double b);

// `array ** exponent` with a scalar exponent (a Python or NumPy number, or a 0-d array) takes a
// shortcut for float arrays before the power ufunc, and its warnings then name the shortcut:
//   2 -> np.square (np_ufunc_square, "... in square"), 0.5 -> np.sqrt (np_ufunc_sqrt, "... in
//   sqrt"), -1 -> np.reciprocal (np_ufunc_reciprocal, "... in reciprocal"), 1 -> a copy (NaN and
//   -0.0 kept), 0 -> np.ones_like (1.0 even for NaN); anything else -> np.power (np_ufunc_power,
//   "... in power"). (An exponent array of 1 or more dimensions always goes to np.power.)
//   np_power_shortcut(2.0) -> NpPowerShortcut::square;  np_power_shortcut(3.0) -> ...::none
enum class NpPowerShortcut { none, square, sqrt, reciprocal, copy, ones };
NpPowerShortcut np_power_shortcut(double exponent);
// x * x and 1.0 / x with the exceptions np.square and np.reciprocal report (overflow; divide by
// zero for 1 / 0, and overflow for 1 / a subnormal).
double np_ufunc_square(double x, unsigned& flags);
double np_ufunc_reciprocal(double x, unsigned& flags);
// np.float64(x) ** y (and x ** np.float64(y)): not the ufunc but libm's pow (py_pow), whose
// exceptions NumPy reports as "... encountered in scalar power".
double np_scalar_power(double x, double y, unsigned& flags);

// softmax of a 1-D float64 vector as the labs write it: e = np.exp(x - x.max()); e / e.sum().
// (Integer scores up to 1e15 are exact as doubles, so the int64 case goes through here too.)
std::vector<double> np_softmax(const std::vector<double>& x);

// np.matmul(a, b) for 2-D a and b; int64 when both are int64, else float64.
NdArray matmul(const NdArray& a, const NdArray& b);
// np.dot(u, v) for 1-D u and v: a 0-d NdArray (the scalar), int64 or float64.
NdArray dot(const NdArray& u, const NdArray& v);
// -a, elementwise (int64 wraps as NumPy's does).
NdArray negate(const NdArray& a);

}  // namespace tlab
