// np_reduce.cpp — sum, mean, std, var, max, min, argmax, argmin, prod, any, all over any axes,
// adding float64 values in exactly NumPy's order.
//
// NumPy reduces with an iterator that walks the input in memory order: it sorts the axes by
// stride (npyiter_find_best_axis_ordering, with the result as the first operand), merges axes
// that are contiguous for every operand (npyiter_coalesce_axes), and then calls the add loop on
// the innermost axis. When that axis is reduced, the loop is a pairwise sum (DOUBLE_pairwise_sum)
// over runs of at most 8192 values (the ufunc buffer size), each added to the result; when it
// is not, values are added one by one in the order of the outer axes. float64 sums therefore
// depend on the layout (a.sum(axis=0) differs in the last bits from a.T.sum(axis=1) for some a),
// and this file reproduces that.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "python/builtins_support.hpp"
#include "python/numpy.hpp"
#include "python/np_frames.hpp"
#include "tlab/fpflags.hpp"
#include "tlab/npmath.hpp"

namespace tlab {

namespace {

constexpr std::int64_t kBufferSize = 8192;

// One axis of the reduction as the iterator sees it.
struct Axis {
    std::int64_t size;
    std::int64_t in_stride;
    std::int64_t out_stride;  // 0 on reduced axes
};

// The axes, innermost first, in NumPy's iteration order and coalesced.
std::vector<Axis> iteration_axes(const ArrayObj& a, const std::vector<bool>& reduced) {
    const int nd = a.ndim();
    // Output strides: C-contiguous over the kept axes.
    std::vector<std::int64_t> out_strides(static_cast<std::size_t>(nd), 0);
    std::int64_t s = 1;
    for (int d = nd - 1; d >= 0; --d) {
        const auto du = static_cast<std::size_t>(d);
        if (reduced[du]) continue;
        out_strides[du] = a.shape[du] == 1 ? 0 : s;
        s *= a.shape[du];
    }
    // axisdata in reversed C order; then the stable insertion sort over operands [out, in].
    std::vector<Axis> axes;
    for (int d = nd - 1; d >= 0; --d) {
        const auto du = static_cast<std::size_t>(d);
        axes.push_back({a.shape[du], a.shape[du] == 1 ? 0 : a.strides[du], out_strides[du]});
    }
    std::vector<std::size_t> perm(axes.size());
    for (std::size_t i = 0; i < perm.size(); ++i) perm[i] = i;
    for (std::size_t i0 = 1; i0 < perm.size(); ++i0) {
        std::size_t ipos = i0;
        const Axis& a0 = axes[perm[i0]];
        for (std::size_t k = i0; k-- > 0;) {
            const Axis& a1 = axes[perm[k]];
            bool ambig = true, shouldswap = false;
            const std::int64_t s0[2] = {a0.out_stride, a0.in_stride};
            const std::int64_t s1[2] = {a1.out_stride, a1.in_stride};
            for (int op = 0; op < 2; ++op) {
                if (s0[op] != 0 && s1[op] != 0) {
                    if (std::llabs(s1[op]) <= std::llabs(s0[op])) shouldswap = false;
                    else if (ambig) shouldswap = true;
                    ambig = false;
                }
            }
            if (!ambig) {
                if (shouldswap) ipos = k;
                else break;
            }
        }
        if (ipos != i0) {
            const std::size_t moving = perm[i0];
            for (std::size_t k = i0; k > ipos; --k) perm[k] = perm[k - 1];
            perm[ipos] = moving;
        }
    }
    std::vector<Axis> sorted;
    for (std::size_t p : perm) sorted.push_back(axes[p]);
    // Coalesce: merge axis k+1 into k when both operands step through them as one.
    std::vector<Axis> out;
    for (const Axis& ax : sorted) {
        if (ax.size == 1) continue;
        if (!out.empty()) {
            Axis& last = out.back();
            const bool in_ok = last.in_stride * last.size == ax.in_stride;
            const bool out_ok = last.out_stride * last.size == ax.out_stride;
            if (in_ok && out_ok) {
                last.size *= ax.size;
                continue;
            }
        }
        out.push_back(ax);
    }
    return out;
}

// Calls inner(out_index, in_index, axis0) for every position of the outer axes (1..), with
// axis0 the innermost iteration axis.
template <typename F>
void outer_loop(const std::vector<Axis>& axes, std::int64_t in_offset, F&& inner) {
    for (const Axis& ax : axes) {
        if (ax.size == 0) return;  // nothing to read: the results keep their identity
    }
    if (axes.empty()) {
        inner(0, in_offset, Axis{1, 0, 0});
        return;
    }
    const std::size_t n = axes.size();
    std::vector<std::int64_t> idx(n, 0);
    std::int64_t pin = in_offset, pout = 0;
    for (;;) {
        inner(pout, pin, axes[0]);
        std::size_t d = 1;
        for (; d < n; ++d) {
            if (++idx[d] < axes[d].size) {
                pin += axes[d].in_stride;
                pout += axes[d].out_stride;
                break;
            }
            pin -= axes[d].in_stride * (axes[d].size - 1);
            pout -= axes[d].out_stride * (axes[d].size - 1);
            idx[d] = 0;
        }
        if (d == n) break;
    }
}

struct Strided {
    const double* base;
    std::int64_t stride;
    double operator[](std::size_t k) const { return base[static_cast<std::int64_t>(k) * stride]; }
    Strided operator+(std::size_t m) const { return {base + static_cast<std::int64_t>(m) * stride, stride}; }
};

// The additions of a reduction, plain or noting the IEEE flags they raise (fpflags.hpp).
struct PlainAdd {
    unsigned flags = 0;
    double operator()(double a, double b) { return a + b; }
};
struct CheckedAdd {
    unsigned flags = 0;
    double operator()(double a, double b) {
        const double r = a + b;
        if (std::isinf(r) && std::isfinite(a) && std::isfinite(b)) flags |= kFpOverflow;
        else if (std::isnan(r) && !std::isnan(a) && !std::isnan(b)) flags |= kFpInvalid;
        return r;
    }
};

// DOUBLE_pairwise_sum over n values.
template <typename Src, typename Add>
double pairwise(Src x, std::size_t n, Add& add) {
    if (n < 8) {
        double res = 0.0;
        for (std::size_t k = 0; k < n; ++k) res = add(res, x[k]);
        return res;
    }
    if (n <= 128) {
        double r[8];
        for (std::size_t j = 0; j < 8; ++j) r[j] = x[j];
        std::size_t k = 8;
        for (; k < n - (n % 8); k += 8) {
            for (std::size_t j = 0; j < 8; ++j) r[j] = add(r[j], x[k + j]);
        }
        double res = add(add(add(r[0], r[1]), add(r[2], r[3])), add(add(r[4], r[5]), add(r[6], r[7])));
        for (; k < n; ++k) res = add(res, x[k]);
        return res;
    }
    std::size_t half = n / 2;
    half -= half % 8;
    const double lo = pairwise(x, half, add);
    return add(lo, pairwise(x + half, n - half, add));
}

// add.reduce of a float64 view into out (C-contiguous over the kept axes, pre-filled with the
// identity).
template <typename Add>
void sum_f64(const ArrayObj& a, const std::vector<bool>& reduced, double* out, Add& add) {
    const double* data = a.storage->f();
    const std::vector<Axis> axes = iteration_axes(a, reduced);
    outer_loop(axes, a.offset, [&](std::int64_t po, std::int64_t pi, const Axis& ax) {
        if (ax.out_stride == 0) {
            for (std::int64_t start = 0; start < ax.size; start += kBufferSize) {
                const std::int64_t len = std::min(kBufferSize, ax.size - start);
                out[po] = add(out[po], pairwise(Strided{data + pi + start * ax.in_stride, ax.in_stride}, static_cast<std::size_t>(len), add));
            }
        } else {
            for (std::int64_t k = 0; k < ax.size; ++k) {
                double& o = out[po + k * ax.out_stride];
                o = add(o, data[pi + k * ax.in_stride]);
            }
        }
    });
}

// The sum, and the flags its additions raised (found by adding again, checking each addition,
// only when a result is not finite: no finite result comes from an overflow or an invalid one).
unsigned sum_f64(const ArrayObj& a, const std::vector<bool>& reduced, double* out, std::int64_t n_out) {
    std::vector<double> start(out, out + n_out);
    PlainAdd plain;
    sum_f64(a, reduced, out, plain);
    for (std::int64_t k = 0; k < n_out; ++k) {
        if (std::isfinite(out[k])) continue;
        CheckedAdd checked;
        sum_f64(a, reduced, start.data(), checked);
        return checked.flags;
    }
    return 0;
}

// Any other reduction: `step(acc, value)` in iteration order (the order only matters for float
// products; ints wrap, max/min/any/all do not depend on it).
template <typename T, typename Get, typename Step>
void reduce_seq(const ArrayObj& a, const std::vector<bool>& reduced, T* out, Get get, Step step) {
    const std::vector<Axis> axes = iteration_axes(a, reduced);
    outer_loop(axes, a.offset, [&](std::int64_t po, std::int64_t pi, const Axis& ax) {
        for (std::int64_t k = 0; k < ax.size; ++k) {
            T& acc = out[po + k * ax.out_stride];
            acc = step(acc, get(pi + k * ax.in_stride));
        }
    });
}

// The axes of a reduction as the ufunc's reduce reads `axis` (None, an int or a tuple of ints):
// normalized, duplicates refused.
std::vector<std::int64_t> parse_axes(Interp& in, const Value& axis, int nd) {
    std::vector<std::int64_t> axes;
    if (axis.is_none()) {
        for (int d = 0; d < nd; ++d) axes.push_back(d);
        return axes;
    }
    auto one = [&](const Value& v) {
        return normalize_axis(in, in.index(v, ("'" + v.type_name() + "' object cannot be interpreted as an integer").c_str()), nd);
    };
    if (auto* t = axis.as<TupleObj>()) {
        for (const Value& v : t->items) axes.push_back(one(v));
    } else {
        axes.push_back(one(axis));
    }
    std::vector<std::int64_t> sorted = axes;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
        in.raise(types().value_error, "duplicate value in 'axis'");
    }
    return axes;
}

// _methods._count_reduce_items: the number of values each result is made of, checking each axis
// with normalize_axis_index (its own message for a float) but not for duplicates.
std::int64_t count_items(Interp& in, const ArrayObj& a, const Value& axis) {
    std::vector<Value> items;
    if (axis.is_none()) return a.size();
    if (auto* t = axis.as<TupleObj>()) items = t->items;
    else items = {axis};
    std::int64_t n = 1;
    for (const Value& v : items) {
        if (v.kind() == Kind::floating || v.kind() == Kind::np_float) in.raise(types().type_error, "integer argument expected, got float");
        const std::int64_t ax = normalize_axis(in, in.index(v, ("'" + v.type_name() + "' object cannot be interpreted as an integer").c_str()), a.ndim());
        n *= a.shape[static_cast<std::size_t>(ax)];
    }
    return n;
}

const char* reduce_name(Reduce op) { return op == Reduce::max ? "maximum" : "minimum"; }

Ref<ArrayObj> new_out(Interp& in, DType d, const Shape& s) {
    try {
        return ArrayObj::zeros(d, s);
    } catch (OverCap&) {
        memory_error(in, s, d);
    }
}

// x / y as true_divide does it, with the flags it raises.
double divide(double x, double y, unsigned& flags) {
    const double r = x / y;
    if (y == 0.0) {
        if (x == 0.0) flags |= kFpInvalid;
        else if (std::isfinite(x)) flags |= kFpDivideByZero;
    } else if (std::isinf(r) && std::isfinite(x)) {
        flags |= kFpOverflow;
    }
    return r;
}

}  // namespace

