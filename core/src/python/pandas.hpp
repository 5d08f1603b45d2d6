// pandas.hpp — the pandas module as the kernel provides it: DataFrame, Series and Index with
// pandas 1.5.3's dtypes, printing, reductions and errors.
//
//   df = pd.DataFrame({"a": [1, 2], "b": [0.5, None]})   # int64 and float64 (None -> NaN)
//   print(df)            ->    a    b
//                           0  1  0.5
//                           1  2  NaN
//   df["a"].mean()       -> np.float64(1.5), summed in pandas' order (nanops over NumPy)
//   df["missing"]        -> KeyError: 'missing' (with pandas' library frames in the traceback)
//
// Columns hold NumPy arrays (bool, int64, float64) or Python objects (object dtype: str values,
// NaN for missing ones). What pandas does beyond the course's subset is refused with
// in.unsupported naming the method ("pandas' DataFrame.merge"), never answered approximately.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "python/array.hpp"
#include "python/interp.hpp"
#include "python/numpy.hpp"

namespace tlab {

// A column's dtype: NumPy's three, or object (any Python values).
enum class PdType : std::uint8_t { bool_, int64, float64, object };
const char* pd_type_name(PdType t);  // "bool", "int64", "float64", "object"

// The values of one Series / DataFrame column.
struct Column {
    PdType dtype = PdType::float64;
    Ref<ArrayObj> arr;         // 1-D, for bool/int64/float64 (may be a view of a 2-D array)
    std::vector<Value> objs;   // object dtype
    // Columns taken from one 2-D array (pd.DataFrame(ndarray)) share a nonzero block id: pandas
    // keeps that array as one F-ordered block, which NumPy reduces in a different order.
    std::uint32_t block = 0;

    std::int64_t size() const { return dtype == PdType::object ? static_cast<std::int64_t>(objs.size()) : arr->size(); }
    bool numeric() const { return dtype != PdType::object; }
    // s.iloc[k] as pandas returns it: np.float64 / np.int64 / np.bool_, or the object itself.
    Value get(std::int64_t k) const;
    // The values at `positions`, as a new column (a copy).
    Column take(const std::vector<std::int64_t>& positions) const;
    // Rows [start, stop) (a view for arrays, as pandas' iloc slices are).
    Column slice(std::int64_t start, std::int64_t stop) const;
};

// A column from an array (shared, not copied) or from Python values with pandas' inference
// (lib.maybe_convert_objects: ints -> int64, with floats or None -> float64, bools alone -> bool,
// anything else -> object).
Column column_of_array(const Ref<ArrayObj>& a);
Column infer_column(Interp& in, std::vector<Value> values);

// An Index: RangeIndex, Int64Index or an object Index (of str labels, mostly).
struct Index {
    enum class Kind : std::uint8_t { range, ints, objects };
    Kind kind = Kind::range;
    std::int64_t start = 0, step = 1, n = 0;  // range
    std::vector<std::int64_t> ints;
    std::vector<Value> objs;
    // Index.name (None: none). Only a row index has one here (df.set_index("d_k")); a named
    // Index given as columns is refused.
    Value name;

    static Index range(std::int64_t n, std::int64_t start = 0, std::int64_t step = 1);
    std::int64_t size() const;
    Value label(std::int64_t k) const;  // a Python int or the object
    // The position of `key`, or -1.
    std::int64_t find(Interp& in, const Value& key) const;
    Index take(const std::vector<std::int64_t>& positions) const;
    Index slice(std::int64_t start, std::int64_t stop) const;
    bool same(Interp& in, const Index& other) const;
};
// An Index of the given labels: all ints -> Int64Index, else object.
Index index_of_labels(Interp& in, const std::vector<Value>& labels);

struct FrameObj : Object {
    static constexpr ObjKind kKind = ObjKind::frame;
    FrameObj();
    ~FrameObj() override;
    TypeObj* type() const override;
    void trace(Tracer& t) const override;
    void clear() override;
    Index index, columns;
    std::vector<Column> cols;
    std::int64_t rows() const { return index.size(); }

