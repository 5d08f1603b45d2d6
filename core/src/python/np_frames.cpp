// np_frames.cpp — the table of NumPy's Python frames (np_frames.inc) as traceback entries, the
// library stack the kernel's NumPy code keeps, and NumPy's names for missing attributes.
#include <cstring>

#include "python/np_frames.hpp"

#include "python/builtins_support.hpp"
#include "python/numpy.hpp"
#include "python/strings.hpp"
#include "python/traceback.hpp"

namespace tlab {

namespace {

using NpFrameData = LibraryFrameData;  // (the name np_frames.inc uses)

struct NpSigData {
    const char* name;
    bool dispatched;
    const char* params;
};

#define TLAB_NP_FRAMES_DATA
#include "python/np_frames.inc"
#undef TLAB_NP_FRAMES_DATA

constexpr std::size_t kFrameCount = sizeof(kNpFrames) / sizeof(kNpFrames[0]);

const TracebackEntry* entry(NpFrame f) {
    static const std::vector<TracebackEntry> entries = library_frame_entries(kNpFrames, kFrameCount, kNpFiles);
    return &entries[static_cast<std::size_t>(f)];
}

void warn_at_entry(Interp& in, const TracebackEntry* t, const std::string& message) {
    in.warn_at(t->file, t->line, t->code_line, types().runtime_warning, message);
}

}  // namespace

NpFrames::NpFrames(Interp& in, std::initializer_list<NpFrame> frames) : in_(in), size_(in.library_frames.size()) {
    for (NpFrame f : frames) in.library_frames.push_back(entry(f));
}

void NpFrames::move_to(std::initializer_list<NpFrame> frames) {
    in_.library_frames.resize(size_);
    for (NpFrame f : frames) in_.library_frames.push_back(entry(f));
}

Value np_caught(Interp& in, TypeObj* cls, const std::string& message, NpFrame f) {
    Value exc = in.new_exception(cls, {make_str(message)});
    exc.as<ExceptionObj>()->traceback.push_back(*entry(f));
    return exc;
}

// ---- arguments

namespace {

std::vector<std::string> words(const char* s);

// 'a'; 'a' and 'b'; 'a', 'b', and 'c' (ceval.c format_missing).
std::string quoted_list(const std::vector<std::string>& names) {
    std::string out;
    for (std::size_t k = 0; k < names.size(); ++k) {
        if (k > 0) out += names.size() == 2 ? " and " : k + 1 == names.size() ? ", and " : ", ";
        out += "'" + names[k] + "'";
    }
    return out;
}

Value default_value(const std::string& text) {
    if (text == "None") return Value();
    if (text == "True" || text == "False") return Value::boolean(text == "True");
    if (text[0] == '\'') return make_str(text.substr(1, text.size() - 2));
    if (text.find_first_of(".e") != std::string::npos) return Value::floating(std::strtod(text.c_str(), nullptr));
    return Value::integer(std::strtoll(text.c_str(), nullptr, 10));
}

}  // namespace

NpArgs::NpArgs(Interp& in, Args& args, NpSig sig) {
    const NpSigData& d = kNpSigs[static_cast<int>(sig)];
    struct Param {
        std::string name;
        bool kwonly, has_default;
        Value dflt;
    };
    std::vector<Param> params;
    bool kwonly = false, var_kw = false;
    for (const std::string& w : words(d.params)) {
        if (w == "*") kwonly = true;
        else if (w == "**") var_kw = true;
        else {
            const std::size_t eq = w.find('=');
            params.push_back({w.substr(0, eq), kwonly, eq != std::string::npos,
                              eq == std::string::npos ? Value() : default_value(w.substr(eq + 1))});
        }
    }
    std::size_t n_pos = 0, n_pos_defaults = 0;
    for (const Param& p : params) {
        if (p.kwonly) continue;
        ++n_pos;
        n_pos_defaults += p.has_default;
    }
    auto fail = [&](const std::string& message) {
        if (!d.dispatched) in.raise(types().type_error, message);
        // The dispatcher's TypeError, renamed and raised again "from None".
        static TracebackEntry reraise;
        reraise.file = "<__array_function__ internals>";
        reraise.line = 198;
        reraise.function = d.name;
        in.library_frames.push_back(&reraise);
        try {
            in.raise(types().type_error, message);
        } catch (PyException&) {
            in.library_frames.pop_back();
            throw;
        }
    };
    const std::string fn = std::string(d.name) + "()";
    const auto& pos = args.positional();
    if (pos.size() > n_pos) {
        const std::string takes = n_pos_defaults ? "from " + std::to_string(n_pos - n_pos_defaults) + " to " + std::to_string(n_pos)
                                                 : std::to_string(n_pos);
        fail(fn + " takes " + takes + " positional argument" + (n_pos_defaults || n_pos != 1 ? "s" : "") + " but " +
             std::to_string(pos.size()) + (pos.size() == 1 ? " was" : " were") + " given");
    }
    values_.resize(params.size());
    given_.assign(params.size(), false);
    for (std::size_t i = 0; i < pos.size(); ++i) {
        values_[i] = pos[i];
        given_[i] = true;
    }
    for (auto& [name, value] : args.keywords()) {
        std::size_t k = 0;
        while (k < params.size() && params[k].name != name) ++k;
        if (k == params.size()) {
            if (!var_kw) fail(fn + " got an unexpected keyword argument '" + name + "'");
            extra_.emplace_back(name, value);
            continue;
        }
        if (given_[k]) fail(fn + " got multiple values for argument '" + name + "'");
        values_[k] = value;
        given_[k] = true;
    }
    for (int kind = 0; kind < 2; ++kind) {
        std::vector<std::string> missing;
        for (std::size_t k = 0; k < params.size(); ++k) {
            if (!given_[k] && !params[k].has_default && params[k].kwonly == (kind == 1)) missing.push_back(params[k].name);
        }
        if (!missing.empty()) {
            fail(fn + " missing " + std::to_string(missing.size()) + " required " + (kind ? "keyword-only" : "positional") +
                 " argument" + (missing.size() > 1 ? "s" : "") + ": " + quoted_list(missing));
        }
    }
    for (std::size_t k = 0; k < params.size(); ++k) {
        if (!given_[k]) values_[k] = params[k].dflt;
        names_.push_back(params[k].name);
    }
}

const Value& NpArgs::get(const char* name) const {
    static const Value none;
    for (std::size_t k = 0; k < names_.size(); ++k) {
        if (names_[k] == name) return values_[k];
    }
    return none;
}

// ---- warnings

namespace {
int warnings_off = 0;  // nesting depth of NpWarningsOff (the kernel runs one program at a time)
}  // namespace

NpWarningsOff::NpWarningsOff() { ++warnings_off; }
NpWarningsOff::~NpWarningsOff() { --warnings_off; }

void np_warn(Interp& in, const std::string& message) {
    if (warnings_off != 0) return;
    if (in.library_frames.empty()) in.warn(types().runtime_warning, message);
    else warn_at_entry(in, in.library_frames.back(), message);
}

void np_warn_caller(Interp& in, const std::string& message) {
    if (warnings_off != 0) return;
    const std::size_t n = in.library_frames.size();
    if (n < 2) in.warn(types().runtime_warning, message);
    else warn_at_entry(in, in.library_frames[n - 2], message);
}

Value np_wrapfunc(Interp& in, bool is_ndarray, Value (*call)(Interp&, void*), void* ctx) {
    if (!is_ndarray) {
        NpFrames f(in, {NpFrame::fromnumeric_wrapfunc_54, NpFrame::fromnumeric_wrapit_43});
        return call(in, ctx);
    }
    Value first;
    {
        NpFrames f(in, {NpFrame::fromnumeric_wrapfunc_57});
        try {
            return call(in, ctx);
        } catch (PyException& e) {
            auto* x = e.exc.as<ExceptionObj>();
            if (!x->cls->is_subclass(types().type_error)) throw;
            // Caught in _wrapfunc: its traceback starts at _wrapfunc's frame.
            const TracebackEntry* w = entry(NpFrame::fromnumeric_wrapfunc_57);
            auto& tb = x->traceback;
            for (std::size_t k = tb.size(); k-- > 0;) {
                if (tb[k].module == nullptr && tb[k].line == w->line && tb[k].file == w->file) {
                    tb.erase(tb.begin(), tb.begin() + static_cast<std::ptrdiff_t>(k));
                    break;
                }
            }
            first = e.exc;
        }
    }
    Interp::Handling h(in, first);
    NpFrames f(in, {NpFrame::fromnumeric_wrapfunc_66, NpFrame::fromnumeric_wrapit_43});
    return call(in, ctx);
}

// ---- names

namespace {

const char* dir_text(NpDir d) {
    switch (d) {
        case NpDir::numpy: return kNumpyDir;
        case NpDir::random: return kNumpyRandomDir;
        case NpDir::linalg: return kNumpyLinalgDir;
        case NpDir::ndarray: return kNdarrayDir;
    }
    return "";
}

std::vector<std::string> words(const char* s) {
    std::vector<std::string> out;
    while (*s != '\0') {
        const char* e = std::strchr(s, ' ');
        if (e == nullptr) e = s + std::strlen(s);
        out.emplace_back(s, e);
        s = *e == ' ' ? e + 1 : e;
    }
    return out;
}

// The position of `name` among the words of `s`, or -1.
int word_index(const char* s, const std::string& name) {
    const std::vector<std::string> w = words(s);
    for (std::size_t k = 0; k < w.size(); ++k) {
        if (w[k] == name) return static_cast<int>(k);
    }
    return -1;
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
    return s;
}

TypeObj* future_warning_type() {
    static TypeObj* t = [] {
        ImmortalScope immortal;
        auto* ty = new TypeObj("FutureWarning", "builtins", types().warning);
        ty->immortal = true;
        return ty;
    }();
    return t;
}

}  // namespace

std::vector<std::string> np_dir_names(NpDir d) { return words(dir_text(d)); }

int np_dtype_kind(const std::string& name) {
    std::string n = name;
    bool swapped = false;
    if (!n.empty() && (n[0] == '<' || n[0] == '=' || n[0] == '|' || n[0] == '>')) {
        swapped = n[0] == '>';
        n.erase(0, 1);
    }
    for (int k = 0; k < 4; ++k) {
        if (word_index(kDtypeNames[k], n) >= 0) return swapped && k < 2 ? 3 : k;
    }
    // Sized strings and bytes ('U10', 'S5'), datetimes ('M8[ns]'), structured ('i4,f8').
    const bool sized = !n.empty() && std::strchr("USaV", n[0]) != nullptr && n.size() > 1 &&
                       n.find_first_not_of("0123456789", 1) == std::string::npos;
    return sized || n.find(',') != std::string::npos || n.find('[') != std::string::npos ? 3 : -1;
}

bool np_dir_has(NpDir d, const std::string& name) { return word_index(dir_text(d), name) >= 0; }

void np_missing_attribute(Interp& in, NpDir d, const Value& obj, const std::string& name) {
    static const char* const what[] = {"numpy", "numpy.random", "numpy.linalg", "numpy.ndarray"};
    const std::string module = what[static_cast<int>(d)];
    if (np_dir_has(d, name) || (d == NpDir::numpy && word_index(kExpiredFunctions, name) >= 0)) {
        in.unsupported(module + "." + name, module + "." + name);
    }
    std::string message = d == NpDir::ndarray ? "'numpy.ndarray' object has no attribute '" + name + "'"
                                              : "module '" + module + "' has no attribute '" + name + "'";
    NpFrame frame = NpFrame::init_getattr_320;
    if (d == NpDir::numpy) {
        // numpy.__getattr__: a FutureWarning for names that will be scalars, then the removed
        // aliases' own message.
        if (word_index(kFutureScalars, name) >= 0) {
            in.warn(future_warning_type(), "In the future `np." + name + "` will be defined as the corresponding NumPy scalar.");
        }
        if (const int k = word_index(kFormerAttrs, name); k >= 0) {
            message = replace_all(replace_all(kFormerAttrText, "%n", name), "%x", kFormerAttrAdvice[k]);
            frame = NpFrame::init_getattr_305;
        }
    }
    Value exc = in.new_exception(types().attribute_error, {make_str(message)});
    auto* e = exc.as<ExceptionObj>();
    e->attrs = make_dict();
    e->attrs->set_str("name", make_str(name));
    e->attrs->set_str("obj", obj);
    e->suggestion = suggest(name, np_dir_names(d));
    if (d != NpDir::numpy) in.raise_value(exc);
    NpFrames f(in, {frame});
    in.raise_value(exc);
}

Value np_module_getattr(Interp& in, Args& a, NpDir d) {
    static const char* const modules[] = {"numpy", "numpy.random", "numpy.linalg"};
    if (a.size() != 1 || a[0].as<StrObj>() == nullptr) in.raise(types().type_error, "__getattr__() takes exactly one argument");
    np_missing_attribute(in, d, in.modules()[modules[static_cast<int>(d)]], a[0].as<StrObj>()->s);
}

}  // namespace tlab
