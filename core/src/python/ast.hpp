// ast.hpp — the parsed program: CPython's ast module, for the subset the lab kernel runs.
//
// Node kinds and field names follow CPython 3.11's Parser/Python.asdl, so its documentation reads
// for ours. Positions are CPython's: line from 1, column as a UTF-8 byte offset from 0, with the
// end position one past the node (what tracebacks underline with ^~~~).
//
//   "x = a[1] + 2" parses to
//   Module{body: [Assign{targets: [Name "x" (store)],
//                        value: BinOp{Add, Subscript{Name "a", Constant 1}, Constant 2}}]}
//
// A parsed Module owns all its nodes (an arena); nodes point at each other with plain pointers.
// Functions defined by the code keep the Module alive (std::shared_ptr) as long as they exist.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace tlab {

struct Pos {
    int line = 0, col = 0;          // start: line from 1, UTF-8 byte column from 0
    int end_line = 0, end_col = 0;  // one past the end
};

enum class ExprKind : std::uint8_t {
    name, constant, joined_str, formatted_value, list, tuple, dict, set,
    bin_op, unary_op, bool_op, compare, call, attribute, subscript, slice, if_exp, lambda,
    list_comp, set_comp, dict_comp, generator_exp, starred, named_expr,
    unsupported,  // parsed but outside the subset (yield, await, ...): refused when evaluated
};

enum class Ctx : std::uint8_t { load, store, del };

enum class BinOpKind : std::uint8_t {
    add, sub, mult, mat_mult, div, mod, pow, lshift, rshift, bit_or, bit_xor, bit_and, floor_div,
};
enum class UnaryOpKind : std::uint8_t { invert, not_, uadd, usub };
enum class BoolOpKind : std::uint8_t { and_, or_ };
enum class CmpOpKind : std::uint8_t { eq, not_eq_, lt, lt_e, gt, gt_e, is, is_not, in, not_in };

// How a Name is found at run time, decided by the scope pass (scope.cpp) after parsing.
enum class NameScope : std::uint8_t {
    unresolved,  // not yet analysed
    global,      // module namespace, then builtins
    local,       // a slot of the function's frame
    cell,        // a local of this function that an inner function captures
    free,        // a variable of an enclosing function, through the closure
};

struct Expr {
    explicit Expr(ExprKind k) : kind(k) {}
    virtual ~Expr() = default;
    ExprKind kind;
    Pos pos;
};

struct Stmt;
struct Arguments;

struct Name : Expr {
    Name() : Expr(ExprKind::name) {}
    std::string id;
    Ctx ctx = Ctx::load;
    NameScope scope = NameScope::unresolved;
    int slot = -1;  // local/cell/free: index in the frame's slots
};

// A literal. Python ints beyond int64 are refused by the parser (UnsupportedInLab).
struct Constant : Expr {
    enum class Type : std::uint8_t { none, boolean, integer, floating, imaginary, string, bytes, ellipsis };
    Constant() : Expr(ExprKind::constant) {}
    Type type = Type::none;
    bool b = false;
    std::int64_t i = 0;
    double f = 0;
    std::string s;  // UTF-8 (string), raw bytes (bytes)
};

// f"..." : `values` are Constant strings and FormattedValues, in order.
struct JoinedStr : Expr {
    JoinedStr() : Expr(ExprKind::joined_str) {}
    std::vector<Expr*> values;
};

// {value!conversion:format_spec} inside an f-string. conversion: -1 none, 's', 'r', 'a'.
// format_spec is a JoinedStr (it may hold nested fields) or null. The self-documenting form
// f"{x=}" parses as CPython parses it: a Constant "x=" before the FormattedValue, whose
// conversion is 'r' unless a conversion or a format spec is given.
struct FormattedValue : Expr {
    FormattedValue() : Expr(ExprKind::formatted_value) {}
    Expr* value = nullptr;
    int conversion = -1;
    Expr* format_spec = nullptr;
};

struct ListExpr : Expr {
    ListExpr() : Expr(ExprKind::list) {}
    std::vector<Expr*> elts;
    Ctx ctx = Ctx::load;
};

struct TupleExpr : Expr {
    TupleExpr() : Expr(ExprKind::tuple) {}
    std::vector<Expr*> elts;
    Ctx ctx = Ctx::load;
    bool parenthesized = false;  // "(a, b)" vs "a, b": positions differ, as in CPython
};

// {k: v, **m}: a null key means `**value`.
struct DictExpr : Expr {
    DictExpr() : Expr(ExprKind::dict) {}
    std::vector<Expr*> keys, values;
};

struct SetExpr : Expr {
    SetExpr() : Expr(ExprKind::set) {}
    std::vector<Expr*> elts;
};

struct BinOp : Expr {
    BinOp() : Expr(ExprKind::bin_op) {}
    Expr* left = nullptr;
    BinOpKind op = BinOpKind::add;
    Expr* right = nullptr;
};

struct UnaryOp : Expr {
    UnaryOp() : Expr(ExprKind::unary_op) {}
    UnaryOpKind op = UnaryOpKind::not_;
    Expr* operand = nullptr;
};

