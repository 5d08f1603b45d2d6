// display.cpp — IPython's display of a cell's result: IPython.lib.pretty's printer, ported with
// its grouping and line-breaking algorithm (a Wadler-style printer whose groups break outermost
// first once a line passes 79 columns), and its printers for the built-in types.
#include "python/display.hpp"

#include <algorithm>
#include <cstring>
#include <deque>
#include <memory>

#include "python/builtins_support.hpp"
#include "python/strings.hpp"

namespace tlab {

namespace {

// The printer's state, as IPython.lib.pretty.PrettyPrinter holds it.
class Pretty {
public:
    explicit Pretty(Interp& in) : in_(in) {
        groups_.push_back(std::make_unique<Group>(0));
        stack_.push_back(groups_.back().get());
        enq(stack_.back());
    }

    void pretty(const Value& v);
    std::string finish() {
        flush();
        return out_;
    }

private:
    struct Item;
    struct Group {
        explicit Group(int d) : depth(d) {}
        int depth;
        std::deque<Item*> breakables;
        bool want_break = false;
    };
    // A buffered piece: text (breakable == false) or a breakable separator of `group`.
    struct Item {
        bool breakable = false;
        std::string text;
        int width = 0;
        int indentation = 0;
        Group* group = nullptr;
    };

    static int width_of(const std::string& s) { return static_cast<int>(utf8_length(s)); }

    int output(Item& x) {
        if (!x.breakable) {
            out_ += x.text;
            return output_width_ + x.width;
        }
        Group* g = x.group;
        g->breakables.pop_front();
        if (g->want_break) {
            out_ += '\n';
            out_.append(static_cast<std::size_t>(x.indentation), ' ');
            return x.indentation;
        }
        if (g->breakables.empty()) remove(g);
        out_ += x.text;
        return output_width_ + x.width;
    }

    void pop_output() {
        std::unique_ptr<Item> x = std::move(buffer_.front());
        buffer_.pop_front();
        output_width_ = output(*x);
        buffer_width_ -= x->width;
    }

    void break_one_group(Group* g) {
        while (!g->breakables.empty()) pop_output();
        while (!buffer_.empty() && !buffer_.front()->breakable) pop_output();
    }

    void break_outer_groups() {
        while (max_width_ < output_width_ + buffer_width_) {
            Group* g = deq();
            if (g == nullptr) return;
            break_one_group(g);
        }
    }

    void flush() {
        // IPython adds each piece's resulting column to the width (its own slip, which doubles
        // it per piece: past int's range here); every caller resets the width right after a
        // flush, so only the text matters and the width is left alone.
        for (auto& x : buffer_) output(*x);
        buffer_.clear();
        buffer_width_ = 0;
    }

    void enq(Group* g) {
        while (g->depth > static_cast<int>(queue_.size()) - 1) queue_.emplace_back();
        queue_[static_cast<std::size_t>(g->depth)].push_back(g);
    }

    // GroupQueue.deq, including its deletion at the index counted from the end (`del stack[idx]`
    // with idx from reversed(stack)): the printer's breaks depend on it.
    Group* deq() {
        for (auto& stack : queue_) {
            const std::size_t n = stack.size();
            for (std::size_t idx = 0; idx < n; ++idx) {
                Group* g = stack[n - 1 - idx];
                if (!g->breakables.empty()) {
                    stack.erase(stack.begin() + static_cast<std::ptrdiff_t>(idx));
                    g->want_break = true;
                    return g;
                }
            }
            for (Group* g : stack) g->want_break = true;
            stack.clear();
        }
        return nullptr;
    }

    void remove(Group* g) {
        if (static_cast<std::size_t>(g->depth) >= queue_.size()) return;
        auto& stack = queue_[static_cast<std::size_t>(g->depth)];
        auto it = std::find(stack.begin(), stack.end(), g);
        if (it != stack.end()) stack.erase(it);
    }

    void text(const std::string& s) {
        const int width = width_of(s);
        if (!buffer_.empty()) {
            if (buffer_.back()->breakable) buffer_.push_back(std::make_unique<Item>());
            Item& t = *buffer_.back();
            t.text += s;
            t.width += width;
            buffer_width_ += width;
            break_outer_groups();
        } else {
            out_ += s;
            output_width_ += width;
        }
    }

    void breakable() {
        Group* g = stack_.back();
        if (g->want_break) {
            flush();
            out_ += '\n';
            out_.append(static_cast<std::size_t>(indentation_), ' ');
            output_width_ = indentation_;
            buffer_width_ = 0;
            return;
        }
        auto x = std::make_unique<Item>();
        x->breakable = true;
        x->text = " ";
        x->width = 1;
        x->indentation = indentation_;
        x->group = g;
        g->breakables.push_back(x.get());
        buffer_.push_back(std::move(x));
        buffer_width_ += 1;
        break_outer_groups();
    }

