// np_index.cpp — NumPy indexing (mapping.c's rules): integers, slices, None and ... select a view;
// integer and boolean arrays (and lists) select a copy. With several index arrays, they and any
// integers broadcast together, and their dimensions replace theirs in place when they are next to
// each other, else go first. Assignment writes through any of these, casting to the array's dtype.
#include <algorithm>
#include <cmath>

#include "python/builtins_support.hpp"
#include "python/numpy.hpp"
#include "python/numbers.hpp"
#include "python/strings.hpp"

namespace tlab {

namespace {

[[noreturn]] void bad_index(Interp& in) {
    in.raise(types().index_error,
             "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are "
             "valid indices");
}

[[noreturn]] void out_of_bounds(Interp& in, std::int64_t i, std::size_t axis, std::int64_t n) {
    in.raise(types().index_error, "index " + std::to_string(i) + " is out of bounds for axis " + std::to_string(axis) +
                                      " with size " + std::to_string(n));
}

// One item of an index, classified. `dim` is the first array dimension it indexes.
struct Item {
    enum class Kind : std::uint8_t { integer, slice, newaxis, ellipsis, array, mask, flag };
    explicit Item(Kind k) : kind(k) {}
    Kind kind;
    std::int64_t i = 0;          // integer; flag: 1 for True, 0 for False
    const SliceObj* s = nullptr;
    Ref<ArrayObj> arr;           // array (int64) or mask (bool)
    std::size_t dim = 0;
    int consumes() const { return kind == Kind::integer || kind == Kind::slice || kind == Kind::array ? 1 : kind == Kind::mask ? arr->ndim() : 0; }
};

Item classify(Interp& in, const Value& v) {
    Item it(Item::Kind::integer);
    if (v.is_none()) return Item(Item::Kind::newaxis);
    if (v.same(in.ellipsis())) return Item(Item::Kind::ellipsis);
    if (auto* s = v.as<SliceObj>()) {
        it.kind = Item::Kind::slice;
        it.s = s;
        return it;
    }
    if (v.kind() == Kind::boolean || v.kind() == Kind::np_bool) {
        it.kind = Item::Kind::flag;
        it.i = v.as_bool();
        return it;
    }
    if (v.kind() == Kind::integer || v.kind() == Kind::np_int) {
        it.i = v.as_int();
        return it;
    }
    if (v.as<ArrayObj>() || v.as<ListObj>() || v.as<TupleObj>()) {
        Ref<ArrayObj> a;
        auto* l = v.as<ListObj>();
        if (l != nullptr && l->items.empty()) a = ArrayObj::empty(DType::int64, {0});
        else a = to_array(in, v);
        if (a->dtype == DType::float64) {
            if (v.as<ArrayObj>() == nullptr) bad_index(in);
            in.raise(types().index_error, "arrays used as indices must be of integer (or boolean) type");
        }
        if (a->ndim() == 0) {  // a 0-d array is a scalar index
            if (a->dtype == DType::bool_) return classify(in, Value::boolean(a->get_b(0)));
            it.i = a->get_i(0);
            return it;
        }
        it.kind = a->dtype == DType::bool_ ? Item::Kind::mask : Item::Kind::array;
        it.arr = a;
        return it;
    }
    std::int64_t i;
    if (v.as<StrObj>() == nullptr && v.type()->ops != nullptr && v.type()->ops->to_index != nullptr && v.type()->ops->to_index(in, v, i)) {
        it.i = i;
        return it;
    }
    bad_index(in);
}

// The index as items, each given its dimension, the ellipsis (or the end) covering the rest.
std::vector<Item> prepare(Interp& in, const ArrayObj& a, const Value& key) {
    std::vector<Item> items;
    if (auto* t = key.as<TupleObj>()) {
        for (const Value& v : t->items) items.push_back(classify(in, v));
    } else {
        items.push_back(classify(in, key));
    }
    int used = 0, ellipses = 0;
    for (const Item& it : items) {
        used += it.consumes();
        if (it.kind == Item::Kind::ellipsis) ++ellipses;
    }
    if (ellipses > 1) in.raise(types().index_error, "an index can only have a single ellipsis ('...')");
    if (used > a.ndim()) {
        in.raise(types().index_error, "too many indices for array: array is " + std::to_string(a.ndim()) +
                                          "-dimensional, but " + std::to_string(used) + " were indexed");
    }
    std::vector<Item> out;
    std::size_t dim = 0;
    auto whole = [&](std::size_t n) {
        for (std::size_t k = 0; k < n; ++k) {
            Item s(Item::Kind::slice);
            s.dim = dim++;
            out.push_back(s);
        }
    };
    for (Item& it : items) {
        if (it.kind == Item::Kind::ellipsis) {
            whole(static_cast<std::size_t>(a.ndim() - used));
            continue;
        }
        it.dim = dim;
        if (it.kind == Item::Kind::mask) {
            for (int d = 0; d < it.arr->ndim(); ++d) {
                const std::int64_t have = a.shape[dim + static_cast<std::size_t>(d)], got = it.arr->shape[static_cast<std::size_t>(d)];
                if (have != got) {
                    in.raise(types().index_error, "boolean index did not match indexed array along dimension " +
                                                      std::to_string(dim + static_cast<std::size_t>(d)) + "; dimension is " +
                                                      std::to_string(have) + " but corresponding boolean dimension is " + std::to_string(got));
                }
            }
        }
        dim += static_cast<std::size_t>(it.consumes());
        out.push_back(it);
    }
    if (ellipses == 0) whole(static_cast<std::size_t>(a.ndim()) - dim);
    return out;
}

bool is_fancy(const std::vector<Item>& items) {
    for (const Item& it : items) {
        if (it.kind == Item::Kind::array || it.kind == Item::Kind::mask || it.kind == Item::Kind::flag) return true;
    }
    return false;
}

std::int64_t checked_index(Interp& in, std::int64_t i, std::size_t axis, std::int64_t n) {
    if (i < -n || i >= n) out_of_bounds(in, i, axis, n);
    return i < 0 ? i + n : i;
}

// A view for an index of integers, slices and None.
Ref<ArrayObj> basic_view(Interp& in, const Ref<ArrayObj>& a, const std::vector<Item>& items) {
    Ref<ArrayObj> v = a->view();
    v->shape.clear();
    v->strides.clear();
    for (const Item& it : items) {
        if (it.kind == Item::Kind::newaxis) {
            v->shape.push_back(1);
            v->strides.push_back(0);
        } else if (it.kind == Item::Kind::slice) {
            std::int64_t start = 0, stop, step = 1, n = a->shape[it.dim];
            if (it.s != nullptr) slice_indices(in, *it.s, a->shape[it.dim], start, stop, step, n);
            v->offset += start * a->strides[it.dim];
            v->shape.push_back(n);
            v->strides.push_back(a->strides[it.dim] * step);
        } else {
            v->offset += checked_index(in, it.i, it.dim, a->shape[it.dim]) * a->strides[it.dim];
        }
    }
    return v;
}

// What an index with arrays selects: the storage positions in the result's C order.
struct Selection {
    std::vector<std::int64_t> positions;
    Shape shape;
};

Selection fancy(Interp& in, const Ref<ArrayObj>& a, const std::vector<Item>& items) {
    // The advanced indexes: integer arrays, masks as their nonzero positions (one array per
    // dimension), integers and True/False as 0-d arrays.
    struct Adv {
        std::size_t dim;      // the array dimension it indexes (none for a flag)
        bool flag;
        Ref<ArrayObj> idx;    // int64
    };
    std::vector<Adv> adv;
    std::vector<std::size_t> adv_items;  // which items are advanced
    for (std::size_t k = 0; k < items.size(); ++k) {
        const Item& it = items[k];
        switch (it.kind) {
            case Item::Kind::integer: {
                Ref<ArrayObj> x = ArrayObj::empty(DType::int64, {});
                x->storage->i()[0] = checked_index(in, it.i, it.dim, a->shape[it.dim]);
                adv.push_back({it.dim, false, x});
                break;
            }
            case Item::Kind::array: adv.push_back({it.dim, false, it.arr->copy_as(DType::int64)}); break;
            case Item::Kind::flag: {
                Ref<ArrayObj> x = ArrayObj::zeros(DType::int64, {it.i});
                adv.push_back({it.dim, true, x});
                break;
            }
            case Item::Kind::mask: {
                const ArrayObj& m = *it.arr;
                std::vector<std::int64_t> hits;
                for (std::int64_t j = 0; j < m.size(); ++j) {
                    if (m.get_b(j)) hits.push_back(j);
                }
                const auto n = static_cast<std::int64_t>(hits.size());
                for (int d = 0; d < m.ndim(); ++d) {
                    Ref<ArrayObj> x = ArrayObj::empty(DType::int64, {n});
                    std::int64_t inner = 1;
                    for (int e = m.ndim() - 1; e > d; --e) inner *= m.shape[static_cast<std::size_t>(e)];
                    for (std::int64_t j = 0; j < n; ++j) x->storage->i()[j] = hits[static_cast<std::size_t>(j)] / inner % m.shape[static_cast<std::size_t>(d)];
                    adv.push_back({it.dim + static_cast<std::size_t>(d), false, x});
                }
                break;
            }
            default: continue;
        }
        adv_items.push_back(k);
    }
    // Broadcast the index arrays together (NumPy lists the arrays' shapes, not the integers').
    Shape b;
    try {
        for (const Adv& x : adv) b = broadcast_shapes(in, b, x.idx->shape);
    } catch (PyException&) {
        std::string text = "shape mismatch: indexing arrays could not be broadcast together with shapes ";
        for (const Adv& x : adv) {
            if (x.idx->ndim() > 0) text += shape_repr(x.idx->shape, ",") + " ";
        }
        in.raise(types().index_error, text);
    }
    for (const Adv& x : adv) {
        if (x.flag) continue;
        const std::int64_t n = a->shape[x.dim];
        for (std::int64_t j = 0; j < x.idx->size(); ++j) {
            std::int64_t& i = x.idx->storage->i()[j];
            i = checked_index(in, i, x.dim, n);
        }
    }
    const bool adjacent = adv_items.back() - adv_items.front() + 1 == adv_items.size();
    // The result's dimensions: the slices' and None's, with the broadcast block in place of the
    // advanced items when they are adjacent, else first.
    struct Dim {
        std::int64_t size, stride;  // stride 0 and size -1: the broadcast block
    };
    std::vector<Dim> dims;
    std::int64_t base = a->offset;
    if (!adjacent) dims.push_back({-1, 0});
    for (std::size_t k = 0; k < items.size(); ++k) {
        const Item& it = items[k];
        if (k == adv_items.front() && adjacent) dims.push_back({-1, 0});
        if (it.kind == Item::Kind::newaxis) {
            dims.push_back({1, 0});
        } else if (it.kind == Item::Kind::slice) {
            std::int64_t start = 0, stop, step = 1, n = a->shape[it.dim];
            if (it.s != nullptr) slice_indices(in, *it.s, a->shape[it.dim], start, stop, step, n);
            base += start * a->strides[it.dim];
            dims.push_back({n, a->strides[it.dim] * step});
        }
    }
    Selection sel;
    for (const Dim& d : dims) {
        if (d.size >= 0) sel.shape.push_back(d.size);
        else sel.shape.insert(sel.shape.end(), b.begin(), b.end());
    }
    // Offsets of the broadcast block's positions (C order).
    const std::int64_t nb = shape_size(b);
    std::vector<std::int64_t> block(static_cast<std::size_t>(nb), 0);
    for (const Adv& x : adv) {
        if (x.flag) continue;
        // x.idx broadcast against b: its strides with 0 for broadcast dimensions.
        const std::size_t lead = b.size() - x.idx->shape.size();
        std::vector<std::int64_t> idx(b.size(), 0);
        for (std::int64_t p = 0; p < nb; ++p) {
            std::int64_t src = 0, mul = 1;
            for (std::size_t d = x.idx->shape.size(); d-- > 0;) {
                src += (x.idx->shape[d] == 1 ? 0 : idx[lead + d]) * mul;
                mul *= x.idx->shape[d];
            }
            block[static_cast<std::size_t>(p)] += x.idx->storage->i()[src] * a->strides[x.dim];
            for (std::size_t d = b.size(); d-- > 0;) {
                if (++idx[d] < b[d]) break;
                idx[d] = 0;
            }
        }
    }
    // Walk the result in C order: each dimension is a stride, or the block.
    const std::int64_t total = shape_size(sel.shape);
    sel.positions.reserve(static_cast<std::size_t>(total));
    std::vector<std::int64_t> counter(dims.size(), 0);
    std::vector<std::int64_t> sizes;
    for (const Dim& d : dims) sizes.push_back(d.size >= 0 ? d.size : nb);
    for (std::int64_t p = 0; p < total; ++p) {
        std::int64_t off = base;
        for (std::size_t d = 0; d < dims.size(); ++d) {
            off += dims[d].size >= 0 ? counter[d] * dims[d].stride : block[static_cast<std::size_t>(counter[d])];
        }
        sel.positions.push_back(off);
        for (std::size_t d = dims.size(); d-- > 0;) {
            if (++counter[d] < sizes[d]) break;
            counter[d] = 0;
        }
        if ((p & 0xFFF) == 0) in.count_step();
    }
    return sel;
}

// Nesting depth of a list/tuple value (0 for anything else).
int list_depth(const Value& v) {
    const std::vector<Value>* items = nullptr;
    if (auto* l = v.as<ListObj>()) items = &l->items;
    else if (auto* t = v.as<TupleObj>()) items = &t->items;
    if (items == nullptr) return 0;
    return 1 + (items->empty() ? 0 : list_depth(items->front()));
}

// The value to store, as NumPy converts it: a Python float into an int64 array raises for NaN
// and inf, strings parse, None is NaN in a float64 array. A list for a basic index may not be
// nested deeper than the target has dimensions (`max_ndim`; -1 for an advanced index).
Ref<ArrayObj> value_array(Interp& in, const ArrayObj& target, const Value& v, int max_ndim) {
    const DType d = target.dtype;
    if (auto* s = v.as<StrObj>()) {
        if (d == DType::float64) return to_array(in, Value::floating(checked(in, parse_float(s->s, str_repr(s->s)))));
        if (d == DType::int64) return to_array(in, Value::integer(checked(in, parse_int(s->s, 10, str_repr(s->s)))));
        return to_array(in, Value::boolean(!s->s.empty()));
    }
    if (v.is_none() && d != DType::int64) return to_array(in, d == DType::float64 ? Value::floating(std::nan("")) : Value::boolean(false));
    if (!is_array_like(v)) {
        if (d == DType::bool_) in.unsupported("storing this object into a boolean array", "불리언 배열에 이 객체 넣기");
        in.raise(types().type_error, d == DType::float64 ? "float() argument must be a string or a real number, not '" + v.type_name() + "'"
                                                         : "int() argument must be a string, a bytes-like object or a real number, not '" +
                                                               v.type_name() + "'");
    }
    if ((v.kind() == Kind::floating || v.kind() == Kind::np_float) && d == DType::int64) {
        const double x = v.as_float();
        if (std::isnan(x)) in.raise(types().value_error, "cannot convert float NaN to integer");
        if (std::isinf(x)) in.raise(types().overflow_error, "cannot convert float infinity to integer");
    }
    if (max_ndim >= 0 && list_depth(v) > max_ndim) {
        in.raise(types().value_error, max_ndim == 0 ? std::string("setting an array element with a sequence.")
                                                    : "setting an array element with a sequence. The requested array would exceed the maximum number of dimension of " +
                                                          std::to_string(max_ndim) + ".");
    }
    return to_array(in, v);
}

// Writes `v` broadcast to `shape` into the storage positions (C order), cast to a's dtype
// (NumPy's RuntimeWarning when a float that is not a finite int64 goes into an int64 array).
void write_positions(Interp& in, ArrayObj& a, const std::vector<std::int64_t>& positions, const Shape& shape,
                     Ref<ArrayObj> v) {
    if (v->storage == a.storage) v = v->copy();  // a[1:] = a[:-1]: read everything before writing
    const std::size_t nd = shape.size();
    const std::size_t lead = nd - v->shape.size();
    std::vector<std::int64_t> idx(nd, 0);
    Storage& s = *a.storage;
    bool invalid = false;
    for (std::size_t k = 0; k < positions.size(); ++k) {
        std::int64_t src = 0, mul = 1;
        for (std::size_t d = v->shape.size(); d-- > 0;) {
            src += (v->shape[d] == 1 ? 0 : idx[lead + d]) * mul;
            mul *= v->shape[d];
        }
        const std::int64_t p = positions[k];
        switch (a.dtype) {
            case DType::float64: s.f()[p] = v->get_f(src); break;
            case DType::int64:
                if (v->dtype == DType::float64) {
                    const double x = v->get_f(src);
                    invalid = invalid || !(x > -9223372036854775809.0 && x < 9223372036854775808.0);
                }
                s.i()[p] = v->get_i(src);
                break;
            case DType::bool_: s.b()[p] = v->get_b(src); break;
        }
        for (std::size_t d = nd; d-- > 0;) {
            if (++idx[d] < shape[d]) break;
            idx[d] = 0;
        }
    }
    if (invalid) np_warn(in, "invalid value encountered in cast");
}

bool fits(Interp& in, const Shape& value, const Shape& target) {
    if (value.size() > target.size()) {
        // Leading ones may be dropped (a (1, 3) value into a (3,) result).
        for (std::size_t d = 0; d < value.size() - target.size(); ++d) {
            if (value[d] != 1) return false;
        }
        return fits(in, Shape(value.end() - static_cast<std::ptrdiff_t>(target.size()), value.end()), target);
    }
    const std::size_t lead = target.size() - value.size();
    for (std::size_t d = 0; d < value.size(); ++d) {
        if (value[d] != 1 && value[d] != target[lead + d]) return false;
    }
    return true;
}

Ref<ArrayObj> squeezed(const Ref<ArrayObj>& v, std::size_t nd) {
    if (static_cast<std::size_t>(v->ndim()) <= nd) return v;
    Ref<ArrayObj> c = v->copy();
    c->shape.erase(c->shape.begin(), c->shape.end() - static_cast<std::ptrdiff_t>(nd));
    c->strides.erase(c->strides.begin(), c->strides.end() - static_cast<std::ptrdiff_t>(nd));
    return c;
}

}  // namespace

Value array_getitem(Interp& in, const Ref<ArrayObj>& a, const Value& key) {
    const std::vector<Item> items = prepare(in, *a, key);
    if (is_fancy(items)) {
        Selection sel = fancy(in, a, items);
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
    Ref<ArrayObj> v = basic_view(in, a, items);
    // An integer for every dimension gives a NumPy scalar, not a 0-d array.
    bool all_ints = true;
    for (const Item& it : items) all_ints = all_ints && it.kind == Item::Kind::integer;
    if (all_ints && v->ndim() == 0) return v->get_scalar(0);
    return v;
}

void array_setitem(Interp& in, const Ref<ArrayObj>& a, const Value& key, const Value& value) {
    const std::vector<Item> items = prepare(in, *a, key);
    if (!is_fancy(items)) {
        Ref<ArrayObj> target = basic_view(in, a, items);
        Ref<ArrayObj> v = value_array(in, *a, value, target->ndim());
        if (!fits(in, v->shape, target->shape)) {
            in.raise(types().value_error, "could not broadcast input array from shape " + shape_repr(v->shape, ",") +
                                              " into shape " + shape_repr(target->shape, ","));
        }
        std::vector<std::int64_t> positions;
        positions.reserve(static_cast<std::size_t>(target->size()));
        for_each_index(*target, [&](std::int64_t i) { positions.push_back(i); });
        write_positions(in, *a, positions, target->shape, squeezed(v, target->shape.size()));
        return;
    }
    // A single boolean mask over every dimension: NumPy's boolean assignment and its messages.
    const bool one_mask = items.size() == 1 && items[0].kind == Item::Kind::mask && items[0].arr->ndim() == a->ndim();
    Selection sel = fancy(in, a, items);
    Ref<ArrayObj> v = value_array(in, *a, value, -1);
    if (one_mask) {
        if (v->ndim() > 1) {
            in.raise(types().type_error, "NumPy boolean array indexing assignment requires a 0 or 1-dimensional input, input has " +
                                             std::to_string(v->ndim()) + " dimensions");
        }
        const auto count = static_cast<std::int64_t>(sel.positions.size());
        if (v->ndim() == 1 && v->size() != count && v->size() != 1) {
            in.raise(types().value_error, "NumPy boolean array indexing assignment cannot assign " + std::to_string(v->size()) +
                                              " input values to the " + std::to_string(count) + " output values where the mask is true");
        }
    } else if (!fits(in, v->shape, sel.shape)) {
        in.raise(types().value_error, "shape mismatch: value array of shape " + shape_repr(v->shape, ",") +
                                          " could not be broadcast to indexing result of shape " + shape_repr(sel.shape, ","));
    }
    write_positions(in, *a, sel.positions, sel.shape, squeezed(v, sel.shape.size()));
}

}  // namespace tlab