struct BoolOp : Expr {
    BoolOp() : Expr(ExprKind::bool_op) {}
    BoolOpKind op = BoolOpKind::and_;
    std::vector<Expr*> values;  // two or more
};

// a < b <= c: left = a, ops = [lt, lt_e], comparators = [b, c]
struct Compare : Expr {
    Compare() : Expr(ExprKind::compare) {}
    Expr* left = nullptr;
    std::vector<CmpOpKind> ops;
    std::vector<Expr*> comparators;
};

struct Keyword {
    std::string arg;  // empty for **kwargs
    Expr* value = nullptr;
    Pos pos;
};

// f(a, *b, c=1, **d): `args` may hold Starred nodes.
struct Call : Expr {
    Call() : Expr(ExprKind::call) {}
    Expr* func = nullptr;
    std::vector<Expr*> args;
    std::vector<Keyword> keywords;
};

struct Attribute : Expr {
    Attribute() : Expr(ExprKind::attribute) {}
    Expr* value = nullptr;
    std::string attr;
    Ctx ctx = Ctx::load;
};

// value[slice]: slice is any expression, a Slice, or a Tuple of them (a[1:2, ::3]).
struct Subscript : Expr {
    Subscript() : Expr(ExprKind::subscript) {}
    Expr* value = nullptr;
    Expr* slice = nullptr;
    Ctx ctx = Ctx::load;
};

// lower:upper:step inside a subscript; any part may be null.
struct SliceExpr : Expr {
    SliceExpr() : Expr(ExprKind::slice) {}
    Expr* lower = nullptr;
    Expr* upper = nullptr;
    Expr* step = nullptr;
};

struct IfExp : Expr {
    IfExp() : Expr(ExprKind::if_exp) {}
    Expr* test = nullptr;
    Expr* body = nullptr;
    Expr* orelse = nullptr;
};

struct Arg {
    std::string arg;
    Expr* annotation = nullptr;  // def f(x: int): evaluated when the def runs, as CPython does
    Pos pos;
};

// A function's parameters: def f(a, b=1, *args, c, d=2, **kw). Positional-only parameters
// (before "/") are in posonlyargs. defaults belong to the last len(defaults) of
// posonlyargs + args; kw_defaults[i] (or null) to kwonlyargs[i].
struct Arguments {
    std::vector<Arg> posonlyargs, args;
    bool has_vararg = false;
    Arg vararg;
    std::vector<Arg> kwonlyargs;
    std::vector<Expr*> kw_defaults;
    bool has_kwarg = false;
    Arg kwarg;
    std::vector<Expr*> defaults;
};

struct Scope;  // what the scope pass learns about a function, lambda, comprehension or class

struct Lambda : Expr {
    Lambda() : Expr(ExprKind::lambda) {}
    Arguments args;
    Expr* body = nullptr;
    Scope* scope = nullptr;
};

struct Comprehension {
    Expr* target = nullptr;
    Expr* iter = nullptr;
    std::vector<Expr*> ifs;
    bool is_async = false;
};

// [elt for ...], {elt for ...}, (elt for ...), {key: value for ...}
struct Comp : Expr {
    explicit Comp(ExprKind k) : Expr(k) {}
    Expr* elt = nullptr;    // list/set/generator
    Expr* key = nullptr;    // dict
    Expr* value = nullptr;  // dict
    std::vector<Comprehension> generators;
    Scope* scope = nullptr;
};

struct Starred : Expr {
    Starred() : Expr(ExprKind::starred) {}
    Expr* value = nullptr;
    Ctx ctx = Ctx::load;
};

// target := value
struct NamedExpr : Expr {
    NamedExpr() : Expr(ExprKind::named_expr) {}
    Expr* target = nullptr;  // a Name
    Expr* value = nullptr;
};

// A construct Python accepts but the lab kernel does not run (e.g. "yield", "await"): evaluating
// it raises UnsupportedInLab naming `what` and the line.
struct UnsupportedExpr : Expr {
    UnsupportedExpr() : Expr(ExprKind::unsupported) {}
    std::string what;
};

// ---------------------------------------------------------------------------------------------

enum class StmtKind : std::uint8_t {
    expr, assign, aug_assign, ann_assign, if_, for_, while_, break_, continue_, pass, return_,
    function_def, class_def, try_, raise, assert_, import, import_from, global, nonlocal, del,
    unsupported,  // with, async, match, yield-from, decorators...: refused when executed
};

struct Stmt {
    explicit Stmt(StmtKind k) : kind(k) {}
    virtual ~Stmt() = default;
    StmtKind kind;
    Pos pos;
};

struct ExprStmt : Stmt {
    ExprStmt() : Stmt(StmtKind::expr) {}
    Expr* value = nullptr;
};

// a = b = value: targets [a, b]
struct Assign : Stmt {
    Assign() : Stmt(StmtKind::assign) {}
    std::vector<Expr*> targets;
    Expr* value = nullptr;
};

