// notebook.cpp — cells run as Jupyter runs them, with the lab's execution model:
//
// - A cell runs after the earlier cells it depends on (deps.hpp: the values it reads, the random
//   state it draws from unseeded, matplotlib settings), and no others: of those, only their
//   top-level imports run (a module an import binds is not a value a cell depends on). So a quick
//   cell never waits for a long earlier one it does not use.
// - The namespace after each step is cached (a deep copy, with the random state), keyed by the
//   code of every step so far; an edit re-runs from the first step whose code changed.
// - When a cell it depends on raises, the cell is "not run".
#include <algorithm>
#include <cmath>
#include <list>
#include <map>
#include <optional>
#include <set>

#include "python/cell_input.hpp"
#include "python/deps.hpp"
#include "python/display.hpp"
#include "python/interp.hpp"
#include "python/memory.hpp"
#include "python/numpy.hpp"
#include "python/pandas.hpp"
#include "python/parser.hpp"
#include "python/scope.hpp"
#include "python/snapshot.hpp"
#include "python/strings.hpp"
#include "python/traceback.hpp"
#include "tlab/python.hpp"

namespace tlab {

std::string unsupported_message(const Unsupported& u);     // kernel.cpp
std::string unsupported_message_ko(const Unsupported& u);  // kernel.cpp

namespace {

using nlohmann::json;

// json::parse(text, nullptr, false) through the virtual SAX interface, as api.cpp's RequestReader
// reads requests: both then share one instantiation of nlohmann's parser (json::parse would add
// its own, with a second, callback-taking DOM builder: about 10 KB of the page's wasm).
json parse_display_json(const std::string& text) {
    class DomReader final : public nlohmann::json_sax<json> {
    public:
        explicit DomReader(json& root) : dom_(root, /*allow_exceptions=*/false) {}
        bool null() override { return dom_.null(); }
        bool boolean(bool v) override { return dom_.boolean(v); }
        bool number_integer(number_integer_t v) override { return dom_.number_integer(v); }
        bool number_unsigned(number_unsigned_t v) override { return dom_.number_unsigned(v); }
        bool number_float(number_float_t v, const string_t& s) override { return dom_.number_float(v, s); }
        bool string(string_t& v) override { return dom_.string(v); }
        bool binary(binary_t& v) override { return dom_.binary(v); }
        bool start_object(std::size_t n) override { return dom_.start_object(n); }
        bool key(string_t& k) override { return dom_.key(k); }
        bool end_object() override { return dom_.end_object(); }
        bool start_array(std::size_t n) override { return dom_.start_array(n); }
        bool end_array() override { return dom_.end_array(); }
        bool parse_error(std::size_t p, const std::string& t, const nlohmann::detail::exception& e) override {
            return dom_.parse_error(p, t, e);
        }

    private:
        nlohmann::detail::json_sax_dom_parser<json> dom_;
    };
    json root;
    DomReader reader(root);
    nlohmann::json_sax<json>* sax = &reader;
    if (!json::sax_parse(text, sax, json::input_format_t::json, /*strict=*/true)) return json(json::value_t::discarded);
    return root;
}

// What ipykernel records for one cell: stream writes merged, stdout then stderr sent whenever the
// cell displays something, raises or ends.
class Collector : public OutputSink {
public:
    void write_stdout(const std::string& text) override {
        if (active) pending_out_ += text;
    }
    void write_stderr(const std::string& text) override {
        if (active) pending_err_ += text;
    }
    void display(const std::map<std::string, std::string>& data, bool execute_result) override {
        if (!active) return;
        flush();
        json bundle = json::object();
        for (const auto& [mime, text] : data) {
            if (mime == "text/plain") bundle[mime] = text;
            else bundle[mime] = parse_display_json(text);
        }
        if (execute_result) {
            outputs.push_back({{"output_type", "execute_result"}, {"data", bundle}, {"metadata", json::object()},
                               {"execution_count", nullptr}});
        } else {
            outputs.push_back({{"output_type", "display_data"}, {"data", bundle}, {"metadata", json::object()}});
        }
    }
    bool keeps_tables() const override { return active; }
    // stdout to Python, so no flush point: a pending warning stays pending (cell.cpp's print_table).
    void printed_table(const std::map<std::string, std::string>& data) override {
        if (!active) return;
        if (!pending_out_.empty()) {
            outputs.push_back({{"output_type", "stream"}, {"name", "stdout"}, {"text", pending_out_}});
            pending_out_.clear();
        }
        json bundle = json::object();
        for (const auto& [mime, text] : data) {
            if (mime == "text/plain") bundle[mime] = text;
            else bundle[mime] = json::parse(text, nullptr, false);
        }
        outputs.push_back({{"output_type", "display_data"}, {"data", bundle},
                           {"metadata", {{"transformer-lab", {{"printed", true}}}}}});
    }
    void error(json e) {
        flush();
        outputs.push_back(std::move(e));
    }
    void flush() {
        if (!pending_out_.empty()) {
            outputs.push_back({{"output_type", "stream"}, {"name", "stdout"}, {"text", pending_out_}});
            pending_out_.clear();
        }
        if (!pending_err_.empty()) {
            outputs.push_back({{"output_type", "stream"}, {"name", "stderr"}, {"text", pending_err_}});
            pending_err_.clear();
        }
    }
    void reset() {
        outputs = json::array();
        pending_out_.clear();
        pending_err_.clear();
    }
    bool active = true;  // steps other than the requested cell print nothing
    json outputs = json::array();

private:
    std::string pending_out_, pending_err_;
};

struct ParsedCell {
    std::string code;  // as the learner wrote it
    ModulePtr module;
    std::optional<SyntaxErrorInfo> error;
    std::optional<Unsupported> unsupported;  // refused before running (too long, IPython syntax)
    int dropped_lines = 0;                   // IPython's leading blank lines: add to module lines
    CellEffects effects;
    std::string source;  // the code as IPython compiles it (ipython_cell_input)
};

enum class Mode { full, imports };

struct Step {
    std::size_t cell;
    Mode mode;
    std::string code;
    bool operator==(const Step& o) const { return cell == o.cell && mode == o.mode && code == o.code; }
};

struct Snapshot {
    std::vector<Step> steps;  // the plan prefix this state is the result of
    Ref<DictObj> globals;
    RandomState random;
    std::vector<std::shared_ptr<const void>> modules;  // Interp::save_state()
    std::vector<std::string> warned;
    DisplayOptions pandas_options;
    bool failed = false;      // the last step raised (later dependent cells are not run)
    std::size_t failed_cell = 0;
};

std::string cell_name(std::size_t index) { return "<cell " + std::to_string(index + 1) + ">"; }

// repr(v) cut after `max` bytes (at a character's start) with "…" added. An array's repr is
// formatted only up to max + 1 bytes (a float array of 1000 values, the sweep's s, took a sixth
// of a textbook edit's time); an array drawn lazily is drawn first (which may raise MemoryError).
std::string cut_repr(Interp& in, const Value& v, std::size_t max) {
    std::string repr = v.as<ArrayObj>() != nullptr ? array_repr(in, *stored(in, v), max + 1) : in.repr(v);
    if (repr.size() > max) {
        std::size_t cut = max;
        while (cut > 0 && (static_cast<unsigned char>(repr[cut]) & 0xC0) == 0x80) --cut;
        repr = repr.substr(0, cut) + "…";
    }
    return repr;
}

json variable_entry(Interp& in, const std::string& name, const Value& v) {
    json e = {{"name", name}, {"type", v.type()->qualified()}};
    if (auto* a = v.as<ArrayObj>(); a != nullptr && a->lazy) {
        // Drawn lazily and never stored (the sweep's q and k: up to 8 GB): its repr would draw
        // it all again. Shape and dtype now; its values when asked for (inspect_entry).
        e["repr"] = nullptr;
        e["lazy"] = true;
        e["shape"] = a->shape;
        e["dtype"] = "float64";
        return e;
    }
    std::string repr;
    try {
        repr = cut_repr(in, v, 400);
    } catch (PyException&) {
        repr = "<repr failed>";
    } catch (Unsupported&) {
        repr = "<repr not available in the lab kernel>";
    }
    e["repr"] = repr;
    try {
        Value shape = in.getattr(v, "shape");
        if (auto* t = shape.as<TupleObj>()) {
            json s = json::array();
            for (const Value& d : t->items) s.push_back(d.as_int());
            e["shape"] = s;
        }
        // The kernel's only ndarray that is not an ArrayObj holds objects (subplots' axes), and
        // refuses `.dtype` (it has no object dtype to give): NumPy's dtype there is "object".
        if (v.as<ArrayObj>() == nullptr && v.type()->qualified() == "numpy.ndarray") e["dtype"] = "object";
        else e["dtype"] = in.str(in.getattr(v, "dtype"));
    } catch (PyException&) {
    } catch (Unsupported&) {
    }
    return e;
}

// A variable's whole repr, asked for from the page's variables panel: what `repr(name)` gives
// after the cell (an array drawn lazily is drawn now, if it fits), cut at 64 KB; or the error
// the drawing or the repr raised, in Python's one-line form.
json inspect_entry(Interp& in, const std::string& name, const Value* v) {
    json e = {{"name", name}};
    if (v == nullptr || v->as<ModuleObj>() != nullptr) {
        e["error"] = "NameError: name '" + name + "' is not among the cell's variables";
        return e;
    }
    try {
        e["repr"] = cut_repr(in, *v, 64 * 1024);
    } catch (PyException& ex) {
        std::string line = format_exception_only(in, ex.exc);
        while (!line.empty() && line.back() == '\n') line.pop_back();
        e["error"] = line;
    } catch (Unsupported& u) {
        e["error"] = "UnsupportedInLab: " + u.what_en;
    } catch (std::bad_alloc&) {
        e["error"] = "MemoryError: the values need more memory than the lab allows";
    }
    return e;
}

}  // namespace

static json unsupported_output(const Unsupported& u) {
    const std::string en = unsupported_message(u);
    return {{"output_type", "error"}, {"ename", "UnsupportedInLab"}, {"evalue", en},
            {"evalue_ko", unsupported_message_ko(u)}, {"line", u.line},
            {"traceback", json::array({"UnsupportedInLab: " + en})}};
}

// IPython's display(*objs), a builtin in a notebook: each object's mime bundle as display_data.
Value f_display(Interp& in, Args& a) {
    for (const auto& kw : a.keywords()) in.unsupported("display(" + kw.first + "=...)", "display(" + kw.first + "=...)");
    for (std::size_t k = 0; k < a.size(); ++k) in.out().display(display_bundle(in, a[k]), false);
    return Value();
}

struct Notebook::Impl {
    CellResult run(const std::vector<std::string>& cells, std::size_t index, const ProgressFn& progress,
                   const std::vector<std::string>& visuals, bool all_cells);
    bool skipped_cells = false;  // the last run left out earlier cells it did not depend on
    std::string inspect;         // the variable whose whole repr the run answers (Notebook::run)
    const Checks* checks = nullptr;  // the exercises' checks of the run's cell (Notebook::run)

