// objects.cpp — the built-in types, the ordered dict, hashing and the small object classes.
#include "python/objects.hpp"

#include <cmath>
#include <cstring>

#include "python/interp.hpp"

namespace tlab {

// ---- types

TypeObj::TypeObj(std::string name_, std::string module_, TypeObj* base_)
    : Object(kKind), name(std::move(name_)), module(std::move(module_)), base(base_) {
    dict = new DictObj();  // not on a heap: owned by this type (types may be immortal)
    dict->immortal = true;
    if (base != nullptr && !base->immortal) ++base->refs;
}

TypeObj::~TypeObj() {
    delete dict;
    if (base != nullptr && !base->immortal && --base->refs == 0) free_object(base);
}

TypeObj* TypeObj::type() const { return types().type; }

void TypeObj::trace(Tracer& t) const {
    if (dict != nullptr) dict->trace(t);
    if (base != nullptr) t.visit_object(base);
}

void TypeObj::clear() {
    if (dict != nullptr) dict->clear();
}

bool TypeObj::is_subclass(const TypeObj* other) const {
    for (const TypeObj* t = this; t != nullptr; t = t->base) {
        if (t == other) return true;
        if (t->extra_base != nullptr && t->extra_base->is_subclass(other)) return true;
    }
    return false;
}

void add_methods(TypeObj* type, std::initializer_list<MethodDef> methods) {
    ImmortalScope immortal;
    for (const MethodDef& m : methods) {
        auto* b = new BuiltinObj(m.name, m.fn, type->name);
        b->immortal = true;
        type->dict->set_str(m.name, Value(b));
    }
}

Value native_function(const char* name, NativeFn fn, const char* module) {
    auto* b = new BuiltinObj(name, fn);
    b->module = module;
    b->immortal = true;
    return Value(b);
}

std::string TypeObj::qualified() const {
    if (module == "builtins") return name;
    return module + "." + name;
}

const Value* TypeObj::lookup(const std::string& key) const {
    for (const TypeObj* t = this; t != nullptr; t = t->base) {
        if (t->dict != nullptr) {
            if (Value* v = t->dict->find_str(key)) return v;
        }
    }
    return nullptr;
}

namespace {

TypeObj* immortal_type(const char* name, const char* module, TypeObj* base) {
    auto* t = new TypeObj(name, module, base);
    t->immortal = true;
    return t;
}

BuiltinTypes build_types() {
    BuiltinTypes b{};
    auto T = [](const char* name, TypeObj* base, const char* module = "builtins") {
        return immortal_type(name, module, base);
    };
    b.object = T("object", nullptr);
    b.type = T("type", b.object);
    b.none_type = T("NoneType", b.object);
    b.int_ = T("int", b.object);
    b.bool_ = T("bool", b.int_);
    b.float_ = T("float", b.object);
    b.str = T("str", b.object);
    b.list = T("list", b.object);
    b.tuple = T("tuple", b.object);
    b.dict = T("dict", b.object);
    b.function = T("function", b.object);
    b.builtin_function = T("builtin_function_or_method", b.object);
    b.method = T("method", b.object);
    b.module = T("module", b.object);
    b.range = T("range", b.object);
    b.slice = T("slice", b.object);
    b.ellipsis = T("ellipsis", b.object);
    b.cell = T("cell", b.object);
    b.not_implemented_type = T("NotImplementedType", b.object);
    b.iterator = T("iterator", b.object);
    b.dict_keys = T("dict_keys", b.object);
    b.dict_values = T("dict_values", b.object);
    b.dict_items = T("dict_items", b.object);
    b.zip = T("zip", b.object);
    b.enumerate = T("enumerate", b.object);
    b.map = T("map", b.object);
    b.filter = T("filter", b.object);
    b.reversed = T("reversed", b.object);
    b.list_iterator = T("list_iterator", b.object);
    b.generator = T("generator", b.object);

    b.base_exception = T("BaseException", b.object);
    b.exception = T("Exception", b.base_exception);
    b.arithmetic_error = T("ArithmeticError", b.exception);
    b.zero_division_error = T("ZeroDivisionError", b.arithmetic_error);
    b.overflow_error = T("OverflowError", b.arithmetic_error);
    b.floating_point_error = T("FloatingPointError", b.arithmetic_error);
    b.lookup_error = T("LookupError", b.exception);
    b.index_error = T("IndexError", b.lookup_error);
    b.key_error = T("KeyError", b.lookup_error);
    b.value_error = T("ValueError", b.exception);
    b.unicode_error = T("UnicodeError", b.value_error);
    b.type_error = T("TypeError", b.exception);
    b.name_error = T("NameError", b.exception);
    b.unbound_local_error = T("UnboundLocalError", b.name_error);
    b.attribute_error = T("AttributeError", b.exception);
    b.assertion_error = T("AssertionError", b.exception);
    b.runtime_error = T("RuntimeError", b.exception);
    b.recursion_error = T("RecursionError", b.runtime_error);
    b.not_implemented_error = T("NotImplementedError", b.runtime_error);
    b.stop_iteration = T("StopIteration", b.exception);
    b.memory_error = T("MemoryError", b.exception);
    b.import_error = T("ImportError", b.exception);
    b.module_not_found_error = T("ModuleNotFoundError", b.import_error);
    b.keyboard_interrupt = T("KeyboardInterrupt", b.base_exception);
    b.system_exit = T("SystemExit", b.base_exception);
    b.syntax_error = T("SyntaxError", b.exception);
    b.indentation_error = T("IndentationError", b.syntax_error);
    b.tab_error = T("TabError", b.indentation_error);
    b.os_error = T("OSError", b.exception);
    b.warning = T("Warning", b.exception);
    b.runtime_warning = T("RuntimeWarning", b.warning);
    b.user_warning = T("UserWarning", b.warning);
    b.deprecation_warning = T("DeprecationWarning", b.warning);
    return b;
}

}  // namespace

const BuiltinTypes& types() {
    static const BuiltinTypes t = [] {
        ImmortalScope immortal;
        return build_types();
    }();
    return t;
}

// ---- values' types

TypeObj* Value::type() const {
    const BuiltinTypes& t = types();
    switch (kind_) {
        case Kind::none: return t.none_type;
        case Kind::boolean: return t.bool_;
        case Kind::integer: return t.int_;
        case Kind::floating: return t.float_;
        case Kind::np_bool: return numpy_scalar_type(Kind::np_bool);
        case Kind::np_int: return numpy_scalar_type(Kind::np_int);
        case Kind::np_float: return numpy_scalar_type(Kind::np_float);
        case Kind::object: return o_->type();
        case Kind::unbound: return t.none_type;
    }
    return t.none_type;
}

// tp_name: NumPy's C types are named with their module ("numpy.float64"); classes written in
// Python (user classes, pandas', matplotlib's, NumPy's exceptions) by their name alone.
const std::string& TypeObj::c_name() const {
    if (tp_name.empty()) {
        const bool numpy_c = module == "numpy" && !is_heap_class && !is_subclass(types().base_exception);
        tp_name = numpy_c ? "numpy." + name : name;
    }
    return tp_name;
}

const std::string& Value::type_name() const { return type()->c_name(); }

// ---- str

std::size_t StrObj::length() const {
    if (length_ == static_cast<std::size_t>(-1)) {
        std::size_t n = 0;
        for (unsigned char c : s) n += (c & 0xC0) != 0x80;
        length_ = n;
    }
    return length_;
}

// ---- containers

void ListObj::trace(Tracer& t) const {
    for (const Value& v : items) t.visit(v);
}

void TupleObj::trace(Tracer& t) const {
    for (const Value& v : items) t.visit(v);
}

void SliceObj::trace(Tracer& t) const {
    t.visit(start);
    t.visit(stop);
    t.visit(step);
}

std::int64_t RangeObj::length() const {
    if (step > 0) return start < stop ? (stop - start - 1) / step + 1 : 0;
    return start > stop ? (start - stop - 1) / (-step) + 1 : 0;
}

void FunctionObj::trace(Tracer& t) const {
    t.visit(globals);
    for (const Value& v : defaults) t.visit(v);
    for (const Value& v : kw_defaults) t.visit(v);
    for (const auto& c : closure) t.visit(c);
    t.visit(attrs);
}

void FunctionObj::clear() {
    globals = Ref<DictObj>();
    defaults.clear();
    kw_defaults.clear();
    closure.clear();
    attrs = Ref<DictObj>();
}

void MethodObj::trace(Tracer& t) const {
    t.visit(self);
    t.visit(func);
}

InstanceObj::InstanceObj(TypeObj* cls_) : Object(kKind), cls(cls_), attrs(make_dict()) {
    if (!cls->immortal) ++cls->refs;
}

InstanceObj::~InstanceObj() {
    if (cls != nullptr && !cls->immortal && --cls->refs == 0) free_object(cls);
}

void InstanceObj::trace(Tracer& t) const {
    t.visit_object(cls);
    t.visit(attrs);
}

void InstanceObj::clear() { attrs = Ref<DictObj>(); }

ModuleObj::ModuleObj(std::string name_) : Object(kKind), name(std::move(name_)), dict(make_dict()) {}

ExceptionObj::ExceptionObj(TypeObj* cls_) : Object(kKind), cls(cls_) {
    if (!cls->immortal) ++cls->refs;
}

ExceptionObj::~ExceptionObj() {
    if (cls != nullptr && !cls->immortal && --cls->refs == 0) free_object(cls);
}

void ExceptionObj::trace(Tracer& t) const {
    t.visit_object(cls);
    for (const Value& v : args) t.visit(v);
    t.visit(cause);
    t.visit(context);
    t.visit(attrs);
}

void ExceptionObj::clear() {
    args.clear();
    cause = context = Value();
    attrs = Ref<DictObj>();
}

TypeObj* IterObj::type() const {
    const BuiltinTypes& t = types();
    switch (source) {
        case Source::zip: return t.zip;
        case Source::enumerate: return t.enumerate;
        case Source::map: return t.map;
        case Source::filter: return t.filter;
        case Source::reversed_seq: return t.reversed;
        case Source::list: return t.list_iterator;
        default: return t.iterator;
    }
}

void IterObj::trace(Tracer& t) const {
    t.visit(seq);
    for (const Value& v : parts) t.visit(v);
}

void IterObj::clear() {
    seq = Value();
    parts.clear();
}

TypeObj* DictViewObj::type() const {
    switch (which) {
        case Which::keys: return types().dict_keys;
        case Which::values: return types().dict_values;
        case Which::items: return types().dict_items;
    }
    return types().dict_keys;
}

bool Args::take(const std::string& name, Value& out) {
    for (auto it = kw_.begin(); it != kw_.end(); ++it) {
        if (it->first == name) {
            out = std::move(it->second);
            kw_.erase(it);
            return true;
        }
    }
    return false;
}

// ---- hashing

namespace {

std::uint64_t mix(std::uint64_t h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
}

std::uint64_t hash_int(std::int64_t i) { return mix(static_cast<std::uint64_t>(i)); }

// Equal numbers hash equal whatever their type (1 == 1.0 == True == np.int64(1)).
std::uint64_t hash_float(double f) {
    if (std::isfinite(f) && f == std::floor(f) && std::fabs(f) < 9.2e18) {
        return hash_int(static_cast<std::int64_t>(f));
    }
    std::uint64_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    return mix(bits ^ 0x9e3779b97f4a7c15ULL);
}

std::uint64_t hash_bytes(const std::string& s) {
    std::uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
    return mix(h);
}

}  // namespace

std::uint64_t hash_value(Interp& in, const Value& v) {
    switch (v.kind()) {
        case Kind::none: return 0x5bd1e995;
        case Kind::boolean:
        case Kind::integer:
        case Kind::np_bool:
        case Kind::np_int: return hash_int(v.as_int());
        case Kind::floating:
        case Kind::np_float: return hash_float(v.as_float());
        case Kind::unbound: return 0;
        case Kind::object: break;
    }
    if (auto* s = v.as<StrObj>()) return hash_bytes(s->s);
    if (auto* t = v.as<TupleObj>()) {
        // CPython's tuplehash has no recursion check (a deep enough nest overflows its stack);
        // here it raises RecursionError instead.
        Interp::RecursiveCall nested(in, " while hashing a tuple");
        std::uint64_t h = 0x345678;
        for (const Value& x : t->items) h = mix(h * 1000003 ^ hash_value(in, x));
        return h;
    }
    const ObjKind k = v.obj()->okind;
    if (k == ObjKind::list || k == ObjKind::dict || k == ObjKind::array || k == ObjKind::frame ||
        k == ObjKind::series || k == ObjKind::pd_index || k == ObjKind::slice || k == ObjKind::dict_view) {
        in.raise(types().type_error, "unhashable type: '" + v.type_name() + "'");
    }
    return mix(reinterpret_cast<std::uintptr_t>(v.obj()));
}

// ---- dict

void DictObj::trace(Tracer& t) const {
    for (const Entry& e : entries_) {
        t.visit(e.key);
        t.visit(e.value);
    }
}

void DictObj::clear() { clear_items(); }

void DictObj::clear_items() {
    entries_.clear();
    index_.clear();
    live_ = 0;
}

namespace {

bool same_str_key(const Value& k, const std::string& s) {
    auto* ks = k.as<StrObj>();
    return ks != nullptr && ks->s == s;
}

}  // namespace

Value* DictObj::find_hashed(Interp* in, std::uint64_t h, const Value& key, const std::string* skey) {
    if (index_.empty()) return nullptr;
    const std::size_t mask = index_.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
        const std::int32_t slot = index_[i];
        if (slot == -1) return nullptr;
        Entry& e = entries_[static_cast<std::size_t>(slot)];
        if (!e.live || e.hash != h) continue;
        if (skey != nullptr) {
            if (same_str_key(e.key, *skey)) return &e.value;
            continue;
        }
        if (e.key.same(key) || in->eq(e.key, key)) return &e.value;
    }
}

