// np_random.cpp — numpy.random's legacy global RandomState: seed, randn, rand, normal, randint,
// uniform, bit for bit (MT19937, the polar method with its cached value, masked rejection for
// bounded integers).
#include <cmath>

#include "python/builtins_support.hpp"
#include "python/numpy.hpp"

namespace tlab {

namespace {

// The size argument: None (one value), an int, or a tuple of ints.
bool size_arg(Interp& in, const Value& v, Shape& out) {
    if (v.is_none()) return false;
    if (auto* t = v.as<TupleObj>()) {
        for (const Value& x : t->items) out.push_back(in.index(x));
    } else if (auto* l = v.as<ListObj>()) {
        for (const Value& x : l->items) out.push_back(in.index(x));
    } else {
        out.push_back(in.index(v, ("'" + v.type_name() + "' object cannot be interpreted as an integer").c_str()));
    }
    for (std::int64_t d : out) {
        if (d < 0) in.raise(types().value_error, "negative dimensions are not allowed");
    }
    return true;
}

Ref<ArrayObj> alloc_f(Interp& in, const Shape& s) {
    try {
        return ArrayObj::empty(DType::float64, s);
    } catch (OverCap&) {
        memory_error(in, s, DType::float64);
    }
}

Value f_seed(Interp& in, Args& a) {
    ArgParser p(in, a, "seed", {"seed=None"});
    const Value& s = p.get(0);
    if (s.is_none()) {
        in.unsupported("np.random.seed() without a seed (it draws one from the operating system)",
                       "씨앗 없는 np.random.seed() (운영체제에서 씨앗을 받아 옵니다)");
    }
    if (s.kind() == Kind::floating || s.kind() == Kind::np_float) {
        in.raise(types().type_error, "Cannot cast scalar from dtype('float64') to dtype('int64') according to the rule 'safe'");
    }
    if (!(s.is_int_like() || s.kind() == Kind::np_int || s.kind() == Kind::np_bool)) {
        in.unsupported("np.random.seed with a sequence or an array", "시퀀스나 배열을 준 np.random.seed");
    }
    const std::int64_t v = s.as_int();
    if (v < 0 || v > 4294967295LL) in.raise(types().value_error, "Seed must be between 0 and 2**32 - 1");
    in.random().reseed(static_cast<std::uint32_t>(v));
    return Value();
}

// randn(d0, d1, ...) / rand(d0, ...): dimensions as separate arguments.
Shape dims_args(Interp& in, Args& a, const char* name) {
    if (a.has_keywords()) in.raise(types().type_error, std::string(name) + "() takes no keyword arguments");
    Shape s;
    for (const Value& v : a.positional()) {
        if (v.kind() == Kind::floating || v.kind() == Kind::np_float) {
            in.raise(types().type_error, "'float' object cannot be interpreted as an integer");
        }
        s.push_back(in.index(v));
        if (s.back() < 0) in.raise(types().value_error, "negative dimensions are not allowed");
    }
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

Value f_randn(Interp& in, Args& a) {
    const Shape s = dims_args(in, a, "randn");
    if (a.size() == 0) return Value::floating(in.random().standard_normal());
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
    Ref<ArrayObj> out = alloc_f(in, s);
    fill_normal(in, out->storage->f(), out->size());
    return out;
}

Value f_standard_normal(Interp& in, Args& a) {
    ArgParser p(in, a, "standard_normal", {"size=None"});
    Shape s;
    if (!size_arg(in, p.get(0), s)) return Value::floating(in.random().standard_normal());
    Ref<ArrayObj> out = alloc_f(in, s);
    fill_normal(in, out->storage->f(), out->size());
    return out;
}

Value f_rand(Interp& in, Args& a) {
    const Shape s = dims_args(in, a, "rand");
    if (a.size() == 0) return Value::floating(in.random().next_double());
    Ref<ArrayObj> out = alloc_f(in, s);
    double* o = out->storage->f();
    for (std::int64_t k = 0; k < out->size(); ++k) o[k] = in.random().next_double();
    return out;
}

Value f_random_sample(Interp& in, Args& a) {
    ArgParser p(in, a, "random_sample", {"size=None"});
    Shape s;
    if (!size_arg(in, p.get(0), s)) return Value::floating(in.random().next_double());
    Ref<ArrayObj> out = alloc_f(in, s);
    double* o = out->storage->f();
    for (std::int64_t k = 0; k < out->size(); ++k) o[k] = in.random().next_double();
    return out;
}

double scalar_param(Interp& in, const Value& v, const char* what) {
    double x;
    if (v.as<ArrayObj>() || v.as<ListObj>() || !in.to_float(v, x)) {
        in.unsupported(std::string("np.random with an array ") + what, std::string("배열 ") + what + " 를 준 np.random");
    }
    return x;
}

Value f_normal(Interp& in, Args& a) {
    ArgParser p(in, a, "normal", {"loc=0.0", "scale=1.0", "size=None"});
    const double loc = p.given(0) ? scalar_param(in, p.get(0), "loc") : 0.0;
    const double scale = p.given(1) ? scalar_param(in, p.get(1), "scale") : 1.0;
    if (scale < 0) in.raise(types().value_error, "scale < 0");
    Shape s;
    if (!size_arg(in, p.get(2), s)) return Value::floating(loc + scale * in.random().standard_normal());
    Ref<ArrayObj> out = alloc_f(in, s);
    double* o = out->storage->f();
    for (std::int64_t k = 0; k < out->size(); ++k) o[k] = loc + scale * in.random().standard_normal();
    return out;
}

Value f_uniform(Interp& in, Args& a) {
    ArgParser p(in, a, "uniform", {"low=0.0", "high=1.0", "size=None"});
    const double low = p.given(0) ? scalar_param(in, p.get(0), "low") : 0.0;
    const double high = p.given(1) ? scalar_param(in, p.get(1), "high") : 1.0;
    const double range = high - low;
    if (!std::isfinite(range)) in.raise(types().overflow_error, "Range exceeds valid bounds");
    Shape s;
    if (!size_arg(in, p.get(2), s)) return Value::floating(low + range * in.random().next_double());
    Ref<ArrayObj> out = alloc_f(in, s);
    double* o = out->storage->f();
    for (std::int64_t k = 0; k < out->size(); ++k) o[k] = low + range * in.random().next_double();
    return out;
}

// random_bounded_uint64_fill with use_masked (the legacy RandomState's choice).
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

Value f_randint(Interp& in, Args& a) {
    ArgParser p(in, a, "randint", {"low", "high=None", "size=None", "dtype=None"});
    if (p.given(3)) in.unsupported("np.random.randint(dtype=...)", "np.random.randint(dtype=...)");
    auto int_param = [&](const Value& v) {
        if (v.as<ArrayObj>() || v.as<ListObj>()) in.unsupported("np.random.randint with array bounds", "배열 경계를 준 np.random.randint");
        if (v.kind() == Kind::floating || v.kind() == Kind::np_float) {
            return static_cast<std::int64_t>(std::floor(v.as_float()));
        }
        return in.index(v);
    };
    std::int64_t low = int_param(p.get(0)), high;
    if (p.get(1).is_none()) {
        high = low;
        low = 0;
    } else {
        high = int_param(p.get(1));
    }
    if (low >= high) in.raise(types().value_error, "low >= high");
    const auto rng = static_cast<std::uint64_t>(high - 1) - static_cast<std::uint64_t>(low);
    Shape s;
    if (!size_arg(in, p.get(2), s)) {
        return Value::integer(static_cast<std::int64_t>(static_cast<std::uint64_t>(low) + bounded(in.random(), rng)));
    }
    Ref<ArrayObj> out;
    try {
        out = ArrayObj::empty(DType::int64, s);
    } catch (OverCap&) {
        memory_error(in, s, DType::int64);
    }
    std::int64_t* o = out->storage->i();
    for (std::int64_t k = 0; k < out->size(); ++k) {
        o[k] = static_cast<std::int64_t>(static_cast<std::uint64_t>(low) + bounded(in.random(), rng));
    }
    return out;
}

Value f_unsupported(Interp& in, Args& a) {
    (void)a;
    in.unsupported("this numpy.random function (the kernel has seed, randn, rand, random, normal, uniform, randint)",
                   "이 numpy.random 함수 (커널에는 seed, randn, rand, random, normal, uniform, randint 가 있습니다)");
}

}  // namespace

Ref<ModuleObj> make_numpy_random_module(Interp& in) {
    (void)in;
    Ref<ModuleObj> m(make<ModuleObj>("numpy.random"));
    static const struct {
        const char* name;
        NativeFn fn;
    } fns[] = {
        {"seed", f_seed}, {"randn", f_randn}, {"standard_normal", f_standard_normal}, {"rand", f_rand},
        {"random", f_random_sample}, {"random_sample", f_random_sample}, {"normal", f_normal},
        {"uniform", f_uniform}, {"randint", f_randint}, {"choice", f_unsupported}, {"shuffle", f_unsupported},
        {"permutation", f_unsupported}, {"default_rng", f_unsupported}, {"RandomState", f_unsupported},
    };
    static std::vector<Value> shared;
    if (shared.empty()) {
        for (const auto& f : fns) shared.push_back(native_function(f.name, f.fn, "numpy.random"));
    }
    for (std::size_t k = 0; k < shared.size(); ++k) m->dict->set_str(fns[k].name, shared[k]);
    return m;
}

}  // namespace tlab
