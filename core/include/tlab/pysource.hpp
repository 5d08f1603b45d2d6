// pysource.hpp — writing values into Python source as the literals a person would type.
//
//   py_array_literal(NdArray::of_ints({2, 3}, {1, 2, 3, 4, 5, 6}), 4)
//     -> "np.array([[1, 2, 3],\n              [4, 5, 6]])"   (rows aligned under the first "[",
//                                                           for a call starting in column 4)
//   py_array_literal(NdArray::of_floats({3}, {2.0, 1.0, 0.1}), 4) -> "np.array([2.0, 1.0, 0.1])"
//   py_int_list({4, 16, 64, 256}) -> "[4, 16, 64, 256]"
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "tlab/ndarray.hpp"

namespace tlab {

// One element as a Python literal: an int, or a float's repr ("2.0", "1e+16", "0.1").
std::string py_scalar_literal(const NdArray& a, std::size_t k);

// `np.array([...])` for a 1-D or 2-D array. `column` is where "np.array(" starts on its line, so
// continuation rows line up under the outer "[".
std::string py_array_literal(const NdArray& a, std::size_t column);

std::string py_int_list(const std::vector<std::int64_t>& values);

// Where a param's literal sits in a cell's code: [start, end) in UTF-16 code units, the unit
// JavaScript strings are indexed by, so the page can slice the source directly.
struct LiteralSpan {
    std::string param;
    std::size_t start = 0, end = 0;
};

// Wraps `text` in marks naming `param`, while a step builds its source; strip_literals() takes
// them out again and reports where they were.
//   mark_literal("sweep_seed", "42") inside "np.random.seed(" ... ")"
std::string mark_literal(const std::string& param, const std::string& text);
std::vector<LiteralSpan> strip_literals(std::string& source);

// A double-quoted Python string literal (escapes \\, ", newlines and control characters).
std::string py_str_literal(const std::string& text);

}  // namespace tlab