void DictObj::rebuild() {
    std::vector<Entry> live;
    live.reserve(live_);
    for (Entry& e : entries_) {
        if (e.live) live.push_back(std::move(e));
    }
    entries_ = std::move(live);
    std::size_t cap = 8;
    while (cap < entries_.size() * 2 + 2) cap *= 2;
    index_.assign(cap, -1);
    const std::size_t mask = cap - 1;
    for (std::size_t k = 0; k < entries_.size(); ++k) {
        std::size_t i = entries_[k].hash & mask;
        while (index_[i] != -1) i = (i + 1) & mask;
        index_[i] = static_cast<std::int32_t>(k);
    }
}

void DictObj::insert_new(std::uint64_t h, Value key, Value value) {
    if ((entries_.size() + 1) * 2 >= index_.size()) {
        entries_.push_back({h, std::move(key), std::move(value), true});
        ++live_;
        rebuild();
        return;
    }
    entries_.push_back({h, std::move(key), std::move(value), true});
    ++live_;
    const std::size_t mask = index_.size() - 1;
    std::size_t i = h & mask;
    while (index_[i] != -1) i = (i + 1) & mask;
    index_[i] = static_cast<std::int32_t>(entries_.size() - 1);
}

Value* DictObj::find(Interp& in, const Value& key) {
    const std::uint64_t h = hash_value(in, key);
    if (auto* s = key.as<StrObj>()) return find_hashed(&in, h, key, &s->s);
    return find_hashed(&in, h, key, nullptr);
}

