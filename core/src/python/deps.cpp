// deps.cpp — a cell's reads, writes, imports and random-state use, from its AST (after the scope
// pass, which tells module-level names from locals).
#include "python/deps.hpp"

#include <algorithm>

namespace tlab {

namespace {

// Functions and methods that never change their arguments (or self) in place.
const char* const kPureFunctions[] = {
    "print", "len", "str", "repr", "int", "float", "bool", "list", "tuple", "dict", "sorted", "enumerate",
    "zip", "range", "sum", "min", "max", "abs", "round", "isinstance", "type", "format", "any", "all",
    "reversed", "map", "filter", "iter", "chr", "ord", "hasattr", "getattr", "divmod", "pow", "callable",
};
const char* const kPureMethods[] = {
    "sum", "mean", "std", "var", "max", "min", "argmax", "argmin", "prod", "any", "all", "round", "reshape",
    "astype", "copy", "tolist", "item", "flatten", "ravel", "transpose", "dot", "clip", "argsort", "get", "keys",
    "values", "items", "count", "index", "startswith", "endswith", "join", "split", "strip", "lstrip", "rstrip",
    "upper", "lower", "replace", "format", "find", "rfind", "title", "capitalize", "isdigit", "isalpha",
    "zfill", "ljust", "rjust", "center", "head", "tail", "describe", "to_numpy", "splitlines", "partition",
};
// numpy functions that write into an argument.
const char* const kNumpyMutating[] = {"copyto", "put", "fill_diagonal", "place", "putmask"};

bool in_list(const std::string& s, const char* const* b, const char* const* e) {
    return std::find_if(b, e, [&](const char* x) { return s == x; }) != e;
}

template <std::size_t N>
bool in(const std::string& s, const char* const (&list)[N]) {
    return in_list(s, list, list + N);
}

// The name at the root of an attribute/subscript chain: a.b[0].c -> "a".
const Name* root_name(const Expr* e) {
    while (e != nullptr) {
        if (e->kind == ExprKind::name) return static_cast<const Name*>(e);
        if (e->kind == ExprKind::attribute) e = static_cast<const Attribute*>(e)->value;
        else if (e->kind == ExprKind::subscript) e = static_cast<const Subscript*>(e)->value;
        else return nullptr;
    }
    return nullptr;
}

class Walker {
public:
    Walker(const Aliases& a, CellEffects& out) : aliases_(a), out_(out) {}

    void stmts(const std::vector<Stmt*>& body, bool top) {
        for (const Stmt* s : body) stmt(s, top);
    }

