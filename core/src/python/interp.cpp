// interp.cpp — the interpreter's state: heap, builtins, modules, raising and tracebacks, limits.
#include "python/interp.hpp"

#include "python/display.hpp"

#if defined(__EMSCRIPTEN__)
#include <emscripten/emscripten.h>
#else
#include <pthread.h>

#include <cstdint>
#endif

namespace tlab {

Interp::Interp(OutputSink& out, Limits limits) : out_(out), limits_(limits) {
    Use use(*this);
    heap_.data_cap = limits_.data_bytes;
    builtins_ = make_dict();
    install_builtins(*this, *builtins_);
}

Interp::~Interp() {
    Use use(*this);
    handling_.clear();
    modules_.clear();
    builtins_ = Ref<DictObj>();
    heap_.clear_all();
}

Ref<DictObj> Interp::new_globals() {
    Ref<DictObj> g = make_dict();
    g->set_str("__name__", make_str("__main__"));
    return g;
}

Value Interp::not_implemented() const {
    static Value v = [] {
        ImmortalScope immortal;
        return Value(make<InstanceObj>(types().not_implemented_type));
    }();
    return v;
}

bool Interp::is_not_implemented(const Value& v) const { return v.same(not_implemented()); }

Value Interp::ellipsis() const {
    static Value v = [] {
        ImmortalScope immortal;
        return Value(make<InstanceObj>(types().ellipsis));
    }();
    return v;
}

// ---- the random stream

RandomState RandomTimeline::at(std::uint64_t offset) const {
    auto it = known.upper_bound(offset);
    RandomState s;
    std::uint64_t from = 0;
    if (it != known.begin()) {
        --it;
        s = it->second;
        from = it->first;
    } else {
        s = anchor;
    }
    if (offset > from) s.skip_normals(static_cast<std::size_t>(offset - from));
    return s;
}

void RandomTimeline::publish(std::uint64_t offset, const RandomState& s) {
    if (known.size() > 8) known.erase(known.begin());
    known[offset] = s;
}

RandomState& Interp::random() {
    if (timeline_) {
        random_ = timeline_->at(pending_);
        timeline_.reset();
        pending_ = 0;
    }
    return random_;
}

std::shared_ptr<RandomTimeline> Interp::draw_lazily(std::uint64_t n, std::uint64_t& offset) {
    if (!timeline_) {
        timeline_ = std::make_shared<RandomTimeline>();
        timeline_->anchor = random_;
        pending_ = 0;
    }
    offset = pending_;
    pending_ += n;
    return timeline_;
}

// ---- progress and limits

void Interp::check_progress() {
    if (steps_ > limits_.steps) {
        throw Stopped{"the code ran for too long (it may be an endless loop); the run was stopped",
                      "코드가 너무 오래 실행되어(끝나지 않는 반복일 수 있습니다) 실행을 멈췄습니다"};
    }
    if (progress_ && !progress_(progress_now_.report)) {
        throw Stopped{"the run was cancelled", "실행을 취소했습니다"};
    }
}

void Interp::check_recursion() {
    if (depth_ >= limits_.recursion) raise_recursion("", native_active_ > 0);
    if (stack_short(kCallRoom)) stack_ran_short();
}

#if defined(__EMSCRIPTEN__)
// The evaluator walks the syntax tree, so every Python call nests several C++ calls, and in
// WebAssembly those take the JS engine's own stack, which the module cannot size or read:
// a Python level takes 0.7-1.5 KB of it, and a Chromium worker has about 0.6 MB, so a run
// away recursion would overflow that stack ("RangeError: Maximum call stack size exceeded",
// a trap that kills the module) well before the 1000 frames of the recursion limit. Instead,
// past a few dozen frames, each new level first checks that `frames` more calls of a small JS
// function still fit (1000 of them: ~70 KB in V8, far more than a level and
// the unwinding take) and refuses the run when they do not (stack_ran_short). Where the engine's
// stack is deep enough (node's main thread) the limit is reached first, as in the native build.
EM_JS(int, tlab_native_stack_short, (int frames), {
    function down(n) { return n > 0 ? down(n - 1) + 1 : 0; }
    try {
        down(frames);
        return 0;
    } catch (e) {  // V8 and JSC: RangeError; SpiderMonkey: InternalError (too much recursion)
        return 1;
    }
});

bool Interp::native_stack_short(int frames) { return tlab_native_stack_short(frames) != 0; }
#else
// A native stack (8 MB on Linux) holds the recursion limit through the usual nesting, but not
// when each level nests dozens of blocks (a recursive function 30 ifs deep segfaulted labrun).
// The same check as in wasm, measured directly: a JS call's room is counted as 512 bytes, more
// than a Python level of ordinary code takes, and well within the stack the limit leaves, so
// the answers where the stack does not run short stay those of the recursion limit.
namespace {

// This thread's stack: its lowest address, 0 when the system does not say.
std::uintptr_t stack_low() {
    thread_local const std::uintptr_t low = [] {
        pthread_attr_t attr;
        if (pthread_getattr_np(pthread_self(), &attr) != 0) return std::uintptr_t{0};
        void* addr = nullptr;
        std::size_t size = 0;
        const bool known = pthread_attr_getstack(&attr, &addr, &size) == 0;
        pthread_attr_destroy(&attr);
        return known ? reinterpret_cast<std::uintptr_t>(addr) : std::uintptr_t{0};
    }();
    return low;
}

}  // namespace

bool Interp::native_stack_short(int frames) {
    const std::uintptr_t low = stack_low();
    const auto here = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
    return low != 0 && here > low && here - low < static_cast<std::uintptr_t>(frames) * 512;
}
#endif


// The stack ran short before the recursion limit (see native_stack_short): Python would go on to
// 1000 calls, so a RecursionError here would end the run at another depth than CPython's.
void Interp::stack_ran_short() {
    unsupported("recursion deeper than this engine's stack allows (it runs short before Python's 1000 calls; in "
                "Chromium's worker after about 400 to 700)",
                "이 엔진의 스택이 감당하지 못하는 깊은 재귀 (Python 의 1000 번에 못 미쳐 스택이 모자랍니다; Chromium 의 "
                "워커에서는 대략 400~700 번)");
}

void Interp::raise_recursion(const char* where, bool inexact) {
    if (inexact) {
        unsupported("RecursionError through built-in functions (CPython counts their calls toward the limit, each its "
                    "own way, which the lab kernel does not reproduce)",
                    "내장 함수를 거치는 RecursionError (CPython 은 내장 함수 호출도 제각기 재귀 한도에 세는데, 실습 커널은 "
                    "그대로 따라 하지 않습니다)");
    }
    raise(types().recursion_error, std::string("maximum recursion depth exceeded") + where);
}

// The deepest a built-in's own counted calls reach in CPython for the calls the kernel knows
// (print: its write and the str of what it prints) is taken as 2 beyond the call itself.
Interp::NativeCall::NativeCall(Interp& in) : in_(in) {
    ++in.native_active_;
    if (in.depth_ + in.native_active_ + 2 > in.limits_.recursion) {
        --in.native_active_;
        in.unsupported("a built-in function called this close to the recursion limit (CPython counts its calls toward "
                       "the limit, which the lab kernel does not reproduce)",
                       "재귀 한도 바로 앞에서 부른 내장 함수 (CPython 은 그 호출도 재귀 한도에 세는데, 실습 커널은 그대로 "
                       "따라 하지 않습니다)");
    }
}

Interp::LoopProgress::LoopProgress(Interp& in, const Value& seq, const Expr* target) : in_(in) {
    Frame* f = in.frame_;
    outermost_ = f != nullptr && f->scope == nullptr && f->function == "<module>" && in.depth_ == 1 &&
                 in.loops_ == 0;
    ++in.loops_;
    if (!outermost_) return;
    if (auto* l = seq.as<ListObj>()) total_ = static_cast<std::int64_t>(l->items.size());
    else if (auto* t = seq.as<TupleObj>()) total_ = static_cast<std::int64_t>(t->items.size());
    else if (auto* r = seq.as<RangeObj>()) total_ = r->length();
    RunProgress& p = in.progress_now_;
    p = RunProgress{};
    p.report.done = total_ > 0 ? 0.0 : -1.0;
    p.count = total_ > 0 ? total_ : 0;
    if (target != nullptr && target->kind == ExprKind::name) p.name = static_cast<const Name*>(target)->id;
}

Interp::LoopProgress::~LoopProgress() {
    --in_.loops_;
    if (outermost_) in_.progress_now_ = RunProgress{};
}

void Interp::LoopProgress::step(const Value& item) {
    if (!outermost_) return;
    RunProgress& p = in_.progress_now_;
    if (total_ > 0) p.report.done = static_cast<double>(done_) / static_cast<double>(total_);
    ++done_;
    p.index = done_;
    // "d_k = 256 (3/4)": the variable when it holds a number, then the pass of the known count
    std::string& label = p.report.label;
    label.clear();
    if (!p.name.empty() && (item.is_int_like() || item.is_float() || item.is_np_scalar())) {
        label = p.name + " = " + in_.repr(item);
    }
    if (p.count > 0) {
        const std::string pass = std::to_string(p.index) + "/" + std::to_string(p.count);
        label = label.empty() ? pass : label + " (" + pass + ")";
    }
    in_.check_progress();  // every pass of the outermost loop is a chance to report or stop
}

void Interp::report_inner(double fraction) {
    RunProgress& p = progress_now_;
    if (p.count > 0 && p.index > 0) {
        p.report.done = (static_cast<double>(p.index - 1) + std::min(1.0, std::max(0.0, fraction))) /
                        static_cast<double>(p.count);
    }
}

// ---- raising

int Interp::current_line() const { return frame_ != nullptr && frame_->at != nullptr ? frame_->at->line : 0; }

void Interp::unsupported(const std::string& what_en, const std::string& what_ko) {
    throw Unsupported{what_en, what_ko, current_line()};
}

Value Interp::new_exception(TypeObj* cls, std::vector<Value> args) {
    Ref<ExceptionObj> e(make<ExceptionObj>(cls));
    e->args = std::move(args);
    return e;
}

namespace {

void add_entry(ExceptionObj* e, const Interp::Frame* f) {
    if (f == nullptr || f->at == nullptr) return;
    TracebackEntry t;
    t.module = f->module_ref;
    t.pos = *f->at;
    t.function = f->function;
    t.line = f->at->line;
    e->traceback.insert(e->traceback.begin(), std::move(t));
}

}  // namespace

void Interp::raise(TypeObj* cls, const std::string& message) {
    raise_value(new_exception(cls, {make_str(message)}));
}

void Interp::raise_value(Value exc) {
    auto* e = exc.as<ExceptionObj>();
    if (!handling_.empty() && !handling_.back().same(exc)) {
        // Implicit chaining; CPython cuts a cycle that this would create in the context chain.
        Value ctx = handling_.back();
        for (Value c = ctx; auto* ce = c.as<ExceptionObj>(); c = ce->context) {
            if (ce->context.same(exc)) {
                ce->context = Value();
                break;
            }
        }
        e->context = ctx;
    }
    const bool fresh = e->traceback.empty();
    add_entry(e, frame_);
    if (fresh) {
        for (const TracebackEntry* t : library_frames) e->traceback.push_back(*t);
    }
    throw PyException{std::move(exc)};
}

void Interp::add_traceback(PyException& e) { add_entry(e.exc.as<ExceptionObj>(), frame_); }

Value Interp::to_exception(const Value& v) {
    if (v.as<ExceptionObj>() != nullptr) return v;
    if (auto* t = v.as<TypeObj>()) {
        if (t->is_subclass(types().base_exception)) {
            Value e = call(v, std::vector<Value>{});
            if (e.as<ExceptionObj>() == nullptr) {
                raise(types().type_error, "calling " + repr(v) + " should have returned an instance of BaseException, not " +
                                              e.type_name());
            }
            return e;
        }
    }
    raise(types().type_error, "exceptions must derive from BaseException");
}

// ---- classes

Value Interp::make_class(const std::string& name, TypeObj* base, const Ref<DictObj>& ns) {
    static const char* const allowed[] = {"__init__", "__str__", "__repr__", "__module__", "__qualname__",
                                          "__doc__"};
    for (const auto& en : ns->entries()) {
        if (!en.live) continue;
        const std::string& key = en.key.as<StrObj>()->s;
        if (key.size() > 4 && key.compare(0, 2, "__") == 0 && key.compare(key.size() - 2, 2, "__") == 0) {
            bool ok = false;
            for (const char* a : allowed) ok |= key == a;
            if (!ok) {
                unsupported("the special method " + key + " in a class", "클래스의 특수 메서드 " + key);
            }
        }
    }
    Ref<TypeObj> t(make<TypeObj>(name, "__main__", base));
    t->is_heap_class = true;
    t->ops = base->ops;
    for (const auto& en : ns->entries()) {
        if (en.live) t->dict->set_str(en.key.as<StrObj>()->s, en.value);
    }
    return t;
}

// ---- modules

Ref<ModuleObj> Interp::try_import(const std::string& dotted) {
    auto it = modules_.find(dotted);
    if (it != modules_.end()) return Ref<ModuleObj>(it->second);
    const std::size_t dot = dotted.rfind('.');
    Ref<ModuleObj> parent;
    if (dot != std::string::npos) {
        parent = try_import(dotted.substr(0, dot));
        if (!parent) return {};
    }
    Ref<ModuleObj> m = create_module(*this, dotted);
    if (!m) return {};
    modules_[dotted] = m;
    if (parent) parent->dict->set_str(dotted.substr(dot + 1), m);
    return m;
}

Ref<ModuleObj> Interp::import_module(const std::string& dotted, int line) {
    Ref<ModuleObj> m = try_import(dotted);
    if (!m) {
        throw Unsupported{"the module '" + dotted + "' (the lab kernel provides numpy, pandas, matplotlib and math)",
                          "'" + dotted + "' 모듈(실습 커널에는 numpy, pandas, matplotlib, math 가 있습니다)", line};
    }
    return m;
}

std::string Interp::module_file(const std::string& name) {
    if (name == "math") return "unknown location";
    std::string path = name;
    for (char& c : path) {
        if (c == '.') c = '/';
    }
    return "/usr/lib/python3/dist-packages/" + path + "/__init__.py";
}

// ---- display

bool Interp::ends_with_semicolon(const std::string& source) {
    // The last logical line, without its comment: IPython's DisplayHook.quiet() looks at the
    // cell's last token before any comment.
    std::size_t end = source.size();
    while (end > 0) {
        std::size_t start = source.rfind('\n', end - 1);
        start = start == std::string::npos ? 0 : start + 1;
        std::string line = source.substr(start, end - start);
        // Cut a comment that is not inside a string literal.
        char quote = 0;
        for (std::size_t i = 0; i < line.size(); ++i) {
            const char c = line[i];
            if (quote != 0) {
                if (c == '\\') ++i;
                else if (c == quote) quote = 0;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '#') {
                line.resize(i);
                break;
            }
        }
        while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) line.pop_back();
        if (!line.empty()) return line.back() == ';';
        end = start > 0 ? start - 1 : 0;
        if (start == 0) break;
    }
    return false;
}

