// numbers.hpp — Python's int and float arithmetic, exactly: floor division and modulo toward
// minus infinity, int/float comparison without rounding, int64 overflow refused (never wrapped),
// float division by zero and pow's domain errors as CPython raises them.
//
//   py_number_binary(in, BinOpKind::floor_div, Value::integer(-7), Value::integer(2))  -> -4
//   py_number_binary(in, BinOpKind::pow, Value::integer(2), Value::integer(-1))        -> 0.5
//   py_number_compare(CmpOpKind::eq, Value::integer(9007199254740993), Value::floating(9007199254740992.0)) -> false
#pragma once

#include <cstdint>
#include <string>

#include "python/ast.hpp"
#include "python/value.hpp"

namespace tlab {

class Interp;

// a <op> b for Python bool/int/float operands.
Value py_number_binary(Interp& in, BinOpKind op, const Value& a, const Value& b);
// a <op> b (==, !=, <, <=, >, >=) for Python bool/int/float operands.
bool py_number_compare(CmpOpKind op, const Value& a, const Value& b);
// Exact comparison of an int with a float: -1, 0, 1, or 2 when f is NaN.
int compare_int_float(std::int64_t i, double f);

// Python's float // and % (CPython float_floor_div / float_rem): both from fmod with the sign of
// the divisor, and the quotient rounded to the nearest integral value.
double py_float_floordiv(double a, double b);
double py_float_mod(double a, double b);
// x ** y for floats as CPython's float_pow (glibc's pow): raises ZeroDivisionError and
// OverflowError as CPython does, and refuses a complex result as outside the subset.
double float_pow(Interp& in, double x, double y);

// int(x) for a float: truncation toward zero; refuses values past int64.
std::int64_t float_to_int(Interp& in, double x);

}  // namespace tlab