    void stmt(const Stmt* s, bool top) {
        switch (s->kind) {
            case StmtKind::expr: {
                const Expr* v = static_cast<const ExprStmt*>(s)->value;
                if (top && is_random_call(v, "seed")) {
                    seed_event();
                    args_of(static_cast<const Call*>(v));
                    return;
                }
                expr(v);
                return;
            }
            case StmtKind::assign: {
                auto* a = static_cast<const Assign*>(s);
                expr(a->value);
                for (const Expr* t : a->targets) target(t);
                std::set<std::string> group;
                for (const Expr* t : a->targets) target_names(t, group);
                sharing_sources(a->value, group);
                if (top) {
                    for (const Expr* t : a->targets) target_names(t, bound_);
                }
                if (group.size() > 1) out_.groups.push_back(std::move(group));
                return;
            }
            case StmtKind::aug_assign: {
                auto* a = static_cast<const AugAssign*>(s);
                expr(a->value);
                if (const Name* n = root_name(a->target)) {
                    load(n);
                    write(n);
                }
                if (a->target->kind != ExprKind::name) sub_exprs_of_target(a->target);
                return;
            }
            case StmtKind::ann_assign: {
                auto* a = static_cast<const AnnAssign*>(s);
                expr(a->value);
                if (a->value) target(a->target);
                return;
            }
            case StmtKind::if_: {
                auto* i = static_cast<const If*>(s);
                expr(i->test);
                stmts(i->body, false);
                stmts(i->orelse, false);
                return;
            }
            case StmtKind::for_: {
                auto* f = static_cast<const For*>(s);
                expr(f->iter);
                target(f->target);
                std::set<std::string> group;
                target_names(f->target, group);
                sharing_sources(f->iter, group);
                if (group.size() > 1) out_.groups.push_back(std::move(group));
                stmts(f->body, false);
                stmts(f->orelse, false);
                return;
            }
            case StmtKind::while_: {
                auto* w = static_cast<const While*>(s);
                expr(w->test);
                stmts(w->body, false);
                stmts(w->orelse, false);
                return;
            }
            case StmtKind::return_: expr(static_cast<const Return*>(s)->value); return;
            case StmtKind::function_def: {
                auto* d = static_cast<const FunctionDef*>(s);
                for (const Expr* e : d->args.defaults) expr(e);
                for (const Expr* e : d->args.kw_defaults) expr(e);
                for (const Expr* e : d->decorator_list) expr(e);
                bind(d->name);
                if (top) bound_.insert(d->name);
                stmts(d->body, false);
                return;
            }
            case StmtKind::class_def: {
                auto* c = static_cast<const ClassDef*>(s);
                for (const Expr* e : c->bases) expr(e);
                bind(c->name);
                if (top) bound_.insert(c->name);
                stmts(c->body, false);
                return;
            }
            case StmtKind::try_: {
                auto* t = static_cast<const Try*>(s);
                stmts(t->body, false);
                for (const ExceptHandler& h : t->handlers) {
                    expr(h.type);
                    if (!h.name.empty()) bind(h.name);
                    stmts(h.body, false);
                }
                stmts(t->orelse, false);
                stmts(t->finalbody, false);
                return;
            }
            case StmtKind::raise: {
                auto* r = static_cast<const Raise*>(s);
                expr(r->exc);
                expr(r->cause);
                return;
            }
            case StmtKind::assert_: {
                auto* a = static_cast<const Assert*>(s);
                expr(a->test);
                expr(a->msg);
                return;
            }
            case StmtKind::import:
                for (const Alias& a : static_cast<const Import*>(s)->names) {
                    const std::string n = !a.asname.empty() ? a.asname : a.name.substr(0, a.name.find('.'));
                    if (top) out_.imports.insert(n), bound_.insert(n);
                    else bind(n);
                }
                return;
            case StmtKind::import_from:
                for (const Alias& a : static_cast<const ImportFrom*>(s)->names) {
                    const std::string n = !a.asname.empty() ? a.asname : a.name;
                    if (top) out_.imports.insert(n), bound_.insert(n);
                    else bind(n);
                }
                return;
            case StmtKind::global:
            case StmtKind::nonlocal: return;
            case StmtKind::del:
                for (const Expr* t : static_cast<const Delete*>(s)->targets) {
                    target(t);
                    std::set<std::string> gone;
                    target_names(t, gone);
                    for (const std::string& n : gone) bound_.erase(n);
                }
                return;
            default: return;
        }
    }

    void finish() {
        // A name the cell also binds otherwise is not "only imported".
        for (const std::string& w : out_.writes) out_.imports.erase(w);
    }

private:
    // A name the cell itself bound earlier, on every path, is not read from an earlier cell.
    void load(const Name* n) {
        if (bound_.count(n->id)) return;
        if (n->scope == NameScope::global || n->scope == NameScope::unresolved) out_.reads.insert(n->id);
    }
    void write(const Name* n) {
        if (n->scope == NameScope::global || n->scope == NameScope::unresolved) out_.writes.insert(n->id);
    }
    void bind(const std::string& name) { out_.writes.insert(name); }

    bool is_module_alias(const std::string& n) const {
        return aliases_.numpy.count(n) || aliases_.pyplot.count(n) || aliases_.matplotlib.count(n) || aliases_.random.count(n) ||
               aliases_.pandas.count(n);
    }

    // The global names a store target binds.
    void target_names(const Expr* t, std::set<std::string>& out) const {
        if (t == nullptr) return;
        if (t->kind == ExprKind::name) {
            auto* n = static_cast<const Name*>(t);
            if (n->scope == NameScope::global || n->scope == NameScope::unresolved) out.insert(n->id);
        } else if (t->kind == ExprKind::tuple) {
            for (const Expr* x : static_cast<const TupleExpr*>(t)->elts) target_names(x, out);
        } else if (t->kind == ExprKind::list) {
            for (const Expr* x : static_cast<const ListExpr*>(t)->elts) target_names(x, out);
        } else if (t->kind == ExprKind::starred) {
            target_names(static_cast<const Starred*>(t)->value, out);
        }
    }

