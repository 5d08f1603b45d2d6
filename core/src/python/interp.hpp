// interp.hpp — the evaluator: runs a parsed Module in a namespace, one dispatch over node kinds.
//
//   Interp in(sink);
//   ParseResult r = parse_module("print(1 + 2)\n", "<cell 1>");
//   in.exec_module(r.module, globals);   // sink receives stdout "3\n"
//
// Python exceptions travel through C++ as PyException (an ExceptionObj with its traceback);
// code the kernel cannot run exactly throws Unsupported; a cancelled run throws Stopped. Neither
// of the last two can be caught by the Python code.
//
// The operations (binary, compare, getattr, call, repr, ...) are public: the built-in modules
// (builtins.cpp, numpy.cpp, ...) use them to behave as Python does on any value.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <memory>
#include <string>
#include <vector>

#include "python/ast.hpp"
#include "python/objects.hpp"
#include "python/scope.hpp"
#include "python/value.hpp"
#include "tlab/dataframe.hpp"
#include "tlab/nprandom.hpp"
#include "tlab/python.hpp"

namespace tlab {

// States of one random stream at known points (counted in normals past an anchor), so that
// lazy arrays drawn one after another can each start drawing without skipping from the anchor:
// a reader that finishes publishes where the stream then is.
struct RandomTimeline {
    RandomState anchor;
    std::map<std::uint64_t, RandomState> known;
    RandomState at(std::uint64_t offset) const;
    void publish(std::uint64_t offset, const RandomState& s);
};

// Where a run's output goes. A cell's collector turns it into nbformat outputs; a script run
// writes stdout and stderr as a terminal would.
class OutputSink {
public:
    virtual ~OutputSink() = default;
    virtual void write_stdout(const std::string& text) = 0;
    virtual void write_stderr(const std::string& text) = 0;
    // A rich display (IPython's display()): a figure, a DataFrame shown as a cell's result...
    // `data` is a mime bundle (JSON text per mime type, "text/plain" always present).
    virtual void display(const std::map<std::string, std::string>& data, bool execute_result) = 0;
    // print(df): a sink that keeps tables (a notebook's, for the page) gets the frame's bundle,
    // whose text/plain plus "\n" is exactly what Python writes to stdout; others get that text.
    virtual bool keeps_tables() const { return false; }
    virtual void printed_table(const std::map<std::string, std::string>& data) { write_stdout(data.at("text/plain") + "\n"); }
};

// Limits that make a run behave like Python rather than hang or exhaust memory.
struct Limits {
    int recursion = 1000;                 // sys.getrecursionlimit()
    std::uint64_t steps = 200'000'000;    // evaluation steps before "the run took too long"
    std::size_t data_bytes = std::size_t{256} << 20;
};

// The public bounds (tlab::KernelLimits, 0 for the defaults) as the interpreter's.
inline Limits interp_limits(const KernelLimits& k) {
    Limits l;
    if (k.steps != 0) l.steps = k.steps;
    if (k.data_bytes != 0) l.data_bytes = k.data_bytes;
    return l;
}

// The progress a run reports (tlab/python.hpp), and the outermost loop it comes from.
struct RunProgress {
    Progress report;
    std::string name;         // the loop variable, or "" when the target is not one name
    std::int64_t index = 0;   // the pass, from 1 ...
    std::int64_t count = 0;   // ... of this many (0: unknown)
};
using RunProgressFn = std::function<bool(const Progress&)>;

class Interp {
public:
    explicit Interp(OutputSink& out, Limits limits = {});

    // While one lives, objects are made on (and counted against the cap of) this interpreter's
    // heap. Every entry point that runs code holds one: several interpreters live side by side
    // (a notebook per lab), and an object made on another's heap would be freed by that one's
    // collector while still in use here.
    class Use : public HeapScope {
    public:
        explicit Use(Interp& in) : HeapScope(&in.heap_) {}
    };
    ~Interp();
    Interp(const Interp&) = delete;
    Interp& operator=(const Interp&) = delete;

