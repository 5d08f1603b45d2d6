// math_glue.hpp — the elementary functions the interpreter calls, in one place: glibc's for
// Python floats and the math module, NumPy's kernels for np.* on float64.
//
// Interim: until the bit-exact ports land, these call the C library (exact natively on this
// machine's glibc for the py_* functions; not yet on WebAssembly).
#pragma once

namespace tlab {

double py_exp(double x);
double py_log(double x);
double py_pow(double x, double y);
double np_pow(double x, double y);
double np_array_log(double x);
double np_tanh(double x);
double np_sin(double x);
double np_cos(double x);

}  // namespace tlab
