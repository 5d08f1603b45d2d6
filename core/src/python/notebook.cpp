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
#include <list>
#include <optional>
#include <set>

#include "python/deps.hpp"
#include "python/display.hpp"
#include "python/interp.hpp"
#include "python/parser.hpp"
#include "python/scope.hpp"
#include "python/snapshot.hpp"
#include "python/traceback.hpp"
#include "tlab/python.hpp"

namespace tlab {

std::string unsupported_message(const Unsupported& u);     // kernel.cpp
std::string unsupported_message_ko(const Unsupported& u);  // kernel.cpp

namespace {

using nlohmann::json;

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
            else bundle[mime] = json::parse(text, nullptr, false);
        }
        if (execute_result) {
            outputs.push_back({{"output_type", "execute_result"}, {"data", bundle}, {"metadata", json::object()},
                               {"execution_count", nullptr}});
        } else {
            outputs.push_back({{"output_type", "display_data"}, {"data", bundle}, {"metadata", json::object()}});
        }
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
    std::string code;
    ModulePtr module;
    std::optional<SyntaxErrorInfo> error;
    CellEffects effects;
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
    bool failed = false;      // the last step raised (later dependent cells are not run)
    std::size_t failed_cell = 0;
};

std::string cell_name(std::size_t index) { return "<cell " + std::to_string(index + 1) + ">"; }

json variable_entry(Interp& in, const std::string& name, const Value& v) {
    json e = {{"name", name}, {"type", v.type()->qualified()}};
    std::string repr;
    try {
        repr = in.repr(v);
    } catch (PyException&) {
        repr = "<repr failed>";
    } catch (Unsupported&) {
        repr = "<repr not available in the lab kernel>";
    }
    constexpr std::size_t kMax = 400;
    if (repr.size() > kMax) {
        std::size_t cut = kMax;
        while (cut > 0 && (static_cast<unsigned char>(repr[cut]) & 0xC0) == 0x80) --cut;
        repr = repr.substr(0, cut) + "…";
    }
    e["repr"] = repr;
    try {
        Value shape = in.getattr(v, "shape");
        if (auto* t = shape.as<TupleObj>()) {
            json s = json::array();
            for (const Value& d : t->items) s.push_back(d.as_int());
            e["shape"] = s;
        }
        Value dtype = in.getattr(v, "dtype");
        e["dtype"] = in.str(dtype);
    } catch (PyException&) {
    } catch (Unsupported&) {
    }
    return e;
}

}  // namespace

struct Notebook::Impl {
    Collector sink;
    Interp in{sink};
    std::vector<ParsedCell> parsed;  // by cell index (re-parsed when the code changes)
    std::list<Snapshot> cache;       // most recently used first
    static constexpr std::size_t kCacheSize = 12;