    explicit Impl(const KernelLimits& limits) : in(sink, interp_limits(limits)) {
        Interp::Use use(in);
        static Value display = [] {
            ImmortalScope immortal;
            return native_function("display", f_display);
        }();
        in.builtins()->set_str("display", display);
    }
    ~Impl() {
        Interp::Use use(in);  // the cached states go back to this heap before it is cleared
        cache.clear();
        parsed.clear();
    }
    Collector sink;
    Interp in;
    std::vector<ParsedCell> parsed;  // by cell index (re-parsed when the code changes)
    std::list<Snapshot> cache;       // most recently used first
    static constexpr std::size_t kCacheSize = 12;

    ParsedCell& parse(std::size_t i, const std::string& code) {
        if (parsed.size() <= i) parsed.resize(i + 1);
        ParsedCell& p = parsed[i];
        if (p.module && p.code == code) return p;
        if (!p.module && (p.error || p.unsupported) && p.code == code) return p;
        p = ParsedCell{code, nullptr, std::nullopt, std::nullopt, 0, {}, {}};
        if (code.size() > kMaxSourceBytes) {
            p.unsupported = Unsupported{"a cell longer than 64 KB", "64 KB 보다 긴 셀", 1};
            return p;
        }
        if (!utf8_valid(code)) {
            // Only reachable from C++: the page's and labrun's cells come from JSON.
            p.unsupported = Unsupported{"code that is not UTF-8 text", "UTF-8 이 아닌 코드", 1};
            return p;
        }
        CellInput input = ipython_cell_input(code);
        p.dropped_lines = input.dropped_lines;
        if (input.cell_magic) {
            p.unsupported = input.cell_magic;
            return p;
        }
        p.source = input.code;
        ParseResult r = parse_module(input.code, cell_name(i), SourceKind::cell);
        if (r.error) {
            if (auto u = ipython_only_syntax(input.code, *r.error)) {
                u->line += p.dropped_lines;
                p.unsupported = u;
            } else {
                p.error = r.error;
            }
            return p;
        }
        Pos pos;
        const std::string scope_error = resolve_scopes(*r.module, pos);
        if (!scope_error.empty()) {
            SyntaxErrorInfo e;
            e.msg = scope_error;
            e.line = pos.line;
            e.offset = pos.col + 1;
            e.end_line = pos.end_line;
            e.end_offset = pos.end_col + 1;
            const std::string& src = r.module->source;
            std::size_t start = 0;
            for (int n = 1; n < pos.line; ++n) start = src.find('\n', start) + 1;
            const std::size_t end = src.find('\n', start);
            e.text = src.substr(start, end == std::string::npos ? std::string::npos : end - start + 1);
            p.error = e;
            return p;
        }
        p.module = r.module;
        return p;
    }

