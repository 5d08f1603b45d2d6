// Params bound to the literals of a lab's code by selectors (tlab/lab_literals.hpp).
#include "tlab/lab_literals.hpp"

#include <algorithm>
#include <cstdint>

#include "python/ast.hpp"
#include "python/parser.hpp"

namespace tlab {
namespace {

using nlohmann::json;

// "np.random.seed" for the callee np.random.seed; empty for anything but names and attributes.
std::string dotted(const Expr* e) {
    if (e->kind == ExprKind::name) return static_cast<const Name*>(e)->id;
    if (e->kind != ExprKind::attribute) return "";
    auto* a = static_cast<const Attribute*>(e);
    const std::string base = dotted(a->value);
    return base.empty() ? "" : base + "." + a->attr;
}

// The value of a literal (see the header), or false when `e` is not one.
bool literal_value(const Expr* e, json& out) {
    switch (e->kind) {
        case ExprKind::constant: {
            auto* c = static_cast<const Constant*>(e);
            if (c->type == Constant::Type::integer) out = c->i;
            else if (c->type == Constant::Type::floating) out = c->f;
            else if (c->type == Constant::Type::boolean) out = c->b;
            else return false;
            return true;
        }
        case ExprKind::unary_op: {
            auto* u = static_cast<const UnaryOp*>(e);
            json v;
            if ((u->op != UnaryOpKind::usub && u->op != UnaryOpKind::uadd) || u->operand->kind != ExprKind::constant ||
                !literal_value(u->operand, v) || !v.is_number()) {
                return false;
            }
            if (u->op == UnaryOpKind::uadd) out = v;
            else if (v.is_number_integer()) out = -v.get<std::int64_t>();
            else out = -v.get<double>();
            return true;
        }
        case ExprKind::list:
        case ExprKind::tuple: {
            const auto& elts = e->kind == ExprKind::list ? static_cast<const ListExpr*>(e)->elts
                                                         : static_cast<const TupleExpr*>(e)->elts;
            out = json::array();
            for (const Expr* x : elts) {
                json v;
                if (!literal_value(x, v)) return false;
                out.push_back(std::move(v));
            }
            return true;
        }
        case ExprKind::call: {
            auto* c = static_cast<const Call*>(e);
            return dotted(c->func) == "np.array" && c->args.size() == 1 && c->keywords.empty() &&
                   c->args[0]->kind == ExprKind::list && literal_value(c->args[0], out);
        }
        default: return false;
    }
}

// A name alone as an assignment's or a loop's target.
bool is_name(const Expr* e, const std::string& id) {
    return e->kind == ExprKind::name && static_cast<const Name*>(e)->id == id;
}

// Byte offset of each line's start (line 1 at index 1).
std::vector<std::size_t> line_starts(const std::string& code) {
    std::vector<std::size_t> starts = {0, 0};
    for (std::size_t k = 0; k < code.size(); ++k) {
        if (code[k] == '\n') starts.push_back(k + 1);
    }
    return starts;
}

std::string describe(const LiteralSelector& s) {
    if (!s.call.empty()) return "argument " + std::to_string(s.arg) + " of " + s.call + "(...)";
    if (!s.assign.empty()) return "the value of `" + s.assign + " = ...`";
    return "the iterable of `for " + s.for_target + " in ...`";
}

}  // namespace

LiteralSelector literal_selector(const json& j) {
    if (!j.is_object()) throw LabFormatError("a selector is an object, e.g. {\"assign\": \"d_k\"}");
    LiteralSelector s;
    int kinds = 0;
    for (const auto& [key, value] : j.items()) {
        if (key == "call" || key == "assign" || key == "for") {
            if (!value.is_string() || value.get<std::string>().empty()) {
                throw LabFormatError("selector field \"" + key + "\": a name, e.g. \"np.random.seed\"");
            }
            ++kinds;
            (key == "call" ? s.call : key == "assign" ? s.assign : s.for_target) = value.get<std::string>();
        } else if (key == "arg" || key == "count") {
            if (!value.is_number_integer() || value.get<std::int64_t>() < (key == "arg" ? 0 : 1) ||
                value.get<std::int64_t>() > 64) {
                throw LabFormatError("selector field \"" + key + "\": an integer from " + (key == "arg" ? "0" : "1") +
                                     " to 64");
            }
            (key == "arg" ? s.arg : s.count) = value.get<int>();
        } else if (key != "step") {  // the step is the lab file's business
            throw LabFormatError("selector field \"" + key + "\": not one of call, arg, assign, for, count");
        }
    }
    if (kinds != 1) throw LabFormatError("a selector names exactly one of call, assign, for");
    if (!s.call.empty() && s.arg < 0) throw LabFormatError("selector field \"arg\": needed with \"call\"");
    if (s.call.empty() && s.arg >= 0) throw LabFormatError("selector field \"arg\": only with \"call\"");
    return s;
}

namespace {

// The literals `sel` finds in `m`, parsed from `code`; throws LabFormatError as find_literals.
std::vector<LiteralPlace> places_in(const Module& m, const std::string& code, const LiteralSelector& sel) {
    std::vector<const Expr*> found;
    int not_literal = 0;
    auto consider = [&](const Expr* e) {
        json ignored;
        if (e != nullptr && literal_value(e, ignored)) found.push_back(e);
        else ++not_literal;
    };
    if (!sel.call.empty()) {
        for (const auto& e : m.all_exprs()) {
            if (e->kind != ExprKind::call) continue;
            auto* c = static_cast<const Call*>(e.get());
            if (dotted(c->func) != sel.call) continue;
            consider(static_cast<std::size_t>(sel.arg) < c->args.size() ? c->args[static_cast<std::size_t>(sel.arg)] : nullptr);
        }
    } else {
        for (const auto& s : m.all_stmts()) {
            if (!sel.assign.empty() && s->kind == StmtKind::assign) {
                auto* a = static_cast<const Assign*>(s.get());
                if (a->targets.size() == 1 && is_name(a->targets[0], sel.assign)) consider(a->value);
            } else if (!sel.for_target.empty() && s->kind == StmtKind::for_) {
                auto* f = static_cast<const For*>(s.get());
                if (is_name(f->target, sel.for_target)) consider(f->iter);
            }
        }
    }
    if (found.size() != static_cast<std::size_t>(sel.count)) {
        std::string why = describe(sel) + ": " + std::to_string(found.size()) + " literal" +
                          (found.size() == 1 ? "" : "s") + " in the code, " + std::to_string(sel.count) + " expected";
        if (not_literal > 0) {
            why += " (" + std::to_string(not_literal) + (not_literal == 1 ? " more place holds" : " more places hold") +
                   " something other than a literal)";
        }
        throw LabFormatError(why);
    }
    const std::vector<std::size_t> starts = line_starts(code);
    std::vector<LiteralPlace> places;
    for (const Expr* e : found) {
        LiteralPlace p;
        p.start = starts.at(static_cast<std::size_t>(e->pos.line)) + static_cast<std::size_t>(e->pos.col);
        p.end = starts.at(static_cast<std::size_t>(e->pos.end_line)) + static_cast<std::size_t>(e->pos.end_col);
        literal_value(e, p.value);
        places.push_back(std::move(p));
    }
    std::sort(places.begin(), places.end(), [](const LiteralPlace& a, const LiteralPlace& b) { return a.start < b.start; });
    return places;
}

}  // namespace

std::vector<LiteralPlace> find_literals(const std::string& code, const LiteralSelector& sel) {
    const ParseResult parsed = parse_module(code, "<lab>");
    if (!parsed.module) {
        throw LabFormatError("the code does not parse: line " + std::to_string(parsed.error->line) + ": " +
                             parsed.error->msg);
    }
    return places_in(*parsed.module, code, sel);
}

std::vector<std::vector<LiteralPlace>> find_each_literals(const std::string& code, const std::vector<LiteralSelector>& sels) {
    std::vector<std::vector<LiteralPlace>> out(sels.size());
    const ParseResult parsed = parse_module(code, "<lab>");
    if (!parsed.module) return out;
    for (std::size_t k = 0; k < sels.size(); ++k) {
        try {
            out[k] = places_in(*parsed.module, code, sels[k]);
        } catch (const LabFormatError&) {
            // another number of literals than its count: none
        }
    }
    return out;
}

}  // namespace tlab
