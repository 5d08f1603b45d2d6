// The parser against CPython 3.11: the trees and positions Python's ast module gives (golden
// ast_cases.json), the syntax errors compile() raises (golden syntax_cases.json), and what the
// kernel refuses later (unsupported constructs) or must survive (any input, nested deeply).
#include <cstdint>
#include <deque>
#include <random>
#include <string>

#include <catch2/catch.hpp>

#include "python/parser.hpp"
#include "test_support.hpp"

namespace {

using nlohmann::json;
using namespace tlab;

const char* ctx_name(Ctx c) { return c == Ctx::load ? "Load" : c == Ctx::store ? "Store" : "Del"; }

const char* binop_name(BinOpKind k) {
    static const char* const names[] = {"Add",    "Sub",    "Mult",  "MatMult", "Div",    "Mod",     "Pow",
                                        "LShift", "RShift", "BitOr", "BitXor",  "BitAnd", "FloorDiv"};
    return names[static_cast<int>(k)];
}

const char* cmpop_name(CmpOpKind k) {
    static const char* const names[] = {"Eq", "NotEq", "Lt", "LtE", "Gt", "GtE", "Is", "IsNot", "In", "NotIn"};
    return names[static_cast<int>(k)];
}

std::string hex(const std::string& bytes) {
    static const char digits[] = "0123456789abcdef";
    std::string out;
    for (unsigned char c : bytes) {
        out += digits[c >> 4];
        out += digits[c & 15];
    }
    return out;
}

// One node of Python's ast.walk: the kinds that carry a position, and the two that do not
// (arguments, comprehension) but whose children come in the walk.
struct Walk {
    enum Kind { expr, stmt, arguments, comprehension, keyword, arg, alias, handler } kind;
    const void* p;
};

json record(const char* type, const Pos& pos) { return json::array({type, pos.line, pos.col, pos.end_line, pos.end_col}); }

// The record gen_ast_cases.py writes for a node, and its children in field order.
json describe(const Walk& w, std::vector<Walk>& kids) {
    auto e = [&](const Expr* x) {
        if (x != nullptr) kids.push_back({Walk::expr, x});
    };
    auto es = [&](const std::vector<Expr*>& v) {
        for (const Expr* x : v) e(x);
    };
    auto ss = [&](const std::vector<Stmt*>& v) {
        for (const Stmt* x : v) kids.push_back({Walk::stmt, x});
    };
    auto kws = [&](const std::vector<Keyword>& v) {
        for (const Keyword& k : v) kids.push_back({Walk::keyword, &k});
    };
    switch (w.kind) {
        case Walk::arguments: {
            const auto* a = static_cast<const Arguments*>(w.p);
            for (const Arg& x : a->posonlyargs) kids.push_back({Walk::arg, &x});
            for (const Arg& x : a->args) kids.push_back({Walk::arg, &x});
            if (a->has_vararg) kids.push_back({Walk::arg, &a->vararg});
            for (const Arg& x : a->kwonlyargs) kids.push_back({Walk::arg, &x});
            es(a->kw_defaults);
            if (a->has_kwarg) kids.push_back({Walk::arg, &a->kwarg});
            es(a->defaults);
            return nullptr;
        }
        case Walk::comprehension: {
            const auto* c = static_cast<const Comprehension*>(w.p);
            e(c->target);
            e(c->iter);
            es(c->ifs);
            return nullptr;
        }
        case Walk::keyword: {
            const auto* k = static_cast<const Keyword*>(w.p);
            e(k->value);
            json r = record("keyword", k->pos);
            r.push_back(k->arg);
            return r;
        }
        case Walk::arg: {
            const auto* a = static_cast<const Arg*>(w.p);
            e(a->annotation);
            json r = record("arg", a->pos);
            r.push_back(a->arg);
            return r;
        }
        case Walk::alias: {
            const auto* a = static_cast<const Alias*>(w.p);
            json r = record("alias", a->pos);
            r.push_back(a->name);
            r.push_back(a->asname);
            return r;
        }
        case Walk::handler: {
            const auto* h = static_cast<const ExceptHandler*>(w.p);
            e(h->type);
            ss(h->body);
            json r = record("ExceptHandler", h->pos);
            r.push_back(h->name);
            return r;
        }
        case Walk::stmt: break;
        case Walk::expr: break;
    }
    if (w.kind == Walk::stmt) {
        const auto* s = static_cast<const Stmt*>(w.p);
        switch (s->kind) {
            case StmtKind::expr: e(static_cast<const ExprStmt*>(s)->value); return record("Expr", s->pos);
            case StmtKind::assign:
                es(static_cast<const Assign*>(s)->targets);
                e(static_cast<const Assign*>(s)->value);
                return record("Assign", s->pos);
            case StmtKind::aug_assign: {
                const auto* a = static_cast<const AugAssign*>(s);
                e(a->target);
                e(a->value);
                json r = record("AugAssign", s->pos);
                r.push_back(binop_name(a->op));
                return r;
            }
            case StmtKind::ann_assign: {
                const auto* a = static_cast<const AnnAssign*>(s);
                e(a->target);
                e(a->annotation);
                e(a->value);
                json r = record("AnnAssign", s->pos);
                r.push_back(a->simple ? 1 : 0);
                return r;
            }
            case StmtKind::if_:
                e(static_cast<const If*>(s)->test);
                ss(static_cast<const If*>(s)->body);
                ss(static_cast<const If*>(s)->orelse);
                return record("If", s->pos);
            case StmtKind::for_:
                e(static_cast<const For*>(s)->target);
                e(static_cast<const For*>(s)->iter);
                ss(static_cast<const For*>(s)->body);
                ss(static_cast<const For*>(s)->orelse);
                return record("For", s->pos);
            case StmtKind::while_:
                e(static_cast<const While*>(s)->test);
                ss(static_cast<const While*>(s)->body);
                ss(static_cast<const While*>(s)->orelse);
                return record("While", s->pos);
            case StmtKind::break_: return record("Break", s->pos);
            case StmtKind::continue_: return record("Continue", s->pos);
            case StmtKind::pass: return record("Pass", s->pos);
            case StmtKind::return_: e(static_cast<const Return*>(s)->value); return record("Return", s->pos);
            case StmtKind::function_def: {
                const auto* f = static_cast<const FunctionDef*>(s);
                kids.push_back({Walk::arguments, &f->args});
                ss(f->body);
                es(f->decorator_list);
                e(f->returns);
                json r = record("FunctionDef", s->pos);
                r.push_back(f->name);
                return r;
            }
            case StmtKind::class_def: {
                const auto* c = static_cast<const ClassDef*>(s);
                es(c->bases);
                kws(c->keywords);
                ss(c->body);
                es(c->decorator_list);
                json r = record("ClassDef", s->pos);
                r.push_back(c->name);
                return r;
            }
            case StmtKind::try_: {
                const auto* t = static_cast<const Try*>(s);
                ss(t->body);
                for (const ExceptHandler& h : t->handlers) kids.push_back({Walk::handler, &h});
                ss(t->orelse);
                ss(t->finalbody);
                return record("Try", s->pos);
            }
            case StmtKind::raise:
                e(static_cast<const Raise*>(s)->exc);
                e(static_cast<const Raise*>(s)->cause);
                return record("Raise", s->pos);
            case StmtKind::assert_:
                e(static_cast<const Assert*>(s)->test);
                e(static_cast<const Assert*>(s)->msg);
                return record("Assert", s->pos);
            case StmtKind::import:
                for (const Alias& a : static_cast<const Import*>(s)->names) kids.push_back({Walk::alias, &a});
                return record("Import", s->pos);
            case StmtKind::import_from: {
                const auto* i = static_cast<const ImportFrom*>(s);
                for (const Alias& a : i->names) kids.push_back({Walk::alias, &a});
                json r = record("ImportFrom", s->pos);
                r.push_back(i->module);
                r.push_back(i->level);
                return r;
            }
            case StmtKind::global:
            case StmtKind::nonlocal: {
                json r = record(s->kind == StmtKind::global ? "Global" : "Nonlocal", s->pos);
                for (const std::string& n : static_cast<const Global*>(s)->names) r.push_back(n);
                return r;
            }
            case StmtKind::del: es(static_cast<const Delete*>(s)->targets); return record("Delete", s->pos);
            case StmtKind::unsupported: return record("UnsupportedStmt", s->pos);
        }
        return nullptr;
    }
    const auto* x = static_cast<const Expr*>(w.p);
    switch (x->kind) {
        case ExprKind::name: {
            const auto* n = static_cast<const Name*>(x);
            json r = record("Name", x->pos);
            r.push_back(n->id);
            r.push_back(ctx_name(n->ctx));
            return r;
        }
        case ExprKind::constant: {
            const auto* c = static_cast<const Constant*>(x);
            json r = record("Constant", x->pos);
            switch (c->type) {
                case Constant::Type::none: r.push_back("None"); break;
                case Constant::Type::ellipsis: r.push_back("Ellipsis"); break;
                case Constant::Type::boolean: r.push_back("bool"); r.push_back(c->b); break;
                case Constant::Type::integer: r.push_back("int"); r.push_back(c->i); break;
                case Constant::Type::floating:
                    r.push_back("float");
                    if (c->f > 1.7976931348623157e308) r.push_back("inf");
                    else r.push_back(c->f);
                    break;
                case Constant::Type::string: r.push_back("str"); r.push_back(c->s); break;
                case Constant::Type::bytes: r.push_back("bytes"); r.push_back(hex(c->s)); break;
                case Constant::Type::imaginary: r.push_back("complex"); break;
            }
            return r;
        }
        case ExprKind::joined_str: es(static_cast<const JoinedStr*>(x)->values); return record("JoinedStr", x->pos);
        case ExprKind::formatted_value: {
            const auto* f = static_cast<const FormattedValue*>(x);
            e(f->value);
            e(f->format_spec);
            json r = record("FormattedValue", x->pos);
            r.push_back(f->conversion);
            return r;
        }
        case ExprKind::list:
        case ExprKind::tuple: {
            const bool list = x->kind == ExprKind::list;
            es(list ? static_cast<const ListExpr*>(x)->elts : static_cast<const TupleExpr*>(x)->elts);
            json r = record(list ? "List" : "Tuple", x->pos);
            r.push_back(ctx_name(list ? static_cast<const ListExpr*>(x)->ctx : static_cast<const TupleExpr*>(x)->ctx));
            return r;
        }
        case ExprKind::dict:
            es(static_cast<const DictExpr*>(x)->keys);
            es(static_cast<const DictExpr*>(x)->values);
            return record("Dict", x->pos);
        case ExprKind::set: es(static_cast<const SetExpr*>(x)->elts); return record("Set", x->pos);
        case ExprKind::bin_op: {
            const auto* b = static_cast<const BinOp*>(x);
            e(b->left);
            e(b->right);
            json r = record("BinOp", x->pos);
            r.push_back(binop_name(b->op));
            return r;
        }
        case ExprKind::unary_op: {
            static const char* const names[] = {"Invert", "Not", "UAdd", "USub"};
            const auto* u = static_cast<const UnaryOp*>(x);
            e(u->operand);
            json r = record("UnaryOp", x->pos);
            r.push_back(names[static_cast<int>(u->op)]);
            return r;
        }
        case ExprKind::bool_op: {
            const auto* b = static_cast<const BoolOp*>(x);
            es(b->values);
            json r = record("BoolOp", x->pos);
            r.push_back(b->op == BoolOpKind::and_ ? "And" : "Or");
            return r;
        }
        case ExprKind::compare: {
            const auto* c = static_cast<const Compare*>(x);
            e(c->left);
            es(c->comparators);
            json r = record("Compare", x->pos);
            for (CmpOpKind op : c->ops) r.push_back(cmpop_name(op));
            return r;
        }
        case ExprKind::call:
            e(static_cast<const Call*>(x)->func);
            es(static_cast<const Call*>(x)->args);
            kws(static_cast<const Call*>(x)->keywords);
            return record("Call", x->pos);
        case ExprKind::attribute: {
            const auto* a = static_cast<const Attribute*>(x);
            e(a->value);
            json r = record("Attribute", x->pos);
            r.push_back(a->attr);
            r.push_back(ctx_name(a->ctx));
            return r;
        }
        case ExprKind::subscript: {
            const auto* s = static_cast<const Subscript*>(x);
            e(s->value);
            e(s->slice);
            json r = record("Subscript", x->pos);
            r.push_back(ctx_name(s->ctx));
            return r;
        }
        case ExprKind::slice:
            e(static_cast<const SliceExpr*>(x)->lower);
            e(static_cast<const SliceExpr*>(x)->upper);
            e(static_cast<const SliceExpr*>(x)->step);
            return record("Slice", x->pos);
        case ExprKind::if_exp:
            e(static_cast<const IfExp*>(x)->test);
            e(static_cast<const IfExp*>(x)->body);
            e(static_cast<const IfExp*>(x)->orelse);
            return record("IfExp", x->pos);
        case ExprKind::lambda:
            kids.push_back({Walk::arguments, &static_cast<const Lambda*>(x)->args});
            e(static_cast<const Lambda*>(x)->body);
            return record("Lambda", x->pos);
        case ExprKind::list_comp:
        case ExprKind::set_comp:
        case ExprKind::dict_comp:
        case ExprKind::generator_exp: {
            const auto* c = static_cast<const Comp*>(x);
            e(c->elt);
            e(c->key);
            e(c->value);
            for (const Comprehension& g : c->generators) kids.push_back({Walk::comprehension, &g});
            const char* name = x->kind == ExprKind::list_comp  ? "ListComp"
                               : x->kind == ExprKind::set_comp ? "SetComp"
                               : x->kind == ExprKind::dict_comp ? "DictComp"
                                                                : "GeneratorExp";
            return record(name, x->pos);
        }
        case ExprKind::starred: {
            e(static_cast<const Starred*>(x)->value);
            json r = record("Starred", x->pos);
            r.push_back(ctx_name(static_cast<const Starred*>(x)->ctx));
            return r;
        }
        case ExprKind::named_expr:
            e(static_cast<const NamedExpr*>(x)->target);
            e(static_cast<const NamedExpr*>(x)->value);
            return record("NamedExpr", x->pos);
        case ExprKind::unsupported: return record("UnsupportedExpr", x->pos);
    }
    return nullptr;
}

// Python's ast.walk order: breadth first, children in field order.
json walk(const Module& m) {
    json out = json::array();
    std::deque<Walk> todo;
    for (const Stmt* s : m.body) todo.push_back({Walk::stmt, s});
    while (!todo.empty()) {
        const Walk w = todo.front();
        todo.pop_front();
        std::vector<Walk> kids;
        json r = describe(w, kids);
        if (!r.is_null()) out.push_back(r);
        todo.insert(todo.end(), kids.begin(), kids.end());
    }
    return out;
}

json error_json(const SyntaxErrorInfo& e) {
    return {{"type", e.type}, {"msg", e.msg},       {"lineno", e.line},       {"offset", e.offset},
            {"end_lineno", e.end_line}, {"end_offset", e.end_offset}, {"text", e.text}};
}

json expected_error(const json& c) {
    json want = {{"type", c["type"]}, {"msg", c["msg"]}};
    if (c.contains("lineno")) {
        for (const char* k : {"lineno", "offset", "end_lineno", "end_offset"}) want[k] = c[k];
        want["text"] = c["text"].is_null() ? "" : c["text"];
    }
    return want;
}

json actual_error(const json& c, const SyntaxErrorInfo& e) {
    json got = error_json(e);
    if (!c.contains("lineno")) got = {{"type", e.type}, {"msg", e.msg}};
    return got;
}

const Stmt* only_stmt(const ParseResult& r) {
    REQUIRE(r.module != nullptr);
    REQUIRE(r.module->body.size() == 1);
    return r.module->body[0];
}

std::string unsupported_stmt(const std::string& src) {
    const ParseResult r = parse_module(src, "<cell 1>");
    INFO(src << (r.error ? " -> " + r.error->msg : ""));
    const Stmt* s = only_stmt(r);
    REQUIRE(s->kind == StmtKind::unsupported);
    return static_cast<const UnsupportedStmt*>(s)->what;
}

std::string unsupported_expr(const std::string& src) {
    const ParseResult r = parse_module(src, "<cell 1>");
    INFO(src << (r.error ? " -> " + r.error->msg : ""));
    const Stmt* s = only_stmt(r);
    REQUIRE(s->kind == StmtKind::assign);
    const Expr* v = static_cast<const Assign*>(s)->value;
    REQUIRE(v->kind == ExprKind::unsupported);
    return static_cast<const UnsupportedExpr*>(v)->what;
}

}  // namespace