    // Cells 0..index parsed, with the names each reads and writes.
    void analyse(const std::vector<std::string>& cells, std::size_t index) {
        for (std::size_t i = 0; i <= index; ++i) parse(i, cells[i]);
        // Aliases from every cell, then each cell's effects.
        Aliases aliases;
        for (std::size_t i = 0; i <= index; ++i) {
            if (parsed[i].module) aliases = find_aliases(*parsed[i].module, aliases);
        }
        for (std::size_t i = 0; i <= index; ++i) {
            if (parsed[i].module) parsed[i].effects = analyse_cell(*parsed[i].module, aliases);
        }
    }

    // The earlier cells `index` needs, transitively.
    std::set<std::size_t> closure(std::size_t index) {
        // Names that may share objects (deps.hpp), merged over the cells so far.
        std::vector<std::set<std::string>> groups;
        for (std::size_t k = 0; k <= index; ++k) {
            if (!parsed[k].module) continue;
            for (const std::set<std::string>& g : parsed[k].effects.groups) {
                std::set<std::string> merged = g;
                for (auto it = groups.begin(); it != groups.end();) {
                    bool overlap = false;
                    for (const std::string& n : *it) overlap = overlap || merged.count(n);
                    if (overlap) {
                        merged.insert(it->begin(), it->end());
                        it = groups.erase(it);
                    } else {
                        ++it;
                    }
                }
                groups.push_back(std::move(merged));
            }
        }
        auto sharing = [&](const std::string& name) {
            for (const std::set<std::string>& g : groups) {
                if (g.count(name)) return g;
            }
            return std::set<std::string>{name};
        };
        std::set<std::size_t> need;
        std::vector<std::size_t> todo{index};
        while (!todo.empty()) {
            const std::size_t k = todo.back();
            todo.pop_back();
            const ParsedCell& c = parsed[k];
            auto add = [&](std::size_t j) {
                if (need.insert(j).second) todo.push_back(j);
            };
            if (!c.module) continue;
            std::set<std::string> reads;
            for (const std::string& name : c.effects.reads) {
                const std::set<std::string> g = sharing(name);
                reads.insert(g.begin(), g.end());
            }
            for (const std::string& name : reads) {
                for (std::size_t j = k; j-- > 0;) {
                    if (parsed[j].error) {
                        add(j);  // what a broken cell binds is unknown
                        break;
                    }
                    if (parsed[j].effects.writes.count(name)) {
                        add(j);
                        break;
                    }
                }
            }
            if (c.effects.draws_unseeded) {
                for (std::size_t j = k; j-- > 0;) {
                    if (parsed[j].error || parsed[j].effects.uses_random) {
                        add(j);
                        break;
                    }
                }
            }
            // Any cell may print a pandas object: the options set before it hold.
            for (std::size_t j = k; j-- > 0;) {
                if (parsed[j].effects.writes_display_options) {
                    add(j);
                    break;
                }
            }
            if (c.effects.reads_plot_state) {
                for (std::size_t j = k; j-- > 0;) {
                    if (parsed[j].effects.writes_plot_state) {
                        add(j);
                        break;
                    }
                }
            }
        }
        return need;
    }