    // ---- running code
    // Runs `module`'s statements with `globals` as its namespace. When `display_last` is set and
    // the last statement is an expression, its value goes to the display hook (as Jupyter shows a
    // cell's result) unless it is None or the line ends with ';'.
    void exec_module(const ModulePtr& module, const Ref<DictObj>& globals, bool display_last = false);
    // The value of a module that is one expression statement, evaluated in `globals`.
    Value eval_expression(const ModulePtr& module, const Ref<DictObj>& globals);
    // Runs only the module's top-level import statements (a skipped cell's imports).
    void exec_imports(const ModulePtr& module, const Ref<DictObj>& globals);
    // What happens when a notebook cell ends: open figures are shown (Jupyter's inline backend).
    void end_of_cell();
    void on_end_of_cell(std::function<void(Interp&)> hook) { end_of_cell_hooks_.push_back(std::move(hook)); }
    // A value the interpreter keeps alive across cells outside any namespace (pyplot's state).
    void keep_alive(Value v) { extra_roots_.push_back(std::move(v)); }
    // Module state outside any namespace that is part of a cell's result (matplotlib's
    // rcParams): the notebook's cache saves it with each namespace and puts it back.
    // `restore(nullptr)` puts back the state of a fresh kernel.
    struct StateHooks {
        std::function<std::shared_ptr<const void>()> save;
        std::function<void(const void* saved)> restore;
    };
    void add_state(StateHooks hooks) { state_hooks_.push_back(std::move(hooks)); }
    std::vector<std::shared_ptr<const void>> save_state() const;
    // Entries past the end of `saved` (modules imported since) are reset.
    void restore_state(const std::vector<std::shared_ptr<const void>>& saved);
    // Frees what is unreachable from `roots` and the interpreter's own state (builtins, modules).
    void collect_garbage(const std::vector<Value>& roots);
    std::vector<std::string>& warned() { return warned_; }
    // A new module namespace: {"__name__": "__main__", "__builtins__": ...}.
    Ref<DictObj> new_globals();

    OutputSink& out() { return out_; }
    Heap& heap() { return heap_; }
    // NumPy's global RandomState, brought up to date with the lazy arrays drawn from it.
    RandomState& random();
    // Where the next `n` normals of the global stream start, without drawing them (lazy randn):
    // the stream's timeline and the offset on it. The generator moves past them.
    std::shared_ptr<RandomTimeline> draw_lazily(std::uint64_t n, std::uint64_t& offset);
    // Called about every few thousand steps and by long built-in operations between blocks:
    // returns normally or throws Stopped.
    void check_progress();
    void set_progress(RunProgressFn fn) { progress_ = std::move(fn); }
    // A long operation inside one pass of the outermost loop says how far it has got (0..1).
    void report_inner(double fraction);

    // ---- values
    Value not_implemented() const;
    Value ellipsis() const;
    bool is_not_implemented(const Value& v) const;
    Ref<ModuleObj> import_module(const std::string& dotted, int line);

    // ---- operations, as Python's abstract object protocol
    bool truthy(const Value& v);
    std::string repr(const Value& v);
    std::string str(const Value& v);
    std::string ascii(const Value& v);
    Value binary(BinOpKind op, const Value& a, const Value& b);
    Value inplace(BinOpKind op, const Value& a, const Value& b);
    Value unary(UnaryOpKind op, const Value& v);
    Value compare(CmpOpKind op, const Value& a, const Value& b);
    bool eq(const Value& a, const Value& b);   // bool(a == b)
    bool less(const Value& a, const Value& b); // bool(a < b), for sorted/min/max
    bool contains(const Value& container, const Value& x);
    Value getattr(const Value& o, const std::string& name);
    bool hasattr(const Value& o, const std::string& name);
    void setattr(const Value& o, const std::string& name, const Value& v);
    Value getitem(const Value& o, const Value& key);
    void setitem(const Value& o, const Value& key, const Value& v);
    void delitem(const Value& o, const Value& key);
    Value iter(const Value& o);
    bool next(const Value& it, Value& out);
    std::vector<Value> to_list(const Value& iterable);  // list(iterable)
    std::int64_t len(const Value& o);
    Value call(const Value& f, Args& args);
    Value call(const Value& f, std::vector<Value> pos);
    Value construct(TypeObj* t, Args& args);  // t(...): classes, exceptions, built-in types
    // An object's __index__ (int, bool, np.int64...): TypeError with `what` when it has none.
    std::int64_t index(const Value& v, const char* what = nullptr);
    bool to_float(const Value& v, double& out);
    bool isinstance(const Value& v, const TypeObj* cls);

    // ---- raising
    [[noreturn]] void raise(TypeObj* cls, const std::string& message);
    [[noreturn]] void raise_value(Value exc);
    [[noreturn]] void unsupported(const std::string& what_en, const std::string& what_ko);
    Value new_exception(TypeObj* cls, std::vector<Value> args);
    // The line the innermost frame is running (for Unsupported messages).
    int current_line() const;

