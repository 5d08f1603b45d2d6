#include "tlab/ndarray.hpp"

#include <utility>

namespace tlab {

NdArray NdArray::of_floats(std::vector<std::size_t> shape, std::vector<double> data) {
    NdArray a;
    a.dtype = NdType::float64;
    a.shape = std::move(shape);
    a.f = std::move(data);
    return a;
}

NdArray NdArray::of_ints(std::vector<std::size_t> shape, std::vector<std::int64_t> data) {
    NdArray a;
    a.dtype = NdType::int64;
    a.shape = std::move(shape);
    a.i = std::move(data);
    return a;
}

std::size_t NdArray::size() const {
    std::size_t n = 1;
    for (std::size_t d : shape) n *= d;
    return n;
}

double NdArray::as_double(std::size_t k) const {
    return is_float() ? f[k] : static_cast<double>(i[k]);
}

NdArray NdArray::to_float() const {
    if (is_float()) return *this;
    std::vector<double> data(i.begin(), i.end());
    return of_floats(shape, std::move(data));
}

}  // namespace tlab
