// np_ufunc.cpp — NumPy's element-wise operations: np.asarray's dtype inference, broadcasting,
// dtype promotion, the arithmetic/comparison/math kernels and the RuntimeWarnings NumPy gives
// when a floating-point operation divides by zero, overflows or produces an invalid value.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "python/builtins_support.hpp"
#include "python/numbers.hpp"
#include "python/numpy.hpp"
#include "python/pyformat.hpp"
#include "tlab/npmath.hpp"
#include "tlab/fpflags.hpp"

namespace tlab {

// ---------------------------------------------------------------------------------------------
// Conversion

namespace {

DType scalar_dtype(const Value& v) {
    switch (v.kind()) {
        case Kind::boolean:
        case Kind::np_bool: return DType::bool_;
        case Kind::integer:
        case Kind::np_int: return DType::int64;
        default: return DType::float64;
    }
}

bool is_scalar_number(const Value& v) {
    switch (v.kind()) {
        case Kind::boolean:
        case Kind::integer:
        case Kind::floating:
        case Kind::np_bool:
        case Kind::np_int:
        case Kind::np_float: return true;
        default: return false;
    }
}

// Shape discovery for nested lists, as NumPy's array coercion does it.
struct Discovery {
    Interp& in;
    Shape shape;
    int max_depth = -1;     // set when the first leaf (scalar) is met
    DType dtype = DType::bool_;
    bool any_leaf = false;
    int ragged_at = -1;     // depth at which the nesting stopped being regular

    void leaf(const Value& v, int depth) {
        if (max_depth == -1) {
            max_depth = depth;
        } else if (depth != max_depth) {
            ragged(std::min(depth, max_depth));
            return;
        }
        if (is_scalar_number(v)) {
            dtype = any_leaf ? promote(dtype, scalar_dtype(v)) : scalar_dtype(v);
            any_leaf = true;
            return;
        }
        if (v.as<StrObj>() != nullptr) in.unsupported("NumPy arrays of strings", "문자열 NumPy 배열");
        const std::string type = v.type()->qualified();
        if (type == "pandas.core.series.Series" || type == "pandas.core.frame.DataFrame") {
            // NumPy would take its values (and its ufuncs would give a Series back); the kernel
            // does not convert pandas objects: .to_numpy() gives the array.
            in.unsupported("a pandas " + v.type()->name + " where NumPy or matplotlib wants an array (.to_numpy() gives it)",
                           "NumPy 나 matplotlib 가 배열을 받는 자리의 pandas " + v.type()->name + " (.to_numpy() 로 배열을 얻습니다)");
        }
        in.unsupported("NumPy arrays of Python objects (dtype=object)", "파이썬 객체를 담은 NumPy 배열(dtype=object)");
    }

    void ragged(int depth) {
        if (ragged_at == -1 || depth < ragged_at) ragged_at = depth;
    }

