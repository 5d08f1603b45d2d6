// eval.cpp — the evaluator: one switch over expression kinds, one over statement kinds, and the
// call protocol (binding arguments to a def's parameters with CPython's error messages).
//
// Tracebacks: an exception raised in a frame gets that frame's entry where it is raised
// (Interp::raise); when it leaves a function, the caller's entry is added (call_function), so the
// list reads outermost first, as CPython prints it.
#include <algorithm>
#include <cstring>

#include "python/builtins_support.hpp"
#include "python/interp.hpp"
#include "python/objects.hpp"
#include "python/strings.hpp"
#include "python/traceback.hpp"

namespace tlab {

namespace {

// How a statement list ended.
enum class Flow { normal, break_, continue_, return_ };

std::string plural(std::size_t n, const char* word) { return n == 1 ? word : std::string(word) + "s"; }

// ---- names

// Builtins in the order CPython's builtins module holds them: "Did you mean" takes the first of
// equally close names.
const char* const kBuiltinOrder[] = {
    "__name__", "__doc__", "__package__", "__loader__", "__spec__", "__build_class__", "__import__", "abs", "all",
    "any", "ascii", "bin", "breakpoint", "callable", "chr", "compile", "delattr", "dir", "divmod", "eval", "exec",
    "format", "getattr", "globals", "hasattr", "hash", "hex", "id", "input", "isinstance", "issubclass", "iter",
    "aiter", "len", "locals", "max", "min", "next", "anext", "oct", "ord", "pow", "print", "repr", "round",
    "setattr", "sorted", "sum", "vars", "None", "Ellipsis", "NotImplemented", "False", "True", "bool", "memoryview",
    "bytearray", "bytes", "classmethod", "complex", "dict", "enumerate", "filter", "float", "frozenset", "property",
    "int", "list", "map", "object", "range", "reversed", "set", "slice", "staticmethod", "str", "super", "tuple",
    "type", "zip", "__debug__", "BaseException", "BaseExceptionGroup", "Exception", "GeneratorExit",
    "KeyboardInterrupt", "SystemExit", "ArithmeticError", "AssertionError", "AttributeError", "BufferError",
    "EOFError", "ImportError", "LookupError", "MemoryError", "NameError", "OSError", "ReferenceError",
    "RuntimeError", "StopAsyncIteration", "StopIteration", "SyntaxError", "SystemError", "TypeError", "ValueError",
    "Warning", "FloatingPointError", "OverflowError", "ZeroDivisionError", "BytesWarning", "DeprecationWarning",
    "EncodingWarning", "FutureWarning", "ImportWarning", "PendingDeprecationWarning", "ResourceWarning",
    "RuntimeWarning", "SyntaxWarning", "UnicodeWarning", "UserWarning", "BlockingIOError", "ChildProcessError",
    "ConnectionError", "FileExistsError", "FileNotFoundError", "InterruptedError", "IsADirectoryError",
    "NotADirectoryError", "PermissionError", "ProcessLookupError", "TimeoutError", "IndentationError", "IndexError",
    "KeyError", "ModuleNotFoundError", "NotImplementedError", "RecursionError", "UnboundLocalError", "UnicodeError",
    "BrokenPipeError", "ConnectionAbortedError", "ConnectionRefusedError", "ConnectionResetError", "TabError",
    "UnicodeDecodeError", "UnicodeEncodeError", "UnicodeTranslateError", "ExceptionGroup", "EnvironmentError",
    "IOError", "open", "quit", "exit", "copyright", "credits", "license", "help"};

[[noreturn]] void name_error(Interp& in, const Name* n) {
    Interp::Frame* f = in.frame();
    f->at = &n->pos;
    Value exc = in.new_exception(types().name_error, {make_str("name '" + n->id + "' is not defined")});
    // CPython looks among the frame's local variables, then its globals, then the builtins.
    auto* e = exc.as<ExceptionObj>();
    std::vector<std::string> names;
    if (f->scope != nullptr) names.assign(f->scope->slots.begin(), f->scope->slots.end());
    e->suggestion = suggest(n->id, names);
    if (e->suggestion.empty()) {
        names.clear();
        for (const auto& en : f->globals->entries()) {
            if (en.live) names.push_back(en.key.as<StrObj>()->s);
        }
        e->suggestion = suggest(n->id, names);
    }
    if (e->suggestion.empty()) {
        names.assign(std::begin(kBuiltinOrder), std::end(kBuiltinOrder));
        e->suggestion = suggest(n->id, names);
    }
    in.raise_value(exc);
}

Value load_name(Interp& in, const Name* n) {
    Interp::Frame* f = in.frame();
    switch (n->scope) {
        case NameScope::local: {
            const Value& v = f->slots[n->slot];
            if (v.is_unbound()) {
                f->at = &n->pos;
                in.raise(types().unbound_local_error,
                         "cannot access local variable '" + n->id + "' where it is not associated with a value");
            }
            return v;
        }
        case NameScope::cell:
        case NameScope::free: {
            if (n->slot < 0) {
                in.unsupported("a class body reading a variable of the function around it",
                               "함수 안의 클래스 본문이 바깥 함수의 변수를 읽는 코드");
            }
            auto* cell = f->slots[n->slot].as<CellObj>();
            if (cell == nullptr || !cell->bound) {
                f->at = &n->pos;
                if (n->scope == NameScope::free) {
                    in.raise(types().name_error, "cannot access free variable '" + n->id +
                                                     "' where it is not associated with a value in enclosing scope");
                }
                in.raise(types().unbound_local_error,
                         "cannot access local variable '" + n->id + "' where it is not associated with a value");
            }
            return cell->value;
        }
        case NameScope::global:
        case NameScope::unresolved: break;
    }
    if (f->locals != nullptr && f->locals != f->globals) {
        if (Value* v = f->locals->find_str(n->id)) return *v;
    }
    if (Value* v = f->globals->find_str(n->id)) return *v;
    if (Value* v = in.builtins()->find_str(n->id)) return *v;
    name_error(in, n);
}

void store_name(Interp& in, const Name* n, Value v) {
    Interp::Frame* f = in.frame();
    switch (n->scope) {
        case NameScope::local: f->slots[n->slot] = std::move(v); return;
        case NameScope::cell:
        case NameScope::free: {
            if (n->slot < 0) {
                in.unsupported("a class body setting a variable of the function around it",
                               "함수 안의 클래스 본문이 바깥 함수의 변수를 바꾸는 코드");
            }
            auto* cell = f->slots[n->slot].as<CellObj>();
            cell->value = std::move(v);
            cell->bound = true;
            return;
        }
        case NameScope::global:
        case NameScope::unresolved: break;
    }
    (f->locals != nullptr ? f->locals : f->globals)->set_str(n->id, std::move(v));
}

void delete_name(Interp& in, const Name* n) {
    Interp::Frame* f = in.frame();
    f->at = &n->pos;
    switch (n->scope) {
        case NameScope::local:
            if (f->slots[n->slot].is_unbound()) {
                in.raise(types().unbound_local_error,
                         "cannot access local variable '" + n->id + "' where it is not associated with a value");
            }
            f->slots[n->slot] = Value::unbound();
            return;
        case NameScope::cell:
        case NameScope::free: {
            auto* cell = n->slot >= 0 ? f->slots[n->slot].as<CellObj>() : nullptr;
            if (cell == nullptr || !cell->bound) name_error(in, n);
            cell->value = Value();
            cell->bound = false;
            return;
        }
        default: break;
    }
    DictObj* d = f->locals != nullptr ? f->locals : f->globals;
    if (!d->erase_str(n->id)) name_error(in, n);
}

// _PyObject_FunctionStr: how call errors name the callee ("__main__.f()", "str.split()").
std::string function_str(const Value& f) {
    if (auto* fn = f.as<FunctionObj>()) return "__main__." + fn->qualname + "()";
    if (auto* m = f.as<MethodObj>()) return function_str(m->func);
    if (auto* b = f.as<BuiltinObj>()) {
        if (!b->owner.empty()) return b->owner + "." + b->name + "()";
        return (b->module.empty() ? "" : b->module + ".") + b->name + "()";
    }
    if (auto* t = f.as<TypeObj>()) return t->qualified() + "()";
    return f.type_name() + " object";
}

// Where CPython's compiler stands after compiling `e` as a condition (compiler_jump_if): a
// comparison moves the location to itself for what is compiled after it; other leaves leave it.
const Pos* after_test(const Expr* e, const Pos* loc) {
    switch (e->kind) {
        case ExprKind::unary_op:
            if (static_cast<const UnaryOp*>(e)->op == UnaryOpKind::not_) {
                return after_test(static_cast<const UnaryOp*>(e)->operand, loc);
            }
            return loc;
        case ExprKind::bool_op:
            for (const Expr* v : static_cast<const BoolOp*>(e)->values) loc = after_test(v, loc);
            return loc;
        case ExprKind::if_exp: {
            auto* i = static_cast<const IfExp*>(e);
            return after_test(i->orelse, after_test(i->body, after_test(i->test, loc)));
        }
        case ExprKind::compare: return &e->pos;
        default: return loc;
    }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// The evaluator proper. A class so the statement side can share the pending return value.

class Evaluator {
public:
    explicit Evaluator(Interp& interp) : in(interp) {}
    Interp& in;
    Value returned;

    Value expr(const Expr* e);
    Flow block(const std::vector<Stmt*>& body) {
        for (Stmt* s : body) {
            Flow f = stmt(s);
            if (f != Flow::normal) return f;
        }
        return Flow::normal;
    }
    Flow stmt(Stmt* s);

    bool test(const Expr* e, const Pos* loc);
    void assign(const Expr* target, const Value& v);
    void unpack(const std::vector<Expr*>& elts, const Value& v, const Expr* target);
    void del(const Expr* target);
    Value call(const Call* c);
    Value subscript_key(const Expr* slice);
    Value comprehension(const Comp* c);
    Value make_function(const Arguments& params, const Scope* scope, const std::string& name,
                        const std::vector<Stmt*>* body, const Expr* lambda_body);
    Value fstring(const JoinedStr* j);
    Flow run_try(const Try* t);
    Flow run_for(const For* f);
    void import(const Import* s);
    void import_from(const ImportFrom* s);
    void class_def(const ClassDef* c);
    void raise_stmt(const Raise* r);
    bool matches(const Value& exc, const Value& spec);
};

// ---- expressions

Value Evaluator::expr(const Expr* e) {
    Interp::Frame* f = in.frame();
    switch (e->kind) {
        case ExprKind::name: return load_name(in, static_cast<const Name*>(e));
        case ExprKind::constant: {
            auto* c = static_cast<const Constant*>(e);
            switch (c->type) {
                case Constant::Type::none: return Value();
                case Constant::Type::boolean: return Value::boolean(c->b);
                case Constant::Type::integer: return Value::integer(c->i);
                case Constant::Type::floating: return Value::floating(c->f);
                case Constant::Type::string: return make_str(c->s);
                case Constant::Type::ellipsis: return in.ellipsis();
                case Constant::Type::imaginary:
                    f->at = &e->pos;
                    in.unsupported("complex numbers", "복소수");
                case Constant::Type::bytes:
                    f->at = &e->pos;
                    in.unsupported("bytes literals", "bytes 리터럴");
            }
            return Value();
        }
        case ExprKind::joined_str: return fstring(static_cast<const JoinedStr*>(e));
        case ExprKind::formatted_value: {
            // Only inside a JoinedStr; fstring() handles it there.
            auto* fv = static_cast<const FormattedValue*>(e);
            JoinedStr j;
            j.values.push_back(const_cast<FormattedValue*>(fv));
            return fstring(&j);
        }
        case ExprKind::list: {
            auto* l = static_cast<const ListExpr*>(e);
            std::vector<Value> items;
            items.reserve(l->elts.size());
            for (const Expr* x : l->elts) {
                if (x->kind == ExprKind::starred) {
                    for (Value& v : in.to_list(expr(static_cast<const Starred*>(x)->value))) items.push_back(std::move(v));
                } else {
                    items.push_back(expr(x));
                }
            }
            return make_list(std::move(items));
        }
        case ExprKind::tuple: {
            auto* t = static_cast<const TupleExpr*>(e);
            std::vector<Value> items;
            items.reserve(t->elts.size());
            for (const Expr* x : t->elts) {
                if (x->kind == ExprKind::starred) {
                    for (Value& v : in.to_list(expr(static_cast<const Starred*>(x)->value))) items.push_back(std::move(v));
                } else {
                    items.push_back(expr(x));
                }
            }
            return make_tuple(std::move(items));
        }
        case ExprKind::dict: {
            auto* d = static_cast<const DictExpr*>(e);
            Ref<DictObj> out = make_dict();
            for (std::size_t i = 0; i < d->keys.size(); ++i) {
                if (d->keys[i] == nullptr) {
                    Value m = expr(d->values[i]);
                    auto* md = m.as<DictObj>();
                    if (md == nullptr) {
                        f->at = &d->values[i]->pos;
                        in.raise(types().type_error, "'" + m.type_name() + "' object is not a mapping");
                    }
                    for (const auto& en : md->entries()) {
                        if (en.live) out->set(in, en.key, en.value);
                    }
                    continue;
                }
                Value k = expr(d->keys[i]);
                Value v = expr(d->values[i]);
                f->at = &e->pos;
                out->set(in, k, std::move(v));
            }
            return out;
        }
        case ExprKind::set:
            f->at = &e->pos;
            in.unsupported("sets", "집합(set)");
        case ExprKind::bin_op: {
            auto* b = static_cast<const BinOp*>(e);
            Value l = expr(b->left);
            Value r = expr(b->right);
            f->at = &e->pos;
            return in.binary(b->op, l, r);
        }
        case ExprKind::unary_op: {
            auto* u = static_cast<const UnaryOp*>(e);
            Value v = expr(u->operand);
            if (u->op == UnaryOpKind::not_) {
                f->at = &e->pos;
                return Value::boolean(!in.truthy(v));
            }
            f->at = &e->pos;
            return in.unary(u->op, v);
        }
        case ExprKind::bool_op: {
            auto* b = static_cast<const BoolOp*>(e);
            Value v;
            for (std::size_t i = 0; i < b->values.size(); ++i) {
                v = expr(b->values[i]);
                if (i + 1 == b->values.size()) break;
                f->at = &e->pos;
                const bool t = in.truthy(v);
                if (b->op == BoolOpKind::and_ ? !t : t) break;
            }
            return v;
        }
        case ExprKind::compare: {
            auto* c = static_cast<const Compare*>(e);
            Value left = expr(c->left);
            Value result;
            for (std::size_t i = 0; i < c->ops.size(); ++i) {
                Value right = expr(c->comparators[i]);
                f->at = &e->pos;
                result = in.compare(c->ops[i], left, right);
                if (i + 1 == c->ops.size()) break;
                if (!in.truthy(result)) return result;
                left = std::move(right);
            }
            return result;
        }
        case ExprKind::call: return call(static_cast<const Call*>(e));
        case ExprKind::attribute: {
            auto* a = static_cast<const Attribute*>(e);
            Value o = expr(a->value);
            f->at = &e->pos;
            return in.getattr(o, a->attr);
        }
        case ExprKind::subscript: {
            auto* s = static_cast<const Subscript*>(e);
            Value o = expr(s->value);
            Value k = subscript_key(s->slice);
            f->at = &e->pos;
            return in.getitem(o, k);
        }
        case ExprKind::slice: return subscript_key(e);
        case ExprKind::if_exp: {
            auto* i = static_cast<const IfExp*>(e);
            return test(i->test, &e->pos) ? expr(i->body) : expr(i->orelse);
        }
        case ExprKind::lambda: {
            auto* l = static_cast<const Lambda*>(e);
            return make_function(l->args, l->scope, "<lambda>", nullptr, l->body);
        }
        case ExprKind::list_comp:
        case ExprKind::set_comp:
        case ExprKind::dict_comp:
        case ExprKind::generator_exp: return comprehension(static_cast<const Comp*>(e));
        case ExprKind::starred:
            f->at = &e->pos;
            in.raise(types().syntax_error, "can't use starred expression here");
        case ExprKind::named_expr: {
            auto* n = static_cast<const NamedExpr*>(e);
            Value v = expr(n->value);
            assign(n->target, v);
            return v;
        }
        case ExprKind::unsupported: {
            f->at = &e->pos;
            auto* u = static_cast<const UnsupportedExpr*>(e);
            in.unsupported(u->what, u->what);
        }
    }
    return Value();
}

Value Evaluator::subscript_key(const Expr* slice) {
    if (slice->kind == ExprKind::slice) {
        auto* s = static_cast<const SliceExpr*>(slice);
        Value a = s->lower ? expr(s->lower) : Value();
        Value b = s->upper ? expr(s->upper) : Value();
        Value c = s->step ? expr(s->step) : Value();
        return Value(make<SliceObj>(std::move(a), std::move(b), std::move(c)));
    }
    if (slice->kind == ExprKind::tuple) {
        auto* t = static_cast<const TupleExpr*>(slice);
        std::vector<Value> items;
        for (const Expr* x : t->elts) {
            if (x->kind == ExprKind::starred) {
                for (Value& v : in.to_list(expr(static_cast<const Starred*>(x)->value))) items.push_back(std::move(v));
            } else {
                items.push_back(subscript_key(x));
            }
        }
        return make_tuple(std::move(items));
    }
    return expr(slice);
}

Value Evaluator::call(const Call* c) {
    Interp::Frame* f = in.frame();
    Value func = expr(c->func);
    std::vector<Value> pos;
    pos.reserve(c->args.size());
    for (const Expr* a : c->args) {
        if (a->kind == ExprKind::starred) {
            Value seq = expr(static_cast<const Starred*>(a)->value);
            f->at = &c->pos;
            if (seq.as<ListObj>() == nullptr && seq.as<TupleObj>() == nullptr && !in.is_iterable(seq)) {
                in.raise(types().type_error,
                         function_str(func) + " argument after * must be an iterable, not " + seq.type_name());
            }
            for (Value& v : in.to_list(seq)) pos.push_back(std::move(v));
        } else {
            pos.push_back(expr(a));
        }
    }
    std::vector<std::pair<std::string, Value>> kw;
    for (const Keyword& k : c->keywords) {
        Value v = expr(k.value);
        if (!k.arg.empty()) {
            kw.emplace_back(k.arg, std::move(v));
            continue;
        }
        auto* d = v.as<DictObj>();
        if (d == nullptr) {
            f->at = &c->pos;
            in.raise(types().type_error, function_str(func) + " argument after ** must be a mapping, not " + v.type_name());
        }
        for (const auto& en : d->entries()) {
            if (!en.live) continue;
            auto* ks = en.key.as<StrObj>();
            if (ks == nullptr) {
                f->at = &c->pos;
                in.raise(types().type_error, "keywords must be strings");
            }
            for (const auto& have : kw) {
                if (have.first == ks->s) {
                    f->at = &c->pos;
                    in.raise(types().type_error,
                             function_str(func) + " got multiple values for keyword argument '" + ks->s + "'");
                }
            }
            kw.emplace_back(ks->s, en.value);
        }
    }
    Args args(std::move(pos), std::move(kw));
    f->at = &c->pos;
    in.count_step();
    return in.call(func, args);
}

Value Evaluator::make_function(const Arguments& params, const Scope* scope, const std::string& name,
                               const std::vector<Stmt*>* body, const Expr* lambda_body) {
    Interp::Frame* f = in.frame();
    Ref<FunctionObj> fn(make<FunctionObj>());
    fn->module = f->module_ref;
    fn->params = &params;
    fn->body = body;
    fn->lambda_body = lambda_body;
    fn->scope = scope;
    fn->name = name;
    // Qualified name: enclosing functions add "<locals>", classes add their name.
    std::string prefix;
    for (const Scope* s = scope->parent; s != nullptr; s = s->parent) {
        if (s->type == Scope::Type::module) break;
        if (s->type == Scope::Type::class_body) prefix = s->name + "." + prefix;
        else prefix = s->name + ".<locals>." + prefix;
    }
    fn->qualname = prefix + name;
    fn->globals = Ref<DictObj>(Value(f->globals));
    for (const Expr* d : params.defaults) fn->defaults.push_back(expr(d));
    for (const Expr* d : params.kw_defaults) {
        fn->has_kw_default.push_back(d != nullptr);
        fn->kw_defaults.push_back(d != nullptr ? expr(d) : Value());
    }
    // Closure: the cells of the enclosing frame for each free name, in the scope's order.
    for (const std::string& free : scope->free_names) {
        const Scope* here = f->scope;
        Ref<CellObj> cell;
        if (here != nullptr) {
            auto it = here->slot_of.find(free);
            if (it != here->slot_of.end()) cell = Ref<CellObj>(f->slots[it->second]);
        }
        if (!cell) cell = Ref<CellObj>(make<CellObj>());  // class bodies: see scope.cpp
        fn->closure.push_back(cell);
    }
    return fn;
}

namespace {

// Where a comprehension's code stands as CPython compiles it: locs[k] for for-clause k's
// iteration and the start of its conditions, locs.back() for adding the element. It starts at
// the whole comprehension; a comparison in a condition moves it (after_test).
std::vector<const Pos*> comp_locations(const Comp* c) {
    std::vector<const Pos*> locs{&c->pos};
    for (const Comprehension& g : c->generators) {
        const Pos* loc = locs.back();
        for (const Expr* cond : g.ifs) loc = after_test(cond, loc);
        locs.push_back(loc);
    }
    return locs;
}

// Runs a comprehension's loops (for/if clauses from `level` on), calling `emit` for each element.
template <typename Emit>
void comp_loops(Evaluator& ev, const Comp* c, const std::vector<const Pos*>& locs, std::size_t level,
                const Value& first_iter, Emit&& emit) {
    Interp& in = ev.in;
    const Comprehension& g = c->generators[level];
    Value it;
    if (level == 0) {
        it = first_iter;
    } else {
        Value seq = ev.expr(g.iter);
        in.frame()->at = locs[level];
        it = in.iter(seq);
    }
    Value item;
    for (;;) {
        in.frame()->at = locs[level];
        if (!in.next(it, item)) break;
        in.count_step();
        ev.assign(g.target, item);
        bool keep = true;
        const Pos* loc = locs[level];
        for (const Expr* cond : g.ifs) {
            if (!ev.test(cond, loc)) {
                keep = false;
                break;
            }
            loc = after_test(cond, loc);
        }
        if (!keep) continue;
        if (level + 1 < c->generators.size()) comp_loops(ev, c, locs, level + 1, Value(), emit);
        else emit();
    }
}

}  // namespace

namespace {

// A generator expression: lazy, as in Python (any()/all()/next() may stop early, and errors
// after that point never happen). Its frame lives in the object; each next() resumes the loops
// where the last one stopped: one iterator per for-clause on a stack.
struct GeneratorObj : Object {
    static constexpr ObjKind kKind = ObjKind::generator;
    GeneratorObj() : Object(kKind) {}
    TypeObj* type() const override { return types().generator; }
    void trace(Tracer& t) const override {
        for (const Value& v : frame.slots) t.visit(v);
        for (const Value& v : iters) t.visit(v);
    }
    void clear() override {
        frame.slots.clear();
        iters.clear();
    }
    const Comp* comp = nullptr;
    Interp::Frame frame;
    std::vector<Value> iters;  // iters[k]: the iterator of for-clause k
    bool running = false, finished = false;
};

Interp::Frame comprehension_frame(Interp& in, const Comp* c) {
    Interp::Frame* outer = in.frame();
    Interp::Frame fr;
    fr.module = outer->module;
    fr.module_ref = outer->module_ref;
    fr.scope = c->scope;
    fr.function = c->scope->name;
    fr.globals = outer->globals;
    fr.slots.assign(c->scope->slots.size(), Value::unbound());
    for (int slot : c->scope->cell_slots) fr.slots[slot] = Value(make<CellObj>());
    for (std::size_t k = 0; k < c->scope->free_slots.size(); ++k) {
        const std::string& name = c->scope->free_names[k];
        Value cell;
        if (outer->scope != nullptr) {
            auto it = outer->scope->slot_of.find(name);
            if (it != outer->scope->slot_of.end()) cell = outer->slots[it->second];
        }
        fr.slots[c->scope->free_slots[k]] = cell.as<CellObj>() ? cell : Value(make<CellObj>());
    }
    return fr;
}

}  // namespace

namespace {

// Resumes generator `g`: true with its next element in `out`, false when it is exhausted.
bool resume(Interp& in, GeneratorObj* g, Value& out) {
    if (g->finished) return false;
    if (g->running) in.raise(types().value_error, "generator already executing");
    g->running = true;
    struct Done {
        GeneratorObj* g;
        ~Done() { g->running = false; }
    } done{g};
    const Comp* c = g->comp;
    in.check_recursion();
    try {
        Interp::FramePush push(in, g->frame);
        Evaluator ev(in);
        Value item;
        const std::vector<const Pos*> locs = comp_locations(c);
        while (!g->iters.empty()) {
            const std::size_t level = g->iters.size() - 1;
            const Comprehension& gen = c->generators[level];
            in.frame()->at = locs[level];
            if (!in.next(g->iters.back(), item)) {
                g->iters.pop_back();
                continue;
            }
            in.count_step();
            ev.assign(gen.target, item);
            bool keep = true;
            const Pos* loc = locs[level];
            for (const Expr* cond : gen.ifs) {
                if (!ev.test(cond, loc)) {
                    keep = false;
                    break;
                }
                loc = after_test(cond, loc);
            }
            if (!keep) continue;
            if (level + 1 < c->generators.size()) {
                const Comprehension& next = c->generators[level + 1];
                Value seq = ev.expr(next.iter);
                in.frame()->at = locs[level + 1];
                g->iters.push_back(in.iter(seq));
                continue;
            }
            out = ev.expr(c->elt);
            return true;
        }
    } catch (PyException& e) {
        g->finished = true;
        g->iters.clear();
        in.add_traceback(e);
        throw;
    }
    g->finished = true;
    return false;
}

}  // namespace

bool generator_next(Interp& in, const Value& v, Value& out) {
    auto* g = v.as<GeneratorObj>();
    return g != nullptr && resume(in, g, out);
}

Value Evaluator::comprehension(const Comp* c) {
    Interp::Frame* outer = in.frame();
    if (c->generators.front().is_async) {
        outer->at = &c->pos;
        in.unsupported("async comprehensions", "비동기 컴프리헨션");
    }
    if (c->kind == ExprKind::set_comp) {
        outer->at = &c->pos;
        in.unsupported("sets", "집합(set)");
    }
    // The first iterable is evaluated (and its iterator made) in the enclosing scope.
    Value seq = expr(c->generators.front().iter);
    outer->at = &c->pos;
    Value first = in.iter(seq);
    if (c->kind == ExprKind::generator_exp) {
        Ref<GeneratorObj> g(make<GeneratorObj>());
        g->comp = c;
        g->frame = comprehension_frame(in, c);
        g->iters.push_back(first);
        return g;
    }
    Interp::Frame fr = comprehension_frame(in, c);
    Value result;
    in.check_recursion();
    try {
        Interp::FramePush push(in, fr);
        const std::vector<const Pos*> locs = comp_locations(c);
        if (c->kind == ExprKind::dict_comp) {
            Ref<DictObj> d = make_dict();
            comp_loops(*this, c, locs, 0, first, [&] {
                Value k = expr(c->key);
                Value v = expr(c->value);
                in.frame()->at = locs.back();
                d->set(in, k, std::move(v));
            });
            result = d;
        } else {
            Ref<ListObj> l(make<ListObj>());
            comp_loops(*this, c, locs, 0, first, [&] { l->items.push_back(expr(c->elt)); });
            result = l;
        }
    } catch (PyException& e) {
        in.add_traceback(e);
        throw;
    }
    return result;
}

Value Evaluator::fstring(const JoinedStr* j) {
    std::string out;
    for (const Expr* part : j->values) {
        if (part->kind == ExprKind::constant) {
            out += static_cast<const Constant*>(part)->s;
            continue;
        }
        auto* fv = static_cast<const FormattedValue*>(part);
        Value v = expr(fv->value);
        std::string spec;
        if (fv->format_spec != nullptr) {
            Value s = expr(fv->format_spec);
            spec = s.as<StrObj>()->s;
        }
        in.frame()->at = &fv->pos;
        if (fv->conversion == 'r') v = make_str(in.repr(v));
        else if (fv->conversion == 's') v = make_str(in.str(v));
        else if (fv->conversion == 'a') v = make_str(in.ascii(v));
        out += in.format(v, spec);
    }
    return make_str(std::move(out));
}

// A condition (if, while, assert, a conditional expression's or a comprehension's test), as
// CPython compiles it: `not`, `and`, `or` and `a if c else b` become jumps, so each leaf is
// truth-tested on its own, at the location the compiler stood at (after_test); `loc` is where it
// stands before the condition.
bool Evaluator::test(const Expr* e, const Pos* loc) {
    switch (e->kind) {
        case ExprKind::unary_op: {
            auto* u = static_cast<const UnaryOp*>(e);
            if (u->op == UnaryOpKind::not_) return !test(u->operand, loc);
            break;
        }
        case ExprKind::bool_op: {
            auto* b = static_cast<const BoolOp*>(e);
            const bool is_and = b->op == BoolOpKind::and_;
            for (const Expr* v : b->values) {
                if (test(v, loc) != is_and) return !is_and;
                loc = after_test(v, loc);
            }
            return is_and;
        }
        case ExprKind::if_exp: {
            auto* i = static_cast<const IfExp*>(e);
            const Pos* after = after_test(i->test, loc);
            if (test(i->test, loc)) return test(i->body, after);
            return test(i->orelse, after_test(i->body, after));
        }
        case ExprKind::compare: loc = &e->pos; break;
        default: break;
    }
    Value v = expr(e);
    in.frame()->at = loc;
    return in.truthy(v);
}

// ---- assignment targets

void Evaluator::assign(const Expr* target, const Value& v) {
    Interp::Frame* f = in.frame();
    switch (target->kind) {
        case ExprKind::name: store_name(in, static_cast<const Name*>(target), v); return;
        case ExprKind::attribute: {
            auto* a = static_cast<const Attribute*>(target);
            Value o = expr(a->value);
            f->at = &target->pos;
            in.setattr(o, a->attr, v);
            return;
        }
        case ExprKind::subscript: {
            auto* s = static_cast<const Subscript*>(target);
            Value o = expr(s->value);
            Value k = subscript_key(s->slice);
            f->at = &target->pos;
            in.setitem(o, k, v);
            return;
        }
        case ExprKind::tuple: unpack(static_cast<const TupleExpr*>(target)->elts, v, target); return;
        case ExprKind::list: unpack(static_cast<const ListExpr*>(target)->elts, v, target); return;
        default:
            f->at = &target->pos;
            in.raise(types().syntax_error, "cannot assign to expression");
    }
}

void Evaluator::unpack(const std::vector<Expr*>& elts, const Value& v, const Expr* target) {
    Interp::Frame* f = in.frame();
    std::size_t star = elts.size();
    for (std::size_t i = 0; i < elts.size(); ++i) {
        if (elts[i]->kind == ExprKind::starred) star = i;
    }
    const Pos* at = f->at;
    if (v.as<ListObj>() == nullptr && v.as<TupleObj>() == nullptr && !in.is_iterable(v)) {
        in.raise(types().type_error, "cannot unpack non-iterable " + v.type_name() + " object");
    }
    std::vector<Value> items;
    if (auto* l = v.as<ListObj>()) items = l->items;
    else if (auto* t = v.as<TupleObj>()) items = t->items;
    else {
        // Python stops pulling one item past what it needs when there is no starred target.
        Value it = in.iter(v);
        Value x;
        while ((star < elts.size() || items.size() <= elts.size()) && in.next(it, x)) items.push_back(x);
    }
    f->at = at;
    if (star == elts.size()) {
        if (items.size() < elts.size()) {
            in.raise(types().value_error, "not enough values to unpack (expected " + std::to_string(elts.size()) +
                                              ", got " + std::to_string(items.size()) + ")");
        }
        if (items.size() > elts.size()) {
            in.raise(types().value_error, "too many values to unpack (expected " + std::to_string(elts.size()) + ")");
        }
        for (std::size_t i = 0; i < elts.size(); ++i) assign(elts[i], items[i]);
        return;
    }
    const std::size_t need = elts.size() - 1;
    if (items.size() < need) {
        in.raise(types().value_error, "not enough values to unpack (expected at least " + std::to_string(need) +
                                          ", got " + std::to_string(items.size()) + ")");
    }
    for (std::size_t i = 0; i < star; ++i) assign(elts[i], items[i]);
    const std::size_t after = elts.size() - star - 1;
    std::vector<Value> middle(items.begin() + static_cast<std::ptrdiff_t>(star),
                              items.end() - static_cast<std::ptrdiff_t>(after));
    assign(static_cast<const Starred*>(elts[star])->value, make_list(std::move(middle)));
    for (std::size_t i = 0; i < after; ++i) assign(elts[star + 1 + i], items[items.size() - after + i]);
    (void)target;
}

void Evaluator::del(const Expr* target) {
    Interp::Frame* f = in.frame();
    switch (target->kind) {
        case ExprKind::name: delete_name(in, static_cast<const Name*>(target)); return;
        case ExprKind::subscript: {
            auto* s = static_cast<const Subscript*>(target);
            Value o = expr(s->value);
            Value k = subscript_key(s->slice);
            f->at = &target->pos;
            in.delitem(o, k);
            return;
        }
        case ExprKind::attribute: {
            f->at = &target->pos;
            in.unsupported("deleting attributes", "속성 삭제(del obj.attr)");
        }
        case ExprKind::tuple:
            for (const Expr* x : static_cast<const TupleExpr*>(target)->elts) del(x);
            return;
        case ExprKind::list:
            for (const Expr* x : static_cast<const ListExpr*>(target)->elts) del(x);
            return;
        default:
            f->at = &target->pos;
            in.raise(types().syntax_error, "cannot delete expression");
    }
}

// ---- statements

Flow Evaluator::stmt(Stmt* s) {
    Interp::Frame* f = in.frame();
    f->at = &s->pos;
    in.count_step();
    switch (s->kind) {
        case StmtKind::expr: expr(static_cast<ExprStmt*>(s)->value); return Flow::normal;
        case StmtKind::assign: {
            auto* a = static_cast<Assign*>(s);
            Value v = expr(a->value);
            for (const Expr* t : a->targets) {
                f->at = &t->pos;
                assign(t, v);
            }
            return Flow::normal;
        }
        case StmtKind::aug_assign: {
            auto* a = static_cast<AugAssign*>(s);
            const Expr* t = a->target;
            if (t->kind == ExprKind::name) {
                auto* n = static_cast<const Name*>(t);
                Value cur = load_name(in, n);
                Value r = expr(a->value);
                f->at = &s->pos;
                store_name(in, n, in.inplace(a->op, cur, r));
            } else if (t->kind == ExprKind::attribute) {
                auto* at = static_cast<const Attribute*>(t);
                Value o = expr(at->value);
                f->at = &t->pos;
                Value cur = in.getattr(o, at->attr);
                Value r = expr(a->value);
                f->at = &s->pos;
                Value nv = in.inplace(a->op, cur, r);
                f->at = &t->pos;
                in.setattr(o, at->attr, nv);
            } else {
                auto* sub = static_cast<const Subscript*>(t);
                Value o = expr(sub->value);
                Value k = subscript_key(sub->slice);
                f->at = &t->pos;
                Value cur = in.getitem(o, k);
                Value r = expr(a->value);
                f->at = &s->pos;
                Value nv = in.inplace(a->op, cur, r);
                f->at = &t->pos;
                in.setitem(o, k, nv);
            }
            return Flow::normal;
        }
        case StmtKind::ann_assign: {
            auto* a = static_cast<AnnAssign*>(s);
            if (a->value != nullptr) {
                Value v = expr(a->value);
                assign(a->target, v);
            }
            return Flow::normal;
        }
        case StmtKind::if_: {
            auto* i = static_cast<If*>(s);
            return block(test(i->test, &s->pos) ? i->body : i->orelse);
        }
        case StmtKind::for_: return run_for(static_cast<For*>(s));
        case StmtKind::while_: {
            auto* w = static_cast<While*>(s);
            for (;;) {
                if (!test(w->test, &s->pos)) break;
                in.count_step();
                Flow fl = block(w->body);
                if (fl == Flow::break_) return Flow::normal;
                if (fl == Flow::return_) return fl;
            }
            return block(w->orelse);
        }
        case StmtKind::break_: return Flow::break_;
        case StmtKind::continue_: return Flow::continue_;
        case StmtKind::pass: return Flow::normal;
        case StmtKind::return_: {
            auto* r = static_cast<Return*>(s);
            returned = r->value != nullptr ? expr(r->value) : Value();
            return Flow::return_;
        }
        case StmtKind::function_def: {
            auto* d = static_cast<FunctionDef*>(s);
            if (!d->decorator_list.empty()) {
                f->at = &d->decorator_list.front()->pos;
                in.unsupported("decorators", "데코레이터");
            }
            Value fn = make_function(d->args, d->scope, d->name, &d->body, nullptr);
            if (d->returns != nullptr) fn.as<FunctionObj>()->annotated = true;
            Name target;
            target.id = d->name;
            // Store through the scope the pass gave the def's name (the Name nodes of the body
            // do not include it): module/class level is a dict, a function's is a slot.
            if (f->scope != nullptr && f->scope->slot_of.count(d->name)) {
                const int slot = f->scope->slot_of.at(d->name);
                if (auto* cell = f->slots[slot].as<CellObj>()) {
                    cell->value = fn;
                    cell->bound = true;
                } else {
                    f->slots[slot] = fn;
                }
            } else {
                (f->locals != nullptr ? f->locals : f->globals)->set_str(d->name, fn);
            }
            return Flow::normal;
        }
        case StmtKind::class_def: class_def(static_cast<ClassDef*>(s)); return Flow::normal;
        case StmtKind::try_: return run_try(static_cast<Try*>(s));
        case StmtKind::raise: raise_stmt(static_cast<Raise*>(s)); return Flow::normal;
        case StmtKind::assert_: {
            auto* a = static_cast<Assert*>(s);
            if (test(a->test, &s->pos)) return Flow::normal;
            std::vector<Value> args;
            if (a->msg != nullptr) args.push_back(expr(a->msg));
            f->at = after_test(a->test, &s->pos);
            in.raise_value(in.new_exception(types().assertion_error, std::move(args)));
        }
        case StmtKind::import: import(static_cast<Import*>(s)); return Flow::normal;
        case StmtKind::import_from: import_from(static_cast<ImportFrom*>(s)); return Flow::normal;
        case StmtKind::global:
        case StmtKind::nonlocal: return Flow::normal;
        case StmtKind::del:
            for (const Expr* t : static_cast<Delete*>(s)->targets) del(t);
            return Flow::normal;
        case StmtKind::unsupported: {
            auto* u = static_cast<UnsupportedStmt*>(s);
            in.unsupported(u->what, u->what);
        }
    }
    return Flow::normal;
}

Flow Evaluator::run_for(const For* fs) {
    Interp::Frame* f = in.frame();
    Value seq = expr(fs->iter);
    f->at = &fs->pos;
    Value it = in.iter(seq);
    // The outermost loop of a cell reports how far it has got (the progress bar's fraction).
    Interp::LoopProgress meter(in, seq, fs->target);
    Value item;
    for (;;) {
        f->at = &fs->pos;
        if (!in.next(it, item)) break;
        meter.step(item);
        f->at = &fs->target->pos;
        assign(fs->target, item);
        Flow fl = block(fs->body);
        if (fl == Flow::break_) return Flow::normal;
        if (fl == Flow::return_) return fl;
    }
    return block(fs->orelse);
}

bool Evaluator::matches(const Value& exc, const Value& spec) {
    TypeObj* cls = exc.type();
    if (auto* t = spec.as<TypeObj>()) {
        if (!t->is_subclass(types().base_exception)) {
            in.raise(types().type_error, "catching classes that do not inherit from BaseException is not allowed");
        }
        return cls->is_subclass(t);
    }
    if (auto* tup = spec.as<TupleObj>()) {
        for (const Value& x : tup->items) {
            if (matches(exc, x)) return true;
        }
        return false;
    }
    in.raise(types().type_error, "catching classes that do not inherit from BaseException is not allowed");
}

Flow Evaluator::run_try(const Try* t) {
    Interp::Frame* f = in.frame();
    Flow flow = Flow::normal;
    bool pending = false;       // an exception to re-raise after finally
    PyException saved{Value()};
    try {
        bool raised = false;
        try {
            flow = block(t->body);
        } catch (PyException& e) {
            raised = true;
            bool handled = false;
            for (const ExceptHandler& h : t->handlers) {
                bool hit = true;
                if (h.type != nullptr) {
                    Value spec = expr(h.type);
                    f->at = &h.type->pos;
                    hit = matches(e.exc, spec);
                }
                if (!hit) continue;
                handled = true;
                if (!h.name.empty()) {
                    Name n;
                    n.id = h.name;
                    // The handler's name is bound like any assignment in this scope.
                    if (f->scope != nullptr && f->scope->slot_of.count(h.name)) {
                        n.scope = NameScope::local;
                        n.slot = f->scope->slot_of.at(h.name);
                        if (f->slots[n.slot].as<CellObj>()) n.scope = NameScope::cell;
                    } else {
                        n.scope = NameScope::global;
                    }
                    store_name(in, &n, e.exc);
                    Interp::Handling handling(in, e.exc);
                    try {
                        flow = block(h.body);
                    } catch (...) {
                        try { delete_name(in, &n); } catch (...) {}
                        throw;
                    }
                    try { delete_name(in, &n); } catch (PyException&) {}
                } else {
                    Interp::Handling handling(in, e.exc);
                    flow = block(h.body);
                }
                break;
            }
            if (!handled) throw;
        }
        if (!raised && flow == Flow::normal) flow = block(t->orelse);
    } catch (PyException& e) {
        if (t->finalbody.empty()) throw;
        pending = true;
        saved = e;
    }
    if (!t->finalbody.empty()) {
        Value keep = returned;
        Flow fin;
        if (pending) {
            Interp::Handling handling(in, saved.exc);
            fin = block(t->finalbody);
        } else {
            fin = block(t->finalbody);
        }
        if (fin != Flow::normal) return fin;  // return/break in finally discards the exception
        returned = keep;
        if (pending) throw saved;
    }
    return flow;
}

void Evaluator::raise_stmt(const Raise* r) {
    Interp::Frame* f = in.frame();
    if (r->exc == nullptr) {
        if (in.handling().empty()) in.raise(types().runtime_error, "No active exception to reraise");
        throw PyException{in.handling().back()};  // re-raised as it is: no new traceback entry
    }
    Value v = expr(r->exc);
    Value cause;
    bool has_cause = false;
    if (r->cause != nullptr) {
        cause = expr(r->cause);
        has_cause = true;
    }
    f->at = &r->pos;
    Value exc = in.to_exception(v);
    if (has_cause) {
        auto* e = exc.as<ExceptionObj>();
        if (!cause.is_none()) {
            Value c = in.to_exception(cause);
            e->cause = c;
        } else {
            e->cause = Value();
        }
        e->suppress_context = true;
    }
    in.raise_value(exc);
}

void Evaluator::import(const Import* s) {
    Interp::Frame* f = in.frame();
    for (const Alias& a : s->names) {
        f->at = &a.pos;
        Ref<ModuleObj> m = in.import_module(a.name, s->pos.line);
        Name n;
        if (!a.asname.empty()) {
            n.id = a.asname;
        } else {
            n.id = a.name.substr(0, a.name.find('.'));
            m = in.import_module(n.id, s->pos.line);
        }
        if (f->scope != nullptr && f->scope->slot_of.count(n.id)) {
            n.scope = NameScope::local;
            n.slot = f->scope->slot_of.at(n.id);
            if (f->slots[n.slot].as<CellObj>()) n.scope = NameScope::cell;
        } else {
            n.scope = NameScope::global;
        }
        store_name(in, &n, m);
    }
}

void Evaluator::import_from(const ImportFrom* s) {
    Interp::Frame* f = in.frame();
    f->at = &s->pos;
    if (s->level > 0) in.unsupported("relative imports", "상대 import");
    Ref<ModuleObj> m = in.import_module(s->module, s->pos.line);
    for (const Alias& a : s->names) {
        f->at = &a.pos;
        if (a.name == "*") in.unsupported("from ... import *", "from ... import *");
        Value v;
        if (Value* found = m->dict->find_str(a.name)) {
            v = *found;
        } else {
            // A submodule (from matplotlib import pyplot).
            const std::string sub = s->module + "." + a.name;
            Ref<ModuleObj> sm = in.try_import(sub);
            if (!sm) {
                refuse_missing_name(in, s->module, a.name);
                in.raise(types().import_error, "cannot import name '" + a.name + "' from '" + s->module + "' (" +
                                                   in.module_file(s->module) + ")");
            }
            v = sm;
        }
        Name n;
        n.id = !a.asname.empty() ? a.asname : a.name;
        if (f->scope != nullptr && f->scope->slot_of.count(n.id)) {
            n.scope = NameScope::local;
            n.slot = f->scope->slot_of.at(n.id);
            if (f->slots[n.slot].as<CellObj>()) n.scope = NameScope::cell;
        } else {
            n.scope = NameScope::global;
        }
        store_name(in, &n, v);
    }
}

void Evaluator::class_def(const ClassDef* c) {
    Interp::Frame* f = in.frame();
    if (!c->decorator_list.empty()) {
        f->at = &c->decorator_list.front()->pos;
        in.unsupported("decorators", "데코레이터");
    }
    if (!c->keywords.empty()) {
        f->at = &c->pos;
        in.unsupported("class keywords (metaclass=...)", "클래스 키워드 인자(metaclass=...)");
    }
    TypeObj* base = types().object;
    if (c->bases.size() > 1) {
        f->at = &c->bases[1]->pos;
        in.unsupported("classes with several base classes", "기반 클래스가 여럿인 클래스");
    }
    if (!c->bases.empty()) {
        Value b = expr(c->bases[0]);
        f->at = &c->bases[0]->pos;
        auto* t = b.as<TypeObj>();
        if (t == nullptr) in.raise(types().type_error, "bases must be types");
        if (!t->is_heap_class && t != types().object && !t->is_subclass(types().base_exception)) {
            in.unsupported("subclassing the built-in type '" + t->name + "'",
                           "내장 타입 '" + t->name + "' 을 상속하는 클래스");
        }
        base = t;
    }
    Ref<DictObj> ns = make_dict();
    ns->set_str("__module__", make_str("__main__"));
    ns->set_str("__qualname__", make_str(c->name));
    Interp::Frame fr;
    fr.module = f->module;
    fr.module_ref = f->module_ref;
    fr.scope = nullptr;  // names in a class body are looked up in its namespace, then globals
    fr.function = c->name;
    fr.globals = f->globals;
    fr.locals = ns.get();
    in.check_recursion();
    try {
        Interp::FramePush push(in, fr);
        Evaluator body(in);
        body.block(c->body);
    } catch (PyException& e) {
        in.add_traceback(e);
        throw;
    }
    f->at = &c->pos;
    Value cls = in.make_class(c->name, base, ns);
    if (f->scope != nullptr && f->scope->slot_of.count(c->name)) {
        const int slot = f->scope->slot_of.at(c->name);
        if (auto* cell = f->slots[slot].as<CellObj>()) {
            cell->value = cls;
            cell->bound = true;
        } else {
            f->slots[slot] = cls;
        }
    } else {
        (f->locals != nullptr ? f->locals : f->globals)->set_str(c->name, cls);
    }
}

// ---------------------------------------------------------------------------------------------
// Interp entry points

Value Interp::eval(const Expr* e) {
    Evaluator ev(*this);
    return ev.expr(e);
}

void Interp::exec_module(const ModulePtr& module, const Ref<DictObj>& globals, bool display_last) {
    Frame fr;
    fr.module = module.get();
    fr.module_ref = module;
    fr.function = "<module>";
    fr.globals = globals.get();
    fr.locals = globals.get();
    check_recursion();
    FramePush push(*this, fr);
    Evaluator ev(*this);
    const std::vector<Stmt*>& body = module->body;
    const std::size_t n = body.size();
    for (std::size_t i = 0; i < n; ++i) {
        Stmt* s = body[i];
        if (display_last && i + 1 == n && s->kind == StmtKind::expr) {
            fr.at = &s->pos;
            Value v = ev.expr(static_cast<ExprStmt*>(s)->value);
            if (!v.is_none() && !ends_with_semicolon(module->source)) display_result(v);
            break;
        }
        const Flow fl = ev.stmt(s);
        if (fl != Flow::normal) break;  // the parser refuses return/break outside functions/loops
    }
}

Value Interp::eval_expression(const ModulePtr& module, const Ref<DictObj>& globals) {
    Frame fr;
    fr.module = module.get();
    fr.module_ref = module;
    fr.function = "<module>";
    fr.globals = globals.get();
    fr.locals = globals.get();
    check_recursion();
    FramePush push(*this, fr);
    Evaluator ev(*this);
    return ev.expr(static_cast<ExprStmt*>(module->body.front())->value);
}

void Interp::exec_imports(const ModulePtr& module, const Ref<DictObj>& globals) {
    Frame fr;
    fr.module = module.get();
    fr.module_ref = module;
    fr.function = "<module>";
    fr.globals = globals.get();
    fr.locals = globals.get();
    check_recursion();
    FramePush push(*this, fr);
    Evaluator ev(*this);
    for (Stmt* s : module->body) {
        if (s->kind == StmtKind::import || s->kind == StmtKind::import_from) ev.stmt(s);
    }
}

Value Interp::call_function(FunctionObj* fn, Args& args) {
    const Scope* sc = fn->scope;
    Frame fr;
    fr.module = fn->module.get();
    fr.module_ref = fn->module;
    fr.scope = sc;
    fr.function = fn->name;
    fr.globals = fn->globals.get();
    fr.slots.assign(sc->slots.size(), Value::unbound());
    bind_arguments(fn, args, fr.slots);  // TypeErrors belong to the caller's frame
    for (int slot : sc->cell_slots) {
        Ref<CellObj> cell(make<CellObj>());
        if (!fr.slots[slot].is_unbound()) {
            cell->value = fr.slots[slot];
            cell->bound = true;
        }
        fr.slots[slot] = cell;
    }
    for (std::size_t k = 0; k < sc->free_slots.size(); ++k) fr.slots[sc->free_slots[k]] = fn->closure[k];
    check_recursion();
    Value result;
    try {
        FramePush push(*this, fr);
        Evaluator ev(*this);
        if (fn->lambda_body != nullptr) {
            result = ev.expr(fn->lambda_body);
        } else {
            if (ev.block(*fn->body) == Flow::return_) result = std::move(ev.returned);
        }
    } catch (PyException& e) {
        add_traceback(e);
        throw;
    }
    return result;
}

namespace {

std::string quoted_names(const std::vector<std::string>& names) {
    std::vector<std::string> q;
    for (const std::string& n : names) q.push_back("'" + n + "'");
    if (q.size() == 1) return q[0];
    if (q.size() == 2) return q[0] + " and " + q[1];
    std::string out;
    for (std::size_t i = 0; i + 2 < q.size(); ++i) out += q[i] + ", ";
    return out + q[q.size() - 2] + ", and " + q.back();
}

}  // namespace

void Interp::bind_arguments(FunctionObj* fn, Args& args, std::vector<Value>& slots) {
    const Arguments& p = *fn->params;
    const std::size_t n_posonly = p.posonlyargs.size();
    const std::size_t n_pos = n_posonly + p.args.size();
    const std::size_t n_kwonly = p.kwonlyargs.size();
    auto pos_name = [&](std::size_t i) -> const std::string& {
        return i < n_posonly ? p.posonlyargs[i].arg : p.args[i - n_posonly].arg;
    };
    // Slot layout (scope.cpp): positional, [*args], keyword-only, [**kwargs].
    const std::size_t vararg_slot = n_pos;
    const std::size_t kwonly_start = n_pos + (p.has_vararg ? 1 : 0);
    const std::size_t kwarg_slot = kwonly_start + n_kwonly;
    const std::vector<Value>& given = args.positional();
    const std::size_t argc = given.size();
    for (std::size_t i = 0; i < std::min(argc, n_pos); ++i) slots[i] = given[i];
    if (p.has_vararg) {
        std::vector<Value> extra;
        for (std::size_t i = n_pos; i < argc; ++i) extra.push_back(given[i]);
        slots[vararg_slot] = make_tuple(std::move(extra));
    }
    Ref<DictObj> kwdict;
    if (p.has_kwarg) {
        kwdict = make_dict();
        slots[kwarg_slot] = kwdict;
    }
    std::vector<std::string> posonly_as_kw;
    for (auto& [name, value] : args.keywords()) {
        std::size_t slot = SIZE_MAX;
        for (std::size_t i = n_posonly; i < n_pos; ++i) {
            if (pos_name(i) == name) slot = i;
        }
        for (std::size_t i = 0; i < n_kwonly; ++i) {
            if (p.kwonlyargs[i].arg == name) slot = kwonly_start + i;
        }
        if (slot == SIZE_MAX) {
            if (kwdict) {
                kwdict->set_str(name, value);
                continue;
            }
            bool is_posonly = false;
            for (std::size_t i = 0; i < n_posonly; ++i) is_posonly |= p.posonlyargs[i].arg == name;
            if (is_posonly) {
                posonly_as_kw.push_back(name);
                continue;
            }
            raise(types().type_error, fn->qualname + "() got an unexpected keyword argument '" + name + "'");
        }
        if (!slots[slot].is_unbound()) {
            raise(types().type_error, fn->qualname + "() got multiple values for argument '" + name + "'");
        }
        slots[slot] = value;
    }
    if (!posonly_as_kw.empty()) {
        std::string names;
        for (std::size_t i = 0; i < posonly_as_kw.size(); ++i) names += (i ? ", " : "") + posonly_as_kw[i];
        raise(types().type_error,
              fn->qualname + "() got some positional-only arguments passed as keyword arguments: '" + names + "'");
    }
    if (argc > n_pos && !p.has_vararg) {
        std::size_t kwonly_given = 0;
        for (std::size_t i = 0; i < n_kwonly; ++i) kwonly_given += !slots[kwonly_start + i].is_unbound();
        const std::size_t defcount = fn->defaults.size();
        std::string sig;
        bool plural_sig;
        if (defcount > 0) {
            sig = "from " + std::to_string(n_pos - defcount) + " to " + std::to_string(n_pos);
            plural_sig = true;
        } else {
            sig = std::to_string(n_pos);
            plural_sig = n_pos != 1;
        }
        std::string kwonly_sig;
        if (kwonly_given > 0) {
            kwonly_sig = " positional argument" + std::string(argc != 1 ? "s" : "") + " (and " +
                         std::to_string(kwonly_given) + " keyword-only argument" + (kwonly_given != 1 ? "s" : "") + ")";
        }
        raise(types().type_error, fn->qualname + "() takes " + sig + " positional argument" + (plural_sig ? "s" : "") +
                                      " but " + std::to_string(argc) + kwonly_sig + " " +
                                      (argc == 1 && kwonly_given == 0 ? "was" : "were") + " given");
    }
    // Defaults, then what is still missing.
    const std::size_t first_default = n_pos - fn->defaults.size();
    std::vector<std::string> missing;
    for (std::size_t i = 0; i < n_pos; ++i) {
        if (!slots[i].is_unbound()) continue;
        if (i >= first_default) slots[i] = fn->defaults[i - first_default];
        else missing.push_back(pos_name(i));
    }
    if (!missing.empty()) {
        raise(types().type_error, fn->qualname + "() missing " + std::to_string(missing.size()) + " required positional " +
                                      plural(missing.size(), "argument") + ": " + quoted_names(missing));
    }
    for (std::size_t i = 0; i < n_kwonly; ++i) {
        Value& s = slots[kwonly_start + i];
        if (!s.is_unbound()) continue;
        if (fn->has_kw_default[i]) s = fn->kw_defaults[i];
        else missing.push_back(p.kwonlyargs[i].arg);
    }
    if (!missing.empty()) {
        raise(types().type_error, fn->qualname + "() missing " + std::to_string(missing.size()) + " required keyword-only " +
                                      plural(missing.size(), "argument") + ": " + quoted_names(missing));
    }
}

}  // namespace tlab
