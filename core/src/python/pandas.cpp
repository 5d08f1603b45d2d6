// pandas.cpp — the pandas module: DataFrame, Series and Index objects, their construction with
// pandas 1.5's dtype inference, printing (tlab/dataframe.hpp), Jupyter display, item and
// attribute access, and pandas' own errors. Arithmetic and reductions are in pd_ops.cpp.
#include "python/pandas.hpp"

#include <fmt/compile.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "python/builtins_support.hpp"
#include "python/lexer.hpp"
#include "python/snapshot.hpp"
#include "python/traceback.hpp"
#include "tlab/dataframe.hpp"

namespace tlab {

const char* pd_type_name(PdType t) {
    switch (t) {
        case PdType::bool_: return "bool";
        case PdType::int64: return "int64";
        case PdType::float64: return "float64";
        case PdType::object: return "object";
    }
    return "?";
}

void pd_unsupported(Interp& in, const std::string& what) { in.unsupported("pandas' " + what, "pandas 의 " + what); }

// ---------------------------------------------------------------------------------------------
// Columns

namespace {

PdType pd_type_of(DType d) {
    return d == DType::bool_ ? PdType::bool_ : d == DType::int64 ? PdType::int64 : PdType::float64;
}

DType np_type_of(PdType t) {
    return t == PdType::bool_ ? DType::bool_ : t == PdType::int64 ? DType::int64 : DType::float64;
}

bool is_nan_value(const Value& v) {
    return (v.kind() == Kind::floating || v.kind() == Kind::np_float) && std::isnan(v.as_float());
}

Ref<ArrayObj> new_array(Interp& in, DType d, std::int64_t n) {
    try {
        return ArrayObj::empty(d, {n});
    } catch (OverCap&) {
        memory_error(in, {n}, d);
    }
}

}  // namespace

Value Column::get(std::int64_t k) const { return dtype == PdType::object ? objs[static_cast<std::size_t>(k)] : arr->get_scalar(k); }

Column Column::take(const std::vector<std::int64_t>& positions) const {
    Column c;
    c.dtype = dtype;
    if (dtype == PdType::object) {
        for (std::int64_t p : positions) c.objs.push_back(objs[static_cast<std::size_t>(p)]);
        return c;
    }
    c.arr = ArrayObj::empty(arr->dtype, {static_cast<std::int64_t>(positions.size())});
    Storage& src = *arr->storage;
    Storage& dst = *c.arr->storage;
    for (std::size_t k = 0; k < positions.size(); ++k) {
        const std::int64_t i = arr->index_of(positions[k]);
        switch (arr->dtype) {
            case DType::float64: dst.f()[k] = src.f()[i]; break;
            case DType::int64: dst.i()[k] = src.i()[i]; break;
            case DType::bool_: dst.b()[k] = src.b()[i]; break;
        }
    }
    return c;
}

Column Column::slice(std::int64_t start, std::int64_t stop) const {
    Column c;
    c.dtype = dtype;
    if (dtype == PdType::object) {
        c.objs.assign(objs.begin() + start, objs.begin() + stop);
        return c;
    }
    c.arr = arr->view();
    c.arr->offset = arr->offset + start * arr->strides[0];
    c.arr->shape = {stop - start};
    c.block = block;
    return c;
}

Column column_of_array(const Ref<ArrayObj>& a) {
    Column c;
    c.dtype = pd_type_of(a->dtype);
    c.arr = a;
    return c;
}

// lib.maybe_convert_objects as pandas applies it to a list's values.
Column infer_column(Interp& in, std::vector<Value> values) {
    bool seen_bool = false, seen_int = false, seen_float = false, seen_none = false, seen_object = false;
    for (const Value& v : values) {
        switch (v.kind()) {
            case Kind::none: seen_none = true; break;
            case Kind::boolean:
            case Kind::np_bool: seen_bool = true; break;
            case Kind::integer:
            case Kind::np_int: seen_int = true; break;
            case Kind::floating:
            case Kind::np_float: seen_float = true; break;
            default:
                if (v.as<StrObj>() == nullptr) {
                    pd_unsupported(in, "columns of " + v.type_name() + " values (the lab kernel's columns hold numbers, bools and str)");
                }
                seen_object = true;
        }
    }
    const auto n = static_cast<std::int64_t>(values.size());
    Column c;
    PdType t;
    if (seen_object || (seen_bool && (seen_int || seen_float || seen_none)) || (seen_none && !seen_int && !seen_float)) {
        t = PdType::object;
    } else if (seen_bool) {
        t = PdType::bool_;
    } else if (seen_float || seen_none) {
        t = PdType::float64;
    } else if (seen_int) {
        t = PdType::int64;
    } else {
        t = PdType::object;  // no values at all
    }
    c.dtype = t;
    if (t == PdType::object) {
        c.objs = std::move(values);
        return c;
    }
    c.arr = new_array(in, np_type_of(t), n);
    Storage& s = *c.arr->storage;
    for (std::int64_t k = 0; k < n; ++k) {
        const Value& v = values[static_cast<std::size_t>(k)];
        if (t == PdType::float64) {
            s.f()[k] = v.is_none() ? std::nan("") : (v.kind() == Kind::floating || v.kind() == Kind::np_float) ? v.as_float()
                                                                                                            : static_cast<double>(v.as_int());
        } else if (t == PdType::int64) {
            s.i()[k] = v.as_int();
        } else {
            s.b()[k] = v.as_bool() ? 1 : 0;
        }
    }
    return c;
}

// ---------------------------------------------------------------------------------------------
// Indexes

Index Index::range(std::int64_t n, std::int64_t start, std::int64_t step) {
    Index i;
    i.kind = Kind::range;
    i.n = n;
    i.start = start;
    i.step = step;
    return i;
}

std::int64_t Index::size() const {
    switch (kind) {
        case Kind::range: return n;
        case Kind::ints: return static_cast<std::int64_t>(ints.size());
        case Kind::objects: return static_cast<std::int64_t>(objs.size());
    }
    return 0;
}

Value Index::label(std::int64_t k) const {
    switch (kind) {
        case Kind::range: return Value::integer(start + step * k);
        case Kind::ints: return Value::integer(ints[static_cast<std::size_t>(k)]);
        case Kind::objects: return objs[static_cast<std::size_t>(k)];
    }
    return Value();
}

namespace {

// An integer key as an Int64Index looks it up (1 and 1.0 and np.int64(1) alike; bools are not).
bool int_key(const Value& key, std::int64_t& out) {
    switch (key.kind()) {
        case Kind::integer:
        case Kind::np_int: out = key.as_int(); return true;
        case Kind::floating:
        case Kind::np_float: {
            const double x = key.as_float();
            if (x != std::floor(x) || std::fabs(x) > 9.2e18) return false;
            out = static_cast<std::int64_t>(x);
            return true;
        }
        default: return false;
    }
}

}  // namespace

std::int64_t Index::find(Interp& in, const Value& key) const {
    std::int64_t k;
    switch (kind) {
        case Kind::range:
            if (!int_key(key, k)) return -1;
            if (step > 0 ? (k < start || k >= start + step * n) : (k > start || k <= start + step * n)) return -1;
            if ((k - start) % step != 0) return -1;
            return (k - start) / step;
        case Kind::ints:
            if (!int_key(key, k)) return -1;
            for (std::size_t p = 0; p < ints.size(); ++p) {
                if (ints[p] == k) return static_cast<std::int64_t>(p);
            }
            return -1;
        case Kind::objects: {
            const auto* ks = key.as<StrObj>();
            for (std::size_t p = 0; p < objs.size(); ++p) {
                const Value& o = objs[p];
                if (ks != nullptr) {
                    if (const auto* os = o.as<StrObj>(); os != nullptr && os->s == ks->s) return static_cast<std::int64_t>(p);
                } else if (o.as<StrObj>() == nullptr && in.eq(o, key)) {
                    return static_cast<std::int64_t>(p);
                }
            }
            return -1;
        }
    }
    return -1;
}

Index Index::take(const std::vector<std::int64_t>& positions) const {
    Index out;
    out.name = name;
    if (kind == Kind::objects) {
        out.kind = Kind::objects;
        for (std::int64_t p : positions) out.objs.push_back(objs[static_cast<std::size_t>(p)]);
        return out;
    }
    out.kind = Kind::ints;
    for (std::int64_t p : positions) out.ints.push_back(kind == Kind::range ? start + step * p : ints[static_cast<std::size_t>(p)]);
    return out;
}

Index Index::slice(std::int64_t a, std::int64_t b) const {
    switch (kind) {
        case Kind::range: {
            Index out = range(b - a, start + step * a, step);
            out.name = name;
            return out;
        }
        case Kind::ints: {
            Index out = *this;
            out.ints.assign(ints.begin() + a, ints.begin() + b);
            return out;
        }
        case Kind::objects: {
            Index out = *this;
            out.objs.assign(objs.begin() + a, objs.begin() + b);
            return out;
        }
    }
    return *this;
}

bool Index::same(Interp& in, const Index& other) const {
    if (size() != other.size()) return false;
    if (kind == Kind::range && other.kind == Kind::range) return n == 0 || (start == other.start && step == other.step);
    for (std::int64_t k = 0; k < size(); ++k) {
        if (!in.eq(label(k), other.label(k))) return false;
    }
    return true;
}

Index index_of_labels(Interp& in, const std::vector<Value>& labels) {
    catch_warnings_exit(in);  // Index(labels) goes through com.asarray_tuplesafe
    Index out;
    bool all_ints = !labels.empty();
    for (const Value& v : labels) {
        if (v.kind() != Kind::integer && v.kind() != Kind::np_int) all_ints = false;
        if (v.kind() == Kind::floating || v.kind() == Kind::np_float) pd_unsupported(in, "float index labels (Float64Index)");
        if (v.kind() == Kind::boolean || v.kind() == Kind::np_bool) pd_unsupported(in, "bool index labels");
        if (v.is_object() && v.as<StrObj>() == nullptr) pd_unsupported(in, v.type_name() + " index labels");
    }
    if (all_ints) {
        out.kind = Index::Kind::ints;
        for (const Value& v : labels) out.ints.push_back(v.as_int());
    } else {
        out.kind = Index::Kind::objects;
        out.objs = labels;
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// Objects and types

namespace {

void trace_column(const Column& c, Tracer& t) {
    if (c.arr) t.visit(c.arr.value());
    for (const Value& v : c.objs) t.visit(v);
}

void trace_index(const Index& i, Tracer& t) {
    for (const Value& v : i.objs) t.visit(v);
    t.visit(i.name);
}

}  // namespace

namespace {
std::uint64_t next_serial = 0;
// Never destroyed: frames of a kernel kept in a static (labs.cpp) die at exit after it would be.
std::map<std::uint64_t, const FrameObj*>& live_frames() {
    static auto* frames = new std::map<std::uint64_t, const FrameObj*>();
    return *frames;
}
}  // namespace

FrameObj::FrameObj() : Object(kKind), serial(++next_serial) { live_frames()[serial] = this; }
FrameObj::~FrameObj() { live_frames().erase(serial); }

const FrameObj* live_frame(std::uint64_t serial) {
    auto it = live_frames().find(serial);
    return it == live_frames().end() ? nullptr : it->second;
}

void FrameObj::trace(Tracer& t) const {
    trace_index(index, t);
    trace_index(columns, t);
    for (const Column& c : cols) trace_column(c, t);
}

void FrameObj::clear() {
    cols.clear();
    index = Index();
    columns = Index();
}

void SeriesObj::trace(Tracer& t) const {
    trace_index(index, t);
    trace_column(col, t);
    t.visit(name);
}

void SeriesObj::clear() {
    col = Column();
    index = Index();
    name = Value();
}

void IndexObj::trace(Tracer& t) const { trace_index(index, t); }
void IndexObj::clear() { index = Index(); }

namespace {

struct PdTypes {
    TypeObj *frame, *series, *index, *int64_index, *range_index;
};
const PdTypes& pd_types();

}  // namespace

TypeObj* FrameObj::type() const { return pd_types().frame; }
TypeObj* SeriesObj::type() const { return pd_types().series; }
TypeObj* IndexObj::type() const {
    const PdTypes& t = pd_types();
    return index.kind == Index::Kind::range ? t.range_index : index.kind == Index::Kind::ints ? t.int64_index : t.index;
}

Value make_series(Column col, Index index, Value name) {
    Ref<SeriesObj> s(make<SeriesObj>());
    s->col = std::move(col);
    s->index = std::move(index);
    s->name = std::move(name);
    return s;
}

Value make_frame(std::vector<Column> cols, Index index, Index columns) {
    Ref<FrameObj> f(make<FrameObj>());
    f->cols = std::move(cols);
    f->index = std::move(index);
    f->columns = std::move(columns);
    return f;
}

Value make_index(Index index) {
    Ref<IndexObj> i(make<IndexObj>());
    i->index = std::move(index);
    return i;
}

// ---------------------------------------------------------------------------------------------
// Printing

namespace {

// Python's escapes pandas applies to labels and values (pprint_thing's escape_chars).
std::string escaped(std::string s) {
    std::string out;
    for (char ch : s) {
        if (ch == '\t') out += "\\t";
        else if (ch == '\n') out += "\\n";
        else if (ch == '\r') out += "\\r";
        else out += ch;
    }
    return out;
}

// GenericArrayFormatter's cell for an object value: floats as " 2.5" (trailing zeros of %.{precision}f
// dropped), NaN as " NaN", anything else as " " + str(value).
std::string object_cell(Interp& in, const Value& v, bool space = true) {
    if (v.is_none()) return space ? " None" : "None";
    if (v.kind() == Kind::floating || v.kind() == Kind::np_float) {
        const double x = v.as_float();
        if (std::isnan(x)) return space ? " NaN" : "NaN";
        std::string s = fmt::format(FMT_COMPILE("{: .{}f}"), x, in.pandas_options.precision);
        while (!s.empty() && s.back() == '0') s.pop_back();
        if (!s.empty() && s.back() == '.') s += '0';
        return s;
    }
    return (space ? " " : "") + escaped(in.str(v));
}

// A column's cells for format_array; `space` false for leading_space=False (to_string(index=False):
// floats in an object column keep theirs, as GenericArrayFormatter's float_format writes it).
TableCells column_cells(Interp& in, const Column& c, const std::vector<std::size_t>& rows, bool space = true) {
    TableCells out;
    switch (c.dtype) {
        case PdType::float64:
            out.kind = TableCells::Kind::floats;
            for (std::size_t r : rows) out.floats.push_back(c.arr->get_f(static_cast<std::int64_t>(r)));
            break;
        case PdType::int64:
            out.kind = TableCells::Kind::ints;
            for (std::size_t r : rows) out.ints.push_back(c.arr->get_i(static_cast<std::int64_t>(r)));
            break;
        case PdType::bool_:
            for (std::size_t r : rows) {
                const bool b = c.arr->get_b(static_cast<std::int64_t>(r));
                out.text.push_back(space ? (b ? " True" : " False") : (b ? "True" : "False"));
            }
            break;
        case PdType::object:
            for (std::size_t r : rows) out.text.push_back(object_cell(in, c.objs[r], space));
            break;
    }
    return out;
}

std::string label_text(Interp& in, const Value& v) {
    if (is_nan_value(v)) return "NaN";
    return escaped(in.str(v));
}

LabelSource label_source(Interp& in, const Index& idx) {
    LabelSource src;
    if (!idx.name.is_none()) {
        src.has_name = true;
        src.name = escaped(in.str(idx.name));
    }
    if (idx.kind == Index::Kind::range) {
        src.range = true;
        src.start = idx.start;
        src.step = idx.step;
        return src;
    }
    src.cells = [&in, &idx](const std::vector<std::size_t>& pos) {
        TableCells c;
        if (idx.kind == Index::Kind::ints) {
            c.kind = TableCells::Kind::ints;
            for (std::size_t p : pos) c.ints.push_back(idx.ints[p]);
        } else {
            for (std::size_t p : pos) c.text.push_back(label_text(in, idx.objs[p]));
        }
        return c;
    };
    return src;
}

// A script's pandas sees a terminal; a notebook cell runs in a Jupyter kernel (a cell file).
FrameLayout layout_of(Interp& in) { return in.cell_file_placeholder.empty() ? FrameLayout::script : FrameLayout::notebook; }

std::string frame_text(Interp& in, const FrameObj& f, FrameLayout layout, bool show_index = true) {
    TableSource t;
    t.rows = static_cast<std::size_t>(f.rows());
    t.cols = f.cols.size();
    t.show_index = show_index;
    t.column = [&](std::size_t c, const std::vector<std::size_t>& rows) { return column_cells(in, f.cols[c], rows, show_index); };
    t.numeric = [&](std::size_t c) { return f.cols[c].numeric(); };
    t.index = label_source(in, f.index);
    t.columns = label_source(in, f.columns);
    return frame_to_string(t, layout, in.pandas_options);
}

std::string series_text(Interp& in, const SeriesObj& s) {
    SeriesSource src;
    src.rows = static_cast<std::size_t>(s.col.size());
    src.values = [&](const std::vector<std::size_t>& rows) { return column_cells(in, s.col, rows); };
    src.index = label_source(in, s.index);
    src.has_name = !s.name.is_none();
    if (src.has_name) src.name = escaped(in.str(s.name));
    src.dtype = pd_type_name(s.col.dtype);
    return series_to_string(src, in.pandas_options);
}

std::string frame_repr(Interp& in, const Value& v) {
    std::string text = frame_text(in, *v.as<FrameObj>(), layout_of(in));
    catch_warnings_exit(in);
    return text;
}
std::string series_repr(Interp& in, const Value& v) { return series_text(in, *v.as<SeriesObj>()); }

// repr(df.columns): Index(['a', 'b'], dtype='object'), Int64Index([...]), RangeIndex(start=...).
std::string index_repr_of(Interp& in, const Index& idx) {
    // default_pprint(name): pprint_thing with quotes around a str.
    std::string name;
    if (!idx.name.is_none()) name = idx.name.as<StrObj>() != nullptr ? "'" + escaped(in.str(idx.name)) + "'" : escaped(in.str(idx.name));
    if (idx.kind == Index::Kind::range) {
        return fmt::format(FMT_COMPILE("RangeIndex(start={}, stop={}, step={}{})"), idx.start, idx.start + idx.step * idx.n, idx.step,
                           name.empty() ? std::string() : ", name=" + name);
    }
    if (idx.kind == Index::Kind::ints) {
        return index_repr("Int64Index", idx.ints.size(), [&](std::size_t k) { return std::to_string(idx.ints[k]); }, true, "int64",
                          in.pandas_options, name);
    }
    bool all_str = !idx.objs.empty();
    for (const Value& v : idx.objs) all_str = all_str && v.as<StrObj>() != nullptr;
    return index_repr("Index", idx.objs.size(),
                      [&](std::size_t k) {
                          const Value& v = idx.objs[k];
                          if (const auto* s = v.as<StrObj>()) return "'" + escaped(s->s) + "'";
                          return label_text(in, v);
                      },
                      !all_str, "object", in.pandas_options, name);
}

std::string index_obj_repr(Interp& in, const Value& v) { return index_repr_of(in, v.as<IndexObj>()->index); }

// The page's table: {"columns": [...], "index": [...], "rows": [[...]]} for the rows the text shows.
nlohmann::json json_value(Interp& in, const Value& v) {
    switch (v.kind()) {
        case Kind::none: return nullptr;
        case Kind::boolean:
        case Kind::np_bool: return v.as_bool();
        case Kind::integer:
        case Kind::np_int: return v.as_int();
        case Kind::floating:
        case Kind::np_float: {
            const double x = v.as_float();
            if (!std::isfinite(x)) return nullptr;
            return x;
        }
        default: break;
    }
    if (const auto* s = v.as<StrObj>()) return s->s;
    return in.str(v);
}

void frame_display(Interp& in, const Value& v, std::map<std::string, std::string>& bundle) {
    const FrameObj& f = *v.as<FrameObj>();
    bundle["text/plain"] = frame_text(in, f, layout_of(in));
    catch_warnings_exit(in);
    nlohmann::json columns = nlohmann::json::array(), index = nlohmann::json::array(), rows = nlohmann::json::array();
    for (std::int64_t c = 0; c < f.columns.size(); ++c) columns.push_back(label_text(in, f.columns.label(c)));
    std::vector<std::int64_t> shown;
    const std::int64_t n = f.rows();
    for (std::int64_t r = 0; r < n; ++r) {
        if (n <= 60 || r < 5 || r >= n - 5) shown.push_back(r);
    }
    for (std::int64_t r : shown) {
        index.push_back(json_value(in, f.index.label(r)));
        nlohmann::json row = nlohmann::json::array();
        for (const Column& c : f.cols) row.push_back(json_value(in, c.get(r)));
        rows.push_back(std::move(row));
    }
    bundle["application/vnd.transformer-lab.table+json"] =
        nlohmann::json{{"columns", columns}, {"index", index}, {"rows", rows}}.dump();
}

// ---------------------------------------------------------------------------------------------
// pandas' library frames in tracebacks: what `python3 FILE.py` shows between the code's line
// and the exception (Debian's pandas 1.5.3 files).

constexpr const char* kPandasDir = "/usr/lib/python3/dist-packages/pandas/";

}  // namespace

Value pd_exception(Interp& in, TypeObj* cls, std::vector<Value> args, std::initializer_list<LibFrame> frames) {
    Value exc = in.new_exception(cls, std::move(args));
    auto* e = exc.as<ExceptionObj>();
    for (const LibFrame& f : frames) {
        TracebackEntry t;
        t.file = std::strncmp(f.file, "pandas/_libs", 12) == 0 ? std::string(f.file) : kPandasDir + std::string(f.file);
        t.line = f.line;
        t.function = f.function;
        t.code_line = f.code;
        t.col = f.col;
        t.end_col = f.end_col;
        e->traceback.push_back(std::move(t));
    }
    return exc;
}

void pd_raise(Interp& in, TypeObj* cls, std::vector<Value> args, std::initializer_list<LibFrame> frames, Value cause) {
    Value exc = pd_exception(in, cls, std::move(args), frames);
    if (!cause.is_none()) {
        auto* e = exc.as<ExceptionObj>();
        e->cause = std::move(cause);
        e->suppress_context = true;
    }
    in.raise_value(exc);
}

namespace {

// df.loc / df.iloc (defined with the selections below).
Value make_indexer(const Value& obj, bool iloc);

TypeObj* setting_with_copy_warning() {
    static TypeObj* t = [] {
        ImmortalScope immortal;
        auto* ty = new TypeObj("SettingWithCopyWarning", "pandas.errors", types().warning);
        ty->immortal = true;
        return ty;
    }();
    return t;
}

// NDFrame._check_setitem_copy: a frame taken from a live frame of another shape warns.
void check_setitem_copy(Interp& in, FrameObj& f, bool referent) {
    if (f.copy_of == 0) return;
    const FrameObj* parent = live_frame(f.copy_of);
    if (parent == nullptr || (parent->rows() == f.rows() && parent->cols.size() == f.cols.size())) {
        f.copy_of = 0;
        return;
    }
    const char* docs = "See the caveats in the documentation: "
                       "https://pandas.pydata.org/pandas-docs/stable/user_guide/indexing.html#returning-a-view-versus-a-copy";
    in.warn(setting_with_copy_warning(),
            referent ? std::string("\nA value is trying to be set on a copy of a slice from a DataFrame\n\n") + docs
                     : std::string("\nA value is trying to be set on a copy of a slice from a DataFrame.\n"
                                   "Try using .loc[row_indexer,col_indexer] = value instead\n\n") + docs);
}

// RangeIndex.get_loc tries range.index only for an int (or a whole float): its ValueError ("5 is
// not in range") is raised again as KeyError; any other key is a KeyError of its own.
bool range_tries_key(const Value& key) {
    const Kind k = key.kind();
    if (k == Kind::integer || k == Kind::np_int) return true;
    return (k == Kind::floating || k == Kind::np_float) && std::isfinite(key.as_float()) && key.as_float() == std::floor(key.as_float());
}

Value range_get_loc_error(Interp& in, const Value& key) {
    if (!range_tries_key(key)) return Value();
    const std::string n = key.kind() == Kind::integer || key.kind() == Kind::np_int
                              ? in.str(key)
                              : fmt::format(FMT_COMPILE("{:.0f}"), key.as_float());
    return pd_exception(in, types().value_error, {make_str(n + " is not in range")},
                        {{"core/indexes/range.py", 391, "get_loc", "return self._range.index(new_key)", 7, 33}});
}

// The frame of Index.get_loc that raises the KeyError.
LibFrame get_loc_raise_frame(const Index& index, const Value& key) {
    if (index.kind != Index::Kind::range) return {"core/indexes/base.py", 3804, "get_loc", "raise KeyError(key) from err", -1, -1};
    if (range_tries_key(key)) return {"core/indexes/range.py", 393, "get_loc", "raise KeyError(key) from err", -1, -1};
    return {"core/indexes/range.py", 395, "get_loc", "raise KeyError(key)", -1, -1};
}

// Index.get_loc's KeyError from its hash table (object or int64 labels), raised again from it.
Value get_loc_error(Interp& in, const Value& key, bool int_labels) {
    if (int_labels) {
        return pd_exception(in, types().key_error, {key},
                            {{"core/indexes/base.py", 3802, "get_loc", "return self._engine.get_loc(casted_key)", 7, 39},
                             {"pandas/_libs/index.pyx", 138, "pandas._libs.index.IndexEngine.get_loc", "", -1, -1},
                             {"pandas/_libs/index.pyx", 165, "pandas._libs.index.IndexEngine.get_loc", "", -1, -1},
                             {"pandas/_libs/hashtable_class_helper.pxi", 2263, "pandas._libs.hashtable.Int64HashTable.get_item", "", -1, -1},
                             {"pandas/_libs/hashtable_class_helper.pxi", 2273, "pandas._libs.hashtable.Int64HashTable.get_item", "", -1, -1}});
    }
    return pd_exception(in, types().key_error, {key},
                        {{"core/indexes/base.py", 3802, "get_loc", "return self._engine.get_loc(casted_key)", 7, 39},
                         {"pandas/_libs/index.pyx", 138, "pandas._libs.index.IndexEngine.get_loc", "", -1, -1},
                         {"pandas/_libs/index.pyx", 165, "pandas._libs.index.IndexEngine.get_loc", "", -1, -1},
                         {"pandas/_libs/hashtable_class_helper.pxi", 5745, "pandas._libs.hashtable.PyObjectHashTable.get_item", "", -1, -1},
                         {"pandas/_libs/hashtable_class_helper.pxi", 5753, "pandas._libs.hashtable.PyObjectHashTable.get_item", "", -1, -1}});
}

// df["missing"]
[[noreturn]] void column_key_error(Interp& in, const Value& key, const Index& columns) {
    pd_raise(in, types().key_error, {key},
             {{"core/frame.py", 3807, "__getitem__", "indexer = self.columns.get_loc(key)", 10, 35},
              get_loc_raise_frame(columns, key)},
             columns.kind == Index::Kind::range ? range_get_loc_error(in, key) : get_loc_error(in, key, columns.kind == Index::Kind::ints));
}

// s[label] for a label the index does not have.
[[noreturn]] void series_key_error(Interp& in, const Value& key, const Index& index) {
    const bool range = index.kind == Index::Kind::range;
    pd_raise(in, types().key_error, {key},
             {{"core/series.py", 981, "__getitem__", "return self._get_value(key)", 7, 27},
              {"core/series.py", 1089, "_get_value", "loc = self.index.get_loc(label)", 6, 31},
              get_loc_raise_frame(index, key)},
             range ? range_get_loc_error(in, key) : get_loc_error(in, key, index.kind == Index::Kind::ints));
}

[[noreturn]] void length_mismatch(Interp& in, std::int64_t values, std::int64_t index, const char* where) {
    Value msg = make_str(fmt::format(FMT_COMPILE("Length of values ({}) does not match length of index ({})"), values, index));
    const LibFrame homogenize[] = {
        {"core/internals/construction.py", 123, "arrays_to_mgr", "arrays = _homogenize(arrays, index, dtype)", 9, 42},
        {"core/internals/construction.py", 620, "_homogenize", "com.require_length_match(val, index)", -1, -1},
        {"core/common.py", 571, "require_length_match", "raise ValueError(", -1, -1}};
    const std::string w = where;
    if (w == "setitem") {
        pd_raise(in, types().value_error, {msg},
                 {{"core/frame.py", 3980, "__setitem__", "self._set_item(key, value)", -1, -1},
                  {"core/frame.py", 4174, "_set_item", "value = self._sanitize_column(value)", 8, 36},
                  {"core/frame.py", 4915, "_sanitize_column", "com.require_length_match(value, self.index)", -1, -1},
                  {"core/common.py", 571, "require_length_match", "raise ValueError(", -1, -1}});
    }
    if (w == "dict") {
        pd_raise(in, types().value_error, {msg},
                 {{"core/frame.py", 664, "__init__", "mgr = dict_to_mgr(data, index, columns, dtype=dtype, copy=copy, typ=manager)", 6, 76},
                  {"core/internals/construction.py", 493, "dict_to_mgr", "return arrays_to_mgr(arrays, columns, index, dtype=dtype, typ=typ, consolidate=copy)", 7, 84},
                  homogenize[0], homogenize[1], homogenize[2]});
    }
    if (w == "rows") {
        pd_raise(in, types().value_error, {msg},
                 {{"core/frame.py", 754, "__init__", "mgr = arrays_to_mgr(", 6, 20}, homogenize[0], homogenize[1], homogenize[2]});
    }
    if (w == "series") {
        pd_raise(in, types().value_error, {msg},
                 {{"core/series.py", 461, "__init__", "com.require_length_match(data, index)", -1, -1},
                  {"core/common.py", 571, "require_length_match", "raise ValueError(", -1, -1}});
    }
    in.raise(types().value_error, msg.as<StrObj>()->s);
}

// pd.DataFrame({...}) whose lists cannot make one index.
[[noreturn]] void dict_index_error(Interp& in, const char* message, int line) {
    pd_raise(in, types().value_error, {make_str(message)},
             {{"core/frame.py", 664, "__init__", "mgr = dict_to_mgr(data, index, columns, dtype=dtype, copy=copy, typ=manager)", 6, 76},
              {"core/internals/construction.py", 493, "dict_to_mgr", "return arrays_to_mgr(arrays, columns, index, dtype=dtype, typ=typ, consolidate=copy)", 7, 84},
              {"core/internals/construction.py", 118, "arrays_to_mgr", "index = _extract_index(arrays)", 8, 30},
              {"core/internals/construction.py", line, "_extract_index", line == 666 ? "raise ValueError(\"All arrays must be of the same length\")"
                                                                                  : "raise ValueError(\"If using all scalar values, you must pass an index\")", -1, -1}});
}

[[noreturn]] void truth_error(Interp& in, const char* cls) {
    pd_raise(in, types().value_error,
             {make_str(std::string("The truth value of a ") + cls + " is ambiguous. Use a.empty, a.bool(), a.item(), a.any() or a.all().")},
             {{"core/generic.py", 1527, "__nonzero__", "raise ValueError(", -1, -1}});
}

// ---------------------------------------------------------------------------------------------
// Construction

bool is_scalar_value(const Value& v) {
    switch (v.kind()) {
        case Kind::none:
        case Kind::boolean:
        case Kind::integer:
        case Kind::floating:
        case Kind::np_bool:
        case Kind::np_int:
        case Kind::np_float: return true;
        default: return v.as<StrObj>() != nullptr;
    }
}

Column scalar_column(Interp& in, const Value& v, std::int64_t n) {
    std::vector<Value> values(static_cast<std::size_t>(n), v);
    if (n == 0) {
        Column c = infer_column(in, {v});
        return c.take({});
    }
    return infer_column(in, std::move(values));
}

// The values of a list-like as Python values (list, tuple, range, 1-D ndarray).
bool list_values(Interp& in, const Value& v, std::vector<Value>& out) {
    if (auto* l = v.as<ListObj>()) out = l->items;
    else if (auto* t = v.as<TupleObj>()) out = t->items;
    else if (v.as<RangeObj>() != nullptr) out = in.to_list(v);
    else return false;
    return true;
}

// A column from one value of a dict / a setitem: list-like (inferred), 1-D array (copied),
// Series (its values; the index is checked by the caller). False for scalars.
bool column_from(Interp& in, const Value& v, Column& out, const char* where) {
    std::vector<Value> items;
    if (list_values(in, v, items)) {
        // An empty list makes an empty float64 column (sanitize_array).
        out = items.empty() ? column_of_array(ArrayObj::empty(DType::float64, {0})) : infer_column(in, std::move(items));
        return true;
    }
    if (auto* a = v.as<ArrayObj>()) {
        if (a->ndim() != 1) {
            if (a->ndim() == 0) return false;
            in.raise(types().value_error, std::string(where));
        }
        out = column_of_array(a->copy());
        return true;
    }
    if (auto* s = v.as<SeriesObj>()) {
        out = s->col;
        out.block = 0;
        return true;
    }
    if (v.as<DictObj>() != nullptr) pd_unsupported(in, "nested dicts as DataFrame columns (index from the keys)");
    if (v.as<FrameObj>() != nullptr) pd_unsupported(in, "a DataFrame as a column");
    if (!is_scalar_value(v)) pd_unsupported(in, v.type_name() + " values as DataFrame columns");
    return false;
}

Index index_arg(Interp& in, const Value& v) {
    if (auto* i = v.as<IndexObj>()) return i->index;
    if (auto* r = v.as<RangeObj>()) return Index::range(r->length(), r->start, r->step);
    if (auto* s = v.as<SeriesObj>()) {
        std::vector<Value> labels;
        for (std::int64_t k = 0; k < s->col.size(); ++k) labels.push_back(s->col.get(k));
        Index out = index_of_labels(in, labels);
        out.name = s->name;  // Index(series) takes the Series' name
        return out;
    }
    if (auto* a = v.as<ArrayObj>()) {
        if (a->ndim() != 1 || a->dtype != DType::int64) pd_unsupported(in, "this array as an index");
        Index out;
        out.kind = Index::Kind::ints;
        out.ints = a->ints();
        return out;
    }
    std::vector<Value> labels;
    if (!list_values(in, v, labels)) {
        in.raise(types().type_error, "Index(...) must be called with a collection of some kind, " + in.repr(v) + " was passed");
    }
    return index_of_labels(in, labels);
}

bool same_name(Interp& in, const Value& a, const Value& b) {
    if (a.is_none() || b.is_none()) return a.is_none() && b.is_none();
    return in.eq(a, b);
}

// columns=...: an Index with a name would print its name above the index (not supported).
Index columns_arg(Interp& in, const Value& v) {
    Index out = index_arg(in, v);
    if (!out.name.is_none()) pd_unsupported(in, "columns with a name (an Index with a name as columns)");
    return out;
}

Value frame_from_dict(Interp& in, DictObj& d, const Value& index_v, const Value& columns_v) {
    std::vector<Value> labels;
    std::vector<Value> values;
    for (const auto& e : d.entries()) {
        if (!e.live) continue;
        labels.push_back(e.key);
        values.push_back(e.value);
    }
    if (!columns_v.is_none()) {
        Index wanted = columns_arg(in, columns_v);
        std::vector<Value> l2, v2;
        Index have = index_of_labels(in, labels.empty() ? std::vector<Value>{} : labels);
        if (labels.empty()) have.kind = Index::Kind::objects;
        for (std::int64_t k = 0; k < wanted.size(); ++k) {
            const Value lab = wanted.label(k);
            const std::int64_t p = have.find(in, lab);
            l2.push_back(lab);
            v2.push_back(p < 0 ? Value::unbound() : values[static_cast<std::size_t>(p)]);
        }
        labels = std::move(l2);
        values = std::move(v2);
    }
    std::vector<Column> cols(values.size());
    std::vector<bool> scalar(values.size(), false);
    const Index* series_index = nullptr;
    bool names_differ = false;
    std::int64_t length = -1;
    bool ragged = false;
    for (std::size_t k = 0; k < values.size(); ++k) {
        if (values[k].is_unbound()) {
            scalar[k] = true;
            continue;
        }
        if (!column_from(in, values[k], cols[k], "Per-column arrays must each be 1-dimensional")) {
            scalar[k] = true;
            continue;
        }
        if (auto* s = values[k].as<SeriesObj>()) {
            if (series_index != nullptr && !series_index->same(in, s->index)) pd_unsupported(in, "aligning Series with different indexes");
            // union_indexes keeps a name only when every index has it (get_unanimous_names).
            if (series_index != nullptr && !same_name(in, series_index->name, s->index.name)) names_differ = true;
            series_index = &s->index;
        }
        if (length >= 0 && cols[k].size() != length) ragged = true;
        length = std::max(length, cols[k].size());
    }
    Index index;
    if (!index_v.is_none()) {
        index = index_arg(in, index_v);
        if (series_index != nullptr && !series_index->same(in, index)) pd_unsupported(in, "aligning Series to a different index");
        for (std::size_t k = 0; k < cols.size(); ++k) {
            if (!scalar[k] && cols[k].size() != index.size()) length_mismatch(in, cols[k].size(), index.size(), "dict");
        }
    } else if (series_index != nullptr) {
        if (ragged) pd_unsupported(in, "aligning Series with different indexes");
        for (std::size_t k = 0; k < cols.size(); ++k) {
            if (!scalar[k] && values[k].as<SeriesObj>() == nullptr) pd_unsupported(in, "mixing Series and lists in a DataFrame");
        }
        index = *series_index;
        if (names_differ) index.name = Value();
    } else {
        if (ragged) dict_index_error(in, "All arrays must be of the same length", 666);
        if (length < 0) {
            bool any_scalar = false;
            for (std::size_t k = 0; k < values.size(); ++k) any_scalar = any_scalar || !values[k].is_unbound();
            if (any_scalar) dict_index_error(in, "If using all scalar values, you must pass an index", 656);
            length = 0;
        }
        index = Index::range(length);
    }
    for (std::size_t k = 0; k < cols.size(); ++k) {
        if (!scalar[k]) continue;
        if (values[k].is_unbound()) {
            // A requested column the dict lacks: all NaN, object dtype.
            cols[k].dtype = PdType::object;
            cols[k].objs.assign(static_cast<std::size_t>(index.size()), Value::floating(std::nan("")));
        } else {
            cols[k] = scalar_column(in, values[k], index.size());
        }
    }
    Index columns = index_of_labels(in, labels);
    if (labels.empty()) columns.kind = Index::Kind::objects;
    return make_frame(std::move(cols), std::move(index), std::move(columns));
}

Index columns_for(Interp& in, const Value& columns_v, std::size_t n_cols) {
    if (columns_v.is_none()) return Index::range(static_cast<std::int64_t>(n_cols));
    Index c = columns_arg(in, columns_v);
    if (static_cast<std::size_t>(c.size()) != n_cols) {
        const Value msg = make_str(fmt::format(FMT_COMPILE("{} columns passed, passed data had {} columns"), c.size(), n_cols));
        Value inner = pd_exception(in, types().assertion_error, {msg},
                                   {{"core/internals/construction.py", 969, "_finalize_columns_and_data",
                                     "columns = _validate_or_indexify_columns(contents, columns)", 10, 58},
                                    {"core/internals/construction.py", 1017, "_validate_or_indexify_columns", "raise AssertionError(", -1, -1}});
        pd_raise(in, types().value_error, {msg},
                 {{"core/frame.py", 746, "__init__", "arrays, columns, index = nested_data_to_arrays(", 25, 47},
                  {"core/internals/construction.py", 510, "nested_data_to_arrays", "arrays, columns = to_arrays(data, columns, dtype=dtype)", 18, 55},
                  {"core/internals/construction.py", 875, "to_arrays", "content, columns = _finalize_columns_and_data(arr, columns, dtype)", 19, 66},
                  {"core/internals/construction.py", 972, "_finalize_columns_and_data", "raise ValueError(err) from err", -1, -1}},
                 inner);
    }
    return c;
}

Index rows_index(Interp& in, const Value& index_v, std::int64_t n_rows) {
    if (index_v.is_none()) return Index::range(n_rows);
    Index i = index_arg(in, index_v);
    if (i.size() != n_rows) length_mismatch(in, n_rows, i.size(), "rows");
    return i;
}

Value frame_from_records(Interp& in, const std::vector<Value>& rows, const Value& index_v, const Value& columns_v) {
    std::vector<Value> labels;
    Index seen;
    seen.kind = Index::Kind::objects;
    for (const Value& r : rows) {
        auto* d = r.as<DictObj>();
        if (d == nullptr) pd_unsupported(in, "a DataFrame from a list mixing dicts and other rows");
        for (const auto& e : d->entries()) {
            if (e.live && seen.find(in, e.key) < 0) {
                seen.objs.push_back(e.key);
                labels.push_back(e.key);
            }
        }
    }
    if (!columns_v.is_none()) {
        Index wanted = columns_arg(in, columns_v);
        labels.clear();
        for (std::int64_t k = 0; k < wanted.size(); ++k) labels.push_back(wanted.label(k));
    }
    std::vector<Column> cols;
    for (const Value& lab : labels) {
        std::vector<Value> values;
        for (const Value& r : rows) {
            Value* v = r.as<DictObj>()->find(in, lab);
            values.push_back(v != nullptr ? *v : Value::floating(std::nan("")));
        }
        for (const Value& v : values) {
            if (!is_scalar_value(v)) pd_unsupported(in, v.type_name() + " values in DataFrame records");
        }
        cols.push_back(infer_column(in, std::move(values)));
    }
    Index index = rows_index(in, index_v, static_cast<std::int64_t>(rows.size()));
    Index columns = index_of_labels(in, labels);
    if (labels.empty()) columns.kind = Index::Kind::objects;
    return make_frame(std::move(cols), std::move(index), std::move(columns));
}

Value frame_from_rows(Interp& in, const std::vector<Value>& rows, const Value& index_v, const Value& columns_v) {
    std::vector<std::vector<Value>> table;
    std::size_t width = 0;
    for (const Value& r : rows) {
        std::vector<Value> items;
        if (auto* a = r.as<ArrayObj>()) {
            if (a->ndim() != 1) pd_unsupported(in, "a DataFrame from a list of 2-D arrays");
            for (std::int64_t k = 0; k < a->size(); ++k) items.push_back(a->get_scalar(k));
        } else if (!list_values(in, r, items)) {
            if (r.as<SeriesObj>() != nullptr) pd_unsupported(in, "a DataFrame from a list of Series");
            pd_unsupported(in, "a DataFrame from a list mixing rows and other values");
        }
        for (const Value& v : items) {
            if (!is_scalar_value(v)) pd_unsupported(in, v.type_name() + " values in DataFrame rows");
        }
        width = std::max(width, items.size());
        table.push_back(std::move(items));
    }
    std::vector<Column> cols;
    for (std::size_t c = 0; c < width; ++c) {
        std::vector<Value> values;
        for (const auto& row : table) values.push_back(c < row.size() ? row[c] : Value::floating(std::nan("")));
        cols.push_back(infer_column(in, std::move(values)));
    }
    Index columns = columns_for(in, columns_v, width);
    Index index = rows_index(in, index_v, static_cast<std::int64_t>(rows.size()));
    return make_frame(std::move(cols), std::move(index), std::move(columns));
}

Value frame_from_array(Interp& in, const Ref<ArrayObj>& a, const Value& index_v, const Value& columns_v) {
    if (a->ndim() == 1) {
        std::vector<Column> cols{column_of_array(a)};
        return make_frame(std::move(cols), rows_index(in, index_v, a->size()), columns_for(in, columns_v, 1));
    }
    if (a->ndim() != 2) in.raise(types().value_error, "Must pass 2-d input. shape=" + shape_repr(a->shape));
    const std::int64_t n = a->shape[0], m = a->shape[1];
    auto shape_error = [&](std::int64_t rows, std::int64_t cols) {
        pd_raise(in, types().value_error,
                 {make_str(fmt::format(FMT_COMPILE("Shape of passed values is ({}, {}), indices imply ({}, {})"), n, m, rows, cols))},
                 {{"core/frame.py", 722, "__init__", "mgr = ndarray_to_mgr(", 6, 21},
                  {"core/internals/construction.py", 349, "ndarray_to_mgr", "_check_values_indices_shape_match(values, index, columns)", -1, -1},
                  {"core/internals/construction.py", 420, "_check_values_indices_shape_match",
                   "raise ValueError(f\"Shape of passed values is {passed}, indices imply {implied}\")", -1, -1}});
    };
    Index columns = columns_v.is_none() ? Index::range(m) : columns_arg(in, columns_v);
    Index index = index_v.is_none() ? Index::range(n) : index_arg(in, index_v);
    if (columns.size() != m || index.size() != n) shape_error(index.size(), columns.size());
    // pandas keeps the array (no copy) as one block: values.T, reduced along its rows.
    static std::uint32_t next_block = 0;
    const std::uint32_t block = ++next_block == 0 ? ++next_block : next_block;
    std::vector<Column> cols;
    for (std::int64_t j = 0; j < m; ++j) {
        Ref<ArrayObj> v = a->view();
        v->shape = {n};
        v->strides = {a->strides[0]};
        v->offset = a->offset + j * a->strides[1];
        Column c = column_of_array(v);
        c.block = block;
        cols.push_back(std::move(c));
    }
    return make_frame(std::move(cols), std::move(index), std::move(columns));
}

[[noreturn]] void not_properly_called(Interp& in) {
    pd_raise(in, types().value_error, {make_str("DataFrame constructor not properly called!")},
             {{"core/frame.py", 781, "__init__", "raise ValueError(\"DataFrame constructor not properly called!\")", -1, -1}});
}

Value frame_new(Interp& in, Args& a) {
    ArgParser p(in, a, "DataFrame", {"data=None", "index=None", "columns=None", "dtype=None", "copy=None"});
    if (!p.get(3).is_none()) pd_unsupported(in, "DataFrame(dtype=...)");
    const Value& data = p.get(0);
    const Value& index_v = p.get(1);
    const Value& columns_v = p.get(2);
    if (data.is_none()) {
        Ref<DictObj> empty = make_dict();
        return frame_from_dict(in, *empty, index_v, columns_v);
    }
    if (auto* d = data.as<DictObj>()) return frame_from_dict(in, *d, index_v, columns_v);
    if (auto* arr = data.as<ArrayObj>()) {
        if (arr->ndim() == 0) not_properly_called(in);
        return frame_from_array(in, Ref<ArrayObj>(data), index_v, columns_v);
    }
    if (auto* s = data.as<SeriesObj>()) {
        if (!index_v.is_none() || !columns_v.is_none()) pd_unsupported(in, "DataFrame(Series, index=..., columns=...)");
        std::vector<Column> cols{s->col};
        cols[0].block = 0;
        Index columns;
        columns.kind = Index::Kind::objects;
        if (s->name.is_none()) columns = Index::range(1);
        else columns.objs.push_back(s->name);
        return make_frame(std::move(cols), s->index, std::move(columns));
    }
    if (auto* f = data.as<FrameObj>()) {
        if (!index_v.is_none() || !columns_v.is_none()) pd_unsupported(in, "DataFrame(DataFrame, index=..., columns=...)");
        return make_frame(f->cols, f->index, f->columns);
    }
    std::vector<Value> items;
    if (list_values(in, data, items)) {
        if (items.empty()) {
            Ref<DictObj> empty = make_dict();
            return frame_from_dict(in, *empty, index_v, columns_v);
        }
        if (items[0].as<DictObj>() != nullptr) return frame_from_records(in, items, index_v, columns_v);
        if (is_scalar_value(items[0])) {
            Column c = infer_column(in, items);
            std::vector<Column> cols{c};
            return make_frame(std::move(cols), rows_index(in, index_v, c.size()), columns_for(in, columns_v, 1));
        }
        return frame_from_rows(in, items, index_v, columns_v);
    }
    if (is_scalar_value(data)) not_properly_called(in);
    pd_unsupported(in, "DataFrame(" + data.type_name() + ")");
}

Value series_new(Interp& in, Args& a) {
    ArgParser p(in, a, "Series", {"data=None", "index=None", "dtype=None", "name=None", "copy=False"});
    if (!p.get(2).is_none()) pd_unsupported(in, "Series(dtype=...)");
    const Value& data = p.get(0);
    const Value& index_v = p.get(1);
    Value name = p.get(3);
    Column col;
    Index index;
    bool have_index = false;
    if (data.is_none()) {
        pd_unsupported(in, "Series() without data");
    } else if (auto* arr = data.as<ArrayObj>()) {
        if (arr->ndim() != 1) {
            if (arr->ndim() == 0) pd_unsupported(in, "Series of a 0-d array");
            in.raise(types().value_error, "Data must be 1-dimensional, got ndarray of shape " + shape_repr(arr->shape) + " instead");
        }
        col = column_of_array(Ref<ArrayObj>(data));
    } else if (auto* s = data.as<SeriesObj>()) {
        if (!index_v.is_none()) pd_unsupported(in, "Series(Series, index=...) (reindexing)");
        col = s->col;
        index = s->index;
        have_index = true;
        if (!p.given(3)) name = s->name;
    } else if (auto* d = data.as<DictObj>()) {
        if (!index_v.is_none()) pd_unsupported(in, "Series(dict, index=...) (reindexing)");
        std::vector<Value> keys, values;
        for (const auto& e : d->entries()) {
            if (!e.live) continue;
            keys.push_back(e.key);
            values.push_back(e.value);
        }
        for (const Value& v : values) {
            if (!is_scalar_value(v)) pd_unsupported(in, v.type_name() + " values in a Series");
        }
        if (keys.empty()) pd_unsupported(in, "an empty Series");
        col = infer_column(in, values);
        index = index_of_labels(in, keys);
        have_index = true;
    } else {
        std::vector<Value> items;
        if (list_values(in, data, items)) {
            for (const Value& v : items) {
                if (!is_scalar_value(v)) pd_unsupported(in, v.type_name() + " values in a Series");
            }
            if (items.empty()) pd_unsupported(in, "an empty Series (its dtype warning)");
            col = infer_column(in, std::move(items));
        } else if (is_scalar_value(data)) {
            if (index_v.is_none()) pd_unsupported(in, "a Series of one scalar");
            index = index_arg(in, index_v);
            return make_series(scalar_column(in, data, index.size()), index, name);
        } else {
            pd_unsupported(in, "Series(" + data.type_name() + ")");
        }
    }
    if (!index_v.is_none()) {
        index = index_arg(in, index_v);
        if (index.size() != col.size()) length_mismatch(in, col.size(), index.size(), "series");
    } else if (!have_index) {
        index = Index::range(col.size());
    }
    if (!name.is_none() && !is_scalar_value(name) && name.as<TupleObj>() == nullptr) {
        in.raise(types().type_error, "Series.name must be a hashable type");
    }
    return make_series(std::move(col), std::move(index), std::move(name));
}

// ---------------------------------------------------------------------------------------------
// Attribute names pandas has that the kernel does not: these are refused as unsupported, any
// other unknown name is an AttributeError as in pandas.

// pandas 1.5.3's public attributes (dir(pd.DataFrame), dir(pd.Series)), each list padded with
// spaces so a name is found as " name ".
constexpr const char* kCommonNames =
    " T abs add add_prefix add_suffix agg aggregate align all any append apply asfreq asof astype at "
    "at_time attrs axes backfill between_time bfill bool clip combine combine_first compare "
    "convert_dtypes copy corr count cov cummax cummin cumprod cumsum describe diff div divide dot drop "
    "drop_duplicates droplevel dropna dtypes duplicated empty eq equals ewm expanding explode ffill "
    "fillna filter first first_valid_index flags floordiv ge get groupby gt head hist iat idxmax idxmin "
    "iloc index infer_objects info interpolate isin isna isnull items iteritems keys kurt kurtosis last "
    "last_valid_index le loc lt mad mask max mean median memory_usage min mod mode mul multiply ndim ne "
    "nlargest notna notnull nsmallest nunique pad pct_change pipe plot pop pow prod product quantile radd"
    " rank rdiv reindex reindex_like rename rename_axis reorder_levels replace resample reset_index "
    "rfloordiv rmod rmul rolling round rpow rsub rtruediv sample sem set_axis set_flags shape shift size "
    "skew slice_shift sort_index sort_values sparse squeeze std sub subtract sum swapaxes swaplevel tail "
    "take to_clipboard to_csv to_dict to_excel to_hdf to_json to_latex to_markdown to_numpy to_period "
    "to_pickle to_sql to_string to_timestamp to_xarray transform transpose truediv truncate tshift "
    "tz_convert tz_localize unstack update value_counts values var where xs ";
constexpr const char* kSeriesOnlyNames =
    " argmax argmin argsort array autocorr between cat divmod dt dtype factorize hasnans is_monotonic "
    "is_monotonic_decreasing is_monotonic_increasing is_unique item map name nbytes ravel rdivmod repeat "
    "searchsorted str to_frame to_list tolist unique view ";
constexpr const char* kFrameOnlyNames =
    " applymap assign boxplot columns corrwith eval from_dict from_records insert isetitem iterrows "
    "itertuples join lookup melt merge pivot pivot_table query select_dtypes set_index stack style "
    "to_feather to_gbq to_html to_orc to_parquet to_records to_stata to_xml ";

// The rest of dir(df) / dir(s) (private and special names, an instance's own attributes): with
// the public ones and the column labels they are what CPython's "Did you mean" picks from.
constexpr const char* kPrivateCommon =
    " _AXIS_LEN _AXIS_ORDERS _AXIS_TO_AXIS_NUMBER _HANDLED_TYPES __abs__ __add__ __and__ __annotations__ "
    "__array__ __array_priority__ __array_ufunc__ __array_wrap__ __bool__ __class__ __contains__ __copy__"
    " __deepcopy__ __delattr__ __delitem__ __dict__ __dir__ __divmod__ __doc__ __eq__ __finalize__ "
    "__floordiv__ __format__ __ge__ __getattr__ __getattribute__ __getitem__ __getstate__ __gt__ __hash__"
    " __iadd__ __iand__ __ifloordiv__ __imod__ __imul__ __init__ __init_subclass__ __invert__ __ior__ "
    "__ipow__ __isub__ __iter__ __itruediv__ __ixor__ __le__ __len__ __lt__ __matmul__ __mod__ __module__"
    " __mul__ __ne__ __neg__ __new__ __nonzero__ __or__ __pos__ __pow__ __radd__ __rand__ __rdivmod__ "
    "__reduce__ __reduce_ex__ __repr__ __rfloordiv__ __rmatmul__ __rmod__ __rmul__ __ror__ __round__ "
    "__rpow__ __rsub__ __rtruediv__ __rxor__ __setattr__ __setitem__ __setstate__ __sizeof__ __str__ "
    "__sub__ __subclasshook__ __truediv__ __weakref__ __xor__ _accessors _accum_func "
    "_add_numeric_operations _agg_by_level _agg_examples_doc _align_frame _align_series _append "
    "_arith_method _as_manager _attrs _check_inplace_and_allows_duplicate_labels _check_inplace_setting "
    "_check_is_chained_assignment_possible _check_label_or_level_ambiguity _check_setitem_copy "
    "_clear_item_cache _clip_with_one_bound _clip_with_scalar _cmp_method _consolidate "
    "_consolidate_inplace _construct_axes_dict _construct_axes_from_arguments _construct_result "
    "_constructor _convert _data _dir_additions _dir_deletions _drop_axis _drop_labels_or_levels "
    "_find_valid_index _flags _get_axis _get_axis_name _get_axis_number _get_axis_resolvers "
    "_get_block_manager_axis _get_bool_data _get_cleaned_column_resolvers _get_index_resolvers "
    "_get_label_or_level_values _get_numeric_data _get_value _gotitem _hidden_attrs _indexed_same "
    "_info_axis _info_axis_name _info_axis_number _init_mgr _inplace_method _internal_names "
    "_internal_names_set _is_copy _is_label_or_level_reference _is_label_reference _is_level_reference "
    "_is_mixed_type _is_view _item_cache _ixs _logical_func _logical_method _maybe_update_cacher "
    "_metadata _mgr _min_count_stat_function _needs_reindex_multi _protect_consolidate _reduce "
    "_reindex_axes _reindex_multi _reindex_with_indexers _rename _repr_data_resource_ _repr_latex_ "
    "_reset_cache _reset_cacher _set_axis _set_axis_name _set_axis_nocheck _set_is_copy _set_value _slice"
    " _stat_axis _stat_axis_name _stat_axis_number _stat_function _stat_function_ddof _take "
    "_take_with_is_copy _typ _update_inplace _validate_dtype _values _where ";
constexpr const char* kPrivateSeriesOnly =
    " __float__ __int__ __long__ _agg_see_also_doc _binop _can_hold_na _constructor_expanddim "
    "_convert_dtypes _duplicated _get_cacher _get_values _get_values_tuple _get_with _init_dict "
    "_is_cached _map_values _memory_usage _name _reindex_indexer _replace_single _set_as_cached "
    "_set_labels _set_name _set_values _set_with _set_with_engine ";
constexpr const char* kPrivateFrameOnly =
    " __dataframe__ _agg_summary_and_see_also_doc _box_col_values _can_fast_transpose _combine_frame "
    "_constructor_sliced _count_level _dispatch_frame_op _ensure_valid_index _from_arrays _get_agg_axis "
    "_get_column_array _get_item_cache _getitem_bool_array _getitem_multilevel _info_repr "
    "_is_homogeneous_type _iset_item _iset_item_mgr _iset_not_inplace _iter_column_arrays _join_compat "
    "_maybe_cache_changed _reduce_axis1 _reindex_columns _reindex_index _replace_columnwise "
    "_repr_fits_horizontal_ _repr_fits_vertical_ _repr_html_ _sanitize_column _series _set_item "
    "_set_item_frame_value _set_item_mgr _setitem_array _setitem_frame _setitem_slice _to_dict_of_blocks ";

bool pandas_has(const char* names, const std::string& name) {
    const std::string key = " " + name + " ";
    return std::strstr(names, key.c_str()) != nullptr;
}

bool type_has(const Value& self, const std::string& name) { return self.type()->lookup(name) != nullptr; }

void add_names(std::vector<std::string>& out, const char* list) {
    for (const char* p = list; *p != '\0';) {
        while (*p == ' ') ++p;
        const char* end = p;
        while (*end != '\0' && *end != ' ') ++end;
        if (end != p) out.emplace_back(p, end);
        p = end;
    }
}

// str.isidentifier() of a label (XID_Start then XID_Continue, as far as the lexer's tables go;
// the middle dot continues one, as in "q·k").
bool is_identifier(const std::string& s) {
    int i = 0;
    bool first = true;
    while (i < static_cast<int>(s.size())) {
        const std::uint32_t c = decode_utf8(s, i);
        const bool start = c == '_' || is_id_start(c);
        if (first ? !start : !(start || (c >= '0' && c <= '9') || c == 0xB7 || c == 0x387)) return false;
        first = false;
    }
    return !first;
}

// NDFrame.__getattr__ gives up with object.__getattribute__'s AttributeError, and CPython adds
// the closest name of dir(obj): the class's names and the first 100 labels that are identifiers.
[[noreturn]] void no_attribute(Interp& in, const Value& self, const Index& labels, const std::string& name) {
    const bool frame = self.as<FrameObj>() != nullptr;
    const std::string cls = frame ? "DataFrame" : "Series";
    Value exc = pd_exception(in, types().attribute_error, {make_str("'" + cls + "' object has no attribute '" + name + "'")},
                             {{"core/generic.py", 5902, "__getattr__", "return object.__getattribute__(self, name)", 7, 42}});
    std::vector<std::string> names;
    for (const char* list : {kCommonNames, kPrivateCommon, frame ? kFrameOnlyNames : kSeriesOnlyNames,
                             frame ? kPrivateFrameOnly : kPrivateSeriesOnly}) {
        add_names(names, list);
    }
    std::vector<std::string> seen;
    for (std::int64_t k = 0; k < labels.size() && seen.size() < 100; ++k) {
        const auto* s = labels.label(k).as<StrObj>();
        const std::string text = s != nullptr ? s->s : std::string();
        if (s == nullptr) {
            seen.push_back("");  // a non-str label still takes one of the 100 places
            continue;
        }
        if (std::find(seen.begin(), seen.end(), text) != seen.end()) continue;
        seen.push_back(text);
        if (is_identifier(text)) names.push_back(text);
    }
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    exc.as<ExceptionObj>()->suggestion = suggest(name, names);
    in.raise_value(exc);
}

// ---------------------------------------------------------------------------------------------
// DataFrame hooks

Value shape_value(std::initializer_list<std::int64_t> dims) {
    std::vector<Value> items;
    for (std::int64_t d : dims) items.push_back(Value::integer(d));
    return make_tuple(std::move(items));
}

// A 2-D ndarray of the columns (df.values / df.to_numpy()): the common NumPy dtype.
Value frame_values(Interp& in, const FrameObj& f) {
    PdType t = PdType::bool_;
    for (const Column& c : f.cols) {
        if (c.dtype == PdType::object) pd_unsupported(in, "DataFrame.values with str columns (an object array)");
        t = std::max(t, c.dtype);
    }
    if (f.cols.empty()) t = PdType::float64;
    const bool has_bool = std::any_of(f.cols.begin(), f.cols.end(), [](const Column& c) { return c.dtype == PdType::bool_; });
    if (has_bool && t != PdType::bool_) pd_unsupported(in, "DataFrame.values mixing bool and number columns (an object array)");
    const std::int64_t n = f.rows(), m = static_cast<std::int64_t>(f.cols.size());
    Ref<ArrayObj> out;
    try {
        out = ArrayObj::empty(np_type_of(t), {n, m});
    } catch (OverCap&) {
        memory_error(in, {n, m}, np_type_of(t));
    }
    Storage& s = *out->storage;
    for (std::int64_t j = 0; j < m; ++j) {
        const ArrayObj& c = *f.cols[static_cast<std::size_t>(j)].arr;
        for (std::int64_t r = 0; r < n; ++r) {
            switch (t) {
                case PdType::float64: s.f()[r * m + j] = c.get_f(r); break;
                case PdType::int64: s.i()[r * m + j] = c.get_i(r); break;
                default: s.b()[r * m + j] = c.get_b(r); break;
            }
        }
    }
    return out;
}

// df.T: the values interleaved into one dtype (int with float: float64; bool or str with
// anything else: object, holding Python scalars) and transposed.
Value frame_transpose(Interp& in, const FrameObj& f) {
    if (!f.index.name.is_none()) pd_unsupported(in, "DataFrame.T of a frame whose index has a name (named columns)");
    PdType t = f.cols.empty() ? PdType::object : f.cols[0].dtype;
    for (const Column& c : f.cols) {
        if (c.dtype == t) continue;
        const bool numbers = (c.dtype == PdType::int64 || c.dtype == PdType::float64) && (t == PdType::int64 || t == PdType::float64);
        t = numbers ? PdType::float64 : PdType::object;
    }
    const std::int64_t n = f.rows();
    std::vector<Column> cols;
    for (std::int64_t r = 0; r < n; ++r) {
        Column c;
        c.dtype = t;
        if (t == PdType::object) {
            for (const Column& src : f.cols) {
                Value v = src.get(r);
                if (v.kind() == Kind::np_float) v = Value::floating(v.as_float());
                else if (v.kind() == Kind::np_int) v = Value::integer(v.as_int());
                else if (v.kind() == Kind::np_bool) v = Value::boolean(v.as_bool());
                c.objs.push_back(v);
            }
            cols.push_back(std::move(c));
            continue;
        }
        c.arr = ArrayObj::empty(np_type_of(t), {static_cast<std::int64_t>(f.cols.size())});
        for (std::size_t j = 0; j < f.cols.size(); ++j) {
            const ArrayObj& a = *f.cols[j].arr;
            switch (t) {
                case PdType::float64: c.arr->storage->f()[j] = a.get_f(r); break;
                case PdType::int64: c.arr->storage->i()[j] = a.get_i(r); break;
                default: c.arr->storage->b()[j] = a.get_b(r); break;
            }
        }
        cols.push_back(std::move(c));
    }
    return make_frame(std::move(cols), f.columns, f.index);
}

// A column's dtype as pandas gives it: NumPy's dtype objects; object columns have dtype('O'),
// which the kernel's NumPy module does not have, so pandas provides that one here.
std::string object_dtype_repr(Interp&, const Value&) { return "dtype('O')"; }
std::string object_dtype_str(Interp&, const Value&) { return "object"; }
Value object_dtype_compare(Interp& in, CmpOpKind op, const Value& self, const Value& other, bool) {
    if (op != CmpOpKind::eq && op != CmpOpKind::not_eq_) return in.not_implemented();
    const auto* s = other.as<StrObj>();
    const bool same = other.same(self) || (s != nullptr && (s->s == "object" || s->s == "O")) || other.same(Value(types().object));
    return Value::boolean((op == CmpOpKind::eq) == same);
}

Value dtype_of(Interp& in, PdType t) {
    if (t == PdType::object) {
        static Value v = [] {
            ImmortalScope immortal;
            auto* ty = new TypeObj("dtype[object_]", "numpy", types().object);
            ty->immortal = true;
            static TypeOps ops{};
            ops.repr = object_dtype_repr;
            ops.str = object_dtype_str;
            ops.compare = object_dtype_compare;
            ty->ops = &ops;
            return Value(make<InstanceObj>(ty));
        }();
        return v;
    }
    (void)in;
    return dtype_value(np_type_of(t));
}

Value frame_dtypes(Interp& in, const FrameObj& f) {
    Column c;
    c.dtype = PdType::object;
    for (const Column& col : f.cols) c.objs.push_back(dtype_of(in, col.dtype));
    Index index = f.columns;
    if (f.cols.empty()) index.kind = Index::Kind::objects;
    return make_series(std::move(c), std::move(index), Value());
}

// The position of `key` in `index`, or -1. A label the index has twice selects several items in
// pandas (a frame, a Series): refused.
std::int64_t unique_find(Interp& in, const Index& index, const Value& key) {
    const std::int64_t p = index.find(in, key);
    if (p >= 0 && index.kind != Index::Kind::range && index.slice(p + 1, index.size()).find(in, key) >= 0) {
        pd_unsupported(in, "a label the index (or the columns) has more than once (" + in.repr(key) + ")");
    }
    return p;
}

// pd.DataFrame.shape, pd.Series.values: the class's own attributes (property objects in pandas)
// reach the instances' hooks with the class as `self`.
[[noreturn]] void class_itself(Interp& in, const char* cls) {
    in.unsupported(std::string("attributes and operations of the class pandas.") + cls + " itself (rather than of a " +
                       (cls[0] == 'D' ? "frame" : "series") + ")",
                   std::string("pandas.") + cls + " 클래스 자체의 속성과 연산");
}

std::int64_t column_position(Interp& in, const FrameObj& f, const Value& key) { return unique_find(in, f.columns, key); }

Value column_series(const FrameObj& f, std::size_t c) {
    Column col = f.cols[c];
    return make_series(std::move(col), f.index, f.columns.label(static_cast<std::int64_t>(c)));
}

bool frame_getattr(Interp& in, const Value& self, const std::string& name, Value& out) {
    if (self.as<FrameObj>() == nullptr) class_itself(in, "DataFrame");
    auto& f = *self.as<FrameObj>();
    if (name == "shape") out = shape_value({f.rows(), static_cast<std::int64_t>(f.cols.size())});
    else if (name == "columns") out = make_index(f.columns);
    else if (name == "index") out = make_index(f.index);
    else if (name == "values") out = frame_values(in, f);
    else if (name == "T") out = frame_transpose(in, f);
    else if (name == "size") out = Value::integer(f.rows() * static_cast<std::int64_t>(f.cols.size()));
    else if (name == "ndim") out = Value::integer(2);
    else if (name == "empty") out = Value::boolean(f.rows() == 0 || f.cols.empty());
    else if (name == "dtypes") out = frame_dtypes(in, f);
    else if (name == "iloc" || name == "loc") out = make_indexer(self, name == "iloc");
    else if (type_has(self, name)) return false;
    else if (std::int64_t c = column_position(in, f, make_str(name)); c >= 0) out = column_series(f, static_cast<std::size_t>(c));
    else if (pandas_has(kCommonNames, name) || pandas_has(kFrameOnlyNames, name)) pd_unsupported(in, "DataFrame." + name);
    else no_attribute(in, self, f.columns, name);
    return true;
}

// df.columns = [...] of the wrong length.
[[noreturn]] void axis_length_error(Interp& in, std::int64_t have, std::int64_t given) {
    pd_raise(in, types().value_error,
             {make_str(fmt::format(FMT_COMPILE("Length mismatch: Expected axis has {} elements, new values have {} elements"), have, given))},
             {{"core/generic.py", 5915, "__setattr__", "return object.__setattr__(self, name, value)", 7, 44},
              {"pandas/_libs/properties.pyx", 69, "pandas._libs.properties.AxisProperty.__set__", "", -1, -1},
              {"core/generic.py", 823, "_set_axis", "self._mgr.set_axis(axis, labels)", -1, -1},
              {"core/internals/managers.py", 230, "set_axis", "self._validate_set_axis(axis, new_labels)", -1, -1},
              {"core/internals/base.py", 70, "_validate_set_axis", "raise ValueError(", -1, -1}});
}

bool frame_setattr(Interp& in, const Value& self, const std::string& name, const Value& v) {
    if (self.as<FrameObj>() == nullptr) class_itself(in, "DataFrame");
    auto& f = *self.as<FrameObj>();
    if (name == "columns" || name == "index") {
        Index idx = name == "columns" ? columns_arg(in, v) : index_arg(in, v);
        const std::int64_t have = name == "columns" ? static_cast<std::int64_t>(f.cols.size()) : f.rows();
        if (idx.size() != have) axis_length_error(in, have, idx.size());
        (name == "columns" ? f.columns : f.index) = std::move(idx);
        return true;
    }
    pd_unsupported(in, "setting DataFrame." + name);
}

// Rows selected by a boolean Series / array / list.
bool bool_mask(Interp& in, const Value& key, std::int64_t n, const Index& index, std::vector<std::int64_t>& rows) {
    Ref<ArrayObj> mask;
    if (auto* s = key.as<SeriesObj>()) {
        if (s->col.dtype != PdType::bool_) return false;
        if (!s->index.same(in, index)) pd_unsupported(in, "a boolean Series with a different index as a mask");
        mask = s->col.arr;
    } else if (auto* a = key.as<ArrayObj>()) {
        if (a->dtype != DType::bool_ || a->ndim() != 1) return false;
        mask = Ref<ArrayObj>(key);
    } else if (auto* l = key.as<ListObj>()) {
        if (l->items.empty() || !std::all_of(l->items.begin(), l->items.end(), [](const Value& v) { return v.is_bool() || v.kind() == Kind::np_bool; })) {
            return false;
        }
        mask = to_array(in, key);
    } else {
        return false;
    }
    if (mask->size() != n) {
        in.raise(types().value_error, fmt::format(FMT_COMPILE("Item wrong length {} instead of {}."), mask->size(), n));
    }
    for (std::int64_t k = 0; k < n; ++k) {
        if (mask->get_b(k)) rows.push_back(k);
    }
    return true;
}

// A copy of the values. pandas' take keeps a 2-D array's block F-ordered (take_nd flips it), so
// the copies stay one block for the reductions' order.
Column copy_column(const Column& c) {
    if (c.dtype == PdType::object) return c;
    Column out = column_of_array(c.arr->copy());
    out.block = c.block;
    return out;
}

Value frame_take_rows(const FrameObj& f, const std::vector<std::int64_t>& rows) {
    std::vector<Column> cols;
    for (const Column& c : f.cols) cols.push_back(c.take(rows));
    return make_frame(std::move(cols), f.index.take(rows), f.columns);
}

// _take_with_is_copy: the result remembers its frame unless it has the same labels.
Value frame_take_with_is_copy(Interp& in, const FrameObj& f, const std::vector<std::int64_t>& rows) {
    Value out = frame_take_rows(f, rows);
    auto* g = out.as<FrameObj>();
    if (!g->index.same(in, f.index)) g->copy_of = f.serial;
    return out;
}

}  // namespace

// Rows [start, stop) as pandas' iloc slices them (views; a RangeIndex stays one).
Value frame_slice_rows(const FrameObj& f, std::int64_t start, std::int64_t stop) {
    std::vector<Column> cols;
    for (const Column& c : f.cols) cols.push_back(c.slice(start, stop));
    Value out = make_frame(std::move(cols), f.index.slice(start, stop), f.columns);
    out.as<FrameObj>()->maybe_view = true;
    return out;
}

Value series_slice_rows(const SeriesObj& s, std::int64_t start, std::int64_t stop) {
    return make_series(s.col.slice(start, stop), s.index.slice(start, stop), s.name);
}

namespace {

std::vector<Value> key_list(Interp& in, const Value& key) {
    std::vector<Value> labels;
    if (auto* i = key.as<IndexObj>()) {
        for (std::int64_t k = 0; k < i->index.size(); ++k) labels.push_back(i->index.label(k));
    } else {
        list_values(in, key, labels);
    }
    return labels;
}

Value frame_getitem(Interp& in, const Value& self, const Value& key) {
    if (self.as<FrameObj>() == nullptr) class_itself(in, "DataFrame");
    auto& f = *self.as<FrameObj>();
    if (auto* sl = key.as<SliceObj>()) {
        std::int64_t start, stop, step, count;
        slice_indices(in, *sl, f.rows(), start, stop, step, count);
        if (step != 1) pd_unsupported(in, "row slices with a step");
        return frame_slice_rows(f, start, std::max(start, stop));
    }
    std::vector<std::int64_t> rows;
    if (bool_mask(in, key, f.rows(), f.index, rows)) return frame_take_with_is_copy(in, f, rows);
    if (key.as<ArrayObj>() != nullptr) pd_unsupported(in, "DataFrame[array of labels]");
    if (key.as<ListObj>() != nullptr || key.as<IndexObj>() != nullptr) {
        std::vector<Value> labels = key_list(in, key);
        std::vector<std::int64_t> pos;
        std::vector<Value> missing;
        for (const Value& lab : labels) {
            const std::int64_t c = column_position(in, f, lab);
            if (c < 0) missing.push_back(lab);
            else pos.push_back(c);
        }
        if (!missing.empty()) {
            const LibFrame getitem = {"core/frame.py", 3813, "__getitem__", "indexer = self.columns._get_indexer_strict(key, \"columns\")[1]", 10, 58};
            const LibFrame strict = {"core/indexes/base.py", 6070, "_get_indexer_strict", "self._raise_if_missing(keyarr, indexer, axis_name)", -1, -1};
            if (missing.size() == labels.size()) {
                Index idx = index_of_labels(in, labels);
                pd_raise(in, types().key_error, {make_str("None of [" + index_repr_of(in, idx) + "] are in the [columns]")},
                         {getitem, strict,
                          {"core/indexes/base.py", 6130, "_raise_if_missing", "raise KeyError(f\"None of [{key}] are in the [{axis_name}]\")", -1, -1}});
            }
            std::string list = "[";
            for (std::size_t k = 0; k < missing.size(); ++k) list += (k ? ", " : "") + in.repr(missing[k]);
            pd_raise(in, types().key_error, {make_str(list + "] not in index")},
                     {getitem, strict, {"core/indexes/base.py", 6133, "_raise_if_missing", "raise KeyError(f\"{not_found} not in index\")", -1, -1}});
        }
        catch_warnings_exit(in);
        std::vector<Column> cols;
        for (std::int64_t c : pos) cols.push_back(copy_column(f.cols[static_cast<std::size_t>(c)]));
        Index columns = f.columns.take(pos);
        if (pos.empty()) columns.kind = Index::Kind::objects;
        const bool same = columns.same(in, f.columns);
        Value out = make_frame(std::move(cols), f.index, std::move(columns));
        if (!same) out.as<FrameObj>()->copy_of = f.serial;
        return out;
    }
    if (key.as<SeriesObj>() || key.as<FrameObj>() || key.as<TupleObj>()) pd_unsupported(in, "DataFrame[" + key.type_name() + "]");
    hash_value(in, key);
    const std::int64_t c = column_position(in, f, key);
    if (c < 0) column_key_error(in, key, f.columns);
    return column_series(f, static_cast<std::size_t>(c));
}

// df[key] = value: a new column at the end, or the column replaced where it is.
void frame_setitem(Interp& in, const Value& self, const Value& key, const Value& v) {
    if (self.as<FrameObj>() == nullptr) class_itself(in, "DataFrame");
    auto& f = *self.as<FrameObj>();
    if (key.as<ListObj>() || key.as<SliceObj>() || key.as<SeriesObj>() || key.as<ArrayObj>() || key.as<TupleObj>()) {
        pd_unsupported(in, "DataFrame[" + key.type_name() + "] = ...");
    }
    hash_value(in, key);
    if (f.maybe_view) pd_unsupported(in, "assigning into a row slice of a DataFrame (a view or a copy by pandas' block layout)");
    catch_warnings_exit(in);
    Column col;
    if (auto* s = v.as<SeriesObj>()) {
        if (!s->index.same(in, f.index)) pd_unsupported(in, "assigning a Series with a different index (alignment)");
    }
    if (v.as<FrameObj>() != nullptr) pd_unsupported(in, "assigning a DataFrame to a column");
    if (column_from(in, v, col, "Expected a 1D array")) {
        if (f.cols.empty() && f.rows() == 0 && v.as<SeriesObj>() == nullptr) f.index = Index::range(col.size());
        if (col.size() != f.rows()) length_mismatch(in, col.size(), f.rows(), "setitem");
        if (v.as<SeriesObj>() != nullptr && col.dtype != PdType::object) col = column_of_array(col.arr->copy());
    } else {
        col = scalar_column(in, v.as<ArrayObj>() ? v.as<ArrayObj>()->get_scalar(0) : v, f.rows());
    }
    col.block = 0;
    const std::int64_t c = column_position(in, f, key);
    if (c >= 0) {
        f.cols[static_cast<std::size_t>(c)] = std::move(col);
        if (f.rows() > 0) check_setitem_copy(in, f, false);
        return;
    }
    // An empty frame takes its index from the first column (_ensure_valid_index).
    f.cols.push_back(std::move(col));
    const bool next_int = (key.kind() == Kind::integer || key.kind() == Kind::np_int) && f.columns.kind == Index::Kind::range &&
                          f.columns.step == 1 && key.as_int() == f.columns.start + f.columns.n;
    if (next_int) {
        f.columns.n += 1;
    } else {
        std::vector<Value> labels;
        for (std::int64_t k = 0; k < f.columns.size(); ++k) labels.push_back(f.columns.label(k));
        labels.push_back(key);
        f.columns = index_of_labels(in, labels);
    }
    if (f.rows() > 0) check_setitem_copy(in, f, false);
}

Value frame_iter(Interp& in, const Value& self) {
    if (self.as<FrameObj>() == nullptr) class_itself(in, "DataFrame");
    auto& f = *self.as<FrameObj>();
    std::vector<Value> labels;
    for (std::int64_t k = 0; k < f.columns.size(); ++k) labels.push_back(f.columns.label(k));
    return in.iter(make_list(std::move(labels)));
}

std::int64_t frame_len(Interp&, const Value& self) { return self.as<FrameObj>()->rows(); }

bool frame_truthy(Interp& in, const Value&) {
    truth_error(in, "DataFrame");
}

bool frame_contains(Interp& in, const Value& self, const Value& x) { return self.as<FrameObj>()->columns.find(in, x) >= 0; }

// ---------------------------------------------------------------------------------------------
// Series hooks

bool series_getattr(Interp& in, const Value& self, const std::string& name, Value& out) {
    if (self.as<SeriesObj>() == nullptr) class_itself(in, "Series");
    auto& s = *self.as<SeriesObj>();
    if (name == "shape") out = shape_value({s.col.size()});
    else if (name == "name") out = s.name;
    else if (name == "index") out = make_index(s.index);
    else if (name == "values") {
        if (s.col.dtype == PdType::object) pd_unsupported(in, "Series.values of an object Series (an object array)");
        out = s.col.arr;
    } else if (name == "dtype" || name == "dtypes") {
        out = dtype_of(in, s.col.dtype);
    } else if (name == "size") out = Value::integer(s.col.size());
    else if (name == "iloc" || name == "loc") out = make_indexer(self, name == "iloc");
    else if (name == "ndim") out = Value::integer(1);
    else if (name == "empty") out = Value::boolean(s.col.size() == 0);
    else if (type_has(self, name)) return false;
    else if (pandas_has(kCommonNames, name) || pandas_has(kSeriesOnlyNames, name)) pd_unsupported(in, "Series." + name);
    else no_attribute(in, self, s.index, name);
    return true;
}

bool series_setattr(Interp& in, const Value& self, const std::string& name, const Value& v) {
    if (self.as<SeriesObj>() == nullptr) class_itself(in, "Series");
    auto& s = *self.as<SeriesObj>();
    if (name == "name") {
        s.name = v;
        return true;
    }
    if (name == "index") {
        Index idx = index_arg(in, v);
        if (idx.size() != s.col.size()) axis_length_error(in, s.col.size(), idx.size());
        s.index = std::move(idx);
        return true;
    }
    pd_unsupported(in, "setting Series." + name);
}

Value series_getitem(Interp& in, const Value& self, const Value& key) {
    if (self.as<SeriesObj>() == nullptr) class_itself(in, "Series");
    auto& s = *self.as<SeriesObj>();
    if (auto* sl = key.as<SliceObj>()) {
        if (s.index.kind == Index::Kind::objects && (sl->start.as<StrObj>() || sl->stop.as<StrObj>())) pd_unsupported(in, "label slices");
        std::int64_t start, stop, step, count;
        slice_indices(in, *sl, s.col.size(), start, stop, step, count);
        if (step != 1) pd_unsupported(in, "Series slices with a step");
        return series_slice_rows(s, start, std::max(start, stop));
    }
    std::vector<std::int64_t> rows;
    if (bool_mask(in, key, s.col.size(), s.index, rows)) return make_series(s.col.take(rows), s.index.take(rows), s.name);
    if (key.as<ListObj>() || key.as<ArrayObj>() || key.as<SeriesObj>() || key.as<TupleObj>()) pd_unsupported(in, "Series[list of labels]");
    hash_value(in, key);
    const std::int64_t k = unique_find(in, s.index, key);
    if (k >= 0) return s.col.get(k);
    // An object index falls back to positions for integer keys.
    std::int64_t pos;
    if (s.index.kind == Index::Kind::objects && (key.kind() == Kind::integer || key.kind() == Kind::np_int) && int_key(key, pos)) {
        const std::int64_t n = s.col.size();
        if (pos < 0) pos += n;
        if (pos < 0 || pos >= n) in.raise(types().index_error, "index " + std::to_string(key.as_int()) + " is out of bounds for axis 0 with size " + std::to_string(n));
        return s.col.get(pos);
    }
    series_key_error(in, key, s.index);
}

void series_setitem(Interp& in, const Value&, const Value&, const Value&) {
    pd_unsupported(in, "assigning into a Series (s[i] = ...; pandas may change the DataFrame it came from)");
}

Value series_iter(Interp& in, const Value& self) {
    if (self.as<SeriesObj>() == nullptr) class_itself(in, "Series");
    auto& s = *self.as<SeriesObj>();
    std::vector<Value> items;
    for (std::int64_t k = 0; k < s.col.size(); ++k) {
        Value v = s.col.get(k);
        // Series.__iter__ gives Python scalars (it maps through .tolist()-like boxing).
        if (v.kind() == Kind::np_float) v = Value::floating(v.as_float());
        else if (v.kind() == Kind::np_int) v = Value::integer(v.as_int());
        else if (v.kind() == Kind::np_bool) v = Value::boolean(v.as_bool());
        items.push_back(v);
    }
    return in.iter(make_list(std::move(items)));
}

std::int64_t series_len(Interp&, const Value& self) { return self.as<SeriesObj>()->col.size(); }

bool series_truthy(Interp& in, const Value&) {
    truth_error(in, "Series");
}

bool series_contains(Interp& in, const Value& self, const Value& x) { return self.as<SeriesObj>()->index.find(in, x) >= 0; }

Value series_unary(Interp& in, UnaryOpKind op, const Value& self) {
    if (self.as<SeriesObj>() == nullptr) class_itself(in, "Series");
    auto& s = *self.as<SeriesObj>();
    if (op == UnaryOpKind::not_) return Value::boolean(!series_truthy(in, self));
    const Unary u = op == UnaryOpKind::usub ? Unary::negative : op == UnaryOpKind::invert ? Unary::invert : Unary::positive;
    return make_series(column_unary(in, u, s.col), s.index, s.name);
}

Value series_abs(Interp& in, const Value& self) {
    if (self.as<SeriesObj>() == nullptr) class_itself(in, "Series");
    auto& s = *self.as<SeriesObj>();
    return make_series(column_unary(in, Unary::absolute, s.col), s.index, s.name);
}

// ---------------------------------------------------------------------------------------------
// Index hooks

bool index_getattr(Interp& in, const Value& self, const std::string& name, Value& out) {
    const Index& i = self.as<IndexObj>()->index;
    if (name == "start" || name == "stop" || name == "step") {
        if (i.kind != Index::Kind::range) return false;
        out = Value::integer(name == "start" ? i.start : name == "stop" ? i.start + i.step * i.n : i.step);
    } else if (name == "shape") {
        out = shape_value({i.size()});
    } else if (name == "size") {
        out = Value::integer(i.size());
    } else if (name == "name") {
        out = i.name;
    } else if (name == "values") {
        if (i.kind == Index::Kind::objects) pd_unsupported(in, "Index.values of labels (an object array)");
        Ref<ArrayObj> a = ArrayObj::empty(DType::int64, {i.size()});
        for (std::int64_t k = 0; k < i.size(); ++k) a->storage->i()[k] = i.label(k).as_int();
        out = a;
    } else if (type_has(self, name)) {
        return false;
    } else if (pandas_has(" append argmax argmin argsort asof astype copy delete difference drop drop_duplicates droplevel dropna dtype duplicated equals factorize fillna format get_indexer get_level_values get_loc groupby has_duplicates hasnans identical insert intersection is_monotonic_increasing is_unique isin isna join map max min nunique reindex rename repeat set_names shift slice_indexer sort_values str symmetric_difference take to_frame to_list to_numpy to_series union unique value_counts where ", name)) {
        pd_unsupported(in, "Index." + name);
    } else {
        return false;
    }
    return true;
}

bool index_setattr(Interp& in, const Value& self, const std::string& name, const Value& v) {
    (void)self;
    (void)v;
    pd_unsupported(in, "setting Index." + name + " (an Index is shared by the frames that hold it)");
}

Value index_getitem(Interp& in, const Value& self, const Value& key) {
    const Index& i = self.as<IndexObj>()->index;
    if (auto* sl = key.as<SliceObj>()) {
        std::int64_t start, stop, step, count;
        slice_indices(in, *sl, i.size(), start, stop, step, count);
        if (step != 1) pd_unsupported(in, "Index slices with a step");
        return make_index(i.slice(start, std::max(start, stop)));
    }
    std::int64_t k = in.index(key, "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices");
    const std::int64_t n = i.size();
    if (k < 0) k += n;
    if (k < 0 || k >= n) in.raise(types().index_error, "index " + std::to_string(in.index(key)) + " is out of bounds for axis 0 with size " + std::to_string(n));
    return i.label(k);
}

Value index_iter(Interp& in, const Value& self) {
    const Index& i = self.as<IndexObj>()->index;
    std::vector<Value> labels;
    for (std::int64_t k = 0; k < i.size(); ++k) labels.push_back(i.label(k));
    return in.iter(make_list(std::move(labels)));
}

std::int64_t index_len(Interp&, const Value& self) { return self.as<IndexObj>()->index.size(); }
bool index_contains(Interp& in, const Value& self, const Value& x) { return self.as<IndexObj>()->index.find(in, x) >= 0; }
bool index_truthy(Interp& in, const Value& self) {
    const std::string cls = self.type()->name;
    in.raise(types().value_error, "The truth value of a " + cls + " is ambiguous. Use a.empty, a.bool(), a.item(), a.any() or a.all().");
}

Value index_tolist(Interp& in, Args& a) {
    (void)in;
    const Index& i = a[0].as<IndexObj>()->index;
    std::vector<Value> labels;
    for (std::int64_t k = 0; k < i.size(); ++k) labels.push_back(i.label(k));
    return make_list(std::move(labels));
}

Value index_compare(Interp& in, CmpOpKind, const Value&, const Value&, bool) { pd_unsupported(in, "comparing an Index"); }

// ---------------------------------------------------------------------------------------------
// Methods

FrameObj& self_frame(Interp& in, Args& a, const char* method) {
    auto* f = a.size() ? a[0].as<FrameObj>() : nullptr;
    if (f == nullptr) in.raise(types().type_error, std::string("DataFrame.") + method + "() needs a DataFrame");
    return *f;
}

SeriesObj& self_series(Interp& in, Args& a, const char* method) {
    auto* s = a.size() ? a[0].as<SeriesObj>() : nullptr;
    if (s == nullptr) in.raise(types().type_error, std::string("Series.") + method + "() needs a Series");
    return *s;
}

// head(n) / tail(n): iloc slices; n < 0 counts from the other end.
void head_tail_bounds(Interp& in, const Value& nv, std::int64_t len, bool head, std::int64_t& start, std::int64_t& stop) {
    if (!(nv.is_int_like() || nv.kind() == Kind::np_int) || nv.is_bool()) {
        // pandas' TypeError comes through iloc's frames, one with anchored carets.
        pd_unsupported(in, "head/tail with a non-integer n (the error pandas raises)");
    }
    const std::int64_t n = nv.as_int();
    if (head) {
        start = 0;
        stop = n >= 0 ? std::min(n, len) : std::max<std::int64_t>(len + n, 0);
    } else {
        stop = len;
        start = n == 0 ? len : n > 0 ? std::max<std::int64_t>(len - n, 0) : std::min(-n, len);
    }
}

Value frame_head(Interp& in, Args& a) {
    ArgParser p(in, a, "head", {"self", "n=5"});
    FrameObj& f = self_frame(in, a, "head");
    std::int64_t start, stop;
    head_tail_bounds(in, p.get(1), f.rows(), true, start, stop);
    return frame_slice_rows(f, start, stop);
}

Value frame_tail(Interp& in, Args& a) {
    ArgParser p(in, a, "tail", {"self", "n=5"});
    FrameObj& f = self_frame(in, a, "tail");
    std::int64_t start, stop;
    head_tail_bounds(in, p.get(1), f.rows(), false, start, stop);
    return frame_slice_rows(f, start, stop);
}

Value series_head(Interp& in, Args& a) {
    ArgParser p(in, a, "head", {"self", "n=5"});
    SeriesObj& s = self_series(in, a, "head");
    std::int64_t start, stop;
    head_tail_bounds(in, p.get(1), s.col.size(), true, start, stop);
    return series_slice_rows(s, start, stop);
}

Value series_tail(Interp& in, Args& a) {
    ArgParser p(in, a, "tail", {"self", "n=5"});
    SeriesObj& s = self_series(in, a, "tail");
    std::int64_t start, stop;
    head_tail_bounds(in, p.get(1), s.col.size(), false, start, stop);
    return series_slice_rows(s, start, stop);
}

std::int64_t decimals_arg(Interp& in, const Value& v, bool frame = true) {
    if (v.is_int_like() || v.kind() == Kind::np_int) return v.as_int();
    if (!frame) pd_unsupported(in, "Series.round with these decimals");
    pd_raise(in, types().type_error, {make_str("decimals must be an integer, a dict-like or a Series")},
             {{"core/frame.py", 10216, "round", "raise TypeError(\"decimals must be an integer, a dict-like or a Series\")", -1, -1}});
}

Value frame_round(Interp& in, Args& a) {
    ArgParser p(in, a, "round", {"self", "decimals=0"});
    FrameObj& f = self_frame(in, a, "round");
    catch_warnings_exit(in);
    std::vector<Column> cols = f.cols;
    if (auto* d = p.get(1).as<DictObj>()) {
        for (const auto& e : d->entries()) {
            if (!e.live) continue;
            const std::int64_t c = column_position(in, f, e.key);
            if (c < 0) continue;
            if (!(e.value.is_int_like() || e.value.kind() == Kind::np_int) || e.value.is_bool()) {
                in.raise(types().type_error, "Values in decimals must be integers");
            }
            Column& col = cols[static_cast<std::size_t>(c)];
            if (col.dtype == PdType::float64 || col.dtype == PdType::int64) col = column_round(in, col, e.value.as_int());
        }
    } else {
        const std::int64_t decimals = decimals_arg(in, p.get(1));
        for (Column& col : cols) {
            if (col.dtype == PdType::float64 || col.dtype == PdType::int64) col = column_round(in, col, decimals);
        }
    }
    return make_frame(std::move(cols), f.index, f.columns);
}

Value series_round(Interp& in, Args& a) {
    ArgParser p(in, a, "round", {"self", "decimals=0"});
    SeriesObj& s = self_series(in, a, "round");
    if (s.col.dtype == PdType::object) pd_unsupported(in, "Series.round of an object Series");
    const std::int64_t d = decimals_arg(in, p.get(1), false);
    return make_series(s.col.dtype == PdType::bool_ ? s.col : column_round(in, s.col, d), s.index, s.name);
}

Value frame_to_numpy(Interp& in, Args& a) {
    ArgParser p(in, a, "to_numpy", {"self", "dtype=None", "copy=False", "na_value=None"});
    if (!p.get(1).is_none() || !p.get(3).is_none()) pd_unsupported(in, "DataFrame.to_numpy(dtype=..., na_value=...)");
    return frame_values(in, self_frame(in, a, "to_numpy"));
}

Value series_to_numpy(Interp& in, Args& a) {
    ArgParser p(in, a, "to_numpy", {"self", "dtype=None", "copy=False", "na_value=None"});
    if (!p.get(1).is_none() || !p.get(3).is_none()) pd_unsupported(in, "Series.to_numpy(dtype=..., na_value=...)");
    SeriesObj& s = self_series(in, a, "to_numpy");
    if (s.col.dtype == PdType::object) pd_unsupported(in, "Series.to_numpy of an object Series (an object array)");
    return in.truthy(p.get(2)) ? Value(s.col.arr->copy()) : Value(s.col.arr);
}

Value series_tolist(Interp& in, Args& a) {
    SeriesObj& s = self_series(in, a, "tolist");
    (void)in;
    std::vector<Value> items;
    for (std::int64_t k = 0; k < s.col.size(); ++k) {
        Value v = s.col.get(k);
        if (v.kind() == Kind::np_float) v = Value::floating(v.as_float());
        else if (v.kind() == Kind::np_int) v = Value::integer(v.as_int());
        else if (v.kind() == Kind::np_bool) v = Value::boolean(v.as_bool());
        items.push_back(v);
    }
    return make_list(std::move(items));
}

Value frame_copy(Interp& in, Args& a) {
    ArgParser p(in, a, "copy", {"self", "deep=True"});
    FrameObj& f = self_frame(in, a, "copy");
    std::vector<Column> cols;
    for (const Column& c : f.cols) cols.push_back(c.dtype == PdType::object ? c : column_of_array(c.arr->copy()));
    return make_frame(std::move(cols), f.index, f.columns);
}

Value series_copy(Interp& in, Args& a) {
    ArgParser p(in, a, "copy", {"self", "deep=True"});
    SeriesObj& s = self_series(in, a, "copy");
    return make_series(s.col.dtype == PdType::object ? s.col : column_of_array(s.col.arr->copy()), s.index, s.name);
}

Value frame_keys(Interp& in, Args& a) { return make_index(self_frame(in, a, "keys").columns); }

// DataFrame.copy(deep=True)'s columns: new C-ordered arrays (a 2-D array's block included).
std::vector<Column> deep_columns(const FrameObj& f) {
    std::vector<Column> cols;
    for (const Column& c : f.cols) cols.push_back(c.dtype == PdType::object ? c : column_of_array(c.arr->copy()));
    return cols;
}

constexpr LibFrame kDecoratorWrapper{"util/_decorators.py", 331, "wrapper", "return func(*args, **kwargs)", 7, 28};

// ---- drop / rename (of columns)

// The labels of a drop(columns=...) / rename key: one label or a list of them.
std::vector<Value> label_list(Interp& in, const Value& v) {
    std::vector<Value> out;
    if (v.as<ListObj>() != nullptr || v.as<TupleObj>() != nullptr) {
        list_values(in, v, out);
    } else {
        out.push_back(v);
    }
    for (const Value& x : out) {
        if (x.as<StrObj>() == nullptr) pd_unsupported(in, "DataFrame.drop of " + x.type_name() + " labels");
    }
    return out;
}

bool same_str(const Value& a, const Value& b) {
    const auto* x = a.as<StrObj>();
    const auto* y = b.as<StrObj>();
    return x != nullptr && y != nullptr && x->s == y->s;
}

// df.drop(columns=...) / df.drop(labels, axis=1): the other columns, as df[[...]] takes them
// (a 2-D array's block stays one), without remembering the frame (no SettingWithCopyWarning).
Value frame_drop(Interp& in, Args& a) {
    if (a.size() > 2) pd_unsupported(in, "DataFrame.drop with axis/index/columns given by position");
    ArgParser p(in, a, "drop", {"self", "labels=None", "axis=0", "index=None", "columns=None", "level=None", "inplace=False", "errors='raise'"});
    FrameObj& f = self_frame(in, a, "drop");
    const Value& axis = p.get(2);
    const bool axis_columns = (axis.is_int_like() && axis.as_int() == 1) || same_str(axis, make_str("columns"));
    const bool axis_rows = (axis.is_int_like() && axis.as_int() == 0) || same_str(axis, make_str("index"));
    if (!axis_columns && !axis_rows) pd_unsupported(in, "DataFrame.drop(axis=" + in.repr(axis) + ")");
    Value what;
    if (!p.get(4).is_none() && p.get(1).is_none() && p.get(3).is_none()) what = p.get(4);
    else if (!p.get(1).is_none() && axis_columns && p.get(3).is_none() && p.get(4).is_none()) what = p.get(1);
    else pd_unsupported(in, "DataFrame.drop of rows (index=... or labels on axis 0)");
    if (!p.get(5).is_none()) pd_unsupported(in, "DataFrame.drop(level=...)");
    const Value& errors = p.get(7);
    if (!same_str(errors, make_str("raise")) && !same_str(errors, make_str("ignore"))) pd_unsupported(in, "DataFrame.drop(errors=" + in.repr(errors) + ")");
    const bool inplace = in.truthy(p.get(6));
    if (inplace && (f.copy_of != 0 || f.maybe_view)) pd_unsupported(in, "DataFrame.drop(inplace=True) on a frame taken from another");
    const std::vector<Value> labels = label_list(in, what);
    std::vector<Value> missing;
    for (const Value& l : labels) {
        if (f.columns.find(in, l) < 0) missing.push_back(l);
    }
    if (!missing.empty() && same_str(errors, make_str("raise"))) {
        pd_raise(in, types().key_error, {make_str(in.repr(make_list(missing)) + " not found in axis")},
                 {kDecoratorWrapper, {"core/frame.py", 5399, "drop", "return super().drop(", 7, 20}, kDecoratorWrapper,
                  {"core/generic.py", 4505, "drop", "obj = obj._drop_axis(labels, axis, level=level, errors=errors)", 6, 62},
                  {"core/generic.py", 4546, "_drop_axis", "new_axis = axis.drop(labels, errors=errors)", 11, 43},
                  {"core/indexes/base.py", 6934, "drop", "raise KeyError(f\"{list(labels[mask])} not found in axis\")", -1, -1}});
    }
    std::vector<std::int64_t> keep;
    for (std::int64_t c = 0; c < f.columns.size(); ++c) {
        bool dropped = false;
        for (const Value& l : labels) dropped = dropped || same_str(f.columns.label(c), l);
        if (!dropped) keep.push_back(c);
    }
    std::vector<Column> cols;
    for (std::int64_t c : keep) cols.push_back(copy_column(f.cols[static_cast<std::size_t>(c)]));
    Index columns = f.columns.take(keep);
    if (keep.empty() || f.columns.kind == Index::Kind::objects) columns.kind = Index::Kind::objects;
    if (!inplace) return make_frame(std::move(cols), f.index, std::move(columns));
    f.cols = std::move(cols);
    f.columns = std::move(columns);
    return Value();
}

// df.rename(columns={"old": "new"}) (or a dict with axis=1): labels the dict has change, the
// others stay; a copy of the data, or the frame itself with inplace.
Value frame_rename(Interp& in, Args& a) {
    if (a.size() > 2) pd_unsupported(in, "DataFrame.rename with arguments given by position");
    ArgParser p(in, a, "rename", {"self", "mapper=None", "index=None", "columns=None", "axis=None", "copy=None", "inplace=False",
                                  "level=None", "errors='ignore'"});
    FrameObj& f = self_frame(in, a, "rename");
    const Value& axis = p.get(4);
    const bool axis_columns = (axis.is_int_like() && axis.as_int() == 1) || same_str(axis, make_str("columns"));
    Value mapping;
    if (!p.get(3).is_none() && p.get(1).is_none() && p.get(2).is_none() && axis.is_none()) mapping = p.get(3);
    else if (!p.get(1).is_none() && axis_columns && p.get(2).is_none() && p.get(3).is_none()) mapping = p.get(1);
    else pd_unsupported(in, "DataFrame.rename of the index (index=..., or a mapper on axis 0)");
    auto* d = mapping.as<DictObj>();
    if (d == nullptr) pd_unsupported(in, "DataFrame.rename with a " + mapping.type_name() + " (a function) as the mapper");
    if (!p.get(5).is_none() || !p.get(7).is_none() || !same_str(p.get(8), make_str("ignore"))) {
        pd_unsupported(in, "DataFrame.rename(copy/level/errors)");
    }
    const bool inplace = in.truthy(p.get(6));
    if (inplace && (f.copy_of != 0 || f.maybe_view)) pd_unsupported(in, "DataFrame.rename(inplace=True) on a frame taken from another");
    std::vector<Value> labels;
    for (std::int64_t c = 0; c < f.columns.size(); ++c) {
        const Value label = f.columns.label(c);
        hash_value(in, label);
        const Value* to = d->find(in, label);
        labels.push_back(to != nullptr ? *to : label);
    }
    Index columns = index_of_labels(in, labels);
    if (labels.empty()) columns.kind = Index::Kind::objects;
    if (!inplace) return make_frame(deep_columns(f), f.index, std::move(columns));
    f.columns = std::move(columns);
    return Value();
}

// ---- idxmax / idxmin

// nanops.nanargmax / nanargmin over a number column: NaN filled with -inf (+inf for the minimum),
// the first extreme; -1 when every value is NaN (or, without skipna, any is).
std::int64_t nan_arg_extreme(Interp& in, const Column& c, bool max, bool skipna, const char* what) {
    if (c.dtype == PdType::object) pd_unsupported(in, std::string(what) + " of a str (object) column");
    const std::int64_t n = c.size();
    if (n == 0) pd_unsupported(in, std::string(what) + " of an empty column (NumPy's error)");
    const ArrayObj& a = *c.arr;
    if (c.dtype != PdType::float64) {
        std::int64_t best = 0;
        for (std::int64_t k = 1; k < n; ++k) {
            const std::int64_t x = c.dtype == PdType::int64 ? a.get_i(k) : static_cast<std::int64_t>(a.get_b(k));
            const std::int64_t b = c.dtype == PdType::int64 ? a.get_i(best) : static_cast<std::int64_t>(a.get_b(best));
            if (max ? x > b : x < b) best = k;
        }
        return best;
    }
    const double fill = max ? -HUGE_VAL : HUGE_VAL;
    std::int64_t best = 0, nans = 0;
    double best_v = 0;
    for (std::int64_t k = 0; k < n; ++k) {
        double x = a.get_f(k);
        if (std::isnan(x)) {
            ++nans;
            x = fill;
        }
        if (k == 0 || (max ? x > best_v : x < best_v)) {
            best = k;
            best_v = x;
        }
    }
    if (skipna ? nans == n : nans > 0) return -1;
    return best;
}

// index[i] as pandas returns it: a Python int from a RangeIndex, np.int64 from an Int64Index;
// np.nan for -1.
Value label_at(const Index& index, std::int64_t i) {
    if (i < 0) return Value::floating(std::nan(""));
    if (index.kind == Index::Kind::ints) return Value::np_int(index.ints[static_cast<std::size_t>(i)]);
    return index.label(i);
}

template <bool Max>
Value series_idx_extreme(Interp& in, Args& a) {
    const char* name = Max ? "idxmax" : "idxmin";
    ArgParser p(in, a, name, {"self", "axis=0", "skipna=True"});
    SeriesObj& s = self_series(in, a, name);
    if (!(p.get(1).is_int_like() && p.get(1).as_int() == 0)) pd_unsupported(in, std::string("Series.") + name + "(axis=...)");
    return label_at(s.index, nan_arg_extreme(in, s.col, Max, in.truthy(p.get(2)), name));
}

template <bool Max>
Value frame_idx_extreme(Interp& in, Args& a) {
    const char* name = Max ? "idxmax" : "idxmin";
    ArgParser p(in, a, name, {"self", "axis=0", "skipna=True", "numeric_only=False"});
    FrameObj& f = self_frame(in, a, name);
    if (!(p.get(1).is_int_like() && p.get(1).as_int() == 0) || in.truthy(p.get(3))) {
        pd_unsupported(in, std::string("DataFrame.") + name + "(axis/numeric_only)");
    }
    if (f.cols.empty()) pd_unsupported(in, std::string("DataFrame.") + name + " of a frame without columns");
    std::vector<Value> labels;
    for (const Column& c : f.cols) labels.push_back(label_at(f.index, nan_arg_extreme(in, c, Max, in.truthy(p.get(2)), name)));
    return make_series(infer_column(in, std::move(labels)), f.columns, Value());
}

// ---- iterrows

// DataFrame.iterrows(): a generator of (label, row) pairs; each row a Series of df.values' row
// (one dtype for the frame: int with float is float64, anything else object, holding Python
// scalars), named by its label.
TypeObj* iterrows_type();

std::string iterrows_repr(Interp&, const Value& self) {
    return fmt::format(FMT_COMPILE("<generator object DataFrame.iterrows at 0x{:012x}>"),
                       reinterpret_cast<std::uintptr_t>(self.as<InstanceObj>()));
}

Value iterrows_iter(Interp&, const Value& self) { return self; }

bool iterrows_next(Interp& in, const Value& self, Value& out) {
    auto* g = self.as<InstanceObj>();
    const FrameObj& f = *g->attrs->find_str("frame")->as<FrameObj>();
    Value* pos = g->attrs->find_str("pos");
    const std::int64_t r = pos->as_int();
    if (r >= f.rows()) return false;
    g->attrs->set_str("pos", Value::integer(r + 1));
    PdType t = f.cols.empty() ? PdType::object : f.cols[0].dtype;
    for (const Column& c : f.cols) {
        if (c.dtype == t) continue;
        const bool numbers = (c.dtype == PdType::int64 || c.dtype == PdType::float64) && (t == PdType::int64 || t == PdType::float64);
        t = numbers ? PdType::float64 : PdType::object;
    }
    Column row;
    row.dtype = t;
    const auto n = static_cast<std::int64_t>(f.cols.size());
    if (t == PdType::object) {
        for (const Column& c : f.cols) {
            Value v = c.get(r);
            if (v.kind() == Kind::np_float) v = Value::floating(v.as_float());
            else if (v.kind() == Kind::np_int) v = Value::integer(v.as_int());
            else if (v.kind() == Kind::np_bool) v = Value::boolean(v.as_bool());
            row.objs.push_back(v);
        }
    } else {
        row.arr = ArrayObj::empty(np_type_of(t), {n});
        for (std::int64_t j = 0; j < n; ++j) {
            const ArrayObj& a = *f.cols[static_cast<std::size_t>(j)].arr;
            switch (t) {
                case PdType::float64: row.arr->storage->f()[j] = a.get_f(r); break;
                case PdType::int64: row.arr->storage->i()[j] = a.get_i(r); break;
                default: row.arr->storage->b()[j] = a.get_b(r); break;
            }
        }
    }
    const Value label = f.index.label(r);  // iterating an Index gives Python scalars
    out = make_tuple({label, make_series(std::move(row), f.columns, label)});
    (void)in;
    return true;
}

TypeObj* iterrows_type() {
    static TypeObj* t = [] {
        ImmortalScope immortal;
        auto* ty = new TypeObj("generator", "builtins", types().object);
        ty->immortal = true;
        static TypeOps ops{};
        ops.repr = iterrows_repr;
        ops.iter = iterrows_iter;
        ops.next = iterrows_next;
        ty->ops = &ops;
        return ty;
    }();
    return t;
}

Value frame_iterrows(Interp& in, Args& a) {
    ArgParser p(in, a, "iterrows", {"self"});
    (void)p;
    Ref<InstanceObj> g(make<InstanceObj>(iterrows_type()));
    g->attrs->set_str("frame", a[0]);
    g->attrs->set_str("pos", Value::integer(0));
    return g;
}


// df.set_index("d_k", drop=True, inplace=False): that column becomes the index, named by its
// label (a copy of the frame, or the frame itself with inplace).
Value frame_set_index(Interp& in, Args& a) {
    if (a.size() > 2) pd_unsupported(in, "DataFrame.set_index with drop/append/inplace given by position");
    ArgParser p(in, a, "set_index", {"self", "keys", "drop=True", "append=False", "inplace=False", "verify_integrity=False"});
    FrameObj& f = self_frame(in, a, "set_index");
    Value key = p.get(1);
    if (auto* l = key.as<ListObj>()) {
        if (l->items.size() != 1) pd_unsupported(in, "DataFrame.set_index of several columns (a MultiIndex)");
        key = l->items[0];
    }
    if (key.as<StrObj>() == nullptr) pd_unsupported(in, "DataFrame.set_index of " + key.type_name() + " keys");
    if (in.truthy(p.get(3)) || in.truthy(p.get(5))) pd_unsupported(in, "DataFrame.set_index(append/verify_integrity)");
    const bool drop = in.truthy(p.get(2)), inplace = in.truthy(p.get(4));
    if (inplace && (f.copy_of != 0 || f.maybe_view)) pd_unsupported(in, "DataFrame.set_index(inplace=True) on a frame taken from another");
    const std::int64_t pos = column_position(in, f, key);
    if (pos < 0) {
        pd_raise(in, types().key_error, {make_str("None of " + in.repr(make_list({key})) + " are in the columns")},
                 {kDecoratorWrapper, {"core/frame.py", 6012, "set_index", "raise KeyError(f\"None of {missing} are in the columns\")", -1, -1}});
    }
    const Column& col = f.cols[static_cast<std::size_t>(pos)];
    Index index;
    if (col.dtype == PdType::int64) {
        index.kind = Index::Kind::ints;
        index.ints = col.arr->ints();
    } else if (col.dtype == PdType::object) {
        index = index_of_labels(in, col.objs);
    } else {
        pd_unsupported(in, std::string("DataFrame.set_index of a ") + pd_type_name(col.dtype) + " column (a " +
                               (col.dtype == PdType::float64 ? "Float64Index" : "bool Index") + ")");
    }
    index.name = key;
    std::vector<Column> cols = deep_columns(f);
    std::vector<std::int64_t> keep;
    for (std::int64_t c = 0; c < static_cast<std::int64_t>(cols.size()); ++c) {
        if (!drop || c != pos) keep.push_back(c);
    }
    std::vector<Column> kept;
    for (std::int64_t c : keep) kept.push_back(std::move(cols[static_cast<std::size_t>(c)]));
    Index columns = drop ? f.columns.take(keep) : f.columns;
    if (columns.size() == 0) columns.kind = Index::Kind::objects;
    if (!inplace) return make_frame(std::move(kept), std::move(index), std::move(columns));
    f.cols = std::move(kept);
    f.index = std::move(index);
    f.columns = std::move(columns);
    return Value();
}

// df.reset_index(drop=False, inplace=False): a RangeIndex again; unless dropped, the old index
// goes in as the first column, named by its name, else "index" ("level_0" when the frame has an
// "index" column).
Value frame_reset_index(Interp& in, Args& a) {
    if (a.size() > 1) pd_unsupported(in, "DataFrame.reset_index with arguments given by position");
    ArgParser p(in, a, "reset_index",
                {"self", "level=None", "drop=False", "inplace=False", "col_level=0", "col_fill=''", "allow_duplicates=None", "names=None"});
    FrameObj& f = self_frame(in, a, "reset_index");
    for (std::size_t k : {1, 4, 5, 6, 7}) {
        if (p.given(k)) pd_unsupported(in, "DataFrame.reset_index(level/col_level/col_fill/allow_duplicates/names)");
    }
    const bool drop = in.truthy(p.get(2)), inplace = in.truthy(p.get(3));
    if (inplace && (f.copy_of != 0 || f.maybe_view)) pd_unsupported(in, "DataFrame.reset_index(inplace=True) on a frame taken from another");
    std::vector<Column> cols = deep_columns(f);
    Index columns = f.columns;
    if (!drop) {
        Value name = f.index.name;
        if (name.is_none()) name = make_str(f.columns.find(in, make_str("index")) < 0 ? "index" : "level_0");
        if (f.columns.find(in, name) >= 0) {
            pd_raise(in, types().value_error, {make_str("cannot insert " + in.str(name) + ", already exists")},
                     {kDecoratorWrapper, {"core/frame.py", 6361, "reset_index", "new_obj.insert(", -1, -1},
                      {"core/frame.py", 4817, "insert", "raise ValueError(f\"cannot insert {column}, already exists\")", -1, -1}});
        }
        Column values;
        if (f.index.kind == Index::Kind::objects) {
            values = infer_column(in, f.index.objs);
        } else {
            Ref<ArrayObj> arr = ArrayObj::empty(DType::int64, {f.rows()});
            for (std::int64_t k = 0; k < f.rows(); ++k) arr->storage->i()[k] = f.index.label(k).as_int();
            values = column_of_array(arr);
        }
        cols.insert(cols.begin(), std::move(values));
        std::vector<Value> labels{name};
        for (std::int64_t k = 0; k < f.columns.size(); ++k) labels.push_back(f.columns.label(k));
        columns = index_of_labels(in, labels);
    }
    Index index = Index::range(f.rows());
    if (!inplace) return make_frame(std::move(cols), std::move(index), std::move(columns));
    f.cols = std::move(cols);
    f.index = std::move(index);
    f.columns = std::move(columns);
    return Value();
}

// NumPy 1.24's argsort(kind="quicksort") (npysort/quicksort.cpp aquicksort_): introsort with
// median-of-3 partitions, insertion sort below 16 values, heapsort past the depth limit. Its
// order of equal values is part of what pandas prints after a sort, so it is reproduced as is.
template <typename Less>
void np_aheapsort(std::int64_t* tosort, std::int64_t n, Less less) {
    std::int64_t* a = tosort - 1;
    std::int64_t i, j, l, tmp;
    for (l = n >> 1; l > 0; --l) {
        tmp = a[l];
        for (i = l, j = l << 1; j <= n;) {
            if (j < n && less(a[j], a[j + 1])) j += 1;
            if (less(tmp, a[j])) {
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
            if (j < n && less(a[j], a[j + 1])) j++;
            if (less(tmp, a[j])) {
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

template <typename Less>
void np_aquicksort(std::int64_t* tosort, std::int64_t num, Less less) {
    constexpr std::int64_t kSmall = 16;
    std::int64_t* pl = tosort;
    std::int64_t* pr = tosort + num - 1;
    std::vector<std::int64_t*> stack;
    std::vector<int> depths;
    int cdepth = 0;
    for (std::uint64_t u = static_cast<std::uint64_t>(num); u >>= 1;) ++cdepth;
    cdepth *= 2;
    for (;;) {
        if (cdepth < 0) {
            np_aheapsort(pl, pr - pl + 1, less);
        } else {
            while (pr - pl > kSmall) {
                std::int64_t* pm = pl + ((pr - pl) >> 1);
                if (less(*pm, *pl)) std::swap(*pm, *pl);
                if (less(*pr, *pm)) std::swap(*pr, *pm);
                if (less(*pm, *pl)) std::swap(*pm, *pl);
                const std::int64_t vp = *pm;
                std::int64_t* pi = pl;
                std::int64_t* pj = pr - 1;
                std::swap(*pm, *pj);
                for (;;) {
                    do ++pi; while (less(*pi, vp));
                    do --pj; while (less(vp, *pj));
                    if (pi >= pj) break;
                    std::swap(*pi, *pj);
                }
                std::swap(*pi, *(pr - 1));
                if (pi - pl < pr - pi) {
                    stack.push_back(pi + 1);
                    stack.push_back(pr);
                    pr = pi - 1;
                } else {
                    stack.push_back(pl);
                    stack.push_back(pi - 1);
                    pl = pi + 1;
                }
                depths.push_back(--cdepth);
            }
            for (std::int64_t* pi = pl + 1; pi <= pr; ++pi) {
                const std::int64_t vi = *pi;
                std::int64_t* pj = pi;
                std::int64_t* pk = pi - 1;
                while (pj > pl && less(vi, *pk)) *pj-- = *pk--;
                *pj = vi;
            }
        }
        if (stack.empty()) break;
        pr = stack.back();
        stack.pop_back();
        pl = stack.back();
        stack.pop_back();
        cdepth = depths.back();
        depths.pop_back();
    }
}

// pandas' nargsort(kind="quicksort", na_position="last"): NaNs set aside, the rest argsorted
// (reversed first and after when descending), NaNs appended in their order.
std::vector<std::int64_t> sort_order(Interp& in, const Column& c, bool ascending, const char* what) {
    const std::int64_t n = c.size();
    std::vector<std::int64_t> keep, nans;
    for (std::int64_t k = 0; k < n; ++k) {
        const bool nan = (c.dtype == PdType::float64 && std::isnan(c.arr->get_f(k))) ||
                         (c.dtype == PdType::object && (is_nan_value(c.objs[static_cast<std::size_t>(k)]) || c.objs[static_cast<std::size_t>(k)].is_none()));
        (nan ? nans : keep).push_back(k);
        if (!nan && c.dtype == PdType::object && c.objs[static_cast<std::size_t>(k)].as<StrObj>() == nullptr) {
            pd_unsupported(in, std::string(what) + " of mixed objects");
        }
    }
    if (!ascending) std::reverse(keep.begin(), keep.end());
    auto less = [&](std::int64_t x, std::int64_t y) {
        x = keep[static_cast<std::size_t>(x)];
        y = keep[static_cast<std::size_t>(y)];
        switch (c.dtype) {
            case PdType::float64: return c.arr->get_f(x) < c.arr->get_f(y);
            case PdType::int64: return c.arr->get_i(x) < c.arr->get_i(y);
            case PdType::bool_: return c.arr->get_b(x) < c.arr->get_b(y);
            case PdType::object: return c.objs[static_cast<std::size_t>(x)].as<StrObj>()->s < c.objs[static_cast<std::size_t>(y)].as<StrObj>()->s;
        }
        return false;
    };
    std::vector<std::int64_t> order(keep.size());
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = static_cast<std::int64_t>(k);
    if (!order.empty()) np_aquicksort(order.data(), static_cast<std::int64_t>(order.size()), less);
    std::vector<std::int64_t> out;
    for (std::int64_t k : order) out.push_back(keep[static_cast<std::size_t>(k)]);
    if (!ascending) std::reverse(out.begin(), out.end());
    out.insert(out.end(), nans.begin(), nans.end());
    return out;
}

Value frame_sort_values(Interp& in, Args& a) {
    ArgParser p(in, a, "sort_values", {"self", "by", "axis=0", "ascending=True", "inplace=False", "kind='quicksort'",
                                        "na_position='last'", "ignore_index=False", "key=None"});
    FrameObj& f = self_frame(in, a, "sort_values");
    if (!(p.get(2).is_int_like() && p.get(2).as_int() == 0) || in.truthy(p.get(4)) || !p.get(8).is_none() || in.truthy(p.get(7))) {
        pd_unsupported(in, "DataFrame.sort_values(axis/inplace/ignore_index/key)");
    }
    if (auto* s = p.get(6).as<StrObj>(); s == nullptr || s->s != "last") pd_unsupported(in, "DataFrame.sort_values(na_position=...)");
    Value by = p.get(1);
    if (auto* l = by.as<ListObj>()) {
        if (l->items.size() != 1) pd_unsupported(in, "DataFrame.sort_values by several columns");
        by = l->items[0];
    }
    if (!(p.get(3).is_bool() || p.get(3).kind() == Kind::np_bool)) pd_unsupported(in, "DataFrame.sort_values(ascending=[...])");
    const std::int64_t c = column_position(in, f, by);
    if (c < 0) {
        pd_raise(in, types().key_error, {by},
                 {{"util/_decorators.py", 331, "wrapper", "return func(*args, **kwargs)", 7, 28},
                  {"core/frame.py", 6912, "sort_values", "k = self._get_label_or_level_values(by, axis=axis)", 4, 50},
                  {"core/generic.py", 1850, "_get_label_or_level_values", "raise KeyError(key)", -1, -1}});
    }
    return frame_take_rows(f, sort_order(in, f.cols[static_cast<std::size_t>(c)], p.get(3).as_bool(), "DataFrame.sort_values"));
}

Value series_sort_values(Interp& in, Args& a) {
    ArgParser p(in, a, "sort_values", {"self", "axis=0", "ascending=True", "inplace=False", "kind='quicksort'",
                                        "na_position='last'", "ignore_index=False", "key=None"});
    SeriesObj& s = self_series(in, a, "sort_values");
    if (in.truthy(p.get(3)) || !p.get(7).is_none() || in.truthy(p.get(6))) pd_unsupported(in, "Series.sort_values(inplace/ignore_index/key)");
    if (auto* na = p.get(5).as<StrObj>(); na == nullptr || na->s != "last") pd_unsupported(in, "Series.sort_values(na_position=...)");
    std::vector<std::int64_t> order = sort_order(in, s.col, in.truthy(p.get(2)), "Series.sort_values");
    return make_series(s.col.take(order), s.index.take(order), s.name);
}

template <PdReduce Op>
Value frame_reduce_method(Interp& in, Args& a) {
    static const char* const names[] = {"sum", "mean", "std", "var", "max", "min", "count", "median"};
    return frame_reduce(in, self_frame(in, a, names[static_cast<int>(Op)]), Op, a, names[static_cast<int>(Op)]);
}

template <PdReduce Op>
Value series_reduce_method(Interp& in, Args& a) {
    static const char* const names[] = {"sum", "mean", "std", "var", "max", "min", "count", "median"};
    return series_reduce(in, self_series(in, a, names[static_cast<int>(Op)]), Op, a, names[static_cast<int>(Op)]);
}

Value frame_describe_method(Interp& in, Args& a) {
    ArgParser p(in, a, "describe", {"self", "percentiles=None", "include=None", "exclude=None", "datetime_is_numeric=False"});
    if (!p.get(1).is_none() || !p.get(2).is_none() || !p.get(3).is_none()) pd_unsupported(in, "DataFrame.describe(percentiles/include/exclude)");
    return frame_describe(in, self_frame(in, a, "describe"));
}

Value series_describe_method(Interp& in, Args& a) {
    ArgParser p(in, a, "describe", {"self", "percentiles=None", "include=None", "exclude=None", "datetime_is_numeric=False"});
    if (!p.get(1).is_none() || !p.get(2).is_none() || !p.get(3).is_none()) pd_unsupported(in, "Series.describe(percentiles/include/exclude)");
    return series_describe(in, self_series(in, a, "describe"));
}

Value series_abs_method(Interp& in, Args& a) { return series_abs(in, a[0]); }

// df.to_string(): the whole frame, no row or column cut and no fitting to a width.
Value frame_to_string_method(Interp& in, Args& a) {
    bool show_index = true;
    for (const auto& [name, value] : a.keywords()) {
        if (name != "index") pd_unsupported(in, "DataFrame.to_string(" + name + "=...)");
        show_index = in.truthy(value);
    }
    if (a.size() > 1) pd_unsupported(in, "DataFrame.to_string with arguments given by position");
    Value text = make_str(frame_text(in, self_frame(in, a, "to_string"), FrameLayout::full, show_index));
    catch_warnings_exit(in);
    return text;
}

Value frame_abs_method(Interp& in, Args& a) {
    FrameObj& f = self_frame(in, a, "abs");
    std::vector<Column> cols;
    for (const Column& c : f.cols) cols.push_back(column_unary(in, Unary::absolute, c));
    return make_frame(std::move(cols), f.index, f.columns);
}

Value frame_unary(Interp& in, UnaryOpKind op, const Value& self) {
    if (self.as<FrameObj>() == nullptr) class_itself(in, "DataFrame");
    auto& f = *self.as<FrameObj>();
    if (op == UnaryOpKind::not_) return Value::boolean(!frame_truthy(in, self));
    const Unary u = op == UnaryOpKind::usub ? Unary::negative : op == UnaryOpKind::invert ? Unary::invert : Unary::positive;
    std::vector<Column> cols;
    for (const Column& c : f.cols) cols.push_back(column_unary(in, u, c));
    return make_frame(std::move(cols), f.index, f.columns);
}

Value frame_abs(Interp& in, const Value& self) {
    Args a({self});
    return frame_abs_method(in, a);
}

// ---------------------------------------------------------------------------------------------
// df.iloc / df.loc (and a Series'): selections by position or by label

TypeObj* indexer_type(bool iloc);

// One axis of a selection.
struct Sel {
    bool scalar = false;  // one item: the axis goes away
    std::int64_t pos = 0;
    bool all = false;     // the whole axis
    bool slice = false;   // positions [start, stop)
    std::int64_t start = 0, stop = 0;
    std::vector<std::int64_t> take;  // else these positions
};

bool is_int_key(const Value& v) { return v.kind() == Kind::integer || v.kind() == Kind::np_int; }

[[noreturn]] void iloc_out_of_bounds(Interp& in) {
    pd_raise(in, types().index_error, {make_str("single positional indexer is out-of-bounds")},
             {{"core/indexing.py", 1073, "__getitem__", "return self._getitem_axis(maybe_callable, axis=axis)", 7, 52},
              {"core/indexing.py", 1625, "_getitem_axis", "self._validate_integer(key, axis)", -1, -1},
              {"core/indexing.py", 1557, "_validate_integer", "raise IndexError(\"single positional indexer is out-of-bounds\")", -1, -1}});
}

[[noreturn]] void loc_key_error(Interp& in, const Value& key, const Index& labels) {
    const bool range = labels.kind == Index::Kind::range;
    pd_raise(in, types().key_error, {key},
             {{"core/indexing.py", 1073, "__getitem__", "return self._getitem_axis(maybe_callable, axis=axis)", 7, 52},
              {"core/indexing.py", 1312, "_getitem_axis", "return self._get_label(key, axis=axis)", 7, 38},
              {"core/indexing.py", 1260, "_get_label", "return self.obj.xs(label, axis=axis)", 7, 36},
              {"core/generic.py", 4056, "xs", "loc = index.get_loc(key)", 6, 24},
              get_loc_raise_frame(labels, key)},
             range ? range_get_loc_error(in, key) : get_loc_error(in, key, labels.kind == Index::Kind::ints));
}

// The positions `key` selects on an axis of `labels` (n long). `alone`: the key is the whole
// subscript (errors then have pandas' frames; inside a tuple they are refused).
Sel select_axis(Interp& in, const Value& key, const Index& labels, bool iloc, bool alone) {
    Sel s;
    const std::int64_t n = labels.size();
    if (auto* sl = key.as<SliceObj>()) {
        if (sl->start.is_none() && sl->stop.is_none() && sl->step.is_none()) {
            s.all = true;
            return s;
        }
        if (iloc) {
            std::int64_t start, stop, step, count;
            slice_indices(in, *sl, n, start, stop, step, count);
            if (step != 1) pd_unsupported(in, "iloc slices with a step");
            s.slice = true;
            s.start = start;
            s.stop = std::max(start, stop);
            return s;
        }
        if (!sl->step.is_none()) pd_unsupported(in, "loc slices with a step");
        // Label slices include their end.
        s.slice = true;
        s.start = 0;
        s.stop = n;
        if (!sl->start.is_none()) {
            s.start = unique_find(in, labels, sl->start);
            if (s.start < 0) pd_unsupported(in, "loc slices from a label the index does not have");
        }
        if (!sl->stop.is_none()) {
            const std::int64_t e = unique_find(in, labels, sl->stop);
            if (e < 0) pd_unsupported(in, "loc slices to a label the index does not have");
            s.stop = std::max(s.start, e + 1);
        }
        return s;
    }
    if (bool_mask(in, key, n, labels, s.take)) return s;
    if (key.as<ListObj>() != nullptr || key.as<ArrayObj>() != nullptr || key.as<SeriesObj>() != nullptr ||
        key.as<IndexObj>() != nullptr) {
        std::vector<Value> items;
        if (auto* a = key.as<ArrayObj>()) {
            for (std::int64_t k = 0; k < a->size(); ++k) items.push_back(a->get_scalar(k));
        } else if (auto* ser = key.as<SeriesObj>()) {
            for (std::int64_t k = 0; k < ser->col.size(); ++k) items.push_back(ser->col.get(k));
        } else {
            items = key_list(in, key);
        }
        for (const Value& v : items) {
            std::int64_t p;
            if (iloc) {
                if (!is_int_key(v)) pd_unsupported(in, "iloc with a list of non-integers");
                p = v.as_int() < 0 ? v.as_int() + n : v.as_int();
                if (p < 0 || p >= n) pd_unsupported(in, "iloc with positions out of bounds (pandas' error)");
            } else {
                p = unique_find(in, labels, v);
                if (p < 0) pd_unsupported(in, "loc with labels the index does not have (pandas' error)");
            }
            s.take.push_back(p);
        }
        return s;
    }
    if (key.as<TupleObj>() != nullptr) pd_unsupported(in, "this indexer");
    s.scalar = true;
    if (iloc) {
        if (!is_int_key(key)) pd_unsupported(in, "iloc with a " + key.type_name());
        s.pos = key.as_int() < 0 ? key.as_int() + n : key.as_int();
        if (s.pos < 0 || s.pos >= n) {
            if (alone) iloc_out_of_bounds(in);
            pd_unsupported(in, "iloc[row, column] out of bounds (pandas' error)");
        }
        return s;
    }
    hash_value(in, key);
    s.pos = unique_find(in, labels, key);
    if (s.pos < 0) {
        if (alone) loc_key_error(in, key, labels);
        pd_unsupported(in, "loc[row, column] with a missing label (pandas' error)");
    }
    return s;
}

std::vector<std::int64_t> sel_positions(const Sel& s, std::int64_t n) {
    if (s.scalar) return {s.pos};
    if (!s.all && !s.slice) return s.take;
    std::vector<std::int64_t> out;
    for (std::int64_t k = s.all ? 0 : s.start; k < (s.all ? n : s.stop); ++k) out.push_back(k);
    return out;
}

Column sel_column(const Column& c, const Sel& rows) {
    if (rows.all) return c;
    if (rows.slice) return c.slice(rows.start, rows.stop);
    return c.take(rows.take);
}

Index sel_index(const Index& i, const Sel& s) {
    if (s.all) return i;
    if (s.slice) return i.slice(s.start, s.stop);
    return i.take(s.take);
}

// A row across some columns as a Series (fast_xs): one dtype for them all, as df.T interleaves,
// NumPy scalars in an object row.
Value row_series(const FrameObj& f, std::int64_t r, const std::vector<std::int64_t>& cols) {
    PdType t = cols.empty() ? PdType::object : f.cols[static_cast<std::size_t>(cols[0])].dtype;
    for (std::int64_t c : cols) {
        const PdType d = f.cols[static_cast<std::size_t>(c)].dtype;
        if (d == t) continue;
        const bool numbers = (d == PdType::int64 || d == PdType::float64) && (t == PdType::int64 || t == PdType::float64);
        t = numbers ? PdType::float64 : PdType::object;
    }
    Column out;
    out.dtype = t;
    if (t == PdType::object) {
        for (std::int64_t c : cols) out.objs.push_back(f.cols[static_cast<std::size_t>(c)].get(r));
    } else {
        out.arr = ArrayObj::empty(np_type_of(t), {static_cast<std::int64_t>(cols.size())});
        for (std::size_t j = 0; j < cols.size(); ++j) {
            const ArrayObj& a = *f.cols[static_cast<std::size_t>(cols[j])].arr;
            switch (t) {
                case PdType::float64: out.arr->storage->f()[j] = a.get_f(r); break;
                case PdType::int64: out.arr->storage->i()[j] = a.get_i(r); break;
                default: out.arr->storage->b()[j] = a.get_b(r); break;
            }
        }
    }
    return make_series(std::move(out), f.columns.take(cols), f.index.label(r));
}

Value indexer_getitem(Interp& in, const Value& self, const Value& key) {
    auto* inst = self.as<InstanceObj>();
    const Value obj = *inst->attrs->find_str("obj");
    const bool iloc = inst->cls == indexer_type(true);
    if (auto* s = obj.as<SeriesObj>()) {
        if (key.as<TupleObj>() != nullptr) pd_unsupported(in, "a tuple indexing a Series");
        const Sel r = select_axis(in, key, s->index, iloc, true);
        if (r.scalar) return s->col.get(r.pos);
        return make_series(sel_column(s->col, r), sel_index(s->index, r), s->name);
    }
    const FrameObj& f = *obj.as<FrameObj>();
    Sel rows, cols;
    cols.all = true;
    if (auto* t = key.as<TupleObj>()) {
        if (t->items.size() != 2) pd_unsupported(in, "DataFrame indexing with more than two keys");
        rows = select_axis(in, t->items[0], f.index, iloc, false);
        cols = select_axis(in, t->items[1], f.columns, iloc, false);
    } else {
        rows = select_axis(in, key, f.index, iloc, true);
    }
    const auto ncols = static_cast<std::int64_t>(f.cols.size());
    if (rows.scalar && cols.scalar) return f.cols[static_cast<std::size_t>(cols.pos)].get(rows.pos);
    if (rows.scalar) return row_series(f, rows.pos, sel_positions(cols, ncols));
    if (cols.scalar) {
        const auto c = static_cast<std::size_t>(cols.pos);
        return make_series(sel_column(f.cols[c], rows), sel_index(f.index, rows), f.columns.label(cols.pos));
    }
    std::vector<Column> out;
    for (std::int64_t c : sel_positions(cols, ncols)) out.push_back(sel_column(f.cols[static_cast<std::size_t>(c)], rows));
    Value result = make_frame(std::move(out), sel_index(f.index, rows), sel_index(f.columns, cols));
    auto* g = result.as<FrameObj>();
    if (cols.all && !rows.all && !rows.slice) {
        if (!g->index.same(in, f.index)) g->copy_of = f.serial;  // _take_with_is_copy
    } else {
        g->maybe_view = true;
    }
    return result;
}

// df.loc[rows, "col"] = value / df.iloc[rows, c] = value: the column's values replaced at those
// rows; an int column takes a float that is not whole by becoming float64, as pandas does.
void indexer_setitem(Interp& in, const Value& self, const Value& key, const Value& v) {
    auto* inst = self.as<InstanceObj>();
    const Value obj = *inst->attrs->find_str("obj");
    const bool iloc = inst->cls == indexer_type(true);
    auto* f = obj.as<FrameObj>();
    auto* t = key.as<TupleObj>();
    if (f == nullptr || t == nullptr || t->items.size() != 2) pd_unsupported(in, "this indexed assignment (df.loc[rows, column] = value is)");
    if (f->maybe_view) pd_unsupported(in, "assigning into a slice of a DataFrame (a view or a copy by pandas' block layout)");
    const Sel rows = select_axis(in, t->items[0], f->index, iloc, false);
    const Sel cols = select_axis(in, t->items[1], f->columns, iloc, false);
    if (!cols.scalar) pd_unsupported(in, "assigning to several columns through loc/iloc");
    const std::vector<std::int64_t> pos = sel_positions(rows, f->rows());
    Column& col = f->cols[static_cast<std::size_t>(cols.pos)];
    if (col.dtype == PdType::object || col.dtype == PdType::bool_) pd_unsupported(in, "assigning through loc/iloc into a str or bool column");
    std::vector<double> values;
    const Kind vk = v.kind();
    if (vk == Kind::integer || vk == Kind::np_int || vk == Kind::floating || vk == Kind::np_float) {
        values.assign(pos.size(), v.kind() == Kind::floating || v.kind() == Kind::np_float ? v.as_float() : static_cast<double>(v.as_int()));
    } else {
        Column given;
        if (!column_from(in, v, given, "Must have equal len keys and value when setting with an iterable") || given.dtype == PdType::object ||
            given.dtype == PdType::bool_ || given.size() != static_cast<std::int64_t>(pos.size())) {
            pd_unsupported(in, "this value in an indexed assignment");
        }
        for (std::int64_t k = 0; k < given.size(); ++k) values.push_back(given.arr->get_f(k));
        if (given.dtype == PdType::int64) {
            for (std::int64_t k = 0; k < given.size(); ++k) {
                if (std::fabs(values[static_cast<std::size_t>(k)]) > 9.0e15) pd_unsupported(in, "assigning ints past 2**53 through loc");
            }
        }
    }
    check_setitem_copy(in, *f, true);
    bool whole = true;
    for (double x : values) whole = whole && std::isfinite(x) && x == std::floor(x) && std::fabs(x) < 9.0e15;
    if (col.dtype == PdType::int64 && !whole) col = column_of_array(col.arr->copy_as(DType::float64));
    else col = column_of_array(col.arr->copy());
    for (std::size_t k = 0; k < pos.size(); ++k) {
        if (col.dtype == PdType::int64) col.arr->storage->i()[pos[k]] = static_cast<std::int64_t>(values[k]);
        else col.arr->storage->f()[pos[k]] = values[k];
    }
}

TypeObj* indexer_type(bool iloc) {
    static TypeObj* types_[2] = {nullptr, nullptr};
    TypeObj*& t = types_[iloc ? 1 : 0];
    if (t == nullptr) {
        ImmortalScope immortal;
        t = new TypeObj(iloc ? "_iLocIndexer" : "_LocIndexer", "pandas.core.indexing", types().object);
        t->immortal = true;
        static TypeOps ops{};
        ops.getitem = indexer_getitem;
        ops.setitem = indexer_setitem;
        t->ops = &ops;
    }
    return t;
}

Value make_indexer(const Value& obj, bool iloc) {
    Ref<InstanceObj> ix(make<InstanceObj>(indexer_type(iloc)));
    ix->attrs->set_str("obj", obj);
    return ix;
}

// ---------------------------------------------------------------------------------------------
// Deep copies for the notebook's cache: arrays through the Copier, so columns that view one
// block still share one (copied) storage.

Index copy_index(Copier& c, const Index& i) {
    Index out = i;
    for (Value& v : out.objs) v = c.copy(v);
    out.name = c.copy(out.name);
    return out;
}

Column copy_column(Copier& c, const Column& col) {
    Column out = col;
    if (col.arr) out.arr = Ref<ArrayObj>(c.copy(Value(col.arr)));
    for (Value& v : out.objs) v = c.copy(v);
    return out;
}

Value frame_copy_hook(Copier& c, const Value& self) {
    const auto& f = *self.as<FrameObj>();
    Ref<FrameObj> out(make<FrameObj>());
    c.remember(self.obj(), out);
    out->index = copy_index(c, f.index);
    out->columns = copy_index(c, f.columns);
    for (const Column& col : f.cols) out->cols.push_back(copy_column(c, col));
    return out;
}

Value series_copy_hook(Copier& c, const Value& self) {
    const auto& s = *self.as<SeriesObj>();
    Ref<SeriesObj> out(make<SeriesObj>());
    c.remember(self.obj(), out);
    out->index = copy_index(c, s.index);
    out->col = copy_column(c, s.col);
    out->name = c.copy(s.name);
    return out;
}

Value index_copy_hook(Copier& c, const Value& self) {
    Ref<IndexObj> out(make<IndexObj>());
    c.remember(self.obj(), out);
    out->index = copy_index(c, self.as<IndexObj>()->index);
    return out;
}

// ---------------------------------------------------------------------------------------------
// Types

const PdTypes& pd_types() {
    static const PdTypes t = [] {
        ImmortalScope immortal;
        auto T = [](const char* name, const char* module, TypeObj* base) {
            auto* ty = new TypeObj(name, module, base);
            ty->immortal = true;
            return ty;
        };
        PdTypes p{};
        p.frame = T("DataFrame", "pandas.core.frame", types().object);
        p.series = T("Series", "pandas.core.series", types().object);
        p.index = T("Index", "pandas.core.indexes.base", types().object);
        p.int64_index = T("Int64Index", "pandas.core.indexes.numeric", p.index);
        p.range_index = T("RangeIndex", "pandas.core.indexes.range", p.int64_index);
        static TypeOps fo{};
        fo.repr = frame_repr;
        fo.getattr = frame_getattr;
        fo.setattr = frame_setattr;
        fo.getitem = frame_getitem;
        fo.setitem = frame_setitem;
        fo.iter = frame_iter;
        fo.len = frame_len;
        fo.truthy = frame_truthy;
        fo.contains = frame_contains;
        fo.binary = frame_binary;
        fo.compare = frame_compare;
        fo.unary = frame_unary;
        fo.abs = frame_abs;
        fo.display = frame_display;
        fo.copy = frame_copy_hook;
        p.frame->ops = &fo;
        static TypeOps so{};
        so.repr = series_repr;
        so.getattr = series_getattr;
        so.setattr = series_setattr;
        so.getitem = series_getitem;
        so.setitem = series_setitem;
        so.iter = series_iter;
        so.len = series_len;
        so.truthy = series_truthy;
        so.contains = series_contains;
        so.binary = series_binary;
        so.compare = series_compare;
        so.unary = series_unary;
        so.abs = series_abs;
        so.copy = series_copy_hook;
        p.series->ops = &so;
        static TypeOps io{};
        io.repr = index_obj_repr;
        io.getattr = index_getattr;
        io.setattr = index_setattr;
        io.getitem = index_getitem;
        io.iter = index_iter;
        io.len = index_len;
        io.contains = index_contains;
        io.truthy = index_truthy;
        io.compare = index_compare;
        io.copy = index_copy_hook;
        p.index->ops = &io;
        p.int64_index->ops = &io;
        p.range_index->ops = &io;
        add_methods(p.frame, {{"__new__", frame_new}, {"head", frame_head}, {"tail", frame_tail}, {"round", frame_round},
                              {"to_numpy", frame_to_numpy}, {"copy", frame_copy}, {"keys", frame_keys},
                              {"sort_values", frame_sort_values}, {"describe", frame_describe_method},
                              {"sum", frame_reduce_method<PdReduce::sum>}, {"mean", frame_reduce_method<PdReduce::mean>},
                              {"std", frame_reduce_method<PdReduce::std>}, {"var", frame_reduce_method<PdReduce::var>},
                              {"max", frame_reduce_method<PdReduce::max>}, {"min", frame_reduce_method<PdReduce::min>},
                              {"count", frame_reduce_method<PdReduce::count>}, {"median", frame_reduce_method<PdReduce::median>},
                              {"abs", frame_abs_method}, {"to_string", frame_to_string_method},
                              {"set_index", frame_set_index}, {"reset_index", frame_reset_index},
                              {"idxmax", frame_idx_extreme<true>}, {"idxmin", frame_idx_extreme<false>},
                              {"iterrows", frame_iterrows}, {"drop", frame_drop}, {"rename", frame_rename}});
        add_methods(p.series, {{"__new__", series_new}, {"head", series_head}, {"tail", series_tail}, {"round", series_round},
                               {"to_numpy", series_to_numpy}, {"tolist", series_tolist}, {"to_list", series_tolist},
                               {"copy", series_copy}, {"sort_values", series_sort_values}, {"describe", series_describe_method},
                               {"sum", series_reduce_method<PdReduce::sum>}, {"mean", series_reduce_method<PdReduce::mean>},
                               {"std", series_reduce_method<PdReduce::std>}, {"var", series_reduce_method<PdReduce::var>},
                               {"max", series_reduce_method<PdReduce::max>}, {"min", series_reduce_method<PdReduce::min>},
                               {"count", series_reduce_method<PdReduce::count>}, {"median", series_reduce_method<PdReduce::median>},
                               {"abs", series_abs_method}, {"idxmax", series_idx_extreme<true>},
                               {"idxmin", series_idx_extreme<false>}});
        add_methods(p.index, {{"tolist", index_tolist}, {"to_list", index_tolist}});
        return p;
    }();
    return t;
}

// ---------------------------------------------------------------------------------------------
// The module

Value f_isna(Interp& in, Args& a) {
    ArgParser p(in, a, "isna", {"obj"});
    const Value& v = p.get(0);
    if (is_scalar_value(v)) return Value::boolean(v.is_none() || is_nan_value(v));
    pd_unsupported(in, "pd.isna of " + v.type_name());
}

// pandas' public names the kernel does not provide: calling one is refused.
constexpr const char* kModuleNames[] = {
    "ArrowDtype", "BooleanDtype", "Categorical", "CategoricalDtype", "CategoricalIndex", "DateOffset", "DatetimeIndex",
    "DatetimeTZDtype", "ExcelFile", "ExcelWriter", "Flags", "Float32Dtype", "Float64Dtype", "Float64Index", "Grouper",
    "HDFStore", "IndexSlice", "Int16Dtype", "Int32Dtype", "Int64Dtype", "Int8Dtype", "Interval", "IntervalDtype",
    "IntervalIndex", "MultiIndex", "NamedAgg", "Period", "PeriodDtype", "PeriodIndex", "SparseDtype", "StringDtype",
    "Timedelta", "TimedeltaIndex", "Timestamp", "UInt16Dtype", "UInt32Dtype", "UInt64Dtype", "UInt64Index",
    "UInt8Dtype", "NumericIndex", "array", "bdate_range", "concat", "crosstab", "cut", "date_range", "describe_option",
    "eval", "factorize", "from_dummies", "get_dummies", "infer_freq", "interval_range", "isnull",
    "json_normalize", "lreshape", "melt", "merge", "merge_asof", "merge_ordered", "notna", "notnull", "option_context",
    "period_range", "pivot", "pivot_table", "qcut", "read_clipboard", "read_csv", "read_excel", "read_feather",
    "read_fwf", "read_gbq", "read_hdf", "read_html", "read_json", "read_orc", "read_parquet", "read_pickle",
    "read_sas", "read_spss", "read_sql", "read_sql_query", "read_sql_table", "read_stata", "read_table", "read_xml",
    "set_eng_float_format", "show_versions", "test", "timedelta_range", "to_datetime",
    "to_numeric", "to_pickle", "to_timedelta", "unique", "value_counts", "wide_to_long",
};

// Bound to its own name (a method of the str), so the refusal can say which function it was.
Value module_stub(Interp& in, Args& a) { pd_unsupported(in, "pd." + in.str(a[0])); }

}  // namespace

Ref<ModuleObj> make_pandas_module(Interp& in) {
    (void)in;
    ndarray_type();  // pandas imports numpy: its types (dtype objects included) are ready
    const PdTypes& t = pd_types();
    Ref<ModuleObj> m(make<ModuleObj>("pandas"));
    static std::vector<Value>& stubs = *new std::vector<Value>();  // never destroyed: held at exit
    static Value isna;
    if (stubs.empty()) {
        ImmortalScope immortal;
        const Value stub = native_function("unsupported", module_stub, "pandas");
        for (const char* name : kModuleNames) stubs.push_back(Value(make<MethodObj>(make_str(name), stub)));
        isna = native_function("isna", f_isna, "pandas");
    }
    std::size_t k = 0;
    for (const char* name : kModuleNames) m->dict->set_str(name, stubs[k++]);
    m->dict->set_str("isna", isna);
    m->dict->set_str("DataFrame", Value(t.frame));
    m->dict->set_str("Series", Value(t.series));
    m->dict->set_str("Index", Value(t.index));
    m->dict->set_str("RangeIndex", Value(t.range_index));
    m->dict->set_str("Int64Index", Value(t.int64_index));
    m->dict->set_str("__version__", make_str("1.5.3"));
    install_pandas_options(*m);
    return m;
}

}  // namespace tlab
