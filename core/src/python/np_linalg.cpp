// np_linalg.cpp — matmul / dot (the order Debian's reference BLAS adds in) and np.linalg.norm.
//
// Reference BLAS (dgemm, dgemv, ddot) and NumPy's own non-BLAS loops all compute each element of
// a float64 product as a running sum from 0 over the inner index, one rounded product at a time;
// int64 products wrap around as NumPy's integer loops do.
#include <cmath>

#include "tlab/fpflags.hpp"
#include "python/builtins_support.hpp"
#include "python/np_frames.hpp"
#include "python/numpy.hpp"

namespace tlab {

namespace {

[[noreturn]] void core_mismatch(Interp& in, const char* name, std::int64_t got, std::int64_t want) {
    in.raise(types().value_error, std::string(name) +
                                      ": Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                                      "(n?,k),(k,m?)->(n?,m?) (size " +
                                      std::to_string(got) + " is different from " + std::to_string(want) + ")");
}

// The floating-point flags computing one element raised, in the same order: a product inf * 0
// or a sum inf + -inf is invalid, a finite product or sum that comes out infinite overflows
// (NaN inputs raise nothing). Only asked for when the element came out non-finite: that is the
// only way a flag can have been raised, as NaN and infinities are sticky in a running sum.
// acc + x * y, one step of a running sum, with the flags its product and its sum raise.
double flagged_step(double acc, double x, double y, unsigned& flags) {
    const double p = x * y;
    if ((std::isinf(x) && y == 0.0) || (x == 0.0 && std::isinf(y))) flags |= kFpInvalid;
    else if (std::isinf(p) && std::isfinite(x) && std::isfinite(y)) flags |= kFpOverflow;
    const double sum = acc + p;
    if (std::isinf(acc) && std::isinf(p) && (acc > 0) != (p > 0)) flags |= kFpInvalid;
    else if (std::isinf(sum) && std::isfinite(acc) && std::isfinite(p)) flags |= kFpOverflow;
    return sum;
}

unsigned element_flags(const double* a, const double* b, std::int64_t k, std::int64_t b_stride) {
    unsigned flags = 0;
    double acc = 0.0;
    for (std::int64_t l = 0; l < k; ++l) acc = flagged_step(acc, a[l], b[l * b_stride], flags);
    return flags;
}

// NumPy 1.24 computes a float64 X.T @ X (np.matmul and np.dot: two 2-D views of one buffer, X's
// rows unit-strided, both sides at least 2) with BLAS dsyrk instead of dgemm: reference dsyrk
// (the 'L', 'N' branch that CBLAS's row-major Upper/Trans call becomes) skips every product
// whose factor X[l][j] is zero, so 0 * nan and 0 * inf are not computed there; then NumPy copies
// the upper triangle to the lower. For finite values this changes nothing (adding a skipped +-0
// to a sum started at +0 leaves it as it is). X @ X.T takes dsyrk's dot-product branch: the same
// sums as dgemm.
bool computed_by_syrk(const ArrayObj& a, const ArrayObj& b) {
    return a.dtype == DType::float64 && b.dtype == DType::float64 && a.ndim() == 2 && b.ndim() == 2 &&
           a.storage != nullptr && a.storage == b.storage && a.offset == b.offset && a.shape[0] == b.shape[1] &&
           a.shape[1] == b.shape[0] && a.strides[0] == b.strides[1] && a.strides[1] == b.strides[0] && b.strides[1] == 1 &&
           b.strides[0] >= b.shape[1] && b.shape[0] >= 2 && b.shape[1] >= 2;
}

// X.T @ X as dsyrk computes it (see computed_by_syrk), from a contiguous copy of X (n x p), with
// the floating-point flags of the operations it does.
Ref<ArrayObj> syrk_product(Interp& in, const ArrayObj& X, unsigned& flags) {
    const std::int64_t n = X.shape[0], p = X.shape[1];
    Ref<ArrayObj> out;
    try {
        out = ArrayObj::zeros(DType::float64, {p, p});
    } catch (OverCap&) {
        memory_error(in, {p, p}, DType::float64);
    }
    const std::vector<double> x = X.doubles();
    double* o = out->storage->f();
    for (std::int64_t j = 0; j < p; ++j) {
        for (std::int64_t i = j; i < p; ++i) {
            double acc = 0.0;
            for (std::int64_t l = 0; l < n; ++l) {
                const double t = x[static_cast<std::size_t>(l * p + j)];
                if (t == 0.0) continue;
                acc = flagged_step(acc, t, x[static_cast<std::size_t>(l * p + i)], flags);
            }
            o[j * p + i] = acc;
            o[i * p + j] = acc;
        }
        if ((j & 63) == 0) in.count_step();
    }
    return out;
}

// C = A @ B for 2-D contiguous float64/int64 copies; `flags` gathers the floating-point flags
// (what NumPy's matmul reports after the loop; np.dot reports none).
Ref<ArrayObj> matmul2(Interp& in, const ArrayObj& A, const ArrayObj& B, DType dt, unsigned& flags) {
    const std::int64_t n = A.shape[0], k = A.shape[1], m = B.shape[1];
    Ref<ArrayObj> out;
    try {
        out = ArrayObj::zeros(dt, {n, m});
    } catch (OverCap&) {
        memory_error(in, {n, m}, dt);
    }
    if (dt == DType::float64) {
        const std::vector<double> a = A.doubles(), b = B.doubles();
        double* o = out->storage->f();
        for (std::int64_t i = 0; i < n; ++i) {
            for (std::int64_t j = 0; j < m; ++j) {
                double acc = 0.0;
                for (std::int64_t l = 0; l < k; ++l) acc += a[static_cast<std::size_t>(i * k + l)] * b[static_cast<std::size_t>(l * m + j)];
                o[i * m + j] = acc;
                if (!std::isfinite(acc)) flags |= element_flags(a.data() + i * k, b.data() + j, k, m);
            }
            if ((i & 63) == 0) in.count_step();
        }
    } else if (dt == DType::bool_) {
        // NumPy's BOOL_matmul and BOOL_dot: an element is true once one pair is both true.
        const std::vector<std::int64_t> a = A.ints(), b = B.ints();
        std::uint8_t* o = out->storage->b();
        for (std::int64_t i = 0; i < n; ++i) {
            for (std::int64_t j = 0; j < m; ++j) {
                bool any = false;
                for (std::int64_t l = 0; l < k && !any; ++l) {
                    any = a[static_cast<std::size_t>(i * k + l)] != 0 && b[static_cast<std::size_t>(l * m + j)] != 0;
                }
                o[i * m + j] = any ? 1 : 0;
            }
        }
    } else {
        const std::vector<std::int64_t> a = A.ints(), b = B.ints();
        std::int64_t* o = out->storage->i();
        for (std::int64_t i = 0; i < n; ++i) {
            for (std::int64_t j = 0; j < m; ++j) {
                std::uint64_t acc = 0;
                for (std::int64_t l = 0; l < k; ++l) {
                    acc += static_cast<std::uint64_t>(a[static_cast<std::size_t>(i * k + l)]) *
                           static_cast<std::uint64_t>(b[static_cast<std::size_t>(l * m + j)]);
                }
                o[i * m + j] = static_cast<std::int64_t>(acc);
            }
        }
    }
    return out;
}

[[noreturn]] void not_aligned(Interp& in, const ArrayObj& A, int da, const ArrayObj& B, int db) {
    in.raise(types().value_error, "shapes " + shape_repr(A.shape, ",") + " and " + shape_repr(B.shape, ",") +
                                      " not aligned: " + std::to_string(A.shape[static_cast<std::size_t>(da)]) +
                                      " (dim " + std::to_string(da) + ") != " +
                                      std::to_string(B.shape[static_cast<std::size_t>(db)]) + " (dim " +
                                      std::to_string(db) + ")");
}

// np.dot past two dimensions: NumPy's generic loop pairs every row of a's last axis with every
// column along b's second-to-last axis, result shape a.shape[:-1] + b.shape without that axis.
// Each element is DOUBLE_dot's 0.0 + ddot (a running sum from 0), LONG_dot's wrapping sum or
// BOOL_dot's any; no floating-point flags are checked.
Ref<ArrayObj> dot_nd(Interp& in, const ArrayObj& A, const ArrayObj& B, DType dt) {
    const int db = B.ndim() >= 2 ? B.ndim() - 2 : 0;
    const std::int64_t k = A.shape.back();
    if (k != B.shape[static_cast<std::size_t>(db)]) not_aligned(in, A, A.ndim() - 1, B, db);
    Shape out_shape(A.shape.begin(), A.shape.end() - 1);
    std::int64_t p = 1, q = 1, m = 1;
    for (std::int64_t d : out_shape) p *= d;
    for (int d = 0; d < B.ndim(); ++d) {
        if (d == db) continue;
        out_shape.push_back(B.shape[static_cast<std::size_t>(d)]);
        (d < db ? q : m) *= B.shape[static_cast<std::size_t>(d)];
    }
    Ref<ArrayObj> out;
    try {
        out = ArrayObj::zeros(dt, out_shape);
    } catch (OverCap&) {
        memory_error(in, out_shape, dt);
    }
    if (out->size() == 0 || k == 0) return out;
    const Ref<ArrayObj> a = A.copy_as(dt), b = B.copy_as(dt);
    std::int64_t o = 0;
    for (std::int64_t i = 0; i < p; ++i) {
        for (std::int64_t t = 0; t < q; ++t) {
            for (std::int64_t j = 0; j < m; ++j, ++o) {
                const std::int64_t ai = i * k, bi = t * k * m + j;
                if (dt == DType::float64) {
                    const double* x = a->storage->f();
                    const double* y = b->storage->f();
                    double acc = 0.0;
                    for (std::int64_t l = 0; l < k; ++l) acc += x[ai + l] * y[bi + l * m];
                    out->storage->f()[o] = acc;
                } else if (dt == DType::int64) {
                    const std::int64_t* x = a->storage->i();
                    const std::int64_t* y = b->storage->i();
                    std::uint64_t acc = 0;
                    for (std::int64_t l = 0; l < k; ++l) {
                        acc += static_cast<std::uint64_t>(x[ai + l]) * static_cast<std::uint64_t>(y[bi + l * m]);
                    }
                    out->storage->i()[o] = static_cast<std::int64_t>(acc);
                } else {
                    const std::uint8_t* x = a->storage->b();
                    const std::uint8_t* y = b->storage->b();
                    bool any = false;
                    for (std::int64_t l = 0; l < k && !any; ++l) any = x[ai + l] != 0 && y[bi + l * m] != 0;
                    out->storage->b()[o] = any ? 1 : 0;
                }
            }
            in.count_step();
        }
    }
    return out;
}

// NumPy's cblas_matrixproduct treats a float64 operand of shape (1,) or (1, 1) as a scalar:
// a one-element result is that single product (so -0.0 survives), anything longer is daxpy
// into zeros, which returns at once for a zero scalar (0 * inf and 0 * nan stay 0.0).
bool scalar_shaped(const ArrayObj& x) {
    return x.ndim() == 1 ? x.shape[0] <= 1 : x.shape[0] <= 1 && x.shape[1] == 1;
}

}  // namespace

Value np_matmul(Interp& in, const Value& av, const Value& bv, const char* name) {
    Ref<ArrayObj> A = to_array(in, av);
    Ref<ArrayObj> B = to_array(in, bv);
    const bool dot = std::string(name) == "dot";
    unsigned flags = 0;
    if (A->ndim() == 0 || B->ndim() == 0) {
        if (dot) return np_binary(in, BinOpKind::mult, av, bv);
        in.raise(types().value_error, std::string("matmul: Input operand ") + (A->ndim() == 0 ? "0" : "1") +
                                          " does not have enough dimensions (has 0, gufunc core with signature "
                                          "(n?,k),(k,m?)->(n?,m?) requires 1)");
    }
    DType dt = promote(A->dtype, B->dtype);
    if (A->ndim() > 2 || B->ndim() > 2) {
        if (dot) return dot_nd(in, *A, *B, dt);
        // Batched matmul: the last two axes are matrices, leading axes broadcast.
        Shape sa = A->shape, sb = B->shape;
        const bool a1 = sa.size() == 1, b1 = sb.size() == 1;
        if (a1) sa.insert(sa.begin(), 1);
        if (b1) sb.push_back(1);
        const std::int64_t n = sa[sa.size() - 2], k = sa.back(), k2 = sb[sb.size() - 2], m = sb.back();
        if (k != k2) core_mismatch(in, name, k2, k);
        Shape ba(sa.begin(), sa.end() - 2), bb(sb.begin(), sb.end() - 2);
        Shape batch = broadcast_shapes(in, ba, bb);
        Shape out_shape = batch;
        if (!a1) out_shape.push_back(n);
        if (!b1) out_shape.push_back(m);
        Ref<ArrayObj> out;
        try {
            out = ArrayObj::zeros(dt, out_shape);
        } catch (OverCap&) {
            memory_error(in, out_shape, dt);
        }
        auto as3 = [&](const Ref<ArrayObj>& x, const Shape& s) {
            std::vector<Value> dims;
            for (std::int64_t d : s) dims.push_back(Value::integer(d));
            return reshape(in, x, make_tuple(std::move(dims)));
        };
        Ref<ArrayObj> A3 = as3(A, sa), B3 = as3(B, sb);
        const std::int64_t nb = shape_size(batch);
        std::vector<std::int64_t> idx(batch.size(), 0);
        for (std::int64_t t = 0; t < nb; ++t) {
            auto pick = [&](const Ref<ArrayObj>& x, const Shape& bshape) {
                std::vector<Value> key;
                const std::size_t lead = batch.size() - bshape.size();
                for (std::size_t d = 0; d < bshape.size(); ++d) {
                    key.push_back(Value::integer(bshape[d] == 1 ? 0 : idx[lead + d]));
                }
                if (key.empty()) return x;
                return Ref<ArrayObj>(array_getitem(in, x, make_tuple(std::move(key))));
            };
            Ref<ArrayObj> ma = pick(A3, ba), mb = pick(B3, bb);
            Ref<ArrayObj> c = computed_by_syrk(*ma, *mb) ? syrk_product(in, *mb->copy_as(dt), flags)
                                                         : matmul2(in, *ma->copy_as(dt), *mb->copy_as(dt), dt, flags);
            const std::int64_t per = n * m;
            for (std::int64_t q = 0; q < per; ++q) {
                if (dt == DType::float64) out->storage->f()[t * per + q] = c->storage->f()[q];
                else if (dt == DType::bool_) out->storage->b()[t * per + q] = c->storage->b()[q];
                else out->storage->i()[t * per + q] = c->storage->i()[q];
            }
            for (std::size_t d = batch.size(); d-- > 0;) {
                if (++idx[d] < batch[d]) break;
                idx[d] = 0;
            }
        }
        if (!dot) np_report(in, flags, "matmul");
        return out;
    }
    const bool a_vec = A->ndim() == 1, b_vec = B->ndim() == 1;
    const std::int64_t n = a_vec ? 1 : A->shape[0];
    const std::int64_t k = a_vec ? A->shape[0] : A->shape[1];
    const std::int64_t k2 = B->shape[0];
    const std::int64_t m = b_vec ? 1 : B->shape[1];
    if (k != k2) {
        if (dot) not_aligned(in, *A, A->ndim() - 1, *B, 0);
        core_mismatch(in, name, k2, k);
    }
    Ref<ArrayObj> a2 = A->copy_as(dt);
    a2->shape = {n, k};
    a2->strides = {k, 1};
    Ref<ArrayObj> b2 = B->copy_as(dt);
    b2->shape = {k, m};
    b2->strides = {m, 1};
    Ref<ArrayObj> c = computed_by_syrk(*A, *B) ? syrk_product(in, *b2, flags) : matmul2(in, *a2, *b2, dt, flags);
    if (!dot) np_report(in, flags, "matmul");
    if (dot && dt == DType::float64 && k == 1 && c->size() > 0 && (scalar_shaped(*A) || scalar_shaped(*B))) {
        const double s = (scalar_shaped(*A) ? A : B)->get_f(0);
        if (c->size() == 1) {
            c->storage->f()[0] = A->get_f(0) * B->get_f(0);
        } else if (s == 0.0) {
            for (std::int64_t q = 0; q < c->size(); ++q) c->storage->f()[q] = 0.0;
        }
    }
    if (a_vec && b_vec) return c->get_scalar(0);
    if (a_vec) {
        c->shape = {m};
        c->strides = {1};
    } else if (b_vec) {
        c->shape = {n};
        c->strides = {1};
    }
    return c;
}

namespace {

// numpy.linalg.norm's Python code, line by line (vectors: ord None/2, 1, inf, -inf, 0 or any
// number; matrices: None/'fro', 1, -1, inf, -inf).
Value f_norm(Interp& in, Args& a) {
    using F = NpFrame;
    NpArgs p(in, a, NpSig::norm);
    NpFrames f(in, {F::internals_norm_200});
    Ref<ArrayObj> x = to_array(in, p.get("x"));
    if (x->dtype != DType::float64) x = x->copy_as(DType::float64);
    const Value& ord = p.get("ord");
    const Value& axis_v = p.get("axis");
    const bool keepdims = in.truthy(p.get("keepdims"));
    const int nd = x->ndim();
    double o = 0;
    const bool num = !ord.is_none() && ord.as<StrObj>() == nullptr && !ord.as<ArrayObj>() && in.to_float(ord, o);
    const std::string word = ord.as<StrObj>() ? ord.as<StrObj>()->s : "";
    if (!ord.is_none() && !num && ord.as<StrObj>() == nullptr) in.unsupported("this ord for np.linalg.norm", "np.linalg.norm 의 이 ord");
    if (axis_v.is_none() && (ord.is_none() || ((word == "f" || word == "fro") && nd == 2) || (num && o == 2 && nd == 1))) {
        // sqrt(dot(x.ravel(), x.ravel())): a running sum of squares (BLAS ddot).
        double acc = 0.0;
        for (double e : x->doubles()) acc += e * e;
        const double r = std::sqrt(acc);
        if (!keepdims) return Value::np_float(r);
        Ref<ArrayObj> out = ArrayObj::empty(DType::float64, Shape(static_cast<std::size_t>(nd), 1));
        out->storage->f()[0] = r;
        return out;
    }
    std::vector<Value> axes;
    if (axis_v.is_none()) {
        for (int d = 0; d < nd; ++d) axes.push_back(Value::integer(d));
    } else if (auto* t = axis_v.as<TupleObj>()) {
        axes = t->items;
    } else {
        double ax;
        if (axis_v.as<StrObj>() != nullptr || !in.to_float(axis_v, ax)) {
            Value cause = np_caught(in, types().value_error, "invalid literal for int() with base 10: " + in.repr(axis_v), F::linalg_norm_2523);
            f.move_to({F::internals_norm_200, F::linalg_norm_2525});
            Value exc = in.new_exception(types().type_error, {make_str("'axis' must be None, an integer or a tuple of integers")});
            exc.as<ExceptionObj>()->cause = cause;
            exc.as<ExceptionObj>()->suppress_context = true;
            in.raise_value(exc);
        }
        axes.push_back(Value::integer(static_cast<std::int64_t>(ax)));
    }
    Value axis = make_tuple(axes);
    auto absx = [&] { return np_unary(in, Unary::absolute, x); };
    auto reduce = [&](const Value& v, const Value& ax, bool keep) { return np_reduce(in, Reduce::sum, v, ax, keep); };
    if (axes.size() == 1) {
        if (num && std::isinf(o)) {
            f.move_to({F::internals_norm_200, o > 0 ? F::linalg_norm_2530 : F::linalg_norm_2532, o > 0 ? F::methods_amax_41 : F::methods_amin_45});
            return np_reduce(in, o > 0 ? Reduce::max : Reduce::min, absx(), axis, keepdims);
        }
        if (num && o == 0) {
            f.move_to({F::internals_norm_200, F::linalg_norm_2535, F::methods_sum_49});
            return reduce(to_array(in, np_compare(in, CmpOpKind::not_eq_, x, Value::integer(0)))->copy_as(DType::float64), axis, keepdims);
        }
        if (num && o == 1) {
            f.move_to({F::internals_norm_200, F::linalg_norm_2538});
            return reduce(absx(), axis, keepdims);
        }
        if (ord.is_none() || (num && o == 2)) {
            f.move_to({F::internals_norm_200, F::linalg_norm_2541});
            Value sq = np_binary(in, BinOpKind::mult, x, x);
            f.move_to({F::internals_norm_200, F::linalg_norm_2542});
            return np_unary(in, Unary::sqrt, reduce(sq, axis, keepdims));
        }
        if (!num) {
            f.move_to({F::internals_norm_200, F::linalg_norm_2546});
            in.raise(types().value_error, "Invalid norm order '" + word + "' for vectors");
        }
        f.move_to({F::internals_norm_200, F::linalg_norm_2549});
        Value pw = np_binary(in, BinOpKind::pow, absx(), Value::floating(o));
        f.move_to({F::internals_norm_200, F::linalg_norm_2550});
        Value ret = reduce(pw, axis, keepdims);
        return np_binary(in, BinOpKind::pow, ret, Value::floating(1.0 / o));
    }
    if (axes.size() == 2) {
        f.move_to({F::internals_norm_200, F::linalg_norm_2555});
        std::int64_t row = normalize_axis(in, in.index(axes[0]), nd);
        f.move_to({F::internals_norm_200, F::linalg_norm_2556});
        std::int64_t col = normalize_axis(in, in.index(axes[1]), nd);
        f.move_to({F::internals_norm_200, F::linalg_norm_2558});
        if (row == col) in.raise(types().value_error, "Duplicate axes given.");
        Value ret;
        if (num && (o == 1 || o == -1 || std::isinf(o))) {
            // The sums along one axis, then the max or min along the other.
            const bool along_rows = o == 1 || o == -1;
            std::int64_t first = along_rows ? row : col, second = along_rows ? col : row;
            if (second > first) --second;
            Value sums = reduce(absx(), Value::integer(first), false);
            ret = np_reduce(in, o > 0 ? Reduce::max : Reduce::min, sums, Value::integer(second), false);
        } else if (ord.is_none() || word == "fro" || word == "f") {
            f.move_to({F::internals_norm_200, F::linalg_norm_2580});
            ret = np_unary(in, Unary::sqrt, reduce(np_binary(in, BinOpKind::mult, x, x), axis, false));
        } else if ((num && (o == 2 || o == -2)) || word == "nuc") {
            in.unsupported("np.linalg.norm of a matrix with ord 2, -2 or 'nuc' (singular values)", "ord 가 2, -2, 'nuc' 인 행렬의 np.linalg.norm (특잇값)");
        } else {
            f.move_to({F::internals_norm_200, F::linalg_norm_2584});
            in.raise(types().value_error, "Invalid norm order for matrices.");
        }
        if (!keepdims) return ret;
        std::vector<Value> dims;
        for (int d = 0; d < nd; ++d) dims.push_back(Value::integer(d == row || d == col ? 1 : x->shape[static_cast<std::size_t>(d)]));
        return reshape(in, to_array(in, ret), make_tuple(std::move(dims)));
    }
    f.move_to({F::internals_norm_200, F::linalg_norm_2592});
    in.raise(types().value_error, "Improper number of dimensions to norm.");
}

Value f_getattr(Interp& in, Args& a) { return np_module_getattr(in, a, NpDir::linalg); }

}  // namespace

Ref<ModuleObj> make_numpy_linalg_module(Interp& in) {
    (void)in;
    Ref<ModuleObj> m(make<ModuleObj>("numpy.linalg"));
    static Value norm = native_function("norm", f_norm, "numpy.linalg");
    static Value getattr = native_function("__getattr__", f_getattr, "numpy.linalg");
    m->dict->set_str("norm", norm);
    m->dict->set_str("__getattr__", getattr);
    return m;
}

}  // namespace tlab
