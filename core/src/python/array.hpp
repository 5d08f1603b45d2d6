// array.hpp — numpy.ndarray as the kernel holds it: a strided view of shared typed storage.
//
// Three dtypes (bool, int64, float64: what np.array infers from Python bools, ints and floats
// on this platform), any number of dimensions, NumPy's views (slices, .T, reshape of contiguous
// data share storage; writes through a view change the base) and C-order iteration.
//
//   Ref<ArrayObj> a = ArrayObj::zeros(DType::float64, {2, 3});   // np.zeros((2, 3))
//   a->set_f({1, 2}, 5.0);                                       // a[1, 2] = 5.0
//   Ref<ArrayObj> t = a->transposed();                            // a.T: a view, shape (3, 2)
//
// Storage is counted against the interpreter's memory cap: an allocation past it raises NumPy's
// MemoryError ("Unable to allocate 7.63 GiB for an array with shape (1000000, 1024) and data type
// float64").
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "python/objects.hpp"
#include "tlab/nprandom.hpp"

namespace tlab {

enum class DType : std::uint8_t { bool_, int64, float64 };

const char* dtype_name(DType d);  // "bool", "int64", "float64"
// The dtype of a result that mixes a and b (np.result_type for arrays): bool < int64 < float64.
inline DType promote(DType a, DType b) { return a > b ? a : b; }

using Shape = std::vector<std::int64_t>;

std::int64_t shape_size(const Shape& s);
std::string shape_repr(const Shape& s, const char* sep = ", ");  // "(2, 3)", "(3,)", "()"; sep "," : "(2,3)"

// Typed elements shared by an array and its views. Elements are stored as double (float64),
// int64_t (int64) or uint8_t 0/1 (bool).
struct Storage {
    Storage(DType d, std::int64_t n);
    ~Storage();
    Storage(const Storage&) = delete;
    Storage& operator=(const Storage&) = delete;
    DType dtype;
    std::int64_t n;
    void* data;
    std::size_t bytes;
    Heap* heap;  // whose memory cap counts these bytes
    double* f() { return static_cast<double*>(data); }
    std::int64_t* i() { return static_cast<std::int64_t*>(data); }
    std::uint8_t* b() { return static_cast<std::uint8_t*>(data); }
};

// Thrown by Storage when an allocation would pass the memory cap. Where an array of a shape the
// learner asked for is made, the caller turns it into MemoryError with NumPy's message (it knows
// the shape); anywhere else (a temporary copy, say) it is a std::bad_alloc, which stops the run
// as past the lab's memory.
struct OverCap : std::bad_alloc {
    explicit OverCap(std::size_t b) : bytes(b) {}
    std::size_t bytes;
};

// A float64 array not stored yet (np_lazy.cpp): normals from a point of the random stream, or
// an element-wise operation on such recipes (another recipe, or a scalar).
struct RandomTimeline;

struct LazyData {
    enum class Kind : std::uint8_t { randn, binary } kind = Kind::randn;
    std::shared_ptr<RandomTimeline> timeline;        // randn: the stream it is drawn from ...
    std::uint64_t offset = 0, count = 0;             // ... where it starts, and how many normals
    BinOpKind op = BinOpKind::add;                   // binary
    std::vector<std::shared_ptr<LazyData>> operands;  // binary: one or two recipes
    double scalar = 0;                               // binary with one recipe: the other operand
    bool scalar_left = false;
};

struct ArrayObj : Object {
    static constexpr ObjKind kKind = ObjKind::array;
    ArrayObj() : Object(kKind) {}
    TypeObj* type() const override;
    void trace(Tracer& t) const override { t.visit(base); }
    void clear() override { base = Value(); }

    DType dtype = DType::float64;
    Shape shape;
    Shape strides;                  // in elements
    std::int64_t offset = 0;        // in elements
    std::shared_ptr<Storage> storage;
    Value base;                     // the array this is a view of (None for owners)
    std::shared_ptr<LazyData> lazy;  // set (and storage null) until the values are needed

    // New C-contiguous arrays.
    static Ref<ArrayObj> empty(DType d, const Shape& shape);
    static Ref<ArrayObj> zeros(DType d, const Shape& shape);
    static Ref<ArrayObj> scalar_f(double x);  // 0-d float64

    int ndim() const { return static_cast<int>(shape.size()); }
    std::int64_t size() const { return shape_size(shape); }
    bool is_c_contiguous() const;
    // The linear storage index of the element at C-order position k.
    std::int64_t index_of(std::int64_t k) const;

    // Element access by C-order position, as double / int64 / bool (converting like astype).
    double get_f(std::int64_t k) const;
    std::int64_t get_i(std::int64_t k) const;
    bool get_b(std::int64_t k) const;
    // The element at position k as a NumPy scalar Value (np.float64, np.int64, np.bool_).
    Value get_scalar(std::int64_t k) const;

    // A copy in C order (the data, not a view), of dtype `d` (astype rules: float -> int
    // truncates; NaN/inf -> INT64_MIN as NumPy's cast gives on x86-64).
    Ref<ArrayObj> copy_as(DType d) const;
    Ref<ArrayObj> copy() const { return copy_as(dtype); }
    // A view with the same storage.
    Ref<ArrayObj> view() const;
    Ref<ArrayObj> transposed() const;  // .T: reversed axes

    // Fills a C-order buffer of doubles with the elements (any dtype).
    void to_doubles(double* out) const;
    std::vector<double> doubles() const;
    std::vector<std::int64_t> ints() const;
};

// Calls f(storage_index) for every element in C order (fast paths for contiguous data).
template <typename F>
void for_each_index(const ArrayObj& a, F&& f) {
    const std::int64_t n = a.size();
    if (n == 0) return;
    if (a.is_c_contiguous()) {
        for (std::int64_t k = 0; k < n; ++k) f(a.offset + k);
        return;
    }
    const int nd = a.ndim();
    std::vector<std::int64_t> idx(static_cast<std::size_t>(nd), 0);
    std::int64_t pos = a.offset;
    for (std::int64_t k = 0; k < n; ++k) {
        f(pos);
        for (int d = nd - 1; d >= 0; --d) {
            const auto du = static_cast<std::size_t>(d);
            if (++idx[du] < a.shape[du]) {
                pos += a.strides[du];
                break;
            }
            pos -= a.strides[du] * (a.shape[du] - 1);
            idx[du] = 0;
        }
    }
}

}  // namespace tlab
