// ndarray.hpp — the small NumPy-like array value that flows between the core's modules.
//
// An NdArray is what `np.array(...)` gives for the shapes the labs use: a 0-d scalar, a 1-D vector
// or a 2-D matrix, of dtype int64 or float64, stored row-major (C order). Only the vector that
// matches the dtype holds data.
//
//   auto v = tlab::NdArray::of_floats({3}, {2.0, 1.0, 0.1});   // np.array([2.0, 1.0, 0.1])
//   auto m = tlab::NdArray::of_ints({2, 2}, {4, 5, 10, 11});   // np.array([[4, 5], [10, 11]])
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tlab {

enum class NdType { int64, float64 };

struct NdArray {
    NdType dtype = NdType::float64;
    std::vector<std::size_t> shape;  // {} for a 0-d scalar, {n}, or {rows, cols}
    std::vector<double> f;           // data when dtype == float64
    std::vector<std::int64_t> i;     // data when dtype == int64

    static NdArray of_floats(std::vector<std::size_t> shape, std::vector<double> data);
    static NdArray of_ints(std::vector<std::size_t> shape, std::vector<std::int64_t> data);

    std::size_t ndim() const { return shape.size(); }
    std::size_t size() const;
    bool is_float() const { return dtype == NdType::float64; }
    // Element k (row-major) as a double; int64 values convert as NumPy's astype(float) does.
    double as_double(std::size_t k) const;
    // The whole array as float64 (a copy when it is int64), as NumPy casts in mixed arithmetic.
    NdArray to_float() const;
};

}  // namespace tlab
