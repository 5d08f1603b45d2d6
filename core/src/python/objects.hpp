// objects.hpp — Python's built-in object types as the kernel holds them.
//
// Each object class names its Python type (type()), lists what it holds for the cycle collector
// (trace) and drops it on request (clear). Types are objects too (TypeObj): the built-in ones are
// immortal singletons (types()), classes defined by the code are heap objects.
//
//   Ref<ListObj> l = make<ListObj>();
//   l->items.push_back(Value::integer(1));
//   Value v(l.get());           // v.type_name() == "list"
//   v.as<ListObj>() == l.get(); v.as<DictObj>() == nullptr
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "python/ast.hpp"
#include "python/value.hpp"

namespace tlab {

class Interp;
class Args;
class Copier;
struct DictObj;
struct TypeObj;

using NativeFn = Value (*)(Interp& in, Args& args);

// What a type does beyond its dict of methods: the hooks the evaluator calls for the operations
// of built-in types implemented in C++ (NumPy arrays, DataFrames, figures...). Any hook may be
// null: the evaluator then raises Python's TypeError for the operation.
struct TypeOps {
    std::string (*repr)(Interp&, const Value& self) = nullptr;
    std::string (*str)(Interp&, const Value& self) = nullptr;  // null: repr
    // Attributes that are not in the type's dict (properties like a.shape): true when found.
    bool (*getattr)(Interp&, const Value& self, const std::string& name, Value& out) = nullptr;
    bool (*setattr)(Interp&, const Value& self, const std::string& name, const Value& v) = nullptr;
    // a <op> b with self on the left (reflected = false) or on the right (true). Returns
    // NotImplemented (interp.not_implemented()) when it does not handle the other operand.
    Value (*binary)(Interp&, BinOpKind op, const Value& self, const Value& other, bool reflected) = nullptr;
    Value (*unary)(Interp&, UnaryOpKind op, const Value& self) = nullptr;
    // self <op>= other, in place (NumPy arrays write into themselves); NotImplemented otherwise.
    Value (*inplace)(Interp&, BinOpKind op, const Value& self, const Value& other) = nullptr;
    // Rich comparison (==, <, ...), same convention as binary.
    Value (*compare)(Interp&, CmpOpKind op, const Value& self, const Value& other, bool reflected) = nullptr;
    Value (*getitem)(Interp&, const Value& self, const Value& key) = nullptr;
    void (*setitem)(Interp&, const Value& self, const Value& key, const Value& v) = nullptr;
    Value (*iter)(Interp&, const Value& self) = nullptr;
    bool (*next)(Interp&, const Value& self, Value& out) = nullptr;  // for iterator types
    std::int64_t (*len)(Interp&, const Value& self) = nullptr;
    bool (*truthy)(Interp&, const Value& self) = nullptr;
    Value (*call)(Interp&, const Value& self, Args& args) = nullptr;
    // `x in self`
    bool (*contains)(Interp&, const Value& self, const Value& x) = nullptr;
    // float(self) / int(self) / index (for range(), list indexes): true when it converts.
    bool (*to_float)(Interp&, const Value& self, double& out) = nullptr;
    bool (*to_index)(Interp&, const Value& self, std::int64_t& out) = nullptr;
    // A deep copy for the notebook's cache (snapshot.hpp); null: not copyable.
    Value (*copy)(Copier&, const Value& self) = nullptr;
    // abs(self) and round(self, ndigits) (ndigits None when not given).
    Value (*abs)(Interp&, const Value& self) = nullptr;
    Value (*round)(Interp&, const Value& self, const Value& ndigits) = nullptr;
    // Jupyter's rich display of a cell's result: fills a mime bundle (text/plain and more).
    void (*display)(Interp&, const Value& self, std::map<std::string, std::string>& bundle) = nullptr;
};

// ---------------------------------------------------------------------------------------------
// Types

struct TypeObj : Object {
    static constexpr ObjKind kKind = ObjKind::type;
    TypeObj(std::string name_, std::string module_, TypeObj* base_);
    TypeObj* type() const override;
    void trace(Tracer& t) const override;
    void clear() override;
    ~TypeObj() override;

    std::string name;    // "int", "ndarray", "MyClass"
    std::string module;  // "builtins", "numpy", "__main__": repr is <class 'numpy.ndarray'>
    TypeObj* base = nullptr;
    // A second base, for NumPy's float64 (a subclass of both numpy.floating and Python's float).
    TypeObj* extra_base = nullptr;
    DictObj* dict = nullptr;  // methods and class attributes (owned: one reference)
    const TypeOps* ops = nullptr;
    bool is_heap_class = false;  // a class statement made it (it may get attributes set)
    mutable std::string tp_name;  // as CPython's messages name it (c_name()), once known

