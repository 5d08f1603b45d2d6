// np_lazy.cpp — large random arrays that are never stored: np.random.randn(1000000, 1024) is a
// recipe (where in the random stream its normals start), and so are element-wise operations on
// such recipes; a reduction along the last axis or over everything reads them row block by row
// block, in the order NumPy would have added the stored values. Anything else stores the array
// first (which may raise NumPy's MemoryError when it does not fit).
//
//   q = np.random.randn(1000000, 1024)   # lazy: the generator skips 1024e6 normals
//   k = np.random.randn(1000000, 1024)
//   s = (q * k).sum(axis=1)              # streamed: 8 MB for s, a few blocks for q*k
#include <algorithm>
#include <cmath>
#include <cstring>

#include "python/numpy.hpp"
#include "tlab/npmath.hpp"

namespace tlab {

namespace {

constexpr std::int64_t kBlockValues = std::int64_t{1} << 18;

// Fills the next n values of a recipe, in C order, advancing its cursor.
class Cursor {
public:
    explicit Cursor(const std::shared_ptr<LazyData>& d) : d_(d) {
        if (d->kind == LazyData::Kind::randn) rng_ = d->timeline->at(d->offset);
        for (const auto& op : d->operands) kids_.emplace_back(op);
    }
    Cursor(Cursor&&) = default;
    Cursor(const Cursor&) = delete;
    // A reader that drew all its normals tells the stream where it ended: the next lazy array
    // drawn after this one starts there without skipping.
    ~Cursor() {
        if (d_ && d_->kind == LazyData::Kind::randn && drawn_ == d_->count) {
            d_->timeline->publish(d_->offset + d_->count, rng_);
        }
    }

    void fill(double* out, std::int64_t n) {
        switch (d_->kind) {
            case LazyData::Kind::randn:
                rng_.fill_normal(out, static_cast<std::size_t>(n));
                drawn_ += static_cast<std::uint64_t>(n);
                return;
            case LazyData::Kind::binary: {
                buf_.resize(static_cast<std::size_t>(n));
                const bool left_scalar = d_->operands.size() == 1 && d_->scalar_left;
                if (d_->operands.size() == 2) {
                    kids_[0].fill(out, n);
                    kids_[1].fill(buf_.data(), n);
                    for (std::int64_t k = 0; k < n; ++k) out[k] = apply(out[k], buf_[static_cast<std::size_t>(k)]);
                } else if (left_scalar) {
                    kids_[0].fill(out, n);
                    for (std::int64_t k = 0; k < n; ++k) out[k] = apply(d_->scalar, out[k]);
                } else {
                    kids_[0].fill(out, n);
                    for (std::int64_t k = 0; k < n; ++k) out[k] = apply(out[k], d_->scalar);
                }
                return;
            }
        }
    }

private:
    double apply(double x, double y) const {
        switch (d_->op) {
            case BinOpKind::add: return x + y;
            case BinOpKind::sub: return x - y;
            case BinOpKind::mult: return x * y;
            case BinOpKind::div: return x / y;
            default: return 0;
        }
    }