    void break_() {
        if (Group* g = deq()) break_one_group(g);
        flush();
        out_ += '\n';
        out_.append(static_cast<std::size_t>(indentation_), ' ');
        output_width_ = indentation_;
        buffer_width_ = 0;
    }

    void begin_group(int indent = 0, const std::string& open = "") {
        if (!open.empty()) text(open);
        groups_.push_back(std::make_unique<Group>(stack_.back()->depth + 1));
        stack_.push_back(groups_.back().get());
        enq(stack_.back());
        indentation_ += indent;
    }

    void end_group(int dedent = 0, const std::string& close = "") {
        indentation_ -= dedent;
        Group* g = stack_.back();
        stack_.pop_back();
        if (g->breakables.empty()) remove(g);
        if (!close.empty()) text(close);
    }

    // _repr_pprint: the repr, its lines joined by explicit breaks.
    void repr_lines(const std::string& r) {
        begin_group();
        std::size_t start = 0;
        bool first = true;
        while (start <= r.size()) {
            std::size_t end = r.find('\n', start);
            if (end == std::string::npos) end = r.size();
            if (start == r.size() && !first) break;
            if (!first) break_();
            text(r.substr(start, end - start));
            first = false;
            start = end + 1;
        }
        end_group();
    }

    void sequence(const std::vector<Value>& items, const char* open, const char* close, bool tuple) {
        const int step = static_cast<int>(std::strlen(open));
        begin_group(step, open);
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (i) {
                text(",");
                breakable();
            }
            if (i >= kMaxSeqLength) {
                text("...");
                break;
            }
            pretty(items[i]);
        }
        if (tuple && items.size() == 1) text(",");
        end_group(step, close);
    }

    void dict(DictObj* d) {
        begin_group(1, "{");
        std::size_t i = 0;
        for (const auto& e : d->entries()) {
            if (!e.live) continue;
            if (i) {
                text(",");
                breakable();
            }
            if (i >= kMaxSeqLength) {
                text("...");
                break;
            }
            ++i;
            pretty(e.key);
            text(": ");
            pretty(e.value);
        }
        end_group(1, "}");
    }

    // _exception_pprint: CallExpression(name, *args).
    void exception(ExceptionObj* e) {
        std::string name = e->cls->name;
        if (e->cls->module != "builtins") name = e->cls->module + "." + name;
        const std::string prefix = name + "(";
        begin_group(static_cast<int>(utf8_length(prefix)), prefix);
        for (std::size_t i = 0; i < e->args.size(); ++i) {
            if (i) {
                text(",");
                breakable();
            }
            pretty(e->args[i]);
        }
        end_group(static_cast<int>(utf8_length(prefix)), ")");
    }

    static constexpr std::size_t kMaxSeqLength = 1000;  // IPython's MAX_SEQ_LENGTH

