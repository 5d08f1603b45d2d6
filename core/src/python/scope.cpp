// scope.cpp — the scope pass: CPython's symtable, reduced to what the subset needs.
//
// Two walks. The first records, for every scope (module, def, lambda, comprehension, class), the
// names it binds, declares global/nonlocal and uses. The second decides each name's home (local
// slot, cell, free through a closure, or global) the way CPython's analyze_name does, then writes
// it into every Name node.
#include "python/scope.hpp"

#include <algorithm>
#include <set>

namespace tlab {
namespace {

struct Info {
    Scope* scope = nullptr;
    Info* parent = nullptr;
    std::vector<std::string> params;  // in order
    std::vector<std::string> bound;   // in first-binding order (params excluded)
    std::set<std::string> bound_set;
    std::set<std::string> global_decl, nonlocal_decl;
    std::set<std::string> used;
    std::vector<Name*> names;  // every Name node of this scope
    std::vector<Info*> children;
    std::set<std::string> cells;  // locals an inner scope captures
    std::vector<std::string> frees;
    Pos decl_pos;
};

class Collector {
public:
    explicit Collector(Module& m) : module_(m) {}
    std::vector<std::unique_ptr<Info>> infos;
    std::string error;
    Pos error_pos;

    Info* open(Scope::Type type, const std::string& name, Info* parent) {
        infos.push_back(std::make_unique<Info>());
        Info* info = infos.back().get();
        info->scope = module_.new_scope();
        info->scope->type = type;
        info->scope->name = name;
        info->parent = parent;
        if (parent != nullptr) {
            info->scope->parent = parent->scope;
            parent->children.push_back(info);
        }
        return info;
    }

    void bind(Info* in, const std::string& name) {
        if (std::find(in->params.begin(), in->params.end(), name) != in->params.end()) return;
        if (in->bound_set.insert(name).second) in->bound.push_back(name);
    }

    void params(Info* in, const Arguments& a) {
        auto add = [&](const Arg& x) {
            if (std::find(in->params.begin(), in->params.end(), x.arg) != in->params.end()) {
                fail("duplicate argument '" + x.arg + "' in function definition", x.pos);
            }
            in->params.push_back(x.arg);
        };
        for (const Arg& x : a.posonlyargs) add(x);
        for (const Arg& x : a.args) add(x);
        if (a.has_vararg) add(a.vararg);
        for (const Arg& x : a.kwonlyargs) add(x);
        if (a.has_kwarg) add(a.kwarg);
    }

    void fail(const std::string& message, const Pos& pos) {
        if (error.empty()) {
            error = message;
            error_pos = pos;
        }
    }

    void target(Info* in, Expr* e) {
        if (e == nullptr) return;
        switch (e->kind) {
            case ExprKind::name: {
                auto* n = static_cast<Name*>(e);
                bind(in, n->id);
                in->names.push_back(n);
                return;
            }
            case ExprKind::tuple:
                for (Expr* x : static_cast<TupleExpr*>(e)->elts) target(in, x);
                return;
            case ExprKind::list:
                for (Expr* x : static_cast<ListExpr*>(e)->elts) target(in, x);
                return;
            case ExprKind::starred: target(in, static_cast<Starred*>(e)->value); return;
            default: expr(in, e); return;  // a.b = ..., a[i] = ...: uses a (and i)
        }
    }

    void exprs(Info* in, const std::vector<Expr*>& es) {
        for (Expr* e : es) expr(in, e);
    }

    void comprehension(Info* in, Comp* c, const char* name) {
        // The first iterable is evaluated in the enclosing scope; the rest in the comprehension's.
        expr(in, c->generators.front().iter);
        Info* inner = open(Scope::Type::comprehension, name, in);
        c->scope = inner->scope;
        for (std::size_t g = 0; g < c->generators.size(); ++g) {
            Comprehension& gen = c->generators[g];
            target(inner, gen.target);
            if (g > 0) expr(inner, gen.iter);
            exprs(inner, gen.ifs);
        }
        expr(inner, c->elt);
        expr(inner, c->key);
        expr(inner, c->value);
    }

