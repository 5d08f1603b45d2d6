// modules.cpp — the modules `import` can find: numpy (and numpy.random, numpy.linalg), pandas,
// matplotlib (and matplotlib.pyplot), math.
#include <cmath>

#include "python/builtins_support.hpp"
#include "python/numbers.hpp"
#include "python/mpl.hpp"
#include "python/numpy.hpp"
#include "python/pandas.hpp"
#include "tlab/pymath.hpp"

namespace tlab {

namespace {

// math functions take any real number (float(x)) and follow glibc, as CPython's math module does.
double real_arg(Interp& in, const Value& v) {
    double x;
    if (!in.to_float(v, x)) in.raise(types().type_error, "must be real number, not " + v.type_name());
    return x;
}

Value one_arg(Interp& in, Args& a, const char* name) {
    if (a.has_keywords()) in.raise(types().type_error, std::string("math.") + name + "() takes no keyword arguments");
    if (a.size() != 1) {
        in.raise(types().type_error, std::string("math.") + name + "() takes exactly one argument (" + std::to_string(a.size()) + " given)");
    }
    return a[0];
}

Value result(Interp& in, const PyFloatResult& r) {
    if (r.error == PyMathError::none) return Value::floating(r.value);
    const PyErrorText t = py_math_error_text(r.error);
    const std::string type = t.type;
    in.raise(type == "ZeroDivisionError" ? types().zero_division_error
             : type == "OverflowError"   ? types().overflow_error
                                         : types().value_error,
             t.message);
}

Value m_sqrt(Interp& in, Args& a) { return result(in, py_math_sqrt(real_arg(in, one_arg(in, a, "sqrt")))); }
Value m_exp(Interp& in, Args& a) { return result(in, py_math_exp(real_arg(in, one_arg(in, a, "exp")))); }
Value m_tanh(Interp& in, Args& a) { return result(in, py_math_tanh(real_arg(in, one_arg(in, a, "tanh")))); }
Value m_log2(Interp& in, Args& a) { return result(in, py_math_log2(real_arg(in, one_arg(in, a, "log2")))); }
Value m_log10(Interp& in, Args& a) { return result(in, py_math_log10(real_arg(in, one_arg(in, a, "log10")))); }

Value m_log(Interp& in, Args& a) {
    if (a.has_keywords()) in.raise(types().type_error, "math.log() takes no keyword arguments");
    if (a.size() < 1 || a.size() > 2) {
        in.raise(types().type_error, "log expected at least 1 argument, got " + std::to_string(a.size()));
    }
    if (a.size() == 1) return result(in, py_math_log(real_arg(in, a[0])));
    return result(in, py_math_log(real_arg(in, a[0]), real_arg(in, a[1])));
}

Value m_pow(Interp& in, Args& a) {
    if (a.size() != 2) in.raise(types().type_error, "pow expected 2 arguments, got " + std::to_string(a.size()));
    return result(in, py_math_pow(real_arg(in, a[0]), real_arg(in, a[1])));
}

Value m_floor(Interp& in, Args& a) {
    const Value& v = one_arg(in, a, "floor");
    if (v.is_int_like()) return Value::integer(v.as_int());
    return Value::integer(float_to_int(in, std::floor(real_arg(in, v))));
}

Value m_ceil(Interp& in, Args& a) {
    const Value& v = one_arg(in, a, "ceil");
    if (v.is_int_like()) return Value::integer(v.as_int());
    return Value::integer(float_to_int(in, std::ceil(real_arg(in, v))));
}

Value m_fabs(Interp& in, Args& a) { return Value::floating(std::fabs(real_arg(in, one_arg(in, a, "fabs")))); }

Value m_isnan(Interp& in, Args& a) { return Value::boolean(std::isnan(real_arg(in, one_arg(in, a, "isnan")))); }
Value m_isinf(Interp& in, Args& a) { return Value::boolean(std::isinf(real_arg(in, one_arg(in, a, "isinf")))); }

Value m_unsupported(Interp& in, Args& a) {
    (void)a;
    in.unsupported("this math function (the kernel has sqrt, exp, log, log2, log10, tanh, pow, floor, ceil, fabs, isnan, isinf, pi, e, inf, nan)",
                   "이 math 함수 (커널에는 sqrt, exp, log, log2, log10, tanh, pow, floor, ceil, fabs, isnan, isinf, pi, e, inf, nan 이 있습니다)");
}

Ref<ModuleObj> make_math(Interp& in) {
    (void)in;
    Ref<ModuleObj> m(make<ModuleObj>("math"));
    static const struct {
        const char* name;
        NativeFn fn;
    } fns[] = {
        {"sqrt", m_sqrt}, {"exp", m_exp}, {"log", m_log}, {"pow", m_pow}, {"floor", m_floor}, {"ceil", m_ceil},
        {"fabs", m_fabs}, {"isnan", m_isnan}, {"isinf", m_isinf}, {"log2", m_log2}, {"log10", m_log10},
        {"sin", m_unsupported}, {"cos", m_unsupported}, {"tan", m_unsupported}, {"tanh", m_tanh},
        {"factorial", m_unsupported}, {"gcd", m_unsupported}, {"isclose", m_unsupported}, {"prod", m_unsupported},
        {"fsum", m_unsupported}, {"atan", m_unsupported}, {"atan2", m_unsupported}, {"hypot", m_unsupported},
    };
    // Made once and never destroyed: the leak checker at exit still sees them held.
    static std::vector<Value>& shared = *new std::vector<Value>();
    if (shared.empty()) {
        for (const auto& f : fns) shared.push_back(native_function(f.name, f.fn));
    }
    for (std::size_t k = 0; k < shared.size(); ++k) m->dict->set_str(fns[k].name, shared[k]);
    m->dict->set_str("pi", Value::floating(3.141592653589793));
    m->dict->set_str("e", Value::floating(2.718281828459045));
    m->dict->set_str("tau", Value::floating(6.283185307179586));
    m->dict->set_str("inf", Value::floating(HUGE_VAL));
    m->dict->set_str("nan", Value::floating(std::nan("")));
    return m;
}

}  // namespace

Ref<ModuleObj> create_module(Interp& in, const std::string& name) {
    if (name == "math") return make_math(in);
    if (name == "numpy") {
        Ref<ModuleObj> np = make_numpy_module(in);
        // numpy's submodules are attributes from the start (np.random works without importing it).
        Ref<ModuleObj> random = make_numpy_random_module(in), linalg = make_numpy_linalg_module(in);
        in.modules()["numpy.random"] = random;
        in.modules()["numpy.linalg"] = linalg;
        np->dict->set_str("random", random);
        np->dict->set_str("linalg", linalg);
        return np;
    }
    if (name == "pandas") return make_pandas_module(in);
    if (name == "numpy.random") return make_numpy_random_module(in);
    if (name == "numpy.linalg") return make_numpy_linalg_module(in);
    if (name == "matplotlib") return make_matplotlib_module(in);
    if (name == "matplotlib.pyplot") return make_pyplot_module(in);
    return {};
}

}  // namespace tlab