TEST_CASE("every node and position is what Python's ast gives", "[parser]") {
    const json golden = tlab_test::read_json("golden/ast_cases.json");
    REQUIRE(golden["cases"].size() >= 100);
    for (const json& c : golden["cases"]) {
        const std::string src = c["source"];
        INFO(src);
        const ParseResult r = parse_module(src, "<cell 1>");
        if (r.error) INFO("error: " << error_json(*r.error).dump());
        REQUIRE(r.module != nullptr);
        CHECK(walk(*r.module).dump() == c["nodes"].dump());
    }
}

TEST_CASE("syntax errors are reported as CPython's compile() reports them", "[parser]") {
    const json golden = tlab_test::read_json("golden/syntax_cases.json");
    REQUIRE(golden["cases"].size() >= 150);
    for (const json& c : golden["cases"]) {
        const std::string src = c["source"];
        INFO(src);
        const ParseResult r = parse_module(src, "<cell 1>");
        REQUIRE(r.module == nullptr);
        REQUIRE(r.error.has_value());
        CHECK(actual_error(c, *r.error).dump() == expected_error(c).dump());
    }
}

TEST_CASE("a notebook cell's syntax errors are what IPython's compiler reports", "[parser]") {
    // as_cell: compile() with IPython's flags, where that differs ("incomplete input")
    const json golden = tlab_test::read_json("golden/syntax_cases.json");
    int incomplete = 0;
    for (const json& c : golden["cases"]) {
        const std::string src = c["source"];
        INFO(src);
        const json& want = c.contains("as_cell") ? c["as_cell"] : c;
        incomplete += c.contains("as_cell") ? 1 : 0;
        const ParseResult r = parse_module(src, "<cell 1>", SourceKind::cell);
        REQUIRE(r.error.has_value());
        CHECK(actual_error(want, *r.error).dump() == expected_error(want).dump());
    }
    CHECK(incomplete >= 50);
}