    std::vector<Value> roots() {
        std::vector<Value> r;
        for (const Snapshot& s : cache) r.push_back(s.globals);
        return r;
    }

    // A visual's expression, evaluated quietly in the cell's namespace: its value as JSON (arrays
    // and lists as nested lists of numbers, non-finite floats as "inf"/"-inf"/"nan", a str as a
    // string, a DataFrame as the page's table with its printed text), or a discarded value when
    // it fails.
    json evaluate(const std::string& expr, const Ref<DictObj>& globals) {
        const json failed(json::value_t::discarded);
        const ModulePtr module = parse_code(expr, "<visual>", /*expression=*/true);
        if (!module) return failed;
        const bool was = sink.active;
        sink.active = false;
        const std::vector<std::string> warned = in.warned();
        json out;
        try {
            Value v = in.eval_expression(module, globals);
            out = to_json(v);
        } catch (...) {
            out = failed;
        }
        in.warned() = warned;
        sink.active = was;
        return out;
    }

    // The exercises' checks (tlab/python.hpp, Checks) in a deep copy of the cell's namespace:
    // whatever they do to it, to the random state or to module settings stays out of the cell's
    // result and of the cache, and nothing they print or draw is shown.
    json run_checks(const Checks& checks, const Ref<DictObj>& globals) {
        json out = json::array();
        const bool was = sink.active;
        sink.active = false;
        const std::vector<std::string> warned = in.warned();
        const RandomState random = in.random();
        const std::vector<std::shared_ptr<const void>> modules = in.save_state();
        const DisplayOptions pandas_options = in.pandas_options;
        std::string setup_error;  // the copy or checks.py failed: every check says why
        Ref<DictObj> ns = make_dict();
        try {
            copy_namespace(*globals, *ns);
            run_source(checks.code, "<checks>", ns);
        } catch (...) {
            setup_error = check_error();
        }
        for (const CheckCall& call : checks.calls) {
            if (!setup_error.empty()) {
                out.push_back({{"pass", false}, {"error", setup_error}});
                continue;
            }
            try {
                ns->set_str("answer", call.has_answer ? make_str(call.answer) : Value());
                out.push_back(check_json(evaluate_source(call.expr, "<check>", ns)));
            } catch (...) {
                out.push_back({{"pass", false}, {"error", check_error()}});
            }
        }
        sink.reset();
        sink.active = was;
        in.warned() = warned;
        in.random() = random;
        in.restore_state(modules);
        in.pandas_options = pandas_options;
        return out;
    }

