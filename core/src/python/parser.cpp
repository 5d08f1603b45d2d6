// parser.cpp — Python 3.11 source text to ast.hpp nodes, failing exactly where and how CPython
// 3.11 does.
//
// The shape is CPython's (Parser/pegen.c, Parser/pegen_errors.c, Grammar/python.gram), written
// by hand as recursive descent:
//   * Tokens are read lazily, as CPython's parser reads them; the furthest token read so far is
//     where a generic "invalid syntax" points, so the order of look-ahead matters.
//   * A first pass parses the grammar proper. If it fails, a second pass re-parses with the
//     grammar's invalid_* rules switched on (`inv_`): those recognise common mistakes and raise
//     their specific message. If none fires, the error is "invalid syntax" at the furthest token
//     of the first pass. Where an invalid_* rule sits among a rule's alternatives, this parser
//     tries it at the same point.
//   * An alternative that does not match throws Fail (caught where the grammar has another
//     alternative, which then re-parses from the same token: the rules CPython memoizes are
//     memoized here too, so that stays linear); a raised error throws Stop.
//   * Binary operators use precedence climbing; unary, power, `not`, lambda and conditional
//     chains are loops, so only brackets (at most 200, the tokenizer's limit) and blocks (at
//     most 100) make the C++ stack deeper. CPython's own limits are mirrored: its parser's
//     MAXSTACK (MemoryError) and its compiler's recursion limit (RecursionError).
//   * f-strings are parsed as 3.11's Parser/string_parser.c does, including the positions it
//     gives (each expression re-parsed by a parser of its own).
// After parsing, a pass reports what CPython's symtable and compiler reject in a program that
// parses: duplicate parameters, return/yield/await outside a function, break/continue outside a
// loop, misplaced starred expressions and repeated keyword arguments.
#include "python/parser.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

#include "python/lexer.hpp"