TEST_CASE("the known differences from CPython still differ", "[parser]") {
    const json golden = tlab_test::read_json("golden/syntax_cases.json");
    for (const json& c : golden["known_differences"]) {
        const std::string src = c["source"];
        INFO(src << "\n(" << c["reason"].get<std::string>() << ")");
        const ParseResult r = parse_module(src, "<cell 1>");
        const json got = r.error ? actual_error(c, *r.error) : json(nullptr);
        CHECK(got.dump() != expected_error(c).dump());
    }
}

TEST_CASE("constructs outside the kernel's subset parse into named refusals", "[parser]") {
    SECTION("statements") {
        CHECK(unsupported_stmt("with open(f) as g:\n    pass\n") == "'with' statements");
        CHECK(unsupported_stmt("with (a as b, c):\n    pass\n") == "'with' statements");
        CHECK(unsupported_stmt("@dec\ndef f():\n    pass\n") == "decorators");
        CHECK(unsupported_stmt("@a.b(c)\n@d\nclass A:\n    pass\n") == "decorators");
        CHECK(unsupported_stmt("async def f():\n    await g()\n") == "'async def' functions");
        CHECK(unsupported_stmt("match x:\n    case [1, *rest] if rest:\n        pass\n    case {'a': b}:\n        pass\n") ==
              "'match' statements");
        CHECK(unsupported_stmt("try:\n    pass\nexcept* ValueError:\n    pass\n") == "'except*' clauses");
    }
    SECTION("expressions") {
        CHECK(unsupported_expr("x = 9223372036854775808\n") == "integers beyond 64 bits");
        CHECK(unsupported_expr("x = 0x1_0000_0000_0000_0000\n") == "integers beyond 64 bits");
        CHECK(unsupported_expr("x = 2j\n") == "complex numbers");
        CHECK(unsupported_expr("x = 1.5e3J\n") == "complex numbers");
        CHECK(unsupported_expr("x = '\\N{BULLET}'\n") == "\\N{...} escapes");
        const ParseResult y = parse_module("def f():\n    x = yield 1\n    yield from g\n", "<cell 1>");
        REQUIRE(y.module != nullptr);
        const auto* f = static_cast<const FunctionDef*>(y.module->body[0]);
        REQUIRE(f->body.size() == 2);
        const Expr* v = static_cast<const Assign*>(f->body[0])->value;
        REQUIRE(v->kind == ExprKind::unsupported);
        CHECK(static_cast<const UnsupportedExpr*>(v)->what == "'yield' expressions");
    }
    SECTION("match is still a name") {
        const ParseResult r = parse_module("match = [1]\nmatch[0] = 2\nmatch(x)\ncase = _ = 3\n", "<cell 1>");
        REQUIRE(r.module != nullptr);
        CHECK(r.module->body.size() == 4);
        CHECK(r.module->body[0]->kind == StmtKind::assign);
    }
    SECTION("the largest int64 is a plain integer") {
        const ParseResult r = parse_module("x = -9223372036854775807 - 1\n", "<cell 1>");
        REQUIRE(r.module != nullptr);
    }
}