    void expr(Info* in, Expr* e) {
        if (e == nullptr) return;
        switch (e->kind) {
            case ExprKind::name: {
                auto* n = static_cast<Name*>(e);
                if (n->ctx == Ctx::load) in->used.insert(n->id);
                else bind(in, n->id);
                in->names.push_back(n);
                return;
            }
            case ExprKind::constant:
            case ExprKind::unsupported: return;
            case ExprKind::joined_str: exprs(in, static_cast<JoinedStr*>(e)->values); return;
            case ExprKind::formatted_value: {
                auto* f = static_cast<FormattedValue*>(e);
                expr(in, f->value);
                expr(in, f->format_spec);
                return;
            }
            case ExprKind::list: {
                auto* l = static_cast<ListExpr*>(e);
                if (l->ctx == Ctx::load) exprs(in, l->elts);
                else target(in, e);
                return;
            }
            case ExprKind::tuple: {
                auto* t = static_cast<TupleExpr*>(e);
                if (t->ctx == Ctx::load) exprs(in, t->elts);
                else target(in, e);
                return;
            }
            case ExprKind::dict: {
                auto* d = static_cast<DictExpr*>(e);
                exprs(in, d->keys);
                exprs(in, d->values);
                return;
            }
            case ExprKind::set: exprs(in, static_cast<SetExpr*>(e)->elts); return;
            case ExprKind::bin_op: {
                auto* b = static_cast<BinOp*>(e);
                expr(in, b->left);
                expr(in, b->right);
                return;
            }
            case ExprKind::unary_op: expr(in, static_cast<UnaryOp*>(e)->operand); return;
            case ExprKind::bool_op: exprs(in, static_cast<BoolOp*>(e)->values); return;
            case ExprKind::compare: {
                auto* c = static_cast<Compare*>(e);
                expr(in, c->left);
                exprs(in, c->comparators);
                return;
            }
            case ExprKind::call: {
                auto* c = static_cast<Call*>(e);
                expr(in, c->func);
                exprs(in, c->args);
                for (Keyword& k : c->keywords) expr(in, k.value);
                return;
            }
            case ExprKind::attribute: expr(in, static_cast<Attribute*>(e)->value); return;
            case ExprKind::subscript: {
                auto* s = static_cast<Subscript*>(e);
                expr(in, s->value);
                expr(in, s->slice);
                return;
            }
            case ExprKind::slice: {
                auto* s = static_cast<SliceExpr*>(e);
                expr(in, s->lower);
                expr(in, s->upper);
                expr(in, s->step);
                return;
            }
            case ExprKind::if_exp: {
                auto* i = static_cast<IfExp*>(e);
                expr(in, i->test);
                expr(in, i->body);
                expr(in, i->orelse);
                return;
            }
            case ExprKind::lambda: {
                auto* l = static_cast<Lambda*>(e);
                exprs(in, l->args.defaults);
                exprs(in, l->args.kw_defaults);
                Info* inner = open(Scope::Type::lambda, "<lambda>", in);
                l->scope = inner->scope;
                params(inner, l->args);
                expr(inner, l->body);
                return;
            }
            case ExprKind::list_comp: comprehension(in, static_cast<Comp*>(e), "<listcomp>"); return;
            case ExprKind::set_comp: comprehension(in, static_cast<Comp*>(e), "<setcomp>"); return;
            case ExprKind::dict_comp: comprehension(in, static_cast<Comp*>(e), "<dictcomp>"); return;
            case ExprKind::generator_exp: comprehension(in, static_cast<Comp*>(e), "<genexpr>"); return;
            case ExprKind::starred: expr(in, static_cast<Starred*>(e)->value); return;
            case ExprKind::named_expr: {
                auto* n = static_cast<NamedExpr*>(e);
                expr(in, n->value);
                // := binds in the nearest enclosing scope that is not a comprehension.
                Info* home = in;
                while (home->scope->type == Scope::Type::comprehension && home->parent) home = home->parent;
                auto* name = static_cast<Name*>(n->target);
                bind(home, name->id);
                if (home != in) in->nonlocal_decl.insert(name->id);  // reach it through the chain
                in->names.push_back(name);
                return;
            }
        }
    }

    void stmts(Info* in, const std::vector<Stmt*>& body) {
        for (Stmt* s : body) stmt(in, s);
    }

    void declare(Info* in, Global* g, bool global) {
        for (const std::string& name : g->names) {
            const bool is_param = std::find(in->params.begin(), in->params.end(), name) != in->params.end();
            if (is_param) {
                fail("name '" + name + "' is parameter and " + (global ? "global" : "nonlocal"), g->pos);
            } else if (in->used.count(name)) {
                fail("name '" + name + "' is used prior to " + (global ? "global" : "nonlocal") + " declaration", g->pos);
            } else if (in->bound_set.count(name)) {
                fail("name '" + name + "' is assigned to before " + (global ? "global" : "nonlocal") + " declaration", g->pos);
            }
            if (!global && in->scope->type == Scope::Type::module) {
                fail("nonlocal declaration not allowed at module level", g->pos);
            }
            (global ? in->global_decl : in->nonlocal_decl).insert(name);
            in->decl_pos = g->pos;
        }
    }