    // Python's issubclass(self, other).
    bool is_subclass(const TypeObj* other) const;
    // The name as reprs and error messages show it: "int", "numpy.ndarray", "numpy.AxisError".
    std::string qualified() const;
    // The name CPython's messages give it (tp_name): "int", "numpy.float64", "DataFrame".
    const std::string& c_name() const;
    // Finds `name` in this type or its bases (null when absent).
    const Value* lookup(const std::string& name) const;
};

// The built-in types, created once (immortal).
struct BuiltinTypes {
    TypeObj *object, *type, *none_type, *bool_, *int_, *float_, *str, *list, *tuple, *dict,
        *function, *builtin_function, *method, *module, *range, *slice, *ellipsis, *cell,
        *not_implemented_type, *iterator, *dict_keys, *dict_values, *dict_items, *zip, *enumerate,
        *map, *filter, *reversed, *list_iterator, *generator;
    // Exceptions
    TypeObj *base_exception, *exception, *arithmetic_error, *zero_division_error, *overflow_error,
        *floating_point_error, *lookup_error, *index_error, *key_error, *value_error, *type_error,
        *name_error, *unbound_local_error, *attribute_error, *assertion_error, *runtime_error,
        *recursion_error, *not_implemented_error, *stop_iteration, *memory_error, *import_error,
        *module_not_found_error, *keyboard_interrupt, *system_exit, *unicode_error, *syntax_error,
        *indentation_error, *tab_error, *warning, *runtime_warning, *user_warning,
        *deprecation_warning, *os_error;
    // NumPy and friends register theirs where they are defined (numpy.cpp ...).
};
const BuiltinTypes& types();
// numpy.bool_, numpy.int64, numpy.float64 (numpy.cpp).
TypeObj* numpy_scalar_type(Kind k);
// Adds C++ methods to a built-in type's dict (immortal BuiltinObjs): {"append", list_append}...
struct MethodDef {
    const char* name;
    NativeFn fn;
};
void add_methods(TypeObj* type, std::initializer_list<MethodDef> methods);
// A native function as an immortal object (for module dicts filled once per process).
Value native_function(const char* name, NativeFn fn, const char* module = "");

// ---------------------------------------------------------------------------------------------
// Simple containers

struct StrObj : Object {
    static constexpr ObjKind kKind = ObjKind::str;
    explicit StrObj(std::string s_) : Object(kKind), s(std::move(s_)) {}
    TypeObj* type() const override { return types().str; }
    std::string s;  // UTF-8
    // Length in code points (Python's len), computed on first use.
    std::size_t length() const;
    bool is_ascii() const { return length() == s.size(); }

private:
    mutable std::size_t length_ = static_cast<std::size_t>(-1);
};

struct ListObj : Object {
    static constexpr ObjKind kKind = ObjKind::list;
    ListObj() : Object(kKind) {}
    explicit ListObj(std::vector<Value> v) : Object(kKind), items(std::move(v)) {}
    TypeObj* type() const override { return types().list; }
    void trace(Tracer& t) const override;
    void clear() override { items.clear(); }
    std::vector<Value> items;
};

struct TupleObj : Object {
    static constexpr ObjKind kKind = ObjKind::tuple;
    TupleObj() : Object(kKind) {}
    explicit TupleObj(std::vector<Value> v) : Object(kKind), items(std::move(v)) {}
    TypeObj* type() const override { return types().tuple; }
    void trace(Tracer& t) const override;
    void clear() override { items.clear(); }
    std::vector<Value> items;
};

// Python's hash() of a hashable value; throws TypeError "unhashable type: 'list'" otherwise.
std::uint64_t hash_value(Interp& in, const Value& v);

// An insertion-ordered hash table with Python's key semantics (1 == 1.0 == True).
struct DictObj : Object {
    static constexpr ObjKind kKind = ObjKind::dict;
    DictObj() : Object(kKind) {}
    TypeObj* type() const override { return types().dict; }
    void trace(Tracer& t) const override;
    void clear() override;