TEST_CASE("the module keeps its normalized source and file name", "[parser]") {
    const ParseResult r = parse_module("\xEF\xBB\xBFx = 1\r\nprint(x)", "<cell 7>");
    REQUIRE(r.module != nullptr);
    CHECK(r.module->source == "x = 1\nprint(x)\n");
    CHECK(r.module->filename == "<cell 7>");
    CHECK(r.module->body[1]->pos.line == 2);
    CHECK(r.module->body[0]->pos.col == 0);
}

TEST_CASE("deep nesting and arbitrary input never crash", "[parser]") {
    SECTION("nesting at CPython's limits") {
        // 199 brackets (the tokenizer allows 200) inside 99 blocks, in both passes
        std::string src;
        for (int i = 0; i < 99; ++i) src += std::string(i, ' ') + "if x:\n";
        src += std::string(99, ' ') + "y = " + std::string(199, '[') + std::string(199, ']') + "\n";
        CHECK(parse_module(src, "<cell 1>").module != nullptr);
        std::string broken = src;
        broken.insert(broken.size() - 200, "+");  // a syntax error deep inside: the second pass runs
        const ParseResult r = parse_module(broken + " 1 1\n", "<cell 1>");
        CHECK(r.error.has_value());
        CHECK(parse_module("x = " + std::string(1000, '-') + "1\n", "<cell 1>").module != nullptr);
        CHECK(parse_module("x = " + std::string(100000, '(') + "\n", "<cell 1>").error->msg == "too many nested parentheses");
    }
    SECTION("long chains are loops, and trees deeper than CPython compiles are refused") {
        std::string sum = "x = 1";
        for (int i = 0; i < 100000; ++i) sum += "+1";
        CHECK(parse_module(sum + "\n", "<cell 1>").error->type == "RecursionError");
        std::string calls = "f";
        for (int i = 0; i < 20000; ++i) calls += "()";
        CHECK(parse_module(calls + "\n", "<cell 1>").error->type == "RecursionError");
        std::string ifs = "x = a";
        for (int i = 0; i < 20000; ++i) ifs += " if b else a";
        CHECK(parse_module(ifs + "\n", "<cell 1>").error->type == "MemoryError");
        std::string lambdas = "f = ";
        for (int i = 0; i < 20000; ++i) lambdas += "lambda: ";
        CHECK(parse_module(lambdas + "0\n", "<cell 1>").error->type == "MemoryError");
        CHECK(parse_module(std::string(20000, '~') + "x\n", "<cell 1>").error->type == "MemoryError");
        std::string nots;
        for (int i = 0; i < 20000; ++i) nots += "not ";
        CHECK(parse_module(nots + "x\n", "<cell 1>").error->type == "MemoryError");
    }
    SECTION("random token soup") {
        static const char* const pieces[] = {
            "(", ")", "[", "]", "{", "}", ":", ",", ";", "+", "-", "*", "**", "/", "=", "==", ":=", ".", "...",
            "x", "y", "1", "2.5", "'s'", "f'{x}'", "f'{", "if", "else", "for", "in", "not", "lambda", "yield",
            "def", "class", "return", "import", "from", "as", "with", "try", "except", "\n", "\n    ", "\n  ",
            " ", "\\", "#c\n", "@", "await", "async", "match", "case", "'''", "\"", "한", "（", "\t", "\r\n"};
        std::mt19937 rng(12345);
        for (int n = 0; n < 3000; ++n) {
            std::string src;
            const int len = 1 + static_cast<int>(rng() % 40);
            for (int i = 0; i < len; ++i) src += pieces[rng() % (sizeof pieces / sizeof *pieces)];
            const ParseResult r = parse_module(src, "<cell 1>");
            CHECK((r.module != nullptr) != r.error.has_value());
        }
    }
}