    // pandas' _is_copy: a frame taken from another by a mask or a list of labels remembers it
    // (a weak reference: the serial of a frame still alive), and assigning into it warns with
    // SettingWithCopyWarning while that frame lives and has another shape.
    std::uint64_t serial = 0;
    std::uint64_t copy_of = 0;
    // A row slice may be a view of its frame or not, by pandas' block layout: assigning into
    // one is refused rather than guessed.
    bool maybe_view = false;
};
// The live frame with this serial, or null.
const FrameObj* live_frame(std::uint64_t serial);

struct SeriesObj : Object {
    static constexpr ObjKind kKind = ObjKind::series;
    SeriesObj() : Object(kKind) {}
    TypeObj* type() const override;
    void trace(Tracer& t) const override;
    void clear() override;
    Index index;
    Column col;
    Value name;
};

struct IndexObj : Object {
    static constexpr ObjKind kKind = ObjKind::pd_index;
    IndexObj() : Object(kKind) {}
    TypeObj* type() const override;
    void trace(Tracer& t) const override;
    void clear() override;
    Index index;
};

Value make_series(Column col, Index index, Value name);
Value make_frame(std::vector<Column> cols, Index index, Index columns);
Value make_index(Index index);

// What the pandas files share (pandas.cpp: objects and printing; pd_ops.cpp: arithmetic and
// reductions).
[[noreturn]] void pd_unsupported(Interp& in, const std::string& what);

// One frame of pandas' own code in a traceback (Debian's pandas 1.5.3 files, relative to
// /usr/lib/python3/dist-packages/pandas/, or a Cython module "pandas/_libs/..."): what
// `python3 FILE.py` prints between the code's line and the exception. col/end_col: the carets
// under code[col, end_col), or -1 where CPython prints none.
struct LibFrame {
    const char* file;
    int line;
    const char* function;
    const char* code;
    int col, end_col;
};
// cls(message) raised with those frames; `cause`, when given, printed before it as its cause
// ("The above exception was the direct cause of the following exception").
[[noreturn]] void pd_raise(Interp& in, TypeObj* cls, std::vector<Value> args, std::initializer_list<LibFrame> frames,
                           Value cause = Value());
Value pd_exception(Interp& in, TypeObj* cls, std::vector<Value> args, std::initializer_list<LibFrame> frames);
// pandas runs parts of its work under warnings.catch_warnings() (building an Index from labels,
// printing a frame, its reductions...), and leaving one makes every warnings registry stale: a
// warning already shown shows again. The operations that do so call this.
inline void catch_warnings_exit(Interp& in) { in.warned().clear(); }
// The FutureWarning pandas warns with (pd_ops.cpp).
TypeObj* future_warning();
// Reductions: df.sum() etc. and s.sum() etc.
enum class PdReduce : std::uint8_t { sum, mean, std, var, max, min, count, median };
Value frame_reduce(Interp& in, FrameObj& f, PdReduce op, Args& a, const char* name);
Value series_reduce(Interp& in, SeriesObj& s, PdReduce op, Args& a, const char* name);
Value frame_describe(Interp& in, FrameObj& f);
Value series_describe(Interp& in, SeriesObj& s);
// s <op> other, df <op> other (reflected: other <op> s).
Value series_binary(Interp& in, BinOpKind op, const Value& self, const Value& other, bool reflected);
Value series_compare(Interp& in, CmpOpKind op, const Value& self, const Value& other, bool reflected);
Value frame_binary(Interp& in, BinOpKind op, const Value& self, const Value& other, bool reflected);
Value frame_compare(Interp& in, CmpOpKind op, const Value& self, const Value& other, bool reflected);
Column column_unary(Interp& in, Unary op, const Column& c);
Column column_round(Interp& in, const Column& c, std::int64_t decimals);

// np.sqrt(series) and friends: NumPy's unary functions on pandas objects return pandas objects
// (their __array_ufunc__); np.round(df, 2) is df.round(2). NotImplemented for anything else.
Value pandas_ufunc(Interp& in, Unary op, const Value& x);

Ref<ModuleObj> make_pandas_module(Interp& in);
// pd.set_option, pd.get_option, pd.reset_option and pd.options (pd_options.cpp).
void install_pandas_options(ModuleObj& m);

}  // namespace tlab