    ParsedCell& parse(std::size_t i, const std::string& code) {
        if (parsed.size() <= i) parsed.resize(i + 1);
        ParsedCell& p = parsed[i];
        if (p.module && p.code == code) return p;
        if (!p.module && p.error && p.code == code) return p;
        p = ParsedCell{code, nullptr, std::nullopt, {}};
        if (code.size() > kMaxSourceBytes) {
            SyntaxErrorInfo e;
            e.type = "UnsupportedInLab";
            e.msg = "the cell is longer than 64 KB";
            p.error = e;
            return p;
        }
        ParseResult r = parse_module(code, cell_name(i));
        if (r.error) {
            p.error = r.error;
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
            std::size_t start = 0;
            for (int n = 1; n < pos.line; ++n) start = code.find('\n', start) + 1;
            const std::size_t end = code.find('\n', start);
            e.text = code.substr(start, end == std::string::npos ? std::string::npos : end - start + 1);
            p.error = e;
            return p;
        }
        p.module = r.module;
        return p;
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

    void remember(const std::vector<Step>& steps, const Ref<DictObj>& globals, bool failed, std::size_t failed_cell) {
        Snapshot s;
        s.steps = steps;
        s.globals = make_dict();
        try {
            copy_namespace(*globals, *s.globals);
        } catch (NotCopyable&) {
            return;
        }
        s.random = in.random();
        s.modules = in.save_state();
        s.warned = in.warned();
        s.failed = failed;
        s.failed_cell = failed_cell;
        cache.push_front(std::move(s));
        while (cache.size() > kCacheSize) cache.pop_back();
    }
};

Notebook::Notebook() : impl_(new Impl()) { impl_->in.cell_file_placeholder = "/tmp/ipykernel_<pid>/<cell>.py"; }
Notebook::~Notebook() = default;

CellResult Notebook::run(const std::vector<std::string>& cells, std::size_t index,
                         const std::function<bool(double)>& progress) {
    Impl& m = *impl_;
    Interp& in = m.in;
    CellResult result;
    result.outputs = json::array();
    result.variables = json::array();
    if (index >= cells.size()) {
        result.status = "error";
        return result;
    }
    for (std::size_t i = 0; i <= index; ++i) m.parse(i, cells[i]);
    // Aliases from every cell, then each cell's effects.
    Aliases aliases;
    for (std::size_t i = 0; i <= index; ++i) {
        if (m.parsed[i].module) aliases = find_aliases(*m.parsed[i].module, aliases);
    }
    for (std::size_t i = 0; i <= index; ++i) {
        if (m.parsed[i].module) m.parsed[i].effects = analyse_cell(*m.parsed[i].module, aliases);
    }
    ParsedCell& target = m.parsed[index];
    if (target.error) {
        const SyntaxErrorInfo& e = *target.error;
        if (e.type == "UnsupportedInLab") {
            result.status = "unsupported";
            result.outputs.push_back({{"output_type", "error"}, {"ename", "UnsupportedInLab"},
                                      {"evalue", e.msg}, {"evalue_ko", "셀이 64 KB 보다 깁니다"},
                                      {"traceback", json::array({"UnsupportedInLab: " + e.msg})}});
            return result;
        }
        result.status = "error";
        json tb = json::array();
        const std::string text = format_syntax_error(e, cell_name(index));
        std::size_t start = 0;
        while (start < text.size()) {
            const std::size_t end = text.find('\n', start);
            tb.push_back(text.substr(start, end - start));
            if (end == std::string::npos) break;
            start = end + 1;
        }
        result.outputs.push_back({{"output_type", "error"}, {"ename", e.type}, {"evalue", e.msg}, {"traceback", tb},
                                  {"line", e.line}, {"offset", e.offset}, {"end_line", e.end_line},
                                  {"end_offset", e.end_offset}});
        return result;
    }
    const std::set<std::size_t> need = m.closure(index);
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
        copy_namespace(*snap->globals, *globals);
        in.random() = snap->random;
        in.restore_state(snap->modules);
        in.warned() = snap->warned;
    } else {
        matched = 0;
        in.random().reseed(0);
        in.restore_state({});
        in.warned().clear();
    }
    if (progress) {
        in.set_progress([&](const RunProgress& p) { return progress(p.done); });
    } else {
        in.set_progress(nullptr);
    }
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
                const std::string en = unsupported_message(u);
                m.sink.error({{"output_type", "error"}, {"ename", "UnsupportedInLab"}, {"evalue", en},
                              {"evalue_ko", unsupported_message_ko(u)}, {"line", u.line},
                              {"traceback", json::array({"UnsupportedInLab: " + en})}});
                result.status = "unsupported";
            } else {
                result.status = "not-run";
                result.not_run_because = static_cast<int>(step.cell);
            }
        } catch (Stopped& st) {
            m.sink.reset();
            result.status = "stopped";
            result.stopped_en = st.message_en;
            result.stopped_ko = st.message_ko;
            in.set_progress(nullptr);
            globals = Ref<DictObj>();  // collect frees what only C++ holds: hold nothing
            in.collect_garbage(m.roots());
            return result;
        }
        done.push_back(step);
        if (is_target) {
            m.sink.flush();
            result.outputs = m.sink.outputs;
            if (!failed) {
                result.status = "ok";
                for (const std::string& name : pc.effects.writes) {
                    if (Value* v = globals->find_str(name)) result.variables.push_back(variable_entry(in, name, *v));
                }
            }
        }
        m.remember(done, globals, failed, step.cell);
        if (failed && !is_target) break;
    }
    in.set_progress(nullptr);
    globals = Ref<DictObj>();  // collect frees what only C++ holds: hold nothing
    in.collect_garbage(m.roots());
    return result;
}

}  // namespace tlab
