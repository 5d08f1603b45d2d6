// np_random.cpp — numpy.random's legacy global RandomState: seed, randn, rand, normal, randint,
// uniform, choice, shuffle, permutation, bit for bit (MT19937, the polar method with its cached
// value, masked rejection for bounded integers), with the frames of mtrand.pyx in tracebacks.
#include <cmath>

#include "python/builtins_support.hpp"
#include "python/np_frames.hpp"
#include "python/numpy.hpp"

namespace tlab {

namespace {

using F = NpFrame;

// The size argument: None (one value), an int or a tuple of ints. Its errors are raised where
// the drawing starts: `fill` (the frames of _common.pyx's cont/double_fill...).
bool size_arg(Interp& in, const Value& v, Shape& out) {
    if (v.is_none()) return false;
    auto one = [&](const Value& x) {
        if (!(x.is_int_like() || x.kind() == Kind::np_int || x.kind() == Kind::np_bool)) {
            in.raise(types().type_error, "expected a sequence of integers or a single integer, got '" + in.repr(v) + "'");
        }
        return x.as_int();
    };
    if (auto* t = v.as<TupleObj>()) {
        for (const Value& x : t->items) out.push_back(one(x));
    } else if (auto* l = v.as<ListObj>()) {
        for (const Value& x : l->items) out.push_back(one(x));
    } else {
        out.push_back(one(v));
    }
    for (std::int64_t d : out) {
        if (d < 0) in.raise(types().value_error, "negative dimensions are not allowed");
    }
    return true;
}

Ref<ArrayObj> alloc_d(Interp& in, const Shape& s, DType d = DType::float64) {
    try {
        return ArrayObj::empty(d, s);
    } catch (OverCap&) {
        memory_error(in, s, d);
    }
}

// _legacy_seeding: operator.index(seed) first; a TypeError there is caught, and the seed cast
// to int64 'safe'ly, which fails again for floats and strings.
Value f_seed(Interp& in, Args& a) {
    ArgParser p(in, a, "seed", {"seed=None"});
    const Value& s = p.get(0);
    if (s.is_none()) {
        in.unsupported("np.random.seed() without a seed (it draws one from the operating system)",
                       "씨앗 없는 np.random.seed() (운영체제에서 씨앗을 받아 옵니다)");
    }
    NpFrames f(in, {F::mtrand_seed_4789, F::mtrand_seed_250, F::mt19937_legacy_seeding_166});
    if (s.kind() == Kind::floating || s.kind() == Kind::np_float || s.as<StrObj>() != nullptr) {
        const bool str = s.as<StrObj>() != nullptr;
        Interp::Handling h(in, np_caught(in, types().type_error, "'" + s.type_name() + "' object cannot be interpreted as an integer",
                                         F::mt19937_legacy_seeding_178));
        f.move_to({F::mtrand_seed_4789, F::mtrand_seed_250, F::mt19937_legacy_seeding_166, F::mt19937_legacy_seeding_186});
        in.raise(types().type_error, std::string("Cannot cast scalar from dtype('") + (str ? "<U" + std::to_string(s.as<StrObj>()->s.size()) : "float64") +
                                         "') to dtype('int64') according to the rule 'safe'");
    }
    if (!(s.is_int_like() || s.kind() == Kind::np_int || s.kind() == Kind::np_bool)) {
        in.unsupported("np.random.seed with a sequence or an array", "시퀀스나 배열을 준 np.random.seed");
    }
    const std::int64_t v = s.as_int();
    f.move_to({F::mtrand_seed_4789, F::mtrand_seed_250, F::mt19937_legacy_seeding_166, F::mt19937_legacy_seeding_180});
    if (v < 0 || v > 4294967295LL) in.raise(types().value_error, "Seed must be between 0 and 2**32 - 1");
    in.random().reseed(static_cast<std::uint32_t>(v));
    return Value();
}

// randn(d0, d1, ...) / rand(d0, ...): dimensions as separate arguments.
Shape dims_args(Interp& in, Args& a, const char* name) {
    if (a.has_keywords()) in.raise(types().type_error, std::string(name) + "() got an unexpected keyword argument '" + a.keywords()[0].first + "'");
    return Shape();
}

Shape dims_of(Interp& in, Args& a) {
    Shape s;
    for (const Value& v : a.positional()) {
        s.push_back(in.index(v, ("'" + v.type_name() + "' object cannot be interpreted as an integer").c_str()));
        if (s.back() < 0) in.raise(types().value_error, "negative dimensions are not allowed");
    }
    check_ndim(in, s.size());
    return s;
}

void fill_normal(Interp& in, double* out, std::int64_t n) {
    constexpr std::int64_t kBlock = std::int64_t{1} << 18;
    for (std::int64_t start = 0; start < n; start += kBlock) {
        const std::int64_t len = std::min(kBlock, n - start);
        in.random().fill_normal(out + start, static_cast<std::size_t>(len));
        if (start + len < n) in.check_progress();
    }
}

Value normals(Interp& in, const Shape& s) {
    check_array_size(in, s, DType::float64);  // (a lazy array is stored later, if ever)
    if (shape_size(s) >= kLazyMinValues) {
        Ref<ArrayObj> out(make<ArrayObj>());
        out->dtype = DType::float64;
        out->shape = s;
        out->strides.assign(s.size(), 1);
        for (int k = static_cast<int>(s.size()) - 2; k >= 0; --k) {
            out->strides[static_cast<std::size_t>(k)] = out->strides[static_cast<std::size_t>(k) + 1] * s[static_cast<std::size_t>(k) + 1];
        }
        out->lazy = lazy_randn(in, shape_size(s));
        return out;
    }
    Ref<ArrayObj> out = alloc_d(in, s);
    fill_normal(in, out->storage->f(), out->size());
    return out;
}

Value uniforms(Interp& in, const Shape& s) {
    Ref<ArrayObj> out = alloc_d(in, s);
    double* o = out->storage->f();
    for (std::int64_t k = 0; k < out->size(); ++k) o[k] = in.random().next_double();
    return out;
}

Value f_randn(Interp& in, Args& a) {
    dims_args(in, a, "randn");
    NpFrames f(in, {F::mtrand_randn_1270, F::mtrand_standard_normal_1431, F::common_cont_636});
    if (a.size() == 0) return Value::floating(in.random().standard_normal());
    return normals(in, dims_of(in, a));
}

Value f_standard_normal(Interp& in, Args& a) {
    ArgParser p(in, a, "standard_normal", {"size=None"});
    NpFrames f(in, {F::mtrand_standard_normal_1431, F::common_cont_636});
    Shape s;
    if (!size_arg(in, p.get(0), s)) return Value::floating(in.random().standard_normal());
    return normals(in, s);
}

Value f_rand(Interp& in, Args& a) {
    dims_args(in, a, "rand");
    NpFrames f(in, {F::mtrand_rand_1202, F::mtrand_random_sample_436, F::common_double_fill_307});
    if (a.size() == 0) return Value::floating(in.random().next_double());
    return uniforms(in, dims_of(in, a));
}

Value random_sample(Interp& in, Args& a, const char* name, bool random) {
    ArgParser p(in, a, name, {"size=None"});
    NpFrames f(in, {F::mtrand_random_sample_436, F::common_double_fill_307});
    if (random) f.move_to({F::mtrand_random_445, F::mtrand_random_sample_436, F::common_double_fill_307});
    Shape s;
    if (!size_arg(in, p.get(0), s)) return Value::floating(in.random().next_double());
    return uniforms(in, s);
}

Value f_random(Interp& in, Args& a) { return random_sample(in, a, "random", true); }
Value f_random_sample(Interp& in, Args& a) { return random_sample(in, a, "random_sample", false); }

double scalar_param(Interp& in, const Value& v, const char* what) {
    double x;
    if (v.as<StrObj>() != nullptr) in.raise(types().value_error, "could not convert string to float: " + in.repr(v));
    if (v.as<ArrayObj>() || v.as<ListObj>() || v.as<TupleObj>() || !in.to_float(v, x)) {
        in.unsupported(std::string("np.random with an array ") + what, std::string("배열 ") + what + " 를 준 np.random");
    }
    return x;
}

Value f_normal(Interp& in, Args& a) {
    ArgParser p(in, a, "normal", {"loc=0.0", "scale=1.0", "size=None"});
    NpFrames f(in, {F::mtrand_normal_1540, F::common_cont_585});
    const double loc = p.given(0) ? scalar_param(in, p.get(0), "loc") : 0.0;
    const double scale = p.given(1) ? scalar_param(in, p.get(1), "scale") : 1.0;
    f.move_to({F::mtrand_normal_1540, F::common_cont_616, F::common_check_constraint_422});
    if (std::signbit(scale) && scale != 0) in.raise(types().value_error, "scale < 0");
    f.move_to({F::mtrand_normal_1540, F::common_cont_636});
    Shape s;
    if (!size_arg(in, p.get(2), s)) return Value::floating(loc + scale * in.random().standard_normal());
    Ref<ArrayObj> out = alloc_d(in, s);
    double* o = out->storage->f();
    for (std::int64_t k = 0; k < out->size(); ++k) o[k] = loc + scale * in.random().standard_normal();
    return out;
}

Value f_uniform(Interp& in, Args& a) {
    ArgParser p(in, a, "uniform", {"low=0.0", "high=1.0", "size=None"});
    NpFrames f(in, {F::mtrand_uniform_1139});
    const double low = p.given(0) ? scalar_param(in, p.get(0), "low") : 0.0;
    const double high = p.given(1) ? scalar_param(in, p.get(1), "high") : 1.0;
    const double range = high - low;
    if (!std::isfinite(range)) in.raise(types().overflow_error, "Range exceeds valid bounds");
    f.move_to({F::mtrand_uniform_1141, F::common_cont_636});
    Shape s;
    if (!size_arg(in, p.get(2), s)) return Value::floating(low + range * in.random().next_double());
    Ref<ArrayObj> out = alloc_d(in, s);
    double* o = out->storage->f();
    for (std::int64_t k = 0; k < out->size(); ++k) o[k] = low + range * in.random().next_double();
    return out;
}

// random_bounded_uint64_fill with use_masked (the legacy RandomState's choice); also
// random_interval, which shuffle uses.
std::uint64_t bounded(RandomState& rs, std::uint64_t rng) {
    if (rng == 0) return 0;
    std::uint64_t mask = rng;
    mask |= mask >> 1;
    mask |= mask >> 2;
    mask |= mask >> 4;
    mask |= mask >> 8;
    mask |= mask >> 16;
    mask |= mask >> 32;
    if (rng <= 0xFFFFFFFFULL) {
        if (rng == 0xFFFFFFFFULL) return rs.next_uint32();
        std::uint32_t val;
        while ((val = (rs.next_uint32() & static_cast<std::uint32_t>(mask))) > rng) {
        }
        return val;
    }
    auto next64 = [&] {
        const std::uint64_t hi = rs.next_uint32();
        const std::uint64_t lo = rs.next_uint32();
        return (hi << 32) | lo;
    };
    if (rng == 0xFFFFFFFFFFFFFFFFULL) return next64();
    std::uint64_t val;
    while ((val = (next64() & mask)) > rng) {
    }
    return val;
}

// randint(low, high, size): a Python int without size, else an int64 array.
Value randint(Interp& in, const Value& low_v, const Value& high_v, const Value& size) {
    NpFrames f(in, {F::mtrand_randint_765, F::bounded_integers_rand_int64_1247});
    auto int_param = [&](const Value& v) {
        if (v.as<ArrayObj>() || v.as<ListObj>()) in.unsupported("np.random.randint with array bounds", "배열 경계를 준 np.random.randint");
        if (v.kind() == Kind::floating || v.kind() == Kind::np_float) return static_cast<std::int64_t>(std::floor(v.as_float()));
        return in.index(v);
    };
    std::int64_t low = int_param(low_v), high;
    if (high_v.is_none()) {
        high = low;
        low = 0;
    } else {
        high = int_param(high_v);
    }
    if (low >= high) in.raise(types().value_error, "low >= high");
    f.move_to({F::mtrand_randint_765, F::bounded_integers_rand_int64_1256});
    const auto rng = static_cast<std::uint64_t>(high - 1) - static_cast<std::uint64_t>(low);
    Shape s;
    if (!size_arg(in, size, s)) {
        return Value::integer(static_cast<std::int64_t>(static_cast<std::uint64_t>(low) + bounded(in.random(), rng)));
    }
    Ref<ArrayObj> out = alloc_d(in, s, DType::int64);
    std::int64_t* o = out->storage->i();
    for (std::int64_t k = 0; k < out->size(); ++k) {
        o[k] = static_cast<std::int64_t>(static_cast<std::uint64_t>(low) + bounded(in.random(), rng));
    }
    return out;
}

Value f_randint(Interp& in, Args& a) {
    ArgParser p(in, a, "randint", {"low", "high=None", "size=None", "dtype=None"});
    if (p.given(3)) in.unsupported("np.random.randint(dtype=...)", "np.random.randint(dtype=...)");
    return randint(in, p.get(0), p.get(1), p.get(2));
}

// RandomState.shuffle: from the last position down, each swapped with one drawn from 0..i.
void shuffle(Interp& in, const Value& x) {
    auto* arr = x.as<ArrayObj>();
    auto* list = x.as<ListObj>();
    if (arr == nullptr && list == nullptr) {
        if (x.as<StrObj>() || x.as<TupleObj>()) in.unsupported("np.random.shuffle of this sequence", "이 시퀀스의 np.random.shuffle");
        in.raise(types().type_error, "object of type '" + x.type_name() + "' has no len()");
    }
    if (arr != nullptr && arr->ndim() == 0) in.raise(types().type_error, "len() of unsized object");
    const std::int64_t n = arr != nullptr ? arr->shape[0] : static_cast<std::int64_t>(list->items.size());
    for (std::int64_t i = n - 1; i >= 1; --i) {
        const auto j = static_cast<std::int64_t>(bounded(in.random(), static_cast<std::uint64_t>(i)));
        if (list != nullptr) {
            std::swap(list->items[static_cast<std::size_t>(i)], list->items[static_cast<std::size_t>(j)]);
            continue;
        }
        if (i == j) continue;
        Ref<ArrayObj> rows = Ref<ArrayObj>(x);
        Value ri = array_getitem(in, rows, Value::integer(i)), rj = array_getitem(in, rows, Value::integer(j));
        Value keep = ri.as<ArrayObj>() ? Value(ri.as<ArrayObj>()->copy()) : ri;
        array_setitem(in, rows, Value::integer(i), rj);
        array_setitem(in, rows, Value::integer(j), keep);
    }
}

Value f_shuffle(Interp& in, Args& a) {
    ArgParser p(in, a, "shuffle", {"x"});
    NpFrames f(in, {F::mtrand_shuffle_4572});
    shuffle(in, p.get(0));
    return Value();
}

Value permutation(Interp& in, const Value& x) {
    NpFrames f(in, {F::mtrand_permutation_4705});
    if (x.is_int_like() || x.kind() == Kind::np_int) {
        const std::int64_t n = std::max<std::int64_t>(x.as_int(), 0);
        Ref<ArrayObj> arr = alloc_d(in, {n}, DType::int64);
        for (std::int64_t k = 0; k < n; ++k) arr->storage->i()[k] = k;
        shuffle(in, arr);
        return arr;
    }
    if (!is_array_like(x) || x.as<StrObj>()) in.raise(types().index_error, "x must be an integer or at least 1-dimensional");
    Ref<ArrayObj> arr = to_array(in, x);
    if (arr->ndim() < 1) in.raise(types().index_error, "x must be an integer or at least 1-dimensional");
    if (arr->ndim() == 1) {
        Ref<ArrayObj> c = arr->copy();
        shuffle(in, c);
        return c;
    }
    Ref<ArrayObj> idx = to_array(in, permutation(in, Value::integer(arr->shape[0])));
    return array_getitem(in, arr, idx);
}

Value f_permutation(Interp& in, Args& a) {
    ArgParser p(in, a, "permutation", {"x"});
    return permutation(in, p.get(0));
}

// RandomState.choice: randint for a uniform draw with replacement, the inverse CDF of random
// draws for weights, a permutation's first values without replacement.
Value f_choice(Interp& in, Args& a) {
    ArgParser p(in, a, "choice", {"a", "size=None", "replace=True", "p=None"});
    const Value& av = p.get(0);
    const Value& size = p.get(1);
    if (av.as<StrObj>() != nullptr || av.kind() == Kind::floating || av.kind() == Kind::np_float) {
        Interp::Handling h(in, np_caught(in, types().type_error, "'" + av.type_name() + "' object cannot be interpreted as an integer",
                                         F::mtrand_choice_924));
        NpFrames f(in, {F::mtrand_choice_926});
        in.raise(types().value_error, "a must be 1-dimensional or an integer");
    }
    Ref<ArrayObj> pool = to_array(in, av);
    Shape shape;
    std::int64_t n_draws = 1;
    const bool sized = !size.is_none();
    if (sized) {
        // np.prod(size): the checks below see a negative or float size before randint does.
        for (const Value& d : size.as<TupleObj>() ? size.as<TupleObj>()->items : std::vector<Value>{size}) {
            if (d.is_int_like() || d.kind() == Kind::np_int) n_draws *= d.as_int();
        }
    }
    std::int64_t pop = 0;
    if (pool->ndim() == 0) {
        pop = pool->get_i(0);
        NpFrames f(in, {F::mtrand_choice_928});
        if (pop <= 0 && n_draws != 0) in.raise(types().value_error, "a must be greater than 0 unless no samples are taken");
    } else if (pool->ndim() != 1) {
        NpFrames f(in, {F::mtrand_choice_930});
        in.raise(types().value_error, "a must be 1-dimensional");
    } else {
        pop = pool->shape[0];
        NpFrames f(in, {F::mtrand_choice_934});
        if (pop == 0 && n_draws != 0) in.raise(types().value_error, "'a' cannot be empty unless no samples are taken");
    }
    Ref<ArrayObj> weights;
    if (!p.get(3).is_none()) {
        weights = to_array(in, p.get(3))->copy_as(DType::float64);
        NpFrames f(in, {F::mtrand_choice_949});
        if (weights->ndim() != 1) in.raise(types().value_error, "'p' must be 1-dimensional");
        f.move_to({F::mtrand_choice_951});
        if (weights->size() != pop) in.raise(types().value_error, "'a' and 'p' must have same size");
        // kahan_sum, and the checks in NumPy's order.
        double sum = 0, c = 0;
        bool nan = false, negative = false;
        for (std::int64_t k = 0; k < pop; ++k) {
            const double w = weights->get_f(k);
            nan = nan || std::isnan(w);
            negative = negative || w < 0;
            const double y = w - c, t = sum + y;
            c = (t - sum) - y;
            sum = t;
        }
        f.move_to({F::mtrand_choice_954});
        if (nan) in.raise(types().value_error, "probabilities contain NaN");
        f.move_to({F::mtrand_choice_956});
        if (negative) in.raise(types().value_error, "probabilities are not non-negative");
        f.move_to({F::mtrand_choice_958});
        if (std::fabs(sum - 1.0) > 1.4901161193847656e-08) in.raise(types().value_error, "probabilities do not sum to 1");
    }
    Value idx;
    if (in.truthy(p.get(2))) {
        if (weights) {
            // cdf = p.cumsum(); cdf /= cdf[-1]; searchsorted(cdf, random_sample(shape), 'right')
            std::vector<double> cdf(static_cast<std::size_t>(pop));
            double acc = 0;
            for (std::int64_t k = 0; k < pop; ++k) cdf[static_cast<std::size_t>(k)] = acc = acc + weights->get_f(k);
            for (double& x : cdf) x /= cdf.back();
            Shape s;
            NpFrames f(in, {F::mtrand_choice_981});
            const bool has = size_arg(in, size, s);
            Ref<ArrayObj> out = alloc_d(in, s, DType::int64);
            for (std::int64_t k = 0; k < out->size(); ++k) {
                const double u = in.random().next_double();
                out->storage->i()[k] = std::upper_bound(cdf.begin(), cdf.end(), u) - cdf.begin();
            }
            idx = has ? Value(out) : Value::integer(out->storage->i()[0]);
        } else {
            NpFrames f(in, {F::mtrand_choice_981});
            idx = randint(in, Value::integer(0), Value::integer(pop), size);
        }
    } else {
        if (weights) in.unsupported("np.random.choice with p and replace=False", "p 와 replace=False 를 준 np.random.choice");
        NpFrames f(in, {F::mtrand_choice_984});
        if (n_draws > pop) in.raise(types().value_error, "Cannot take a larger sample than population when 'replace=False'");
        if (n_draws < 0) in.raise(types().value_error, "negative dimensions are not allowed");
        Shape s;
        const bool has = size_arg(in, size, s);
        Ref<ArrayObj> perm = to_array(in, permutation(in, Value::integer(pop)));
        Ref<ArrayObj> out = alloc_d(in, s, DType::int64);
        for (std::int64_t k = 0; k < out->size(); ++k) out->storage->i()[k] = perm->storage->i()[k];
        idx = has ? Value(out) : Value::integer(out->storage->i()[0]);
    }
    if (pool->ndim() == 0) return idx.as<ArrayObj>() ? idx : Value::integer(idx.as_int());
    return array_getitem(in, pool, idx.as<ArrayObj>() ? idx : Value::integer(idx.as_int()));
}

Value f_getattr(Interp& in, Args& a) { return np_module_getattr(in, a, NpDir::random); }

}  // namespace

Ref<ModuleObj> make_numpy_random_module(Interp& in) {
    (void)in;
    Ref<ModuleObj> m(make<ModuleObj>("numpy.random"));
    static const struct {
        const char* name;
        NativeFn fn;
    } fns[] = {
        {"seed", f_seed}, {"randn", f_randn}, {"standard_normal", f_standard_normal}, {"rand", f_rand},
        {"random", f_random}, {"random_sample", f_random_sample}, {"normal", f_normal},
        {"uniform", f_uniform}, {"randint", f_randint}, {"choice", f_choice}, {"shuffle", f_shuffle},
        {"permutation", f_permutation}, {"__getattr__", f_getattr},
    };
    // Made once and never destroyed: the leak checker at exit still sees them held.
    static std::vector<Value>& shared = *new std::vector<Value>();
    if (shared.empty()) {
        for (const auto& f : fns) shared.push_back(native_function(f.name, f.fn, "numpy.random"));
    }
    for (std::size_t k = 0; k < shared.size(); ++k) m->dict->set_str(fns[k].name, shared[k]);
    return m;
}

}  // namespace tlab
