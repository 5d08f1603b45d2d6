// pymath.hpp — Python's float arithmetic as Debian's CPython 3.11 computes it on x86-64: glibc
// 2.36's libm, whose ifuncs pick the FMA builds of exp, log, log2, pow and expm1 (tanh's helper)
// on this CPU, bit for bit on every platform (WebAssembly included, which has musl's libm and no
// FMA instruction: nothing here calls std::exp, std::log, std::pow or std::tanh).
//
// Two layers:
//  - py_exp, py_log, py_log2, py_log10, py_pow, py_tanh: the C functions themselves (what
//    `math.exp(x)` returns when it returns, what NumPy's np.float64 ** x computes);
//  - py_float_pow, py_math_*: the Python operation around them, with its errors as a value.
//
//   tlab::py_pow(2.0, 0.5)                  -> 1.4142135623730951
//   tlab::py_float_pow(0.0, -1.0).error     -> PyMathError::zero_negative_power
//   tlab::py_math_log(8.0, 2.0).value       -> 3.0  (log(8) / log(2), as CPython divides)
//   tlab::py_math_error_text(PyMathError::domain) -> {"ValueError", "math domain error"}
#pragma once

#include "tlab/fpflags.hpp"

namespace tlab {

// glibc's exp(x).
double py_exp(double x);
// glibc's log(x) (the same function as np_log, which NumPy's randn calls).
double py_log(double x);
// glibc's log2(x) and log10(x) (log10 is the old fdlibm formula over glibc's log).
double py_log2(double x);
double py_log10(double x);
// glibc's tanh(x) (fdlibm's, over glibc's expm1).
double py_tanh(double x);
// glibc's pow(x, y). If flags is given, the IEEE exceptions pow raises are OR-ed into it
// (kFpOverflow, kFpDivideByZero for 0 ** negative, kFpInvalid for negative ** non-integer):
// NumPy reports them for np.float64 ** x as "... encountered in scalar power".
double py_pow(double x, double y, unsigned* flags = nullptr);

// How a Python float operation ends when it does not return a float.
enum class PyMathError {
    none,
    domain,               // ValueError: math domain error
    range,                // OverflowError: math range error
    zero_negative_power,  // ZeroDivisionError: 0.0 cannot be raised to a negative power
    pow_overflow,         // OverflowError: (34, 'Numerical result out of range')
    zero_division,        // ZeroDivisionError: float division by zero (math.log(x, 1.0))
    complex_result,       // float ** float of a negative base and a non-integer exponent: Python
                          // 3 returns a complex number (the interpreter decides what to do)
};
struct PyFloatResult {
    double value;  // the float Python returns; meaningless unless error == PyMathError::none
    PyMathError error;
};
struct PyErrorText {
    const char* type;     // "ValueError"
    const char* message;  // "math domain error"
};
// The exception's class name and str() for an error (none: {"", ""}).
PyErrorText py_math_error_text(PyMathError error);

// x ** y for Python floats (float.__pow__; an int operand is converted to float first).
PyFloatResult py_float_pow(double x, double y);
// math.pow(x, y), math.exp(x), math.sqrt(x), math.tanh(x).
PyFloatResult py_math_pow(double x, double y);
PyFloatResult py_math_exp(double x);
PyFloatResult py_math_sqrt(double x);
PyFloatResult py_math_tanh(double x);
// math.log(x), math.log2(x), math.log10(x): x <= 0 is a domain error (an int argument is
// converted to float first; int64 values convert exactly or correctly rounded, as CPython's do).
PyFloatResult py_math_log(double x);
PyFloatResult py_math_log2(double x);
PyFloatResult py_math_log10(double x);
// math.log(x, base) = log(x) / log(base), each a domain error when <= 0, and a ZeroDivisionError
// when log(base) is 0 (base 1.0).
PyFloatResult py_math_log(double x, double base);

}  // namespace tlab
