// pd_ops.cpp — pandas' arithmetic, comparisons and reductions, in pandas 1.5's own order.
//
// Arithmetic runs NumPy's ufuncs on the columns' arrays without warnings (pandas computes under
// np.errstate(all="ignore")), then applies pandas' division-by-zero conventions (x // 0 is ±inf or
// NaN, x % 0 is NaN). Reductions follow pandas.core.nanops without bottleneck (Debian's pandas
// has none): NaN are set to 0 (sum, mean) and the values summed by NumPy, pairwise along a
// column; describe() uses NumPy's linear percentiles (np.percentile's _lerp).
//
// One layout matters: a frame made from a 2-D ndarray keeps that array as one block, values.T,
// which is not contiguous along its rows, so NumPy adds each column's values one after the other
// instead of pairwise — unless a NaN in the block makes nanops copy it (a C-ordered copy) first.
#include <algorithm>
#include <cmath>
#include <cstring>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "python/builtins_support.hpp"
#include "python/pandas.hpp"
#include "tlab/npmath.hpp"

namespace tlab {

TypeObj* future_warning() {
    static TypeObj* t = [] {
        ImmortalScope immortal;
        auto* ty = new TypeObj("FutureWarning", "builtins", types().warning);
        ty->immortal = true;
        return ty;
    }();
    return t;
}

namespace {

// The values of a numeric column as doubles (in order).
std::vector<double> doubles_of(const Column& c) {
    std::vector<double> out(static_cast<std::size_t>(c.size()));
    for (std::int64_t k = 0; k < c.size(); ++k) out[static_cast<std::size_t>(k)] = c.arr->get_f(k);
    return out;
}

// ---------------------------------------------------------------------------------------------
// Arithmetic

// An operand of a Series operation as NumPy sees it: a scalar or an array of the same length.
struct Operand {
    Value values;        // a Python/NumPy scalar or an ndarray
    bool is_series = false;
    Value name;          // the other Series' name
    const Index* index = nullptr;
};

bool numeric_scalar(const Value& v) {
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

// NotImplemented-like false for operands pandas objects leave to the other side.
bool operand_of(Interp& in, const Value& other, Operand& out, const char* what) {
    if (numeric_scalar(other) || other.as<StrObj>() != nullptr || other.is_none()) {
        out.values = other;
        return true;
    }
    if (auto* s = other.as<SeriesObj>()) {
        if (s->col.dtype == PdType::object) pd_unsupported(in, std::string(what) + " with an object Series");
        out.values = s->col.arr;
        out.is_series = true;
        out.name = s->name;
        out.index = &s->index;
        return true;
    }
    if (other.as<ArrayObj>() != nullptr || other.as<ListObj>() != nullptr || other.as<TupleObj>() != nullptr) {
        Ref<ArrayObj> a = to_array(in, other);
        if (a->ndim() > 1) pd_unsupported(in, std::string(what) + " with a 2-D array");
        out.values = a->ndim() == 0 ? a->get_scalar(0) : Value(a);
        return true;
    }
    return false;
}

// pandas' dispatch_fill_zeros: x // 0 -> inf / -inf / NaN (0 // 0), x % 0 -> NaN for integers.
Value fill_zeros(Interp& in, BinOpKind op, const Value& x, const Value& y, Value result) {
    auto* r = result.as<ArrayObj>();
    if (r == nullptr || (op != BinOpKind::floor_div && op != BinOpKind::mod)) return result;
    Ref<ArrayObj> X = to_array(in, x), Y = to_array(in, y);
    const std::int64_t n = r->size();
    auto at = [](const ArrayObj& a, std::int64_t k) { return a.ndim() == 0 ? a.get_f(0) : a.get_f(k); };
    bool any_zero = false;
    for (std::int64_t k = 0; k < (Y->ndim() == 0 ? 1 : Y->size()); ++k) any_zero = any_zero || at(*Y, k) == 0;
    if (!any_zero) return result;
    if (op == BinOpKind::mod) {
        if (r->dtype == DType::float64 || Y->dtype == DType::float64) return result;
        Ref<ArrayObj> out = r->copy_as(DType::float64);
        for (std::int64_t k = 0; k < n; ++k) {
            if (at(*Y, k) == 0) out->storage->f()[k] = std::nan("");
        }
        return out;
    }
    Ref<ArrayObj> out = r->copy_as(DType::float64);
    for (std::int64_t k = 0; k < n; ++k) {
        const double yv = at(*Y, k), xv = at(*X, k);
        if (yv != 0) continue;
        const bool neg_zero = std::signbit(yv);
        double v = out->storage->f()[k];
        if (xv == 0) v = std::nan("");
        else if ((xv > 0) != neg_zero) v = HUGE_VAL;
        else if (!std::isnan(xv)) v = -HUGE_VAL;
        out->storage->f()[k] = v;
    }
    return out;
}

Column column_of_result(Interp& in, const Value& r, std::int64_t n) {
    if (auto* a = r.as<ArrayObj>()) {
        if (a->ndim() == 1) return column_of_array(Ref<ArrayObj>(r));
    }
    // A 0-length or scalar result (length-1 frames keep arrays; this is for safety).
    Ref<ArrayObj> arr = to_array(in, r);
    Column c = column_of_array(arr->ndim() == 1 ? arr : arr->copy());
    (void)n;
    return c;
}

Column binary_column(Interp& in, BinOpKind op, const Column& col, const Value& other, bool reflected) {
    if (col.dtype == PdType::object) {
        pd_unsupported(in, "arithmetic on an object (str) Series");
    }
    if (other.as<StrObj>() != nullptr || other.is_none()) pd_unsupported(in, "arithmetic of a numeric Series with " + other.type_name());
    // NumPy squares a bool array into int8 (x ** 2 is np.square), a dtype pandas keeps.
    if (col.dtype == PdType::bool_ && op == BinOpKind::pow) pd_unsupported(in, "** on a bool Series (NumPy gives int8)");
    NpWarningsOff quiet;
    const Value left = reflected ? other : Value(col.arr);
    const Value right = reflected ? Value(col.arr) : other;
    Value r = np_binary(in, op, left, right);
    if (in.is_not_implemented(r)) pd_unsupported(in, "this Series operation");
    r = fill_zeros(in, op, left, right, r);
    return column_of_result(in, r, col.size());
}

Value match_name(Interp& in, const Value& a, const Value& b) {
    if (a.is_none() || b.is_none()) return Value();
    if (a.same(b)) return a;
    if (a.as<StrObj>() && b.as<StrObj>()) return a.as<StrObj>()->s == b.as<StrObj>()->s ? a : Value();
    return in.eq(a, b) ? a : Value();
}

// The frames of a Series comparison down to _cmp_method (the method named after the operator
// Python called: a < s is s.__gt__).
LibFrame arraylike_frame(CmpOpKind op) {
    switch (op) {
        case CmpOpKind::not_eq_: return {"core/arraylike.py", 46, "__ne__", "return self._cmp_method(other, operator.ne)", 7, 43};
        case CmpOpKind::lt: return {"core/arraylike.py", 50, "__lt__", "return self._cmp_method(other, operator.lt)", 7, 43};
        case CmpOpKind::lt_e: return {"core/arraylike.py", 54, "__le__", "return self._cmp_method(other, operator.le)", 7, 43};
        case CmpOpKind::gt: return {"core/arraylike.py", 58, "__gt__", "return self._cmp_method(other, operator.gt)", 7, 43};
        case CmpOpKind::gt_e: return {"core/arraylike.py", 62, "__ge__", "return self._cmp_method(other, operator.ge)", 7, 43};
        default: return {"core/arraylike.py", 42, "__eq__", "return self._cmp_method(other, operator.eq)", 7, 43};
    }
}

constexpr LibFrame kNewMethod = {"core/ops/common.py", 72, "new_method", "return method(self, other)", 7, 26};
constexpr LibFrame kCmpMethod = {"core/series.py", 6243, "_cmp_method", "res_values = ops.comparison_op(lvalues, rvalues, op)", 13, 52};

CmpOpKind reflected_op(CmpOpKind op) {
    switch (op) {
        case CmpOpKind::lt: return CmpOpKind::gt;
        case CmpOpKind::gt: return CmpOpKind::lt;
        case CmpOpKind::lt_e: return CmpOpKind::gt_e;
        case CmpOpKind::gt_e: return CmpOpKind::lt_e;
        default: return op;
    }
}

Column compare_column(Interp& in, CmpOpKind op, const Column& col, const Value& other, bool reflected, std::int64_t n) {
    if (reflected) op = reflected_op(op);  // a < s is s > a
    const bool eq = op == CmpOpKind::eq, ne = op == CmpOpKind::not_eq_;
    if (col.dtype == PdType::object || other.as<StrObj>() != nullptr || other.is_none()) {
        Ref<ArrayObj> out = ArrayObj::empty(DType::bool_, {n});
        const auto* os = other.as<StrObj>();
        for (std::int64_t k = 0; k < n; ++k) {
            bool r;
            const Value v = col.get(k);
            const auto* vs = v.as<StrObj>();
            if (os != nullptr && vs != nullptr) {
                const int c = vs->s.compare(os->s);
                switch (op) {
                    case CmpOpKind::eq: r = c == 0; break;
                    case CmpOpKind::not_eq_: r = c != 0; break;
                    case CmpOpKind::lt: r = c < 0; break;
                    case CmpOpKind::lt_e: r = c <= 0; break;
                    case CmpOpKind::gt: r = c > 0; break;
                    case CmpOpKind::gt_e: r = c >= 0; break;
                    default: pd_unsupported(in, "this comparison of a Series");
                }
            } else if (eq || ne) {
                // Different kinds never compare equal (a number and a str, NaN and anything).
                if (os != nullptr || vs != nullptr || other.is_none() || v.is_none()) r = ne;
                else pd_unsupported(in, "comparing an object Series with numbers");
            } else if (col.dtype != PdType::object) {
                pd_raise(in, types().type_error,
                         {make_str(std::string("Invalid comparison between dtype=") + pd_type_name(col.dtype) + " and " + other.type_name())},
                         {kNewMethod, arraylike_frame(op), kCmpMethod,
                          {"core/ops/array_ops.py", 284, "comparison_op", "return invalid_comparison(lvalues, rvalues, op)", 7, 47},
                          {"core/ops/invalid.py", 36, "invalid_comparison",
                           "raise TypeError(f\"Invalid comparison between dtype={left.dtype} and {typ}\")", -1, -1}});
            } else {
                pd_unsupported(in, "ordering comparisons of an object Series with mixed values");
            }
            out->storage->b()[k] = r;
        }
        return column_of_array(out);
    }
    NpWarningsOff quiet;
    Value r = np_compare(in, op, Value(col.arr), other);
    return column_of_result(in, r, n);
}

}  // namespace

Value series_binary(Interp& in, BinOpKind op, const Value& self, const Value& other, bool reflected) {
    auto& s = *self.as<SeriesObj>();
    if (other.as<FrameObj>() != nullptr) return in.not_implemented();
    if (op == BinOpKind::mat_mult) pd_unsupported(in, "Series @ (dot products of Series)");
    Operand o;
    if (!operand_of(in, other, o, "arithmetic")) return in.not_implemented();
    Value name = s.name;
    if (o.is_series) {
        if (!o.index->same(in, s.index)) pd_unsupported(in, "arithmetic on Series with different indexes (alignment)");
        name = match_name(in, s.name, o.name);
    }
    if (auto* a = o.values.as<ArrayObj>(); a != nullptr && a->size() != s.col.size() && !o.is_series) {
        // NumPy's broadcasting error, as pandas lets it through (other + s would show a frame
        // whose carets have anchors, which the kernel's library frames do not print).
        if (reflected || s.col.dtype == PdType::object) pd_unsupported(in, "this broadcasting error's traceback");
        NpWarningsOff quiet;
        try {
            np_binary(in, op, Value(s.col.arr), o.values);
        } catch (PyException& e) {
            static const struct {
                BinOpKind op;
                int line;
                const char *method, *code;
            } methods[] = {
                {BinOpKind::add, 102, "__add__", "return self._arith_method(other, operator.add)"},
                {BinOpKind::sub, 110, "__sub__", "return self._arith_method(other, operator.sub)"},
                {BinOpKind::mult, 118, "__mul__", "return self._arith_method(other, operator.mul)"},
                {BinOpKind::div, 126, "__truediv__", "return self._arith_method(other, operator.truediv)"},
                {BinOpKind::floor_div, 134, "__floordiv__", "return self._arith_method(other, operator.floordiv)"},
                {BinOpKind::mod, 142, "__mod__", "return self._arith_method(other, operator.mod)"},
                {BinOpKind::pow, 158, "__pow__", "return self._arith_method(other, operator.pow)"},
            };
            for (const auto& m : methods) {
                if (m.op != op) continue;
                const int end = static_cast<int>(std::strlen(m.code));
                pd_raise(in, e.exc.type(), e.exc.as<ExceptionObj>()->args,
                         {kNewMethod, {"core/arraylike.py", m.line, m.method, m.code, 7, end},
                          {"core/series.py", 6259, "_arith_method", "return base.IndexOpsMixin._arith_method(self, other, op)", 7, 56},
                          {"core/base.py", 1325, "_arith_method", "result = ops.arithmetic_op(lvalues, rvalues, op)", 9, 48},
                          {"core/ops/array_ops.py", 226, "arithmetic_op", "res_values = _na_arithmetic_op(left, right, op)  # type: ignore[arg-type]", 13, 47},
                          {"core/ops/array_ops.py", 165, "_na_arithmetic_op", "result = func(left, right)", 9, 26},
                          {"core/computation/expressions.py", 241, "evaluate", "return _evaluate(op, op_str, a, b)  # type: ignore[misc]", 7, 34},
                          {"core/computation/expressions.py", 70, "_evaluate_standard", "return op(a, b)", 7, 15}});
            }
            throw;
        }
    }
    return make_series(binary_column(in, op, s.col, o.values, reflected), s.index, name);
}

Value series_compare(Interp& in, CmpOpKind op, const Value& self, const Value& other, bool reflected) {
    auto& s = *self.as<SeriesObj>();
    if (other.as<FrameObj>() != nullptr) return in.not_implemented();
    if (op == CmpOpKind::is || op == CmpOpKind::is_not || op == CmpOpKind::in || op == CmpOpKind::not_in) return in.not_implemented();
    Operand o;
    if (auto* os = other.as<SeriesObj>()) {
        if (!os->index.same(in, s.index)) {
            pd_raise(in, types().value_error, {make_str("Can only compare identically-labeled Series objects")},
                     {kNewMethod, arraylike_frame(reflected ? reflected_op(op) : op),
                      {"core/series.py", 6237, "_cmp_method", "raise ValueError(\"Can only compare identically-labeled Series objects\")", -1, -1}});
        }
        if (os->col.dtype == PdType::object || s.col.dtype == PdType::object) pd_unsupported(in, "comparing object Series");
        NpWarningsOff quiet;
        Value r = np_compare(in, op, Value(s.col.arr), Value(os->col.arr));
        return make_series(column_of_result(in, r, s.col.size()), s.index, match_name(in, s.name, os->name));
    }
    if (!operand_of(in, other, o, "comparison")) return in.not_implemented();
    if (auto* a = o.values.as<ArrayObj>()) {
        if (a->size() != s.col.size()) {
            pd_raise(in, types().value_error,
                     {make_str("Lengths must match to compare"), make_tuple({Value::integer(s.col.size())}), make_tuple({Value::integer(a->size())})},
                     {kNewMethod, arraylike_frame(reflected ? reflected_op(op) : op), kCmpMethod,
                      {"core/ops/array_ops.py", 264, "comparison_op", "raise ValueError(", -1, -1}});
        }
        if (s.col.dtype == PdType::object) pd_unsupported(in, "comparing an object Series with an array");
    }
    return make_series(compare_column(in, op, s.col, o.values, reflected, s.col.size()), s.index, s.name);
}

namespace {

// df <op> other, column by column (numbers with numbers; same labels for two frames).
template <typename ColumnOp>
Value frame_elementwise(Interp& in, const Value& self, const Value& other, const char* what, ColumnOp op) {
    auto& f = *self.as<FrameObj>();
    std::vector<Column> cols;
    if (auto* g = other.as<FrameObj>()) {
        if (!g->index.same(in, f.index) || !g->columns.same(in, f.columns)) pd_unsupported(in, std::string(what) + " of DataFrames with different labels (alignment)");
        for (std::size_t c = 0; c < f.cols.size(); ++c) {
            if (g->cols[c].dtype == PdType::object) pd_unsupported(in, std::string(what) + " with object columns");
            cols.push_back(op(f.cols[c], Value(g->cols[c].arr)));
        }
        return make_frame(std::move(cols), f.index, f.columns);
    }
    if (!numeric_scalar(other) && other.as<StrObj>() == nullptr) {
        if (other.as<SeriesObj>() || other.as<ArrayObj>() || other.as<ListObj>() || other.as<TupleObj>()) {
            pd_unsupported(in, std::string(what) + " of a DataFrame with a Series, list or array (alignment on the columns)");
        }
        return in.not_implemented();
    }
    for (const Column& c : f.cols) cols.push_back(op(c, other));
    return make_frame(std::move(cols), f.index, f.columns);
}

}  // namespace

Value frame_binary(Interp& in, BinOpKind op, const Value& self, const Value& other, bool reflected) {
    if (op == BinOpKind::mat_mult) pd_unsupported(in, "DataFrame @");
    return frame_elementwise(in, self, other, "arithmetic", [&](const Column& c, const Value& o) {
        if (c.dtype == PdType::object) pd_unsupported(in, "arithmetic on a DataFrame with str columns");
        return binary_column(in, op, c, o, reflected);
    });
}

Value frame_compare(Interp& in, CmpOpKind op, const Value& self, const Value& other, bool reflected) {
    if (op == CmpOpKind::is || op == CmpOpKind::is_not || op == CmpOpKind::in || op == CmpOpKind::not_in) return in.not_implemented();
    auto& f = *self.as<FrameObj>();
    return frame_elementwise(in, self, other, "comparison", [&](const Column& c, const Value& o) {
        return compare_column(in, op, c, o, reflected, f.rows());
    });
}

Column column_unary(Interp& in, Unary op, const Column& c) {
    if (c.dtype == PdType::object) pd_unsupported(in, "this operation on an object (str) column");
    NpWarningsOff quiet;
    if (op == Unary::positive) return c;
    return column_of_result(in, np_unary(in, op, Value(c.arr)), c.size());
}

Column column_round(Interp& in, const Column& c, std::int64_t decimals) {
    NpWarningsOff quiet;
    Column out = column_of_result(in, np_round(in, Value(c.arr), decimals), c.size());
    return out;
}

Value pandas_ufunc(Interp& in, Unary op, const Value& x) {
    if (auto* s = x.as<SeriesObj>()) return make_series(column_unary(in, op, s->col), s->index, s->name);
    if (auto* f = x.as<FrameObj>()) {
        std::vector<Column> cols;
        for (const Column& c : f->cols) cols.push_back(column_unary(in, op, c));
        return make_frame(std::move(cols), f->index, f->columns);
    }
    return in.not_implemented();
}

// ---------------------------------------------------------------------------------------------
// Reductions

namespace {

// How NumPy adds a column's values inside pandas' block: pairwise (np_sum), or one by one when
// the block is a 2-D array's transpose with more than one row.
double sum_values(const std::vector<double>& v, bool sequential) {
    if (v.empty()) return 0.0;
    if (!sequential) return np_sum(v.data(), v.size());
    double s = v[0];
    for (std::size_t k = 1; k < v.size(); ++k) s += v[k];
    return s;
}

struct Stat {
    Value value;   // np scalar or object
    PdType dtype;  // of the value: bool/int64/float64/object
};

// nanops.nanvar: two passes, NaN set to 0 in both.
double nan_var(const std::vector<double>& raw, bool sequential, std::int64_t ddof, bool is_float) {
    std::vector<double> v = raw;
    double count = 0;
    for (double& x : v) {
        if (is_float && std::isnan(x)) x = 0.0;
        else count += 1;
    }
    if (count <= static_cast<double>(ddof)) return std::nan("");
    const double d = count - static_cast<double>(ddof);
    const double avg = sum_values(v, sequential) / count;
    std::vector<double> sqr(v.size());
    for (std::size_t k = 0; k < v.size(); ++k) {
        const double t = avg - v[k];
        sqr[k] = (is_float && std::isnan(raw[k])) ? 0.0 : t * t;
    }
    return sum_values(sqr, sequential) / d;
}

// NumPy 1.24's np.percentile(values, [25, 50, 75], method="linear") of sorted values (NaN
// removed): _lerp over the three quantiles at once, with the RuntimeWarnings its ufuncs raise
// when infinities meet (pandas does not silence them in describe()).
std::vector<double> quartiles(Interp& in, const std::vector<double>& sorted, const std::vector<std::int64_t>* ints) {
    const auto n = static_cast<std::int64_t>(sorted.size());
    const double qs[3] = {0.25, 0.5, 0.75};
    if (n == 0) return {std::nan(""), std::nan(""), std::nan("")};
    double a[3], b[3], t[3], diff[3], r[3];
    for (int k = 0; k < 3; ++k) {
        const double virtual_index = static_cast<double>(n - 1) * qs[k];
        std::int64_t prev = static_cast<std::int64_t>(std::floor(virtual_index));
        std::int64_t next = prev + 1;
        if (virtual_index >= static_cast<double>(n - 1)) prev = next = -1;
        t[k] = virtual_index - static_cast<double>(prev);
        const std::size_t ip = static_cast<std::size_t>(prev < 0 ? n + prev : prev);
        const std::size_t inx = static_cast<std::size_t>(next < 0 ? n + next : next);
        if (ints != nullptr) {
            // b - a is an int64 subtraction (wrapping); the rest mixes it with float64 gamma.
            const std::int64_t ia = (*ints)[ip], ib = (*ints)[inx];
            diff[k] = static_cast<double>(static_cast<std::int64_t>(static_cast<std::uint64_t>(ib) - static_cast<std::uint64_t>(ia)));
            a[k] = static_cast<double>(ia);
            b[k] = static_cast<double>(ib);
        } else {
            a[k] = sorted[ip];
            b[k] = sorted[inx];
            diff[k] = b[k] - a[k];
        }
    }
    // Which of _lerp's ufuncs made NaN or inf out of numbers, in the order they run.
    auto flags = [](double x, double y, double res) {
        if (std::isnan(x) || std::isnan(y)) return 0;
        if (std::isnan(res)) return 1;                                                  // invalid
        return std::isinf(res) && std::isfinite(x) && std::isfinite(y) ? 2 : 0;         // overflow
    };
    int f_sub = 0, f_mul1 = 0, f_add = 0, f_mul2 = 0, f_sub2 = 0;
    double m1[3], m2[3];
    for (int k = 0; k < 3; ++k) {
        if (ints == nullptr) f_sub |= flags(b[k], a[k], diff[k]);
        m1[k] = diff[k] * t[k];
        f_mul1 |= flags(diff[k], t[k], m1[k]);
        r[k] = a[k] + m1[k];
        f_add |= flags(a[k], m1[k], r[k]);
    }
    for (int k = 0; k < 3; ++k) {
        m2[k] = diff[k] * (1 - t[k]);
        f_mul2 |= flags(diff[k], 1 - t[k], m2[k]);
    }
    for (int k = 0; k < 3; ++k) {
        if (t[k] < 0.5) continue;
        const double v = b[k] - m2[k];
        f_sub2 |= flags(b[k], m2[k], v);
        r[k] = v;
    }
    static const char* const file = "/usr/lib/python3/dist-packages/numpy/lib/function_base.py";
    static const char* const line_add = "    lerp_interpolation = asanyarray(add(a, diff_b_a * t, out=out))";
    static const char* const line_sub = "    subtract(b, diff_b_a * (1 - t), out=lerp_interpolation, where=t >= 0.5)";
    auto warn = [&](int f, int line, const char* code, const char* ufunc) {
        if (f & 2) in.warn_at(file, line, code, types().runtime_warning, std::string("overflow encountered in ") + ufunc);
        if (f & 1) in.warn_at(file, line, code, types().runtime_warning, std::string("invalid value encountered in ") + ufunc);
    };
    warn(f_sub, 4573, "    diff_b_a = subtract(b, a)", "subtract");
    warn(f_mul1, 4575, line_add, "multiply");
    warn(f_add, 4575, line_add, "add");
    warn(f_mul2, 4576, line_sub, "multiply");
    warn(f_sub2, 4576, line_sub, "subtract");
    return {r[0], r[1], r[2]};
}

// The describe() of one numeric column: count, mean, std, min, 25%, 50%, 75%, max (float64).
std::vector<double> describe_column(Interp& in, const Column& c) {
    std::vector<double> raw = doubles_of(c);
    const bool is_float = c.dtype == PdType::float64;
    std::vector<double> kept;
    std::vector<std::int64_t> ints;
    for (std::int64_t k = 0; k < c.size(); ++k) {
        if (is_float && std::isnan(raw[static_cast<std::size_t>(k)])) continue;
        kept.push_back(raw[static_cast<std::size_t>(k)]);
        if (!is_float) ints.push_back(c.arr->get_i(k));
    }
    const double count = static_cast<double>(kept.size());
    std::vector<double> zeroed = raw;
    for (double& x : zeroed) {
        if (std::isnan(x)) x = 0.0;
    }
    const double mean = kept.empty() ? std::nan("") : sum_values(zeroed, false) / count;
    const double std = std::sqrt(nan_var(raw, false, 1, is_float));
    std::vector<double> sorted = kept;
    std::sort(sorted.begin(), sorted.end());
    std::sort(ints.begin(), ints.end());
    const double mn = sorted.empty() ? std::nan("") : sorted.front();
    const double mx = sorted.empty() ? std::nan("") : sorted.back();
    const std::vector<double> q = quartiles(in, sorted, is_float ? nullptr : &ints);
    return {count, mean, std, mn, q[0], q[1], q[2], mx};
}

Index describe_index() {
    Index idx;
    idx.kind = Index::Kind::objects;
    for (const char* s : {"count", "mean", "std", "min", "25%", "50%", "75%", "max"}) idx.objs.push_back(make_str(s));
    return idx;
}

Column float_column(const std::vector<double>& v) {
    Ref<ArrayObj> a = ArrayObj::empty(DType::float64, {static_cast<std::int64_t>(v.size())});
    if (!v.empty()) std::memcpy(a->storage->f(), v.data(), v.size() * sizeof(double));
    return column_of_array(a);
}

// An object column reduced as nanops does it: NaN/None masked (0 for sums, -inf/+inf for max/min),
// then Python's own +, comparisons and float() on the values, so a str column concatenates, a
// bool column with gaps sums to an int, and what Python cannot do raises its TypeError.
bool is_na(const Value& v) {
    return v.is_none() || ((v.kind() == Kind::floating || v.kind() == Kind::np_float) && std::isnan(v.as_float()));
}

// float(x) as NumPy casts an object to float64 (str parsed as Python's float() parses it).
double object_float(Interp& in, const Value& v) {
    if (numeric_scalar(v)) return v.kind() == Kind::floating || v.kind() == Kind::np_float ? v.as_float() : static_cast<double>(v.as_int());
    Args args({v});
    const Value f = in.construct(types().float_, args);
    return f.as_float();
}

// nanops._ensure_numeric on a sum: numbers as they are, a str through float().
double ensure_numeric(Interp& in, const Value& v) {
    if (numeric_scalar(v)) return object_float(in, v);
    if (v.as<StrObj>() != nullptr) {
        try {
            return object_float(in, v);
        } catch (PyException&) {
            in.raise(types().type_error, "Could not convert " + in.str(v) + " to numeric");
        }
    }
    in.raise(types().type_error, "Could not convert " + in.str(v) + " to numeric");
}

Stat reduce_objects(Interp& in, const Column& c, PdReduce op, std::int64_t ddof) {
    const auto& vals = c.objs;
    std::int64_t count = 0;
    for (const Value& v : vals) count += !is_na(v);
    auto filled = [&](Value fill) {
        std::vector<Value> out;
        for (const Value& v : vals) out.push_back(is_na(v) ? fill : v);
        return out;
    };
    auto object_sum = [&]() -> Value {
        std::vector<Value> x = filled(Value::integer(0));
        if (x.empty()) return Value::integer(0);
        Value r = x[0];
        for (std::size_t k = 1; k < x.size(); ++k) r = in.binary(BinOpKind::add, r, x[k]);
        return r;
    };
    switch (op) {
        case PdReduce::count: return {Value::np_int(count), PdType::int64};
        case PdReduce::sum: return {object_sum(), PdType::object};
        case PdReduce::mean: {
            const double s = ensure_numeric(in, object_sum());
            return {Value::np_float(count > 0 ? s / static_cast<double>(count) : std::nan("")), PdType::float64};
        }
        case PdReduce::max:
        case PdReduce::min: {
            const bool want_max = op == PdReduce::max;
            if (count == 0) return {Value::np_float(std::nan("")), PdType::float64};
            std::vector<Value> x = filled(Value::floating(want_max ? -HUGE_VAL : HUGE_VAL));
            Value r = x[0];
            for (std::size_t k = 1; k < x.size(); ++k) {
                if (!in.truthy(in.compare(want_max ? CmpOpKind::gt_e : CmpOpKind::lt_e, r, x[k]))) r = x[k];
            }
            return {r, PdType::object};
        }
        case PdReduce::std:
        case PdReduce::var: {
            // The sum casts the values to float64; the deviations are Python's avg - value.
            std::vector<Value> x = filled(Value::integer(0));
            std::vector<double> xs;
            for (const Value& v : x) xs.push_back(object_float(in, v));
            if (count <= ddof) return {Value::np_float(std::nan("")), PdType::float64};
            const double avg = sum_values(xs, false) / static_cast<double>(count);
            std::vector<double> sqr;
            for (std::size_t k = 0; k < x.size(); ++k) {
                const Value dev = in.binary(BinOpKind::sub, Value::np_float(avg), x[k]);
                const double d = object_float(in, dev);
                sqr.push_back(is_na(vals[k]) ? 0.0 : d * d);
            }
            const double var = sum_values(sqr, false) / static_cast<double>(count - ddof);
            return {Value::np_float(op == PdReduce::std ? std::sqrt(var) : var), PdType::float64};
        }
        case PdReduce::median: {
            std::vector<double> kept;
            for (const Value& v : vals) {
                const double d = is_na(v) ? std::nan("") : object_float(in, v);
                if (!std::isnan(d)) kept.push_back(d);
            }
            std::sort(kept.begin(), kept.end());
            if (kept.empty()) return {Value::np_float(std::nan("")), PdType::float64};
            const std::size_t m = kept.size();
            return {Value::np_float(m % 2 ? kept[m / 2] : (kept[m / 2 - 1] + kept[m / 2]) / 2.0), PdType::float64};
        }
    }
    return {};
}

// One column's statistic. `sequential`: the column sits in a 2-D array's block (see the top).
Stat reduce_column(Interp& in, const Column& c, PdReduce op, std::int64_t ddof, bool block_seq, bool block_has_nan) {
    const std::int64_t n = c.size();
    if (c.dtype == PdType::object) return reduce_objects(in, c, op, ddof);
    const bool is_float = c.dtype == PdType::float64;
    std::vector<double> v = doubles_of(c);
    std::int64_t count = n;
    if (is_float) {
        count = 0;
        for (double x : v) count += !std::isnan(x);
    }
    switch (op) {
        case PdReduce::count: return {Value::np_int(count), PdType::int64};
        case PdReduce::sum: {
            if (!is_float) {
                std::uint64_t s = 0;
                for (std::int64_t k = 0; k < n; ++k) s += static_cast<std::uint64_t>(c.arr->get_i(k));
                return {Value::np_int(static_cast<std::int64_t>(s)), PdType::int64};
            }
            for (double& x : v) {
                if (std::isnan(x)) x = 0.0;
            }
            return {Value::np_float(sum_values(v, block_seq && !block_has_nan)), PdType::float64};
        }
        case PdReduce::mean: {
            for (double& x : v) {
                if (std::isnan(x)) x = 0.0;
            }
            const double s = sum_values(v, block_seq && !(is_float && block_has_nan));
            return {Value::np_float(count > 0 ? s / static_cast<double>(count) : std::nan("")), PdType::float64};
        }
        case PdReduce::std:
        case PdReduce::var: {
            // Floats are copied (C order) before the two passes; ints are converted in place.
            const double var = nan_var(v, block_seq && !is_float, ddof, is_float);
            return {Value::np_float(op == PdReduce::std ? std::sqrt(var) : var), PdType::float64};
        }
        case PdReduce::max:
        case PdReduce::min: {
            const bool want_max = op == PdReduce::max;
            if (c.dtype == PdType::bool_) {
                if (n == 0) return {Value::np_float(std::nan("")), PdType::float64};
                bool r = c.arr->get_b(0);
                for (std::int64_t k = 1; k < n; ++k) r = want_max ? (r || c.arr->get_b(k)) : (r && c.arr->get_b(k));
                return {Value::np_bool(r), PdType::bool_};
            }
            if (c.dtype == PdType::int64) {
                if (n == 0) return {Value::np_float(std::nan("")), PdType::float64};
                std::int64_t r = c.arr->get_i(0);
                for (std::int64_t k = 1; k < n; ++k) r = want_max ? std::max(r, c.arr->get_i(k)) : std::min(r, c.arr->get_i(k));
                return {Value::np_int(r), PdType::int64};
            }
            if (count == 0) return {Value::np_float(std::nan("")), PdType::float64};
            // NaN filled with -inf (max) or +inf (min), then NumPy's reduction: the first of equal
            // values wins (0.0 vs -0.0).
            double r = 0;
            bool first = true;
            for (double x : v) {
                if (std::isnan(x)) x = want_max ? -HUGE_VAL : HUGE_VAL;
                if (first || (want_max ? x > r : x < r)) r = x;
                first = false;
            }
            return {Value::np_float(r), PdType::float64};
        }
        case PdReduce::median: {
            std::vector<double> kept;
            for (double x : v) {
                if (!std::isnan(x)) kept.push_back(x);
            }
            std::sort(kept.begin(), kept.end());
            if (kept.empty()) return {Value::np_float(std::nan("")), PdType::float64};
            const std::size_t m = kept.size();
            // np.median: the mean of the two middle values (their sum / 2 as np.mean computes it).
            const double r = m % 2 ? kept[m / 2] : (kept[m / 2 - 1] + kept[m / 2]) / 2.0;
            return {Value::np_float(r), PdType::float64};
        }
    }
    return {};
}

struct ReduceArgs {
    bool numeric_only_none = true;
    bool numeric_only = false;
    std::int64_t ddof = 1;
};

ReduceArgs reduce_args(Interp& in, Args& a, PdReduce op, const char* owner, const char* name) {
    ReduceArgs r;
    const std::string fn = name;
    std::vector<const char*> spec{"self", "axis=None", "skipna=True", "level=None", "numeric_only=None"};
    Value axis, skipna, level, numeric_only, ddof;
    if (a.size() > 1) pd_unsupported(in, std::string(owner) + "." + name + " with positional arguments");
    a.take("axis", axis);
    a.take("skipna", skipna);
    a.take("level", level);
    a.take("numeric_only", numeric_only);
    if (op == PdReduce::std || op == PdReduce::var) a.take("ddof", ddof);
    if (op == PdReduce::sum) {
        Value min_count;
        if (a.take("min_count", min_count) && !(min_count.is_int_like() && min_count.as_int() == 0)) {
            pd_unsupported(in, std::string(owner) + "." + name + "(min_count=...)");
        }
    }
    if (a.has_keywords()) {
        in.raise(types().type_error, std::string(owner) + "." + name + "() got an unexpected keyword argument '" + a.keywords()[0].first + "'");
    }
    if (!axis.is_none() && !(axis.is_int_like() && axis.as_int() == 0) && !(axis.as<StrObj>() && axis.as<StrObj>()->s == "index")) {
        pd_unsupported(in, std::string(owner) + "." + name + "(axis=...)");
    }
    if (!skipna.is_none() && !(skipna.is_bool() && skipna.as_bool())) pd_unsupported(in, std::string(owner) + "." + name + "(skipna=False)");
    if (!level.is_none()) pd_unsupported(in, std::string(owner) + "." + name + "(level=...)");
    if (!numeric_only.is_none()) {
        r.numeric_only_none = false;
        r.numeric_only = in.truthy(numeric_only);
    }
    if (!ddof.is_none()) r.ddof = in.index(ddof);
    return r;
}

}  // namespace

Value series_reduce(Interp& in, SeriesObj& s, PdReduce op, Args& a, const char* name) {
    ReduceArgs r = reduce_args(in, a, op, "Series", name);
    if (s.col.dtype == PdType::object) {
        // Errors here come from deep inside pandas and NumPy; their messages are Python's, the
        // traceback frames in between are not reproduced.
        if (op == PdReduce::std || op == PdReduce::var || op == PdReduce::median) {
            pd_unsupported(in, std::string("Series.") + name + " of an object Series");
        }
        if (r.numeric_only) pd_unsupported(in, std::string("Series.") + name + "(numeric_only=True) of an object Series");
    }
    if (s.col.dtype == PdType::object) {
        // What Python raises on these values comes through nanops and NumPy's object loops: the
        // message is Python's, the frames in between are not reproduced, so such errors are refused.
        try {
            return reduce_column(in, s.col, op, r.ddof, false, false).value;
        } catch (PyException&) {
            pd_unsupported(in, std::string("the error Series.") + name + " raises on these values");
        }
    }
    return reduce_column(in, s.col, op, r.ddof, false, false).value;
}

Value frame_reduce(Interp& in, FrameObj& f, PdReduce op, Args& a, const char* name) {
    ReduceArgs r = reduce_args(in, a, op, "DataFrame", name);
    std::vector<std::size_t> kept;
    std::vector<Stat> object_stats;  // by column; computed here so failures can drop the column
    object_stats.resize(f.cols.size());
    bool dropped = false;
    for (std::size_t c = 0; c < f.cols.size(); ++c) {
        const Column& col = f.cols[c];
        if (col.dtype != PdType::object || op == PdReduce::count) {
            kept.push_back(c);
            continue;
        }
        if (r.numeric_only) continue;
        if (!r.numeric_only_none) {
            object_stats[c] = reduce_objects(in, col, op, r.ddof);
            kept.push_back(c);
            continue;
        }
        // pandas tries each object column (ObjectBlock.reduce splits them) and drops those the
        // reduction fails on, with a FutureWarning.
        try {
            object_stats[c] = reduce_objects(in, col, op, r.ddof);
            kept.push_back(c);
        } catch (PyException&) {
            dropped = true;
        }
    }
    if (dropped) {
        in.warn(future_warning(), std::string("The default value of numeric_only in DataFrame.") + name +
                                      " is deprecated. In a future version, it will default to False. In addition, specifying "
                                      "'numeric_only=None' is deprecated. Select only valid columns or specify the value of "
                                      "numeric_only to silence this warning.");
    }
    // Blocks: columns of one 2-D array, with whether any of their values is NaN.
    std::vector<Stat> stats;
    for (std::size_t c : kept) {
        const Column& col = f.cols[c];
        bool seq = false, nan = false;
        if (col.block != 0) {
            int members = 0;
            for (std::size_t j : kept) {
                const Column& other = f.cols[j];
                if (other.block != col.block) continue;
                ++members;
                if (other.dtype == PdType::float64) {
                    for (std::int64_t k = 0; k < other.size(); ++k) nan = nan || std::isnan(other.arr->get_f(k));
                }
            }
            seq = members > 1;
        }
        stats.push_back(col.dtype == PdType::object && op != PdReduce::count ? object_stats[c]
                                                                             : reduce_column(in, col, op, r.ddof, seq, nan));
    }
    // The result's dtype: what the blocks' results have in common (bool with numbers: object).
    bool any_object = false, any_float = false, any_int = false, any_bool = false;
    for (const Stat& s : stats) {
        any_object = any_object || s.dtype == PdType::object;
        any_float = any_float || s.dtype == PdType::float64;
        any_int = any_int || s.dtype == PdType::int64;
        any_bool = any_bool || s.dtype == PdType::bool_;
    }
    catch_warnings_exit(in);
    std::vector<std::int64_t> positions;
    for (std::size_t c : kept) positions.push_back(static_cast<std::int64_t>(c));
    Index index = f.columns.take(positions);
    if (f.columns.kind == Index::Kind::range && kept.size() == f.cols.size()) index = f.columns;
    if (positions.empty()) index.kind = Index::Kind::objects;
    Column out;
    const auto m = static_cast<std::int64_t>(stats.size());
    if (any_object || (any_bool && (any_int || any_float))) {
        out.dtype = PdType::object;
        for (const Stat& s : stats) out.objs.push_back(s.value);
    } else if (any_float || stats.empty() || (f.rows() == 0 && op == PdReduce::sum)) {
        out.arr = ArrayObj::empty(DType::float64, {m});
        for (std::int64_t k = 0; k < m; ++k) {
            const Value& v = stats[static_cast<std::size_t>(k)].value;
            out.arr->storage->f()[k] = v.kind() == Kind::np_float ? v.as_float() : static_cast<double>(v.as_int());
        }
        out.dtype = PdType::float64;
    } else if (any_int) {
        out.arr = ArrayObj::empty(DType::int64, {m});
        for (std::int64_t k = 0; k < m; ++k) out.arr->storage->i()[k] = stats[static_cast<std::size_t>(k)].value.as_int();
        out.dtype = PdType::int64;
    } else {
        out.arr = ArrayObj::empty(DType::bool_, {m});
        for (std::int64_t k = 0; k < m; ++k) out.arr->storage->b()[k] = stats[static_cast<std::size_t>(k)].value.as_bool();
        out.dtype = PdType::bool_;
    }
    return make_series(std::move(out), std::move(index), Value());
}

Value series_describe(Interp& in, SeriesObj& s) {
    if (s.col.dtype == PdType::object || s.col.dtype == PdType::bool_) pd_unsupported(in, "Series.describe of a non-numeric Series");
    Column stats = float_column(describe_column(in, s.col));
    catch_warnings_exit(in);  // Series(d, index=stat_index)
    return make_series(std::move(stats), describe_index(), s.name);
}

Value frame_describe(Interp& in, FrameObj& f) {
    std::vector<Column> cols;
    std::vector<std::int64_t> positions;
    for (std::size_t c = 0; c < f.cols.size(); ++c) {
        const Column& col = f.cols[c];
        if (col.dtype != PdType::int64 && col.dtype != PdType::float64) continue;
        cols.push_back(float_column(describe_column(in, col)));
        catch_warnings_exit(in);  // each column's Series(d, index=stat_index)
        positions.push_back(static_cast<std::int64_t>(c));
    }
    if (cols.empty()) pd_unsupported(in, "DataFrame.describe of a frame without number columns (count/unique/top/freq)");
    Index columns = f.columns.take(positions);
    if (f.columns.kind == Index::Kind::range && positions.size() == f.cols.size()) columns = f.columns;
    return make_frame(std::move(cols), describe_index(), std::move(columns));
}

}  // namespace tlab