    void stmt(Info* in, Stmt* s) {
        switch (s->kind) {
            case StmtKind::expr: expr(in, static_cast<ExprStmt*>(s)->value); return;
            case StmtKind::assign: {
                auto* a = static_cast<Assign*>(s);
                expr(in, a->value);
                for (Expr* t : a->targets) target(in, t);
                return;
            }
            case StmtKind::aug_assign: {
                auto* a = static_cast<AugAssign*>(s);
                expr(in, a->value);
                if (a->target->kind == ExprKind::name) {
                    auto* n = static_cast<Name*>(a->target);
                    bind(in, n->id);
                    in->names.push_back(n);
                } else {
                    expr(in, a->target);
                }
                return;
            }
            case StmtKind::ann_assign: {
                auto* a = static_cast<AnnAssign*>(s);
                expr(in, a->value);
                if (a->simple && in->scope->type == Scope::Type::module) expr(in, a->annotation);
                if (a->value != nullptr || a->target->kind == ExprKind::name) target(in, a->target);
                return;
            }
            case StmtKind::if_: {
                auto* i = static_cast<If*>(s);
                expr(in, i->test);
                stmts(in, i->body);
                stmts(in, i->orelse);
                return;
            }
            case StmtKind::for_: {
                auto* f = static_cast<For*>(s);
                expr(in, f->iter);
                target(in, f->target);
                stmts(in, f->body);
                stmts(in, f->orelse);
                return;
            }
            case StmtKind::while_: {
                auto* w = static_cast<While*>(s);
                expr(in, w->test);
                stmts(in, w->body);
                stmts(in, w->orelse);
                return;
            }
            case StmtKind::return_: expr(in, static_cast<Return*>(s)->value); return;
            case StmtKind::function_def: {
                auto* f = static_cast<FunctionDef*>(s);
                exprs(in, f->decorator_list);
                exprs(in, f->args.defaults);
                exprs(in, f->args.kw_defaults);
                bind(in, f->name);
                Info* inner = open(Scope::Type::function, f->name, in);
                f->scope = inner->scope;
                params(inner, f->args);
                stmts(inner, f->body);
                return;
            }
            case StmtKind::class_def: {
                auto* c = static_cast<ClassDef*>(s);
                exprs(in, c->decorator_list);
                exprs(in, c->bases);
                for (Keyword& k : c->keywords) expr(in, k.value);
                bind(in, c->name);
                Info* inner = open(Scope::Type::class_body, c->name, in);
                c->scope = inner->scope;
                stmts(inner, c->body);
                return;
            }
            case StmtKind::try_: {
                auto* t = static_cast<Try*>(s);
                stmts(in, t->body);
                for (ExceptHandler& h : t->handlers) {
                    expr(in, h.type);
                    if (!h.name.empty()) bind(in, h.name);
                    stmts(in, h.body);
                }
                stmts(in, t->orelse);
                stmts(in, t->finalbody);
                return;
            }
            case StmtKind::raise: {
                auto* r = static_cast<Raise*>(s);
                expr(in, r->exc);
                expr(in, r->cause);
                return;
            }
            case StmtKind::assert_: {
                auto* a = static_cast<Assert*>(s);
                expr(in, a->test);
                expr(in, a->msg);
                return;
            }
            case StmtKind::import:
                for (Alias& a : static_cast<Import*>(s)->names) {
                    bind(in, !a.asname.empty() ? a.asname : a.name.substr(0, a.name.find('.')));
                }
                return;
            case StmtKind::import_from:
                for (Alias& a : static_cast<ImportFrom*>(s)->names) {
                    if (a.name != "*") bind(in, !a.asname.empty() ? a.asname : a.name);
                }
                return;
            case StmtKind::global: declare(in, static_cast<Global*>(s), true); return;
            case StmtKind::nonlocal: declare(in, static_cast<Global*>(s), false); return;
            case StmtKind::del:
                for (Expr* t : static_cast<Delete*>(s)->targets) target(in, t);
                return;
            case StmtKind::break_:
            case StmtKind::continue_:
            case StmtKind::pass:
            case StmtKind::unsupported: return;
        }
    }

private:
    Module& module_;
};

bool is_function_like(const Info* in) {
    return in->scope->type == Scope::Type::function || in->scope->type == Scope::Type::lambda ||
           in->scope->type == Scope::Type::comprehension;
}

bool is_local(const Info* in, const std::string& name) {
    if (!is_function_like(in)) return false;
    if (in->global_decl.count(name) || in->nonlocal_decl.count(name)) return false;
    return in->bound_set.count(name) ||
           std::find(in->params.begin(), in->params.end(), name) != in->params.end();
}

// The function scope that owns `name` for a reference from `from` (not global), or null.
Info* owner_of(Info* from, const std::string& name) {
    for (Info* s = from->parent; s != nullptr; s = s->parent) {
        if (s->scope->type == Scope::Type::class_body) continue;  // class scopes are not enclosing
        if (s->scope->type == Scope::Type::module) return nullptr;
        if (s->global_decl.count(name)) return nullptr;
        if (is_local(s, name)) return s;
    }
    return nullptr;
}

void add_free(Info* in, const std::string& name) {
    if (std::find(in->frees.begin(), in->frees.end(), name) == in->frees.end()) in->frees.push_back(name);
}

// Marks `name` free in every scope from `from` up to (not including) `owner`, and a cell there.
void capture(Info* from, Info* owner, const std::string& name) {
    owner->cells.insert(name);
    for (Info* s = from; s != owner; s = s->parent) {
        if (s->scope->type != Scope::Type::class_body) add_free(s, name);
    }
}

}  // namespace

std::string resolve_scopes(Module& module, Pos& error_pos) {
    Collector c(module);
    Info* top = c.open(Scope::Type::module, "<module>", nullptr);
    module.scope = top->scope;
    c.stmts(top, module.body);
    if (!c.error.empty()) {
        error_pos = c.error_pos;
        return c.error;
    }
    // Which names each scope captures from an enclosing function (innermost scopes last in
    // `infos`, so walking them all covers every reference).
    for (auto& up : c.infos) {
        Info* in = up.get();
        if (in->scope->type == Scope::Type::module) continue;
        for (Name* n : in->names) {
            if (is_local(in, n->id) || in->global_decl.count(n->id)) continue;
            if (in->scope->type == Scope::Type::class_body && in->bound_set.count(n->id)) continue;
            if (Info* owner = owner_of(in, n->id)) capture(in, owner, n->id);
            else if (in->nonlocal_decl.count(n->id)) {
                c.fail("no binding for nonlocal '" + n->id + "' found", in->decl_pos);
            }
        }
    }
    if (!c.error.empty()) {
        error_pos = c.error_pos;
        return c.error;
    }
    // Slots: parameters, other locals, then frees; decide every Name.
    for (auto& up : c.infos) {
        Info* in = up.get();
        Scope* sc = in->scope;
        if (is_function_like(in)) {
            auto slot = [&](const std::string& name) {
                sc->slot_of[name] = static_cast<int>(sc->slots.size());
                sc->slots.push_back(name);
            };
            for (const std::string& p : in->params) slot(p);
            sc->n_params = static_cast<int>(in->params.size());
            for (const std::string& b : in->bound) {
                if (is_local(in, b) && !sc->slot_of.count(b)) slot(b);
            }
            for (const std::string& f : in->frees) {
                slot(f);
                sc->free_slots.push_back(sc->slot_of[f]);
                sc->free_names.push_back(f);
            }
            for (const std::string& cell : in->cells) sc->cell_slots.push_back(sc->slot_of.at(cell));
            std::sort(sc->cell_slots.begin(), sc->cell_slots.end());
        } else if (in->scope->type == Scope::Type::class_body) {
            for (const std::string& f : in->frees) sc->free_names.push_back(f);
        }
        sc->globals.assign(in->global_decl.begin(), in->global_decl.end());
        for (Name* n : in->names) {
            auto it = sc->slot_of.find(n->id);
            if (in->scope->type == Scope::Type::class_body &&
                std::find(in->frees.begin(), in->frees.end(), n->id) != in->frees.end()) {
                n->scope = NameScope::free;  // slot -1: the evaluator refuses it (rare)
                continue;
            }
            if (!is_function_like(in) || it == sc->slot_of.end() || in->global_decl.count(n->id)) {
                n->scope = NameScope::global;
                continue;
            }
            n->slot = it->second;
            const bool is_free = std::find(in->frees.begin(), in->frees.end(), n->id) != in->frees.end();
            n->scope = is_free ? NameScope::free : in->cells.count(n->id) ? NameScope::cell : NameScope::local;
        }
    }
    return {};
}

}  // namespace tlab