    // What stopped a check, from inside a catch: "NameError: name 'p' is not defined".
    std::string check_error() {
        try {
            throw;
        } catch (PyException& e) {
            auto* ex = e.exc.as<ExceptionObj>();
            std::string evalue;
            try {
                evalue = in.str(e.exc);
            } catch (...) {
            }
            return (ex != nullptr ? ex->cls->name : std::string("Exception")) + (evalue.empty() ? "" : ": " + evalue);
        } catch (Unsupported& u) {
            return "UnsupportedInLab: " + unsupported_message(u);
        } catch (Stopped& st) {
            return st.message_en;
        } catch (NotCopyable&) {
            return "the step's values could not be copied for the check";
        } catch (std::bad_alloc&) {
            return "MemoryError";
        } catch (...) {
            return "the check failed";
        }
    }

    // `code` parsed and its scopes resolved (one expression statement when `expression`), or null
    // when it does not parse. The same few texts (checks.py, the checks' calls, the visuals'
    // expressions) come with every run of a step: each is parsed once (a parsed module runs any
    // number of times, as the cells' do), and a text that does not parse is remembered too.
    ModulePtr parse_code(const std::string& code, const std::string& file, bool expression) {
        std::string key = (expression ? "e" : "x") + file;
        key += '\n';
        key += code;
        if (const auto known = parsed_code.find(key); known != parsed_code.end()) return known->second;
        ModulePtr module;
        ParseResult r = parse_module(code, file);
        if (r.module && (!expression || (r.module->body.size() == 1 && r.module->body[0]->kind == StmtKind::expr))) {
            Pos pos;
            if (resolve_scopes(*r.module, pos).empty()) module = r.module;
        }
        if (parsed_code.size() >= kParsedCodeSize) parsed_code.clear();  // another lab's texts: start again
        parsed_code.emplace(std::move(key), module);
        return module;
    }
    std::map<std::string, ModulePtr> parsed_code;  // by parse_code's key: expression?, file, code
    static constexpr std::size_t kParsedCodeSize = 64;

    void run_source(const std::string& code, const std::string& file, const Ref<DictObj>& ns) {
        const ModulePtr module = parse_code(code, file, /*expression=*/false);
        if (!module) throw std::runtime_error("SyntaxError in " + file);
        MemoryBudget budget(kCodeMemoryBytes);
        in.exec_module(module, ns);
    }

    Value evaluate_source(const std::string& expr, const std::string& file, const Ref<DictObj>& ns) {
        const ModulePtr module = parse_code(expr, file, /*expression=*/true);
        if (!module) throw std::runtime_error("SyntaxError in " + file);
        MemoryBudget budget(kCodeMemoryBytes);
        return in.eval_expression(module, ns);
    }