    // ---- warnings
    // Python's warnings.warn(message, category) from the current line: written to stderr as
    // "<file>:<line>: RuntimeWarning: <message>\n  <code line>\n", once per location and text
    // (the "default" filter). Notebook cells name their file as Jupyter's placeholder.
    void warn(TypeObj* category, const std::string& message);
    // The same, attributed to a line of a library file (NumPy's fromnumeric.py...).
    void warn_at(const std::string& file, int line, const std::string& code_line, TypeObj* category,
                 const std::string& message);
    // How warnings name a cell's file: empty for the module's own filename (scripts).
    std::string cell_file_placeholder;
    // pandas' display options (pd.set_option): state of the program, which a notebook caches
    // with each cell's namespace, as it does the random state.
    DisplayOptions pandas_options;

    // ---- frames (the evaluator's and, for library frames in tracebacks, the modules')
    struct Frame {
        Frame* back = nullptr;
        const Module* module = nullptr;
        ModulePtr module_ref;          // for traceback entries
        const Scope* scope = nullptr;  // null for module level
        std::string function;          // "<module>", "f", "<listcomp>"
        std::vector<Value> slots;      // locals, cells and frees by slot
        DictObj* globals = nullptr;
        DictObj* locals = nullptr;     // module level: globals; class body: the class namespace
        const Pos* at = nullptr;       // the node running now: where tracebacks point
    };
    Frame* frame() { return frame_; }
    // Frames of a library's own Python code running now (NumPy's fromnumeric.py...: np_frames.hpp),
    // outermost first: an exception raised meanwhile lists them after the current frame.
    std::vector<const TracebackEntry*> library_frames;

private:
    friend class Evaluator;
    OutputSink& out_;
    Limits limits_;
    Heap heap_;
    RandomState random_;
    std::shared_ptr<RandomTimeline> timeline_;  // lazy draws since random_ was last up to date
    std::uint64_t pending_ = 0;                 // normals drawn lazily past timeline_'s anchor
    RunProgressFn progress_;
    Frame* frame_ = nullptr;
    int depth_ = 0;
    int native_active_ = 0;    // NativeCall scopes running
    int callback_frames_ = 0;  // Python frames entered while one was running
    std::uint64_t steps_ = 0;
    Ref<DictObj> builtins_;
    std::map<std::string, Value> modules_;  // sys.modules
    std::vector<Value> handling_;           // exceptions being handled (except blocks), innermost last
    int loops_ = 0;                         // module-level loops running (LoopProgress)
    std::vector<std::string> warned_;       // the warnings registry: file:line:category:message
    std::vector<std::function<void(Interp&)>> end_of_cell_hooks_;
    std::vector<Value> extra_roots_;        // module state kept outside module dicts
    std::vector<StateHooks> state_hooks_;
    RunProgress progress_now_;

public:
    // ---- the protocol pieces the evaluator and built-ins share
    // format(value, spec) as Python's format() builtin and f-strings call it.
    std::string format(const Value& v, const std::string& spec);
    bool is_iterable(const Value& v);
    // The exception object `raise v` raises: an instance as it is, a class instantiated.
    Value to_exception(const Value& v);
    // A class statement's result: a new type with `ns` as its dict.
    Value make_class(const std::string& name, TypeObj* base, const Ref<DictObj>& ns);
    Ref<ModuleObj> try_import(const std::string& dotted);  // null when not provided
    std::string module_file(const std::string& name);      // as ImportError messages show it
    // IPython's display hook for a cell's last expression (execute_result).
    void display_result(const Value& v);
    // Jupyter does not display a cell's result when its last line ends with ';'.
    static bool ends_with_semicolon(const std::string& source);