    void walk(const Value& v, int depth) {
        in.count_step();
        const std::vector<Value>* items = nullptr;
        if (auto* l = v.as<ListObj>()) items = &l->items;
        else if (auto* t = v.as<TupleObj>()) items = &t->items;
        auto* arr = v.as<ArrayObj>();
        if ((items != nullptr && depth >= kMaxDims) || (arr != nullptr && depth + arr->ndim() > kMaxDims)) {
            in.raise(types().value_error, "setting an array element with a sequence. The requested array would exceed "
                                          "the maximum number of dimension of " + std::to_string(kMaxDims) + ".");
        }
        if (arr != nullptr) {
            // An array inside a list continues the shape with its own.
            for (int k = 0; k < arr->ndim(); ++k) {
                const auto d = static_cast<std::size_t>(depth + k);
                if (d < shape.size()) {
                    if (shape[d] != arr->shape[static_cast<std::size_t>(k)]) ragged(depth + k);
                } else {
                    shape.push_back(arr->shape[static_cast<std::size_t>(k)]);
                }
            }
            const int leaf_depth = depth + arr->ndim();
            if (max_depth == -1) max_depth = leaf_depth;
            else if (leaf_depth != max_depth) ragged(std::min(leaf_depth, max_depth));
            dtype = any_leaf ? promote(dtype, arr->dtype) : arr->dtype;
            any_leaf = true;
            return;
        }
        if (items == nullptr) {
            leaf(v, depth);
            return;
        }
        const auto n = static_cast<std::int64_t>(items->size());
        const auto d = static_cast<std::size_t>(depth);
        if (max_depth != -1 && depth >= max_depth) {
            ragged(max_depth);
            return;
        }
        if (d < shape.size()) {
            if (shape[d] != n) {
                ragged(depth);
                return;
            }
        } else {
            shape.push_back(n);
        }
        for (const Value& x : *items) walk(x, depth + 1);
        if (n == 0 && max_depth == -1) max_depth = depth + 1;
    }
};

void fill_from(const Value& v, ArrayObj& out, std::int64_t& k) {
    const std::vector<Value>* items = nullptr;
    if (auto* l = v.as<ListObj>()) items = &l->items;
    else if (auto* t = v.as<TupleObj>()) items = &t->items;
    if (items != nullptr) {
        for (const Value& x : *items) fill_from(x, out, k);
        return;
    }
    if (auto* arr = v.as<ArrayObj>()) {
        for (std::int64_t j = 0; j < arr->size(); ++j, ++k) {
            switch (out.dtype) {
                case DType::float64: out.storage->f()[k] = arr->get_f(j); break;
                case DType::int64: out.storage->i()[k] = arr->get_i(j); break;
                case DType::bool_: out.storage->b()[k] = arr->get_b(j); break;
            }
        }
        return;
    }
    switch (out.dtype) {
        case DType::float64:
            out.storage->f()[k] = v.kind() == Kind::floating || v.kind() == Kind::np_float ? v.as_float()
                                                                                            : static_cast<double>(v.as_int());
            break;
        case DType::int64: out.storage->i()[k] = v.as_int(); break;
        case DType::bool_: out.storage->b()[k] = v.as_bool(); break;
    }
    ++k;
}

}  // namespace

void check_array_size(Interp& in, const Shape& shape, DType d) {
    // NumPy multiplies the item size by each dimension but the zeros and refuses a product past
    // intp (an empty array of shape (2**40, 2**40, 0) too)
    std::int64_t bytes = d == DType::bool_ ? 1 : 8;
    for (std::int64_t n : shape) {
        if (n != 0 && __builtin_mul_overflow(bytes, n, &bytes)) {
            in.raise(types().value_error,
                     "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
        }
    }
}

void memory_error(Interp& in, const Shape& shape, DType d) {
    check_array_size(in, shape, d);
    const double bytes = static_cast<double>(shape_size(shape)) * (d == DType::bool_ ? 1.0 : 8.0);
    // NumPy's format_size: the largest unit with at least 1 of it, 3 significant digits.
    static const char* const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    int u = 0;
    double v = bytes;
    while (u < 6 && v >= 1024.0) {
        v /= 1024.0;
        ++u;
    }
    std::string size = u == 0 ? std::to_string(static_cast<long long>(bytes)) + " bytes"
                              : checked(in, format_float(v, ".3g")) + " " + units[u];
    if (u > 0) {
        // NumPy prints e.g. "7.63 GiB" (%.3g with trailing zeros kept to 3 digits: 1.00 KiB).
        std::string digits = checked(in, format_float(v, ".2f"));
        if (v >= 10.0) digits = checked(in, format_float(v, ".1f"));
        if (v >= 100.0) digits = checked(in, format_float(v, ".0f"));
        size = digits + " " + units[u];
    }
    in.raise(types().memory_error, "Unable to allocate " + size + " for an array with shape " + shape_repr(shape) +
                                       " and data type " + dtype_name(d));
}

void check_ndim(Interp& in, std::size_t ndim) {
    if (ndim > static_cast<std::size_t>(kMaxDims)) {
        in.raise(types().value_error, "maximum supported dimension for an ndarray is " + std::to_string(kMaxDims) +
                                          ", found " + std::to_string(ndim));
    }
}

bool is_array_like(const Value& v) {
    return is_scalar_number(v) || v.as<ArrayObj>() != nullptr || v.as<ListObj>() != nullptr ||
           v.as<TupleObj>() != nullptr;
}

Ref<ArrayObj> to_array(Interp& in, const Value& v) {
    if (auto* a = v.as<ArrayObj>()) {
        if (a->lazy) materialize(in, *a);
        return Ref<ArrayObj>(v);
    }
    if (auto* r = v.as<RangeObj>()) {  // a range is a sequence of ints: int64, as NumPy makes it
        Ref<ArrayObj> a = ArrayObj::empty(DType::int64, {r->length()});
        for (std::int64_t k = 0; k < r->length(); ++k) a->storage->i()[k] = r->at(k);
        return a;
    }
    try {
        if (is_scalar_number(v)) {
            Ref<ArrayObj> a = ArrayObj::empty(scalar_dtype(v), {});
            std::int64_t k = 0;
            fill_from(v, *a, k);
            return a;
        }
        Discovery d{in, {}};
        d.walk(v, 0);
        if (d.ragged_at != -1) {
            Shape detected(d.shape.begin(), d.shape.begin() + d.ragged_at);
            in.raise(types().value_error,
                     "setting an array element with a sequence. The requested array has an inhomogeneous shape after " +
                         std::to_string(d.ragged_at) + " dimensions. The detected shape was " + shape_repr(detected) +
                         " + inhomogeneous part.");
        }
        const DType dt = d.any_leaf ? d.dtype : DType::float64;
        Ref<ArrayObj> a = ArrayObj::empty(dt, d.shape);
        std::int64_t k = 0;
        fill_from(v, *a, k);
        return a;
    } catch (OverCap&) {
        memory_error(in, {}, DType::float64);
    }
}

DType operand_dtype(const Value& v, const ArrayObj& a) {
    (void)v;
    return a.dtype;
}

Value scalar_or_array(const Ref<ArrayObj>& a) {
    if (a->ndim() == 0) return a->get_scalar(0);
    return a;
}

// ---------------------------------------------------------------------------------------------
// Warnings

namespace {
unsigned* g_flag_sink = nullptr;  // set while np_divmod gathers the flags of its two halves
}  // namespace

void np_report(Interp& in, unsigned flags, const std::string& ufunc) {
    if (g_flag_sink != nullptr) {
        *g_flag_sink |= flags;
        return;
    }
    if (flags & kFpDivideByZero) np_warn(in, "divide by zero encountered in " + ufunc);
    if (flags & kFpOverflow) np_warn(in, "overflow encountered in " + ufunc);
    if (flags & kFpInvalid) np_warn(in, "invalid value encountered in " + ufunc);
}

namespace {

enum Flags : unsigned { kDivide = kFpDivideByZero, kOverflow = kFpOverflow, kInvalid = kFpInvalid };

void report(Interp& in, unsigned flags, const std::string& ufunc) { np_report(in, flags, ufunc); }

// ---------------------------------------------------------------------------------------------
// Broadcast iteration

// Strides of `a` against the broadcast shape `out` (0 where a is broadcast).
Shape broadcast_strides(const ArrayObj& a, const Shape& out) {
    Shape s(out.size(), 0);
    const std::size_t lead = out.size() - a.shape.size();
    for (std::size_t d = 0; d < a.shape.size(); ++d) {
        s[lead + d] = a.shape[d] == 1 ? 0 : a.strides[d];
    }
    return s;
}

// Calls f(k, ia, ib): output position k (C order), storage indexes of a and b.
template <typename F>
void loop2(const ArrayObj& a, const ArrayObj& b, const Shape& out, F&& f) {
    const std::int64_t n = shape_size(out);
    if (n == 0) return;
    if (a.shape == out && b.shape == out && a.is_c_contiguous() && b.is_c_contiguous()) {
        for (std::int64_t k = 0; k < n; ++k) f(k, a.offset + k, b.offset + k);
        return;
    }
    if (b.size() == 1 && a.shape == out && a.is_c_contiguous()) {
        const std::int64_t ib = b.offset;
        for (std::int64_t k = 0; k < n; ++k) f(k, a.offset + k, ib);
        return;
    }
    if (a.size() == 1 && b.shape == out && b.is_c_contiguous()) {
        const std::int64_t ia = a.offset;
        for (std::int64_t k = 0; k < n; ++k) f(k, ia, b.offset + k);
        return;
    }
    const Shape sa = broadcast_strides(a, out), sb = broadcast_strides(b, out);
    const std::size_t nd = out.size();
    std::vector<std::int64_t> idx(nd, 0);
    std::int64_t pa = a.offset, pb = b.offset;
    const std::int64_t inner = nd ? out[nd - 1] : 1;
    const std::int64_t ia_step = nd ? sa[nd - 1] : 0, ib_step = nd ? sb[nd - 1] : 0;
    for (std::int64_t k = 0; k < n; k += inner) {
        std::int64_t xa = pa, xb = pb;
        for (std::int64_t j = 0; j < inner; ++j, xa += ia_step, xb += ib_step) f(k + j, xa, xb);
        for (int d = static_cast<int>(nd) - 2; d >= 0; --d) {
            const auto du = static_cast<std::size_t>(d);
            if (++idx[du] < out[du]) {
                pa += sa[du];
                pb += sb[du];
                break;
            }
            pa -= sa[du] * (out[du] - 1);
            pb -= sb[du] * (out[du] - 1);
            idx[du] = 0;
        }
    }
}

const char* ufunc_name(BinOpKind op) {
    switch (op) {
        case BinOpKind::add: return "add";
        case BinOpKind::sub: return "subtract";
        case BinOpKind::mult: return "multiply";
        case BinOpKind::div: return "divide";
        case BinOpKind::floor_div: return "floor_divide";
        case BinOpKind::mod: return "remainder";
        case BinOpKind::pow: return "power";
        case BinOpKind::bit_and: return "bitwise_and";
        case BinOpKind::bit_or: return "bitwise_or";
        case BinOpKind::bit_xor: return "bitwise_xor";
        case BinOpKind::lshift: return "left_shift";
        case BinOpKind::rshift: return "right_shift";
        case BinOpKind::mat_mult: return "matmul";
    }
    return "?";
}

[[noreturn]] void no_loop(Interp& in, const char* ufunc) {
    in.raise(types().type_error, std::string("ufunc '") + ufunc +
                                     "' not supported for the input types, and the inputs could not be safely coerced to any "
                                     "supported types according to the casting rule ''safe''");
}

// The scalar kernels.
double f_op(BinOpKind op, double x, double y, unsigned& flags) {
    double r;
    switch (op) {
        case BinOpKind::add: r = x + y; break;
        case BinOpKind::sub: r = x - y; break;
        case BinOpKind::mult: r = x * y; break;
        case BinOpKind::div:
            r = x / y;
            if (y == 0.0) {  // (±inf / 0 is exactly ±inf: no flag, as NaN / 0)
                if (x == 0.0) flags |= kInvalid;
                else if (std::isfinite(x)) flags |= kDivide;
            }
            break;
        case BinOpKind::floor_div:
            if (y == 0.0) {
                r = x / y;
                if (x == 0.0) flags |= kInvalid;
                else if (std::isfinite(x)) flags |= kDivide;
            } else {
                r = py_float_floordiv(x, y);
                // npy_divmod: fmod(±inf, y) is invalid; a finite quotient (x - mod) / y that
                // overflows is, and so is the snapping that follows (inf - floor(inf)).
                if (std::isinf(x) && !std::isnan(y)) flags |= kInvalid;
                else if (std::isfinite(x) && std::isfinite(y) && std::isinf((x - std::fmod(x, y)) / y)) flags |= kOverflow | kInvalid;
            }
            return r;
        case BinOpKind::mod:
            if (y == 0.0) {
                r = std::fmod(x, y);
                if (!std::isnan(x)) flags |= kInvalid;
                return r;
            }
            r = py_float_mod(x, y);
            if (std::isinf(x) && !std::isnan(y)) flags |= kInvalid;  // fmod(±inf, y)
            return r;
        case BinOpKind::pow: return np_ufunc_power(x, y, flags);
        default: return 0;
    }
    if (std::isinf(r) && std::isfinite(x) && std::isfinite(y) && !(op == BinOpKind::div && y == 0.0)) flags |= kOverflow;
    else if (std::isnan(r) && !std::isnan(x) && !std::isnan(y)) flags |= kInvalid;
    return r;
}

// f_op for + - * / with the operator fixed at compile time, small enough to inline into the
// element loop: the common case (a finite result) costs one test. Same results and flags as
// f_op (overflow: an infinite result of finite operands; invalid: a NaN of non-NaN operands;
// x / 0 as above).
template <BinOpKind Op>
[[gnu::always_inline]] inline double f_arith(double x, double y, unsigned& flags) {
    static_assert(Op == BinOpKind::add || Op == BinOpKind::sub || Op == BinOpKind::mult || Op == BinOpKind::div);
    const double r = Op == BinOpKind::add ? x + y : Op == BinOpKind::sub ? x - y : Op == BinOpKind::mult ? x * y : x / y;
    if (std::isfinite(r)) return r;
    if (Op == BinOpKind::div && y == 0.0) {
        if (x == 0.0) flags |= kInvalid;
        else if (std::isfinite(x)) flags |= kDivide;
    } else if (std::isinf(r)) {
        if (std::isfinite(x) && std::isfinite(y)) flags |= kOverflow;
    } else if (!std::isnan(x) && !std::isnan(y)) {
        flags |= kInvalid;
    }
    return r;
}

std::int64_t i_op(BinOpKind op, std::int64_t x, std::int64_t y, unsigned& flags) {
    const auto ux = static_cast<std::uint64_t>(x), uy = static_cast<std::uint64_t>(y);
    switch (op) {
        case BinOpKind::add: return static_cast<std::int64_t>(ux + uy);
        case BinOpKind::sub: return static_cast<std::int64_t>(ux - uy);
        case BinOpKind::mult: return static_cast<std::int64_t>(ux * uy);
        case BinOpKind::floor_div: {
            if (y == 0) {
                flags |= kDivide;
                return 0;
            }
            if (x == INT64_MIN && y == -1) {
                flags |= kOverflow;
                return INT64_MIN;
            }
            std::int64_t q = x / y;
            if ((x % y != 0) && ((x < 0) != (y < 0))) --q;
            return q;
        }
        case BinOpKind::mod: {
            if (y == 0) {
                flags |= kDivide;
                return 0;
            }
            if (y == -1) return 0;
            std::int64_t r = x % y;
            if (r != 0 && ((r < 0) != (y < 0))) r += y;
            return r;
        }
        case BinOpKind::pow: {
            std::uint64_t result = 1, b = ux;
            std::uint64_t e = uy;
            while (e > 0) {
                if (e & 1U) result *= b;
                b *= b;
                e >>= 1;
            }
            return static_cast<std::int64_t>(result);
        }
        case BinOpKind::bit_and: return x & y;
        case BinOpKind::bit_or: return x | y;
        case BinOpKind::bit_xor: return x ^ y;
        case BinOpKind::lshift: return y < 0 || y >= 64 ? 0 : static_cast<std::int64_t>(ux << y);
        case BinOpKind::rshift: return y < 0 || y >= 64 ? (x < 0 ? -1 : 0) : x >> y;
        default: return 0;
    }
}

// The ufunc is applied to 0-d inputs only (np scalars and Python scalars): NumPy names it
// "scalar <ufunc>" in warnings.
// `a op b` on two scalars goes through NumPy's scalar math (its warnings say "scalar divide")
// when the NumPy scalar whose method Python calls (a's when a is one, else b's reflected one)
// is np.float64 or np.int64; np.bool_ has no scalar math, and takes the ufunc's path ("divide").
// np.int64's scalar math cannot take a Python float either (a float is no safe cast to int64:
// PROMOTION_REQUIRED in scalarmath.c), so np.int64 with a Python float takes the ufunc's path too.
bool scalar_math_path(const Value& a, const Value& b) {
    if (!is_scalar_number(a) || !is_scalar_number(b)) return false;
    const Value& dispatcher = a.is_np_scalar() ? a : b;
    const Value& other = a.is_np_scalar() ? b : a;
    if (dispatcher.kind() == Kind::np_int && other.kind() == Kind::floating) return false;
    return dispatcher.kind() != Kind::np_bool;
}

}  // namespace

Shape broadcast_shapes(Interp& in, const Shape& a, const Shape& b) {
    const std::size_t n = std::max(a.size(), b.size());
    Shape out(n, 1);
    for (std::size_t k = 0; k < n; ++k) {
        const std::int64_t x = k + a.size() >= n ? a[k + a.size() - n] : 1;
        const std::int64_t y = k + b.size() >= n ? b[k + b.size() - n] : 1;
        if (x != y && x != 1 && y != 1) {
            in.raise(types().value_error,
                     "operands could not be broadcast together with shapes " + shape_repr(a, ",") + " " + shape_repr(b, ",") + " ");
        }
        out[k] = x == 1 ? y : x;
    }
    return out;
}

Shape broadcast_all(Interp& in, const std::vector<Shape>& shapes) {
    Shape out;
    try {
        for (const Shape& s : shapes) out = broadcast_shapes(in, out, s);
    } catch (PyException&) {
        std::string text = "operands could not be broadcast together with shapes ";
        for (const Shape& s : shapes) text += shape_repr(s, ",") + " ";
        in.raise(types().value_error, text);
    }
    return out;
}

namespace {

// The result of a binary ufunc into a new array of dtype `dt`.
Ref<ArrayObj> apply_binary(Interp& in, BinOpKind op, const ArrayObj& A, const ArrayObj& B, DType dt,
                           const Shape& out_shape, const std::string& name) {
    Ref<ArrayObj> out;
    try {
        out = ArrayObj::empty(dt, out_shape);
    } catch (OverCap&) {
        memory_error(in, out_shape, dt);
    }
    unsigned flags = 0;
    const Storage& sa = *A.storage;
    const Storage& sb = *B.storage;
    Storage& so = *out->storage;
    if (dt == DType::float64) {
        double* o = so.f();
        auto get = [](const Storage& s, DType d, std::int64_t i) {
            return d == DType::float64 ? const_cast<Storage&>(s).f()[i]
                   : d == DType::int64 ? static_cast<double>(const_cast<Storage&>(s).i()[i])
                                       : static_cast<double>(const_cast<Storage&>(s).b()[i]);
        };
        if (A.dtype == DType::float64 && B.dtype == DType::float64) {
            const double* pa = const_cast<Storage&>(sa).f();
            const double* pb = const_cast<Storage&>(sb).f();
            switch (op) {
                case BinOpKind::add:
                    loop2(A, B, out_shape, [&](std::int64_t k, std::int64_t i, std::int64_t j) {
                        o[k] = f_arith<BinOpKind::add>(pa[i], pb[j], flags);
                    });
                    break;
                case BinOpKind::sub:
                    loop2(A, B, out_shape, [&](std::int64_t k, std::int64_t i, std::int64_t j) {
                        o[k] = f_arith<BinOpKind::sub>(pa[i], pb[j], flags);
                    });
                    break;
                case BinOpKind::mult:
                    loop2(A, B, out_shape, [&](std::int64_t k, std::int64_t i, std::int64_t j) {
                        o[k] = f_arith<BinOpKind::mult>(pa[i], pb[j], flags);
                    });
                    break;
                case BinOpKind::div:
                    loop2(A, B, out_shape, [&](std::int64_t k, std::int64_t i, std::int64_t j) {
                        o[k] = f_arith<BinOpKind::div>(pa[i], pb[j], flags);
                    });
                    break;
                default:
                    loop2(A, B, out_shape, [&](std::int64_t k, std::int64_t i, std::int64_t j) {
                        o[k] = f_op(op, pa[i], pb[j], flags);
                    });
            }
        } else {
            loop2(A, B, out_shape, [&](std::int64_t k, std::int64_t i, std::int64_t j) {
                o[k] = f_op(op, get(sa, A.dtype, i), get(sb, B.dtype, j), flags);
            });
        }
    } else if (dt == DType::int64) {
        std::int64_t* o = so.i();
        auto get = [](const Storage& s, DType d, std::int64_t i) {
            return d == DType::int64 ? const_cast<Storage&>(s).i()[i]
                                     : static_cast<std::int64_t>(const_cast<Storage&>(s).b()[i]);
        };
        loop2(A, B, out_shape, [&](std::int64_t k, std::int64_t i, std::int64_t j) {
            o[k] = i_op(op, get(sa, A.dtype, i), get(sb, B.dtype, j), flags);
        });
    } else {
        std::uint8_t* o = so.b();
        const std::uint8_t* pa = const_cast<Storage&>(sa).b();
        const std::uint8_t* pb = const_cast<Storage&>(sb).b();
        loop2(A, B, out_shape, [&](std::int64_t k, std::int64_t i, std::int64_t j) {
            const bool x = pa[i] != 0, y = pb[j] != 0;
            bool r = false;
            switch (op) {
                case BinOpKind::add:
                case BinOpKind::bit_or: r = x || y; break;
                case BinOpKind::mult:
                case BinOpKind::bit_and: r = x && y; break;
                case BinOpKind::bit_xor: r = x != y; break;
                default: break;
            }
            o[k] = r;
        });
    }
    report(in, flags, name);
    return out;
}

}  // namespace

Value np_binary(Interp& in, BinOpKind op, const Value& a, const Value& b, bool syntax) {
    if (!is_array_like(a) || !is_array_like(b)) return in.not_implemented();
    if (op == BinOpKind::mat_mult) return np_matmul(in, a, b, "matmul");
    if (Value r = lazy_binary(in, op, a, b); !in.is_not_implemented(r)) return r;
    Ref<ArrayObj> A = to_array(in, a);
    Ref<ArrayObj> B = to_array(in, b);
    const Shape out_shape = broadcast_shapes(in, A->shape, B->shape);
    const bool scalar_math = syntax && scalar_math_path(a, b);
    const std::string name = scalar_math ? std::string("scalar ") + ufunc_name(op) : ufunc_name(op);
    DType dt = promote(A->dtype, B->dtype);
    switch (op) {
        case BinOpKind::add:
        case BinOpKind::mult: break;
        case BinOpKind::sub:
            if (dt == DType::bool_) {
                in.raise(types().type_error,
                         "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` "
                         "operator, or the logical_xor function instead.");
            }
            break;
        case BinOpKind::div: dt = DType::float64; break;
        case BinOpKind::floor_div:
        case BinOpKind::mod:
        case BinOpKind::pow:
            if (dt == DType::bool_) {
                in.unsupported(std::string("np.") + ufunc_name(op) + " of two boolean arrays (NumPy gives int8)",
                               std::string("불리언 배열끼리의 np.") + ufunc_name(op) + " (NumPy 는 int8 을 줍니다)");
            }
            if (op == BinOpKind::pow && dt == DType::int64) {
                // NumPy checks the exponents before computing anything.
                for (std::int64_t k = 0; k < B->size(); ++k) {
                    if (B->get_i(k) < 0) in.raise(types().value_error, "Integers to negative integer powers are not allowed.");
                }
            }
            break;
        case BinOpKind::bit_and:
        case BinOpKind::bit_or:
        case BinOpKind::bit_xor:
        case BinOpKind::lshift:
        case BinOpKind::rshift:
            if (dt == DType::float64) no_loop(in, ufunc_name(op));
            if ((op == BinOpKind::lshift || op == BinOpKind::rshift) && dt == DType::bool_) dt = DType::int64;
            break;
        case BinOpKind::mat_mult: break;
    }
    if (op == BinOpKind::pow) {
        // ndarray ** scalar takes NumPy's shortcuts (fast_scalar_power) before the power ufunc.
        const bool scalar_exponent = is_scalar_number(b) || (b.as<ArrayObj>() && B->ndim() == 0);
        if (a.as<ArrayObj>() != nullptr && scalar_exponent) {
            const double e = B->get_f(0);
            if (A->dtype == DType::float64) {
                switch (np_power_shortcut(e)) {
                    case NpPowerShortcut::square: return np_unary(in, Unary::square, a);
                    case NpPowerShortcut::sqrt: return np_unary(in, Unary::sqrt, a);
                    case NpPowerShortcut::reciprocal: return np_unary(in, Unary::reciprocal, a);
                    case NpPowerShortcut::copy: return np_unary(in, Unary::positive, a);
                    case NpPowerShortcut::ones: return np_unary(in, Unary::ones, a);
                    case NpPowerShortcut::none: break;
                }
            } else if (e == 2.0) {
                if (b.kind() == Kind::floating) return np_unary(in, Unary::square, A->copy_as(DType::float64));
                return np_unary(in, Unary::square, a);
            }
        }
        if (scalar_math && dt == DType::float64) {
            unsigned flags = 0;
            const double r = np_scalar_power(A->get_f(0), B->get_f(0), flags);
            report(in, flags, "scalar power");
            return Value::np_float(r);
        }
    }
    if (scalar_math && dt == DType::int64 && (op == BinOpKind::add || op == BinOpKind::sub || op == BinOpKind::mult)) {
        // Scalar math checks int64 overflow (arrays wrap silently).
        const std::int64_t x = A->get_i(0), y = B->get_i(0);
        std::int64_t r;
        const bool over = op == BinOpKind::add ? __builtin_add_overflow(x, y, &r)
                          : op == BinOpKind::sub ? __builtin_sub_overflow(x, y, &r)
                                                 : __builtin_mul_overflow(x, y, &r);
        if (over) report(in, kOverflow, name);
        return Value::np_int(r);
    }
    Ref<ArrayObj> out = apply_binary(in, op, *A, *B, dt, out_shape, name);
    return scalar_or_array(out);
}

// divmod() of an array or a NumPy scalar is one ufunc, np.divmod: its warnings name "divmod"
// ("scalar divmod" by scalar math), each flag once for both halves.
Value np_divmod(Interp& in, const Value& a, const Value& b) {
    if (!is_array_like(a) || !is_array_like(b)) return in.not_implemented();
    unsigned flags = 0;
    Value q, r;
    {
        struct Sink {
            unsigned* saved;
            explicit Sink(unsigned* to) : saved(g_flag_sink) { g_flag_sink = to; }
            ~Sink() { g_flag_sink = saved; }
        } sink(&flags);
        q = np_binary(in, BinOpKind::floor_div, a, b, true);
        r = np_binary(in, BinOpKind::mod, a, b, true);
    }
    report(in, flags, scalar_math_path(a, b) ? "scalar divmod" : "divmod");
    return make_tuple({q, r});
}

Value np_compare(Interp& in, CmpOpKind op, const Value& a, const Value& b) {
    if (!is_array_like(a) || !is_array_like(b)) {
        if (op == CmpOpKind::eq) return Value::boolean(false);
        if (op == CmpOpKind::not_eq_) return Value::boolean(true);
        return in.not_implemented();
    }
    Ref<ArrayObj> A = to_array(in, a);
    Ref<ArrayObj> B = to_array(in, b);
    Shape out_shape;
    try {
        out_shape = broadcast_shapes(in, A->shape, B->shape);
    } catch (PyException&) {
        if (op == CmpOpKind::eq || op == CmpOpKind::not_eq_) {
            // NumPy 1.24: elementwise comparison failed; it warns and returns a scalar bool.
            in.warn(types().deprecation_warning, "elementwise comparison failed; this will raise an error in the future.");
            return Value::boolean(op == CmpOpKind::not_eq_);
        }
        throw;
    }
    Ref<ArrayObj> out = ArrayObj::empty(DType::bool_, out_shape);
    std::uint8_t* o = out->storage->b();
    const DType dt = promote(A->dtype, B->dtype);
    auto cmp = [op](auto x, auto y) {
        switch (op) {
            case CmpOpKind::eq: return x == y;
            case CmpOpKind::not_eq_: return x != y;
            case CmpOpKind::lt: return x < y;
            case CmpOpKind::lt_e: return x <= y;
            case CmpOpKind::gt: return x > y;
            case CmpOpKind::gt_e: return x >= y;
            default: return false;
        }
    };
    const ArrayObj& AA = *A;
    const ArrayObj& BB = *B;
    if (dt == DType::float64) {
        auto get = [](const ArrayObj& arr, std::int64_t i) {
            Storage& s = *arr.storage;
            return arr.dtype == DType::float64 ? s.f()[i] : arr.dtype == DType::int64 ? static_cast<double>(s.i()[i]) : s.b()[i];
        };
        loop2(AA, BB, out_shape, [&](std::int64_t k, std::int64_t i, std::int64_t j) { o[k] = cmp(get(AA, i), get(BB, j)); });
    } else {
        auto get = [](const ArrayObj& arr, std::int64_t i) {
            Storage& s = *arr.storage;
            return arr.dtype == DType::int64 ? s.i()[i] : static_cast<std::int64_t>(s.b()[i]);
        };
        loop2(AA, BB, out_shape, [&](std::int64_t k, std::int64_t i, std::int64_t j) { o[k] = cmp(get(AA, i), get(BB, j)); });
    }
    return scalar_or_array(out);
}

Value np_inplace(Interp& in, BinOpKind op, const Value& a, const Value& b) {
    auto* target = a.as<ArrayObj>();
    if (target == nullptr || !is_array_like(b)) return in.not_implemented();
    Value r = np_binary(in, op, a, b);
    Ref<ArrayObj> R = to_array(in, r);
    if (R->dtype > target->dtype) {
        const char* ufunc = ufunc_name(op);
        in.raise(types().type_error,  // numpy.core._exceptions._UFuncOutputCastingError
                 std::string("Cannot cast ufunc '") + ufunc + "' output from dtype('" + dtype_name(R->dtype) +
                     "') to dtype('" + dtype_name(target->dtype) + "') with casting rule 'same_kind'");
    }
    if (R->shape != target->shape) {
        Shape bs = broadcast_shapes(in, target->shape, R->shape);
        if (bs != target->shape) {
            in.raise(types().value_error, "non-broadcastable output operand with shape " + shape_repr(target->shape) +
                                              " doesn't match the broadcast shape " + shape_repr(bs));
        }
    }
    array_setitem(in, Ref<ArrayObj>(a), make_tuple({in.ellipsis()}), R);
    return a;
}

// ---------------------------------------------------------------------------------------------
// Unary

Value np_unary(Interp& in, Unary op, const Value& a, bool syntax) {
    Ref<ArrayObj> A = to_array(in, a);
    const bool scalar = syntax && is_scalar_number(a);
    const char* name = "";
    DType dt = A->dtype;
    switch (op) {
        case Unary::negative:
            name = "negative";
            if (dt == DType::bool_) {
                in.raise(types().type_error,
                         "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the "
                         "logical_not function instead.");
            }
            break;
        case Unary::positive:
            name = "positive";
            // `+mask` is a DeprecationWarning and a copy; np.positive(mask) NumPy's
            // _UFuncNoLoopError, which the kernel does not have
            if (dt == DType::bool_) in.unsupported("+ or np.positive of a boolean array", "불리언 배열의 + 나 np.positive");
            break;
        case Unary::absolute: name = "absolute"; break;
        case Unary::invert:
            name = "invert";
            if (dt == DType::float64) no_loop(in, "invert");
            break;
        case Unary::square:
            name = "square";
            if (dt == DType::bool_) in.unsupported("np.square of a boolean array (NumPy gives int8)", "불리언 배열의 np.square (NumPy 는 int8 을 줍니다)");
            break;
        case Unary::sign:
            name = "sign";
            if (dt == DType::bool_) in.unsupported("np.sign of a boolean array (NumPy has no loop for it)", "불리언 배열의 np.sign (NumPy 에 그 계산이 없습니다)");
            break;
        case Unary::reciprocal:
            name = "reciprocal";
            if (dt != DType::float64) in.unsupported("np.reciprocal of integers", "정수의 np.reciprocal");
            break;
        case Unary::ones: name = "ones_like"; break;
        case Unary::isnan:
        case Unary::isinf:
        case Unary::isfinite: name = op == Unary::isnan ? "isnan" : op == Unary::isinf ? "isinf" : "isfinite"; break;
        default:
            name = op == Unary::exp ? "exp" : op == Unary::log ? "log" : op == Unary::sqrt ? "sqrt" : op == Unary::tanh ? "tanh"
                   : op == Unary::sin ? "sin" : op == Unary::cos ? "cos" : op == Unary::floor ? "floor" : "ceil";
            if (dt == DType::bool_) {
                in.unsupported(std::string("np.") + name + " of a boolean array (NumPy gives float16)",
                               std::string("불리언 배열의 np.") + name + " (NumPy 는 float16 을 줍니다)");
            }
            dt = DType::float64;
            if ((op == Unary::floor || op == Unary::ceil) && A->dtype != DType::float64) dt = DType::float64;
            break;
    }
    const bool to_bool = op == Unary::isnan || op == Unary::isinf || op == Unary::isfinite;
    if (to_bool) dt = DType::bool_;
    Ref<ArrayObj> out;
    try {
        out = ArrayObj::empty(dt, A->shape);
    } catch (OverCap&) {
        memory_error(in, A->shape, dt);
    }
    unsigned flags = 0;
    std::int64_t k = 0;
    Storage& s = *A->storage;
    if (to_bool) {
        std::uint8_t* o = out->storage->b();
        for_each_index(*A, [&](std::int64_t i) {
            const double x = A->dtype == DType::float64 ? s.f()[i] : 0.0;
            o[k++] = op == Unary::isnan ? std::isnan(x) : op == Unary::isinf ? std::isinf(x) : std::isfinite(x);
        });
    } else if (dt == DType::float64) {
        double* o = out->storage->f();
        for_each_index(*A, [&](std::int64_t i) {
            const double x = A->dtype == DType::float64 ? s.f()[i]
                             : A->dtype == DType::int64 ? static_cast<double>(s.i()[i])
                                                        : s.b()[i];
            double r = 0;
            switch (op) {
                case Unary::negative: r = -x; break;
                case Unary::positive: r = x; break;
                case Unary::absolute: r = np_ufunc_absolute(x); break;
                case Unary::square: r = np_ufunc_square(x, flags); break;
                case Unary::reciprocal: r = np_ufunc_reciprocal(x, flags); break;
                case Unary::ones: r = 1.0; break;
                case Unary::sign: r = std::isnan(x) ? x : x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0; break;
                case Unary::exp: r = np_ufunc_exp(x, flags); break;
                case Unary::log: r = np_ufunc_log(x, flags); break;
                case Unary::sqrt: r = np_ufunc_sqrt(x, flags); break;
                case Unary::tanh: r = np_ufunc_tanh(x, flags); break;
                case Unary::sin:
                    if (!np_ufunc_sin_supported(x)) in.unsupported("np.sin of values past 2**24", "2**24 보다 큰 값의 np.sin");
                    r = np_ufunc_sin(x, flags);
                    break;
                case Unary::cos:
                    if (!np_ufunc_cos_supported(x)) in.unsupported("np.cos of values this large", "이렇게 큰 값의 np.cos");
                    r = np_ufunc_cos(x, flags);
                    break;
                case Unary::floor: r = std::floor(x); break;
                case Unary::ceil: r = std::ceil(x); break;
                default: break;
            }
            o[k++] = r;
        });
    } else if (dt == DType::int64) {
        std::int64_t* o = out->storage->i();
        for_each_index(*A, [&](std::int64_t i) {
            const std::int64_t x = A->dtype == DType::int64 ? s.i()[i] : s.b()[i];
            const auto ux = static_cast<std::uint64_t>(x);
            std::int64_t r = 0;
            switch (op) {
                case Unary::negative:
                    r = static_cast<std::int64_t>(0 - ux);
                    if (scalar && x == INT64_MIN) flags |= kOverflow;
                    break;
                case Unary::positive: r = x; break;
                case Unary::absolute:
                    r = x < 0 ? static_cast<std::int64_t>(0 - ux) : x;
                    if (scalar && x == INT64_MIN) flags |= kOverflow;
                    break;
                case Unary::invert: r = ~x; break;
                case Unary::square: r = static_cast<std::int64_t>(ux * ux); break;
                case Unary::sign: r = x > 0 ? 1 : x < 0 ? -1 : 0; break;
                default: break;
            }
            o[k++] = r;
        });
    } else {
        std::uint8_t* o = out->storage->b();
        for_each_index(*A, [&](std::int64_t i) {
            const bool x = s.b()[i] != 0;
            o[k++] = op == Unary::invert ? !x : x;
        });
    }
    report(in, flags, scalar ? std::string("scalar ") + name : std::string(name));
    return scalar_or_array(out);
}

Value np_binary2(Interp& in, Binary2 op, const Value& a, const Value& b) {
    Ref<ArrayObj> A = to_array(in, a);
    Ref<ArrayObj> B = to_array(in, b);
    const Shape out_shape = broadcast_shapes(in, A->shape, B->shape);
    const DType dt = promote(A->dtype, B->dtype);
    Ref<ArrayObj> out = ArrayObj::empty(dt, out_shape);
    const bool want_max = op == Binary2::maximum;
    const ArrayObj& AA = *A;
    const ArrayObj& BB = *B;
    unsigned flags = 0;
    if (dt == DType::float64) {
        double* o = out->storage->f();
        auto get = [](const ArrayObj& arr, std::int64_t i) {
            Storage& s = *arr.storage;
            return arr.dtype == DType::float64 ? s.f()[i] : arr.dtype == DType::int64 ? static_cast<double>(s.i()[i]) : s.b()[i];
        };
        loop2(AA, BB, out_shape, [&](std::int64_t k, std::int64_t i, std::int64_t j) {
            const double x = get(AA, i), y = get(BB, j);
            o[k] = want_max ? np_ufunc_maximum(x, y) : np_ufunc_minimum(x, y);
        });
    } else if (dt == DType::int64) {
        std::int64_t* o = out->storage->i();
        auto get = [](const ArrayObj& arr, std::int64_t i) {
            Storage& s = *arr.storage;
            return arr.dtype == DType::int64 ? s.i()[i] : static_cast<std::int64_t>(s.b()[i]);
        };
        loop2(AA, BB, out_shape, [&](std::int64_t k, std::int64_t i, std::int64_t j) {
            const std::int64_t x = get(AA, i), y = get(BB, j);
            o[k] = want_max ? std::max(x, y) : std::min(x, y);
        });
    } else {
        std::uint8_t* o = out->storage->b();
        loop2(AA, BB, out_shape, [&](std::int64_t k, std::int64_t i, std::int64_t j) {
            const std::uint8_t x = AA.storage->b()[i], y = BB.storage->b()[j];
            o[k] = want_max ? std::max(x, y) : std::min(x, y);
        });
    }
    report(in, flags, want_max ? "maximum" : "minimum");
    return scalar_or_array(out);
}

Value np_round(Interp& in, const Value& a, std::int64_t decimals) {
    // PyArray_Round: an integer array rounded to decimals >= 0 is returned itself, not a copy
    // (so `r = np.round(x); x *= 2` changes r too).
    if (auto* arr = a.as<ArrayObj>(); arr != nullptr && arr->dtype == DType::int64 && decimals >= 0) return a;
    Ref<ArrayObj> A = to_array(in, a);
    Ref<ArrayObj> out = ArrayObj::empty(A->dtype, A->shape);
    std::int64_t k = 0;
    Storage& s = *A->storage;
    unsigned flags = 0;
    if (A->dtype == DType::float64) {
        double* o = out->storage->f();
        for_each_index(*A, [&](std::int64_t i) {
            const double x = s.f()[i];
            const double r = np_round_float(x, decimals);
            if (std::isfinite(x) && std::isinf(r)) flags |= kOverflow;
            o[k++] = r;
        });
    } else if (A->dtype == DType::int64) {
        std::int64_t* o = out->storage->i();
        for_each_index(*A, [&](std::int64_t i) { o[k++] = np_round_int(s.i()[i], decimals); });
    } else {
        in.unsupported("np.round of a boolean array (NumPy gives float16)", "불리언 배열의 np.round (NumPy 는 float16 을 줍니다)");
    }
    if (flags & kOverflow) np_warn(in, "overflow encountered in multiply");
    return scalar_or_array(out);
}

Value np_where(Interp& in, const Value& cond, const Value& x, const Value& y) {
    Ref<ArrayObj> C = to_array(in, cond);
    Ref<ArrayObj> X = to_array(in, x);
    Ref<ArrayObj> Y = to_array(in, y);
    const Shape out_shape = broadcast_all(in, {C->shape, X->shape, Y->shape});
    const DType dt = promote(X->dtype, Y->dtype);
    Ref<ArrayObj> cb = ArrayObj::empty(DType::bool_, out_shape);
    // Broadcast each operand to the output shape by a binary loop against a dummy of that shape.
    Ref<ArrayObj> out = ArrayObj::empty(dt, out_shape);
    Ref<ArrayObj> ones = ArrayObj::zeros(DType::bool_, out_shape);
    std::vector<std::uint8_t> c(static_cast<std::size_t>(shape_size(out_shape)));
    loop2(*C, *ones, out_shape, [&](std::int64_t k, std::int64_t i, std::int64_t) {
        c[static_cast<std::size_t>(k)] = C->dtype == DType::bool_ ? C->storage->b()[i] != 0
                                         : C->dtype == DType::int64 ? C->storage->i()[i] != 0
                                                                     : C->storage->f()[i] != 0.0;
    });
    auto fill = [&](const ArrayObj& src, bool when) {
        loop2(src, *ones, out_shape, [&](std::int64_t k, std::int64_t i, std::int64_t) {
            if ((c[static_cast<std::size_t>(k)] != 0) != when) return;
            Storage& s = *src.storage;
            if (dt == DType::float64) {
                out->storage->f()[k] = src.dtype == DType::float64 ? s.f()[i]
                                       : src.dtype == DType::int64 ? static_cast<double>(s.i()[i])
                                                                   : s.b()[i];
            } else if (dt == DType::int64) {
                out->storage->i()[k] = src.dtype == DType::int64 ? s.i()[i] : s.b()[i];
            } else {
                out->storage->b()[k] = s.b()[i];
            }
        });
    };
    fill(*X, true);
    fill(*Y, false);
    (void)cb;
    return out;
}

}  // namespace tlab