    // The names whose objects a value may share: x, x.attr, x[k], x.method(...), and the
    // arguments of zip/enumerate/list-like built-ins; a fresh value (a literal, arithmetic, a
    // module's function) shares nothing.
    void sharing_sources(const Expr* e, std::set<std::string>& out) const {
        if (e == nullptr) return;
        switch (e->kind) {
            case ExprKind::name:
            case ExprKind::attribute:
            case ExprKind::subscript: {
                const Name* n = root_name(e);
                if (n != nullptr && !is_module_alias(n->id) &&
                    (n->scope == NameScope::global || n->scope == NameScope::unresolved)) {
                    out.insert(n->id);
                }
                return;
            }
            case ExprKind::call: {
                auto* c = static_cast<const Call*>(e);
                // np.random.randn(n, d_k): a draw of numbers is a fresh array, sharing nothing with
                // its sizes and parameters (choice and permutation hand back elements they were given).
                for (const char* draw : {"rand", "randn", "randint", "normal", "uniform", "random", "random_sample",
                                         "standard_normal", "binomial", "poisson", "exponential"}) {
                    if (is_random_call(c, draw)) return;
                }
                if (c->func->kind == ExprKind::attribute) {
                    const Expr* owner = static_cast<const Attribute*>(c->func)->value;
                    sharing_sources(owner, out);
                    // np.reshape(x, ...), np.transpose(x), np.asarray(x), np.round(int array):
                    // NumPy's functions may give back a view of an argument, or the argument itself.
                    const Name* root = root_name(owner);
                    if (root != nullptr && (aliases_.numpy.count(root->id) || aliases_.random.count(root->id) ||
                                            aliases_.pandas.count(root->id))) {
                        for (const Expr* a : c->args) sharing_sources(a, out);
                        for (const Keyword& k : c->keywords) sharing_sources(k.value, out);
                    }
                } else if (c->func->kind == ExprKind::name) {
                    static const char* const passing[] = {"zip", "enumerate", "list", "tuple", "reversed", "iter", "sorted"};
                    if (in(static_cast<const Name*>(c->func)->id, passing)) {
                        for (const Expr* a : c->args) sharing_sources(a, out);
                    }
                }
                return;
            }
            case ExprKind::tuple:
                for (const Expr* x : static_cast<const TupleExpr*>(e)->elts) sharing_sources(x, out);
                return;
            case ExprKind::list:
                for (const Expr* x : static_cast<const ListExpr*>(e)->elts) sharing_sources(x, out);
                return;
            default: return;
        }
    }

    void target(const Expr* t) {
        switch (t->kind) {
            case ExprKind::name: write(static_cast<const Name*>(t)); return;
            case ExprKind::tuple:
                for (const Expr* x : static_cast<const TupleExpr*>(t)->elts) target(x);
                return;
            case ExprKind::list:
                for (const Expr* x : static_cast<const ListExpr*>(t)->elts) target(x);
                return;
            case ExprKind::starred: target(static_cast<const Starred*>(t)->value); return;
            case ExprKind::attribute:
            case ExprKind::subscript: {
                if (is_pandas_options(t)) out_.writes_display_options = true;
                if (is_rcparams(t)) {
                    out_.writes_plot_state = true;
                    sub_exprs_of_target(t);
                    return;
                }
                if (const Name* n = root_name(t)) {
                    load(n);
                    write(n);
                }
                sub_exprs_of_target(t);
                return;
            }
            default: expr(t); return;
        }
    }

    // The index expressions inside a store target (a[i] = ... reads i).
    void sub_exprs_of_target(const Expr* t) {
        while (t != nullptr && t->kind != ExprKind::name) {
            if (t->kind == ExprKind::subscript) {
                expr(static_cast<const Subscript*>(t)->slice);
                t = static_cast<const Subscript*>(t)->value;
            } else if (t->kind == ExprKind::attribute) {
                t = static_cast<const Attribute*>(t)->value;
            } else {
                expr(t);
                return;
            }
        }
    }

    // plt.rcParams[...] / matplotlib.rcParams[...] / plt.rcParams.update(...)
    bool is_rcparams(const Expr* t) const {
        for (const Expr* e = t; e != nullptr;) {
            if (e->kind == ExprKind::attribute) {
                auto* a = static_cast<const Attribute*>(e);
                if (a->attr == "rcParams") {
                    const Name* n = root_name(a->value);
                    return n != nullptr && (aliases_.pyplot.count(n->id) || aliases_.matplotlib.count(n->id));
                }
                e = a->value;
            } else if (e->kind == ExprKind::subscript) {
                e = static_cast<const Subscript*>(e)->value;
            } else {
                return false;
            }
        }
        return false;
    }

    // pd.options.<...> (a store into it sets an option).
    bool is_pandas_options(const Expr* t) const {
        for (const Expr* e = t; e != nullptr && e->kind == ExprKind::attribute;) {
            auto* a = static_cast<const Attribute*>(e);
            if (a->attr == "options" && a->value->kind == ExprKind::name &&
                aliases_.pandas.count(static_cast<const Name*>(a->value)->id)) {
                return true;
            }
            e = a->value;
        }
        return false;
    }

