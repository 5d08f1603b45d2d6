// npformat.hpp — text exactly as Python 3.11 with NumPy 1.24 prints it (default print options).
//
//   array_str(NdArray::of_floats({3}, {2.0, 1.0, 0.1}))   -> "[2.  1.  0.1]"
//   array_str(NdArray::of_ints({2, 2}, {4, 5, 10, 11}))    -> "[[ 4  5]\n [10 11]]"
//   scalar_str(0.491)                                      -> "0.491"   (str(np.float64(0.491)))
//   scalar_str(1e16)                                       -> "1e+16"
//   int_str(-14)                                           -> "-14"
//   shape_str({2, 2}) -> "(2, 2)"      shape_str({3}) -> "(3,)"
//   py_float_literal(2.0) -> "2.0"     (repr(float), used to write values into Python source)
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tlab/ndarray.hpp"

namespace tlab {

// str(a) for an int64 or float64 array of 0, 1 or 2 dimensions: padding, sign column, trailing
// "." on integral floats, scientific switch, precision 8 with unique shortest digits, wrapping at
// 75 characters, and summarisation ("...") past 1000 elements with 3 edge items.
std::string array_str(const NdArray& a);

// An array to print, element by element in C order: what array_text needs to know of it.
struct ArrayText {
    std::vector<std::size_t> shape;
    enum class Kind { boolean, integer, floating } kind = Kind::floating;
    std::function<double(std::size_t)> f;        // floating: element k
    std::function<std::int64_t(std::size_t)> i;  // integer, boolean (0/1): element k
};

// np.array2string at NumPy's default print options: `separator` is " " for str() and ", " for
// repr(); `prefix` is the text before the first "[" on its line ("array(" for repr), which
// continuation lines are indented past; `suffix_len` the characters that follow the last "]"
// on its line (repr's ")"), taken off the line width.
//   array_text({{2, 2}, integer, ..., {1, 2, 3, 4}}, ", ", "array(", 1) -> "[[1, 2],\n       [3, 4]]"
// With `keep` (a budget for a shortened display), only the text's first `keep` bytes are sure
// to be the array's: the elements that would start past them are left out, not formatted.
std::string array_text(const ArrayText& a, const std::string& separator = " ", const std::string& prefix = "",
                       std::size_t suffix_len = 0, std::size_t keep = static_cast<std::size_t>(-1));

// str() of a NumPy float64 scalar, which equals Python's repr(float): "1.0", "0.1", "1e-05",
// "inf", "nan", "-0.0".
std::string scalar_str(double x);

// str() of a NumPy int64 scalar or a Python int.
std::string int_str(std::int64_t x);

// str() of a shape tuple.
std::string shape_str(const std::vector<std::size_t>& shape);

// repr() of a Python float: the literal we write into Python source. Same text as scalar_str.
std::string py_float_literal(double x);

}  // namespace tlab
