// array.cpp — ndarray storage, views and element access.
#include "python/array.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "python/interp.hpp"

namespace tlab {

const char* dtype_name(DType d) {
    switch (d) {
        case DType::bool_: return "bool";
        case DType::int64: return "int64";
        case DType::float64: return "float64";
    }
    return "?";
}

std::int64_t shape_size(const Shape& s) {
    // (a product past int64 saturates: no array that large can be made, and the allocation's
    // check then refuses it, where a wrapped product could have allocated a few bytes)
    if (std::find(s.begin(), s.end(), 0) != s.end()) return 0;
    std::int64_t n = 1;
    for (std::int64_t d : s) {
        if (__builtin_mul_overflow(n, d, &n)) return std::numeric_limits<std::int64_t>::max();
    }
    return n;
}

std::string shape_repr(const Shape& s, const char* sep) {
    std::string out = "(";
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (i) out += sep;
        out += fmt::format(FMT_COMPILE("{}"), s[i]);
    }
    if (s.size() == 1) out += ",";
    return out + ")";
}

namespace {
std::size_t item_size(DType d) { return d == DType::bool_ ? 1 : 8; }
}  // namespace

Storage::Storage(DType d, std::int64_t count) : dtype(d), n(count), data(nullptr), bytes(0), heap(current_heap()) {
    if (count < 0 || count > std::numeric_limits<std::int64_t>::max() / static_cast<std::int64_t>(item_size(d)))
        throw OverCap{std::numeric_limits<std::size_t>::max()};
    bytes = static_cast<std::size_t>(count) * item_size(d);
    if (heap != nullptr && heap->data_bytes + bytes > heap->data_cap) throw OverCap{bytes};
    data = std::malloc(bytes == 0 ? 8 : bytes);
    if (data == nullptr) throw OverCap{bytes};
    if (heap != nullptr) heap->data_bytes += bytes;
}

Storage::~Storage() {
    std::free(data);
    if (heap != nullptr && heap->data_bytes >= bytes) heap->data_bytes -= bytes;
}

Ref<ArrayObj> ArrayObj::empty(DType d, const Shape& shape) {
    Ref<ArrayObj> a(make<ArrayObj>());
    a->dtype = d;
    a->shape = shape;
    a->strides.assign(shape.size(), 1);
    for (int k = static_cast<int>(shape.size()) - 2; k >= 0; --k) {
        const auto ku = static_cast<std::size_t>(k);
        a->strides[ku] = a->strides[ku + 1] * shape[ku + 1];
    }
    a->storage = std::make_shared<Storage>(d, shape_size(shape));
    return a;
}

Ref<ArrayObj> ArrayObj::zeros(DType d, const Shape& shape) {
    Ref<ArrayObj> a = empty(d, shape);
    std::memset(a->storage->data, 0, a->storage->bytes);
    return a;
}

Ref<ArrayObj> ArrayObj::scalar_f(double x) {
    Ref<ArrayObj> a = empty(DType::float64, {});
    a->storage->f()[0] = x;
    return a;
}

bool ArrayObj::is_c_contiguous() const {
    std::int64_t expect = 1;
    for (int k = ndim() - 1; k >= 0; --k) {
        const auto ku = static_cast<std::size_t>(k);
        if (shape[ku] != 1 && strides[ku] != expect) return false;
        expect *= shape[ku];
    }
    return true;
}

std::int64_t ArrayObj::index_of(std::int64_t k) const {
    if (is_c_contiguous()) return offset + k;
    std::int64_t pos = offset;
    for (int d = ndim() - 1; d >= 0; --d) {
        const auto du = static_cast<std::size_t>(d);
        const std::int64_t n = shape[du];
        pos += (k % n) * strides[du];
        k /= n;
    }
    return pos;
}

double ArrayObj::get_f(std::int64_t k) const {
    const std::int64_t i = index_of(k);
    switch (dtype) {
        case DType::float64: return storage->f()[i];
        case DType::int64: return static_cast<double>(storage->i()[i]);
        case DType::bool_: return storage->b()[i];
    }
    return 0;
}

namespace {

// float64 -> int64 as NumPy casts on x86-64 (cvttsd2si): out-of-range, inf and NaN give INT64_MIN.
std::int64_t cast_f_to_i(double x) {
    if (!(x > -9223372036854775809.0 && x < 9223372036854775808.0)) return INT64_MIN;
    return static_cast<std::int64_t>(x);
}

}  // namespace

std::int64_t ArrayObj::get_i(std::int64_t k) const {
    const std::int64_t i = index_of(k);
    switch (dtype) {
        case DType::float64: return cast_f_to_i(storage->f()[i]);
        case DType::int64: return storage->i()[i];
        case DType::bool_: return storage->b()[i];
    }
    return 0;
}