void DictObj::set(Interp& in, const Value& key, Value value) {
    const std::uint64_t h = hash_value(in, key);
    auto* s = key.as<StrObj>();
    if (Value* v = find_hashed(&in, h, key, s != nullptr ? &s->s : nullptr)) {
        *v = std::move(value);
        return;
    }
    insert_new(h, key, std::move(value));
}

bool DictObj::erase(Interp& in, const Value& key) {
    Value* v = find(in, key);
    if (v == nullptr) return false;
    for (Entry& e : entries_) {
        if (&e.value == v) {
            e.live = false;
            e.key = Value();
            e.value = Value();
            --live_;
            break;
        }
    }
    return true;
}

Value* DictObj::find_str(const std::string& key) {
    const std::uint64_t h = hash_bytes(key);
    return find_hashed(nullptr, h, Value(), &key);
}

void DictObj::set_str(const std::string& key, Value value) {
    const std::uint64_t h = hash_bytes(key);
    if (Value* v = find_hashed(nullptr, h, Value(), &key)) {
        *v = std::move(value);
        return;
    }
    insert_new(h, make_str(key), std::move(value));
}

bool DictObj::erase_str(const std::string& key) {
    Value* v = find_str(key);
    if (v == nullptr) return false;
    for (Entry& e : entries_) {
        if (&e.value == v) {
            e.live = false;
            e.key = Value();
            e.value = Value();
            --live_;
            break;
        }
    }
    return true;
}

// ---- constructors

Value make_str(std::string s) { return Value(make<StrObj>(std::move(s))); }
Value make_list(std::vector<Value> items) { return Value(make<ListObj>(std::move(items))); }
Value make_tuple(std::vector<Value> items) { return Value(make<TupleObj>(std::move(items))); }
Ref<DictObj> make_dict() { return Ref<DictObj>(make<DictObj>()); }

}  // namespace tlab