    struct Entry {
        std::uint64_t hash;
        Value key, value;
        bool live;
    };
    std::size_t size() const { return live_; }
    // Null when absent.
    Value* find(Interp& in, const Value& key);
    void set(Interp& in, const Value& key, Value value);
    bool erase(Interp& in, const Value& key);
    // For names (str keys): no interpreter needed, no exceptions.
    Value* find_str(const std::string& key);
    void set_str(const std::string& key, Value value);
    bool erase_str(const std::string& key);
    // Entries in insertion order (skip !live ones).
    const std::vector<Entry>& entries() const { return entries_; }
    void clear_items();
    // Adds an entry known to be new, with its hash (copying a dict).
    void insert_copied(std::uint64_t h, Value key, Value value) { insert_new(h, std::move(key), std::move(value)); }

private:
    Value* find_hashed(Interp* in, std::uint64_t h, const Value& key, const std::string* skey);
    void insert_new(std::uint64_t h, Value key, Value value);
    void rebuild();
    std::vector<Entry> entries_;
    std::vector<std::int32_t> index_;  // open addressing over entries_; -1 empty
    std::size_t live_ = 0;
};

struct SliceObj : Object {
    static constexpr ObjKind kKind = ObjKind::slice;
    SliceObj(Value a, Value b, Value c) : Object(kKind), start(std::move(a)), stop(std::move(b)), step(std::move(c)) {}
    TypeObj* type() const override { return types().slice; }
    void trace(Tracer& t) const override;
    void clear() override { start = stop = step = Value(); }
    Value start, stop, step;
};

struct RangeObj : Object {
    static constexpr ObjKind kKind = ObjKind::range;
    RangeObj(std::int64_t a, std::int64_t b, std::int64_t c) : Object(kKind), start(a), stop(b), step(c) {}
    TypeObj* type() const override { return types().range; }
    std::int64_t start, stop, step;
    std::int64_t length() const;
    std::int64_t at(std::int64_t k) const { return start + k * step; }
};

// ---------------------------------------------------------------------------------------------
// Callables

// Positional and keyword arguments of a call, as a native function receives them.
class Args {
public:
    Args(std::vector<Value> pos, std::vector<std::pair<std::string, Value>> kw = {})
        : pos_(std::move(pos)), kw_(std::move(kw)) {}
    std::size_t size() const { return pos_.size(); }
    const Value& operator[](std::size_t i) const { return pos_[i]; }
    std::vector<Value>& positional() { return pos_; }
    std::vector<std::pair<std::string, Value>>& keywords() { return kw_; }
    bool has_keywords() const { return !kw_.empty(); }
    // Removes and returns keyword `name` (null when absent).
    bool take(const std::string& name, Value& out);

private:
    std::vector<Value> pos_;
    std::vector<std::pair<std::string, Value>> kw_;
};

// A function implemented in C++: a built-in (len), a method of a built-in type (list.append:
// called with self first), or a module function (np.sum).
struct BuiltinObj : Object {
    static constexpr ObjKind kKind = ObjKind::builtin;
    BuiltinObj(std::string name_, NativeFn fn_, std::string owner_ = {})
        : Object(kKind), name(std::move(name_)), fn(fn_), owner(std::move(owner_)) {}
    TypeObj* type() const override { return types().builtin_function; }
    std::string name;   // "len", "append"
    NativeFn fn;
    std::string owner;  // "list" for methods ("<built-in method append of list object>"), or ""
    std::string module; // "numpy" for np.sum (its repr says <function sum at ...>)
};

struct CellObj : Object {
    static constexpr ObjKind kKind = ObjKind::cell;
    CellObj() : Object(kKind) {}
    TypeObj* type() const override { return types().cell; }
    void trace(Tracer& t) const override { t.visit(value); }
    void clear() override { value = Value(); }
    Value value;
    bool bound = false;
};

// A function defined by `def` or `lambda` in the learner's code.
struct FunctionObj : Object {
    static constexpr ObjKind kKind = ObjKind::function;
    FunctionObj() : Object(kKind) {}
    TypeObj* type() const override { return types().function; }
    void trace(Tracer& t) const override;
    void clear() override;

