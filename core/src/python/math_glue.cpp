// math_glue.cpp — interim definitions (see math_glue.hpp).
#include "python/math_glue.hpp"

#include <cmath>

#include "tlab/npmath.hpp"

namespace tlab {

double py_exp(double x) { return std::exp(x); }
double py_log(double x) { return np_log(x); }
double py_pow(double x, double y) { return std::pow(x, y); }
double np_pow(double x, double y) { return std::pow(x, y); }
double np_array_log(double x) { return np_log(x); }
double np_tanh(double x) { return std::tanh(x); }
double np_sin(double x) { return std::sin(x); }
double np_cos(double x) { return std::cos(x); }

}  // namespace tlab
