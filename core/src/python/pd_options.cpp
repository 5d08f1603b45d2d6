// pd_options.cpp — pandas' options API: pd.set_option, pd.get_option, pd.reset_option and
// pd.options.display.<name>, for the display options the kernel's printing follows
// (tlab::DisplayOptions: max_rows, min_rows, max_columns, width, max_colwidth, precision and the
// two display.unicode ones).
//
// Keys are found as pandas 1.5's _select_options finds them: an exact key, else every registered
// key the pattern matches (re.search, ignoring case), which must be exactly one. Values are
// checked by the option's own validator, with pandas' messages and frames. The other registered
// options, and values pandas takes but the kernel cannot print with (max_rows 0, the terminal's
// height; a width of None...), are refused by name.
#include <algorithm>
#include <cctype>
#include <cstring>

#include "python/builtins_support.hpp"
#include "python/pandas.hpp"
#include "python/strings.hpp"

namespace tlab {

namespace {

// Every option pandas 1.5.3 registers (sorted(pandas._config.config._registered_options)).
constexpr const char* kRegisteredOptions[] = {
    "compute.use_bottleneck", "compute.use_numba", "compute.use_numexpr", "display.chop_threshold",
    "display.colheader_justify", "display.column_space", "display.date_dayfirst", "display.date_yearfirst",
    "display.encoding", "display.expand_frame_repr", "display.float_format", "display.html.border",
    "display.html.table_schema", "display.html.use_mathjax", "display.large_repr", "display.latex.escape",
    "display.latex.longtable", "display.latex.multicolumn", "display.latex.multicolumn_format",
    "display.latex.multirow", "display.latex.repr", "display.max_categories", "display.max_columns",
    "display.max_colwidth", "display.max_dir_items", "display.max_info_columns", "display.max_info_rows",
    "display.max_rows", "display.max_seq_items", "display.memory_usage", "display.min_rows", "display.multi_sparse",
    "display.notebook_repr_html", "display.pprint_nest_depth", "display.precision", "display.show_dimensions",
    "display.unicode.ambiguous_as_wide", "display.unicode.east_asian_width", "display.width", "io.excel.ods.reader",
    "io.excel.ods.writer", "io.excel.xls.reader", "io.excel.xls.writer", "io.excel.xlsb.reader",
    "io.excel.xlsm.reader", "io.excel.xlsm.writer", "io.excel.xlsx.reader", "io.excel.xlsx.writer",
    "io.hdf.default_format", "io.hdf.dropna_table", "io.parquet.engine", "io.sql.engine", "mode.chained_assignment",
    "mode.copy_on_write", "mode.data_manager", "mode.sim_interactive", "mode.string_storage", "mode.use_inf_as_na",
    "mode.use_inf_as_null", "plotting.backend", "plotting.matplotlib.register_converters", "styler.format.decimal",
    "styler.format.escape", "styler.format.formatter", "styler.format.na_rep", "styler.format.precision",
    "styler.format.thousands", "styler.html.mathjax", "styler.latex.environment", "styler.latex.hrules",
    "styler.latex.multicol_align", "styler.latex.multirow_align", "styler.render.encoding",
    "styler.render.max_columns", "styler.render.max_elements", "styler.render.max_rows", "styler.render.repr",
    "styler.sparse.columns", "styler.sparse.index",
};

enum class Opt : std::uint8_t { max_rows, min_rows, max_columns, width, max_colwidth, precision, east_asian_width, ambiguous_as_wide };

struct Known {
    const char* key;
    Opt opt;
};
constexpr Known kKnown[] = {
    {"display.max_rows", Opt::max_rows},
    {"display.min_rows", Opt::min_rows},
    {"display.max_columns", Opt::max_columns},
    {"display.width", Opt::width},
    {"display.max_colwidth", Opt::max_colwidth},
    {"display.precision", Opt::precision},
    {"display.unicode.east_asian_width", Opt::east_asian_width},
    {"display.unicode.ambiguous_as_wide", Opt::ambiguous_as_wide},
};

const Known* known(const std::string& key) {
    for (const Known& k : kKnown) {
        if (key == k.key) return &k;
    }
    return nullptr;
}

constexpr LibFrame kCall{"_config/config.py", 263, "__call__", "return self.__func__(*args, **kwds)", 7, 35};

TypeObj* option_error() {
    static TypeObj* t = [] {
        ImmortalScope immortal;
        auto* ty = new TypeObj("OptionError", "pandas._config.config", types().attribute_error);
        ty->extra_base = types().key_error;
        ty->immortal = true;
        return ty;
    }();
    return t;
}

// re.search(pattern, key, re.I) for the patterns learners write: letters, digits, '_' and '.'
// (any character). Anything else would be a regular expression of its own: refused.
bool pattern_matches(const std::string& pat, const std::string& key) {
    if (pat.size() > key.size()) return false;
    for (std::size_t start = 0; start + pat.size() <= key.size(); ++start) {
        bool ok = true;
        for (std::size_t k = 0; k < pat.size() && ok; ++k) {
            ok = pat[k] == '.' || std::tolower(static_cast<unsigned char>(pat[k])) == std::tolower(static_cast<unsigned char>(key[start + k]));
        }
        if (ok) return true;
    }
    return false;
}

std::string pattern_of(Interp& in, const Value& v, const char* function) {
    auto* s = v.as<StrObj>();
    if (s == nullptr) pd_unsupported(in, std::string(function) + " with a " + v.type_name() + " pattern");
    for (char c : s->s) {
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.')) {
            pd_unsupported(in, std::string(function) + " with a regular expression (" + str_repr(s->s) + ")");
        }
    }
    return s->s;
}

// _select_options.
std::vector<std::string> select_options(const std::string& pat) {
    for (const char* k : kRegisteredOptions) {
        if (pat == k) return {pat};
    }
    std::vector<std::string> out;
    for (const char* k : kRegisteredOptions) {
        if (pat == "all" || pattern_matches(pat, k)) out.emplace_back(k);
    }
    return out;
}

// _get_single_key, called from `caller` (the frame that called it).
std::string single_key(Interp& in, const std::string& pat, const LibFrame& caller) {
    const std::vector<std::string> keys = select_options(pat);
    if (keys.empty()) {
        pd_raise(in, option_error(), {make_str("No such keys(s): " + in.repr(make_str(pat)))},
                 {kCall, caller, {"_config/config.py", 121, "_get_single_key", "raise OptionError(f\"No such keys(s): {repr(pat)}\")", -1, -1}});
    }
    if (keys.size() > 1) {
        pd_raise(in, option_error(), {make_str("Pattern matched multiple keys")},
                 {kCall, caller, {"_config/config.py", 123, "_get_single_key", "raise OptionError(\"Pattern matched multiple keys\")", -1, -1}});
    }
    return keys[0];
}

Value get_value(Interp& in, const std::string& key) {
    const Known* k = known(key);
    if (k == nullptr) pd_unsupported(in, "option '" + key + "'");
    const DisplayOptions& o = in.pandas_options;
    auto number = [](std::int64_t v) { return v == DisplayOptions::kNone ? Value() : Value::integer(v); };
    switch (k->opt) {
        case Opt::max_rows: return number(o.max_rows);
        case Opt::min_rows: return number(o.min_rows);
        case Opt::max_columns:
            if (o.max_columns == DisplayOptions::kLayout) return Value::integer(in.cell_file_placeholder.empty() ? 0 : 20);
            return number(o.max_columns);
        case Opt::width: return number(o.width);
        case Opt::max_colwidth: return number(o.max_colwidth);
        case Opt::precision: return number(o.precision);
        case Opt::east_asian_width: return Value::boolean(o.east_asian_width);
        case Opt::ambiguous_as_wide: return Value::boolean(o.ambiguous_as_wide);
    }
    return Value();
}

constexpr LibFrame kValidatorCall{"_config/config.py", 160, "_set_option", "o.validator(v)", -1, -1};

[[noreturn]] void nonnegative_int_error(Interp& in) {
    pd_raise(in, types().value_error, {make_str("Value must be a nonnegative integer or None")},
             {kCall, kValidatorCall, {"_config/config.py", 885, "is_nonnegative_int", "raise ValueError(msg)", -1, -1}});
}

[[noreturn]] void none_or_int_error(Interp& in) {
    pd_raise(in, types().value_error, {make_str("Value must be an instance of <class 'NoneType'>|<class 'int'>")},
             {kCall, kValidatorCall,
              {"_config/config.py", 839, "inner", "raise ValueError(f\"Value must be an instance of {type_repr}\")", -1, -1}});
}

// _set_option for one key: the validator, then the value (refused where the kernel cannot print
// as pandas would with it).
void set_value(Interp& in, const std::string& key, const Value& v) {
    const Known* k = known(key);
    if (k == nullptr) pd_unsupported(in, "option '" + key + "'");
    const bool is_none = v.is_none();
    const bool is_int = v.kind() == Kind::integer;  // isinstance(v, int): bools too, not np.int64
    const bool is_bool = v.kind() == Kind::boolean;
    auto refuse = [&] { pd_unsupported(in, "option '" + key + "' set to " + in.repr(v)); };
    DisplayOptions& o = in.pandas_options;
    switch (k->opt) {
        case Opt::max_rows:
        case Opt::max_columns:
        case Opt::precision: {
            if (!is_none && !is_int && !is_bool) nonnegative_int_error(in);
            if ((is_int || is_bool) && v.as_int() < 0) nonnegative_int_error(in);
            if (is_bool) refuse();
            if (k->opt == Opt::precision) {
                if (is_none) refuse();  // pandas takes it, then fails formatting floats
                o.precision = v.as_int();
            } else if (k->opt == Opt::max_rows) {
                if (!is_none && v.as_int() == 0) refuse();  // the terminal's height
                o.max_rows = is_none ? DisplayOptions::kNone : v.as_int();
            } else {
                // 0 fits the frame to the terminal: a script's default; a kernel's terminal is unknown.
                if (!is_none && v.as_int() == 0 && !in.cell_file_placeholder.empty()) refuse();
                o.max_columns = is_none ? DisplayOptions::kNone : v.as_int();
            }
            return;
        }
        case Opt::min_rows:
        case Opt::width:
        case Opt::max_colwidth: {
            if (!is_none && !is_int && !is_bool) none_or_int_error(in);
            if (is_bool || (is_int && v.as_int() < 0)) refuse();
            if (k->opt == Opt::min_rows) {
                o.min_rows = is_none ? DisplayOptions::kNone : v.as_int();
            } else if (k->opt == Opt::width) {
                if (is_none || v.as_int() < 8) refuse();  // None: no line width at all in a script
                o.width = v.as_int();
            } else {
                o.max_colwidth = is_none ? DisplayOptions::kNone : v.as_int();
            }
            return;
        }
        case Opt::east_asian_width:
        case Opt::ambiguous_as_wide:
            if (!is_bool) {
                pd_raise(in, types().value_error, {make_str("Value must have type '<class 'bool'>'")},
                         {kCall, kValidatorCall,
                          {"_config/config.py", 813, "inner", "raise ValueError(f\"Value must have type '{_type}'\")", -1, -1}});
            }
            (k->opt == Opt::east_asian_width ? o.east_asian_width : o.ambiguous_as_wide) = v.as_bool();
            return;
    }
}

void reset_value(const std::string& key, DisplayOptions& o) {
    const Known* k = known(key);
    if (k == nullptr) return;  // never changed: the kernel refuses setting it
    const DisplayOptions d;
    switch (k->opt) {
        case Opt::max_rows: o.max_rows = d.max_rows; break;
        case Opt::min_rows: o.min_rows = d.min_rows; break;
        case Opt::max_columns: o.max_columns = d.max_columns; break;
        case Opt::width: o.width = d.width; break;
        case Opt::max_colwidth: o.max_colwidth = d.max_colwidth; break;
        case Opt::precision: o.precision = d.precision; break;
        case Opt::east_asian_width: o.east_asian_width = d.east_asian_width; break;
        case Opt::ambiguous_as_wide: o.ambiguous_as_wide = d.ambiguous_as_wide; break;
    }
}

Value f_set_option(Interp& in, Args& a) {
    if (a.size() == 0 || a.size() % 2 != 0) {
        pd_raise(in, types().value_error, {make_str("Must provide an even number of non-keyword arguments")},
                 {kCall, {"_config/config.py", 146, "_set_option", "raise ValueError(\"Must provide an even number of non-keyword arguments\")", -1, -1}});
    }
    for (const auto& [name, value] : a.keywords()) {
        if (name == "silent") pd_unsupported(in, "set_option(silent=...)");
        pd_raise(in, types().type_error, {make_str("_set_option() got an unexpected keyword argument \"" + name + "\"")},
                 {kCall, {"_config/config.py", 153, "_set_option", "raise TypeError(f'_set_option() got an unexpected keyword argument \"{kwarg}\"')", -1, -1}});
    }
    for (std::size_t k = 0; k < a.size(); k += 2) {
        const std::string key = single_key(in, pattern_of(in, a[k], "set_option"),
                                           {"_config/config.py", 156, "_set_option", "key = _get_single_key(k, silent)", 6, 32});
        set_value(in, key, a[k + 1]);
    }
    return Value();
}

Value f_get_option(Interp& in, Args& a) {
    ArgParser p(in, a, "get_option", {"pat", "silent=False"});
    if (p.given(1)) pd_unsupported(in, "get_option(silent=...)");
    const std::string key = single_key(in, pattern_of(in, p.get(0), "get_option"),
                                       {"_config/config.py", 135, "_get_option", "key = _get_single_key(pat, silent)", 6, 34});
    return get_value(in, key);
}

Value f_reset_option(Interp& in, Args& a) {
    ArgParser p(in, a, "reset_option", {"pat", "silent=False"});
    if (p.given(1)) pd_unsupported(in, "reset_option(silent=...)");
    const std::string pat = pattern_of(in, p.get(0), "reset_option");
    const std::vector<std::string> keys = select_options(pat);
    if (keys.empty()) {
        pd_raise(in, option_error(), {make_str("No such keys(s)")},
                 {kCall, {"_config/config.py", 193, "_reset_option", "raise OptionError(\"No such keys(s)\")", -1, -1}});
    }
    if (keys.size() > 1 && pat.size() < 4 && pat != "all") {
        pd_raise(in, types().value_error,
                 {make_str("You must specify at least 4 characters when resetting multiple keys, use the special keyword "
                           "\"all\" to reset all the options to their default value")},
                 {kCall, {"_config/config.py", 196, "_reset_option", "raise ValueError(", -1, -1}});
    }
    // Resetting goes through _set_option: a deprecated key, or display.column_space's callback,
    // warns on the way.
    static const std::pair<const char*, const char*> kWarns[] = {
        {"display.column_space", "column_space is deprecated and will be removed in a future version. Use df.to_string(col_space=...) instead."},
        {"io.excel.xls.writer", "As the xlwt package is no longer maintained, the xlwt engine will be removed in a future version of pandas. "
                                "This is the only engine in pandas that supports writing in the xls format. Install openpyxl and write to an "
                                "xlsx file instead."},
        {"mode.use_inf_as_null", "\n: boolean\n    use_inf_as_null had been deprecated and will be removed in a future\n    version. "
                                 "Use `use_inf_as_na` instead.\n"},
    };
    for (const std::string& k : keys) {
        for (const auto& [key, message] : kWarns) {
            if (k == key) in.warn(future_warning(), message);
        }
        reset_value(k, in.pandas_options);
    }
    return Value();
}

// ---- pd.options: pandas' DictWrapper over the nested option dicts

TypeObj* dict_wrapper_type();

Value make_wrapper(const std::string& prefix) {
    Ref<InstanceObj> w(make<InstanceObj>(dict_wrapper_type()));
    w->attrs->set_str("prefix", make_str(prefix));
    return w;
}

std::string prefix_of(const Value& self) { return self.as<InstanceObj>()->attrs->find_str("prefix")->as<StrObj>()->s; }

// What `path` names in the option tree: a key, a subtree (a prefix of keys), or nothing.
enum class Node : std::uint8_t { none, leaf, tree };
Node node_of(const std::string& path) {
    for (const char* k : kRegisteredOptions) {
        if (path == k) return Node::leaf;
        if (std::strncmp(k, path.c_str(), path.size()) == 0 && k[path.size()] == '.') return Node::tree;
    }
    return Node::none;
}

bool wrapper_getattr(Interp& in, const Value& self, const std::string& name, Value& out) {
    std::string prefix = prefix_of(self);
    const std::string path = prefix.empty() ? name : prefix + "." + name;
    switch (node_of(path)) {
        case Node::tree: out = make_wrapper(path); return true;
        case Node::leaf: out = get_value(in, path); return true;
        case Node::none: break;
    }
    if (name.rfind("__", 0) == 0) return false;
    pd_unsupported(in, "pd.options." + path + " (no such option)");
}

bool wrapper_setattr(Interp& in, const Value& self, const std::string& name, const Value& v) {
    const std::string prefix = prefix_of(self);
    const std::string path = prefix.empty() ? name : prefix + "." + name;
    if (node_of(path) != Node::leaf) {
        pd_raise(in, option_error(), {make_str("You can only set the value of existing options")},
                 {{"_config/config.py", 228, "__setattr__", "raise OptionError(\"You can only set the value of existing options\")", -1, -1}});
    }
    set_value(in, path, v);
    return true;
}

TypeObj* dict_wrapper_type() {
    static TypeObj* t = [] {
        ImmortalScope immortal;
        auto* ty = new TypeObj("DictWrapper", "pandas._config.config", types().object);
        ty->immortal = true;
        static TypeOps ops{};
        ops.getattr = wrapper_getattr;
        ops.setattr = wrapper_setattr;
        ty->ops = &ops;
        return ty;
    }();
    return t;
}

}  // namespace

void install_pandas_options(ModuleObj& m) {
    static Value set_option, get_option, reset_option, options;
    if (options.is_none()) {
        ImmortalScope immortal;
        set_option = native_function("set_option", f_set_option, "pandas");
        get_option = native_function("get_option", f_get_option, "pandas");
        reset_option = native_function("reset_option", f_reset_option, "pandas");
        options = make_wrapper("");
    }
    m.dict->set_str("set_option", set_option);
    m.dict->set_str("get_option", get_option);
    m.dict->set_str("reset_option", reset_option);
    m.dict->set_str("options", options);
}

}  // namespace tlab