    // np.random.<fn>(...), R.<fn>(...) with R = numpy.random, or <fn>(...) imported from it.
    bool is_random_call(const Expr* e, const char* only = nullptr) const {
        if (e == nullptr || e->kind != ExprKind::call) return false;
        const Expr* f = static_cast<const Call*>(e)->func;
        std::string fn;
        if (f->kind == ExprKind::attribute) {
            auto* a = static_cast<const Attribute*>(f);
            fn = a->attr;
            const Expr* base = a->value;
            bool random = false;
            if (base->kind == ExprKind::name) {
                random = aliases_.random.count(static_cast<const Name*>(base)->id) > 0;
            } else if (base->kind == ExprKind::attribute) {
                auto* b = static_cast<const Attribute*>(base);
                random = b->attr == "random" && b->value->kind == ExprKind::name &&
                         aliases_.numpy.count(static_cast<const Name*>(b->value)->id) > 0;
            }
            if (!random) return false;
        } else if (f->kind == ExprKind::name) {
            fn = static_cast<const Name*>(f)->id;
            if (!aliases_.random_functions.count(fn)) return false;
        } else {
            return false;
        }
        return only == nullptr || fn == only;
    }

    void seed_event() {
        out_.uses_random = true;
        if (!seen_random_) seen_random_ = true;  // seeded before any draw
    }

    void draw_event() {
        out_.uses_random = true;
        if (!seen_random_) out_.draws_unseeded = true;
        seen_random_ = true;
    }

    void args_of(const Call* c) {
        for (const Expr* a : c->args) expr(a);
        for (const Keyword& k : c->keywords) expr(k.value);
    }

    void call(const Call* c) {
        if (is_random_call(c)) {
            draw_event();
            args_of(c);
            expr(c->func);
            return;
        }
        const Expr* f = c->func;
        bool pure_args = false;
        if (f->kind == ExprKind::name) {
            auto* n = static_cast<const Name*>(f);
            load(n);
            pure_args = in(n->id, kPureFunctions);
        } else if (f->kind == ExprKind::attribute) {
            auto* a = static_cast<const Attribute*>(f);
            const Name* root = root_name(a->value);
            const bool module_call = root != nullptr && a->value->kind == ExprKind::name &&
                                     (aliases_.numpy.count(root->id) || aliases_.pyplot.count(root->id) ||
                                      aliases_.matplotlib.count(root->id));
            if (root != nullptr && (aliases_.pyplot.count(root->id) || aliases_.matplotlib.count(root->id))) {
                out_.reads_plot_state = true;
            }
            if (a->value->kind == ExprKind::name && aliases_.pandas.count(static_cast<const Name*>(a->value)->id) &&
                (a->attr == "set_option" || a->attr == "reset_option")) {
                out_.writes_display_options = true;
            }
            // pd.DataFrame(rows): a function of the module, which stays as it was; what it is
            // given may end up shared with its result (a frame over an array), so counts as written.
            const bool pandas_call = root != nullptr && a->value->kind == ExprKind::name && aliases_.pandas.count(root->id);
            if (module_call || pandas_call) {
                pure_args = module_call && !in(a->attr, kNumpyMutating);
                load(root);
            } else if (in(a->attr, kPureMethods)) {
                pure_args = true;
                expr(a->value);
            } else {
                // obj.method(...) may change obj.
                if (root != nullptr && !(aliases_.numpy.count(root->id) || aliases_.pyplot.count(root->id))) {
                    load(root);
                    write(root);
                }
                sub_exprs_of_target(a->value);
                if (root == nullptr) expr(a->value);
            }
        } else {
            expr(f);
        }
        for (const Expr* a : c->args) {
            expr(a);
            if (!pure_args) {
                if (const Name* n = root_name(a)) write(n);
            }
        }
        for (const Keyword& k : c->keywords) {
            expr(k.value);
            if (!pure_args) {
                if (const Name* n = root_name(k.value)) write(n);
            }
        }
    }

    void exprs(const std::vector<Expr*>& es) {
        for (const Expr* e : es) expr(e);
    }