    Interp& in_;
    std::string out_;
    int max_width_ = 79;
    int output_width_ = 0, buffer_width_ = 0, indentation_ = 0;
    std::deque<std::unique_ptr<Item>> buffer_;
    std::vector<std::unique_ptr<Group>> groups_;
    std::vector<Group*> stack_;
    std::vector<std::vector<Group*>> queue_;
    std::vector<const Object*> seen_;  // the objects being printed (cycles print as [...])
};

// "<function len(obj, /)>": a built-in's name with the signature inspect gives it.
std::string builtin_function_text(const std::string& qualname) {
    const char* sig = builtin_signature(qualname);
    return sig != nullptr ? "<function " + qualname + sig + ">" : std::string();
}

// inspect.signature of a def or lambda: "(x, y=2, *args, z, **kw)".
std::string signature(Interp& in, FunctionObj* f) {
    const Arguments& p = *f->params;
    bool annotated = f->annotated || (p.has_vararg && p.vararg.annotation) || (p.has_kwarg && p.kwarg.annotation);
    for (const auto* list : {&p.posonlyargs, &p.args, &p.kwonlyargs}) {
        for (const Arg& a : *list) annotated |= a.annotation != nullptr;
    }
    if (annotated) in.unsupported("showing an annotated function as a cell's result", "주석(annotation)이 붙은 함수를 셀의 결과로 보여 주기");
    std::vector<std::string> parts;
    const std::size_t n_pos = p.posonlyargs.size() + p.args.size();
    const std::size_t first_default = n_pos - f->defaults.size();
    for (std::size_t i = 0; i < n_pos; ++i) {
        const std::string& name = i < p.posonlyargs.size() ? p.posonlyargs[i].arg : p.args[i - p.posonlyargs.size()].arg;
        parts.push_back(i >= first_default ? name + "=" + in.repr(f->defaults[i - first_default]) : name);
        if (!p.posonlyargs.empty() && i + 1 == p.posonlyargs.size()) parts.push_back("/");
    }
    if (p.has_vararg) parts.push_back("*" + p.vararg.arg);
    else if (!p.kwonlyargs.empty()) parts.push_back("*");
    for (std::size_t i = 0; i < p.kwonlyargs.size(); ++i) {
        parts.push_back(f->has_kw_default[i] ? p.kwonlyargs[i].arg + "=" + in.repr(f->kw_defaults[i]) : p.kwonlyargs[i].arg);
    }
    if (p.has_kwarg) parts.push_back("**" + p.kwarg.arg);
    std::string out = "(";
    for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
    return out + ")";
}

void Pretty::pretty(const Value& v) {
    Object* o = v.obj();
    const bool cycle = o != nullptr && std::find(seen_.begin(), seen_.end(), o) != seen_.end();
    seen_.push_back(o);
    begin_group();
    struct Pop {
        Pretty& p;
        ~Pop() {
            p.end_group();
            p.seen_.pop_back();
        }
    } pop{*this};
    if (o == nullptr) return repr_lines(in_.repr(v));
    in_.count_step();
    switch (o->okind) {
        case ObjKind::list:
            if (cycle) return text("[...]");
            return sequence(static_cast<ListObj*>(o)->items, "[", "]", false);
        case ObjKind::tuple:
            if (cycle) return text("(...)");
            return sequence(static_cast<TupleObj*>(o)->items, "(", ")", true);
        case ObjKind::dict:
            if (cycle) return text("{...}");
            return dict(static_cast<DictObj*>(o));
        case ObjKind::type: {
            auto* t = static_cast<TypeObj*>(o);
            return text(t->module == "builtins" ? t->name : t->module + "." + t->name);
        }
        case ObjKind::function: {
            auto* f = static_cast<FunctionObj*>(o);
            return text("<function __main__." + f->qualname + signature(in_, f) + ">");
        }
        case ObjKind::builtin: {
            auto* b = static_cast<BuiltinObj*>(o);
            if (!b->owner.empty()) return repr_lines(in_.repr(v));
            if (b->module.empty()) {
                static const char* const kTypes[] = {"enumerate", "zip", "map", "filter", "reversed"};
                for (const char* t : kTypes) {
                    if (b->name == t) return text(b->name);
                }
                const std::string s = builtin_function_text(b->name);
                if (!s.empty()) return text(s);
            }
            break;
        }
        case ObjKind::method: {
            auto* m = static_cast<MethodObj*>(o);
            if (auto* b = m->func.as<BuiltinObj>()) {
                const std::string s = builtin_function_text(m->self.type_name() + "." + b->name);
                if (!s.empty()) return text(s);
                break;
            }
            return repr_lines(in_.repr(v));
        }
        case ObjKind::exception: return exception(static_cast<ExceptionObj*>(o));
        case ObjKind::instance: {
            auto* inst = static_cast<InstanceObj*>(o);
            if (inst->cls->lookup("__repr__") != nullptr || inst->cls == types().ellipsis ||
                inst->cls == types().not_implemented_type) {
                return repr_lines(in_.repr(v));
            }
            const std::string r = in_.repr(v);
            return text("<" + inst->cls->qualified() + r.substr(r.rfind(" at ")));
        }
        case ObjKind::iterator: {
            // Iterator types have no __repr__ of their own: IPython's default "<zip at 0x...>".
            const std::string r = in_.repr(v);
            const std::size_t at = r.rfind(" at ");
            if (r.compare(0, 1, "<") == 0 && at != std::string::npos) {
                std::string name = r.substr(1, r.find(' ') - 1);
                return text("<" + name + r.substr(at));
            }
            return repr_lines(r);
        }
        default:
            if (const TypeOps* ops = v.type()->ops; ops != nullptr && ops->repr == nullptr) {
                // A native class with object.__repr__ (matplotlib's Line2D): _default_pprint.
                const std::string r = in_.repr(v);
                return text("<" + v.type()->qualified() + r.substr(r.rfind(" at ")));
            }
            break;
    }
    if (o->okind == ObjKind::builtin || o->okind == ObjKind::method) {
        in_.unsupported("showing this built-in function as a cell's result", "이 내장 함수를 셀의 결과로 보여 주기");
    }
    repr_lines(in_.repr(v));
}

}  // namespace

std::string ipython_pretty(Interp& in, const Value& v) {
    Pretty p(in);
    p.pretty(v);
    return p.finish();
}

std::map<std::string, std::string> display_bundle(Interp& in, const Value& v) {
    std::map<std::string, std::string> bundle;
    if (const TypeOps* ops = v.type()->ops; ops != nullptr && ops->display != nullptr) {
        ops->display(in, v, bundle);
        if (bundle.count("text/plain")) return bundle;
    }
    bundle["text/plain"] = ipython_pretty(in, v);
    return bundle;
}

}  // namespace tlab
