// numpy.hpp — what the NumPy files share: converting values to arrays, ufuncs, reductions,
// indexing and printing, with NumPy 1.24's dtype rules, summation order and messages.
//
//   Value r = np_binary(in, BinOpKind::add, a, b);       // a + b with broadcasting
//   Value s = np_reduce(in, Reduce::sum, a, axis, false); // a.sum(axis=...)
//   std::string t = array_str(in, *a);                   // str(a)
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "python/array.hpp"
#include "python/interp.hpp"

namespace tlab {

// ---- conversion

// NumPy's NPY_MAXDIMS: no array has more dimensions.
constexpr int kMaxDims = 32;
// ValueError "maximum supported dimension for an ndarray is 32, found 33" past it.
void check_ndim(Interp& in, std::size_t ndim);

// np.asarray(v): an array as it is, a NumPy or Python scalar as a 0-d array, a (nested)
// list/tuple as a new array with NumPy's dtype inference. Raises NumPy's errors (ragged lists:
// "setting an array element with a sequence..."); strings and other objects are refused.
Ref<ArrayObj> to_array(Interp& in, const Value& v);
// True for what np.asarray accepts as numbers (arrays, NumPy/Python scalars, lists of them).
bool is_array_like(const Value& v);
// How an operand takes part in dtype promotion: Python scalars are "weak" (value-based casting
// in NumPy 1.24): a Python int does not turn a bool array into int64... only across categories.
DType operand_dtype(const Value& v, const ArrayObj& a);
// The Value for a 0-d result: NumPy returns scalars (np.float64...) from ufuncs on 0-d inputs.
Value scalar_or_array(const Ref<ArrayObj>& a);
// Raises NumPy's MemoryError for an array of this shape and dtype.
[[noreturn]] void memory_error(Interp& in, const Shape& shape, DType d);
// NumPy's ValueError for an array whose byte count would pass int64 ("array is too big; ...").
void check_array_size(Interp& in, const Shape& shape, DType d);

// ---- ufuncs

// a <op> b as ndarray operators and np.add etc. compute it (broadcasting, dtype promotion,
// floating-point warnings). Returns NotImplemented when neither operand is array-like. `syntax`:
// the Python operator, which on two scalars is NumPy's scalar math ("overflow encountered in
// scalar add", int64 overflow warnings); false for the ufunc (np.add).
Value np_binary(Interp& in, BinOpKind op, const Value& a, const Value& b, bool syntax = true);
Value np_divmod(Interp& in, const Value& a, const Value& b);  // divmod() with an array or NumPy scalar
// a <op>= b in place (the result cast back to a's dtype; NumPy's casting error when it can't).
Value np_inplace(Interp& in, BinOpKind op, const Value& a, const Value& b);
Value np_compare(Interp& in, CmpOpKind op, const Value& a, const Value& b);
enum class Unary : std::uint8_t {
    negative, positive, absolute, invert, exp, log, sqrt, tanh, sin, cos, floor, ceil, sign, square, reciprocal, ones,
    isnan, isinf, isfinite,
};
// `syntax`: -x, +x, ~x or abs(x) on a NumPy scalar (scalar math: "scalar negative"...).
Value np_unary(Interp& in, Unary op, const Value& a, bool syntax = false);
enum class Binary2 : std::uint8_t { maximum, minimum };
Value np_binary2(Interp& in, Binary2 op, const Value& a, const Value& b);
// np.round(a, decimals)
Value np_round(Interp& in, const Value& a, std::int64_t decimals);
Value np_matmul(Interp& in, const Value& a, const Value& b, const char* name);  // "matmul" or "dot"
Value np_where(Interp& in, const Value& cond, const Value& x, const Value& y);

// Broadcasts two shapes ("operands could not be broadcast together with shapes (2,3) (4,) ").
Shape broadcast_shapes(Interp& in, const Shape& a, const Shape& b);
// The same for several operands: the message lists every operand's shape.
Shape broadcast_all(Interp& in, const std::vector<Shape>& shapes);

// NumPy's RuntimeWarning for a floating-point event during `ufunc` ("divide by zero encountered
// in divide"): shown once per code location, as Python's warnings filter does. The location is
// the innermost NumPy frame running (np_frames.hpp), else the code's own line.
void np_warn(Interp& in, const std::string& message);
// One warning per raised flag (fpflags.hpp): "overflow encountered in <op>"...
void np_report(Interp& in, unsigned flags, const std::string& op);
// pandas computes under np.errstate(all="ignore"): while one of these lives, np_warn is silent.
class NpWarningsOff {
public:
    NpWarningsOff();
    ~NpWarningsOff();
    NpWarningsOff(const NpWarningsOff&) = delete;
    NpWarningsOff& operator=(const NpWarningsOff&) = delete;
};

// ---- reductions

enum class Reduce : std::uint8_t { sum, prod, mean, max, min, argmax, argmin, std, var, any, all };
// a.sum(axis=..., keepdims=...) etc. axis: None, an int or a tuple of ints. ddof for std/var.
// mean/var/std push _methods.py's frames themselves; the others' callers push theirs.
Value np_reduce(Interp& in, Reduce op, const Value& a, const Value& axis, bool keepdims,
                const Value& ddof = Value::integer(0));

// np.argsort / a.argsort(axis, kind) with NumPy's algorithms (np_sort.cpp); axis None: flattened.
Value np_argsort(Interp& in, const Ref<ArrayObj>& a, const Value& axis, const Value& kind);

// ---- indexing

Value array_getitem(Interp& in, const Ref<ArrayObj>& a, const Value& key);
void array_setitem(Interp& in, const Ref<ArrayObj>& a, const Value& key, const Value& v);

// ---- shape

Ref<ArrayObj> reshape(Interp& in, const Ref<ArrayObj>& a, const Value& newshape, const char* order = "C");
// Normalizes an axis argument against ndim ("axis 2 is out of bounds for array of dimension 1").
std::int64_t normalize_axis(Interp& in, std::int64_t axis, int ndim);

// ---- printing (np_print.cpp)

std::string array_str(Interp& in, const ArrayObj& a);
// `keep`: only the first `keep` bytes need be right (array_text), for a shortened display.
std::string array_repr(Interp& in, const ArrayObj& a, std::size_t keep = static_cast<std::size_t>(-1));
// str()/repr() of np.float64, np.int64, np.bool_ scalars.
std::string np_scalar_str(const Value& v);

// ---- lazy arrays (np_lazy.cpp)

// Arrays of at least this many values are drawn lazily by randn (peak memory of the streamed
// sweep: about 8 bytes a pair plus a few blocks).
constexpr std::int64_t kLazyMinValues = std::int64_t{1} << 20;
std::shared_ptr<LazyData> lazy_randn(Interp& in, std::int64_t n);
// Stores a lazy array's values (NumPy's MemoryError when they do not fit). No-op otherwise.
void materialize(Interp& in, ArrayObj& a);
// a <op> b as a recipe, when one side is lazy; NotImplemented when not possible.
Value lazy_binary(Interp& in, BinOpKind op, const Value& a, const Value& b);
Value lazy_reduce(Interp& in, Reduce op, const Ref<ArrayObj>& a, const Value& axis, bool keepdims);
// The array behind a value, stored (for the hooks that read its elements).
inline ArrayObj* stored(Interp& in, const Value& v) {
    auto* a = v.as<ArrayObj>();
    if (a != nullptr && a->lazy) materialize(in, *a);
    return a;
}

// ---- registration

void install_ndarray(Interp& in);  // methods and attributes of ndarray (numpy.cpp)
Ref<ModuleObj> make_numpy_module(Interp& in);
Ref<ModuleObj> make_numpy_random_module(Interp& in);
Ref<ModuleObj> make_numpy_linalg_module(Interp& in);
TypeObj* ndarray_type();
Value dtype_value(DType d);   // np.dtype('int64')... (immortal, one per dtype)
TypeObj* axis_error_type();   // numpy.AxisError (ValueError, IndexError)

}  // namespace tlab