    ModulePtr module;  // keeps the AST alive
    const Arguments* params = nullptr;
    const std::vector<Stmt*>* body = nullptr;  // def
    const Expr* lambda_body = nullptr;         // lambda
    const Scope* scope = nullptr;
    std::string name, qualname;
    Ref<DictObj> globals;
    std::vector<Value> defaults;     // for the last len(defaults) positional parameters
    std::vector<Value> kw_defaults;  // per keyword-only parameter; none-kind entries are unset
    std::vector<bool> has_kw_default;
    std::vector<Ref<CellObj>> closure;
    Ref<DictObj> attrs;  // f.__doc__ etc. set by the code (rare)
    bool annotated = false;  // has a return annotation (its signature shows it)
};

// obj.method: a function bound to the object it was looked up on.
struct MethodObj : Object {
    static constexpr ObjKind kKind = ObjKind::method;
    MethodObj(Value self_, Value func_) : Object(kKind), self(std::move(self_)), func(std::move(func_)) {}
    TypeObj* type() const override { return types().method; }
    void trace(Tracer& t) const override;
    void clear() override { self = func = Value(); }
    Value self, func;
};

// An instance of a class the code defined.
struct InstanceObj : Object {
    static constexpr ObjKind kKind = ObjKind::instance;
    explicit InstanceObj(TypeObj* cls_);
    TypeObj* type() const override { return cls; }
    void trace(Tracer& t) const override;
    void clear() override;
    ~InstanceObj() override;
    TypeObj* cls;  // holds one reference
    Ref<DictObj> attrs;
};

struct ModuleObj : Object {
    static constexpr ObjKind kKind = ObjKind::module;
    explicit ModuleObj(std::string name_);
    TypeObj* type() const override { return types().module; }
    void trace(Tracer& t) const override { t.visit(dict); }
    void clear() override { dict = Ref<DictObj>(); }
    std::string name;
    Ref<DictObj> dict;
};

// ---------------------------------------------------------------------------------------------
// Exceptions

// One line of a traceback: where a frame was when the exception passed through it.
struct TracebackEntry {
    ModulePtr module;        // the code's source (null for a library frame)
    Pos pos;                 // the expression that raised or called
    std::string function;    // "<module>", "softmax"
    // A library frame (e.g. NumPy's fromnumeric.py): given as text, code_line with its indentation.
    std::string file, code_line;
    int line = 0;
    int col = -1, end_col = -1;  // the instruction's byte offsets in code_line (carets), or -1
};

struct ExceptionObj : Object {
    static constexpr ObjKind kKind = ObjKind::exception;
    explicit ExceptionObj(TypeObj* cls_);
    ~ExceptionObj() override;
    TypeObj* type() const override { return cls; }
    void trace(Tracer& t) const override;
    void clear() override;
    TypeObj* cls;  // holds one reference
    std::vector<Value> args;
    std::vector<TracebackEntry> traceback;  // outermost first
    Value cause, context;                   // ExceptionObj or None
    bool suppress_context = false;
    Ref<DictObj> attrs;  // attributes set by the code
    std::string suggestion;  // NameError/AttributeError: the "Did you mean" name, found at raise
};

// The C++ exception that carries a raised Python exception through the evaluator.
struct PyException {
    Value exc;  // an ExceptionObj
};

// Raised for code the kernel cannot run exactly; Python code cannot catch it.
struct Unsupported {
    std::string what_en, what_ko;
    int line = 0;
};

// Raised when the caller cancels a run (progress callback returned false) or a budget runs out.
struct Stopped {
    std::string message_en, message_ko;
};

// ---------------------------------------------------------------------------------------------
// Iterators: one object type with a small state machine per source kind.

struct IterObj : Object {
    static constexpr ObjKind kKind = ObjKind::iterator;
    enum class Source : std::uint8_t { list, tuple, str, range, dict_keys, dict_values, dict_items,
                                       zip, enumerate, map, filter, reversed_seq, array, values };
    explicit IterObj(Source s) : Object(kKind), source(s) {}
    TypeObj* type() const override;
    void trace(Tracer& t) const override;
    void clear() override;

    Source source;
    Value seq;                  // what it walks (list, tuple, str, dict, range, array...)
    std::vector<Value> parts;   // zip's iterators; map's function then iterators; filter's
    std::int64_t index = 0;     // next position
    std::int64_t step = 1;
    std::int64_t count = 0;     // enumerate's counter
    std::size_t byte = 0;       // str: byte offset of the next code point
    bool done = false;
};

// dict.keys() / .values() / .items(): live views of a dict.
struct DictViewObj : Object {
    static constexpr ObjKind kKind = ObjKind::dict_view;
    enum class Which : std::uint8_t { keys, values, items };
    DictViewObj(Value d, Which w) : Object(kKind), dict(std::move(d)), which(w) {}
    TypeObj* type() const override;
    void trace(Tracer& t) const override { t.visit(dict); }
    void clear() override { dict = Value(); }
    Value dict;
    Which which;
};

// ---------------------------------------------------------------------------------------------
// Constructors for common values

Value make_str(std::string s);
Value make_list(std::vector<Value> items = {});
Value make_tuple(std::vector<Value> items = {});
Ref<DictObj> make_dict();

template <typename T>
T* Value::as() const {
    Object* o = obj();
    return o != nullptr && o->okind == T::kKind ? static_cast<T*>(o) : nullptr;
}

}  // namespace tlab
