// pymath.cpp — CPython 3.11's float ** float and math functions around glibc's libm: which
// special cases Python settles itself, and which results become exceptions
// (Objects/floatobject.c float_pow; Modules/mathmodule.c math_1, m_log, math_pow, math_log).
#include <cmath>

#include "tlab/npmath.hpp"
#include "tlab/pymath.hpp"

namespace tlab {
namespace {

// CPython's DOUBLE_IS_ODD_INTEGER.
bool is_odd_integer(double x) { return std::fmod(std::fabs(x), 2.0) == 1.0; }

PyFloatResult ok(double value) { return {value, PyMathError::none}; }
PyFloatResult fail(PyMathError error) { return {0.0, error}; }

// math_1(x, func, can_overflow=0) over m_log / m_log2 / m_log10: a NaN from a non-NaN x, or an
// infinity from a finite x, is "math domain error". Those are exactly x <= 0 and x == -inf
// (m_log returns -inf for 0, NaN for the rest, and lets NaN and +inf through).
PyFloatResult math_log_like(double x, double (*f)(double)) {
    if (std::isnan(x)) return ok(x);
    if (x <= 0.0) return fail(PyMathError::domain);
    return ok(std::isinf(x) ? x : f(x));
}

}  // namespace

double py_log(double x) { return np_log(x); }

PyErrorText py_math_error_text(PyMathError error) {
    switch (error) {
        case PyMathError::none: break;
        case PyMathError::domain: return {"ValueError", "math domain error"};
        case PyMathError::range: return {"OverflowError", "math range error"};
        case PyMathError::zero_negative_power:
            return {"ZeroDivisionError", "0.0 cannot be raised to a negative power"};
        case PyMathError::pow_overflow: return {"OverflowError", "(34, 'Numerical result out of range')"};
        case PyMathError::zero_division: return {"ZeroDivisionError", "float division by zero"};
        case PyMathError::complex_result: return {"", ""};
    }
    return {"", ""};
}

PyFloatResult py_float_pow(double v, double w) {
    if (w == 0.0) return ok(1.0);  // v**0 is 1, even 0**0 and nan**0
    if (std::isnan(v)) return ok(v);
    if (std::isnan(w)) return ok(v == 1.0 ? 1.0 : w);
    if (std::isinf(w)) {
        const double av = std::fabs(v);
        if (av == 1.0) return ok(1.0);
        if ((w > 0.0) == (av > 1.0)) return ok(std::fabs(w));
        return ok(0.0);
    }
    if (std::isinf(v)) {
        const bool odd = is_odd_integer(w);
        if (w > 0.0) return ok(odd ? v : std::fabs(v));
        return ok(odd ? std::copysign(0.0, v) : 0.0);
    }
    if (v == 0.0) {
        if (w < 0.0) return fail(PyMathError::zero_negative_power);
        return ok(is_odd_integer(w) ? v : 0.0);
    }
    bool negate = false;
    if (v < 0.0) {
        if (w != std::floor(w)) return fail(PyMathError::complex_result);
        v = -v;
        negate = is_odd_integer(w);
    }
    if (v == 1.0) return ok(negate ? -1.0 : 1.0);
    // Finite v > 0, v != 1, finite w != 0: libm's pow. errno is ERANGE exactly when the result
    // overflowed (an underflow to 0 sets it too, but _Py_ADJUST_ERANGE1 clears that).
    const double r = py_pow(v, w);
    if (std::isinf(r)) return fail(PyMathError::pow_overflow);
    return ok(negate ? -r : r);
}

PyFloatResult py_math_pow(double x, double y) {
    if (!std::isfinite(x) || !std::isfinite(y)) {
        if (std::isnan(x)) return ok(y == 0.0 ? 1.0 : x);
        if (std::isnan(y)) return ok(x == 1.0 ? 1.0 : y);
        if (std::isinf(x)) {
            const bool odd = std::isfinite(y) && is_odd_integer(y);
            if (y > 0.0) return ok(odd ? x : std::fabs(x));
            if (y == 0.0) return ok(1.0);
            return ok(odd ? std::copysign(0.0, x) : 0.0);
        }
        if (std::fabs(x) == 1.0) return ok(1.0);  // y is infinite
        if (y > 0.0 && std::fabs(x) > 1.0) return ok(y);
        if (y < 0.0 && std::fabs(x) < 1.0) return ok(-y);
        return ok(0.0);
    }
    const double r = py_pow(x, y);
    if (std::isnan(r)) return fail(PyMathError::domain);  // negative ** non-integer
    if (std::isinf(r)) return fail(x == 0.0 ? PyMathError::domain : PyMathError::range);
    return ok(r);  // an underflow's ERANGE is ignored for |r| < 1.5
}

PyFloatResult py_math_exp(double x) {
    const double r = py_exp(x);
    if (std::isinf(r) && std::isfinite(x)) return fail(PyMathError::range);
    return ok(r);
}

PyFloatResult py_math_sqrt(double x) {
    if (x < 0.0) return fail(PyMathError::domain);
    return ok(std::sqrt(x));
}

PyFloatResult py_math_tanh(double x) { return ok(py_tanh(x)); }

PyFloatResult py_math_log(double x) { return math_log_like(x, np_log); }
PyFloatResult py_math_log2(double x) { return math_log_like(x, py_log2); }
PyFloatResult py_math_log10(double x) { return math_log_like(x, py_log10); }

PyFloatResult py_math_log(double x, double base) {
    const PyFloatResult num = py_math_log(x);
    if (num.error != PyMathError::none) return num;
    const PyFloatResult den = py_math_log(base);
    if (den.error != PyMathError::none) return den;
    if (den.value == 0.0) return fail(PyMathError::zero_division);
    return ok(num.value / den.value);
}

}  // namespace tlab