namespace tlab {

namespace {

struct Fail {};  // this alternative does not match
struct Stop {};  // an error is set: unwind

constexpr int kMaxStack = 6000;        // CPython's parser MAXSTACK: deeper is a MemoryError
constexpr int kMaxCompileDepth = 2991;  // statements + expressions nested, as compile() allows

enum MemoRule { kMemoExpression, kMemoNamed, kMemoDisjunction, kMemoBitwiseOr, kMemoStrings, kMemoCount };
struct MemoEntry {
    int end = -2;  // -2: not parsed yet, -1: failed
    Expr* e = nullptr;
};

enum class Targets : std::uint8_t { star, del, for_ };

bool is_legacy(const Expr* e) {
    if (e->kind != ExprKind::name) return false;
    const std::string& id = static_cast<const Name*>(e)->id;
    return id == "print" || id == "exec";
}

// _PyPegen_get_expr_name
const char* expr_name(const Expr* e) {
    switch (e->kind) {
        case ExprKind::attribute: return "attribute";
        case ExprKind::subscript: return "subscript";
        case ExprKind::starred: return "starred";
        case ExprKind::name: return "name";
        case ExprKind::list: return "list";
        case ExprKind::tuple: return "tuple";
        case ExprKind::lambda: return "lambda";
        case ExprKind::call: return "function call";
        case ExprKind::bool_op:
        case ExprKind::bin_op:
        case ExprKind::unary_op: return "expression";
        case ExprKind::generator_exp: return "generator expression";
        case ExprKind::list_comp: return "list comprehension";
        case ExprKind::set_comp: return "set comprehension";
        case ExprKind::dict_comp: return "dict comprehension";
        case ExprKind::dict: return "dict literal";
        case ExprKind::set: return "set display";
        case ExprKind::joined_str:
        case ExprKind::formatted_value: return "f-string expression";
        case ExprKind::compare: return "comparison";
        case ExprKind::if_exp: return "conditional expression";
        case ExprKind::named_expr: return "named expression";
        case ExprKind::constant: {
            const auto* c = static_cast<const Constant*>(e);
            switch (c->type) {
                case Constant::Type::none: return "None";
                case Constant::Type::boolean: return c->b ? "True" : "False";
                case Constant::Type::ellipsis: return "ellipsis";
                default: return "literal";
            }
        }
        case ExprKind::unsupported: {
            const std::string& w = static_cast<const UnsupportedExpr*>(e)->what;
            if (w.compare(0, 6, "'yield") == 0) return "yield expression";
            if (w.compare(0, 6, "'await") == 0) return "await expression";
            if (w.compare(0, 5, "async") == 0) return "list comprehension";
            return "literal";
        }
        default: return "expression";
    }
}

// _PyPegen_get_invalid_target: the part of `e` that cannot be assigned to (or deleted), if any.
Expr* invalid_target(Expr* e, Targets type) {
    if (e == nullptr) return nullptr;
    switch (e->kind) {
        case ExprKind::list:
        case ExprKind::tuple: {
            const auto& elts = e->kind == ExprKind::list ? static_cast<ListExpr*>(e)->elts
                                                          : static_cast<TupleExpr*>(e)->elts;
            for (Expr* x : elts)
                if (Expr* bad = invalid_target(x, type)) return bad;
            return nullptr;
        }
        case ExprKind::starred:
            if (type == Targets::del) return e;
            return invalid_target(static_cast<Starred*>(e)->value, type);
        case ExprKind::compare:
            // `for a in b` reads `a in b` as a comparison: look at its left side
            if (type == Targets::for_) {
                auto* c = static_cast<Compare*>(e);
                return c->ops[0] == CmpOpKind::in ? invalid_target(c->left, type) : nullptr;
            }
            return e;
        case ExprKind::name:
        case ExprKind::subscript:
        case ExprKind::attribute: return nullptr;
        default: return e;
    }
}

// Store or Del context, down through tuples, lists and starred (_PyPegen_set_expr_context).
void set_ctx(Expr* e, Ctx ctx) {
    switch (e->kind) {
        case ExprKind::name: static_cast<Name*>(e)->ctx = ctx; break;
        case ExprKind::attribute: static_cast<Attribute*>(e)->ctx = ctx; break;
        case ExprKind::subscript: static_cast<Subscript*>(e)->ctx = ctx; break;
        case ExprKind::starred:
            static_cast<Starred*>(e)->ctx = ctx;
            set_ctx(static_cast<Starred*>(e)->value, ctx);
            break;
        case ExprKind::list:
            static_cast<ListExpr*>(e)->ctx = ctx;
            for (Expr* x : static_cast<ListExpr*>(e)->elts) set_ctx(x, ctx);
            break;
        case ExprKind::tuple:
            static_cast<TupleExpr*>(e)->ctx = ctx;
            for (Expr* x : static_cast<TupleExpr*>(e)->elts) set_ctx(x, ctx);
            break;
        default: break;
    }
}

// What star_targets / del_targets accept (a Starred directly inside a Starred is not).
bool valid_target(const Expr* e, bool del, bool top = true) {
    switch (e->kind) {
        case ExprKind::name:
        case ExprKind::attribute:
        case ExprKind::subscript: return true;
        case ExprKind::starred: {
            const Expr* v = static_cast<const Starred*>(e)->value;
            return !del && v->kind != ExprKind::starred && valid_target(v, del, false);
        }
        case ExprKind::list:
            for (const Expr* x : static_cast<const ListExpr*>(e)->elts)
                if (!valid_target(x, del, false)) return false;
            return true;
        case ExprKind::tuple:
            for (const Expr* x : static_cast<const TupleExpr*>(e)->elts)
                if (!valid_target(x, del, false)) return false;
            return true;
        default: (void)top; return false;
    }
}

bool is_single_target(const Expr* e) {
    return e->kind == ExprKind::name || e->kind == ExprKind::attribute || e->kind == ExprKind::subscript;
}

// NFKC, as CPython applies it to non-ASCII identifiers, for the one case a Korean keyboard makes
// easy: full-width Latin letters, digits and '_' are their ASCII selves.
std::string identifier(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (int i = 0; i < static_cast<int>(s.size());) {
        const int at = i;
        const std::uint32_t c = decode_utf8(s, i);
        if (c >= 0xFF01 && c <= 0xFF5E) out += static_cast<char>(c - 0xFF01 + 0x21);
        else out.append(s.substr(at, i - at));
    }
    return out;
}

void append_utf8(std::string& out, std::uint32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

int hex_value(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

struct CallArgs {
    std::vector<Expr*> args;
    std::vector<Keyword> kws;
    Pos pos;
};

struct NameDefault {
    Arg arg;
    Expr* value = nullptr;
};

// What a parameter list's rules collect (_PyPegen_make_arguments' inputs).
struct Params {
    std::vector<Arg> slash_plain;                 // slash_no_default, or slash_with_default's plain names
    std::vector<NameDefault> slash_defaults;      // slash_with_default's names with defaults
    bool slash_with_default = false;
    std::vector<Arg> plain;                       // param_no_default*
    std::vector<NameDefault> with_default;        // param_with_default*
    bool has_vararg = false;
    Arg vararg;
    std::vector<NameDefault> kwonly;
    bool has_kwarg = false;
    Arg kwarg;
};

// f-string parts being gathered (string_parser.c's FstringParser).
struct FState {
    std::string last;
    bool has_last = false;
    bool fmode = false;
    std::vector<Expr*> list;
};

class Parser {
public:
    Parser(std::string_view text, Module& m, int line0, int col0, bool fstring)
        : text_(text), m_(m), lx_(text, line0, col0), line0_(line0), col0_(col0), fstring_(fstring) {}

    // CPython's _PyPegen_run_parser: true with body_ (or fstring_expr_) set, else err_.
    bool run();

    std::vector<Stmt*> body_;
    Expr* fstring_expr_ = nullptr;
    SyntaxErrorInfo err_;
    bool allow_incomplete_ = false;  // a notebook cell (SourceKind::cell)

private:
    struct Level {  // CPython's p->level, for its MAXSTACK
        Parser& p;
        int n;
        Level(Parser& parser, int cost) : p(parser), n(cost) {
            p.level_ += n;
            if (p.level_ > kMaxStack) {
                p.level_ -= n;
                p.memory_error();
            }
        }
        ~Level() { p.level_ -= n; }
        void add(int more) {
            p.level_ += more;
            n += more;
            if (p.level_ > kMaxStack) p.memory_error();
        }
        Level(const Level&) = delete;
        Level& operator=(const Level&) = delete;
    };
    struct NoInvalid {  // the grammar's *_without_invalid rules
        Parser& p;
        bool saved;
        explicit NoInvalid(Parser& parser) : p(parser), saved(parser.inv_) { p.inv_ = false; }
        ~NoInvalid() { p.inv_ = saved; }
        NoInvalid(const NoInvalid&) = delete;
        NoInvalid& operator=(const NoInvalid&) = delete;
    };

    // ---- tokens
    void fetch() {
        const Token t = lx_.next();
        toks_.push_back(t);
        memo_.emplace_back();
        if (t.kind == T_ERROR) tokenizer_error();
    }
    const Token& tok(int i) {
        while (static_cast<int>(toks_.size()) <= i) fetch();
        return toks_[i];
    }
    TokKind kind(int k = 0) { return tok(pos_ + k).kind; }
    // Whether a token can begin an expression: a parse that must fail is not tried (a failed
    // alternative costs a C++ exception, and the second pass tries thousands of them).
    bool starts_expr(int k = 0) {
        switch (kind(k)) {
            case T_NAME: case T_NUMBER: case T_STRING: case T_LPAR: case T_LSQB: case T_LBRACE:
            case T_MINUS: case T_PLUS: case T_TILDE: case T_ELLIPSIS: case K_NOT: case K_LAMBDA:
            case K_AWAIT: case K_TRUE: case K_FALSE: case K_NONE: return true;
            default: return false;
        }
    }
    // An optional expression-like part: null, and back where it began, when it does not parse.
    Expr* opt(Expr* (Parser::*rule)(), bool star = false) {
        if (!starts_expr() && !(star && kind() == T_STAR)) return nullptr;
        return attempt(rule);
    }
    bool at(TokKind k) { return kind() == k; }
    void expect(TokKind k) {
        if (kind() != k) throw Fail{};
        ++pos_;
    }
    std::string_view text_of(int i) { return lx_.text_of(tok(i)); }
    bool soft_keyword(int i) {
        if (tok(i).kind != T_NAME) return false;
        const std::string_view s = text_of(i);
        return s == "_" || s == "case" || s == "match";
    }
    Pos tpos(int i) {
        const Token& t = tok(i);
        return {t.line, t.col, t.end_line, t.end_col};
    }
    // The last token the current rule consumed, skipping NEWLINE/INDENT/DEDENT/ENDMARKER
    // (_PyPegen_get_last_nonnwhitespace_token): every node ends there.
    const Token& last_token() {
        int m = pos_ - 1;
        while (m > 0) {
            const TokKind k = toks_[m].kind;
            if (k != T_NEWLINE && k != T_INDENT && k != T_DEDENT && k != T_END) break;
            --m;
        }
        return toks_[m < 0 ? 0 : m];
    }
    Pos span(int start) {
        const Token& a = tok(start);
        const Token& b = last_token();
        return {a.line, a.col, b.end_line, b.end_col};
    }
    template <typename T, typename... A>
    T* node(int start, A&&... a) {
        T* n = m_.node<T>(std::forward<A>(a)...);
        n->pos = span(start);
        return n;
    }
    template <typename F>
    auto attempt(F f) -> decltype(f()) {  // an optional part: on Fail, back to where it began
        const int s = pos_;
        try {
            return f();
        } catch (const Fail&) {
            pos_ = s;
            return {};
        }
    }
    // The same for one rule: one copy of the try/catch for all of them.
    Expr* attempt(Expr* (Parser::*rule)()) {
        const int s = pos_;
        try {
            return (this->*rule)();
        } catch (const Fail&) {
            pos_ = s;
            return nullptr;
        }
    }
    template <typename F>
    bool attempt_do(F f) {
        const int s = pos_;
        try {
            f();
            return true;
        } catch (const Fail&) {
            pos_ = s;
            return false;
        }
    }
    template <typename F>
    Expr* memo(MemoRule rule, F f) {
        const int s = pos_;
        tok(s);
        const MemoEntry m = memo_[s][rule];
        if (m.end == -1) throw Fail{};
        if (m.end >= 0) {
            pos_ = m.end;
            return m.e;
        }
        try {
            Expr* e = f();
            memo_[s][rule] = {pos_, e};
            return e;
        } catch (const Fail&) {
            memo_[s][rule] = {-1, nullptr};
            pos_ = s;
            throw;
        }
    }

    // ---- errors
    std::string error_line(int line) {
        const std::string_view cur = lx_.current_line();
        if (lx_.lineno() - line0_ <= line && !cur.empty()) return std::string(cur);
        return std::string(lx_.line_text(line));
    }
    // _PyPegen_raise_error_known_location: col and end_col are byte offsets counted from 1.
    [[noreturn]] void raise_loc(const char* type, int line, int col, int end_line, int end_col, std::string msg) {
        const std::string text = error_line(line);
        if (fstring_) {
            msg.insert(0, "f-string: ");
            col -= col0_;
            end_col -= col0_;
        }
        err_.type = type;
        err_.msg = std::move(msg);
        err_.line = line;
        err_.offset = char_offset(text, col);
        err_.end_line = end_line;
        err_.end_offset = end_col > 0 ? char_offset(text, end_col) : end_col;
        err_.text = text;
        has_err_ = true;
        throw Stop{};
    }
    // _PyPegen_raise_error: at the last token read (p->tokens[p->fill - 1]).
    [[noreturn]] void raise_at(const Token& t, std::string msg, const char* type = "SyntaxError") {
        const int col = t.col == -1 ? lx_.cur_col() : t.col + 1;
        const int end = t.end_col == -1 ? -1 : t.end_col + 1;
        raise_loc(type, t.line, col, t.end_line, end, std::move(msg));
    }
    [[noreturn]] void raise(std::string msg, const char* type = "SyntaxError") {
        const Token t = toks_.back();
        raise_at(t, std::move(msg), type);
    }
    [[noreturn]] void raise_known(const char* type, int line, int col, int end_line, int end_col, std::string msg) {
        raise_loc(type, line, col + 1, end_line, end_col + 1, std::move(msg));
    }
    [[noreturn]] void raise_node(const Pos& a, std::string msg) {
        raise_known("SyntaxError", a.line, a.col, a.end_line, a.end_col, std::move(msg));
    }
    [[noreturn]] void raise_range(const Pos& a, const Pos& b, std::string msg) {
        raise_known("SyntaxError", a.line, a.col, b.end_line, b.end_col, std::move(msg));
    }
    [[noreturn]] void raise_from(const Pos& a, std::string msg) {  // ..._STARTING_FROM
        raise_loc("SyntaxError", a.line, a.col + 1, lx_.lineno() - line0_, lx_.cur_col(), std::move(msg));
    }
    [[noreturn]] void raise_indent_after(const char* what, int line) {
        raise(join({"expected an indented block after ", what, " on line ", decimal(line)}), "IndentationError");
    }
    [[noreturn]] void memory_error() {
        err_ = SyntaxErrorInfo{};
        err_.type = "MemoryError";
        has_err_ = true;
        throw Stop{};
    }
    [[noreturn]] void unclosed() {
        const int i = lx_.level() - 1;
        raise_known("SyntaxError", lx_.open_line(i) - line0_, lx_.open_col(i), lx_.open_line(i) - line0_, -1,
                    join({"'", lx_.open_bracket(i), "' was never closed"}));
    }
    void take_lexer_error() {
        const LexError& e = lx_.error();
        err_.type = "SyntaxError";
        err_.msg = e.msg;
        err_.line = err_.end_line = e.line - line0_;
        err_.offset = e.offset;
        err_.end_offset = e.end_offset;
        err_.text = e.text;
        has_err_ = true;
    }
    // _Pypegen_tokenizer_error
    [[noreturn]] void tokenizer_error() {
        const int line = lx_.lineno() - line0_;
        switch (lx_.done()) {
            case LexDone::error: take_lexer_error(); throw Stop{};
            case LexDone::eof:
                if (lx_.level() != 0) unclosed();
                raise("unexpected EOF while parsing");
            case LexDone::dedent: raise("unindent does not match any outer indentation level", "IndentationError");
            case LexDone::tabspace:
                raise_known("TabError", line, 0, line, -1, "inconsistent use of tabs and spaces in indentation");
            case LexDone::toodeep: raise_known("IndentationError", line, 0, line, -1, "too many levels of indentation");
            case LexDone::linecont:
                raise_known("SyntaxError", line, lx_.cur_col() - 1, line, -1,
                            "unexpected character after line continuation character");
            default: raise("unknown parsing error");
        }
    }
    // _PyPegen_tokenize_full_source_to_check_for_errors: an error the tokenizer finds further on
    // (an unterminated string, an invalid character, a bracket left open on an earlier line)
    // replaces the one the parser found.
    void tokenize_rest() {
        const int err_line = toks_.back().line;
        for (;;) {
            const Token t = lx_.next();
            if (t.kind == T_ERROR) {
                if (lx_.done() == LexDone::error) {
                    take_lexer_error();
                } else if (lx_.level() != 0 && err_line > lx_.open_line(lx_.level() - 1) - line0_) {
                    try {
                        unclosed();
                    } catch (const Stop&) {
                    }
                }
                return;
            }
            if (t.kind == T_END) return;
        }
    }
    void finish_error() {
        const bool syntax = err_.type == "SyntaxError" || err_.type == "IndentationError" || err_.type == "TabError";
        if (syntax && lx_.done() == LexDone::ok) tokenize_rest();
    }
    // _PyPegen_run_parser with PyPARSE_ALLOW_INCOMPLETE_INPUT: a first pass that failed once the
    // tokenizer had reached the end of the text (inside a string too) is "incomplete input", at
    // the last token read.
    bool incomplete_input() {
        if (!allow_incomplete_ || !(lx_.done() == LexDone::eof || lx_.ended_in_string())) return false;
        err_ = SyntaxErrorInfo{};
        has_err_ = false;
        try {
            raise("incomplete input");
        } catch (const Stop&) {
        }
        return true;
    }
    // _Pypegen_set_syntax_error
    void set_syntax_error(int last) {
        if (has_err_) {
            finish_error();
            return;
        }
        const Token lt = toks_[last];
        try {
            if (lt.kind == T_INDENT || lt.kind == T_DEDENT)
                raise(lt.kind == T_INDENT ? "unexpected indent" : "unexpected unindent", "IndentationError");
            // RAISE_SYNTAX_ERROR_KNOWN_LOCATION: the end marker (column -1) is at column 0
            raise_loc("SyntaxError", lt.line, lt.col + 1, lt.end_line, lt.end_col + 1, "invalid syntax");
        } catch (const Stop&) {
        }
        if (lt.kind != T_INDENT && lt.kind != T_DEDENT) tokenize_rest();
    }

    void top() {
        if (fstring_) {
            fstring_expr_ = star_expressions();
            return;
        }
        Level g(*this, 2);  // with the costs below, chains hit MAXSTACK where CPython's do
        body_.clear();
        while (kind() != T_END) statement(body_);
    }

    // ---- statements
    void statement(std::vector<Stmt*>& out);
    void simple_stmts(std::vector<Stmt*>& out);
    Stmt* simple_stmt();
    Stmt* expr_stmt();
    Stmt* expr_stmt_body(int s);
    Expr* annotated_rhs();
    void invalid_assignment(int s);
    Stmt* import_name();
    Stmt* import_from();
    Alias dotted_as_name();
    std::string dotted_name();
    Stmt* del_stmt();
    std::vector<Stmt*> block();
    std::vector<Stmt*> else_block();
    Stmt* if_stmt(TokKind kw);
    Stmt* while_stmt();
    Stmt* for_stmt(int async_start);
    Stmt* try_stmt();
    bool except_clause(bool star, ExceptHandler& h);
    Stmt* with_stmt(int async_start);
    void with_item();
    Stmt* function_def(int async_start, bool decorated);
    Stmt* class_def(bool decorated);
    Stmt* decorated();
    Stmt* async_stmt();
    Stmt* match_stmt();
    void skip_pattern();
    void block_after(const char* what, int what_line);
    // ---- expressions
    Expr* star_expressions();
    Expr* star_expression();
    Expr* star_named_expression();
    std::vector<Expr*> star_named_expressions();
    Expr* expressions();
    Expr* named_expression();
    Expr* named_expression_raw();
    void invalid_named_expression(int s);
    Expr* assignment_expression();
    Expr* assign_or_expression();
    Expr* expression();
    Expr* expression_raw();
    void invalid_expression(int s);
    Expr* yield_expr();
    Expr* disjunction();
    Expr* conjunction();
    Expr* inversion();
    Expr* comparison();
    Expr* bitwise_or();
    Expr* binary(int min_prec);
    Expr* factor();
    Expr* await_primary();
    Expr* primary();
    Expr* call_trailer(Expr* func, int s);
    Expr* atom();
    Expr* name_node(int i, Ctx ctx);
    Expr* number();
    Expr* paren_atom();
    Expr* tuple_rule();
    Expr* group_rule();
    Expr* genexp();
    Expr* list_atom();
    Expr* brace_atom();
    Expr* dict_rule();
    void invalid_double_starred_kvpairs(int s);
    bool kvpair(Expr*& key, Expr*& value);
    void invalid_comprehension(int s);
    Expr* slices();
    Expr* slice_item();
    Expr* starred_expression();
    std::vector<Comprehension> for_if_clauses();
    bool for_if_clause(Comprehension& g);
    Expr* comp(ExprKind k, int s, Expr* elt, Expr* value, std::vector<Comprehension> gens);
    Expr* star_targets();
    Expr* star_target();
    Expr* unsupported(const char* what, int s);
    // call arguments
    bool args(CallArgs& out);
    Expr* positional_arg();
    bool kwargs(CallArgs& out);
    bool kw_list(CallArgs& out, bool dbl);
    bool kw_item(CallArgs& out, bool dbl);
    void invalid_kwarg();
    bool arguments(CallArgs& out);
    void invalid_arguments(int s);
    // parameters (lam: a lambda's, ending at ':' and without annotations)
    bool params(bool lam, Arguments& out);
    bool parameters(bool lam, Params& p);
    void invalid_parameters(bool lam);
    bool param(bool lam, Arg& a);
    bool param_sep(bool lam);
    bool param_no_default(bool lam, Arg& a);
    bool param_default(Expr*& value);
    bool param_with_default(bool lam, NameDefault& nd);
    bool param_maybe_default(bool lam, NameDefault& nd);
    bool slash_no_default(bool lam, std::vector<Arg>& out);
    bool slash_with_default(bool lam, Params& p);
    bool star_etc(bool lam, Params& p);
    bool kwds(bool lam, Params& p);
    void invalid_star_etc(bool lam);
    void invalid_kwds(bool lam);
    // ---- strings
    Expr* strings();
    Expr* concatenate_strings(int first, int last);
    bool decode_unicode(std::string_view s, std::string& out);
    bool decode_bytes(std::string_view s, std::string& out);
    void fconcat(FState& st, std::string s);
    Expr* fmake_str(FState& st, int first, int last);
    void fstring_concat(FState& st, const char*& str, const char* end, bool raw, int recurse_lvl, int first,
                        int t, int last);
    int fstring_find_literal(const char*& str, const char* end, bool raw, std::string& literal,
                             bool& has_literal, int recurse_lvl);
    Expr* fstring_find_expr(const char*& str, const char* end, bool raw, int recurse_lvl, std::string& expr_text,
                            bool& has_text, int first, int t, int last);
    Expr* fstring_compile_expr(const char* expr_start, const char* expr_end, int t);
    Expr* fstring_finish(FState& st, int first, int last);

    std::string_view text_;
    Module& m_;
    Lexer lx_;
    int line0_, col0_;
    bool fstring_;
    std::vector<Token> toks_;
    std::vector<std::array<MemoEntry, kMemoCount>> memo_;
    int pos_ = 0;
    bool inv_ = false;      // the second pass: invalid_* rules on (CPython's call_invalid_rules)

private:
    bool has_err_ = false;
    bool aug_cut_ = false;  // an augmented assignment passed its cut
    bool unsupported_escape_ = false;
    int level_ = 0;
};

bool Parser::run() {
    try {
        top();
        return true;
    } catch (const Fail&) {
    } catch (const Stop&) {
        if (!incomplete_input()) finish_error();
        return false;
    }
    if (incomplete_input()) return false;
    const int last = static_cast<int>(toks_.size()) - 1;
    pos_ = 0;
    inv_ = true;
    level_ = 0;
    for (auto& m : memo_) m = {};
    try {
        top();
    } catch (const Fail&) {
    } catch (const Stop&) {
    }
    set_syntax_error(last);
    return false;
}

// ============================================================================ statements

void Parser::statement(std::vector<Stmt*>& out) {
    Level g(*this, 2);
    switch (kind()) {
        case K_IF: out.push_back(if_stmt(K_IF)); return;
        case K_WHILE: out.push_back(while_stmt()); return;
        case K_FOR: out.push_back(for_stmt(-1)); return;
        case K_TRY: out.push_back(try_stmt()); return;
        case K_WITH: out.push_back(with_stmt(-1)); return;
        case K_DEF: out.push_back(function_def(-1, false)); return;
        case K_CLASS: out.push_back(class_def(false)); return;
        case T_AT: out.push_back(decorated()); return;
        case K_ASYNC: out.push_back(async_stmt()); return;
        case T_NAME:
            if (text_of(pos_) == "match") {
                if (Stmt* m = attempt([&] { return match_stmt(); })) {
                    out.push_back(m);
                    return;
                }
            }
            break;
        default: break;
    }
    simple_stmts(out);
}

// simple_stmt !';' NEWLINE | ';'.simple_stmt+ [';'] NEWLINE
void Parser::simple_stmts(std::vector<Stmt*>& out) {
    Level g(*this, 2);
    for (;;) {
        out.push_back(simple_stmt());
        if (kind() != T_SEMI) break;
        ++pos_;
        if (kind() == T_NEWLINE) break;
    }
    expect(T_NEWLINE);
}

Stmt* Parser::simple_stmt() {
    const int s = pos_;
    switch (kind()) {
        case K_RETURN: {
            Level g(*this, 1);
            ++pos_;
            Expr* value = opt(&Parser::star_expressions, true);
            auto* r = node<Return>(s);
            r->value = value;
            return r;
        }
        case K_IMPORT: return import_name();
        case K_FROM: return import_from();
        case K_RAISE: {
            ++pos_;
            auto* r = m_.node<Raise>();
            attempt_do([&] {
                r->exc = expression();
                if (kind() == K_FROM) {
                    const int f = pos_;
                    ++pos_;
                    r->cause = opt(&Parser::expression);
                    if (r->cause == nullptr) pos_ = f;
                }
            });
            r->pos = span(s);
            return r;
        }
        case K_PASS: ++pos_; return node<SimpleStmt>(s, StmtKind::pass);
        case K_BREAK: ++pos_; return node<SimpleStmt>(s, StmtKind::break_);
        case K_CONTINUE: ++pos_; return node<SimpleStmt>(s, StmtKind::continue_);
        case K_DEL: return del_stmt();
        case K_ASSERT: {
            ++pos_;
            auto* a = m_.node<Assert>();
            a->test = expression();
            if (kind() == T_COMMA) {
                const int c = pos_;
                ++pos_;
                a->msg = opt(&Parser::expression);
                if (a->msg == nullptr) pos_ = c;
            }
            a->pos = span(s);
            return a;
        }
        case K_GLOBAL:
        case K_NONLOCAL: {
            auto* g = m_.node<Global>(kind() == K_GLOBAL ? StmtKind::global : StmtKind::nonlocal);
            ++pos_;
            if (kind() != T_NAME) throw Fail{};
            for (;;) {
                g->names.push_back(identifier(text_of(pos_)));
                ++pos_;
                if (kind() != T_COMMA || kind(1) != T_NAME) break;
                ++pos_;
            }
            g->pos = span(s);
            return g;
        }
        default: return expr_stmt();
    }
}

// assignment | star_expressions, in pass 2 with invalid_assignment between them
Stmt* Parser::expr_stmt() {
    const int s = pos_;
    aug_cut_ = false;
    if (!inv_) return expr_stmt_body(s);
    try {
        return expr_stmt_body(s);
    } catch (const Fail&) {
        if (aug_cut_) throw;
        pos_ = s;
        invalid_assignment(s);
        throw;
    }
}

Expr* Parser::annotated_rhs() { return kind() == K_YIELD ? yield_expr() : star_expressions(); }

Stmt* Parser::expr_stmt_body(int s) {
    // NAME ':' expression ['=' annotated_rhs]
    if (kind() == T_NAME && kind(1) == T_COLON) {
        Level g(*this, 1);
        auto* a = m_.node<AnnAssign>();
        a->target = name_node(pos_, Ctx::store);
        pos_ += 2;
        a->annotation = expression();
        if (kind() == T_EQUAL) {
            const int e = pos_;
            ++pos_;
            a->value = attempt(&Parser::annotated_rhs);
            if (a->value == nullptr) pos_ = e;
        }
        a->simple = true;
        a->pos = span(s);
        return a;
    }
    Expr* first = annotated_rhs();
    const TokKind k = kind();
    if (k == T_COLON) {
        // ('(' single_target ')' | single_subscript_attribute_target) ':' expression ['=' annotated_rhs]
        if (!is_single_target(first) || (first->kind == ExprKind::name && tok(s).kind != T_LPAR)) throw Fail{};
        ++pos_;
        auto* a = m_.node<AnnAssign>();
        a->annotation = expression();
        if (kind() == T_EQUAL) {
            const int e = pos_;
            ++pos_;
            a->value = attempt(&Parser::annotated_rhs);
            if (a->value == nullptr) pos_ = e;
        }
        set_ctx(first, Ctx::store);
        a->target = first;
        a->pos = span(s);
        return a;
    }
    if (k == T_EQUAL) {
        // (star_targets '=')+ (yield_expr | star_expressions) !'='
        Level g(*this, 2);
        std::vector<Expr*> targets{first};
        Expr* value = nullptr;
        for (;;) {
            ++pos_;
            value = annotated_rhs();
            if (kind() != T_EQUAL) break;
            targets.push_back(value);
        }
        for (Expr* t : targets)
            if (!valid_target(t, false)) throw Fail{};
        for (Expr* t : targets) set_ctx(t, Ctx::store);
        auto* a = m_.node<Assign>();
        a->targets = std::move(targets);
        a->value = value;
        a->pos = span(s);
        return a;
    }
    static constexpr struct {
        TokKind tok;
        BinOpKind op;
    } kAug[] = {
        {T_PLUSEQUAL, BinOpKind::add},          {T_MINEQUAL, BinOpKind::sub},
        {T_STAREQUAL, BinOpKind::mult},         {T_ATEQUAL, BinOpKind::mat_mult},
        {T_SLASHEQUAL, BinOpKind::div},         {T_PERCENTEQUAL, BinOpKind::mod},
        {T_AMPEREQUAL, BinOpKind::bit_and},     {T_VBAREQUAL, BinOpKind::bit_or},
        {T_CIRCUMFLEXEQUAL, BinOpKind::bit_xor}, {T_LEFTSHIFTEQUAL, BinOpKind::lshift},
        {T_RIGHTSHIFTEQUAL, BinOpKind::rshift}, {T_DOUBLESTAREQUAL, BinOpKind::pow},
        {T_DOUBLESLASHEQUAL, BinOpKind::floor_div},
    };
    for (const auto& a : kAug) {
        if (a.tok != k) continue;
        // single_target augassign ~ (yield_expr | star_expressions)
        if (!is_single_target(first)) throw Fail{};
        ++pos_;
        aug_cut_ = true;
        Level g(*this, 2);
        auto* n = m_.node<AugAssign>();
        n->value = annotated_rhs();
        set_ctx(first, Ctx::store);
        n->target = first;
        n->op = a.op;
        n->pos = span(s);
        return n;
    }
    auto* e = m_.node<ExprStmt>();
    e->value = first;
    e->pos = span(s);
    return e;
}

// invalid_assignment, tried when no assignment parses.
void Parser::invalid_assignment(int s) {
    // invalid_ann_assign_target ':' expression
    if (kind() == T_LPAR || kind() == T_LSQB) {
        attempt_do([&] {
            int opens = 0;
            Expr* a = nullptr;
            for (;;) {  // list | tuple | '(' invalid_ann_assign_target ')'
                const int t = pos_;
                Expr* e = attempt(&Parser::atom);
                if (e != nullptr && e->pos.line == tok(t).line && e->pos.col == tok(t).col &&
                    (e->kind == ExprKind::list || e->kind == ExprKind::tuple)) {
                    a = e;
                    break;
                }
                pos_ = t;
                if (kind() != T_LPAR) throw Fail{};
                ++pos_;
                ++opens;
            }
            for (; opens > 0; --opens) expect(T_RPAR);
            expect(T_COLON);
            expression();
            raise_node(a->pos, join({"only single target (not ", a->kind == ExprKind::list ? "list" : "tuple",
                                     ") can be annotated"}));
        });
        pos_ = s;
    }
    // star_named_expression ',' star_named_expressions* ':' expression
    attempt_do([&] {
        Expr* a = star_named_expression();
        expect(T_COMMA);
        while (attempt_do([&] { star_named_expressions(); })) {
        }
        expect(T_COLON);
        expression();
        raise_node(a->pos, "only single target (not tuple) can be annotated");
    });
    pos_ = s;
    // expression ':' expression
    attempt_do([&] {
        Expr* a = expression();
        expect(T_COLON);
        expression();
        raise_node(a->pos, "illegal target for annotation");
    });
    pos_ = s;
    auto targets_eq = [&] {  // (star_targets '=')*
        for (;;) {
            const int t = pos_;
            if (!attempt_do([&] {
                    Expr* e = star_expressions();
                    if (!valid_target(e, false) || kind() != T_EQUAL) throw Fail{};
                    ++pos_;
                })) {
                pos_ = t;
                return;
            }
        }
    };
    // (star_targets '=')* star_expressions '='
    attempt_do([&] {
        targets_eq();
        Expr* a = star_expressions();
        expect(T_EQUAL);
        if (Expr* bad = invalid_target(a, Targets::star))
            raise_node(bad->pos, join({"cannot assign to ", expr_name(bad)}));
        throw Fail{};
    });
    pos_ = s;
    // (star_targets '=')* yield_expr '='
    attempt_do([&] {
        targets_eq();
        if (kind() != K_YIELD) throw Fail{};
        Expr* a = yield_expr();
        expect(T_EQUAL);
        raise_node(a->pos, "assignment to yield expression not possible");
    });
    pos_ = s;
    // star_expressions augassign (yield_expr | star_expressions)
    attempt_do([&] {
        Expr* a = star_expressions();
        switch (kind()) {
            case T_PLUSEQUAL: case T_MINEQUAL: case T_STAREQUAL: case T_ATEQUAL: case T_SLASHEQUAL:
            case T_PERCENTEQUAL: case T_AMPEREQUAL: case T_VBAREQUAL: case T_CIRCUMFLEXEQUAL:
            case T_LEFTSHIFTEQUAL: case T_RIGHTSHIFTEQUAL: case T_DOUBLESTAREQUAL: case T_DOUBLESLASHEQUAL: break;
            default: throw Fail{};
        }
        ++pos_;
        annotated_rhs();
        raise_node(a->pos, join({"'", expr_name(a), "' is an illegal expression for augmented assignment"}));
    });
    pos_ = s;
}

std::string Parser::dotted_name() {
    if (kind() != T_NAME) throw Fail{};
    std::string name = identifier(text_of(pos_));
    ++pos_;
    while (kind() == T_DOT && kind(1) == T_NAME) {
        name += '.';
        name += identifier(text_of(pos_ + 1));
        pos_ += 2;
    }
    return name;
}

// dotted_name ['as' NAME]
Alias Parser::dotted_as_name() {
    const int s = pos_;
    Alias a;
    a.name = dotted_name();
    if (kind() == K_AS && kind(1) == T_NAME) {
        a.asname = identifier(text_of(pos_ + 1));
        pos_ += 2;
    }
    a.pos = span(s);
    return a;
}

Stmt* Parser::import_name() {
    const int s = pos_;
    ++pos_;
    auto* n = m_.node<Import>();
    n->names.push_back(dotted_as_name());
    while (kind() == T_COMMA) {
        const int c = pos_;
        ++pos_;
        if (!attempt_do([&] { n->names.push_back(dotted_as_name()); })) {
            pos_ = c;
            break;
        }
    }
    n->pos = span(s);
    return n;
}

Stmt* Parser::import_from() {
    const int s = pos_;
    ++pos_;
    auto* n = m_.node<ImportFrom>();
    while (kind() == T_DOT || kind() == T_ELLIPSIS) {
        n->level += kind() == T_DOT ? 1 : 3;
        ++pos_;
    }
    if (kind() != K_IMPORT || n->level == 0) n->module = dotted_name();
    expect(K_IMPORT);
    // import_from_as_name: NAME ['as' NAME]
    auto as_names = [&] {
        for (;;) {
            if (kind() != T_NAME) throw Fail{};
            const int a = pos_;
            Alias al;
            al.name = identifier(text_of(pos_));
            ++pos_;
            if (kind() == K_AS && kind(1) == T_NAME) {
                al.asname = identifier(text_of(pos_ + 1));
                pos_ += 2;
            }
            al.pos = span(a);
            n->names.push_back(al);
            if (kind() != T_COMMA || kind(1) != T_NAME) return;
            ++pos_;
        }
    };
    if (kind() == T_LPAR) {
        ++pos_;
        as_names();
        if (kind() == T_COMMA) ++pos_;
        expect(T_RPAR);
    } else if (kind() == T_STAR) {
        const int a = pos_;
        ++pos_;
        Alias al;
        al.name = "*";
        al.pos = span(a);
        n->names.push_back(al);
    } else {
        as_names();
        if (kind() == T_COMMA) {
            if (inv_ && kind(1) == T_NEWLINE) {
                tok(pos_ + 1);
                raise("trailing comma not allowed without surrounding parentheses");
            }
            throw Fail{};
        }
    }
    n->pos = span(s);
    return n;
}

// 'del' del_targets &(';' | NEWLINE) | invalid_del_stmt
Stmt* Parser::del_stmt() {
    const int s = pos_;
    ++pos_;
    auto* d = m_.node<Delete>();
    auto del_target = [&] {
        Expr* e = primary();
        if (!valid_target(e, true)) throw Fail{};
        return e;
    };
    const bool ok = attempt_do([&] {  // ','.del_target+ [','] &(';' | NEWLINE)
        d->targets.push_back(del_target());
        while (kind() == T_COMMA) {
            ++pos_;
            Expr* e = attempt(del_target);
            if (e == nullptr) break;
            d->targets.push_back(e);
        }
        if (kind() != T_SEMI && kind() != T_NEWLINE) throw Fail{};
    });
    if (!ok) {
        if (inv_) {
            pos_ = s + 1;
            attempt_do([&] {
                Expr* a = star_expressions();
                if (Expr* bad = invalid_target(a, Targets::del))
                    raise_node(bad->pos, join({"cannot delete ", expr_name(bad)}));
            });
        }
        throw Fail{};
    }
    for (Expr* t : d->targets) set_ctx(t, Ctx::del);
    d->pos = span(s);
    return d;
}

// block: NEWLINE INDENT statements DEDENT | simple_stmts | invalid_block
std::vector<Stmt*> Parser::block() {
    Level g(*this, 2);
    std::vector<Stmt*> out;
    if (kind() == T_NEWLINE) {
        if (kind(1) != T_INDENT) {
            if (inv_) raise("expected an indented block", "IndentationError");
            throw Fail{};
        }
        pos_ += 2;
        do statement(out);
        while (kind() != T_DEDENT);
        ++pos_;
        return out;
    }
    simple_stmts(out);
    return out;
}

// ':' NEWLINE !INDENT after a compound statement's header: IndentationError (pass 2).
void Parser::block_after(const char* what, int what_line) {
    if (inv_ && kind() == T_COLON && kind(1) == T_NEWLINE && kind(2) != T_INDENT) raise_indent_after(what, what_line);
}

// else_block: invalid_else_stmt | 'else' &&':' block
std::vector<Stmt*> Parser::else_block() {
    const int s = pos_;
    ++pos_;
    block_after("'else' statement", tok(s).line);
    if (kind() != T_COLON) raise_node(tpos(pos_), "expected ':'");
    ++pos_;
    return block();
}

Stmt* Parser::if_stmt(TokKind kw) {
    Level g(*this, 2);
    const int s = pos_;
    const bool is_if = kw == K_IF;
    if (inv_) {  // invalid_if_stmt / invalid_elif_stmt
        ++pos_;
        if (Expr* c = opt(&Parser::named_expression)) {
            if (kind() == T_NEWLINE) raise("expected ':'");
            block_after(is_if ? "'if' statement" : "'elif' statement", is_if ? c->pos.line : tok(s).line);
        }
        pos_ = s;
    }
    ++pos_;
    auto* n = m_.node<If>();
    n->test = named_expression();
    expect(T_COLON);
    n->body = block();
    if (kind() == K_ELIF) n->orelse.push_back(if_stmt(K_ELIF));
    else if (kind() == K_ELSE) n->orelse = else_block();
    n->pos = span(s);
    return n;
}

Stmt* Parser::while_stmt() {
    Level g(*this, 2);
    const int s = pos_;
    if (inv_) {  // invalid_while_stmt
        ++pos_;
        if (opt(&Parser::named_expression) != nullptr) {
            if (kind() == T_NEWLINE) raise("expected ':'");
            block_after("'while' statement", tok(s).line);
        }
        pos_ = s;
    }
    ++pos_;
    auto* n = m_.node<While>();
    n->test = named_expression();
    expect(T_COLON);
    n->body = block();
    if (kind() == K_ELSE) n->orelse = else_block();
    n->pos = span(s);
    return n;
}

Stmt* Parser::for_stmt(int async_start) {
    Level g(*this, 2);
    const int s = async_start >= 0 ? async_start : pos_;
    const int f = pos_;
    if (inv_) {  // invalid_for_stmt
        ++pos_;
        if (attempt(&Parser::star_targets) != nullptr && kind() == K_IN) {
            ++pos_;
            if (opt(&Parser::star_expressions, true) != nullptr) {
                if (kind() == T_NEWLINE) raise("expected ':'");
                block_after("'for' statement", tok(f).line);
            }
        }
        pos_ = f;
    }
    bool cut = false;
    try {
        ++pos_;
        Expr* target = star_targets();
        expect(K_IN);
        cut = true;
        Expr* iter = star_expressions();
        expect(T_COLON);
        std::vector<Stmt*> body = block();
        std::vector<Stmt*> orelse;
        if (kind() == K_ELSE) orelse = else_block();
        if (async_start >= 0) {
            auto* u = node<UnsupportedStmt>(s);
            u->what = "'async for' loops";
            return u;
        }
        auto* n = m_.node<For>();
        n->target = target;
        n->iter = iter;
        n->body = std::move(body);
        n->orelse = std::move(orelse);
        n->pos = span(s);
        return n;
    } catch (const Fail&) {
        if (cut || !inv_) throw;
    }
    // invalid_for_target
    pos_ = f + 1;
    Expr* a = star_expressions();
    if (Expr* bad = invalid_target(a, Targets::for_))
        raise_node(bad->pos, join({"cannot assign to ", expr_name(bad)}));
    throw Fail{};
}

// except_block / except_star_block with their invalid_* rules.
bool Parser::except_clause(bool star, ExceptHandler& h) {
    const int s = pos_;
    if (kind() != K_EXCEPT) return false;
    const char* what = star ? "'except*' statement" : "'except' statement";
    if (inv_) {  // invalid_except_stmt_indent / invalid_except_star_stmt_indent
        attempt_do([&] {
            ++pos_;
            if (star) expect(T_STAR);
            if (star || kind() != T_COLON) {
                expression();
                if (kind() == K_AS && kind(1) == T_NAME) pos_ += 2;
            }
            block_after(what, tok(s).line);
            throw Fail{};
        });
        pos_ = s;
    }
    const bool ok = attempt_do([&] {
        ++pos_;
        if (star) expect(T_STAR);
        if (star || kind() != T_COLON) {
            h.type = expression();
            if (kind() == K_AS && kind(1) == T_NAME) {
                h.name = identifier(text_of(pos_ + 1));
                pos_ += 2;
            }
        }
        expect(T_COLON);
        h.body = block();
        h.pos = span(s);
    });
    if (ok) return true;
    if (!inv_) return false;
    // invalid_except_stmt
    attempt_do([&] {
        ++pos_;
        if (kind() == T_STAR) ++pos_;
        Expr* a = expression();
        expect(T_COMMA);
        expressions();
        if (kind() == K_AS && kind(1) == T_NAME) pos_ += 2;
        expect(T_COLON);
        raise_from(a->pos, "multiple exception types must be parenthesized");
    });
    attempt_do([&] {
        ++pos_;
        if (kind() == T_STAR) ++pos_;
        expression();
        if (kind() == K_AS && kind(1) == T_NAME) pos_ += 2;
        if (kind() == T_NEWLINE) raise("expected ':'");
        throw Fail{};
    });
    if (kind(1) == T_NEWLINE) {
        tok(pos_ + 1);
        raise("expected ':'");
    }
    if (kind(1) == T_STAR && (kind(2) == T_NEWLINE || kind(2) == T_COLON)) raise("expected one or more exception types");
    return false;
}

Stmt* Parser::try_stmt() {
    Level g(*this, 2);
    const int s = pos_;
    if (inv_) {  // invalid_try_stmt
        if (kind(1) == T_COLON && kind(2) == T_NEWLINE && kind(3) != T_INDENT) {
            pos_ += 3;
            raise_indent_after("'try' statement", tok(s).line);
        }
        attempt_do([&] {
            pos_ += 1;
            expect(T_COLON);
            block();
            if (kind() != K_EXCEPT && kind() != K_FINALLY) raise("expected 'except' or 'finally' block");
            throw Fail{};
        });
        for (int star = 0; star < 2; ++star) {
            attempt_do([&] {
                pos_ += 1;
                expect(T_COLON);
                block();
                ExceptHandler h;
                if (!except_clause(star == 1, h)) throw Fail{};
                while (except_clause(star == 1, h)) {
                }
                const int a = pos_;
                if (kind() != K_EXCEPT) throw Fail{};
                ++pos_;
                if (star == 0) {
                    if (kind() != T_STAR) throw Fail{};
                    const int b = pos_;
                    ++pos_;
                    expression();
                    if (kind() == K_AS && kind(1) == T_NAME) pos_ += 2;
                    expect(T_COLON);
                    raise_range(tpos(a), tpos(b), "cannot have both 'except' and 'except*' on the same 'try'");
                }
                attempt_do([&] {
                    expression();
                    if (kind() == K_AS && kind(1) == T_NAME) pos_ += 2;
                });
                expect(T_COLON);
                raise_node(tpos(a), "cannot have both 'except' and 'except*' on the same 'try'");
            });
        }
    }
    ++pos_;
    if (kind() != T_COLON) raise_node(tpos(pos_), "expected ':'");
    ++pos_;
    auto* n = m_.node<Try>();
    n->body = block();
    bool star = false;
    auto finally_block = [&] {  // invalid_finally_stmt | 'finally' &&':' block
        const int f = pos_;
        ++pos_;
        block_after("'finally' statement", tok(f).line);
        if (kind() != T_COLON) raise_node(tpos(pos_), "expected ':'");
        ++pos_;
        n->finalbody = block();
    };
    if (kind() == K_FINALLY) {
        finally_block();
    } else {
        star = kind() == K_EXCEPT && kind(1) == T_STAR;
        ExceptHandler h;
        if (!except_clause(star, h)) throw Fail{};
        n->handlers.push_back(std::move(h));
        for (;;) {
            ExceptHandler more;
            const int e = pos_;
            if (!except_clause(star, more)) {
                pos_ = e;
                break;
            }
            n->handlers.push_back(std::move(more));
        }
        if (kind() == K_ELSE) attempt_do([&] { n->orelse = else_block(); });
        if (kind() == K_FINALLY) attempt_do([&] { finally_block(); });
    }
    if (star) {
        auto* u = node<UnsupportedStmt>(s);
        u->what = "'except*' clauses";
        return u;
    }
    n->pos = span(s);
    return n;
}

// with_item: expression 'as' star_target &(',' | ')' | ':') | invalid_with_item | expression
void Parser::with_item() {
    const int s = pos_;
    if (attempt_do([&] {
            expression();
            expect(K_AS);
            star_target();
            if (kind() != T_COMMA && kind() != T_RPAR && kind() != T_COLON) throw Fail{};
        }))
        return;
    if (inv_) {
        attempt_do([&] {
            expression();
            expect(K_AS);
            Expr* a = expression();
            if (kind() != T_COMMA && kind() != T_RPAR && kind() != T_COLON) throw Fail{};
            if (Expr* bad = invalid_target(a, Targets::star))
                raise_node(bad->pos, join({"cannot assign to ", expr_name(bad)}));
            throw Fail{};
        });
        pos_ = s;
    }
    expression();
}

Stmt* Parser::with_stmt(int async_start) {
    Level g(*this, 2);
    const int s = async_start >= 0 ? async_start : pos_;
    const int w = pos_;
    auto loose_items = [&](bool parens) {  // ','.(expression(s) ['as' star_target])+
        for (;;) {
            if (parens) expressions();
            else expression();
            if (kind() == K_AS) {
                ++pos_;
                star_target();
            }
            if (kind() != T_COMMA) return;
            const int c = pos_;
            ++pos_;
            if (!attempt_do([&] { parens ? expressions() : expression(); })) {
                pos_ = c;
                return;
            }
            pos_ = c + 1;
        }
    };
    if (inv_) {  // invalid_with_stmt_indent
        for (int parens = 0; parens < 2; ++parens) {
            attempt_do([&] {
                ++pos_;
                if (parens) expect(T_LPAR);
                loose_items(parens == 1);
                if (parens) {
                    if (kind() == T_COMMA) ++pos_;
                    expect(T_RPAR);
                }
                block_after("'with' statement", tok(w).line);
                throw Fail{};
            });
        }
    }
    auto items = [&] {
        with_item();
        while (kind() == T_COMMA) {
            const int c = pos_;
            ++pos_;
            if (!attempt_do([&] { with_item(); })) {
                pos_ = c;
                break;
            }
        }
    };
    const bool ok = attempt_do([&] {  // 'with' '(' ','.with_item+ ','? ')' ':' block
        ++pos_;
        expect(T_LPAR);
        items();
        if (kind() == T_COMMA) ++pos_;
        expect(T_RPAR);
        expect(T_COLON);
        block();
    }) || attempt_do([&] {  // 'with' ','.with_item+ ':' block
        ++pos_;
        items();
        expect(T_COLON);
        block();
    });
    if (!ok) {
        if (inv_) {  // invalid_with_stmt
            for (int parens = 0; parens < 2; ++parens) {
                attempt_do([&] {
                    ++pos_;
                    if (parens) expect(T_LPAR);
                    loose_items(parens == 1);
                    if (parens) {
                        if (kind() == T_COMMA) ++pos_;
                        expect(T_RPAR);
                    }
                    if (kind() == T_NEWLINE) raise("expected ':'");
                    throw Fail{};
                });
            }
        }
        throw Fail{};
    }
    auto* u = node<UnsupportedStmt>(s);
    u->what = async_start >= 0 ? "'async with' statements" : "'with' statements";
    return u;
}

Stmt* Parser::function_def(int async_start, bool decorated) {
    Level g(*this, 3);
    const int s = async_start >= 0 ? async_start : pos_;
    const int d = pos_;
    if (inv_ && kind(1) == T_NAME && kind(2) == T_LPAR) {  // invalid_def_raw
        pos_ += 3;
        Arguments ignored;
        const int p = pos_;
        if (!params(false, ignored)) pos_ = p;
        if (kind() == T_RPAR) {
            ++pos_;
            if (kind() == T_RARROW) {
                const int r = pos_;
                ++pos_;
                if (opt(&Parser::expression) == nullptr) pos_ = r;
            }
            block_after("function definition", tok(d).line);
        }
        pos_ = d;
    }
    ++pos_;
    if (kind() != T_NAME) throw Fail{};
    auto* f = m_.node<FunctionDef>();
    f->name = identifier(text_of(pos_));
    ++pos_;
    if (kind() != T_LPAR) raise_node(tpos(pos_), "expected '('");
    ++pos_;
    {
        const int p = pos_;
        if (!params(false, f->args)) {
            pos_ = p;
            f->args = Arguments{};
        }
    }
    expect(T_RPAR);
    if (kind() == T_RARROW) {
        const int r = pos_;
        ++pos_;
        f->returns = opt(&Parser::expression);
        if (f->returns == nullptr) pos_ = r;
    }
    if (kind() != T_COLON) raise_node(tpos(pos_), "expected ':'");
    ++pos_;
    f->body = block();
    f->pos = span(s);
    if (async_start >= 0 || decorated) {
        auto* u = m_.node<UnsupportedStmt>();
        u->what = decorated ? "decorators" : "'async def' functions";
        u->pos = f->pos;
        return u;
    }
    return f;
}

Stmt* Parser::class_def(bool decorated) {
    Level g(*this, 3);
    const int s = pos_;
    auto header = [&](CallArgs* out) {  // 'class' NAME ['(' [arguments] ')']
        ++pos_;
        expect(T_NAME);
        if (kind() == T_LPAR) {
            const int p = pos_;
            ++pos_;
            CallArgs a;
            if (!arguments(a)) pos_ = p + 1;
            if (kind() != T_RPAR) {
                pos_ = p;
                return;
            }
            ++pos_;
            if (out != nullptr) *out = std::move(a);
        }
    };
    if (inv_) {  // invalid_class_def_raw
        if (attempt_do([&] { header(nullptr); })) {
            if (kind() == T_NEWLINE) raise("expected ':'");
            block_after("class definition", tok(s).line);
        }
        pos_ = s;
    }
    CallArgs a;
    header(&a);
    expect(T_COLON);
    auto* c = m_.node<ClassDef>();
    c->name = identifier(text_of(s + 1));
    c->bases = std::move(a.args);
    c->keywords = std::move(a.kws);
    c->body = block();
    c->pos = span(s);
    if (decorated) {
        auto* u = m_.node<UnsupportedStmt>();
        u->what = "decorators";
        u->pos = c->pos;
        return u;
    }
    return c;
}

// decorators: ('@' named_expression NEWLINE)+, then a function or class definition
Stmt* Parser::decorated() {
    while (kind() == T_AT) {
        ++pos_;
        named_expression();
        expect(T_NEWLINE);
    }
    if (kind() == K_DEF) return function_def(-1, true);
    if (kind() == K_ASYNC && kind(1) == K_DEF) {
        ++pos_;
        return function_def(pos_ - 1, true);
    }
    if (kind() == K_CLASS) return class_def(true);
    throw Fail{};
}

Stmt* Parser::async_stmt() {
    const int s = pos_;
    ++pos_;
    switch (kind()) {
        case K_DEF: return function_def(s, false);
        case K_WITH: return with_stmt(s);
        case K_FOR: return for_stmt(s);
        default: throw Fail{};
    }
}

// A pattern, skipped: the statement is refused when it runs, so only its extent matters.
void Parser::skip_pattern() {
    const int base = tok(pos_ - 1).level;
    int n = 0;
    for (;;) {
        const Token& t = tok(pos_);
        if (t.kind == T_NEWLINE || t.kind == T_END) break;
        if ((t.kind == T_COLON || t.kind == K_IF) && t.level <= base) break;
        ++pos_;
        ++n;
    }
    if (n == 0) throw Fail{};
}

// "match" subject_expr ':' NEWLINE INDENT case_block+ DEDENT | invalid_match_stmt
Stmt* Parser::match_stmt() {
    Level g(*this, 2);
    const int s = pos_;
    auto subject = [&] {  // star_named_expression ',' star_named_expressions? | named_expression
        const int t = pos_;
        if (attempt_do([&] {
                star_named_expression();
                expect(T_COMMA);
                attempt_do([&] { star_named_expressions(); });
            }))
            return;
        pos_ = t;
        named_expression();
    };
    const bool ok = attempt_do([&] {
        ++pos_;
        subject();
        expect(T_COLON);
        expect(T_NEWLINE);
        expect(T_INDENT);
        int cases = 0;
        while (kind() == T_NAME && text_of(pos_) == "case") {
            const int c = pos_;
            if (inv_) {  // invalid_case_block
                attempt_do([&] {
                    ++pos_;
                    skip_pattern();
                    if (kind() == K_IF) {
                        ++pos_;
                        named_expression();
                    }
                    if (kind() == T_NEWLINE) raise("expected ':'");
                    block_after("'case' statement", tok(c).line);
                    throw Fail{};
                });
            }
            if (!attempt_do([&] {
                    ++pos_;
                    skip_pattern();
                    if (kind() == K_IF) {
                        ++pos_;
                        named_expression();
                    }
                    expect(T_COLON);
                    block();
                })) {
                pos_ = c;
                break;
            }
            ++cases;
        }
        if (cases == 0) throw Fail{};
        expect(T_DEDENT);
    });
    if (!ok) {
        if (inv_) {
            attempt_do([&] {
                ++pos_;
                subject();
                if (kind() == T_NEWLINE) raise("expected ':'");
                block_after("'match' statement", tok(s).line);
                throw Fail{};
            });
        }
        throw Fail{};
    }
    auto* u = node<UnsupportedStmt>(s);
    u->what = "'match' statements";
    return u;
}

// ============================================================================ expressions

// star_expression (',' star_expression)* [','], a Tuple when there is a comma
Expr* Parser::star_expressions() {
    Level g(*this, 2);
    const int s = pos_;
    Expr* a = star_expression();
    if (kind() != T_COMMA) return a;
    auto* t = m_.node<TupleExpr>();
    t->elts.push_back(a);
    while (kind() == T_COMMA) {
        ++pos_;
        Expr* e = opt(&Parser::star_expression, true);
        if (e == nullptr) break;
        t->elts.push_back(e);
    }
    t->pos = span(s);
    return t;
}

Expr* Parser::star_expression() {
    if (kind() != T_STAR) return expression();
    const int s = pos_;
    ++pos_;
    auto* st = m_.node<Starred>();
    st->value = bitwise_or();
    st->pos = span(s);
    return st;
}

Expr* Parser::star_named_expression() {
    if (kind() != T_STAR) return named_expression();
    const int s = pos_;
    ++pos_;
    auto* st = m_.node<Starred>();
    st->value = bitwise_or();
    st->pos = span(s);
    return st;
}

// ','.star_named_expression+ [',']
std::vector<Expr*> Parser::star_named_expressions() {
    std::vector<Expr*> out{star_named_expression()};
    while (kind() == T_COMMA) {
        ++pos_;
        Expr* e = opt(&Parser::star_named_expression, true);
        if (e == nullptr) break;
        out.push_back(e);
    }
    return out;
}

// expression (',' expression)* [','], a Tuple when there is a comma
Expr* Parser::expressions() {
    const int s = pos_;
    Expr* a = expression();
    if (kind() != T_COMMA) return a;
    auto* t = m_.node<TupleExpr>();
    t->elts.push_back(a);
    while (kind() == T_COMMA) {
        ++pos_;
        Expr* e = opt(&Parser::expression);
        if (e == nullptr) break;
        t->elts.push_back(e);
    }
    t->pos = span(s);
    return t;
}

Expr* Parser::named_expression() {
    return memo(kMemoNamed, [&] { return named_expression_raw(); });
}

// assignment_expression | invalid_named_expression | expression !':='
Expr* Parser::named_expression_raw() {
    const int s = pos_;
    if (kind() == T_NAME && kind(1) == T_COLONEQUAL) {
        if (Expr* e = attempt(&Parser::assignment_expression)) return e;
    }
    if (inv_) invalid_named_expression(s);
    Expr* e = expression();
    if (kind() == T_COLONEQUAL) throw Fail{};
    return e;
}

void Parser::invalid_named_expression(int s) {
    // a=expression ':=' expression
    if (Expr* a = opt(&Parser::expression); a != nullptr && kind() == T_COLONEQUAL) {
        ++pos_;
        if (opt(&Parser::expression) != nullptr)
            raise_node(a->pos, join({"cannot use assignment expressions with ", expr_name(a)}));
    }
    pos_ = s;
    // a=NAME '=' b=bitwise_or !('='|':=')
    if (kind() == T_NAME && kind(1) == T_EQUAL) {
        pos_ += 2;
        Expr* b = opt(&Parser::bitwise_or);
        if (b != nullptr && kind() != T_EQUAL && kind() != T_COLONEQUAL)
            raise_range(tpos(s), b->pos, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
        pos_ = s;
    }
    // !(list|tuple|genexp|'True'|'None'|'False') a=bitwise_or b='=' bitwise_or !('='|':=')
    const TokKind k = kind();
    if (k == K_TRUE || k == K_NONE || k == K_FALSE) return;
    if (k == T_LSQB || k == T_LPAR) {
        Expr* e = attempt(&Parser::atom);
        pos_ = s;
        if (e != nullptr && e->pos.line == tok(s).line && e->pos.col == tok(s).col &&
            (e->kind == ExprKind::list || e->kind == ExprKind::tuple || e->kind == ExprKind::generator_exp))
            return;
    }
    if (Expr* a = opt(&Parser::bitwise_or); a != nullptr && kind() == T_EQUAL) {
        ++pos_;
        if (opt(&Parser::bitwise_or) != nullptr && kind() != T_EQUAL && kind() != T_COLONEQUAL)
            raise_node(a->pos, join({"cannot assign to ", expr_name(a), " here. Maybe you meant '==' instead of '='?"}));
    }
    pos_ = s;
}

// NAME ':=' ~ expression
Expr* Parser::assignment_expression() {
    const int s = pos_;
    auto* n = m_.node<NamedExpr>();
    n->target = name_node(pos_, Ctx::store);
    pos_ += 2;
    n->value = expression();
    n->pos = span(s);
    return n;
}

// assignment_expression | expression !':='
Expr* Parser::assign_or_expression() {
    if (kind() == T_NAME && kind(1) == T_COLONEQUAL) {
        if (Expr* e = attempt(&Parser::assignment_expression)) return e;
    }
    Expr* e = expression();
    if (kind() == T_COLONEQUAL) throw Fail{};
    return e;
}

Expr* Parser::expression() {
    return memo(kMemoExpression, [&] { return expression_raw(); });
}

// The grammar's invalid_expression and invalid_legacy_expression, tried first in pass 2.
void Parser::invalid_expression(int s) {
    Expr* a = opt(&Parser::disjunction);
    // !(NAME STRING | SOFT_KEYWORD) a=disjunction b=expression_without_invalid
    if (a != nullptr && !(tok(s).kind == T_NAME && (tok(s + 1).kind == T_STRING || soft_keyword(s))) &&
        starts_expr()) {
        Expr* b;
        {
            NoInvalid off(*this);
            b = attempt(&Parser::expression_raw);
        }
        if (b != nullptr && !is_legacy(a) && toks_[pos_ - 1].level != 0)
            raise_range(a->pos, b->pos, "invalid syntax. Perhaps you forgot a comma?");
    }
    pos_ = s;
    // a=disjunction 'if' b=disjunction !('else'|':')
    if (a != nullptr) {
        opt(&Parser::disjunction);  // the memoized a, and where it ends
        if (kind() == K_IF) {
            ++pos_;
            Expr* b = opt(&Parser::disjunction);
            if (b != nullptr && kind() != K_ELSE && kind() != T_COLON)
                raise_range(a->pos, b->pos, "expected 'else' after 'if' expression");
        }
        pos_ = s;
    }
    // a=NAME !'(' b=star_expressions
    if (kind() == T_NAME && kind(1) != T_LPAR && (starts_expr(1) || kind(1) == T_STAR)) {
        ++pos_;
        Expr* b = attempt(&Parser::star_expressions);
        const std::string_view id = text_of(s);
        if (b != nullptr && (id == "print" || id == "exec"))
            raise_range(tpos(s), b->pos, join({"Missing parentheses in call to '", id, "'. Did you mean ", id, "(...)?"}));
        pos_ = s;
    }
}

// disjunction 'if' disjunction 'else' expression | disjunction | lambdef, as a loop: the
// conditional and lambda chains it makes can be thousands long.
Expr* Parser::expression_raw() {
    Level g(*this, 1);
    struct Frame {
        int start;
        int if_pos;  // -1 for a lambda
        Expr* body;  // a conditional's value when true
        Expr* test;
        Arguments args;
    };
    std::vector<Frame> frames;
    Expr* result = nullptr;
    for (;;) {
        const int s = pos_;
        try {
            if (inv_) invalid_expression(s);
            if (kind() == K_LAMBDA) {  // 'lambda' [lambda_params] ':' expression
                ++pos_;
                Frame f{s, -1, nullptr, nullptr, {}};
                const int p = pos_;
                if (!params(true, f.args)) {
                    pos_ = p;
                    f.args = Arguments{};
                }
                expect(T_COLON);
                g.add(2);
                frames.push_back(std::move(f));
                continue;
            }
            Expr* d = disjunction();
            if (kind() == K_IF) {
                const int i = pos_;
                Expr* test = nullptr;
                if (attempt_do([&] {
                        ++pos_;
                        test = disjunction();
                        expect(K_ELSE);
                    })) {
                    g.add(1);
                    frames.push_back({s, i, d, test, {}});
                    continue;
                }
            }
            result = d;
            break;
        } catch (const Fail&) {
            // The expression here failed: so do the lambdas around it; a conditional falls back
            // to its first part.
            while (!frames.empty() && frames.back().if_pos < 0) frames.pop_back();
            if (frames.empty()) throw;
            result = frames.back().body;
            pos_ = frames.back().if_pos;
            frames.pop_back();
            break;
        }
    }
    const Token end = last_token();
    while (!frames.empty()) {
        Frame& f = frames.back();
        const Token& a = tok(f.start);
        const Pos pos{a.line, a.col, end.end_line, end.end_col};
        if (f.if_pos < 0) {
            auto* l = m_.node<Lambda>();
            l->args = std::move(f.args);
            l->body = result;
            l->pos = pos;
            result = l;
        } else {
            auto* c = m_.node<IfExp>();
            c->test = f.test;
            c->body = f.body;
            c->orelse = result;
            c->pos = pos;
            result = c;
        }
        frames.pop_back();
    }
    return result;
}

// 'yield' 'from' expression | 'yield' [star_expressions]
Expr* Parser::yield_expr() {
    const int s = pos_;
    expect(K_YIELD);
    if (kind() == K_FROM) {
        ++pos_;
        expression();
        return unsupported("'yield from' expressions", s);
    }
    opt(&Parser::star_expressions, true);
    return unsupported("'yield' expressions", s);
}

Expr* Parser::unsupported(const char* what, int s) {
    auto* u = node<UnsupportedExpr>(s);
    u->what = what;
    return u;
}

Expr* Parser::disjunction() {
    return memo(kMemoDisjunction, [&] {
        Level g(*this, 1);
        const int s = pos_;
        Expr* a = conjunction();
        if (kind() != K_OR) return a;
        auto* b = m_.node<BoolOp>();
        b->op = BoolOpKind::or_;
        b->values.push_back(a);
        while (kind() == K_OR) {
            const int o = pos_;
            ++pos_;
            Expr* e = opt(&Parser::conjunction);
            if (e == nullptr) {
                pos_ = o;
                break;
            }
            b->values.push_back(e);
        }
        if (b->values.size() == 1) return a;
        b->pos = span(s);
        return static_cast<Expr*>(b);
    });
}

Expr* Parser::conjunction() {
    Level g(*this, 1);
    const int s = pos_;
    Expr* a = inversion();
    if (kind() != K_AND) return a;
    auto* b = m_.node<BoolOp>();
    b->op = BoolOpKind::and_;
    b->values.push_back(a);
    while (kind() == K_AND) {
        const int o = pos_;
        ++pos_;
        Expr* e = opt(&Parser::inversion);
        if (e == nullptr) {
            pos_ = o;
            break;
        }
        b->values.push_back(e);
    }
    if (b->values.size() == 1) return a;
    b->pos = span(s);
    return b;
}

// 'not' inversion | comparison
Expr* Parser::inversion() {
    const int s = pos_;
    int n = 0;
    while (kind() == K_NOT) {
        ++pos_;
        ++n;
    }
    Level g(*this, 1 + n);
    Expr* e = comparison();
    const Token end = last_token();
    for (int i = n - 1; i >= 0; --i) {
        auto* u = m_.node<UnaryOp>();
        u->op = UnaryOpKind::not_;
        u->operand = e;
        const Token& a = tok(s + i);
        u->pos = {a.line, a.col, end.end_line, end.end_col};
        e = u;
    }
    return e;
}

Expr* Parser::comparison() {
    Level g(*this, 1);
    const int s = pos_;
    Expr* a = bitwise_or();
    Compare* c = nullptr;
    for (;;) {
        const int o = pos_;
        CmpOpKind op;
        int n = 1;
        switch (kind()) {
            case T_EQEQUAL: op = CmpOpKind::eq; break;
            case T_NOTEQUAL: op = CmpOpKind::not_eq_; break;
            case T_LESSEQUAL: op = CmpOpKind::lt_e; break;
            case T_LESS: op = CmpOpKind::lt; break;
            case T_GREATEREQUAL: op = CmpOpKind::gt_e; break;
            case T_GREATER: op = CmpOpKind::gt; break;
            case K_IN: op = CmpOpKind::in; break;
            case K_NOT:
                if (kind(1) != K_IN) goto done;
                op = CmpOpKind::not_in;
                n = 2;
                break;
            case K_IS:
                op = CmpOpKind::is;
                if (kind(1) == K_NOT) {
                    op = CmpOpKind::is_not;
                    n = 2;
                }
                break;
            default: goto done;
        }
        pos_ += n;
        {
            Expr* b = opt(&Parser::bitwise_or);
            if (b == nullptr) {
                pos_ = o;
                goto done;
            }
            if (c == nullptr) {
                c = m_.node<Compare>();
                c->left = a;
            }
            c->ops.push_back(op);
            c->comparators.push_back(b);
        }
    }
done:
    if (c == nullptr) return a;
    c->pos = span(s);
    return c;
}

Expr* Parser::bitwise_or() {
    return memo(kMemoBitwiseOr, [&] {
        Level g(*this, 12);
        return binary(1);
    });
}

int binary_prec(TokKind k, BinOpKind& op) {
    switch (k) {
        case T_VBAR: op = BinOpKind::bit_or; return 1;
        case T_CIRCUMFLEX: op = BinOpKind::bit_xor; return 2;
        case T_AMPER: op = BinOpKind::bit_and; return 3;
        case T_LEFTSHIFT: op = BinOpKind::lshift; return 4;
        case T_RIGHTSHIFT: op = BinOpKind::rshift; return 4;
        case T_PLUS: op = BinOpKind::add; return 5;
        case T_MINUS: op = BinOpKind::sub; return 5;
        case T_STAR: op = BinOpKind::mult; return 6;
        case T_SLASH: op = BinOpKind::div; return 6;
        case T_DOUBLESLASH: op = BinOpKind::floor_div; return 6;
        case T_PERCENT: op = BinOpKind::mod; return 6;
        case T_AT: op = BinOpKind::mat_mult; return 6;
        default: return 0;
    }
}

// Precedence climbing over | ^ & << >> + - * / // % @ (all left-associative).
Expr* Parser::binary(int min_prec) {
    const int s = pos_;
    Expr* lhs = factor();
    for (;;) {
        BinOpKind op;
        const int p = binary_prec(kind(), op);
        if (p == 0 || p < min_prec) return lhs;
        const int o = pos_;
        ++pos_;
        Expr* rhs = starts_expr() ? attempt([&] { return binary(p + 1); }) : nullptr;
        if (rhs == nullptr) {
            pos_ = o;
            return lhs;
        }
        auto* b = m_.node<BinOp>();
        b->left = lhs;
        b->op = op;
        b->right = rhs;
        b->pos = span(s);
        lhs = b;
    }
}

// factor: ('+' | '-' | '~') factor | power;  power: await_primary ['**' factor]. As a loop over
// "prefix operators, operand, **" segments, folded from the right: -a ** -b is -(a ** (-b)).
Expr* Parser::factor() {
    struct Seg {
        int ops_begin, ops_end, start;
        Expr* operand;
    };
    std::vector<int> ops;
    std::vector<Seg> segs;
    Level g(*this, 1);
    for (;;) {
        const int ob = static_cast<int>(ops.size());
        const int before = pos_;
        while (kind() == T_PLUS || kind() == T_MINUS || kind() == T_TILDE) ops.push_back(pos_++);
        g.add(static_cast<int>(ops.size()) - ob + (segs.empty() ? 0 : 2));
        const int ps = pos_;
        Expr* e = nullptr;
        try {
            e = await_primary();
        } catch (const Fail&) {
            if (segs.empty()) throw;
            ops.resize(ob);
            pos_ = before - 1;  // back before the '**'
            break;
        }
        segs.push_back({ob, static_cast<int>(ops.size()), ps, e});
        if (kind() != T_DOUBLESTAR) break;
        ++pos_;
    }
    const Token end = last_token();
    Expr* v = nullptr;
    for (int i = static_cast<int>(segs.size()) - 1; i >= 0; --i) {
        const Seg& sg = segs[i];
        Expr* e = sg.operand;
        if (v != nullptr) {
            auto* b = m_.node<BinOp>();
            b->left = e;
            b->op = BinOpKind::pow;
            b->right = v;
            const Token& a = tok(sg.start);
            b->pos = {a.line, a.col, end.end_line, end.end_col};
            e = b;
        }
        for (int j = sg.ops_end - 1; j >= sg.ops_begin; --j) {
            auto* u = m_.node<UnaryOp>();
            const Token& a = tok(ops[j]);
            u->op = a.kind == T_PLUS ? UnaryOpKind::uadd : a.kind == T_MINUS ? UnaryOpKind::usub : UnaryOpKind::invert;
            u->operand = e;
            u->pos = {a.line, a.col, end.end_line, end.end_col};
            e = u;
        }
        v = e;
    }
    return v;
}

Expr* Parser::await_primary() {
    Level g(*this, 1);
    if (kind() != K_AWAIT) return primary();
    const int s = pos_;
    ++pos_;
    primary();
    return unsupported("'await' expressions", s);
}

// primary: atom followed by '.' NAME, genexp, '(' [arguments] ')' and '[' slices ']'
Expr* Parser::primary() {
    Level g(*this, 2);
    const int s = pos_;
    Expr* e = atom();
    for (;;) {
        const int t = pos_;
        switch (kind()) {
            case T_DOT: {
                if (kind(1) != T_NAME) return e;
                auto* a = m_.node<Attribute>();
                a->value = e;
                a->attr = identifier(text_of(t + 1));
                pos_ += 2;
                a->pos = span(s);
                e = a;
                break;
            }
            case T_LPAR: {
                Expr* c = attempt([&] { return call_trailer(e, s); });
                if (c == nullptr) {
                    pos_ = t;
                    return e;
                }
                e = c;
                break;
            }
            case T_LSQB: {
                Expr* sub = attempt([&]() -> Expr* {
                    ++pos_;
                    Expr* sl = slices();
                    expect(T_RSQB);
                    auto* x = m_.node<Subscript>();
                    x->value = e;
                    x->slice = sl;
                    x->pos = span(s);
                    return x;
                });
                if (sub == nullptr) {
                    pos_ = t;
                    return e;
                }
                e = sub;
                break;
            }
            default: return e;
        }
    }
}

// primary genexp | primary '(' [arguments] ')'
Expr* Parser::call_trailer(Expr* func, int s) {
    const int p = pos_;
    auto* c = m_.node<Call>();
    c->func = func;
    if (Expr* g = genexp()) {
        c->args.push_back(g);
    } else {
        ++pos_;
        CallArgs a;
        if (!arguments(a)) pos_ = p + 1;
        expect(T_RPAR);
        c->args = std::move(a.args);
        c->keywords = std::move(a.kws);
    }
    c->pos = span(s);
    return c;
}

Expr* Parser::name_node(int i, Ctx ctx) {
    auto* n = m_.node<Name>();
    n->id = identifier(text_of(i));
    n->ctx = ctx;
    n->pos = tpos(i);
    return n;
}

Expr* Parser::atom() {
    Level g(*this, 2);
    const int s = pos_;
    switch (kind()) {
        case T_NAME: ++pos_; return name_node(s, Ctx::load);
        case K_TRUE:
        case K_FALSE:
        case K_NONE: {
            auto* c = m_.node<Constant>();
            c->type = kind() == K_NONE ? Constant::Type::none : Constant::Type::boolean;
            c->b = kind() == K_TRUE;
            ++pos_;
            c->pos = span(s);
            return c;
        }
        case T_ELLIPSIS: {
            auto* c = m_.node<Constant>();
            c->type = Constant::Type::ellipsis;
            ++pos_;
            c->pos = span(s);
            return c;
        }
        case T_STRING: return strings();
        case T_NUMBER: return number();
        case T_LPAR: return paren_atom();
        case T_LSQB: return list_atom();
        case T_LBRACE: return brace_atom();
        default: throw Fail{};
    }
}

Expr* Parser::number() {
    const int s = pos_;
    const std::string_view text = text_of(s);
    ++pos_;
    std::string digits;
    for (char ch : text)
        if (ch != '_') digits += ch;
    const char last = digits.back();
    if (last == 'j' || last == 'J') return unsupported("complex numbers", s);
    auto* c = m_.node<Constant>();
    c->pos = span(s);
    int base = 10;
    std::size_t i = 0;
    if (digits.size() > 1 && digits[0] == '0') {
        const char p = static_cast<char>(digits[1] | 0x20);
        base = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 10;
        if (base != 10) i = 2;
    }
    if (base == 10 && digits.find_first_of(".eE") != std::string::npos) {
        c->type = Constant::Type::floating;
        c->f = std::strtod(digits.c_str(), nullptr);
        return c;
    }
    std::uint64_t v = 0;
    for (; i < digits.size(); ++i) {
        const std::uint64_t d = static_cast<std::uint64_t>(hex_value(digits[i]));
        if (v > (static_cast<std::uint64_t>(INT64_MAX) - d) / static_cast<std::uint64_t>(base))
            return unsupported("integers beyond 64 bits", s);
        v = v * static_cast<std::uint64_t>(base) + d;
    }
    c->type = Constant::Type::integer;
    c->i = static_cast<std::int64_t>(v);
    return c;
}

// &'(' (tuple | group | genexp)
Expr* Parser::paren_atom() {
    if (Expr* t = attempt(&Parser::tuple_rule)) return t;
    if (Expr* g = attempt(&Parser::group_rule)) return g;
    if (Expr* g = genexp()) return g;
    throw Fail{};
}

// '(' [star_named_expression ',' [star_named_expressions]] ')'
Expr* Parser::tuple_rule() {
    const int s = pos_;
    expect(T_LPAR);
    auto* t = m_.node<TupleExpr>();
    t->parenthesized = true;
    if (kind() != T_RPAR) {
        t->elts.push_back(star_named_expression());
        if (kind() != T_COMMA) {  // a group or a genexp, not a tuple
            pos_ = s;
            return nullptr;
        }
        ++pos_;
        if (kind() != T_RPAR) {
            std::vector<Expr*> more;
            if (starts_expr() || kind() == T_STAR) more = attempt([&] { return star_named_expressions(); });
            t->elts.insert(t->elts.end(), more.begin(), more.end());
        }
    }
    expect(T_RPAR);
    t->pos = span(s);
    return t;
}

// '(' (yield_expr | named_expression) ')' | invalid_group
Expr* Parser::group_rule() {
    const int s = pos_;
    expect(T_LPAR);
    Expr* a = nullptr;
    if (kind() == K_YIELD) a = attempt(&Parser::yield_expr);
    const bool ok = attempt_do([&] {
        if (a == nullptr) a = named_expression();
        expect(T_RPAR);
    });
    if (ok) return a;
    if (inv_) {
        pos_ = s + 1;
        if (kind() == T_STAR) {
            attempt_do([&] {
                Expr* st = starred_expression();
                expect(T_RPAR);
                raise_node(st->pos, "cannot use starred expression here");
            });
        } else if (kind() == T_DOUBLESTAR) {
            const int d = pos_;
            attempt_do([&] {
                ++pos_;
                expression();
                expect(T_RPAR);
                raise_node(tpos(d), "cannot use double starred expression here");
            });
        }
    }
    throw Fail{};
}

// '(' (assignment_expression | expression !':=') for_if_clauses ')' | invalid_comprehension;
// null (and back at the '(') when it is not one.
Expr* Parser::genexp() {
    const int s = pos_;
    expect(T_LPAR);
    Expr* elt = opt(&Parser::assign_or_expression);
    if (elt != nullptr && kind() == K_FOR) {
        if (Expr* g = attempt([&] {
                std::vector<Comprehension> gens = for_if_clauses();
                expect(T_RPAR);
                return comp(ExprKind::generator_exp, s, elt, nullptr, std::move(gens));
            }))
            return g;
    }
    if (inv_) invalid_comprehension(s);
    pos_ = s;
    return nullptr;
}

Expr* Parser::comp(ExprKind k, int s, Expr* elt, Expr* value, std::vector<Comprehension> gens) {
    for (const Comprehension& g : gens)
        if (g.is_async) return unsupported("asynchronous comprehensions", s);
    auto* c = m_.node<Comp>(k);
    if (k == ExprKind::dict_comp) {
        c->key = elt;
        c->value = value;
    } else {
        c->elt = elt;
    }
    c->generators = std::move(gens);
    c->pos = span(s);
    return c;
}

// invalid_comprehension, at s (its bracket)
void Parser::invalid_comprehension(int s) {
    const TokKind open = tok(s).kind;
    pos_ = s + 1;
    // ('[' | '(' | '{') a=starred_expression for_if_clauses
    if (kind() == T_STAR) {
        attempt_do([&] {
            Expr* a = starred_expression();
            for_if_clauses();
            raise_node(a->pos, "iterable unpacking cannot be used in comprehension");
        });
        pos_ = s + 1;
    }
    if (open == T_LPAR) return;
    // ('[' | '{') a=star_named_expression ',' b=star_named_expressions for_if_clauses
    attempt_do([&] {
        Expr* a = star_named_expression();
        expect(T_COMMA);
        std::vector<Expr*> b = star_named_expressions();
        for_if_clauses();
        raise_range(a->pos, b.back()->pos, "did you forget parentheses around the comprehension target?");
    });
    pos_ = s + 1;
    // ('[' | '{') a=star_named_expression b=',' for_if_clauses
    attempt_do([&] {
        Expr* a = star_named_expression();
        const int c = pos_;
        expect(T_COMMA);
        for_if_clauses();
        raise_range(a->pos, tpos(c), "did you forget parentheses around the comprehension target?");
    });
    pos_ = s;
}

// &'[' (list | listcomp)
Expr* Parser::list_atom() {
    const int s = pos_;
    Expr* l = attempt([&]() -> Expr* {  // '[' [star_named_expressions] ']'
        ++pos_;
        auto* x = m_.node<ListExpr>();
        if (starts_expr() || kind() == T_STAR) x->elts = attempt([&] { return star_named_expressions(); });
        if (kind() != T_RSQB) return nullptr;
        ++pos_;
        x->pos = span(s);
        return x;
    });
    if (l != nullptr) return l;
    pos_ = s;
    // '[' named_expression for_if_clauses ']' | invalid_comprehension
    try {
        ++pos_;
        Expr* elt = named_expression();
        std::vector<Comprehension> gens = for_if_clauses();
        expect(T_RSQB);
        return comp(ExprKind::list_comp, s, elt, nullptr, std::move(gens));
    } catch (const Fail&) {
        if (inv_) invalid_comprehension(s);
        throw;
    }
}

// expression ':' expression
bool Parser::kvpair(Expr*& key, Expr*& value) {
    const int s = pos_;
    key = opt(&Parser::expression);
    if (key != nullptr && kind() == T_COLON) {
        ++pos_;
        value = opt(&Parser::expression);
        if (value != nullptr) return true;
    }
    pos_ = s;
    return false;
}

// '{' [double_starred_kvpairs] '}'
Expr* Parser::dict_rule() {
    const int s = pos_;
    expect(T_LBRACE);
    auto* d = m_.node<DictExpr>();
    auto item = [&] {  // '**' bitwise_or | kvpair
        const int i = pos_;
        if (kind() == T_DOUBLESTAR) {
            ++pos_;
            if (Expr* v = attempt(&Parser::bitwise_or)) {
                d->keys.push_back(nullptr);
                d->values.push_back(v);
                return true;
            }
            pos_ = i;
        }
        Expr *k = nullptr, *v = nullptr;
        if (!kvpair(k, v)) return false;
        d->keys.push_back(k);
        d->values.push_back(v);
        return true;
    };
    if (item()) {
        while (kind() == T_COMMA) {
            ++pos_;
            // CPython's second pass never applies invalid_expression to a key after the first
            // pair ({'a': 1, 'b' 2} is "':' expected", not "forgot a comma"): its memo holds that
            // key parsed without the invalid rules. Parse it so and memoize it the same way.
            if (inv_ && kind() != T_DOUBLESTAR) {
                const int k = pos_;
                NoInvalid off(*this);
                attempt(&Parser::expression);
                pos_ = k;
            }
            if (!item()) break;
        }
    }
    if (kind() != T_RBRACE) {
        pos_ = s;
        return nullptr;
    }
    ++pos_;
    d->pos = span(s);
    return d;
}

void Parser::invalid_double_starred_kvpairs(int s) {
    auto starred_value = [&] {  // expression ':' a='*' bitwise_or
        attempt_do([&] {
            expression();
            expect(T_COLON);
            const int a = pos_;
            expect(T_STAR);
            bitwise_or();
            raise_from(tpos(a), "cannot use a starred expression in a dictionary value");
        });
    };
    auto missing_value = [&] {  // expression a=':' &('}'|',')
        attempt_do([&] {
            expression();
            const int a = pos_;
            expect(T_COLON);
            if (kind() == T_RBRACE || kind() == T_COMMA)
                raise_node(tpos(a), "expression expected after dictionary key and ':'");
            throw Fail{};
        });
    };
    // ','.double_starred_kvpair+ ',' invalid_kvpair
    const int b = s + 1;
    pos_ = b;
    attempt_do([&] {
        int n = 0;
        for (;;) {
            const int i = pos_;
            bool ok = false;
            if (kind() == T_DOUBLESTAR) {
                ++pos_;
                ok = attempt(&Parser::bitwise_or) != nullptr;
            }
            if (!ok) {
                pos_ = i;
                Expr *k, *v;
                ok = kvpair(k, v);
            }
            if (!ok) {
                pos_ = i;
                break;
            }
            ++n;
            if (kind() != T_COMMA) break;
            ++pos_;
        }
        if (n == 0 || toks_[pos_ - 1].kind != T_COMMA) throw Fail{};
        // invalid_kvpair
        const int k = pos_;
        attempt_do([&] {
            Expr* a = expression();
            if (kind() != T_COLON)
                raise_known("SyntaxError", a->pos.line, a->pos.end_col - 1, a->pos.end_line, -1,
                            "':' expected after dictionary key");
            throw Fail{};
        });
        pos_ = k;
        starred_value();
        pos_ = k;
        missing_value();
        throw Fail{};
    });
    pos_ = b;
    starred_value();
    pos_ = b;
    missing_value();
    pos_ = s;
}

// &'{' (dict | set | dictcomp | setcomp)
Expr* Parser::brace_atom() {
    const int s = pos_;
    if (Expr* d = attempt(&Parser::dict_rule)) return d;
    if (inv_) {  // '{' invalid_double_starred_kvpairs '}'
        invalid_double_starred_kvpairs(s);
        pos_ = s;
    }
    // set: '{' star_named_expressions '}'
    if (Expr* x = attempt([&]() -> Expr* {
            ++pos_;
            auto* st = m_.node<SetExpr>();
            st->elts = star_named_expressions();
            expect(T_RBRACE);
            st->pos = span(s);
            return st;
        }))
        return x;
    // dictcomp: '{' kvpair for_if_clauses '}' | invalid_dict_comprehension
    if (Expr* x = attempt([&]() -> Expr* {
            ++pos_;
            Expr *k, *v;
            if (!kvpair(k, v)) throw Fail{};
            std::vector<Comprehension> gens = for_if_clauses();
            expect(T_RBRACE);
            return comp(ExprKind::dict_comp, s, k, v, std::move(gens));
        }))
        return x;
    if (inv_ && kind(1) == T_DOUBLESTAR) {
        attempt_do([&] {
            pos_ = s + 2;
            bitwise_or();
            for_if_clauses();
            expect(T_RBRACE);
            raise_node(tpos(s + 1), "dict unpacking cannot be used in dict comprehension");
        });
        pos_ = s;
    }
    // setcomp: '{' named_expression for_if_clauses '}' | invalid_comprehension
    try {
        ++pos_;
        Expr* elt = named_expression();
        std::vector<Comprehension> gens = for_if_clauses();
        expect(T_RBRACE);
        return comp(ExprKind::set_comp, s, elt, nullptr, std::move(gens));
    } catch (const Fail&) {
        if (inv_) invalid_comprehension(s);
        throw;
    }
}

// slices: slice !',' | ','.(slice | starred_expression)+ [',']
Expr* Parser::slices() {
    const int s = pos_;
    Expr* a = attempt(&Parser::slice_item);
    if (a != nullptr && kind() != T_COMMA) return a;
    pos_ = s;
    auto item = [&]() -> Expr* {
        if (Expr* x = attempt(&Parser::slice_item)) return x;
        if (kind() == T_STAR) return attempt(&Parser::starred_expression);
        return nullptr;
    };
    auto* t = m_.node<TupleExpr>();
    Expr* first = item();
    if (first == nullptr) throw Fail{};
    t->elts.push_back(first);
    while (kind() == T_COMMA) {
        ++pos_;
        Expr* e = item();
        if (e == nullptr) break;
        t->elts.push_back(e);
    }
    t->pos = span(s);
    return t;
}

// [expression] ':' [expression] [':' [expression]] | named_expression
Expr* Parser::slice_item() {
    const int s = pos_;
    Expr* lower = opt(&Parser::expression);
    if (kind() == T_COLON) {
        auto* sl = m_.node<SliceExpr>();
        sl->lower = lower;
        ++pos_;
        sl->upper = opt(&Parser::expression);
        if (kind() == T_COLON) {
            ++pos_;
            sl->step = opt(&Parser::expression);
        }
        sl->pos = span(s);
        return sl;
    }
    pos_ = s;
    return named_expression();
}

// '*' expression
Expr* Parser::starred_expression() {
    const int s = pos_;
    expect(T_STAR);
    auto* st = m_.node<Starred>();
    st->value = expression();
    st->pos = span(s);
    return st;
}

std::vector<Comprehension> Parser::for_if_clauses() {
    std::vector<Comprehension> gens;
    for (;;) {
        const int c = pos_;
        Comprehension g;
        if (!for_if_clause(g)) {
            pos_ = c;
            break;
        }
        gens.push_back(std::move(g));
    }
    if (gens.empty()) throw Fail{};
    return gens;
}

// [ASYNC] 'for' star_targets 'in' ~ disjunction ('if' disjunction)* | invalid_for_target
bool Parser::for_if_clause(Comprehension& g) {
    const int s = pos_;
    if (kind() == K_ASYNC) {
        g.is_async = true;
        ++pos_;
    }
    if (kind() != K_FOR) return false;
    ++pos_;
    bool cut = false;
    try {
        g.target = star_targets();
        expect(K_IN);
        cut = true;
        g.iter = disjunction();
        while (kind() == K_IF) {
            const int i = pos_;
            ++pos_;
            Expr* e = opt(&Parser::disjunction);
            if (e == nullptr) {
                pos_ = i;
                break;
            }
            g.ifs.push_back(e);
        }
        return true;
    } catch (const Fail&) {
        if (cut || !inv_) return false;
    }
    pos_ = s + (g.is_async ? 2 : 1);
    attempt_do([&] {
        Expr* a = star_expressions();
        if (Expr* bad = invalid_target(a, Targets::for_))
            raise_node(bad->pos, join({"cannot assign to ", expr_name(bad)}));
    });
    return false;
}

// star_target !',' | star_target (',' star_target)* [','] (a Tuple)
Expr* Parser::star_targets() {
    const int s = pos_;
    Expr* a = star_target();
    if (kind() != T_COMMA) return a;
    auto* t = m_.node<TupleExpr>();
    t->elts.push_back(a);
    while (kind() == T_COMMA) {
        ++pos_;
        Expr* e = attempt(&Parser::star_target);
        if (e == nullptr) break;
        t->elts.push_back(e);
    }
    set_ctx(t, Ctx::store);
    t->pos = span(s);
    return t;
}

// '*' (!'*' star_target) | target_with_star_atom
Expr* Parser::star_target() {
    const int s = pos_;
    if (kind() == T_STAR) {
        ++pos_;
        if (kind() == T_STAR) throw Fail{};
        auto* st = m_.node<Starred>();
        st->value = star_target();
        st->ctx = Ctx::store;
        st->pos = span(s);
        return st;
    }
    Expr* e = primary();
    if (e->kind == ExprKind::starred || !valid_target(e, false)) throw Fail{};
    set_ctx(e, Ctx::store);
    return e;
}

// ---- call arguments

// (assignment_expression | expression !':=') !'=' | starred_expression
Expr* Parser::positional_arg() {
    if (kind() == T_STAR) return starred_expression();
    if (!starts_expr() || (kind() == T_NAME && kind(1) == T_EQUAL)) return nullptr;
    Expr* e = assign_or_expression();
    if (kind() == T_EQUAL) throw Fail{};
    return e;
}

// args: ','.positional_arg+ [',' kwargs] | kwargs
bool Parser::args(CallArgs& out) {
    const int s = pos_;
    out = CallArgs{};
    if (Expr* e = attempt(&Parser::positional_arg)) {  // null: not positional
        out.args.push_back(e);
        while (kind() == T_COMMA) {
            const int c = pos_;
            ++pos_;
            Expr* x = attempt(&Parser::positional_arg);
            if (x == nullptr) {
                pos_ = c;
                break;
            }
            out.args.push_back(x);
        }
        if (kind() == T_COMMA) {
            const int c = pos_;
            ++pos_;
            if (!kwargs(out)) pos_ = c;
        }
    } else if (!kwargs(out)) {
        pos_ = s;
        return false;
    }
    out.pos = span(s);
    return true;
}

// ','.kwarg_or_starred+ ',' ','.kwarg_or_double_starred+ | ','.kwarg_or_starred+
//   | ','.kwarg_or_double_starred+
bool Parser::kwargs(CallArgs& out) {
    if (kw_list(out, false)) {
        const int m = pos_;
        if (kind() == T_COMMA) {
            ++pos_;
            if (kw_list(out, true)) return true;
        }
        pos_ = m;
        return true;
    }
    return kw_list(out, true);
}

bool Parser::kw_list(CallArgs& out, bool dbl) {
    if (!kw_item(out, dbl)) return false;
    while (kind() == T_COMMA) {
        const int c = pos_;
        ++pos_;
        if (!kw_item(out, dbl)) {
            pos_ = c;
            break;
        }
    }
    return true;
}

// invalid_kwarg | NAME '=' expression | starred_expression (or '**' expression)
bool Parser::kw_item(CallArgs& out, bool dbl) {
    const int s = pos_;
    if (inv_) invalid_kwarg();
    if (kind() == T_NAME && kind(1) == T_EQUAL) {
        if (Expr* v = attempt([&] {
                pos_ += 2;
                return expression();
            })) {
            Keyword k;
            k.arg = identifier(text_of(s));
            k.value = v;
            k.pos = span(s);
            out.kws.push_back(std::move(k));
            return true;
        }
        pos_ = s;
    }
    if (!dbl && kind() == T_STAR) {
        if (Expr* e = attempt(&Parser::starred_expression)) {
            out.args.push_back(e);
            return true;
        }
    }
    if (dbl && kind() == T_DOUBLESTAR) {
        if (Expr* v = attempt([&] {
                ++pos_;
                return expression();
            })) {
            Keyword k;
            k.value = v;
            k.pos = span(s);
            out.kws.push_back(std::move(k));
            return true;
        }
    }
    pos_ = s;
    return false;
}

void Parser::invalid_kwarg() {
    const int s = pos_;
    const TokKind k = kind();
    if ((k == K_TRUE || k == K_FALSE || k == K_NONE) && kind(1) == T_EQUAL)
        raise_range(tpos(s), tpos(s + 1), join({"cannot assign to ", text_of(s)}));
    if (k == T_NAME && kind(1) == T_EQUAL) {
        attempt_do([&] {
            pos_ += 2;
            expression();
            for_if_clauses();
            raise_range(tpos(s), tpos(s + 1), "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
        });
    } else {
        attempt_do([&] {
            Expr* a = expression();
            if (kind() == T_EQUAL)
                raise_range(a->pos, tpos(pos_), "expression cannot contain assignment, perhaps you meant \"==\"?");
            throw Fail{};
        });
    }
    pos_ = s;
}

// args [','] &')' | invalid_arguments
bool Parser::arguments(CallArgs& out) {
    const int s = pos_;
    if (args(out)) {
        if (kind() == T_COMMA) ++pos_;
        if (kind() == T_RPAR) return true;
    }
    pos_ = s;
    if (inv_) invalid_arguments(s);
    pos_ = s;
    out = CallArgs{};
    return false;
}

Expr* last_comprehension_item(const std::vector<Comprehension>& gens) {
    const Comprehension& c = gens.back();
    return c.ifs.empty() ? c.iter : c.ifs.back();
}

void Parser::invalid_arguments(int s) {
    CallArgs a;
    // a=args ',' '*'
    attempt_do([&] {
        if (!args(a)) throw Fail{};
        expect(T_COMMA);
        expect(T_STAR);
        raise_node(a.pos, "iterable argument unpacking follows keyword argument unpacking");
    });
    pos_ = s;
    // a=expression b=for_if_clauses ',' [args | expression for_if_clauses]
    attempt_do([&] {
        Expr* e = expression();
        std::vector<Comprehension> b = for_if_clauses();
        expect(T_COMMA);
        raise_range(e->pos, last_comprehension_item(b)->pos, "Generator expression must be parenthesized");
    });
    pos_ = s;
    // a=NAME b='=' expression for_if_clauses
    if (kind() == T_NAME && kind(1) == T_EQUAL) {
        attempt_do([&] {
            pos_ += 2;
            expression();
            for_if_clauses();
            raise_range(tpos(s), tpos(s + 1), "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
        });
        pos_ = s;
    }
    // a=args b=for_if_clauses
    attempt_do([&] {
        if (!args(a)) throw Fail{};
        std::vector<Comprehension> b = for_if_clauses();
        if (a.args.size() <= 1) throw Fail{};
        raise_range(a.args.back()->pos, last_comprehension_item(b)->pos, "Generator expression must be parenthesized");
    });
    pos_ = s;
    // args ',' a=expression b=for_if_clauses
    attempt_do([&] {
        if (!args(a)) throw Fail{};
        expect(T_COMMA);
        Expr* e = expression();
        std::vector<Comprehension> b = for_if_clauses();
        raise_range(e->pos, last_comprehension_item(b)->pos, "Generator expression must be parenthesized");
    });
    pos_ = s;
    // a=args ',' args
    attempt_do([&] {
        if (!args(a)) throw Fail{};
        CallArgs first = std::move(a);
        expect(T_COMMA);
        if (!args(a)) throw Fail{};
        bool unpacking = false;
        for (const Keyword& k : first.kws)
            if (k.arg.empty()) unpacking = true;
        raise(unpacking ? "positional argument follows keyword argument unpacking"
                        : "positional argument follows keyword argument");
    });
    pos_ = s;
}

// ---- parameters

// param: NAME annotation? (a lambda's: NAME)
bool Parser::param(bool lam, Arg& a) {
    if (kind() != T_NAME) return false;
    const int s = pos_;
    a.arg = identifier(text_of(s));
    a.annotation = nullptr;
    ++pos_;
    if (!lam && kind() == T_COLON) {
        const int c = pos_;
        ++pos_;
        a.annotation = opt(&Parser::expression);
        if (a.annotation == nullptr) pos_ = c;
    }
    a.pos = span(s);
    return true;
}

// ',' | &')' (a lambda's: ',' | &':')
bool Parser::param_sep(bool lam) {
    if (kind() == T_COMMA) {
        ++pos_;
        return true;
    }
    return kind() == (lam ? T_COLON : T_RPAR);
}

bool Parser::param_no_default(bool lam, Arg& a) {
    const int s = pos_;
    if (param(lam, a) && param_sep(lam)) return true;
    pos_ = s;
    return false;
}

// default: '=' expression | invalid_default
bool Parser::param_default(Expr*& value) {
    if (kind() != T_EQUAL) return false;
    const int s = pos_;
    ++pos_;
    value = opt(&Parser::expression);
    if (value != nullptr) return true;
    pos_ = s;
    if (inv_ && (kind(1) == T_RPAR || kind(1) == T_COMMA)) raise_node(tpos(s), "expected default value expression");
    return false;
}

bool Parser::param_with_default(bool lam, NameDefault& nd) {
    const int s = pos_;
    if (param(lam, nd.arg) && param_default(nd.value) && param_sep(lam)) return true;
    pos_ = s;
    return false;
}

bool Parser::param_maybe_default(bool lam, NameDefault& nd) {
    const int s = pos_;
    if (param(lam, nd.arg)) {
        nd.value = nullptr;
        param_default(nd.value);
        if (param_sep(lam)) return true;
    }
    pos_ = s;
    return false;
}

// param_no_default+ '/' (',' | &')')
bool Parser::slash_no_default(bool lam, std::vector<Arg>& out) {
    const int s = pos_;
    out.clear();
    Arg a;
    while (param_no_default(lam, a)) out.push_back(a);
    if (!out.empty() && kind() == T_SLASH) {
        ++pos_;
        if (param_sep(lam)) return true;
    }
    pos_ = s;
    out.clear();
    return false;
}

// param_no_default* param_with_default+ '/' (',' | &')')
bool Parser::slash_with_default(bool lam, Params& p) {
    const int s = pos_;
    std::vector<Arg> plain;
    std::vector<NameDefault> defs;
    Arg a;
    while (param_no_default(lam, a)) plain.push_back(a);
    NameDefault nd;
    while (param_with_default(lam, nd)) defs.push_back(nd);
    if (!defs.empty() && kind() == T_SLASH) {
        ++pos_;
        if (param_sep(lam)) {
            p.slash_plain = std::move(plain);
            p.slash_defaults = std::move(defs);
            p.slash_with_default = true;
            return true;
        }
    }
    pos_ = s;
    return false;
}

// '**' param_no_default (kwds / lambda_kwds), after invalid_kwds
bool Parser::kwds(bool lam, Params& p) {
    if (kind() != T_DOUBLESTAR) return false;
    const int s = pos_;
    if (inv_) invalid_kwds(lam);
    ++pos_;
    if (param_no_default(lam, p.kwarg)) {
        p.has_kwarg = true;
        return true;
    }
    pos_ = s;
    return false;
}

void Parser::invalid_kwds(bool lam) {
    const int s = pos_;
    Arg a;
    ++pos_;
    if (param(lam, a)) {
        if (kind() == T_EQUAL) raise_node(tpos(pos_), "var-keyword argument cannot have default value");
        if (kind() == T_COMMA) {
            ++pos_;
            const int b = pos_;
            Arg other;
            if (param(lam, other)) raise_node(other.pos, "arguments cannot follow var-keyword argument");
            pos_ = b;
            if (kind() == T_STAR || kind() == T_DOUBLESTAR || kind() == T_SLASH)
                raise_node(tpos(b), "arguments cannot follow var-keyword argument");
        }
    }
    pos_ = s;
}

void Parser::invalid_star_etc(bool lam) {
    const int s = pos_;
    const TokKind end = lam ? T_COLON : T_RPAR;
    // '*' (')' | ',' (')' | '**'))
    if (kind(1) == end || (kind(1) == T_COMMA && (kind(2) == end || kind(2) == T_DOUBLESTAR))) {
        if (lam) raise("named arguments must follow bare *");
        raise_node(tpos(s), "named arguments must follow bare *");
    }
    // '*' param a='='
    ++pos_;
    Arg a;
    if (param(lam, a) && kind() == T_EQUAL) raise_node(tpos(pos_), "var-positional argument cannot have default value");
    // '*' (param_no_default | ',') param_maybe_default* a='*' (param_no_default | ',')
    pos_ = s + 1;
    if (param_no_default(lam, a) || (kind() == T_COMMA && (++pos_, true))) {
        NameDefault nd;
        while (param_maybe_default(lam, nd)) {
        }
        if (kind() == T_STAR) {
            const int b = pos_;
            ++pos_;
            if (param_no_default(lam, a) || kind() == T_COMMA) raise_node(tpos(b), "* argument may appear only once");
        }
    }
    pos_ = s;
}

// star_etc: invalid_star_etc | '*' param_no_default param_maybe_default* [kwds]
//   | '*' param_no_default_star_annotation param_maybe_default* [kwds]
//   | '*' ',' param_maybe_default+ [kwds] | kwds
bool Parser::star_etc(bool lam, Params& p) {
    const int s = pos_;
    if (kind() != T_STAR) return kwds(lam, p);
    if (inv_) invalid_star_etc(lam);
    ++pos_;
    auto rest = [&] {
        NameDefault nd;
        while (param_maybe_default(lam, nd)) p.kwonly.push_back(nd);
        kwds(lam, p);
    };
    if (param_no_default(lam, p.vararg)) {
        p.has_vararg = true;
        rest();
        return true;
    }
    if (!lam && kind() == T_NAME && kind(1) == T_COLON && kind(2) == T_STAR) {
        // NAME ':' star_expression (',' | &')')
        const int a = pos_;
        const bool ok = attempt_do([&] {
            p.vararg.arg = identifier(text_of(a));
            pos_ += 2;
            p.vararg.annotation = star_expression();
            p.vararg.pos = span(a);
            if (!param_sep(false)) throw Fail{};
        });
        if (ok) {
            p.has_vararg = true;
            rest();
            return true;
        }
    }
    if (kind() == T_COMMA) {
        ++pos_;
        NameDefault nd;
        if (param_maybe_default(lam, nd)) {
            p.kwonly.push_back(nd);
            rest();
            return true;
        }
    }
    pos_ = s;
    p.kwonly.clear();
    return false;
}

bool Parser::parameters(bool lam, Params& p) {
    const int s = pos_;
    Arg a;
    NameDefault nd;
    // slash_no_default param_no_default* param_with_default* [star_etc]
    if (slash_no_default(lam, p.slash_plain)) {
        while (param_no_default(lam, a)) p.plain.push_back(a);
        while (param_with_default(lam, nd)) p.with_default.push_back(nd);
        star_etc(lam, p);
        return true;
    }
    // slash_with_default param_with_default* [star_etc]
    if (slash_with_default(lam, p)) {
        while (param_with_default(lam, nd)) p.with_default.push_back(nd);
        star_etc(lam, p);
        return true;
    }
    // param_no_default+ param_with_default* [star_etc]
    while (param_no_default(lam, a)) p.plain.push_back(a);
    if (!p.plain.empty()) {
        while (param_with_default(lam, nd)) p.with_default.push_back(nd);
        star_etc(lam, p);
        return true;
    }
    // param_with_default+ [star_etc]
    while (param_with_default(lam, nd)) p.with_default.push_back(nd);
    if (!p.with_default.empty()) {
        star_etc(lam, p);
        return true;
    }
    pos_ = s;
    return star_etc(lam, p);
}

void Parser::invalid_parameters(bool lam) {
    const int s = pos_;
    Arg a;
    NameDefault nd;
    Params scratch;
    // param_no_default* invalid_parameters_helper a=param_no_default
    while (param_no_default(lam, a)) {
    }
    {
        const int h = pos_;
        bool helper = slash_with_default(lam, scratch);
        if (!helper) {
            pos_ = h;
            while (param_with_default(lam, nd)) helper = true;
        }
        if (helper && param_no_default(lam, a)) raise_node(a.pos, "non-default argument follows default argument");
    }
    pos_ = s;
    // param_no_default* a='(' param_no_default+ ','? b=')'   (lambda: ','.lambda_param+)
    while (param_no_default(lam, a)) {
    }
    if (kind() == T_LPAR) {
        const int o = pos_;
        ++pos_;
        int n = 0;
        if (lam) {
            while (param(true, a)) {
                ++n;
                if (kind() != T_COMMA || kind(1) != T_NAME) break;
                ++pos_;
            }
        } else {
            while (param_no_default(false, a)) ++n;
        }
        if (n > 0) {
            if (kind() == T_COMMA) ++pos_;
            if (kind() == T_RPAR)
                raise_range(tpos(o), tpos(pos_), lam ? "Lambda expression parameters cannot be parenthesized"
                                                     : "Function parameters cannot be parenthesized");
        }
    }
    pos_ = s;
    // a="/" ','
    if (kind() == T_SLASH && kind(1) == T_COMMA) raise_node(tpos(s), "at least one argument must precede /");
    // (slash_no_default | slash_with_default) param_maybe_default* a='/'
    std::vector<Arg> plain;
    if (slash_no_default(lam, plain) || slash_with_default(lam, scratch)) {
        while (param_maybe_default(lam, nd)) {
        }
        if (kind() == T_SLASH) raise_node(tpos(pos_), "/ may appear only once");
    }
    pos_ = s;
    // (slash_no_default | slash_with_default)? param_maybe_default* '*' (',' | param_no_default)
    //   param_maybe_default* a='/'
    if (!slash_no_default(lam, plain)) slash_with_default(lam, scratch);
    while (param_maybe_default(lam, nd)) {
    }
    if (kind() == T_STAR) {
        ++pos_;
        if (kind() == T_COMMA ? (++pos_, true) : param_no_default(lam, a)) {
            while (param_maybe_default(lam, nd)) {
            }
            if (kind() == T_SLASH) raise_node(tpos(pos_), "/ must be ahead of *");
        }
    }
    pos_ = s;
    // param_maybe_default+ '/' a='*'
    int n = 0;
    while (param_maybe_default(lam, nd)) ++n;
    if (n > 0 && kind() == T_SLASH && kind(1) == T_STAR) raise_node(tpos(pos_ + 1), "expected comma between / and *");
    pos_ = s;
}

// params: invalid_parameters | parameters, made into an Arguments (_PyPegen_make_arguments)
bool Parser::params(bool lam, Arguments& out) {
    if (inv_) invalid_parameters(lam);
    Params p;
    if (!parameters(lam, p)) return false;
    out = Arguments{};
    if (p.slash_with_default) {
        out.posonlyargs = p.slash_plain;
        for (NameDefault& nd : p.slash_defaults) {
            out.posonlyargs.push_back(nd.arg);
            out.defaults.push_back(nd.value);
        }
    } else {
        out.posonlyargs = p.slash_plain;
    }
    out.args = p.plain;
    for (NameDefault& nd : p.with_default) {
        out.args.push_back(nd.arg);
        out.defaults.push_back(nd.value);
    }
    out.has_vararg = p.has_vararg;
    out.vararg = p.vararg;
    for (NameDefault& nd : p.kwonly) {
        out.kwonlyargs.push_back(nd.arg);
        out.kw_defaults.push_back(nd.value);
    }
    out.has_kwarg = p.has_kwarg;
    out.kwarg = p.kwarg;
    return true;
}

// ============================================================================ strings

// strings: STRING+ (memoized, so the f-strings in it are parsed once per pass)
Expr* Parser::strings() {
    return memo(kMemoStrings, [&] {
        const int s = pos_;
        while (kind() == T_STRING) ++pos_;  // reads the token after the last string, as CPython does
        return concatenate_strings(s, pos_ - 1);
    });
}

// _PyPegen_concatenate_strings: implicit concatenation of plain, bytes and f-strings.
Expr* Parser::concatenate_strings(int first, int last) {
    bool bytesmode = false;
    std::string bytes;
    FState st;
    unsupported_escape_ = false;
    for (int i = first; i <= last; ++i) {
        const std::string_view t = text_of(i);
        std::size_t q = 0;
        bool b = false, r = false, f = false;
        for (; t[q] != '\'' && t[q] != '"'; ++q) {
            const char c = static_cast<char>(t[q] | 0x20);
            b = b || c == 'b';
            r = r || c == 'r';
            f = f || c == 'f';
        }
        const std::string_view rest = t.substr(q);
        const std::size_t quotes = rest.size() >= 6 && rest[1] == rest[0] && rest[2] == rest[0] ? 3 : 1;
        const std::string_view body = rest.substr(quotes, rest.size() - 2 * quotes);
        const bool escapes = !r && body.find('\\') != std::string_view::npos;
        std::string decoded;
        if (b) {
            for (const char c : rest)
                if (static_cast<unsigned char>(c) >= 0x80) raise("bytes can only contain ASCII literal characters");
            if (escapes) decode_bytes(body, decoded);
            else decoded = body;
        } else if (!f) {
            if (escapes) decode_unicode(body, decoded);
            else decoded = body;
        }
        if (i != first && bytesmode != b) raise("cannot mix bytes and nonbytes literals");
        bytesmode = b;
        if (f) {
            const char* p = body.data();
            fstring_concat(st, p, p + body.size(), r, 0, first, i, last);
        } else if (b) {
            bytes += decoded;
        } else {
            fconcat(st, std::move(decoded));
        }
    }
    if (unsupported_escape_) return unsupported("\\N{...} escapes", first);
    if (bytesmode) {
        auto* c = node<Constant>(first);
        c->type = Constant::Type::bytes;
        c->s = std::move(bytes);
        return c;
    }
    return fstring_finish(st, first, last);
}

// decode_unicode_with_escapes + _PyUnicode_DecodeUnicodeEscape. Error positions count in the copy
// CPython decodes, where each non-ASCII character is a 10-byte \Uxxxxxxxx escape.
bool Parser::decode_unicode(std::string_view s, std::string& out) {
    const int n = static_cast<int>(s.size());
    int tpos = 0;
    auto fail = [&](int start, int end, const char* why) {
        raise(join({"(unicode error) 'unicodeescape' codec can't decode bytes in position ", decimal(start), "-",
                    decimal(end - 1), ": ", why}));
    };
    for (int i = 0; i < n;) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c != '\\') {
            if (c < 0x80) {
                out += static_cast<char>(c);
                ++i;
                ++tpos;
            } else {
                const int j0 = i;
                decode_utf8(s, i);
                out.append(s.substr(j0, i - j0));
                tpos += 10;
            }
            continue;
        }
        if (i + 1 >= n || static_cast<unsigned char>(s[i + 1]) >= 0x80) {  // a backslash kept as it is
            out += '\\';
            ++i;
            tpos += 6;
            continue;
        }
        const int start = tpos;
        const char e = s[i + 1];
        i += 2;
        tpos += 2;
        switch (e) {
            case '\n': break;
            case '\\':
            case '\'':
            case '"': out += e; break;
            case 'a': out += '\a'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'v': out += '\v'; break;
            case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
                std::uint32_t v = static_cast<std::uint32_t>(e - '0');
                for (int k = 0; k < 2 && i < n && s[i] >= '0' && s[i] <= '7'; ++k, ++i, ++tpos)
                    v = v * 8 + static_cast<std::uint32_t>(s[i] - '0');
                append_utf8(out, v);
                break;
            }
            case 'x':
            case 'u':
            case 'U': {
                int count = e == 'x' ? 2 : e == 'u' ? 4 : 8;
                const char* why = e == 'x' ? "truncated \\xXX escape"
                                  : e == 'u' ? "truncated \\uXXXX escape" : "truncated \\UXXXXXXXX escape";
                std::uint32_t v = 0;
                for (; count > 0; --count, ++i, ++tpos) {
                    const int h = i < n ? hex_value(static_cast<unsigned char>(s[i])) : -1;
                    if (h < 0) fail(start, tpos, why);
                    v = v * 16 + static_cast<std::uint32_t>(h);
                }
                if (v > 0x10FFFF) fail(start, tpos, "illegal Unicode character");
                append_utf8(out, v);
                break;
            }
            case 'N': {  // \N{name}: there is no table of names here, so the string is refused at run time
                if (i < n && s[i] == '{') {
                    int k = i + 1;
                    while (k < n && s[k] != '}') ++k;
                    if (k < n && k > i + 1) {
                        unsupported_escape_ = true;
                        tpos += k + 1 - i;
                        i = k + 1;
                        break;
                    }
                    tpos += k - i;
                }
                fail(start, tpos, "malformed \\N character escape");
                break;
            }
            default:
                out += '\\';
                out += e;
                break;
        }
    }
    return true;
}

// _PyBytes_DecodeEscape
bool Parser::decode_bytes(std::string_view s, std::string& out) {
    const int n = static_cast<int>(s.size());
    for (int i = 0; i < n;) {
        const char c = s[i];
        if (c != '\\' || i + 1 >= n) {
            out += c;
            ++i;
            continue;
        }
        const int at = i;
        const char e = s[i + 1];
        i += 2;
        switch (e) {
            case '\n': break;
            case '\\':
            case '\'':
            case '"': out += e; break;
            case 'a': out += '\a'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'v': out += '\v'; break;
            case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
                int v = e - '0';
                for (int k = 0; k < 2 && i < n && s[i] >= '0' && s[i] <= '7'; ++k, ++i) v = v * 8 + (s[i] - '0');
                out += static_cast<char>(v & 0xFF);
                break;
            }
            case 'x': {
                const int h1 = i < n ? hex_value(static_cast<unsigned char>(s[i])) : -1;
                const int h2 = i + 1 < n ? hex_value(static_cast<unsigned char>(s[i + 1])) : -1;
                if (h1 < 0 || h2 < 0) raise(join({"(value error) invalid \\x escape at position ", decimal(at)}));
                out += static_cast<char>(h1 * 16 + h2);
                i += 2;
                break;
            }
            default:
                out += '\\';
                out += e;
                break;
        }
    }
    return true;
}

void Parser::fconcat(FState& st, std::string s) {
    if (s.empty()) return;
    st.last += s;
    st.has_last = true;
}

Expr* Parser::fmake_str(FState& st, int first, int last) {
    auto* c = m_.node<Constant>();
    c->type = Constant::Type::string;
    c->s = std::move(st.last);
    st.last.clear();
    st.has_last = false;
    const Token& a = tok(first);
    const Token& b = tok(last);
    c->pos = {a.line, a.col, b.end_line, b.end_col};
    return c;
}

// _PyPegen_FstringParser_Finish
Expr* Parser::fstring_finish(FState& st, int first, int last) {
    if (!st.fmode) return fmake_str(st, first, last);
    if (st.has_last) st.list.push_back(fmake_str(st, first, last));
    auto* j = m_.node<JoinedStr>();
    j->values = std::move(st.list);
    const Token& a = tok(first);
    const Token& b = tok(last);
    j->pos = {a.line, a.col, b.end_line, b.end_col};
    return j;
}

// fstring_find_literal: the text up to the next expression; 1 when a doubled brace cut it short.
int Parser::fstring_find_literal(const char*& str, const char* end, bool raw, std::string& literal,
                                 bool& has_literal, int recurse_lvl) {
    const char* s = str;
    const char* literal_start = s;
    int result = 0;
    while (s < end) {
        char ch = *s++;
        if (!raw && ch == '\\' && s < end) {
            ch = *s++;
            if (ch == 'N') {
                if (s < end && *s++ == '{') {
                    while (s < end && *s++ != '}') {
                    }
                    continue;
                }
                break;
            }
        }
        if (ch == '{' || ch == '}') {
            // doubled braces only count at the top level: f'{0:{3}}' ends with two '}'
            if (recurse_lvl == 0) {
                if (s < end && *s == ch) {
                    str = s + 1;
                    result = 1;
                    goto done;
                }
                if (ch == '}') {
                    str = s - 1;
                    raise("f-string: single '}' is not allowed");
                }
            }
            --s;
            break;
        }
    }
    str = s;
done:
    if (literal_start != s) {
        const std::string_view lit(literal_start, static_cast<std::size_t>(s - literal_start));
        if (raw) literal = std::string(lit);
        else decode_unicode(lit, literal);
        has_literal = true;
    }
    return result;
}

// fstring_find_expr: {expression[=][!conversion][:format_spec]}
Expr* Parser::fstring_find_expr(const char*& str, const char* end, bool raw, int recurse_lvl, std::string& expr_text,
                                bool& has_text, int first, int t, int last) {
    has_text = false;
    if (recurse_lvl >= 2) raise("f-string: expressions nested too deeply");
    ++str;
    const char* expr_start = str;
    char quote_char = 0;
    int string_type = 0;
    int nested_depth = 0;
    char parenstack[200];
    for (; str < end; ++str) {
        const char ch = *str;
        if (ch == '\\') raise("f-string expression part cannot include a backslash");
        if (quote_char != 0) {
            if (ch == quote_char) {
                if (string_type == 3) {
                    if (str + 2 < end && str[1] == ch && str[2] == ch) {
                        str += 2;
                        string_type = 0;
                        quote_char = 0;
                    }
                } else {
                    quote_char = 0;
                    string_type = 0;
                }
            }
        } else if (ch == '\'' || ch == '"') {
            if (str + 2 < end && str[1] == ch && str[2] == ch) {
                string_type = 3;
                str += 2;
            } else {
                string_type = 1;
            }
            quote_char = ch;
        } else if (ch == '[' || ch == '{' || ch == '(') {
            if (nested_depth >= 200) raise("f-string: too many nested parenthesis");
            parenstack[nested_depth++] = ch;
        } else if (ch == '#') {
            raise("f-string expression part cannot include '#'");
        } else if (nested_depth == 0 && (ch == '!' || ch == ':' || ch == '}' || ch == '=' || ch == '>' || ch == '<')) {
            if (str + 1 < end) {
                const char next = str[1];
                if ((ch == '!' && next == '=') || (ch == '=' && next == '=') || (ch == '<' && next == '=') ||
                    (ch == '>' && next == '=')) {
                    ++str;
                    continue;
                }
                if (ch == '>' || ch == '<') continue;
            }
            break;
        } else if (ch == ']' || ch == '}' || ch == ')') {
            if (nested_depth == 0) raise(join({"f-string: unmatched '", std::string_view(str, 1), "'"}));
            const char opening = parenstack[--nested_depth];
            if (!((opening == '(' && ch == ')') || (opening == '[' && ch == ']') || (opening == '{' && ch == '}')))
                raise(join({"f-string: closing parenthesis '", std::string_view(str, 1),
                            "' does not match opening parenthesis '", std::string_view(&parenstack[nested_depth], 1), "'"}));
        }
    }
    const char* expr_end = str;
    if (quote_char != 0) raise("f-string: unterminated string");
    if (nested_depth != 0)
        raise(join({"f-string: unmatched '", std::string_view(&parenstack[nested_depth - 1], 1), "'"}));
    if (str >= end) raise("f-string: expecting '}'");
    Expr* simple = fstring_compile_expr(expr_start, expr_end, t);
    if (*str == '=') {  // f'{x=}': the expression's text goes into the string
        ++str;
        while (str < end && (*str == ' ' || (*str >= '\t' && *str <= '\r'))) ++str;
        expr_text.assign(expr_start, static_cast<std::size_t>(str - expr_start));
        has_text = true;
    }
    int conversion = -1;
    if (str < end && *str == '!') {
        ++str;
        if (str >= end) raise("f-string: expecting '}'");
        conversion = static_cast<unsigned char>(*str);
        ++str;
        if (conversion != 's' && conversion != 'r' && conversion != 'a')
            raise("f-string: invalid conversion character: expected 's', 'r', or 'a'");
    }
    if (str >= end) raise("f-string: expecting '}'");
    Expr* spec = nullptr;
    if (*str == ':') {
        ++str;
        if (str >= end) raise("f-string: expecting '}'");
        FState sub;
        fstring_concat(sub, str, end, raw, recurse_lvl + 1, first, t, last);
        spec = fstring_finish(sub, t, t);
    }
    if (str >= end || *str != '}') raise("f-string: expecting '}'");
    ++str;
    if (has_text && spec == nullptr && conversion == -1) conversion = 'r';
    auto* fv = m_.node<FormattedValue>();
    fv->value = simple;
    fv->conversion = conversion;
    fv->format_spec = spec;
    const Token& a = tok(first);
    const Token& b = tok(last);
    fv->pos = {a.line, a.col, b.end_line, b.end_col};
    return fv;
}

// fstring_compile_expr: "(expression)" parsed by a parser of its own, placed where 3.11's
// fstring_find_expr_location places it: its first line is shifted to the '{'.
Expr* Parser::fstring_compile_expr(const char* expr_start, const char* expr_end, int t) {
    const char* s = expr_start;
    while (s != expr_end && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\f')) ++s;
    if (s == expr_end) raise("f-string: empty expression not allowed");
    const std::string_view parent = text_of(t);
    const std::size_t brace = static_cast<std::size_t>(expr_start - 1 - parent.data());
    int lines = 0, cols = 0;
    bool newline_after_brace = true;
    for (std::size_t k = brace + 1; k < parent.size() && parent[k] != '}' && parent[k] != '\n'; ++k) {
        if (parent[k] != ' ' && parent[k] != '\t' && parent[k] != '\f') {
            newline_after_brace = false;
            break;
        }
    }
    if (!newline_after_brace) {
        std::size_t st = brace;
        while (st > 0 && parent[st] != '\n') --st;
        cols = static_cast<int>(brace - st) - (parent[st] == '\n' ? 1 : 0);
    }
    for (std::size_t k = 0; k < brace; ++k) lines += parent[k] == '\n';
    std::string paren = "(";
    paren.append(expr_start, static_cast<std::size_t>(expr_end - expr_start));
    paren += ')';
    const std::string text = normalize_source(paren);
    const Token& tk = tok(t);
    auto sub = std::make_unique<Parser>(text, m_, tk.line + lines - 1, lines != 0 ? cols : tk.col + cols, true);
    if (!sub->run()) {
        err_ = std::move(sub->err_);
        has_err_ = true;
        throw Stop{};
    }
    return sub->fstring_expr_;
}

// _PyPegen_FstringParser_ConcatFstring: literal parts and {fields} of one f-string (or of a
// format spec, at recurse_lvl 1) added to `st`.
void Parser::fstring_concat(FState& st, const char*& str, const char* end, bool raw, int recurse_lvl, int first,
                            int t, int last) {
    st.fmode = true;
    for (;;) {
        std::string literal, expr_text;
        bool has_literal = false, has_text = false;
        Expr* expression = nullptr;
        const int result = fstring_find_literal(str, end, raw, literal, has_literal, recurse_lvl);
        if (result == 0 && str < end && *str != '}')
            expression = fstring_find_expr(str, end, raw, recurse_lvl, expr_text, has_text, first, t, last);
        if (has_literal) fconcat(st, std::move(literal));
        if (has_text) fconcat(st, std::move(expr_text));
        if (result == 1) continue;
        if (expression == nullptr) break;
        if (st.has_last) st.list.push_back(fmake_str(st, first, last));
        st.list.push_back(expression);
    }
    if (recurse_lvl == 0 && str < end - 1) raise("f-string: unexpected end of string");
    if (recurse_lvl != 0 && *str != '}') raise("f-string: expecting '}'");
}

// ============================================================================ after parsing

// Children of a node, for the nesting check (each expression and statement is one level).
struct Nested {
    Expr* e = nullptr;
    Stmt* s = nullptr;
    int depth = 0;
};

void push_args(std::vector<Nested>& out, const Arguments& a, int d) {
    auto arg = [&](const Arg& x) {
        if (x.annotation != nullptr) out.push_back({x.annotation, nullptr, d});
    };
    for (const Arg& x : a.posonlyargs) arg(x);
    for (const Arg& x : a.args) arg(x);
    for (const Arg& x : a.kwonlyargs) arg(x);
    if (a.has_vararg) arg(a.vararg);
    if (a.has_kwarg) arg(a.kwarg);
    for (Expr* x : a.defaults) out.push_back({x, nullptr, d});
    for (Expr* x : a.kw_defaults)
        if (x != nullptr) out.push_back({x, nullptr, d});
}

void push_children(std::vector<Nested>& out, const Nested& n) {
    const int d = n.depth + 1;
    auto e = [&](Expr* x) {
        if (x != nullptr) out.push_back({x, nullptr, d});
    };
    auto es = [&](const std::vector<Expr*>& v) {
        for (Expr* x : v) e(x);
    };
    auto ss = [&](const std::vector<Stmt*>& v) {
        for (Stmt* x : v) out.push_back({nullptr, x, d});
    };
    if (n.e != nullptr) {
        Expr* x = n.e;
        switch (x->kind) {
            case ExprKind::joined_str: es(static_cast<JoinedStr*>(x)->values); break;
            case ExprKind::formatted_value:
                e(static_cast<FormattedValue*>(x)->value);
                e(static_cast<FormattedValue*>(x)->format_spec);
                break;
            case ExprKind::list: es(static_cast<ListExpr*>(x)->elts); break;
            case ExprKind::tuple: es(static_cast<TupleExpr*>(x)->elts); break;
            case ExprKind::set: es(static_cast<SetExpr*>(x)->elts); break;
            case ExprKind::dict:
                es(static_cast<DictExpr*>(x)->keys);
                es(static_cast<DictExpr*>(x)->values);
                break;
            case ExprKind::bin_op:
                e(static_cast<BinOp*>(x)->left);
                e(static_cast<BinOp*>(x)->right);
                break;
            case ExprKind::unary_op: e(static_cast<UnaryOp*>(x)->operand); break;
            case ExprKind::bool_op: es(static_cast<BoolOp*>(x)->values); break;
            case ExprKind::compare:
                e(static_cast<Compare*>(x)->left);
                es(static_cast<Compare*>(x)->comparators);
                break;
            case ExprKind::call:
                e(static_cast<Call*>(x)->func);
                es(static_cast<Call*>(x)->args);
                for (const Keyword& k : static_cast<Call*>(x)->keywords) e(k.value);
                break;
            case ExprKind::attribute: e(static_cast<Attribute*>(x)->value); break;
            case ExprKind::subscript:
                e(static_cast<Subscript*>(x)->value);
                e(static_cast<Subscript*>(x)->slice);
                break;
            case ExprKind::slice:
                e(static_cast<SliceExpr*>(x)->lower);
                e(static_cast<SliceExpr*>(x)->upper);
                e(static_cast<SliceExpr*>(x)->step);
                break;
            case ExprKind::if_exp:
                e(static_cast<IfExp*>(x)->test);
                e(static_cast<IfExp*>(x)->body);
                e(static_cast<IfExp*>(x)->orelse);
                break;
            case ExprKind::lambda:
                push_args(out, static_cast<Lambda*>(x)->args, d);
                e(static_cast<Lambda*>(x)->body);
                break;
            case ExprKind::list_comp:
            case ExprKind::set_comp:
            case ExprKind::dict_comp:
            case ExprKind::generator_exp: {
                auto* c = static_cast<Comp*>(x);
                e(c->elt);
                e(c->key);
                e(c->value);
                for (const Comprehension& g : c->generators) {
                    e(g.target);
                    e(g.iter);
                    es(g.ifs);
                }
                break;
            }
            case ExprKind::starred: e(static_cast<Starred*>(x)->value); break;
            case ExprKind::named_expr:
                e(static_cast<NamedExpr*>(x)->target);
                e(static_cast<NamedExpr*>(x)->value);
                break;
            default: break;
        }
        return;
    }
    Stmt* s = n.s;
    switch (s->kind) {
        case StmtKind::expr: e(static_cast<ExprStmt*>(s)->value); break;
        case StmtKind::assign:
            es(static_cast<Assign*>(s)->targets);
            e(static_cast<Assign*>(s)->value);
            break;
        case StmtKind::aug_assign:
            e(static_cast<AugAssign*>(s)->target);
            e(static_cast<AugAssign*>(s)->value);
            break;
        case StmtKind::ann_assign:
            e(static_cast<AnnAssign*>(s)->target);
            e(static_cast<AnnAssign*>(s)->annotation);
            e(static_cast<AnnAssign*>(s)->value);
            break;
        case StmtKind::if_:
            e(static_cast<If*>(s)->test);
            ss(static_cast<If*>(s)->body);
            ss(static_cast<If*>(s)->orelse);
            break;
        case StmtKind::while_:
            e(static_cast<While*>(s)->test);
            ss(static_cast<While*>(s)->body);
            ss(static_cast<While*>(s)->orelse);
            break;
        case StmtKind::for_:
            e(static_cast<For*>(s)->target);
            e(static_cast<For*>(s)->iter);
            ss(static_cast<For*>(s)->body);
            ss(static_cast<For*>(s)->orelse);
            break;
        case StmtKind::return_: e(static_cast<Return*>(s)->value); break;
        case StmtKind::function_def: {
            auto* f = static_cast<FunctionDef*>(s);
            push_args(out, f->args, d);
            e(f->returns);
            es(f->decorator_list);
            ss(f->body);
            break;
        }
        case StmtKind::class_def: {
            auto* c = static_cast<ClassDef*>(s);
            es(c->bases);
            for (const Keyword& k : c->keywords) e(k.value);
            es(c->decorator_list);
            ss(c->body);
            break;
        }
        case StmtKind::try_: {
            auto* t = static_cast<Try*>(s);
            ss(t->body);
            for (const ExceptHandler& h : t->handlers) {
                e(h.type);
                ss(h.body);
            }
            ss(t->orelse);
            ss(t->finalbody);
            break;
        }
        case StmtKind::raise:
            e(static_cast<Raise*>(s)->exc);
            e(static_cast<Raise*>(s)->cause);
            break;
        case StmtKind::assert_:
            e(static_cast<Assert*>(s)->test);
            e(static_cast<Assert*>(s)->msg);
            break;
        case StmtKind::del: es(static_cast<Delete*>(s)->targets); break;
        default: break;
    }
}

// Statements and expressions nested deeper than compile() accepts (its RecursionError).
bool too_deep(const std::vector<Stmt*>& body) {
    std::vector<Nested> stack;
    for (Stmt* s : body) stack.push_back({nullptr, s, 1});
    while (!stack.empty()) {
        const Nested n = stack.back();
        stack.pop_back();
        if (n.depth > kMaxCompileDepth) return true;
        push_children(stack, n);
    }
    return false;
}

// What CPython's symtable (phase 0) and compiler (phase 1) reject in a program that parses, in
// the order they meet it. Offsets are bytes from 1 and there is no text, as CPython reports them.
class Checker {
public:
    explicit Checker(int phase) : phase_(phase) {}
    void module(const std::vector<Stmt*>& body) { stmts(body); }
    SyntaxErrorInfo err;

private:
    [[noreturn]] void fail(const Pos& p, std::string msg) {
        err.type = "SyntaxError";
        err.msg = std::move(msg);
        err.line = p.line;
        err.offset = p.col + 1;
        err.end_line = p.end_line;
        err.end_offset = p.end_col + 1;
        throw Stop{};
    }
    struct Scope {
        Checker& c;
        bool function, loop;
        const char* comp;
        Scope(Checker& checker, bool in_function, bool in_loop)
            : c(checker), function(checker.function_), loop(checker.loop_), comp(checker.comp_) {
            c.function_ = in_function;
            c.loop_ = in_loop;
            if (in_function) c.comp_ = nullptr;
        }
        ~Scope() {
            c.function_ = function;
            c.loop_ = loop;
            c.comp_ = comp;
        }
        Scope(const Scope&) = delete;
        Scope& operator=(const Scope&) = delete;
    };
    void stmts(const std::vector<Stmt*>& v) {
        for (Stmt* s : v) stmt(s);
    }
    void exprs(const std::vector<Expr*>& v, bool star_ok = false) {
        for (Expr* x : v) expr(x, star_ok);
    }
    void arguments(const Arguments& a) {
        exprs(a.defaults);
        for (Expr* x : a.kw_defaults)
            if (x != nullptr) expr(x);
        auto annotation = [&](const Arg& x) {
            if (x.annotation != nullptr) expr(x.annotation, true);
        };
        for (const Arg& x : a.posonlyargs) annotation(x);
        for (const Arg& x : a.args) annotation(x);
        for (const Arg& x : a.kwonlyargs) annotation(x);
        if (a.has_vararg) annotation(a.vararg);
        if (a.has_kwarg) annotation(a.kwarg);
    }
    void params(const Arguments& a) {  // symtable_visit_arguments: duplicate names
        if (phase_ != 0) return;
        std::vector<const Arg*> seen;
        auto add = [&](const Arg& x) {
            for (const Arg* y : seen)
                if (y->arg == x.arg)
                    fail(x.pos, join({"duplicate argument '", x.arg, "' in function definition"}));
            seen.push_back(&x);
        };
        for (const Arg& x : a.posonlyargs) add(x);
        for (const Arg& x : a.args) add(x);
        for (const Arg& x : a.kwonlyargs) add(x);
        if (a.has_vararg) add(a.vararg);
        if (a.has_kwarg) add(a.kwarg);
    }
    void keywords(const std::vector<Keyword>& kws) {  // validate_keywords
        if (phase_ != 1) return;
        for (std::size_t i = 0; i < kws.size(); ++i) {
            if (kws[i].arg.empty()) continue;
            for (std::size_t j = i + 1; j < kws.size(); ++j)
                if (kws[j].arg == kws[i].arg)
                    fail(kws[j].pos, join({"keyword argument repeated: ", kws[i].arg}));
        }
    }
    // An assignment target: a starred one must sit in a list or tuple, and only one per level.
    void target(Expr* e) {
        if (phase_ == 1 && e->kind == ExprKind::starred)
            fail(e->pos, "starred assignment target must be in a list or tuple");
        store(e);
    }
    void store(Expr* e) {
        switch (e->kind) {
            case ExprKind::list:
            case ExprKind::tuple: {
                const auto& elts = e->kind == ExprKind::list ? static_cast<ListExpr*>(e)->elts
                                                              : static_cast<TupleExpr*>(e)->elts;
                int starred = 0;
                for (Expr* x : elts) starred += x->kind == ExprKind::starred;
                if (phase_ == 1 && starred > 1) fail(e->pos, "multiple starred expressions in assignment");
                for (Expr* x : elts) store(x->kind == ExprKind::starred ? static_cast<Starred*>(x)->value : x);
                break;
            }
            case ExprKind::starred: store(static_cast<Starred*>(e)->value); break;
            case ExprKind::name: break;
            default: expr(e); break;
        }
    }
    void stmt(Stmt* s) {
        switch (s->kind) {
            case StmtKind::expr: expr(static_cast<ExprStmt*>(s)->value); break;
            case StmtKind::assign:
                expr(static_cast<Assign*>(s)->value);
                for (Expr* t : static_cast<Assign*>(s)->targets) target(t);
                break;
            case StmtKind::aug_assign:
                store(static_cast<AugAssign*>(s)->target);
                expr(static_cast<AugAssign*>(s)->value);
                break;
            case StmtKind::ann_assign: {
                auto* a = static_cast<AnnAssign*>(s);
                if (a->value != nullptr) expr(a->value);
                store(a->target);
                expr(a->annotation);
                break;
            }
            case StmtKind::if_:
                expr(static_cast<If*>(s)->test);
                stmts(static_cast<If*>(s)->body);
                stmts(static_cast<If*>(s)->orelse);
                break;
            case StmtKind::while_: {
                expr(static_cast<While*>(s)->test);
                {
                    Scope in(*this, function_, true);
                    stmts(static_cast<While*>(s)->body);
                }
                stmts(static_cast<While*>(s)->orelse);
                break;
            }
            case StmtKind::for_: {
                auto* f = static_cast<For*>(s);
                expr(f->iter);
                target(f->target);
                {
                    Scope in(*this, function_, true);
                    stmts(f->body);
                }
                stmts(f->orelse);
                break;
            }
            case StmtKind::break_:
                if (phase_ == 1 && !loop_) fail(s->pos, "'break' outside loop");
                break;
            case StmtKind::continue_:
                if (phase_ == 1 && !loop_) fail(s->pos, "'continue' not properly in loop");
                break;
            case StmtKind::return_:
                if (phase_ == 1 && !function_) fail(s->pos, "'return' outside function");
                if (Expr* v = static_cast<Return*>(s)->value) expr(v);
                break;
            case StmtKind::function_def: {
                auto* f = static_cast<FunctionDef*>(s);
                exprs(f->decorator_list);
                arguments(f->args);
                if (f->returns != nullptr) expr(f->returns);
                Scope in(*this, true, false);
                params(f->args);
                stmts(f->body);
                break;
            }
            case StmtKind::class_def: {
                auto* c = static_cast<ClassDef*>(s);
                exprs(c->decorator_list);
                {
                    Scope in(*this, false, false);
                    stmts(c->body);
                }
                keywords(c->keywords);
                exprs(c->bases, true);
                for (const Keyword& k : c->keywords) expr(k.value);
                break;
            }
            case StmtKind::try_: {
                auto* t = static_cast<Try*>(s);
                stmts(t->body);
                for (const ExceptHandler& h : t->handlers) {
                    if (h.type != nullptr) expr(h.type);
                    stmts(h.body);
                }
                stmts(t->orelse);
                stmts(t->finalbody);
                break;
            }
            case StmtKind::raise:
                if (Expr* x = static_cast<Raise*>(s)->exc) expr(x);
                if (Expr* x = static_cast<Raise*>(s)->cause) expr(x);
                break;
            case StmtKind::assert_:
                expr(static_cast<Assert*>(s)->test);
                if (Expr* x = static_cast<Assert*>(s)->msg) expr(x);
                break;
            case StmtKind::del:
                for (Expr* t : static_cast<Delete*>(s)->targets) store(t);
                break;
            default: break;
        }
    }
    void expr(Expr* x, bool star_ok = false) {
        switch (x->kind) {
            case ExprKind::starred:
                if (phase_ == 1 && !star_ok) fail(x->pos, "can't use starred expression here");
                expr(static_cast<Starred*>(x)->value);
                break;
            case ExprKind::list: exprs(static_cast<ListExpr*>(x)->elts, true); break;
            case ExprKind::tuple: exprs(static_cast<TupleExpr*>(x)->elts, true); break;
            case ExprKind::set: exprs(static_cast<SetExpr*>(x)->elts, true); break;
            case ExprKind::call: {
                auto* c = static_cast<Call*>(x);
                expr(c->func);
                keywords(c->keywords);
                exprs(c->args, true);
                for (const Keyword& k : c->keywords) expr(k.value);
                break;
            }
            case ExprKind::subscript: {
                auto* s = static_cast<Subscript*>(x);
                expr(s->value);
                expr(s->slice, s->slice->kind == ExprKind::tuple);
                break;
            }
            case ExprKind::lambda: {
                auto* l = static_cast<Lambda*>(x);
                arguments(l->args);
                Scope in(*this, true, false);
                params(l->args);
                expr(l->body);
                break;
            }
            case ExprKind::list_comp:
            case ExprKind::set_comp:
            case ExprKind::dict_comp:
            case ExprKind::generator_exp: {
                auto* c = static_cast<Comp*>(x);
                const char* saved = comp_;
                bool first = true;
                for (const Comprehension& g : c->generators) {
                    expr(g.iter);  // the first iterable belongs to the enclosing scope
                    if (first) comp_ = expr_name(x);
                    first = false;
                    target(g.target);
                    exprs(g.ifs);
                }
                if (c->elt != nullptr) expr(c->elt);
                if (c->key != nullptr) expr(c->key);
                if (c->value != nullptr) expr(c->value);
                comp_ = saved;
                break;
            }
            case ExprKind::unsupported: {
                const std::string& w = static_cast<UnsupportedExpr*>(x)->what;
                if (phase_ == 0) {
                    if (w.compare(0, 6, "'yield") == 0 && comp_ != nullptr)
                        fail(x->pos, join({"'yield' inside ", comp_}));
                    break;
                }
                if (w.compare(0, 5, "async") == 0)
                    fail(x->pos, "asynchronous comprehension outside of an asynchronous function");
                if (w.compare(0, 6, "'yield") == 0 && !function_) fail(x->pos, "'yield' outside function");
                if (w.compare(0, 6, "'await") == 0)
                    fail(x->pos, function_ ? "'await' outside async function" : "'await' outside function");
                break;
            }
            default: {
                std::vector<Nested> kids;
                push_children(kids, {x, nullptr, 0});
                for (const Nested& k : kids) expr(k.e, false);
                break;
            }
        }
    }

    int phase_;
    bool function_ = false, loop_ = false;
    const char* comp_ = nullptr;  // the comprehension being visited (symtable: no yield in it)
};

bool valid_utf8(std::string_view s, std::size_t& bad) {
    for (std::size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        const int n = c < 0x80 ? 0 : (c >> 5) == 6 ? 1 : (c >> 4) == 14 ? 2 : (c >> 3) == 30 ? 3 : -1;
        if (n < 0 || i + static_cast<std::size_t>(n) >= s.size() + (n == 0 ? 1 : 0)) {
            bad = i;
            return false;
        }
        for (int k = 1; k <= n; ++k)
            if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) {
                bad = i;
                return false;
            }
        i += static_cast<std::size_t>(n) + 1;
    }
    return true;
}

}  // namespace

ParseResult parse_module(const std::string& source, const std::string& filename, SourceKind kind) {
    ParseResult result;
    try {
        SyntaxErrorInfo e;
        if (source.find('\0') != std::string::npos) {
            e.type = "ValueError";
            e.msg = "source code string cannot contain null bytes";
            result.error = e;
            return result;
        }
        std::size_t bad = 0;
        if (!valid_utf8(source, bad)) {
            // What compile() of such bytes says, placed at the byte (the lab's sources come
            // from JSON, which is valid UTF-8, so this is only a safety net).
            const std::size_t line_start = source.rfind('\n', bad == 0 ? 0 : bad - 1);
            const std::size_t col = line_start == std::string::npos || bad == 0 ? bad : bad - line_start - 1;
            std::string hex = hex_upper(static_cast<unsigned char>(source[bad]), 2);
            for (char& h : hex) h = static_cast<char>(h | 0x20);  // 0xff, as Python prints it
            e.msg = join({"(unicode error) 'utf-8' codec can't decode byte 0x", hex, " in position ",
                          decimal(static_cast<long long>(col)), ": invalid start byte"});
            e.line = e.end_line = 1 + static_cast<int>(std::count(source.begin(), source.begin() + static_cast<long>(bad), '\n'));
            e.offset = e.end_offset = static_cast<int>(col) + 1;
            result.error = e;
            return result;
        }
        auto module = std::make_shared<Module>();
        module->filename = filename;
        module->source = normalize_source(source, kind == SourceKind::cell);
        auto parser = std::make_unique<Parser>(module->source, *module, 0, 0, false);
        parser->allow_incomplete_ = kind == SourceKind::cell;
        if (!parser->run()) {
            result.error = std::move(parser->err_);
            return result;
        }
        module->body = std::move(parser->body_);
        parser.reset();
        if (too_deep(module->body)) {
            e.type = "RecursionError";
            e.msg = "maximum recursion depth exceeded during compilation";
            result.error = e;
            return result;
        }
        for (int phase = 0; phase < 2; ++phase) {
            Checker check(phase);
            try {
                check.module(module->body);
            } catch (const Stop&) {
                result.error = std::move(check.err);
                return result;
            }
        }
        result.module = std::move(module);
    } catch (const std::bad_alloc&) {
        result.module = nullptr;
        SyntaxErrorInfo e;
        e.type = "MemoryError";
        result.error = e;
    }
    return result;
}

}  // namespace tlab