void Interp::display_result(const Value& v) {
    std::map<std::string, std::string> bundle = display_bundle(*this, v);
    out_.display(bundle, true);
}

}  // namespace tlab

namespace tlab {

namespace {

// The source line `line` (from 1) of `text`, without its newline.
std::string source_line(const std::string& text, int line) {
    std::size_t start = 0;
    for (int n = 1; n < line; ++n) {
        start = text.find('\n', start);
        if (start == std::string::npos) return "";
        ++start;
    }
    const std::size_t end = text.find('\n', start);
    return text.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

std::string strip(const std::string& s) {
    const std::size_t b = s.find_first_not_of(" \t\f\r\n");
    if (b == std::string::npos) return "";
    const std::size_t e = s.find_last_not_of(" \t\f\r\n");
    return s.substr(b, e - b + 1);
}

}  // namespace

void Interp::warn(TypeObj* category, const std::string& message) {
    const Frame* f = frame_;
    if (f == nullptr || f->at == nullptr || f->module == nullptr) return;
    const int line = f->at->line;
    const std::string file = cell_file_placeholder.empty() ? f->module->filename : cell_file_placeholder;
    warn_at(file, line, source_line(f->module->source, line), category, message);
}

void Interp::warn_at(const std::string& file, int line, const std::string& code_line, TypeObj* category,
                     const std::string& message) {
    const std::string key = file + ":" + std::to_string(line) + ":" + category->name + ":" + message;
    for (const std::string& k : warned_) {
        if (k == key) return;
    }
    warned_.push_back(key);
    std::string text = file + ":" + std::to_string(line) + ": " + category->name + ": " + message + "\n";
    const std::string code = strip(code_line);
    if (!code.empty()) text += "  " + code + "\n";
    out_.write_stderr(text);
}

}  // namespace tlab

namespace tlab {

void Interp::end_of_cell() {
    for (auto& hook : end_of_cell_hooks_) hook(*this);
}

std::vector<std::shared_ptr<const void>> Interp::save_state() const {
    std::vector<std::shared_ptr<const void>> saved;
    for (const StateHooks& h : state_hooks_) saved.push_back(h.save());
    return saved;
}

void Interp::restore_state(const std::vector<std::shared_ptr<const void>>& saved) {
    for (std::size_t k = 0; k < state_hooks_.size(); ++k) state_hooks_[k].restore(k < saved.size() ? saved[k].get() : nullptr);
}

void Interp::collect_garbage(const std::vector<Value>& roots) {
    std::vector<Value> all = roots;
    all.push_back(builtins_);
    for (const auto& [name, m] : modules_) all.push_back(m);
    for (const Value& v : handling_) all.push_back(v);
    for (const Value& v : extra_roots_) all.push_back(v);
    heap_.collect(all);
}

}  // namespace tlab