std::int64_t normalize_axis(Interp& in, std::int64_t axis, int ndim) {
    if (axis < -ndim || axis >= ndim) {
        in.raise_value(in.new_exception(axis_error_type(), {make_str("axis " + std::to_string(axis) +
                                                                     " is out of bounds for array of dimension " +
                                                                     std::to_string(ndim))}));
    }
    return axis < 0 ? axis + ndim : axis;
}

namespace {

Shape kept_shape(const ArrayObj& a, const std::vector<bool>& reduced, bool keepdims) {
    Shape s;
    for (int d = 0; d < a.ndim(); ++d) {
        const auto du = static_cast<std::size_t>(d);
        if (!reduced[du]) s.push_back(a.shape[du]);
        else if (keepdims) s.push_back(1);
    }
    return s;
}

std::vector<bool> reduced_axes(Interp& in, const ArrayObj& a, const Value& axis) {
    std::vector<bool> reduced(static_cast<std::size_t>(a.ndim()), false);
    for (std::int64_t d : parse_axes(in, axis, a.ndim())) reduced[static_cast<std::size_t>(d)] = true;
    return reduced;
}

// umr_sum(a, axis, dtype=float64, keepdims=...): the sum (any dtype, as float64), warning of the
// flags its additions raised ("overflow encountered in reduce").
Ref<ArrayObj> float_sum(Interp& in, const Ref<ArrayObj>& a, const std::vector<bool>& reduced, bool keepdims) {
    Ref<ArrayObj> src = a->dtype == DType::float64 ? a : a->copy_as(DType::float64);
    Ref<ArrayObj> out = new_out(in, DType::float64, kept_shape(*a, reduced, keepdims));
    np_report(in, sum_f64(*src, reduced, out->storage->f(), out->size()), "reduce");
    return out;
}

// Divides every value of `t` by `n` (true_divide, or the scalar division when `scalar`).
void divide_all(Interp& in, ArrayObj& t, double n, bool scalar) {
    unsigned flags = 0;
    double* p = t.storage->f();
    for (std::int64_t k = 0; k < t.size(); ++k) p[k] = divide(p[k], n, flags);
    np_report(in, flags, scalar ? "scalar divide" : "divide");
}

// ddof as _var compares it with the count (`ddof >= rcount`).
double ddof_value(Interp& in, const Value& v) {
    double d;
    if (v.as<StrObj>() != nullptr) in.raise(types().type_error, "'<=' not supported between instances of 'numpy.ndarray' and 'str'");
    if (v.is_none()) in.raise(types().type_error, "'<=' not supported between instances of 'int' and 'NoneType'");
    if (v.as<ArrayObj>() || v.as<ListObj>() || v.as<TupleObj>() || !in.to_float(v, d)) {
        in.unsupported("this ddof (the kernel takes a number)", "이 ddof (커널은 수를 받습니다)");
    }
    return d;
}

// _methods._mean, _var and _std, step by step where NumPy's Python code takes them (each step's
// line is where its errors and warnings point).
Value mean_var_std(Interp& in, Reduce op, const Ref<ArrayObj>& a, const Value& axis, bool keepdims, const Value& ddof_v) {
    using F = NpFrame;
    const bool mean = op == Reduce::mean;
    NpFrames std_frame(in, {});
    if (op == Reduce::std) std_frame.move_to({F::methods_std_269});
    NpFrames at(in, {});
    at.move_to({mean ? F::methods_mean_169 : F::methods_var_202, F::methods_count_reduce_items_77});
    const std::int64_t count = count_items(in, *a, axis);
    double ddof = 0;
    if (!mean) {
        at.move_to({F::methods_var_204});
        ddof = ddof_value(in, ddof_v);
    }
    if (mean ? count == 0 : ddof >= static_cast<double>(count)) {
        at.move_to({mean ? F::methods_mean_171 : F::methods_var_205});
        np_warn_caller(in, mean ? "Mean of empty slice." : "Degrees of freedom <= 0 for slice");
    }
    at.move_to({mean ? F::methods_mean_181 : F::methods_var_215});
    const std::vector<bool> reduced = reduced_axes(in, *a, axis);
    if (a->lazy && ddof == 0) {
        Value r = lazy_reduce(in, op, a, axis, keepdims);
        if (!in.is_not_implemented(r)) return r;
    }
    if (a->lazy) materialize(in, *a);
    const bool scalar = !keepdims && kept_shape(*a, reduced, false).empty();
    if (mean) {
        Ref<ArrayObj> total = float_sum(in, a, reduced, keepdims);
        at.move_to({scalar ? F::methods_mean_192 : F::methods_mean_184});
        divide_all(in, *total, static_cast<double>(count), scalar);
        return scalar_or_array(total);
    }
    Ref<ArrayObj> arrmean = float_sum(in, a, reduced, true);
    at.move_to({F::methods_var_226});
    divide_all(in, *arrmean, static_cast<double>(count), false);
    at.move_to({F::methods_var_236});
    Ref<ArrayObj> x = to_array(in, np_binary(in, BinOpKind::sub, a, arrmean));
    at.move_to({F::methods_var_239});
    x = to_array(in, np_binary(in, BinOpKind::mult, x, x));
    at.move_to({F::methods_var_250});
    Ref<ArrayObj> ret = float_sum(in, x, reduced, keepdims);
    at.move_to({scalar ? F::methods_var_261 : F::methods_var_258});
    divide_all(in, *ret, std::max(static_cast<double>(count) - ddof, 0.0), scalar);
    if (op == Reduce::std) {
        double* p = ret->storage->f();
        for (std::int64_t k = 0; k < ret->size(); ++k) p[k] = std::sqrt(p[k]);
    }
    return scalar_or_array(ret);
}

Value arg_reduce(Interp& in, Reduce op, const Ref<ArrayObj>& a, const Value& axis, bool keepdims) {
    // argmax/argmin: over the flattened array or along one axis; first occurrence, NaN first.
    const int nd = a->ndim();
    const bool want_max = op == Reduce::argmax;
    auto better = [&](double x, double best) {
        if (std::isnan(best)) return false;
        if (std::isnan(x)) return true;
        return want_max ? x > best : x < best;
    };
    std::int64_t ax = -1;
    if (!axis.is_none()) ax = normalize_axis(in, in.index(axis), nd);
    if (a->size() == 0) {
        in.raise(types().value_error, std::string("attempt to get ") + (want_max ? "argmax" : "argmin") + " of an empty sequence");
    }
    if (ax < 0) {
        std::int64_t best_k = 0;
        double best = a->get_f(0);
        for (std::int64_t k = 1; k < a->size(); ++k) {
            const double x = a->get_f(k);
            if (better(x, best)) {
                best = x;
                best_k = k;
            }
        }
        if (keepdims) {
            Ref<ArrayObj> out = new_out(in, DType::int64, Shape(static_cast<std::size_t>(nd), 1));
            out->storage->i()[0] = best_k;
            return out;
        }
        return Value::np_int(best_k);
    }
    std::vector<bool> reduced(static_cast<std::size_t>(nd), false);
    reduced[static_cast<std::size_t>(ax)] = true;
    const Shape out_shape = kept_shape(*a, reduced, keepdims);
    Ref<ArrayObj> out = new_out(in, DType::int64, out_shape);
    const std::int64_t n = a->shape[static_cast<std::size_t>(ax)];
    const std::int64_t outer = shape_size(out_shape);
    // Positions: iterate the kept index in C order, then along the axis.
    Shape kept;
    for (int d = 0; d < nd; ++d) {
        if (d != ax) kept.push_back(a->shape[static_cast<std::size_t>(d)]);
    }
    std::vector<std::int64_t> idx(kept.size(), 0);
    const std::int64_t st = a->strides[static_cast<std::size_t>(ax)];
    Storage& s = *a->storage;
    for (std::int64_t o = 0; o < outer; ++o) {
        std::int64_t base = a->offset, kd = 0;
        for (int d = 0; d < nd; ++d) {
            if (d == ax) continue;
            base += idx[static_cast<std::size_t>(kd++)] * a->strides[static_cast<std::size_t>(d)];
        }
        auto val = [&](std::int64_t j) {
            const std::int64_t i = base + j * st;
            return a->dtype == DType::float64 ? s.f()[i] : a->dtype == DType::int64 ? static_cast<double>(s.i()[i]) : s.b()[i];
        };
        std::int64_t best_k = 0;
        double best = val(0);
        for (std::int64_t j = 1; j < n; ++j) {
            const double x = val(j);
            if (better(x, best)) {
                best = x;
                best_k = j;
            }
        }
        out->storage->i()[o] = best_k;
        for (std::size_t d = kept.size(); d-- > 0;) {
            if (++idx[d] < kept[d]) break;
            idx[d] = 0;
        }
    }
    return scalar_or_array(out);
}

}  // namespace