    // A check's value as the core answers it: True passes; "key" or ("key", {name: value}) names
    // the feedback, each value as str() shows it.
    json check_json(const Value& v) {
        if (v.kind() == Kind::boolean || v.kind() == Kind::np_bool) return {{"pass", v.as_bool()}};
        if (auto* s = v.as<StrObj>()) return {{"pass", false}, {"feedback", s->s}};
        auto* t = v.as<TupleObj>();
        if (t != nullptr && t->items.size() == 2 && t->items[0].as<StrObj>() != nullptr) {
            json values = json::object();
            if (auto* d = t->items[1].as<DictObj>()) {
                for (const auto& e : d->entries()) {
                    if (!e.live || e.key.as<StrObj>() == nullptr) continue;
                    values[e.key.as<StrObj>()->s] = in.str(e.value);
                }
            }
            return {{"pass", false}, {"feedback", t->items[0].as<StrObj>()->s}, {"values", values}};
        }
        return {{"pass", false}, {"error", "a check must give True, \"key\" or (\"key\", {values}), not " + in.repr(v)}};
    }

    json to_json(const Value& v, int depth = 0) {
        if (depth > 64) return nullptr;  // no chart reads deeper lists; the stack stays shallow
        switch (v.kind()) {
            case Kind::boolean:
            case Kind::np_bool: return v.as_bool();
            case Kind::integer:
            case Kind::np_int: return v.as_int();
            case Kind::floating:
            case Kind::np_float: {
                // JSON has no inf or nan: a visual gets them as NumPy writes them
                const double x = v.as_float();
                if (std::isfinite(x)) return x;
                return std::isnan(x) ? "nan" : x > 0 ? "inf" : "-inf";
            }
            default: break;
        }
        if (auto* a = v.as<ArrayObj>()) {
            materialize(in, *a);
            std::int64_t k = 0;
            return array_json(*a, 0, k);
        }
        if (auto* l = v.as<ListObj>()) {
            json out = json::array();
            for (const Value& x : l->items) out.push_back(to_json(x, depth + 1));
            return out;
        }
        if (auto* s = v.as<StrObj>()) return s->s;
        if (v.as<FrameObj>() != nullptr) {
            // {"columns", "index", "rows"} as a displayed DataFrame gives them, and "text": its
            // text/plain, so that a chart labels values as pandas printed them ("15.90")
            std::map<std::string, std::string> bundle = display_bundle(in, v);
            const auto table = bundle.find("application/vnd.transformer-lab.table+json");
            if (table == bundle.end()) return nullptr;
            json out = json::parse(table->second);
            out["text"] = bundle["text/plain"];
            return out;
        }
        return nullptr;
    }

    json array_json(const ArrayObj& a, std::size_t axis, std::int64_t& k) {
        if (axis == a.shape.size()) {
            const Value x = a.get_scalar(k++);
            return to_json(x);
        }
        json out = json::array();
        for (std::int64_t j = 0; j < a.shape[axis]; ++j) out.push_back(array_json(a, axis + 1, k));
        return out;
    }

