// np_sort.cpp — np.argsort as NumPy 1.24 sorts: its introsort (quicksort with median-of-3,
// insertion sort below 17 values, heapsort past the depth limit) for kind='quicksort', its
// heapsort for 'heapsort', and a stable sort for 'stable'/'mergesort'. Equal values come out in
// the order those algorithms leave them, so ties match NumPy's too. NaN sorts last.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "python/numpy.hpp"

namespace tlab {

namespace {

constexpr std::int64_t kSmallQuicksort = 16;

template <typename T>
bool less(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) return a < b || (b != b && a == a);
    else return a < b;
}

// npysort's aheapsort_: `tosort` holds n indexes into v.
template <typename T>
void aheapsort(const T* v, std::int64_t* tosort, std::int64_t n) {
    std::int64_t* a = tosort - 1;  // 1-based heap
    std::int64_t i, j, l, tmp;
    for (l = n >> 1; l > 0; --l) {
        tmp = a[l];
        for (i = l, j = l << 1; j <= n;) {
            if (j < n && less(v[a[j]], v[a[j + 1]])) j += 1;
            if (less(v[tmp], v[a[j]])) {
                a[i] = a[j];
                i = j;
                j += j;
            } else {
                break;
            }
        }
        a[i] = tmp;
    }
    for (; n > 1;) {
        tmp = a[n];
        a[n] = a[1];
        n -= 1;
        for (i = 1, j = 2; j <= n;) {
            if (j < n && less(v[a[j]], v[a[j + 1]])) j++;
            if (less(v[tmp], v[a[j]])) {
                a[i] = a[j];
                i = j;
                j += j;
            } else {
                break;
            }
        }
        a[i] = tmp;
    }
}

// npysort's aquicksort_.
template <typename T>
void aquicksort(const T* v, std::int64_t* tosort, std::int64_t num) {
    std::int64_t* pl = tosort;
    std::int64_t* pr = tosort + num - 1;
    std::vector<std::int64_t*> stack;
    std::vector<int> depth;
    int cdepth = 0;
    for (std::int64_t n = num; n >>= 1;) ++cdepth;
    cdepth *= 2;
    for (;;) {
        if (cdepth < 0) {
            aheapsort(v, pl, pr - pl + 1);
        } else {
            while ((pr - pl) > kSmallQuicksort) {
                std::int64_t* pm = pl + ((pr - pl) >> 1);
                if (less(v[*pm], v[*pl])) std::swap(*pm, *pl);
                if (less(v[*pr], v[*pm])) std::swap(*pr, *pm);
                if (less(v[*pm], v[*pl])) std::swap(*pm, *pl);
                const T vp = v[*pm];
                std::int64_t* pi = pl;
                std::int64_t* pj = pr - 1;
                std::swap(*pm, *pj);
                for (;;) {
                    do {
                        ++pi;
                    } while (less(v[*pi], vp));
                    do {
                        --pj;
                    } while (less(vp, v[*pj]));
                    if (pi >= pj) break;
                    std::swap(*pi, *pj);
                }
                std::swap(*pi, *(pr - 1));
                // The larger partition waits on the stack.
                if (pi - pl < pr - pi) {
                    stack.push_back(pi + 1);
                    stack.push_back(pr);
                    pr = pi - 1;
                } else {
                    stack.push_back(pl);
                    stack.push_back(pi - 1);
                    pl = pi + 1;
                }
                depth.push_back(--cdepth);
            }
            for (std::int64_t* pi = pl + 1; pi <= pr; ++pi) {
                const std::int64_t vi = *pi;
                const T vp = v[vi];
                std::int64_t* pj = pi;
                std::int64_t* pk = pi - 1;
                while (pj > pl && less(vp, v[*pk])) *pj-- = *pk--;
                *pj = vi;
            }
        }
        if (stack.empty()) break;
        pr = stack.back();
        stack.pop_back();
        pl = stack.back();
        stack.pop_back();
        cdepth = depth.back();
        depth.pop_back();
    }
}

template <typename T>
void argsort_line(const std::vector<T>& v, std::int64_t* idx, char kind) {
    const auto n = static_cast<std::int64_t>(v.size());
    for (std::int64_t j = 0; j < n; ++j) idx[j] = j;
    if (kind == 'q') aquicksort(v.data(), idx, n);
    else if (kind == 'h') aheapsort(v.data(), idx, n);
    else std::stable_sort(idx, idx + n, [&](std::int64_t x, std::int64_t y) { return less(v[static_cast<std::size_t>(x)], v[static_cast<std::size_t>(y)]); });
}

}  // namespace