Value np_reduce(Interp& in, Reduce op, const Value& av, const Value& axis, bool keepdims, const Value& ddof) {
    if (op == Reduce::mean || op == Reduce::var || op == Reduce::std) {
        auto* la = av.as<ArrayObj>();
        return mean_var_std(in, op, la != nullptr ? Ref<ArrayObj>(av) : to_array(in, av), axis, keepdims, ddof);
    }
    if (auto* la = av.as<ArrayObj>(); la != nullptr && la->lazy && op == Reduce::sum) {
        reduced_axes(in, *la, axis);  // NumPy's errors first
        Value r = lazy_reduce(in, op, Ref<ArrayObj>(av), axis, keepdims);
        if (!in.is_not_implemented(r)) return r;
    }
    Ref<ArrayObj> a = to_array(in, av);
    if (op == Reduce::argmax || op == Reduce::argmin) return arg_reduce(in, op, a, axis, keepdims);
    const int nd = a->ndim();
    const std::vector<bool> reduced = reduced_axes(in, *a, axis);
    const Shape out_shape = kept_shape(*a, reduced, keepdims);
    std::int64_t count = 1;
    for (int d = 0; d < nd; ++d) {
        if (reduced[static_cast<std::size_t>(d)]) count *= a->shape[static_cast<std::size_t>(d)];
    }
    Storage& s = *a->storage;

    switch (op) {
        case Reduce::sum:
        case Reduce::prod: {
            const bool sum = op == Reduce::sum;
            if (a->dtype == DType::float64) {
                Ref<ArrayObj> out = new_out(in, DType::float64, out_shape);
                double* o = out->storage->f();
                const std::int64_t m = out->size();
                if (sum) {
                    np_report(in, sum_f64(*a, reduced, o, m), "reduce");
                } else {
                    std::fill(o, o + m, 1.0);
                    unsigned flags = 0;
                    reduce_seq(*a, reduced, o, [&](std::int64_t i) { return s.f()[i]; }, [&flags](double acc, double x) {
                        const double r = acc * x;
                        if (std::isinf(r) && std::isfinite(acc) && std::isfinite(x)) flags |= kFpOverflow;
                        else if (std::isnan(r) && !std::isnan(acc) && !std::isnan(x)) flags |= kFpInvalid;
                        return r;
                    });
                    np_report(in, flags, "reduce");
                }
                return scalar_or_array(out);
            }
            Ref<ArrayObj> out = new_out(in, DType::int64, out_shape);
            std::int64_t* o = out->storage->i();
            if (!sum) std::fill(o, o + out->size(), 1);
            auto get = [&](std::int64_t i) { return a->dtype == DType::int64 ? s.i()[i] : static_cast<std::int64_t>(s.b()[i]); };
            reduce_seq(*a, reduced, o, get, [sum](std::int64_t acc, std::int64_t x) {
                const auto ua = static_cast<std::uint64_t>(acc), ux = static_cast<std::uint64_t>(x);
                return static_cast<std::int64_t>(sum ? ua + ux : ua * ux);
            });
            return scalar_or_array(out);
        }
        case Reduce::max:
        case Reduce::min: {
            if (count == 0) {
                in.raise(types().value_error, std::string("zero-size array to reduction operation ") + reduce_name(op) +
                                                  " which has no identity");
            }
            const bool want_max = op == Reduce::max;
            Ref<ArrayObj> out = new_out(in, a->dtype, out_shape);
            // The first value along the reduced axes starts each result; NaN wins and stays.
            std::vector<bool> seen(static_cast<std::size_t>(out->size()), false);
            const std::vector<Axis> axes = iteration_axes(*a, reduced);
            auto fold = [&](auto* o, auto get) {
                outer_loop(axes, a->offset, [&](std::int64_t po, std::int64_t pi, const Axis& ax) {
                    for (std::int64_t k = 0; k < ax.size; ++k) {
                        const std::int64_t oi = po + k * ax.out_stride;
                        const auto x = get(pi + k * ax.in_stride);
                        auto& acc = o[oi];
                        if (!seen[static_cast<std::size_t>(oi)]) {
                            acc = x;
                            seen[static_cast<std::size_t>(oi)] = true;
                        } else if (!(acc != acc) && (x != x || (want_max ? x > acc : x < acc))) {
                            acc = x;
                        }
                    }
                });
            };
            if (a->dtype == DType::float64) fold(out->storage->f(), [&](std::int64_t i) { return s.f()[i]; });
            else if (a->dtype == DType::int64) fold(out->storage->i(), [&](std::int64_t i) { return s.i()[i]; });
            else fold(out->storage->b(), [&](std::int64_t i) { return s.b()[i]; });
            return scalar_or_array(out);
        }
        case Reduce::any:
        case Reduce::all: {
            const bool all = op == Reduce::all;
            Ref<ArrayObj> out = new_out(in, DType::bool_, out_shape);
            std::uint8_t* o = out->storage->b();
            std::fill(o, o + out->size(), all ? 1 : 0);
            auto get = [&](std::int64_t i) {
                return a->dtype == DType::float64 ? s.f()[i] != 0.0 : a->dtype == DType::int64 ? s.i()[i] != 0 : s.b()[i] != 0;
            };
            reduce_seq(*a, reduced, o, get, [all](std::uint8_t acc, bool x) {
                return static_cast<std::uint8_t>(all ? (acc && x) : (acc || x));
            });
            return scalar_or_array(out);
        }
        default: break;
    }
    return Value();
}

}  // namespace tlab