    // `last`: the run ends with this step and drops its namespace, so the state is kept as it is
    // rather than copied (a later run copies it before changing anything).
    void remember(const std::vector<Step>& steps, const Ref<DictObj>& globals, bool failed, std::size_t failed_cell,
                  bool last) {
        Snapshot s;
        s.steps = steps;
        s.globals = last ? globals : make_dict();
        try {
            if (!last) copy_namespace(*globals, *s.globals);
        } catch (NotCopyable&) {
            return;
        } catch (OverCap&) {
            // The copy counts against the program's memory cap; a state too big to keep twice is
            // not cached (a later cell then re-runs the cells it needs), and what was copied is
            // freed before the next step allocates.
            s.globals = Ref<DictObj>();
            std::vector<Value> live = roots();
            live.push_back(globals);
            in.collect_garbage(live);
            return;
        }
        s.random = in.random();
        s.modules = in.save_state();
        s.warned = in.warned();
        s.pandas_options = in.pandas_options;
        s.failed = failed;
        s.failed_cell = failed_cell;
        cache.push_front(std::move(s));
        while (cache.size() > kCacheSize) cache.pop_back();
    }
};

Notebook::Notebook(const KernelLimits& limits) : impl_(new Impl(limits)) { impl_->in.cell_file_placeholder = "/tmp/ipykernel_<pid>/<cell>.py"; }
Notebook::~Notebook() = default;

CellResult Notebook::run(const std::vector<std::string>& cells, std::size_t index,
                         const ProgressFn& progress, const std::vector<std::string>& visuals,
                         const std::string& inspect, const Checks& checks) {
    impl_->inspect = inspect;
    impl_->checks = &checks;  // (for this call only: reset below)
    CellResult r = impl_->run(cells, index, progress, visuals, false);
    // A NameError's "Did you mean" looks at every name the namespace holds, those of the earlier
    // cells this one did not need too: when some were left out, run it again after all of them.
    if (r.status == "error" && impl_->skipped_cells && !r.outputs.empty() && r.outputs.back().value("ename", "") == "NameError") {
        r = impl_->run(cells, index, progress, visuals, true);
    }
    impl_->checks = nullptr;
    return r;
}

std::vector<std::size_t> Notebook::needs(const std::vector<std::string>& cells, std::size_t index) {
    if (index >= cells.size()) return {};
    Interp::Use use(impl_->in);
    impl_->analyse(cells, index);
    const std::set<std::size_t> need = impl_->closure(index);
    return std::vector<std::size_t>(need.begin(), need.end());
}

CellResult Notebook::Impl::run(const std::vector<std::string>& cells, std::size_t index,
                               const ProgressFn& progress, const std::vector<std::string>& visuals, bool all_cells) {
    Impl& m = *this;
    skipped_cells = false;
    Interp& in = m.in;
    Interp::Use use(in);
    CellResult result;
    result.outputs = json::array();
    result.variables = json::array();
    if (index >= cells.size()) {
        result.status = "error";
        return result;
    }
    m.analyse(cells, index);
    ParsedCell& target = m.parsed[index];
    if (target.unsupported) {
        result.status = "unsupported";
        result.outputs.push_back(unsupported_output(*target.unsupported));
        return result;
    }
    if (target.error) {
        const SyntaxErrorInfo& e = *target.error;
        result.status = "error";
        const NotebookSyntaxError shown = notebook_syntax_error(e, cell_name(index), target.source);
        json tb = json::array();
        for (const std::string& line : shown.traceback) tb.push_back(line);
        // "line" counts the cell's own lines (IPython's count starts after leading blank lines)
        result.outputs.push_back({{"output_type", "error"}, {"ename", shown.ename}, {"evalue", shown.evalue}, {"traceback", tb},
                                  {"line", e.line + target.dropped_lines}, {"offset", e.offset},
                                  {"end_line", e.end_line + target.dropped_lines},
                                  {"end_offset", e.end_offset}});
        return result;
    }
    std::set<std::size_t> need = m.closure(index);
    if (all_cells) {
        for (std::size_t j = 0; j < index; ++j) need.insert(j);
    }
    skipped_cells = need.size() < index;
    std::vector<Step> plan;
    for (std::size_t j = 0; j < index; ++j) {
        if (need.count(j)) {
            plan.push_back({j, Mode::full, cells[j]});
        } else if (m.parsed[j].module && !m.parsed[j].effects.imports.empty()) {
            plan.push_back({j, Mode::imports, cells[j]});
        }
    }
    plan.push_back({index, Mode::full, cells[index]});

    // Start from the longest cached state that is a proper prefix of the plan (the cell itself
    // always runs, for its outputs).
    std::size_t matched = 0;
    Snapshot* snap = nullptr;
    for (Snapshot& s : m.cache) {
        if (s.steps.size() < plan.size() && s.steps.size() > matched &&
            std::equal(s.steps.begin(), s.steps.end(), plan.begin())) {
            snap = &s;
            matched = s.steps.size();
        }
    }
    Ref<DictObj> globals = in.new_globals();
    if (snap != nullptr) {
        if (snap->failed) {
            result.status = "not-run";
            result.not_run_because = static_cast<int>(snap->failed_cell);
            return result;
        }
        // The copy failed: forget the cached states named and run every step of the plan from the start.
        auto start_over = [&](auto forget) {
            m.cache.remove_if(forget);
            snap = nullptr;
            globals = Ref<DictObj>();  // not a root: the collector would free it under this reference
            in.collect_garbage(m.roots());
            globals = in.new_globals();
        };
        try {
            copy_namespace(*snap->globals, *globals);
        } catch (NotCopyable&) {
            // A state kept as a run's last (uncopied) that cannot be copied, e.g. a list nested
            // deeper than the copy goes: only that one.
            start_over([target = snap](const Snapshot& s) { return &s == target; });
        } catch (OverCap&) {
            // The cached states hold the memory the copy needs: all of them.
            start_over([](const Snapshot&) { return true; });
        }
    }
    if (snap != nullptr) {
        in.random() = snap->random;
        in.restore_state(snap->modules);
        in.warned() = snap->warned;
        in.pandas_options = snap->pandas_options;
    } else {
        matched = 0;
        in.random().reseed(0);
        in.restore_state({});
        in.warned().clear();
        in.pandas_options = DisplayOptions();
    }
    in.set_progress(progress);
    // A run stopped by a bound (time, memory) or cancelled: no outputs, and its objects freed.
    auto stop = [&](const Stopped& st) {
        m.sink.reset();
        result.status = "stopped";
        result.stopped_en = st.message_en;
        result.stopped_ko = st.message_ko;
        in.set_progress(nullptr);
        globals = Ref<DictObj>();  // not a root: the collector would free it under this reference
        in.collect_garbage(m.roots());
        return result;
    };
    std::vector<Step> done(plan.begin(), plan.begin() + static_cast<std::ptrdiff_t>(matched));
    for (std::size_t s = matched; s < plan.size(); ++s) {
        const Step& step = plan[s];
        ParsedCell& pc = m.parsed[step.cell];
        const bool is_target = step.cell == index && step.mode == Mode::full;
        m.sink.reset();
        m.sink.active = is_target;
        if (!pc.module) {
            result.status = "not-run";
            result.not_run_because = static_cast<int>(step.cell);
            return result;
        }
        bool failed = false;
        // Jupyter's inline backend shows the figures a cell left open when it ends, also when it
        // raised (after the error), and closes them; a cell outside the subset closes them unseen.
        auto show_figures = [&] {
            if (step.mode != Mode::full) return;
            try {
                in.end_of_cell();
            } catch (PyException&) {
            } catch (Unsupported&) {
            }
        };
        try {
            MemoryBudget budget(kCodeMemoryBytes);  // (gone before any handler below runs)
            if (step.mode == Mode::imports) in.exec_imports(pc.module, globals);
            else in.exec_module(pc.module, globals, /*display_last=*/true);
            if (step.mode == Mode::full) in.end_of_cell();
        } catch (PyException& e) {
            failed = true;
            if (is_target) {
                auto* ex = e.exc.as<ExceptionObj>();
                json tb = json::array();
                for (const std::string& line : traceback_lines(in, e.exc)) tb.push_back(line);
                std::string evalue;
                try {
                    evalue = in.str(e.exc);
                } catch (...) {
                }
                m.sink.error({{"output_type", "error"}, {"ename", ex->cls->name}, {"evalue", evalue}, {"traceback", tb}});
                result.status = "error";
            } else {
                result.status = "not-run";
                result.not_run_because = static_cast<int>(step.cell);
            }
            show_figures();
        } catch (Unsupported& u) {
            failed = true;
            m.sink.active = false;
            show_figures();
            m.sink.active = is_target;
            if (is_target) {
                u.line += pc.dropped_lines;
                m.sink.error(unsupported_output(u));
                result.status = "unsupported";
            } else {
                result.status = "not-run";
                result.not_run_because = static_cast<int>(step.cell);
            }
        } catch (Stopped& st) {
            return stop(st);
        } catch (std::bad_alloc&) {
            // Past the budget (or, in the browser, past the wasm memory itself).
            return stop(memory_stop());
        }
        done.push_back(step);
        if (is_target) {
            m.sink.flush();
            result.outputs = m.sink.outputs;
            if (!failed) result.status = "ok";
            // A cell that raised leaves its names as they were when it stopped, as Python does
            // (the ones assigned before the error hold their new values, the others their old
            // ones or nothing): those are listed too. Not after code outside the subset, whose
            // run stops where Python's would go on.
            const bool listed = !failed || result.status == "error";
            if (listed) {
                for (const std::string& name : pc.effects.writes) {
                    // A module the cell changed (pd.options...) is not one of its values.
                    Value* v = globals->find_str(name);
                    if (v != nullptr && v->as<ModuleObj>() == nullptr) result.variables.push_back(variable_entry(in, name, *v));
                }
            }
            if (!failed) {
                for (const std::string& expr : visuals) result.visual_values.push_back(m.evaluate(expr, globals));
            }
            if (listed && !m.inspect.empty()) result.inspected = inspect_entry(in, m.inspect, globals->find_str(m.inspect));
            if (!failed && m.checks != nullptr && !m.checks->calls.empty()) result.check_values = m.run_checks(*m.checks, globals);
        }
        m.remember(done, globals, failed, step.cell, s + 1 == plan.size() || (failed && !is_target));
        if (failed && !is_target) break;
    }
    in.set_progress(nullptr);
    globals = Ref<DictObj>();  // not a root: the collector would free it under this reference
    in.collect_garbage(m.roots());
    return result;
}

}  // namespace tlab