bool ArrayObj::get_b(std::int64_t k) const {
    const std::int64_t i = index_of(k);
    switch (dtype) {
        case DType::float64: return storage->f()[i] != 0.0;
        case DType::int64: return storage->i()[i] != 0;
        case DType::bool_: return storage->b()[i] != 0;
    }
    return false;
}

Value ArrayObj::get_scalar(std::int64_t k) const {
    const std::int64_t i = index_of(k);
    switch (dtype) {
        case DType::float64: return Value::np_float(storage->f()[i]);
        case DType::int64: return Value::np_int(storage->i()[i]);
        case DType::bool_: return Value::np_bool(storage->b()[i] != 0);
    }
    return Value();
}

Ref<ArrayObj> ArrayObj::copy_as(DType d) const {
    Ref<ArrayObj> out = empty(d, shape);
    std::int64_t k = 0;
    const Storage& s = *storage;
    switch (d) {
        case DType::float64: {
            double* o = out->storage->f();
            if (dtype == DType::float64) for_each_index(*this, [&](std::int64_t i) { o[k++] = const_cast<Storage&>(s).f()[i]; });
            else if (dtype == DType::int64) for_each_index(*this, [&](std::int64_t i) { o[k++] = static_cast<double>(const_cast<Storage&>(s).i()[i]); });
            else for_each_index(*this, [&](std::int64_t i) { o[k++] = const_cast<Storage&>(s).b()[i]; });
            break;
        }
        case DType::int64: {
            std::int64_t* o = out->storage->i();
            if (dtype == DType::float64) for_each_index(*this, [&](std::int64_t i) { o[k++] = cast_f_to_i(const_cast<Storage&>(s).f()[i]); });
            else if (dtype == DType::int64) for_each_index(*this, [&](std::int64_t i) { o[k++] = const_cast<Storage&>(s).i()[i]; });
            else for_each_index(*this, [&](std::int64_t i) { o[k++] = const_cast<Storage&>(s).b()[i]; });
            break;
        }
        case DType::bool_: {
            std::uint8_t* o = out->storage->b();
            if (dtype == DType::float64) for_each_index(*this, [&](std::int64_t i) { o[k++] = const_cast<Storage&>(s).f()[i] != 0.0; });
            else if (dtype == DType::int64) for_each_index(*this, [&](std::int64_t i) { o[k++] = const_cast<Storage&>(s).i()[i] != 0; });
            else for_each_index(*this, [&](std::int64_t i) { o[k++] = const_cast<Storage&>(s).b()[i]; });
            break;
        }
    }
    return out;
}

Ref<ArrayObj> ArrayObj::view() const {
    Ref<ArrayObj> v(make<ArrayObj>());
    v->dtype = dtype;
    v->shape = shape;
    v->strides = strides;
    v->offset = offset;
    v->storage = storage;
    v->base = base.is_none() ? Value(const_cast<ArrayObj*>(this)) : base;
    return v;
}

Ref<ArrayObj> ArrayObj::transposed() const {
    Ref<ArrayObj> v = view();
    std::reverse(v->shape.begin(), v->shape.end());
    std::reverse(v->strides.begin(), v->strides.end());
    return v;
}

void ArrayObj::to_doubles(double* out) const {
    std::int64_t k = 0;
    Storage& s = *storage;
    if (dtype == DType::float64) {
        if (is_c_contiguous()) {
            // An empty array's values may go to a null `out` (an empty vector's data()), which
            // memcpy must not be given even for no bytes.
            if (size() > 0) std::memcpy(out, s.f() + offset, static_cast<std::size_t>(size()) * sizeof(double));
            return;
        }
        for_each_index(*this, [&](std::int64_t i) { out[k++] = s.f()[i]; });
    } else if (dtype == DType::int64) {
        for_each_index(*this, [&](std::int64_t i) { out[k++] = static_cast<double>(s.i()[i]); });
    } else {
        for_each_index(*this, [&](std::int64_t i) { out[k++] = s.b()[i]; });
    }
}

std::vector<double> ArrayObj::doubles() const {
    std::vector<double> out(static_cast<std::size_t>(size()));
    to_doubles(out.data());
    return out;
}

std::vector<std::int64_t> ArrayObj::ints() const {
    std::vector<std::int64_t> out;
    out.reserve(static_cast<std::size_t>(size()));
    for (std::int64_t k = 0; k < size(); ++k) out.push_back(get_i(k));
    return out;
}

}  // namespace tlab