    // Frames: check_recursion() before a push (RecursionError in the caller's frame).
    void check_recursion();
    // Whether the native stack is too short for another level of recursion: less than room
    // for `frames` calls of a small function. In wasm the JS engine's stack runs short well
    // before the recursion limit, natively only when each level nests many blocks (see
    // interp.cpp); it is asked only past kStackProbeDepth, so shallow calls pay nothing. A Python call asks for more room than a C-level recursion (repr through
    // __repr__ alternates the two): the Python call then meets the short stack first and
    // raises the plain message, as it meets the recursion limit first in the native build.
    static constexpr int kStackProbeDepth = 32;
    static constexpr int kCallRoom = 1000, kRecursiveCallRoom = 500;
    bool stack_short(int frames) const { return depth_ >= kStackProbeDepth && native_stack_short(frames); }
    static bool native_stack_short(int frames);
    // CPython's Py_EnterRecursiveCall: the C-level recursion of repr, str, comparison and hashing
    // through nested containers counts against the same limit as Python calls, so a list nested
    // 10^5 deep raises RecursionError ("... while getting the repr of an object") where a native
    // stack would overflow.
    class RecursiveCall {
    public:
        RecursiveCall(Interp& in, const char* where) : in_(in) {
            if (in.depth_ >= in.limits_.recursion) in.raise_recursion(where, in.callback_frames_ > 0);
            if (in.stack_short(kRecursiveCallRoom)) in.stack_ran_short();
            ++in.depth_;
        }
        ~RecursiveCall() { --in_.depth_; }
        RecursiveCall(const RecursiveCall&) = delete;
        RecursiveCall& operator=(const RecursiveCall&) = delete;
    private:
        Interp& in_;
    };
    // `inexact`: CPython's count here may differ from the kernel's (see NativeCall): refused.
    [[noreturn]] void raise_recursion(const char* where, bool inexact);
    [[noreturn]] void stack_ran_short();
    // A built-in function (or a class) being called. CPython 3.11 counts many such calls, and
    // calls made inside them (print's write, round's __round__), toward the recursion limit,
    // each kind its own way; the kernel does not. So near the limit, or when RecursionError
    // comes while one is running with Python code called from it, the kernel cannot say what
    // CPython says, and refuses (UnsupportedInLab) rather than answer differently.
    class NativeCall {
    public:
        explicit NativeCall(Interp& in);
        ~NativeCall() { --in_.native_active_; }
        NativeCall(const NativeCall&) = delete;
        NativeCall& operator=(const NativeCall&) = delete;
    private:
        Interp& in_;
    };
    class FramePush {
    public:
        FramePush(Interp& in, Frame& f) : in_(in), callback_(in.native_active_ > 0) {
            f.back = in.frame_;
            in.frame_ = &f;
            ++in.depth_;
            in.callback_frames_ += callback_;
        }
        ~FramePush() {
            in_.frame_ = in_.frame_->back;
            --in_.depth_;
            in_.callback_frames_ -= callback_;
        }
    private:
        Interp& in_;
        int callback_;  // 1: a Python frame entered from a built-in (sorted's key, __repr__, __init__)
    };
    // While an except (or finally after an exception) block runs: bare `raise` and the implicit
    // chaining ("During handling of the above exception...") read it.
    class Handling {
    public:
        Handling(Interp& in, Value exc) : in_(in) { in.handling_.push_back(std::move(exc)); }
        ~Handling() { in_.handling_.pop_back(); }
    private:
        Interp& in_;
    };
    // The outermost loop of a module-level cell: its fraction done feeds the progress reports.
    class LoopProgress {
    public:
        LoopProgress(Interp& in, const Value& seq, const Expr* target);
        ~LoopProgress();
        void step(const Value& item);
    private:
        Interp& in_;
        bool outermost_ = false;
        std::int64_t total_ = -1, done_ = 0;
    };
    // Adds the current frame's entry to an exception passing through it from a callee.
    void add_traceback(PyException& e);
    void bind_arguments(FunctionObj* fn, Args& args, std::vector<Value>& slots);

    // Internal to the evaluator (eval.cpp) and its friends.
    Value eval(const Expr* e);
    void exec_block(const std::vector<Stmt*>& body);
    Value call_function(FunctionObj* f, Args& args);
    void count_step() {
        if ((++steps_ & 0xFFF) == 0) check_progress();
    }
    int depth() const { return depth_; }
    DictObj* builtins() { return builtins_.get(); }
    std::vector<Value>& handling() { return handling_; }
    Frame*& frame_ref() { return frame_; }
    int& depth_ref() { return depth_; }
    const Limits& limits() const { return limits_; }
    std::map<std::string, Value>& modules() { return modules_; }
};

// Registers the `builtins` module functions (print, len, ...) into `dict` (builtins.cpp).
void install_builtins(Interp& in, DictObj& dict);
// Creates the module named `name` when it is one the kernel provides (numpy, numpy.random,
// numpy.linalg, pandas, math, matplotlib, matplotlib.pyplot), else null.
Ref<ModuleObj> create_module(Interp& in, const std::string& name);

}  // namespace tlab
