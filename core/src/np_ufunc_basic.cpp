// np_ufunc_basic.cpp — the float64 ufuncs whose result IEEE arithmetic fixes by itself (sqrt,
// absolute, maximum, minimum), NumPy's shortcuts for array ** scalar, and np.float64 ** x; with
// what NumPy 1.24 does at the edges (signed zeros, NaN operands, which exceptions it reports).
#include <cmath>

#include "fp_bits.hpp"
#include "tlab/npmath.hpp"
#include "tlab/pymath.hpp"

namespace tlab {

double np_ufunc_sqrt(double x, unsigned& flags) {
    if (x < 0.0) flags |= kFpInvalid;  // -0.0 is not: sqrt(-0.0) is -0.0
    return std::sqrt(x);
}

double np_ufunc_absolute(double x) { return fp::from_bits(fp::bits(x) & 0x7fffffffffffffff); }

double np_ufunc_maximum(double a, double b) {
    if (std::isnan(a)) return a;
    if (std::isnan(b)) return b;
    return a > b ? a : b;
}

double np_ufunc_minimum(double a, double b) {
    if (std::isnan(a)) return a;
    if (std::isnan(b)) return b;
    return a < b ? a : b;
}

NpPowerShortcut np_power_shortcut(double exponent) {
    if (exponent == 2.0) return NpPowerShortcut::square;
    if (exponent == 0.5) return NpPowerShortcut::sqrt;
    if (exponent == -1.0) return NpPowerShortcut::reciprocal;
    if (exponent == 1.0) return NpPowerShortcut::copy;
    if (exponent == 0.0) return NpPowerShortcut::ones;
    return NpPowerShortcut::none;
}

double np_ufunc_square(double x, unsigned& flags) {
    const double y = x * x;
    if (std::isinf(y) && std::isfinite(x)) flags |= kFpOverflow;
    return y;
}

double np_ufunc_reciprocal(double x, unsigned& flags) {
    if (x == 0.0) flags |= kFpDivideByZero;
    const double y = 1.0 / x;
    if (std::isinf(y) && x != 0.0 && std::isfinite(x)) flags |= kFpOverflow;
    return y;
}

double np_scalar_power(double x, double y, unsigned& flags) { return py_pow(x, y, &flags); }

}  // namespace tlab