struct AugAssign : Stmt {
    AugAssign() : Stmt(StmtKind::aug_assign) {}
    Expr* target = nullptr;
    BinOpKind op = BinOpKind::add;
    Expr* value = nullptr;
};

// x: int = 3 (the annotation is evaluated only for simple module-level names, as CPython does).
struct AnnAssign : Stmt {
    AnnAssign() : Stmt(StmtKind::ann_assign) {}
    Expr* target = nullptr;
    Expr* annotation = nullptr;
    Expr* value = nullptr;  // may be null
    bool simple = false;
};

struct If : Stmt {
    If() : Stmt(StmtKind::if_) {}
    Expr* test = nullptr;
    std::vector<Stmt*> body, orelse;  // elif is an If alone in orelse, as in CPython
};

struct For : Stmt {
    For() : Stmt(StmtKind::for_) {}
    Expr* target = nullptr;
    Expr* iter = nullptr;
    std::vector<Stmt*> body, orelse;
};

struct While : Stmt {
    While() : Stmt(StmtKind::while_) {}
    Expr* test = nullptr;
    std::vector<Stmt*> body, orelse;
};

struct Return : Stmt {
    Return() : Stmt(StmtKind::return_) {}
    Expr* value = nullptr;  // may be null
};

struct FunctionDef : Stmt {
    FunctionDef() : Stmt(StmtKind::function_def) {}
    std::string name;
    Arguments args;
    std::vector<Stmt*> body;
    std::vector<Expr*> decorator_list;
    Expr* returns = nullptr;
    Scope* scope = nullptr;
};

struct ClassDef : Stmt {
    ClassDef() : Stmt(StmtKind::class_def) {}
    std::string name;
    std::vector<Expr*> bases;
    std::vector<Keyword> keywords;
    std::vector<Stmt*> body;
    std::vector<Expr*> decorator_list;
    Scope* scope = nullptr;
};

struct ExceptHandler {
    Expr* type = nullptr;  // null: bare "except:"
    std::string name;      // "as name", or empty
    std::vector<Stmt*> body;
    Pos pos;
};

struct Try : Stmt {
    Try() : Stmt(StmtKind::try_) {}
    std::vector<Stmt*> body;
    std::vector<ExceptHandler> handlers;
    std::vector<Stmt*> orelse, finalbody;
};

struct Raise : Stmt {
    Raise() : Stmt(StmtKind::raise) {}
    Expr* exc = nullptr;    // null: bare "raise"
    Expr* cause = nullptr;  // "from cause"
};

struct Assert : Stmt {
    Assert() : Stmt(StmtKind::assert_) {}
    Expr* test = nullptr;
    Expr* msg = nullptr;
};

struct Alias {
    std::string name;    // dotted: "matplotlib.pyplot"
    std::string asname;  // empty when none
    Pos pos;
};

struct Import : Stmt {
    Import() : Stmt(StmtKind::import) {}
    std::vector<Alias> names;
};

// from module import names (level > 0 for relative imports, which the kernel refuses).
struct ImportFrom : Stmt {
    ImportFrom() : Stmt(StmtKind::import_from) {}
    std::string module;
    std::vector<Alias> names;  // a single "*" for "from m import *"
    int level = 0;
};

struct Global : Stmt {
    explicit Global(StmtKind k = StmtKind::global) : Stmt(k) {}
    std::vector<std::string> names;  // global or nonlocal, by kind
};

struct Delete : Stmt {
    Delete() : Stmt(StmtKind::del) {}
    std::vector<Expr*> targets;
};

struct SimpleStmt : Stmt {  // pass, break, continue
    explicit SimpleStmt(StmtKind k) : Stmt(k) {}
};

struct UnsupportedStmt : Stmt {
    UnsupportedStmt() : Stmt(StmtKind::unsupported) {}
    std::string what;  // e.g. "the with statement"
};

// A parsed cell or file. Owns every node reachable from `body`.
struct Module {
    std::vector<Stmt*> body;
    std::string source;    // the text it was parsed from (tracebacks quote its lines)
    std::string filename;  // as tracebacks name it: "<cell 2>", or a script's path
    Scope* scope = nullptr;

    template <typename T, typename... A>
    T* node(A&&... a) {
        auto* n = new T(std::forward<A>(a)...);
        if constexpr (std::is_base_of_v<Expr, T>) exprs_.emplace_back(n);
        else stmts_.emplace_back(n);
        return n;
    }
    Scope* new_scope();
    ~Module();

    // Every node the parser made, in the order it made them: for a search over the whole tree
    // that needs no walk (lab_literals.cpp).
    const std::vector<std::unique_ptr<Expr>>& all_exprs() const { return exprs_; }
    const std::vector<std::unique_ptr<Stmt>>& all_stmts() const { return stmts_; }

private:
    std::vector<std::unique_ptr<Expr>> exprs_;
    std::vector<std::unique_ptr<Stmt>> stmts_;
    std::vector<Scope*> scopes_;
};

using ModulePtr = std::shared_ptr<Module>;

}  // namespace tlab
