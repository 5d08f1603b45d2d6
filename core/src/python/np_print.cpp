// np_print.cpp — str() and repr() of arrays and NumPy scalars, as NumPy 1.24 prints them.
#include "python/numpy.hpp"
#include "tlab/npformat.hpp"

namespace tlab {

namespace {

ArrayText text_of(const ArrayObj& a) {
    ArrayText t;
    for (std::int64_t d : a.shape) t.shape.push_back(static_cast<std::size_t>(d));
    switch (a.dtype) {
        case DType::float64:
            t.kind = ArrayText::Kind::floating;
            t.f = [&a](std::size_t k) { return a.get_f(static_cast<std::int64_t>(k)); };
            break;
        case DType::int64:
            t.kind = ArrayText::Kind::integer;
            t.i = [&a](std::size_t k) { return a.get_i(static_cast<std::int64_t>(k)); };
            break;
        case DType::bool_:
            t.kind = ArrayText::Kind::boolean;
            t.i = [&a](std::size_t k) { return static_cast<std::int64_t>(a.get_b(static_cast<std::int64_t>(k))); };
            break;
    }
    return t;
}

}  // namespace

std::string array_str(Interp& in, const ArrayObj& a) {
    in.count_step();
    return array_text(text_of(a));
}

// _array_repr_implementation: "array(" + array2string(..., ", ") + ")", with ", dtype=..."
// only for empty arrays (the three dtypes here are the defaults NumPy leaves implicit).
std::string array_repr(Interp& in, const ArrayObj& a, std::size_t keep) {
    in.count_step();
    const bool skip_dtype = a.size() > 0;
    const std::string prefix = "array(";
    const std::string suffix = skip_dtype ? ")" : ",";
    std::string body;
    if (a.size() > 0 || (a.ndim() == 1 && a.shape[0] == 0)) {
        body = array_text(text_of(a), ", ", prefix, suffix.size(), keep);
    } else {
        body = "[], shape=" + shape_repr(a.shape);
    }
    std::string out = prefix + body + suffix;
    if (skip_dtype) return out;
    const std::string dtype = std::string("dtype=") + dtype_name(a.dtype) + ")";
    const std::size_t nl = out.rfind('\n');
    const std::size_t last_line = out.size() - (nl == std::string::npos ? 0 : nl + 1);
    const bool wrap = last_line + dtype.size() + 1 > 75;
    return out + (wrap ? "\n" + std::string(prefix.size(), ' ') : " ") + dtype;
}

std::string np_scalar_str(const Value& v) {
    switch (v.kind()) {
        case Kind::np_bool: return v.as_bool() ? "True" : "False";
        case Kind::np_int: return int_str(v.as_int());
        case Kind::np_float: return scalar_str(v.as_float());
        default: return "";
    }
}

}  // namespace tlab