    std::shared_ptr<LazyData> d_;
    RandomState rng_;
    std::uint64_t drawn_ = 0;
    std::vector<Cursor> kids_;
    std::vector<double> buf_;
};

}  // namespace

std::shared_ptr<LazyData> lazy_randn(Interp& in, std::int64_t n) {
    auto d = std::make_shared<LazyData>();
    d->kind = LazyData::Kind::randn;
    d->count = static_cast<std::uint64_t>(n);
    d->timeline = in.draw_lazily(d->count, d->offset);
    return d;
}

void materialize(Interp& in, ArrayObj& a) {
    if (!a.lazy) return;
    std::shared_ptr<Storage> s;
    try {
        s = std::make_shared<Storage>(DType::float64, a.size());
    } catch (OverCap&) {
        memory_error(in, a.shape, DType::float64);
    }
    Cursor c(a.lazy);
    const std::int64_t n = a.size();
    for (std::int64_t start = 0; start < n; start += kBlockValues) {
        c.fill(s->f() + start, std::min(kBlockValues, n - start));
        in.check_progress();
    }
    a.storage = s;
    a.lazy.reset();
}

Value lazy_binary(Interp& in, BinOpKind op, const Value& a, const Value& b) {
    auto* A = a.as<ArrayObj>();
    auto* B = b.as<ArrayObj>();
    const bool lazy_a = A != nullptr && A->lazy, lazy_b = B != nullptr && B->lazy;
    if (!lazy_a && !lazy_b) return in.not_implemented();
    if (op != BinOpKind::add && op != BinOpKind::sub && op != BinOpKind::mult && op != BinOpKind::div) {
        return in.not_implemented();
    }
    auto d = std::make_shared<LazyData>();
    d->kind = LazyData::Kind::binary;
    d->op = op;
    Shape shape;
    if (lazy_a && lazy_b) {
        if (A->shape != B->shape) return in.not_implemented();
        d->operands = {A->lazy, B->lazy};
        shape = A->shape;
    } else {
        const Value& other = lazy_a ? b : a;
        double x;
        if (other.as<ArrayObj>() != nullptr || !in.to_float(other, x) || other.as<StrObj>()) return in.not_implemented();
        d->operands = {lazy_a ? A->lazy : B->lazy};
        d->scalar = x;
        d->scalar_left = !lazy_a;
        shape = lazy_a ? A->shape : B->shape;
    }
    Ref<ArrayObj> out(make<ArrayObj>());
    out->dtype = DType::float64;
    out->shape = shape;
    out->strides.assign(shape.size(), 1);
    for (int k = static_cast<int>(shape.size()) - 2; k >= 0; --k) {
        out->strides[static_cast<std::size_t>(k)] = out->strides[static_cast<std::size_t>(k) + 1] * shape[static_cast<std::size_t>(k) + 1];
    }
    out->lazy = d;
    return out;
}

// sum/mean/max/min over the last axis or everything, reading the recipe block by block. Returns
// NotImplemented for what it does not stream (the caller then stores the array).
Value lazy_reduce(Interp& in, Reduce op, const Ref<ArrayObj>& a, const Value& axis, bool keepdims) {
    if (op != Reduce::sum && op != Reduce::mean && op != Reduce::std && op != Reduce::var) return in.not_implemented();
    const int nd = a->ndim();
    bool all = axis.is_none();
    if (!all) {
        if (!(axis.is_int_like() || axis.kind() == Kind::np_int)) return in.not_implemented();
        const std::int64_t ax = normalize_axis(in, axis.as_int(), nd);
        if (ax != nd - 1) return in.not_implemented();
        all = nd == 1;
    }
    if (keepdims || nd == 0) return in.not_implemented();
    const std::int64_t n = a->size();
    const std::int64_t row = all ? n : a->shape.back();
    const std::int64_t rows = all ? 1 : n / std::max<std::int64_t>(row, 1);
    if (row > kBlockValues && !all) return in.not_implemented();
    Shape out_shape = all ? Shape{} : Shape(a->shape.begin(), a->shape.end() - 1);
    Ref<ArrayObj> out;
    try {
        out = ArrayObj::zeros(DType::float64, out_shape);
    } catch (OverCap&) {
        memory_error(in, out_shape, DType::float64);
    }
    double* o = out->storage->f();
    // One pass: for each row, NumPy's sum (pairwise in 8192-value runs). `shift` subtracts a
    // per-row value first and squares (the second pass of std/var).
    auto pass = [&](const double* shift) {
        Cursor c(a->lazy);
        if (all) {
            std::vector<double> buf(static_cast<std::size_t>(std::min(n, kBlockValues)));
            double acc = 0.0;
            for (std::int64_t start = 0; start < n; start += 8192) {
                const std::int64_t len = std::min<std::int64_t>(8192, n - start);
                c.fill(buf.data(), len);
                if (shift != nullptr) {
                    for (std::int64_t k = 0; k < len; ++k) {
                        const double d = buf[static_cast<std::size_t>(k)] - shift[0];
                        buf[static_cast<std::size_t>(k)] = d * d;
                    }
                }
                acc += pairwise_sum(buf.data(), static_cast<std::size_t>(len));
                if ((start & (kBlockValues - 1)) == 0) in.check_progress();
            }
            o[0] = acc;
            return;
        }
        const std::int64_t block_rows = std::max<std::int64_t>(1, kBlockValues / std::max<std::int64_t>(row, 1));
        std::vector<double> buf(static_cast<std::size_t>(block_rows * row));
        for (std::int64_t r0 = 0; r0 < rows; r0 += block_rows) {
            const std::int64_t nr = std::min(block_rows, rows - r0);
            c.fill(buf.data(), nr * row);
            for (std::int64_t r = 0; r < nr; ++r) {
                double* x = buf.data() + r * row;
                if (shift != nullptr) {
                    for (std::int64_t k = 0; k < row; ++k) {
                        const double d = x[k] - shift[r0 + r];
                        x[k] = d * d;
                    }
                }
                o[r0 + r] = np_sum(x, static_cast<std::size_t>(row));
            }
            in.report_inner(static_cast<double>(r0 + nr) / static_cast<double>(rows));
            in.check_progress();
        }
    };
    pass(nullptr);
    if (op == Reduce::sum) return scalar_or_array(out);
    const double count = static_cast<double>(row);
    const std::int64_t m = out->size();
    for (std::int64_t k = 0; k < m; ++k) o[k] = o[k] / count;
    if (op == Reduce::mean) return scalar_or_array(out);
    std::vector<double> means(o, o + m);
    std::fill(o, o + m, 0.0);
    pass(means.data());
    for (std::int64_t k = 0; k < m; ++k) {
        o[k] = o[k] / count;
        if (op == Reduce::std) o[k] = std::sqrt(o[k]);
    }
    return scalar_or_array(out);
}

}  // namespace tlab
