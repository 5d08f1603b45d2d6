// display.cpp — IPython's display of a cell's result.
//
// text/plain is what IPython.lib.pretty writes: its printer is ported here as it is (groups,
// breakables, the group queue and its quirks), since where it breaks a long list or a tuple of
// arrays is part of what a notebook shows:
//   [<matplotlib.lines.Line2D at 0x7f46985673d0>,
//    <matplotlib.lines.Line2D at 0x7f4698123750>]
#include "python/display.hpp"

#include <algorithm>
#include <deque>
#include <memory>

#include <fmt/compile.h>
#include <fmt/format.h>

namespace tlab {

namespace {

std::size_t code_points(const std::string& s) {
    std::size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

// IPython.lib.pretty.PrettyPrinter (max_width 79).
class Printer {
public:
    explicit Printer(Interp& in) : in_(in) {
        groups_.push_back(std::make_unique<Group>(Group{0, {}, false}));
        stack_.push_back(groups_.back().get());
        enq(stack_.back());
    }

    std::string finish() {
        flush();
        return out_;
    }

    void pretty(const Value& v);

private:
    struct Group;
    struct Item {
        bool text;
        std::string s;
        std::size_t width = 0;
        std::size_t indentation = 0;  // breakables
        Group* group = nullptr;
    };
    struct Group {
        std::size_t depth;
        std::deque<Item*> breakables;
        bool want_break;
    };

    std::size_t output(Item* x, std::size_t width) {
        if (x->text) {
            out_ += x->s;
            return width + x->width;
        }
        Group* g = x->group;
        g->breakables.pop_front();
        if (g->want_break) {
            newline(x->indentation);
            return x->indentation;
        }
        if (g->breakables.empty()) remove(g);
        out_ += x->s;
        return width + x->width;
    }
    void newline(std::size_t indentation) {
        out_ += '\n';
        out_.append(indentation, ' ');
    }
    Item* pop() {
        Item* x = buffer_.front();
        buffer_.pop_front();
        return x;
    }
    void break_one_group(Group* g) {
        while (!g->breakables.empty()) {
            Item* x = pop();
            output_width_ = output(x, output_width_);
            buffer_width_ -= x->width;
        }
        while (!buffer_.empty() && buffer_.front()->text) {
            Item* x = pop();
            output_width_ = output(x, output_width_);
            buffer_width_ -= x->width;
        }
    }
    void break_outer_groups() {
        while (kMaxWidth < output_width_ + buffer_width_) {
            Group* g = deq();
            if (g == nullptr) return;
            break_one_group(g);
        }
    }
    void text(const std::string& s) {
        const std::size_t width = code_points(s);
        if (!buffer_.empty()) {
            if (!buffer_.back()->text) buffer_.push_back(item(true));
            buffer_.back()->s += s;
            buffer_.back()->width += width;
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
            newline(indentation_);
            output_width_ = indentation_;
            buffer_width_ = 0;
        } else {
            Item* b = item(false);
            b->s = " ";
            b->width = 1;
            b->indentation = indentation_;
            b->group = g;
            g->breakables.push_back(b);
            buffer_.push_back(b);
            buffer_width_ += 1;
            break_outer_groups();
        }
    }
    void break_() {
        if (Group* g = deq()) break_one_group(g);
        flush();
        newline(indentation_);
        output_width_ = indentation_;
        buffer_width_ = 0;
    }
    void begin_group(std::size_t indent = 0, const std::string& open = "") {
        if (!open.empty()) text(open);
        groups_.push_back(std::make_unique<Group>(Group{stack_.back()->depth + 1, {}, false}));
        stack_.push_back(groups_.back().get());
        enq(stack_.back());
        indentation_ += indent;
    }
    void end_group(std::size_t dedent = 0, const std::string& close = "") {
        indentation_ -= dedent;
        Group* g = stack_.back();
        stack_.pop_back();
        if (g->breakables.empty()) remove(g);
        if (!close.empty()) text(close);
    }
    void flush() {
        // (IPython adds the returned width to output_width instead of assigning it; a newline
        // always follows a flush in the middle of the output, so it does not show.)
        for (Item* x : buffer_) output_width_ += output(x, output_width_);
        buffer_.clear();
        buffer_width_ = 0;
    }
    Item* item(bool is_text) {
        items_.push_back(std::make_unique<Item>());
        items_.back()->text = is_text;
        return items_.back().get();
    }

    // GroupQueue
    void enq(Group* g) {
        while (g->depth + 1 > queue_.size()) queue_.emplace_back();
        queue_[g->depth].push_back(g);
    }
    Group* deq() {
        for (auto& stack : queue_) {
            const std::size_t n = stack.size();
            for (std::size_t idx = 0; idx < n; ++idx) {
                Group* g = stack[n - 1 - idx];
                if (!g->breakables.empty()) {
                    // (IPython walks the level in reverse but deletes by the forward index.)
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
        if (g->depth >= queue_.size()) return;
        auto& stack = queue_[g->depth];
        auto it = std::find(stack.begin(), stack.end(), g);
        if (it != stack.end()) stack.erase(it);
    }

    // The type printers IPython registers for what the kernel has.
    void repr_lines(const std::string& r) {
        begin_group();
        std::size_t start = 0;
        bool first = true;
        while (true) {
            std::size_t end = r.find('\n', start);
            if (!first) break_();
            first = false;
            text(r.substr(start, end == std::string::npos ? std::string::npos : end - start));
            if (end == std::string::npos) break;
            start = end + 1;
        }
        end_group();
    }
    void seq(const std::vector<Value>& items, const char* open, const char* close, bool tuple) {
        const std::size_t step = std::char_traits<char>::length(open);
        begin_group(step, open);
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (i != 0) {
                text(",");
                breakable();
            }
            if (i == kMaxSeqLength) {
                text("...");
                break;
            }
            pretty(items[i]);
        }
        if (tuple && items.size() == 1) text(",");
        end_group(step, close);
    }

    static constexpr std::size_t kMaxWidth = 79;
    static constexpr std::size_t kMaxSeqLength = 1000;
    Interp& in_;
    std::string out_;
    std::size_t output_width_ = 0, buffer_width_ = 0, indentation_ = 0;
    std::deque<Item*> buffer_;
    std::vector<Group*> stack_;
    std::vector<std::vector<Group*>> queue_;
    std::vector<std::unique_ptr<Group>> groups_;
    std::vector<std::unique_ptr<Item>> items_;
    std::vector<const Object*> seen_;  // cycle detection
};

void Printer::pretty(const Value& v) {
    Object* o = v.obj();
    const bool cycle = o != nullptr && std::find(seen_.begin(), seen_.end(), o) != seen_.end();
    seen_.push_back(o);
    begin_group();
    const TypeOps* ops = v.type()->ops;
    if (o == nullptr || (ops != nullptr && ops->repr != nullptr)) {
        repr_lines(in_.repr(v));
    } else if (auto* l = v.as<ListObj>()) {
        if (cycle) text("[...]");
        else seq(l->items, "[", "]", false);
    } else if (auto* t = v.as<TupleObj>()) {
        if (cycle) text("(...)");
        else seq(t->items, "(", ")", true);
    } else if (auto* d = v.as<DictObj>()) {
        if (cycle) {
            text("{...}");
        } else {
            begin_group(1, "{");
            std::size_t i = 0;
            for (const auto& e : d->entries()) {
                if (!e.live) continue;
                if (i != 0) {
                    text(",");
                    breakable();
                }
                if (i++ == kMaxSeqLength) {
                    text("...");
                    break;
                }
                pretty(e.key);
                text(": ");
                pretty(e.value);
            }
            end_group(1, "}");
        }
    } else if (auto* ty = v.as<TypeObj>()) {
        text(ty->qualified());
    } else if (auto* e = v.as<ExceptionObj>()) {
        // CallExpression(name, *args)
        const std::string prefix = e->cls->qualified() + "(";
        begin_group();
        begin_group(code_points(prefix), prefix);
        for (std::size_t i = 0; i < e->args.size(); ++i) {
            if (i != 0) {
                text(",");
                breakable();
            }
            pretty(e->args[i]);
        }
        end_group(code_points(prefix), ")");
        end_group();
    } else if (o->okind == ObjKind::str || o->okind == ObjKind::function || o->okind == ObjKind::builtin ||
               o->okind == ObjKind::method || o->okind == ObjKind::module || o->okind == ObjKind::range ||
               o->okind == ObjKind::slice || o->okind == ObjKind::dict_view || o->okind == ObjKind::generator ||
               (o->okind == ObjKind::instance && (v.type()->lookup("__repr__") != nullptr ||
                                                   v.type() == types().ellipsis ||
                                                   v.type() == types().not_implemented_type))) {
        repr_lines(in_.repr(v));
    } else {
        // An object with object.__repr__: IPython's _default_pprint.
        begin_group(1, "<");
        text(v.type()->qualified() +
             fmt::format(FMT_COMPILE(" at 0x{:012x}"), reinterpret_cast<std::uintptr_t>(o)));
        if (cycle) text(" ...");
        end_group(1, ">");
    }
    end_group();
    seen_.pop_back();
}

}  // namespace

std::string ipython_pretty(Interp& in, const Value& v) {
    Printer p(in);
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