Value np_argsort(Interp& in, const Ref<ArrayObj>& self, const Value& axis_v, const Value& kind_v) {
    char kind = 'q';
    if (!kind_v.is_none()) {
        // PyArray_SortkindConverter: the first letter decides.
        auto* s = kind_v.as<StrObj>();
        const char c = s != nullptr && !s->s.empty() ? s->s[0] : '\0';
        if (c == 'q' || c == 'Q') kind = 'q';
        else if (c == 'h' || c == 'H') kind = 'h';
        else if (c == 'm' || c == 'M' || c == 's' || c == 'S') kind = 's';
        else if (s != nullptr) in.raise(types().value_error, "sort kind must be one of 'quick', 'heap', or 'stable' (got '" + s->s + "')");
        else in.raise(types().type_error, "sort kind must be str or None");
    }
    Ref<ArrayObj> a = self;
    if (axis_v.is_none()) a = reshape(in, self->copy(), Value::integer(-1));
    if (a->ndim() == 0) in.unsupported("np.argsort of a 0-d value", "0차원 값의 np.argsort");
    const int nd = a->ndim();
    const std::int64_t axis = normalize_axis(in, axis_v.is_none() ? 0 : in.index(axis_v), nd);
    Ref<ArrayObj> out = ArrayObj::empty(DType::int64, a->shape);
    const std::int64_t n = a->shape[static_cast<std::size_t>(axis)];
    const std::int64_t lines = n == 0 ? 0 : a->size() / n;
    // Each line along `axis`, the other axes in C order; out is C-contiguous.
    std::int64_t os = 1;
    std::vector<std::int64_t> out_strides(static_cast<std::size_t>(nd));
    for (int d = nd - 1; d >= 0; --d) {
        out_strides[static_cast<std::size_t>(d)] = os;
        os *= a->shape[static_cast<std::size_t>(d)];
    }
    std::vector<std::int64_t> idx(static_cast<std::size_t>(nd), 0), line(static_cast<std::size_t>(n));
    for (std::int64_t l = 0; l < lines; ++l) {
        std::int64_t in_base = a->offset, out_base = 0;
        for (int d = 0; d < nd; ++d) {
            in_base += idx[static_cast<std::size_t>(d)] * a->strides[static_cast<std::size_t>(d)];
            out_base += idx[static_cast<std::size_t>(d)] * out_strides[static_cast<std::size_t>(d)];
        }
        const std::int64_t st = a->strides[static_cast<std::size_t>(axis)];
        const Storage& s = *a->storage;
        switch (a->dtype) {
            case DType::float64: {
                std::vector<double> v(static_cast<std::size_t>(n));
                for (std::int64_t j = 0; j < n; ++j) v[static_cast<std::size_t>(j)] = const_cast<Storage&>(s).f()[in_base + j * st];
                argsort_line(v, line.data(), kind);
                break;
            }
            case DType::int64: {
                std::vector<std::int64_t> v(static_cast<std::size_t>(n));
                for (std::int64_t j = 0; j < n; ++j) v[static_cast<std::size_t>(j)] = const_cast<Storage&>(s).i()[in_base + j * st];
                argsort_line(v, line.data(), kind);
                break;
            }
            case DType::bool_: {
                std::vector<std::uint8_t> v(static_cast<std::size_t>(n));
                for (std::int64_t j = 0; j < n; ++j) v[static_cast<std::size_t>(j)] = const_cast<Storage&>(s).b()[in_base + j * st];
                argsort_line(v, line.data(), kind);
                break;
            }
        }
        const std::int64_t ost = out_strides[static_cast<std::size_t>(axis)];
        for (std::int64_t j = 0; j < n; ++j) out->storage->i()[out_base + j * ost] = line[static_cast<std::size_t>(j)];
        for (int d = nd - 1; d >= 0; --d) {
            if (d == axis) continue;
            if (++idx[static_cast<std::size_t>(d)] < a->shape[static_cast<std::size_t>(d)]) break;
            idx[static_cast<std::size_t>(d)] = 0;
        }
        in.count_step();
    }
    return out;
}

}  // namespace tlab
