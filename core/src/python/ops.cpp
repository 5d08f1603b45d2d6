// ops.cpp — Python's abstract object protocol over the kernel's values: truth, repr/str,
// arithmetic, comparison, attributes, items, iteration, len and calls. Built-in Python types are
// handled here; types with TypeOps hooks (NumPy, pandas, matplotlib objects) get their hooks.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "python/builtins_support.hpp"
#include "python/interp.hpp"
#include "python/memory.hpp"
#include "python/numbers.hpp"
#include "python/strings.hpp"
#include "python/traceback.hpp"
#include "tlab/npformat.hpp"

namespace tlab {

bool generator_next(Interp& in, const Value& v, Value& out);  // eval.cpp

namespace {

const char* op_symbol(BinOpKind op) {
    switch (op) {
        case BinOpKind::add: return "+";
        case BinOpKind::sub: return "-";
        case BinOpKind::mult: return "*";
        case BinOpKind::mat_mult: return "@";
        case BinOpKind::div: return "/";
        case BinOpKind::mod: return "%";
        case BinOpKind::pow: return "** or pow()";
        case BinOpKind::lshift: return "<<";
        case BinOpKind::rshift: return ">>";
        case BinOpKind::bit_or: return "|";
        case BinOpKind::bit_xor: return "^";
        case BinOpKind::bit_and: return "&";
        case BinOpKind::floor_div: return "//";
    }
    return "?";
}

const char* inplace_symbol(BinOpKind op) {
    switch (op) {
        case BinOpKind::add: return "+=";
        case BinOpKind::sub: return "-=";
        case BinOpKind::mult: return "*=";
        case BinOpKind::mat_mult: return "@=";
        case BinOpKind::div: return "/=";
        case BinOpKind::mod: return "%=";
        case BinOpKind::pow: return "**=";
        case BinOpKind::lshift: return "<<=";
        case BinOpKind::rshift: return ">>=";
        case BinOpKind::bit_or: return "|=";
        case BinOpKind::bit_xor: return "^=";
        case BinOpKind::bit_and: return "&=";
        case BinOpKind::floor_div: return "//=";
    }
    return "?";
}

const char* cmp_symbol(CmpOpKind op) {
    switch (op) {
        case CmpOpKind::eq: return "==";
        case CmpOpKind::not_eq_: return "!=";
        case CmpOpKind::lt: return "<";
        case CmpOpKind::lt_e: return "<=";
        case CmpOpKind::gt: return ">";
        case CmpOpKind::gt_e: return ">=";
        default: return "?";
    }
}

const TypeOps* ops_of(const Value& v) { return v.type()->ops; }

bool is_py_number(const Value& v) { return v.kind() == Kind::boolean || v.kind() == Kind::integer || v.kind() == Kind::floating; }

// A sequence repeat count (int, bool, np.int64, np.bool_...), as sq_repeat takes __index__.
bool repeat_count(const Value& v, std::int64_t& n) {
    if (v.is_int_like() || v.kind() == Kind::np_int || v.kind() == Kind::np_bool) {
        n = v.as_int();
        return true;
    }
    return false;
}

// The most items a repeated list or tuple may have: 2^26, or fewer under a smaller memory cap
// (the fuzzer's), past which MemoryError, as CPython's when it cannot allocate.
// (past the memory budget too: a list asked for at once that cannot fit is MemoryError, as
// CPython's on a machine that cannot hold it; one that grows past it step by step is stopped)
std::size_t max_items(const Interp& in) {
    return std::min({std::size_t{1} << 26, in.limits().data_bytes / 4, kCodeMemoryBytes / sizeof(Value)});
}

template <typename Seq>
Value repeat(Interp& in, const std::vector<Value>& items, std::int64_t n, bool tuple) {
    std::vector<Value> out;
    if (n > 0 && !items.empty()) {
        // Divided, not multiplied: items.size() * n can wrap around (list_repeat checks so too).
        if (items.size() > max_items(in) / static_cast<std::uint64_t>(n)) in.raise(types().memory_error, "");
        out.reserve(items.size() * static_cast<std::size_t>(n));
        for (std::int64_t k = 0; k < n; ++k) out.insert(out.end(), items.begin(), items.end());
    }
    return tuple ? make_tuple(std::move(out)) : make_list(std::move(out));
}

// Lexicographic comparison of two sequences (list vs list, tuple vs tuple).
Value compare_sequences(Interp& in, CmpOpKind op, const std::vector<Value>& a, const std::vector<Value>& b) {
    std::size_t i = 0;
    for (; i < a.size() && i < b.size(); ++i) {
        if (!(a[i].same(b[i]) || in.eq(a[i], b[i]))) break;
    }
    if (i >= a.size() || i >= b.size()) {
        const std::size_t x = a.size(), y = b.size();
        switch (op) {
            case CmpOpKind::eq: return Value::boolean(x == y);
            case CmpOpKind::not_eq_: return Value::boolean(x != y);
            case CmpOpKind::lt: return Value::boolean(x < y);
            case CmpOpKind::lt_e: return Value::boolean(x <= y);
            case CmpOpKind::gt: return Value::boolean(x > y);
            case CmpOpKind::gt_e: return Value::boolean(x >= y);
            default: break;
        }
    }
    if (op == CmpOpKind::eq) return Value::boolean(false);
    if (op == CmpOpKind::not_eq_) return Value::boolean(true);
    return in.compare(op, a[i], b[i]);
}

}  // namespace

// ---- truth

bool Interp::truthy(const Value& v) {
    switch (v.kind()) {
        case Kind::none: return false;
        case Kind::boolean:
        case Kind::integer:
        case Kind::np_bool:
        case Kind::np_int: return v.as_int() != 0;
        case Kind::floating:
        case Kind::np_float: return v.as_float() != 0.0;
        case Kind::unbound: return false;
        case Kind::object: break;
    }
    if (auto* s = v.as<StrObj>()) return !s->s.empty();
    if (auto* l = v.as<ListObj>()) return !l->items.empty();
    if (auto* t = v.as<TupleObj>()) return !t->items.empty();
    if (auto* d = v.as<DictObj>()) return d->size() != 0;
    if (auto* r = v.as<RangeObj>()) return r->length() != 0;
    if (const TypeOps* ops = ops_of(v)) {
        if (ops->truthy) return ops->truthy(*this, v);
        if (ops->len) return ops->len(*this, v) != 0;
    }
    return true;
}

// ---- repr / str

namespace {

std::string address(const Object* o) { return fmt::format(FMT_COMPILE("0x{:012x}"), reinterpret_cast<std::uintptr_t>(o)); }

// Guards against reprs of containers that hold themselves ([...], {...}).
struct ReprGuard {
    static std::vector<const Object*>& stack() {
        static thread_local std::vector<const Object*> s;
        return s;
    }
    explicit ReprGuard(const Object* o) : o_(o) {
        auto& s = stack();
        seen = std::find(s.begin(), s.end(), o) != s.end();
        if (!seen) s.push_back(o);
    }
    ~ReprGuard() {
        if (!seen) stack().pop_back();
    }
    bool seen;
    const Object* o_;
};

}  // namespace

std::string Interp::repr(const Value& v) {
    switch (v.kind()) {
        case Kind::none: return "None";
        case Kind::boolean: return v.as_bool() ? "True" : "False";
        case Kind::integer: return int_str(v.as_int());
        case Kind::floating: return scalar_str(v.as_float());
        case Kind::unbound: return "<unbound>";
        default: break;
    }
    if (const TypeOps* ops = ops_of(v); ops != nullptr && ops->repr != nullptr) return ops->repr(*this, v);
    Object* o = v.obj();
    if (o == nullptr) return "?";
    count_step();
    RecursiveCall nested(*this, " while getting the repr of an object");
    switch (o->okind) {
        case ObjKind::str: return str_repr(static_cast<StrObj*>(o)->s);
        case ObjKind::list: {
            ReprGuard g(o);
            if (g.seen) return "[...]";
            std::string out = "[";
            const auto& items = static_cast<ListObj*>(o)->items;
            for (std::size_t i = 0; i < items.size(); ++i) {
                if (i) out += ", ";
                out += repr(items[i]);
            }
            return out + "]";
        }
        case ObjKind::tuple: {
            ReprGuard g(o);
            if (g.seen) return "(...)";
            const auto& items = static_cast<TupleObj*>(o)->items;
            std::string out = "(";
            for (std::size_t i = 0; i < items.size(); ++i) {
                if (i) out += ", ";
                out += repr(items[i]);
            }
            if (items.size() == 1) out += ",";
            return out + ")";
        }
        case ObjKind::dict: {
            ReprGuard g(o);
            if (g.seen) return "{...}";
            std::string out = "{";
            bool first = true;
            for (const auto& e : static_cast<DictObj*>(o)->entries()) {
                if (!e.live) continue;
                if (!first) out += ", ";
                first = false;
                out += repr(e.key) + ": " + repr(e.value);
            }
            return out + "}";
        }
        case ObjKind::type: {
            auto* t = static_cast<TypeObj*>(o);
            return "<class '" + t->qualified() + "'>";
        }
        case ObjKind::function: {
            auto* f = static_cast<FunctionObj*>(o);
            return "<function " + f->qualname + " at " + address(o) + ">";
        }
        case ObjKind::builtin: {
            auto* b = static_cast<BuiltinObj*>(o);
            if (!b->owner.empty()) return "<method '" + b->name + "' of '" + b->owner + "' objects>";
            if (!b->module.empty()) return "<function " + b->name + " at " + address(o) + ">";
            return "<built-in function " + b->name + ">";
        }
        case ObjKind::method: {
            auto* m = static_cast<MethodObj*>(o);
            if (auto* b = m->func.as<BuiltinObj>()) {
                return "<built-in method " + b->name + " of " + m->self.type_name() + " object at " +
                       address(m->self.obj()) + ">";
            }
            auto* f = m->func.as<FunctionObj>();
            return "<bound method " + (f ? f->qualname : std::string("?")) + " of " + repr(m->self) + ">";
        }
        case ObjKind::module: {
            auto* m = static_cast<ModuleObj*>(o);
            if (m->name == "math") return "<module 'math' (built-in)>";
            return "<module '" + m->name + "' from '" + module_file(m->name) + "'>";
        }
        case ObjKind::range: {
            auto* r = static_cast<RangeObj*>(o);
            if (r->step == 1) return "range(" + int_str(r->start) + ", " + int_str(r->stop) + ")";
            return "range(" + int_str(r->start) + ", " + int_str(r->stop) + ", " + int_str(r->step) + ")";
        }
        case ObjKind::slice: {
            auto* s = static_cast<SliceObj*>(o);
            return "slice(" + repr(s->start) + ", " + repr(s->stop) + ", " + repr(s->step) + ")";
        }
        case ObjKind::exception: {
            auto* e = static_cast<ExceptionObj*>(o);
            std::string out = e->cls->name + "(";
            for (std::size_t i = 0; i < e->args.size(); ++i) {
                if (i) out += ", ";
                out += repr(e->args[i]);
            }
            return out + ")";
        }
        case ObjKind::instance: {
            auto* inst = static_cast<InstanceObj*>(o);
            if (inst->cls == types().ellipsis) return "Ellipsis";
            if (inst->cls == types().not_implemented_type) return "NotImplemented";
            if (const Value* m = inst->cls->lookup("__repr__")) {
                Value r = call(*m, std::vector<Value>{v});
                auto* s = r.as<StrObj>();
                if (s == nullptr) raise(types().type_error, "__repr__ returned non-string (type " + r.type_name() + ")");
                return s->s;
            }
            return "<" + inst->cls->qualified() + " object at " + address(o) + ">";
        }
        case ObjKind::dict_view: {
            auto* dv = static_cast<DictViewObj*>(o);
            std::string out = dv->type()->name + "([";
            bool first = true;
            for (const auto& e : dv->dict.as<DictObj>()->entries()) {
                if (!e.live) continue;
                if (!first) out += ", ";
                first = false;
                switch (dv->which) {
                    case DictViewObj::Which::keys: out += repr(e.key); break;
                    case DictViewObj::Which::values: out += repr(e.value); break;
                    case DictViewObj::Which::items: out += "(" + repr(e.key) + ", " + repr(e.value) + ")"; break;
                }
            }
            return out + "])";
        }
        case ObjKind::generator: return "<generator object <genexpr> at " + address(o) + ">";
        case ObjKind::cell: return "<cell at " + address(o) + ">";
        default: break;
    }
    return "<" + v.type()->qualified() + " object at " + address(o) + ">";
}

std::string Interp::str(const Value& v) {
    if (auto* s = v.as<StrObj>()) return s->s;
    if (const TypeOps* ops = ops_of(v); ops != nullptr && ops->str != nullptr) return ops->str(*this, v);
    if (auto* e = v.as<ExceptionObj>()) {
        // KeyError shows its key's repr; pandas' OptionError (AttributeError, KeyError) takes
        // AttributeError's str, first in its MRO.
        if (e->cls->is_subclass(types().key_error) && !e->cls->is_subclass(types().attribute_error) && e->args.size() == 1) {
            return repr(e->args[0]);
        }
        if (e->args.empty()) return "";
        if (e->args.size() == 1) return str(e->args[0]);
        return repr(make_tuple(e->args));
    }
    if (auto* inst = v.as<InstanceObj>()) {
        if (const Value* m = inst->cls->lookup("__str__")) {
            Value r = call(*m, std::vector<Value>{v});
            auto* s = r.as<StrObj>();
            if (s == nullptr) raise(types().type_error, "__str__ returned non-string (type " + r.type_name() + ")");
            return s->s;
        }
    }
    return repr(v);
}

std::string Interp::ascii(const Value& v) {
    const std::string r = repr(v);
    std::string out;
    std::size_t i = 0;
    while (i < r.size()) {
        const std::uint32_t cp = utf8_next(r, i);
        if (cp < 0x80) out += static_cast<char>(cp);
        else if (cp <= 0xff) out += fmt::format(FMT_COMPILE("\\x{:02x}"), cp);
        else if (cp <= 0xffff) out += fmt::format(FMT_COMPILE("\\u{:04x}"), cp);
        else out += fmt::format(FMT_COMPILE("\\U{:08x}"), cp);
    }
    return out;
}

// ---- arithmetic

Value Interp::binary(BinOpKind op, const Value& a, const Value& b) {
    count_step();
    // Python numbers among themselves: the fast path.
    if (is_py_number(a) && is_py_number(b)) return py_number_binary(*this, op, a, b);
    const TypeOps* ta = ops_of(a);
    const TypeOps* tb = ops_of(b);
    // Sequences repeat by an index-like count (np.int64 included) before NumPy sees them.
    std::int64_t n;
    if (op == BinOpKind::mult) {
        if (auto* l = a.as<ListObj>(); l && repeat_count(b, n)) return repeat<ListObj>(*this, l->items, n, false);
        if (auto* l = b.as<ListObj>(); l && repeat_count(a, n)) return repeat<ListObj>(*this, l->items, n, false);
        if (auto* t = a.as<TupleObj>(); t && repeat_count(b, n)) return repeat<TupleObj>(*this, t->items, n, true);
        if (auto* t = b.as<TupleObj>(); t && repeat_count(a, n)) return repeat<TupleObj>(*this, t->items, n, true);
        auto str_repeat = [&](const std::string& s, std::int64_t k) {
            std::string out;
            if (k > 0 && !s.empty()) {
                // CPython's unicode_repeat: past PY_SSIZE_T_MAX code points, OverflowError; a
                // string it cannot allocate (here: past max_text_bytes), MemoryError.
                std::uint64_t points = 0;
                for (char c : s) points += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
                if (points > static_cast<std::uint64_t>(INT64_MAX) / static_cast<std::uint64_t>(k)) {
                    raise(types().overflow_error, "repeated string is too long");
                }
                if (s.size() > max_text_bytes(*this) / static_cast<std::uint64_t>(k)) raise(types().memory_error, "");
                out.reserve(s.size() * static_cast<std::size_t>(k));
                for (std::int64_t i = 0; i < k; ++i) out += s;
            }
            return make_str(std::move(out));
        };
        if (auto* s = a.as<StrObj>(); s && repeat_count(b, n)) return str_repeat(s->s, n);
        if (auto* s = b.as<StrObj>(); s && repeat_count(a, n)) return str_repeat(s->s, n);
    }
    if (ta != nullptr && ta->binary != nullptr) {
        Value r = ta->binary(*this, op, a, b, false);
        if (!is_not_implemented(r)) return r;
    }
    if (tb != nullptr && tb->binary != nullptr) {
        Value r = tb->binary(*this, op, b, a, true);
        if (!is_not_implemented(r)) return r;
    }
    // Built-in containers and strings.
    if (op == BinOpKind::add) {
        if (auto* x = a.as<StrObj>()) {
            auto* y = b.as<StrObj>();
            if (y == nullptr) raise(types().type_error, "can only concatenate str (not \"" + b.type_name() + "\") to str");
            return make_str(x->s + y->s);
        }
        if (auto* x = a.as<ListObj>()) {
            auto* y = b.as<ListObj>();
            if (y == nullptr) raise(types().type_error, "can only concatenate list (not \"" + b.type_name() + "\") to list");
            std::vector<Value> out = x->items;
            out.insert(out.end(), y->items.begin(), y->items.end());
            return make_list(std::move(out));
        }
        if (auto* x = a.as<TupleObj>()) {
            auto* y = b.as<TupleObj>();
            if (y == nullptr) {
                raise(types().type_error, "can only concatenate tuple (not \"" + b.type_name() + "\") to tuple");
            }
            std::vector<Value> out = x->items;
            out.insert(out.end(), y->items.begin(), y->items.end());
            return make_tuple(std::move(out));
        }
    }
    if (op == BinOpKind::mult) {
        const bool seq_a = a.as<StrObj>() || a.as<ListObj>() || a.as<TupleObj>();
        const bool seq_b = b.as<StrObj>() || b.as<ListObj>() || b.as<TupleObj>();
        if (seq_a || seq_b) {
            const Value& other = seq_a ? b : a;
            raise(types().type_error, "can't multiply sequence by non-int of type '" + other.type_name() + "'");
        }
    }
    if (op == BinOpKind::mod) {
        if (auto* s = a.as<StrObj>()) return make_str(percent_format(*this, s->s, b));
    }
    if (op == BinOpKind::bit_or) {
        auto* x = a.as<DictObj>();
        auto* y = b.as<DictObj>();
        if (x != nullptr && y != nullptr) {
            Ref<DictObj> out = make_dict();
            for (const auto& e : x->entries()) {
                if (e.live) out->set(*this, e.key, e.value);
            }
            for (const auto& e : y->entries()) {
                if (e.live) out->set(*this, e.key, e.value);
            }
            return out;
        }
    }
    raise(types().type_error, std::string("unsupported operand type(s) for ") + op_symbol(op) + ": '" + a.type_name() +
                                  "' and '" + b.type_name() + "'");
}

Value Interp::inplace(BinOpKind op, const Value& a, const Value& b) {
    // Mutable containers change in place; NumPy arrays write into themselves (their hook);
    // everything else computes a new value, as Python falls back to the binary operator.
    if (auto* l = a.as<ListObj>()) {
        if (op == BinOpKind::add) {
            std::vector<Value> extra = to_list(b);
            l->items.insert(l->items.end(), extra.begin(), extra.end());
            return a;
        }
        std::int64_t n;
        if (op == BinOpKind::mult && repeat_count(b, n)) {
            std::vector<Value> copy = l->items;
            l->items.clear();
            for (std::int64_t k = 0; k < n; ++k) l->items.insert(l->items.end(), copy.begin(), copy.end());
            return a;
        }
    }
    if (auto* d = a.as<DictObj>(); d && op == BinOpKind::bit_or) {
        if (auto* y = b.as<DictObj>()) {
            for (const auto& e : y->entries()) {
                if (e.live) d->set(*this, e.key, e.value);
            }
            return a;
        }
    }
    if (const TypeOps* ta = ops_of(a); ta != nullptr && ta->inplace != nullptr) {
        if (Value r = ta->inplace(*this, op, a, b); !is_not_implemented(r)) return r;
    }
    try {
        return binary(op, a, b);
    } catch (PyException& e) {
        // The message names the augmented operator ("+=") for unsupported operand types.
        auto* ex = e.exc.as<ExceptionObj>();
        if (ex != nullptr && ex->cls == types().type_error && ex->args.size() == 1) {
            if (auto* s = ex->args[0].as<StrObj>()) {
                const std::string prefix = std::string("unsupported operand type(s) for ") + op_symbol(op) + ":";
                if (s->s.compare(0, prefix.size(), prefix) == 0) {
                    ex->args[0] = make_str(std::string("unsupported operand type(s) for ") + inplace_symbol(op) + ":" +
                                           s->s.substr(prefix.size()));
                }
            }
        }
        throw;
    }
}

Value Interp::unary(UnaryOpKind op, const Value& v) {
    if (op == UnaryOpKind::not_) return Value::boolean(!truthy(v));
    switch (v.kind()) {
        case Kind::boolean:
        case Kind::integer: {
            const std::int64_t i = v.as_int();
            if (op == UnaryOpKind::uadd) return Value::integer(i);
            if (op == UnaryOpKind::usub) {
                if (i == INT64_MIN) unsupported("integers beyond 64 bits", "64비트를 넘는 정수");
                return Value::integer(-i);
            }
            return Value::integer(~i);
        }
        case Kind::floating:
            if (op == UnaryOpKind::uadd) return v;
            if (op == UnaryOpKind::usub) return Value::floating(-v.as_float());
            break;
        default: break;
    }
    if (const TypeOps* ops = ops_of(v); ops != nullptr && ops->unary != nullptr) {
        Value r = ops->unary(*this, op, v);
        if (!is_not_implemented(r)) return r;
    }
    const char* sym = op == UnaryOpKind::uadd ? "+" : op == UnaryOpKind::usub ? "-" : "~";
    raise(types().type_error, std::string("bad operand type for unary ") + sym + ": '" + v.type_name() + "'");
}

// ---- comparison

Value Interp::compare(CmpOpKind op, const Value& a, const Value& b) {
    count_step();
    switch (op) {
        case CmpOpKind::is: return Value::boolean(a.same(b));
        case CmpOpKind::is_not: return Value::boolean(!a.same(b));
        case CmpOpKind::in: return Value::boolean(contains(b, a));
        case CmpOpKind::not_in: return Value::boolean(!contains(b, a));
        default: break;
    }
    if (is_py_number(a) && is_py_number(b)) return Value::boolean(py_number_compare(op, a, b));
    const TypeOps* ta = ops_of(a);
    const TypeOps* tb = ops_of(b);
    if (ta != nullptr && ta->compare != nullptr) {
        Value r = ta->compare(*this, op, a, b, false);
        if (!is_not_implemented(r)) return r;
    }
    if (tb != nullptr && tb->compare != nullptr) {
        Value r = tb->compare(*this, op, b, a, true);
        if (!is_not_implemented(r)) return r;
    }
    auto* sa = a.as<StrObj>();
    auto* sb = b.as<StrObj>();
    if (sa != nullptr && sb != nullptr) {
        const int c = sa->s.compare(sb->s);  // UTF-8 byte order is code point order
        switch (op) {
            case CmpOpKind::eq: return Value::boolean(c == 0);
            case CmpOpKind::not_eq_: return Value::boolean(c != 0);
            case CmpOpKind::lt: return Value::boolean(c < 0);
            case CmpOpKind::lt_e: return Value::boolean(c <= 0);
            case CmpOpKind::gt: return Value::boolean(c > 0);
            case CmpOpKind::gt_e: return Value::boolean(c >= 0);
            default: break;
        }
    }
    RecursiveCall nested(*this, " in comparison");
    if (auto* la = a.as<ListObj>()) {
        if (auto* lb = b.as<ListObj>()) return compare_sequences(*this, op, la->items, lb->items);
    }
    if (auto* ta2 = a.as<TupleObj>()) {
        if (auto* tb2 = b.as<TupleObj>()) return compare_sequences(*this, op, ta2->items, tb2->items);
    }
    if (auto* xa = a.as<SliceObj>()) {  // slices compare as (start, stop, step) tuples
        if (auto* xb = b.as<SliceObj>()) {
            return compare_sequences(*this, op, {xa->start, xa->stop, xa->step}, {xb->start, xb->stop, xb->step});
        }
    }
    if (op == CmpOpKind::eq || op == CmpOpKind::not_eq_) {
        bool equal;
        auto* da = a.as<DictObj>();
        auto* db = b.as<DictObj>();
        if (da != nullptr && db != nullptr) {
            equal = da->size() == db->size();
            for (const auto& e : da->entries()) {
                if (!equal) break;
                if (!e.live) continue;
                Value* other = db->find(*this, e.key);
                equal = other != nullptr && (other->same(e.value) || eq(*other, e.value));
            }
        } else if (auto* ra = a.as<RangeObj>(); ra && b.as<RangeObj>()) {
            auto* rb = b.as<RangeObj>();
            const std::int64_t n = ra->length();
            equal = n == rb->length() && (n == 0 || (ra->start == rb->start && (n == 1 || ra->step == rb->step)));
        } else {
            equal = a.same(b);
        }
        return Value::boolean(op == CmpOpKind::eq ? equal : !equal);
    }
    raise(types().type_error, std::string("'") + cmp_symbol(op) + "' not supported between instances of '" +
                                  a.type_name() + "' and '" + b.type_name() + "'");
}

bool Interp::eq(const Value& a, const Value& b) {
    if (a.same(b) && a.kind() != Kind::floating && a.kind() != Kind::np_float) return true;
    return truthy(compare(CmpOpKind::eq, a, b));
}

bool Interp::less(const Value& a, const Value& b) { return truthy(compare(CmpOpKind::lt, a, b)); }

bool Interp::contains(const Value& c, const Value& x) {
    if (auto* s = c.as<StrObj>()) {
        auto* xs = x.as<StrObj>();
        if (xs == nullptr) {
            raise(types().type_error, "'in <string>' requires string as left operand, not " + x.type_name());
        }
        return s->s.find(xs->s) != std::string::npos;
    }
    if (auto* d = c.as<DictObj>()) return d->find(*this, x) != nullptr;
    if (auto* r = c.as<RangeObj>()) {
        if (x.is_int_like() || x.kind() == Kind::np_int) {
            const std::int64_t v = x.as_int();
            const std::int64_t n = r->length();
            if (n == 0) return false;
            if (r->step > 0 ? (v < r->start || v >= r->stop) : (v > r->start || v <= r->stop)) return false;
            return (v - r->start) % r->step == 0;
        }
    }
    auto scan = [&](const std::vector<Value>& items) {
        for (const Value& v : items) {
            if (v.same(x) || eq(v, x)) return true;
        }
        return false;
    };
    if (auto* l = c.as<ListObj>()) return scan(l->items);
    if (auto* t = c.as<TupleObj>()) return scan(t->items);
    if (const TypeOps* ops = ops_of(c); ops != nullptr && ops->contains != nullptr) return ops->contains(*this, c, x);
    if (auto* dv = c.as<DictViewObj>()) {
        auto* d = dv->dict.as<DictObj>();
        if (dv->which == DictViewObj::Which::keys) return d->find(*this, x) != nullptr;
    }
    if (!is_iterable(c)) raise(types().type_error, "argument of type '" + c.type_name() + "' is not iterable");
    Value it = iter(c);
    Value v;
    while (next(it, v)) {
        if (v.same(x) || eq(v, x)) return true;
    }
    return false;
}

// ---- attributes

namespace {

Value bind_if_function(const Value& self, const Value& attr) {
    if (attr.as<FunctionObj>() != nullptr || attr.as<BuiltinObj>() != nullptr) {
        return Value(make<MethodObj>(self, attr));
    }
    return attr;
}

// dir(o) as far as the kernel knows it, sorted as dir() sorts: where "Did you mean" looks.
std::vector<std::string> attribute_names(const Value& o) {
    std::vector<std::string> names;
    auto add_dict = [&](DictObj* d) {
        if (d == nullptr) return;
        for (const auto& e : d->entries()) {
            if (!e.live) continue;
            if (auto* k = e.key.as<StrObj>(); k && k->s != "__new__") names.push_back(k->s);
        }
    };
    if (auto* m = o.as<ModuleObj>()) {
        names = python_dir(m->name);
        add_dict(m->dict.get());
    } else {
        const TypeObj* t = o.as<TypeObj>() ? o.as<TypeObj>() : o.type();
        // A built-in type's instances: CPython's own dir() (exceptions: BaseException's).
        const TypeObj* builtin = t;
        while (builtin != nullptr && builtin->is_heap_class) builtin = builtin->base;
        if (builtin != nullptr) {
            names = python_dir(builtin->is_subclass(types().base_exception) ? "BaseException" : builtin->name);
        }
        if (names.empty()) names = python_dir("object");
        if (auto* inst = o.as<InstanceObj>()) add_dict(inst->attrs.get());
        if (t->is_heap_class) {
            for (const char* d : {"__dict__", "__module__", "__weakref__"}) names.push_back(d);
        }
        for (; t != nullptr; t = t->base) add_dict(t->dict);
    }
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    return names;
}

[[noreturn]] void no_attribute(Interp& in, const Value& o, const std::string& name) {
    std::string message;
    if (auto* t = o.as<TypeObj>()) message = "type object '" + t->c_name() + "' has no attribute '" + name + "'";
    else if (auto* m = o.as<ModuleObj>()) message = "module '" + m->name + "' has no attribute '" + name + "'";
    else message = "'" + o.type_name() + "' object has no attribute '" + name + "'";
    Value exc = in.new_exception(types().attribute_error, {make_str(message)});
    auto* e = exc.as<ExceptionObj>();
    e->attrs = make_dict();
    e->attrs->set_str("name", make_str(name));
    e->attrs->set_str("obj", o);
    e->suggestion = suggest(name, attribute_names(o));
    in.raise_value(exc);
}

// An attribute CPython's built-in type has and the kernel lacks (float.is_integer, str.swapcase):
// refused rather than answered with an AttributeError Python would not raise. np.float64 is a
// float subclass, so it has float's attributes too.
void refuse_missing_attribute(Interp& in, const Value& o, const std::string& name) {
    const TypeObj* t = o.type();
    if (t->is_heap_class || o.as<ExceptionObj>() != nullptr) return;
    const std::string real_type = o.kind() == Kind::np_float ? "float" : t->name;
    const std::vector<std::string> real = python_dir(real_type);
    if (std::find(real.begin(), real.end(), name) == real.end()) return;
    const std::string what = o.type_name() + "." + name;
    in.unsupported("the attribute " + what, "속성 " + what);
}

}  // namespace

void refuse_missing_name(Interp& in, const std::string& module, const std::string& name) {
    const std::vector<std::string> real = python_dir(module);
    if (std::find(real.begin(), real.end(), name) != real.end()) {
        in.unsupported(module + "." + name + " (the kernel's " + module + " module does not have it)",
                       module + "." + name + " (커널의 " + module + " 모듈에는 없습니다)");
    }
}

bool Interp::hasattr(const Value& o, const std::string& name) {
    try {
        getattr(o, name);
        return true;
    } catch (PyException& e) {
        if (e.exc.type()->is_subclass(types().attribute_error)) return false;
        throw;
    }
}

Value Interp::getattr(const Value& o, const std::string& name) {
    if (name == "__class__") return Value(o.type());
    if (auto* m = o.as<ModuleObj>()) {
        if (Value* v = m->dict->find_str(name)) return *v;
        if (name == "__name__") return make_str(m->name);
        // PEP 562: a module's __getattr__ answers for the names it does not hold.
        if (Value* hook = m->dict->find_str("__getattr__")) return call(*hook, std::vector<Value>{make_str(name)});
        refuse_missing_name(*this, m->name, name);
        no_attribute(*this, o, name);
    }
    if (auto* inst = o.as<InstanceObj>()) {
        if (Value* v = inst->attrs->find_str(name)) return *v;
        if (name == "__dict__") return inst->attrs;
        if (const Value* v = inst->cls->lookup(name)) return bind_if_function(o, *v);
        // A native class's __getattr__ (pandas' DictWrapper): after the usual lookup.
        if (inst->cls->ops != nullptr && inst->cls->ops->getattr != nullptr) {
            Value out;
            if (inst->cls->ops->getattr(*this, o, name, out)) return out;
        }
        no_attribute(*this, o, name);
    }
    if (auto* t = o.as<TypeObj>()) {
        if (name == "__name__") return make_str(t->name);
        if (name == "__qualname__") return make_str(t->name);
        if (name == "__module__") return make_str(t->module);
        if (const Value* v = t->lookup(name)) return *v;
        if (t->ops != nullptr && t->ops->getattr != nullptr) {
            // The hook answers for instances (a.shape). On the class itself Python gives a
            // descriptor (<attribute 'shape' of 'numpy.ndarray' objects>) or an AttributeError,
            // and the kernel models neither: np.ndarray.shape reached the hook with no array.
            unsupported("attributes of the class " + t->qualified() + " itself (" + t->name + "." + name + ")",
                        t->qualified() + " 클래스 자체의 속성 (" + t->name + "." + name + ")");
        }
        no_attribute(*this, o, name);
    }
    if (auto* f = o.as<FunctionObj>()) {
        if (name == "__name__") return make_str(f->name);
        if (name == "__qualname__") return make_str(f->qualname);
        if (name == "__doc__") return Value();
        if (f->attrs) {
            if (Value* v = f->attrs->find_str(name)) return *v;
        }
        no_attribute(*this, o, name);
    }
    if (auto* b = o.as<BuiltinObj>()) {
        if (name == "__name__") return make_str(b->name);
        no_attribute(*this, o, name);
    }
    if (auto* e = o.as<ExceptionObj>()) {
        if (name == "args") return make_tuple(e->args);
        if (name == "__cause__") return e->cause;
        if (name == "__context__") return e->context;
        if (e->attrs) {
            if (Value* v = e->attrs->find_str(name)) return *v;
        }
        if (const Value* v = e->cls->lookup(name)) return bind_if_function(o, *v);
        no_attribute(*this, o, name);
    }
    const TypeObj* t = o.type();
    if (t->ops != nullptr && t->ops->getattr != nullptr) {
        Value out;
        if (t->ops->getattr(*this, o, name, out)) return out;
    }
    if (const Value* v = t->lookup(name)) return bind_if_function(o, *v);
    if (auto* s = o.as<SliceObj>()) {
        if (name == "start") return s->start;
        if (name == "stop") return s->stop;
        if (name == "step") return s->step;
    }
    if (auto* r = o.as<RangeObj>()) {
        if (name == "start") return Value::integer(r->start);
        if (name == "stop") return Value::integer(r->stop);
        if (name == "step") return Value::integer(r->step);
    }
    refuse_missing_attribute(*this, o, name);
    no_attribute(*this, o, name);
}

void Interp::setattr(const Value& o, const std::string& name, const Value& v) {
    if (auto* inst = o.as<InstanceObj>()) {
        // A native class's __setattr__ (pandas' DictWrapper) decides first.
        if (inst->cls->ops != nullptr && inst->cls->ops->setattr != nullptr && inst->cls->ops->setattr(*this, o, name, v)) return;
        inst->attrs->set_str(name, v);
        return;
    }
    if (auto* t = o.as<TypeObj>(); t && t->is_heap_class) {
        t->dict->set_str(name, v);
        return;
    }
    if (auto* e = o.as<ExceptionObj>()) {
        if (!e->attrs) e->attrs = make_dict();
        e->attrs->set_str(name, v);
        return;
    }
    if (auto* f = o.as<FunctionObj>()) {
        if (!f->attrs) f->attrs = make_dict();
        f->attrs->set_str(name, v);
        return;
    }
    const TypeObj* t = o.type();
    if (t->ops != nullptr && t->ops->setattr != nullptr && t->ops->setattr(*this, o, name, v)) return;
    if (auto* m = o.as<ModuleObj>()) {
        unsupported("setting an attribute of the module '" + m->name + "'", "'" + m->name + "' 모듈의 속성 바꾸기");
    }
    if (o.as<TypeObj>() != nullptr) {
        raise(types().type_error, "cannot set '" + name + "' attribute of immutable type '" + o.as<TypeObj>()->name + "'");
    }
    if (t->lookup(name) != nullptr) {
        raise(types().attribute_error, "'" + o.type_name() + "' object attribute '" + name + "' is read-only");
    }
    raise(types().attribute_error, "'" + o.type_name() + "' object has no attribute '" + name + "'");
}

// ---- items

namespace {

// A sequence index: int-like, with negative indexes from the end; IndexError when out of range.
std::size_t seq_index(Interp& in, const Value& key, std::size_t size, const char* what) {
    std::int64_t i;
    if (key.is_int_like() || key.kind() == Kind::np_int || key.kind() == Kind::np_bool) {
        i = key.as_int();
    } else {
        in.raise(types().type_error, std::string(what) + " indices must be integers or slices, not " + key.type_name());
    }
    if (i < 0) i += static_cast<std::int64_t>(size);
    if (i < 0 || i >= static_cast<std::int64_t>(size)) in.raise(types().index_error, std::string(what) + " index out of range");
    return static_cast<std::size_t>(i);
}

}  // namespace

Value Interp::getitem(const Value& o, const Value& key) {
    if (auto* l = o.as<ListObj>()) {
        if (auto* s = key.as<SliceObj>()) return make_list(slice_items(*this, l->items, *s));
        return l->items[seq_index(*this, key, l->items.size(), "list")];
    }
    if (auto* t = o.as<TupleObj>()) {
        if (auto* s = key.as<SliceObj>()) return make_tuple(slice_items(*this, t->items, *s));
        return t->items[seq_index(*this, key, t->items.size(), "tuple")];
    }
    if (auto* s = o.as<StrObj>()) return str_getitem(*this, s->s, key);
    if (auto* d = o.as<DictObj>()) {
        if (Value* v = d->find(*this, key)) return *v;
        raise_value(new_exception(types().key_error, {key}));
    }
    if (auto* r = o.as<RangeObj>()) {
        if (key.as<SliceObj>()) unsupported("slicing a range", "range 슬라이싱");
        return Value::integer(r->at(static_cast<std::int64_t>(seq_index(*this, key, static_cast<std::size_t>(r->length()), "range object"))));
    }
    if (const TypeOps* ops = ops_of(o); ops != nullptr && ops->getitem != nullptr) return ops->getitem(*this, o, key);
    if (o.is_np_scalar()) {
        // A NumPy scalar is a 0-d array to indexing: x[()] is x itself; x[...], x[None] and
        // x[True] make arrays, which the kernel does not build from a scalar.
        if (auto* t = key.as<TupleObj>(); t != nullptr && t->items.empty()) return o;
        if (key.is_none() || key.kind() == Kind::boolean || key.type() == types().ellipsis) {
            unsupported("indexing a NumPy scalar with ..., None or a bool", "NumPy 스칼라를 ..., None, bool 로 인덱싱하기");
        }
        raise(types().index_error, "invalid index to scalar variable.");
    }
    if (auto* t = o.as<TypeObj>()) {
        raise(types().type_error, "type '" + t->name + "' is not subscriptable");
    }
    raise(types().type_error, "'" + o.type_name() + "' object is not subscriptable");
}

void Interp::setitem(const Value& o, const Value& key, const Value& v) {
    if (auto* l = o.as<ListObj>()) {
        if (auto* s = key.as<SliceObj>()) {
            slice_assign(*this, l->items, *s, to_list(v));
            return;
        }
        if (!(key.is_int_like() || key.kind() == Kind::np_int || key.kind() == Kind::np_bool)) {
            raise(types().type_error, "list indices must be integers or slices, not " + key.type_name());
        }
        std::int64_t i = key.as_int();
        if (i < 0) i += static_cast<std::int64_t>(l->items.size());
        if (i < 0 || i >= static_cast<std::int64_t>(l->items.size())) {
            raise(types().index_error, "list assignment index out of range");
        }
        l->items[static_cast<std::size_t>(i)] = v;
        return;
    }
    if (auto* d = o.as<DictObj>()) {
        d->set(*this, key, v);
        return;
    }
    if (const TypeOps* ops = ops_of(o); ops != nullptr && ops->setitem != nullptr) {
        ops->setitem(*this, o, key, v);
        return;
    }
    raise(types().type_error, "'" + o.type_name() + "' object does not support item assignment");
}

void Interp::delitem(const Value& o, const Value& key) {
    if (auto* l = o.as<ListObj>()) {
        if (auto* s = key.as<SliceObj>()) {
            slice_delete(*this, l->items, *s);
            return;
        }
        if (!(key.is_int_like() || key.kind() == Kind::np_int)) {
            raise(types().type_error, "list indices must be integers or slices, not " + key.type_name());
        }
        std::int64_t i = key.as_int();
        if (i < 0) i += static_cast<std::int64_t>(l->items.size());
        if (i < 0 || i >= static_cast<std::int64_t>(l->items.size())) {
            raise(types().index_error, "list assignment index out of range");
        }
        l->items.erase(l->items.begin() + i);
        return;
    }
    if (auto* d = o.as<DictObj>()) {
        if (!d->erase(*this, key)) raise_value(new_exception(types().key_error, {key}));
        return;
    }
    raise(types().type_error, "'" + o.type_name() + "' object doesn't support item deletion");
}

// ---- iteration

bool Interp::is_iterable(const Value& v) {
    if (v.as<StrObj>() || v.as<ListObj>() || v.as<TupleObj>() || v.as<DictObj>() || v.as<RangeObj>() ||
        v.as<IterObj>() || v.as<DictViewObj>() || (v.obj() != nullptr && v.obj()->okind == ObjKind::generator)) {
        return true;
    }
    const TypeOps* ops = ops_of(v);
    return ops != nullptr && (ops->iter != nullptr || ops->next != nullptr);
}

Value Interp::iter(const Value& o) {
    using S = IterObj::Source;
    auto make_it = [&](S s) {
        Ref<IterObj> it(make<IterObj>(s));
        it->seq = o;
        return it;
    };
    if (o.as<ListObj>()) return make_it(S::list);
    if (o.as<TupleObj>()) return make_it(S::tuple);
    if (o.as<StrObj>()) return make_it(S::str);
    if (o.as<RangeObj>()) return make_it(S::range);
    if (o.as<DictObj>()) {
        Ref<IterObj> it = make_it(S::dict_keys);
        it->count = static_cast<std::int64_t>(o.as<DictObj>()->size());
        return it;
    }
    if (auto* dv = o.as<DictViewObj>()) {
        Ref<IterObj> it(make<IterObj>(dv->which == DictViewObj::Which::keys     ? S::dict_keys
                                      : dv->which == DictViewObj::Which::values ? S::dict_values
                                                                                : S::dict_items));
        it->seq = dv->dict;
        it->count = static_cast<std::int64_t>(dv->dict.as<DictObj>()->size());
        return it;
    }
    if (o.as<IterObj>() || (o.obj() != nullptr && o.obj()->okind == ObjKind::generator)) return o;
    if (const TypeOps* ops = ops_of(o)) {
        if (ops->iter != nullptr) return ops->iter(*this, o);
        if (ops->next != nullptr) return o;
    }
    raise(types().type_error, "'" + o.type_name() + "' object is not iterable");
}

bool Interp::next(const Value& itv, Value& out) {
    using S = IterObj::Source;
    auto* it = itv.as<IterObj>();
    if (it == nullptr) {
        if (itv.obj() != nullptr && itv.obj()->okind == ObjKind::generator) return generator_next(*this, itv, out);
        if (const TypeOps* ops = ops_of(itv); ops != nullptr && ops->next != nullptr) return ops->next(*this, itv, out);
        raise(types().type_error, "'" + itv.type_name() + "' object is not an iterator");
    }
    if (it->done) return false;
    switch (it->source) {
        case S::list: {
            auto& items = it->seq.as<ListObj>()->items;
            if (it->index >= static_cast<std::int64_t>(items.size())) break;
            out = items[static_cast<std::size_t>(it->index++)];
            return true;
        }
        case S::tuple: {
            auto& items = it->seq.as<TupleObj>()->items;
            if (it->index >= static_cast<std::int64_t>(items.size())) break;
            out = items[static_cast<std::size_t>(it->index++)];
            return true;
        }
        case S::values: {
            auto& items = it->seq.as<ListObj>()->items;
            if (it->index >= static_cast<std::int64_t>(items.size())) break;
            out = items[static_cast<std::size_t>(it->index++)];
            return true;
        }
        case S::str: {
            const std::string& s = it->seq.as<StrObj>()->s;
            if (it->byte >= s.size()) break;
            const std::size_t start = it->byte;
            utf8_next(s, it->byte);
            out = make_str(s.substr(start, it->byte - start));
            return true;
        }
        case S::range: {
            auto* r = it->seq.as<RangeObj>();
            if (it->index >= r->length()) break;
            out = Value::integer(r->at(it->index++));
            return true;
        }
        case S::dict_keys:
        case S::dict_values:
        case S::dict_items: {
            auto* d = it->seq.as<DictObj>();
            if (static_cast<std::int64_t>(d->size()) != it->count) {
                it->done = true;
                raise(types().runtime_error, "dictionary changed size during iteration");
            }
            const auto& entries = d->entries();
            while (it->index < static_cast<std::int64_t>(entries.size()) && !entries[static_cast<std::size_t>(it->index)].live) {
                ++it->index;
            }
            if (it->index >= static_cast<std::int64_t>(entries.size())) break;
            const auto& e = entries[static_cast<std::size_t>(it->index++)];
            if (it->source == S::dict_keys) out = e.key;
            else if (it->source == S::dict_values) out = e.value;
            else out = make_tuple({e.key, e.value});
            return true;
        }
        case S::zip: {
            std::vector<Value> row;
            for (const Value& p : it->parts) {
                Value x;
                if (!next(p, x)) {
                    it->done = true;
                    return false;
                }
                row.push_back(std::move(x));
            }
            out = make_tuple(std::move(row));
            return true;
        }
        case S::enumerate: {
            Value x;
            if (!next(it->parts[0], x)) break;
            out = make_tuple({Value::integer(it->count++), std::move(x)});
            return true;
        }
        case S::map: {
            std::vector<Value> args;
            for (std::size_t k = 1; k < it->parts.size(); ++k) {
                Value x;
                if (!next(it->parts[k], x)) {
                    it->done = true;
                    return false;
                }
                args.push_back(std::move(x));
            }
            out = call(it->parts[0], std::move(args));
            return true;
        }
        case S::filter: {
            Value x;
            while (next(it->parts[1], x)) {
                const bool keep = it->parts[0].is_none() ? truthy(x) : truthy(call(it->parts[0], std::vector<Value>{x}));
                if (keep) {
                    out = std::move(x);
                    return true;
                }
            }
            break;
        }
        case S::reversed_seq: {
            if (it->index < 0) break;
            out = getitem(it->seq, Value::integer(it->index--));
            return true;
        }
        case S::array: {
            if (it->index >= len(it->seq)) break;
            out = getitem(it->seq, Value::integer(it->index++));
            return true;
        }
    }
    it->done = true;
    return false;
}

std::vector<Value> Interp::to_list(const Value& iterable) {
    if (auto* l = iterable.as<ListObj>()) return l->items;
    if (auto* t = iterable.as<TupleObj>()) return t->items;
    Value it = iter(iterable);
    std::vector<Value> out;
    Value x;
    while (next(it, x)) {
        out.push_back(std::move(x));
        count_step();
    }
    return out;
}

std::int64_t Interp::len(const Value& o) {
    if (auto* s = o.as<StrObj>()) return static_cast<std::int64_t>(s->length());
    if (auto* l = o.as<ListObj>()) return static_cast<std::int64_t>(l->items.size());
    if (auto* t = o.as<TupleObj>()) return static_cast<std::int64_t>(t->items.size());
    if (auto* d = o.as<DictObj>()) return static_cast<std::int64_t>(d->size());
    if (auto* r = o.as<RangeObj>()) return r->length();
    if (auto* dv = o.as<DictViewObj>()) return static_cast<std::int64_t>(dv->dict.as<DictObj>()->size());
    if (const TypeOps* ops = ops_of(o); ops != nullptr && ops->len != nullptr) return ops->len(*this, o);
    raise(types().type_error, "object of type '" + o.type_name() + "' has no len()");
}

// ---- calls

Value Interp::call(const Value& f, std::vector<Value> pos) {
    Args args(std::move(pos));
    return call(f, args);
}

Value Interp::call(const Value& f, Args& args) {
    if (auto* fn = f.as<FunctionObj>()) return call_function(fn, args);
    if (auto* b = f.as<BuiltinObj>()) {
        NativeCall native(*this);
        return b->fn(*this, args);
    }
    if (auto* m = f.as<MethodObj>()) {
        args.positional().insert(args.positional().begin(), m->self);
        if (auto* fn = m->func.as<FunctionObj>()) return call_function(fn, args);
        return call(m->func, args);
    }
    if (auto* t = f.as<TypeObj>()) return construct(t, args);
    if (const TypeOps* ops = ops_of(f); ops != nullptr && ops->call != nullptr) return ops->call(*this, f, args);
    raise(types().type_error, "'" + f.type_name() + "' object is not callable");
}

Value Interp::construct(TypeObj* t, Args& args) {
    NativeCall native(*this);  // (a class's call, and __init__ inside it, as _PyObject_MakeTpCall)
    if (t->is_heap_class) {
        Value self;
        if (t->is_subclass(types().base_exception)) {
            self = new_exception(t, args.positional());
        } else {
            self = Value(make<InstanceObj>(t));
        }
        if (const Value* init = t->lookup("__init__"); init != nullptr && init->as<FunctionObj>() != nullptr) {
            args.positional().insert(args.positional().begin(), self);
            Value r = call_function(init->as<FunctionObj>(), args);
            if (!r.is_none()) raise(types().type_error, "__init__() should return None, not '" + r.type_name() + "'");
        } else if (!t->is_subclass(types().base_exception) && (args.size() > 0 || args.has_keywords())) {
            raise(types().type_error, t->name + "() takes no arguments");
        }
        return self;
    }
    if (t->is_subclass(types().base_exception)) {
        if (args.has_keywords()) {
            raise(types().type_error, t->name + "() takes no keyword arguments");
        }
        return new_exception(t, args.positional());
    }
    if (const Value* ctor = t->lookup("__new__")) {
        if (auto* b = ctor->as<BuiltinObj>()) return b->fn(*this, args);
    }
    raise(types().type_error, "cannot create '" + t->qualified() + "' instances");
}

// ---- conversions

std::int64_t Interp::index(const Value& v, const char* what) {
    if (v.is_int_like() || v.kind() == Kind::np_int || v.kind() == Kind::np_bool) return v.as_int();
    if (const TypeOps* ops = ops_of(v); ops != nullptr && ops->to_index != nullptr) {
        std::int64_t out;
        if (ops->to_index(*this, v, out)) return out;
    }
    if (what != nullptr) raise(types().type_error, what);
    raise(types().type_error, "'" + v.type_name() + "' object cannot be interpreted as an integer");
}

bool Interp::to_float(const Value& v, double& out) {
    switch (v.kind()) {
        case Kind::boolean:
        case Kind::integer:
        case Kind::np_bool:
        case Kind::np_int: out = static_cast<double>(v.as_int()); return true;
        case Kind::floating:
        case Kind::np_float: out = v.as_float(); return true;
        default: break;
    }
    if (const TypeOps* ops = ops_of(v); ops != nullptr && ops->to_float != nullptr) return ops->to_float(*this, v, out);
    return false;
}

bool Interp::isinstance(const Value& v, const TypeObj* cls) { return v.type()->is_subclass(cls); }

}  // namespace tlab
