// np_index.cpp — NumPy indexing: basic indexes (ints, slices, None, ...) give views; a boolean
// mask or integer arrays give copies; assignment writes through any of them, casting to the
// array's dtype.
#include <algorithm>
#include <cmath>

#include "python/builtins_support.hpp"
#include "python/numpy.hpp"

namespace tlab {

namespace {

[[noreturn]] void bad_index(Interp& in) {
    in.raise(types().index_error,
             "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are "
             "valid indices");
}

bool is_advanced(const Value& v) {
    return v.as<ArrayObj>() != nullptr || v.as<ListObj>() != nullptr || v.kind() == Kind::boolean ||
           v.kind() == Kind::np_bool;
}

// The index as a list of items (a tuple's items, or the single key).
std::vector<Value> index_items(const Value& key) {
    if (auto* t = key.as<TupleObj>()) return t->items;
    return {key};
}

// What a basic index selects: a view (shape/strides/offset) of `a`.
struct Basic {
    Shape shape, strides;
    std::int64_t offset;
};

Basic basic_view(Interp& in, const ArrayObj& a, const std::vector<Value>& items) {
    std::size_t consumed = 0;
    std::size_t ellipses = 0;
    for (const Value& v : items) {
        if (v.is_none()) continue;
        if (v.same(in.ellipsis())) {
            ++ellipses;
            continue;
        }
        ++consumed;
    }
    if (ellipses > 1) in.raise(types().index_error, "an index can only have a single ellipsis ('...')");
    if (consumed > static_cast<std::size_t>(a.ndim())) {
        in.raise(types().index_error, "too many indices for array: array is " + std::to_string(a.ndim()) +
                                          "-dimensional, but " + std::to_string(consumed) + " were indexed");
    }
    Basic b{{}, {}, a.offset};
    std::size_t dim = 0;
    for (const Value& v : items) {
        if (v.is_none()) {
            b.shape.push_back(1);
            b.strides.push_back(0);
            continue;
        }
        if (v.same(in.ellipsis())) {
            const std::size_t skip = static_cast<std::size_t>(a.ndim()) - consumed;
            for (std::size_t k = 0; k < skip; ++k, ++dim) {
                b.shape.push_back(a.shape[dim]);
                b.strides.push_back(a.strides[dim]);
            }
            continue;
        }
        if (auto* s = v.as<SliceObj>()) {
            std::int64_t start, stop, step, n;
            slice_indices(in, *s, a.shape[dim], start, stop, step, n);
            b.offset += start * a.strides[dim];
            b.shape.push_back(n);
            b.strides.push_back(a.strides[dim] * step);
            ++dim;
            continue;
        }
        if (v.kind() == Kind::integer || v.kind() == Kind::np_int) {
            std::int64_t i = v.as_int();
            const std::int64_t n = a.shape[dim];
            if (i < -n || i >= n) {
                in.raise(types().index_error, "index " + std::to_string(i) + " is out of bounds for axis " +
                                                  std::to_string(dim) + " with size " + std::to_string(n));
            }
            if (i < 0) i += n;
            b.offset += i * a.strides[dim];
            ++dim;
            continue;
        }
        std::int64_t i;
        if (v.type()->ops != nullptr && v.type()->ops->to_index != nullptr && v.type()->ops->to_index(in, v, i)) {
            const std::int64_t n = a.shape[dim];
            if (i < -n || i >= n) {
                in.raise(types().index_error, "index " + std::to_string(i) + " is out of bounds for axis " +
                                                  std::to_string(dim) + " with size " + std::to_string(n));
            }
            b.offset += (i < 0 ? i + n : i) * a.strides[dim];
            ++dim;
            continue;
        }
        bad_index(in);
    }
    for (; dim < static_cast<std::size_t>(a.ndim()); ++dim) {
        b.shape.push_back(a.shape[dim]);
        b.strides.push_back(a.strides[dim]);
    }
    return b;
}

Ref<ArrayObj> make_view(const Ref<ArrayObj>& a, const Basic& b) {
    Ref<ArrayObj> v = a->view();
    v->shape = b.shape;
    v->strides = b.strides;
    v->offset = b.offset;
    return v;
}

// The storage indexes an advanced index selects, in result order, and the result shape.
struct Selection {
    std::vector<std::int64_t> positions;
    Shape shape;
};

// A boolean mask over the leading dimensions of a (mask.ndim <= a.ndim), or one integer array
// (any shape) on axis 0, each possibly followed by the rest of a's axes whole.
Selection advanced(Interp& in, const Ref<ArrayObj>& a, const std::vector<Value>& items) {
    std::size_t adv = items.size();
    for (std::size_t k = 0; k < items.size(); ++k) {
        if (is_advanced(items[k])) {
            if (adv != items.size()) {
                in.unsupported("indexing with several index arrays at once", "인덱스 배열 여러 개를 함께 쓰는 인덱싱");
            }
            adv = k;
        }
    }
    // Basic items before the advanced one must be full slices (a[:, mask] style is refused).
    for (std::size_t k = 0; k < adv; ++k) {
        auto* s = items[k].as<SliceObj>();
        if (s == nullptr || !s->start.is_none() || !s->stop.is_none() || !s->step.is_none()) {
            in.unsupported("an index array after other indexes", "다른 인덱스 뒤의 인덱스 배열");
        }
    }
    for (std::size_t k = adv + 1; k < items.size(); ++k) {
        auto* s = items[k].as<SliceObj>();
        if (s == nullptr || !s->start.is_none() || !s->stop.is_none() || !s->step.is_none()) {
            in.unsupported("an index array combined with other indexes", "다른 인덱스와 함께 쓴 인덱스 배열");
        }
    }
    Ref<ArrayObj> idx = to_array(in, items[adv]);
    const std::size_t axis = adv;
    Selection sel;
    if (idx->dtype == DType::bool_) {
        const int mnd = idx->ndim();
        if (mnd == 0) in.unsupported("a scalar boolean index", "스칼라 불리언 인덱스");
        if (axis + static_cast<std::size_t>(mnd) > static_cast<std::size_t>(a->ndim())) {
            in.raise(types().index_error, "too many indices for array: array is " + std::to_string(a->ndim()) +
                                              "-dimensional, but " + std::to_string(axis + static_cast<std::size_t>(mnd)) +
                                              " were indexed");
        }
        for (int d = 0; d < mnd; ++d) {
            const std::int64_t have = a->shape[axis + static_cast<std::size_t>(d)];
            const std::int64_t got = idx->shape[static_cast<std::size_t>(d)];
            if (have != got) {
                in.raise(types().index_error, "boolean index did not match indexed array along dimension " +
                                                  std::to_string(axis + static_cast<std::size_t>(d)) + "; dimension is " +
                                                  std::to_string(have) + " but corresponding boolean dimension is " +
                                                  std::to_string(got));
            }
        }
        // Result: a's leading axes (before `axis`), then the count of true entries, then the rest.
        Shape lead(a->shape.begin(), a->shape.begin() + static_cast<std::ptrdiff_t>(axis));
        Shape rest(a->shape.begin() + static_cast<std::ptrdiff_t>(axis) + mnd, a->shape.end());
        std::vector<std::int64_t> hits;  // storage offsets (relative) of the masked sub-blocks
        const std::int64_t m = idx->size();
        for (std::int64_t k = 0; k < m; ++k) {
            if (!idx->get_b(k)) continue;
            std::int64_t off = 0, rem = k;
            for (int d = mnd - 1; d >= 0; --d) {
                const std::size_t ad = axis + static_cast<std::size_t>(d);
                const std::int64_t n = a->shape[ad];
                off += (rem % n) * a->strides[ad];
                rem /= n;
            }
            hits.push_back(off);
        }
        sel.shape = lead;
        sel.shape.push_back(static_cast<std::int64_t>(hits.size()));
        sel.shape.insert(sel.shape.end(), rest.begin(), rest.end());
        const std::int64_t n_lead = shape_size(lead), n_rest = shape_size(rest);
        for (std::int64_t l = 0; l < n_lead; ++l) {
            std::int64_t lead_off = a->offset, rem = l;
            for (std::size_t d = lead.size(); d-- > 0;) {
                lead_off += (rem % lead[d]) * a->strides[d];
                rem /= lead[d];
            }
            for (std::int64_t h : hits) {
                for (std::int64_t r = 0; r < n_rest; ++r) {
                    std::int64_t off = lead_off + h, rr = r;
                    for (std::size_t d = rest.size(); d-- > 0;) {
                        const std::size_t ad = axis + static_cast<std::size_t>(mnd) + d;
                        off += (rr % rest[d]) * a->strides[ad];
                        rr /= rest[d];
                    }
                    sel.positions.push_back(off);
                }
            }
        }
        return sel;
    }
    if (idx->dtype == DType::float64) bad_index(in);
    if (static_cast<int>(axis) >= a->ndim()) {
        in.raise(types().index_error, "too many indices for array: array is " + std::to_string(a->ndim()) +
                                          "-dimensional, but " + std::to_string(axis + 1) + " were indexed");
    }
    const std::int64_t n = a->shape[axis];
    Shape lead(a->shape.begin(), a->shape.begin() + static_cast<std::ptrdiff_t>(axis));
    Shape rest(a->shape.begin() + static_cast<std::ptrdiff_t>(axis) + 1, a->shape.end());
    sel.shape = lead;
    sel.shape.insert(sel.shape.end(), idx->shape.begin(), idx->shape.end());
    sel.shape.insert(sel.shape.end(), rest.begin(), rest.end());
    std::vector<std::int64_t> picks;
    for (std::int64_t k = 0; k < idx->size(); ++k) {
        std::int64_t i = idx->get_i(k);
        if (i < -n || i >= n) {
            in.raise(types().index_error, "index " + std::to_string(i) + " is out of bounds for axis " +
                                              std::to_string(axis) + " with size " + std::to_string(n));
        }
        picks.push_back((i < 0 ? i + n : i) * a->strides[axis]);
    }
    const std::int64_t n_lead = shape_size(lead), n_rest = shape_size(rest);
    for (std::int64_t l = 0; l < n_lead; ++l) {
        std::int64_t lead_off = a->offset, rem = l;
        for (std::size_t d = lead.size(); d-- > 0;) {
            lead_off += (rem % lead[d]) * a->strides[d];
            rem /= lead[d];
        }
        for (std::int64_t p : picks) {
            for (std::int64_t r = 0; r < n_rest; ++r) {
                std::int64_t off = lead_off + p, rr = r;
                for (std::size_t d = rest.size(); d-- > 0;) {
                    off += (rr % rest[d]) * a->strides[axis + 1 + d];
                    rr /= rest[d];
                }
                sel.positions.push_back(off);
            }
        }
    }
    return sel;
}

bool has_advanced(const std::vector<Value>& items) {
    for (const Value& v : items) {
        if (is_advanced(v)) return true;
    }
    return false;
}

// Writes value (broadcast to `shape`) into the storage positions, in C order, cast to a's dtype.
void write_positions(Interp& in, ArrayObj& a, const std::vector<std::int64_t>& positions, const Shape& shape,
                     const Value& value) {
    Ref<ArrayObj> v = to_array(in, value);
    if (v->storage == a.storage) v = v->copy();  // a[1:] = a[:-1]: read everything before writing
    const Shape bs = [&] {
        try {
            return broadcast_shapes(in, shape, v->shape);
        } catch (PyException&) {
            in.raise(types().value_error, "could not broadcast input array from shape " + shape_repr(v->shape) +
                                              " into shape " + shape_repr(shape));
        }
    }();
    if (bs != shape) {
        in.raise(types().value_error, "could not broadcast input array from shape " + shape_repr(v->shape) +
                                          " into shape " + shape_repr(shape));
    }
    // Source element for output position k: broadcast index.
    const std::size_t nd = shape.size();
    const std::size_t lead = nd - v->shape.size();
    std::vector<std::int64_t> idx(nd, 0);
    Storage& s = *a.storage;
    for (std::size_t k = 0; k < positions.size(); ++k) {
        std::int64_t src = 0, mul = 1;
        for (std::size_t d = v->shape.size(); d-- > 0;) {
            const std::int64_t i = v->shape[d] == 1 ? 0 : idx[lead + d];
            src += i * mul;
            mul *= v->shape[d];
        }
        const std::int64_t p = positions[k];
        switch (a.dtype) {
            case DType::float64: s.f()[p] = v->get_f(src); break;
            case DType::int64: {
                if (v->dtype == DType::float64) {
                    const double x = v->get_f(src);
                    if (std::isnan(x) && v->ndim() == 0) in.raise(types().value_error, "cannot convert float NaN to integer");
                    if (std::isinf(x) && v->ndim() == 0) in.raise(types().overflow_error, "cannot convert float infinity to integer");
                }
                s.i()[p] = v->get_i(src);
                break;
            }
            case DType::bool_: s.b()[p] = v->get_b(src); break;
        }
        for (std::size_t d = nd; d-- > 0;) {
            if (++idx[d] < shape[d]) break;
            idx[d] = 0;
        }
    }
}

}  // namespace

Value array_getitem(Interp& in, const Ref<ArrayObj>& a, const Value& key) {
    std::vector<Value> items = index_items(key);
    if (key.as<ListObj>() != nullptr) items = {key};
    for (const Value& v : items) {
        if (v.kind() == Kind::floating || v.kind() == Kind::np_float || v.as<StrObj>()) bad_index(in);
    }
    if (has_advanced(items)) {
        Selection sel = advanced(in, a, items);
        Ref<ArrayObj> out = ArrayObj::empty(a->dtype, sel.shape);
        Storage& s = *a->storage;
        std::int64_t k = 0;
        for (std::int64_t p : sel.positions) {
            switch (a->dtype) {
                case DType::float64: out->storage->f()[k++] = s.f()[p]; break;
                case DType::int64: out->storage->i()[k++] = s.i()[p]; break;
                case DType::bool_: out->storage->b()[k++] = s.b()[p]; break;
            }
        }
        return out;
    }
    Basic b = basic_view(in, *a, items);
    Ref<ArrayObj> v = make_view(a, b);
    // An integer for every axis gives a NumPy scalar, not a 0-d array.
    bool all_ints = true;
    std::size_t ints = 0;
    for (const Value& x : items) {
        if (x.kind() == Kind::integer || x.kind() == Kind::np_int) ++ints;
        else all_ints = false;
    }
    if (all_ints && ints == static_cast<std::size_t>(a->ndim())) return v->get_scalar(0);
    return v;
}

void array_setitem(Interp& in, const Ref<ArrayObj>& a, const Value& key, const Value& value) {
    std::vector<Value> items = index_items(key);
    if (key.as<ListObj>() != nullptr) items = {key};
    for (const Value& v : items) {
        if (v.kind() == Kind::floating || v.kind() == Kind::np_float || v.as<StrObj>()) bad_index(in);
    }
    if (!is_array_like(value)) {
        if (value.as<StrObj>()) {
            if (a->dtype == DType::float64) {
                in.raise(types().value_error, "could not convert string to float: " + in.repr(value));
            }
            in.raise(types().value_error, "invalid literal for int() with base 10: " + in.repr(value));
        }
        in.raise(types().type_error, std::string(a->dtype == DType::float64 ? "float" : "int") +
                                         "() argument must be a string or a " +
                                         (a->dtype == DType::float64 ? "real number" : "real number") + ", not '" +
                                         value.type_name() + "'");
    }
    if (has_advanced(items)) {
        Selection sel = advanced(in, a, items);
        Ref<ArrayObj> v = to_array(in, value);
        // A boolean mask with a 1-D value of the wrong length has its own message.
        Ref<ArrayObj> idx = to_array(in, items[0]);
        if (idx->dtype == DType::bool_ && v->ndim() == 1 && v->size() != 1 &&
            v->size() != static_cast<std::int64_t>(sel.positions.size()) && sel.shape.size() == 1) {
            in.raise(types().value_error, "NumPy boolean array indexing assignment cannot assign " +
                                              std::to_string(v->size()) + " input values to the " +
                                              std::to_string(sel.positions.size()) + " output values where the mask is true");
        }
        write_positions(in, *a, sel.positions, sel.shape, value);
        return;
    }
    Basic b = basic_view(in, *a, items);
    Ref<ArrayObj> target = make_view(a, b);
    std::vector<std::int64_t> positions;
    positions.reserve(static_cast<std::size_t>(target->size()));
    for_each_index(*target, [&](std::int64_t i) { positions.push_back(i); });
    write_positions(in, *a, positions, target->shape, value);
}

}  // namespace tlab