    void expr(const Expr* e) {
        if (e == nullptr) return;
        switch (e->kind) {
            case ExprKind::name: {
                auto* n = static_cast<const Name*>(e);
                if (n->ctx == Ctx::load) load(n);
                else write(n);
                return;
            }
            case ExprKind::call: call(static_cast<const Call*>(e)); return;
            case ExprKind::joined_str: exprs(static_cast<const JoinedStr*>(e)->values); return;
            case ExprKind::formatted_value: {
                auto* f = static_cast<const FormattedValue*>(e);
                expr(f->value);
                expr(f->format_spec);
                return;
            }
            case ExprKind::list: exprs(static_cast<const ListExpr*>(e)->elts); return;
            case ExprKind::tuple: exprs(static_cast<const TupleExpr*>(e)->elts); return;
            case ExprKind::set: exprs(static_cast<const SetExpr*>(e)->elts); return;
            case ExprKind::dict: {
                auto* d = static_cast<const DictExpr*>(e);
                exprs(d->keys);
                exprs(d->values);
                return;
            }
            case ExprKind::bin_op: {
                auto* b = static_cast<const BinOp*>(e);
                expr(b->left);
                expr(b->right);
                return;
            }
            case ExprKind::unary_op: expr(static_cast<const UnaryOp*>(e)->operand); return;
            case ExprKind::bool_op: exprs(static_cast<const BoolOp*>(e)->values); return;
            case ExprKind::compare: {
                auto* c = static_cast<const Compare*>(e);
                expr(c->left);
                exprs(c->comparators);
                return;
            }
            case ExprKind::attribute:
                if (is_rcparams(e)) out_.reads_plot_state = true;  // plt.rcParams["..."] read back
                expr(static_cast<const Attribute*>(e)->value);
                return;
            case ExprKind::subscript: {
                auto* s = static_cast<const Subscript*>(e);
                expr(s->value);
                expr(s->slice);
                return;
            }
            case ExprKind::slice: {
                auto* s = static_cast<const SliceExpr*>(e);
                expr(s->lower);
                expr(s->upper);
                expr(s->step);
                return;
            }
            case ExprKind::if_exp: {
                auto* i = static_cast<const IfExp*>(e);
                expr(i->test);
                expr(i->body);
                expr(i->orelse);
                return;
            }
            case ExprKind::lambda: {
                auto* l = static_cast<const Lambda*>(e);
                exprs(l->args.defaults);
                expr(l->body);
                return;
            }
            case ExprKind::list_comp:
            case ExprKind::set_comp:
            case ExprKind::dict_comp:
            case ExprKind::generator_exp: {
                auto* c = static_cast<const Comp*>(e);
                for (const Comprehension& g : c->generators) {
                    expr(g.iter);
                    exprs(g.ifs);
                }
                expr(c->elt);
                expr(c->key);
                expr(c->value);
                return;
            }
            case ExprKind::starred: expr(static_cast<const Starred*>(e)->value); return;
            case ExprKind::named_expr: {
                auto* n = static_cast<const NamedExpr*>(e);
                expr(n->value);
                target(n->target);
                return;
            }
            default: return;
        }
    }

    const Aliases& aliases_;
    CellEffects& out_;
    bool seen_random_ = false;
    std::set<std::string> bound_;  // bound by the cell's top-level statements so far
};

}  // namespace

Aliases find_aliases(const Module& m, Aliases a) {
    for (const Stmt* s : m.body) {
        if (s->kind == StmtKind::import) {
            for (const Alias& al : static_cast<const Import*>(s)->names) {
                const std::string bound = !al.asname.empty() ? al.asname : al.name.substr(0, al.name.find('.'));
                if (al.name == "numpy") a.numpy.insert(bound);
                else if (al.name == "numpy.random" && !al.asname.empty()) a.random.insert(bound);
                else if (al.name == "numpy.random") a.numpy.insert(bound);
                else if (al.name == "matplotlib.pyplot") (al.asname.empty() ? a.matplotlib : a.pyplot).insert(bound);
                else if (al.name == "matplotlib") a.matplotlib.insert(bound);
                else if (al.name == "pandas") a.pandas.insert(bound);
            }
        } else if (s->kind == StmtKind::import_from) {
            auto* f = static_cast<const ImportFrom*>(s);
            for (const Alias& al : f->names) {
                const std::string bound = !al.asname.empty() ? al.asname : al.name;
                if (f->module == "numpy" && al.name == "random") a.random.insert(bound);
                else if (f->module == "numpy.random") a.random_functions.insert(bound);
                else if (f->module == "matplotlib" && al.name == "pyplot") a.pyplot.insert(bound);
            }
        }
    }
    return a;
}

CellEffects analyse_cell(const Module& m, const Aliases& aliases) {
    CellEffects out;
    Walker w(aliases, out);
    w.stmts(m.body, true);
    w.finish();
    return out;
}

}  // namespace tlab
