// pyplot.cpp — matplotlib and matplotlib.pyplot as the kernel provides them (matplotlib 3.6.3):
// figures, subplots and the Axes methods the course uses, pyplot's state machine (current
// figure and axes, open figures shown at the end of a notebook cell as Jupyter's inline backend
// does), rcParams, and the reprs matplotlib and Jupyter print.
//
//   fig, ax = plt.subplots(figsize=(7, 3.2))
//   ax.bar(x - 0.2, before, width=0.4, label="before")   # <BarContainer object of 8 artists>
//   ax.set_title("d_k = 64")                              # Text(0.5, 1.0, 'd_k = 64')
//   plt.show()     # in a notebook: display_data {text/plain: <Figure size 700x320 with 1 Axes>,
//                  #   figure JSON, chart JSON}
//
// Limits and ticks are matplotlib's own arithmetic (lazy autoscaling here, the locator and
// formatter in mpl_ticker.cpp, the axes' place in mpl_layout.cpp). What the kernel cannot know
// exactly is refused as outside the subset rather than guessed: artists the figure JSON cannot
// describe (scatter, annotate), log scales, and automatic ticks whose count depends on the text
// sizes tight_layout measured.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "python/builtins_support.hpp"
#include "python/mpl.hpp"
#include "python/numbers.hpp"
#include "python/np_frames.hpp"
#include "python/numpy.hpp"
#include "python/snapshot.hpp"
#include "python/strings.hpp"

namespace tlab {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

[[noreturn]] void unsupported(Interp& in, const std::string& en, const std::string& ko) { in.unsupported(en, ko); }
[[noreturn]] void not_in_lab(Interp& in, const std::string& what) {
    in.unsupported("matplotlib's " + what, "matplotlib 의 " + what);
}
[[noreturn]] void not_in_lab(Interp& in, const std::string& what, const std::string& what_ko) {
    in.unsupported("matplotlib's " + what, "matplotlib 의 " + what_ko);
}

std::string g(double v) { return fmt::format(FMT_COMPILE("{:g}"), v); }

std::size_t code_points(const std::string& s) {
    std::size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

// ---------------------------------------------------------------------------------------------
// rcParams: the settings the kernel knows, with matplotlib's defaults and validators.

struct RcKey {
    const char* key;
    char kind;  // f float, b bool, p pair of floats, l list of str, c colour, z font size, s str, i int,
                // L linestyle, M marker
    const char* dflt;
};

const RcKey kRc[] = {
    {"figure.figsize", 'p', "6.4,4.8"}, {"figure.dpi", 'f', "100"}, {"figure.autolayout", 'b', "0"},
    {"figure.facecolor", 'c', "white"}, {"figure.titlesize", 'z', "large"}, {"lines.linewidth", 'f', "1.5"},
    {"lines.linestyle", 'L', "-"}, {"lines.marker", 'M', "None"}, {"lines.markersize", 'f', "6"},
    {"lines.color", 'c', "C0"}, {"image.cmap", 's', "viridis"}, {"axes.unicode_minus", 'b', "1"},
    {"axes.grid", 'b', "0"}, {"axes.titlesize", 'z', "large"}, {"axes.labelsize", 'z', "medium"},
    {"axes.titleweight", 's', "normal"}, {"axes.labelweight", 's', "normal"}, {"axes.facecolor", 'c', "white"},
    {"axes.edgecolor", 'c', "black"}, {"axes.spines.top", 'b', "1"}, {"axes.spines.right", 'b', "1"},
    {"axes.spines.left", 'b', "1"}, {"axes.spines.bottom", 'b', "1"}, {"font.size", 'f', "10"},
    {"font.family", 'l', "sans-serif"}, {"font.weight", 's', "normal"}, {"xtick.labelsize", 'z', "medium"},
    {"ytick.labelsize", 'z', "medium"}, {"legend.fontsize", 'z', "medium"}, {"legend.loc", 's', "best"},
    {"legend.frameon", 'b', "1"}, {"text.color", 'c', "black"}, {"hist.bins", 'i', "10"},
    {"savefig.dpi", 's', "figure"}, {"grid.alpha", 'f', "1"}, {"grid.linestyle", 'L', "-"},
    {"grid.color", 'c', "#b0b0b0"}, {"grid.linewidth", 'f', "0.8"},
};
constexpr std::size_t kRcCount = sizeof(kRc) / sizeof(kRc[0]);

// One setting's value: a number, a flag, a string (or a font size name), a pair, or a list.
struct RcVal {
    double a = 0, b = 0;
    bool is_str = false;
    std::string s;
    std::vector<std::string> list;
};
using RcTable = std::vector<RcVal>;

RcVal rc_default(const RcKey& k) {
    RcVal v;
    const std::string d = k.dflt;
    switch (k.kind) {
        case 'f': case 'i': v.a = std::stod(d); break;
        case 'b': v.a = d == "1"; break;
        case 'p': v.a = 6.4, v.b = 4.8; break;
        case 'l': v.list = {d}; break;
        default: v.is_str = true, v.s = d; break;
    }
    return v;
}

RcTable rc_defaults() {
    RcTable t;
    for (const RcKey& k : kRc) t.push_back(rc_default(k));
    return t;
}

std::size_t rc_index(Interp& in, const std::string& key, bool for_set) {
    for (std::size_t k = 0; k < kRcCount; ++k) {
        if (key == kRc[k].key) return k;
    }
    (void)for_set;
    unsupported(in, "the matplotlib setting rcParams[" + str_repr(key) + "] (the kernel knows figure.figsize, figure.dpi, lines.*, font.size, axes.unicode_minus and a few more)",
                "matplotlib 설정 rcParams[" + str_repr(key) + "]");
}

// ---------------------------------------------------------------------------------------------
// Types

struct MplTypes {
    TypeObj* t[static_cast<int>(Mpl::state) + 2];  // + plain Axes (not a subplot)
};

const TypeOps& mpl_ops(bool own_repr);

const MplTypes& mpl_types() {
    static const MplTypes types_ = [] {
        ImmortalScope immortal;
        MplTypes m{};
        static const char* const names[][2] = {
            {"Figure", "matplotlib.figure"},        {"AxesSubplot", "matplotlib.axes._subplots"},
            {"Text", "matplotlib.text"},            {"Line2D", "matplotlib.lines"},
            {"Rectangle", "matplotlib.patches"},    {"BarContainer", "matplotlib.container"},
            {"AxesImage", "matplotlib.image"},      {"Legend", "matplotlib.legend"},
            {"Colorbar", "matplotlib.colorbar"},    {"XTick", "matplotlib.axis"},
            {"YTick", "matplotlib.axis"},           {"PathCollection", "matplotlib.collections"},
            {"Annotation", "matplotlib.text"},      {"Colormap", "matplotlib.colors"},
            {"ndarray", "numpy"},                   {"RcParams", "matplotlib"},
            {"_PyplotState", "matplotlib"},         {"Axes", "matplotlib.axes._axes"},
        };
        for (int k = 0; k < static_cast<int>(Mpl::state) + 2; ++k) {
            auto* ty = new TypeObj(names[k][0], names[k][1], types().object);
            ty->immortal = true;
            const auto kind = static_cast<Mpl>(k);
            ty->ops = &mpl_ops(!(kind == Mpl::line || kind == Mpl::rect || kind == Mpl::image || kind == Mpl::legend ||
                                 kind == Mpl::colorbar || kind == Mpl::xtick || kind == Mpl::ytick ||
                                 kind == Mpl::collection || kind == Mpl::state));
            m.t[k] = ty;
        }
        return m;
    }();
    return types_;
}

}  // namespace

TypeObj* MplObj::type() const {
    if (kind == Mpl::axes && index < 0) return mpl_types().t[static_cast<int>(Mpl::state) + 1];
    return mpl_types().t[static_cast<int>(kind)];
}

void MplObj::trace(Tracer& t) const {
    const_cast<MplObj*>(this)->each_value([&](Value& v) { t.visit(v); });
}

void MplObj::clear() {
    each_value([](Value& v) { v = Value(); });
    items.clear();
    containers.clear();
    for (AxisInfo& a : axis) a.ticks.clear();
}

Ref<MplObj> make_mpl(Mpl kind) { return Ref<MplObj>(make<MplObj>(kind)); }

MplObj* as_mpl(const Value& v, Mpl kind) {
    auto* m = v.as<MplObj>();
    return m != nullptr && m->kind == kind ? m : nullptr;
}

namespace {

// ---------------------------------------------------------------------------------------------
// Arguments as a Python function of matplotlib binds them, with CPython's messages.

class PyArgs {
public:
    // `spec`: parameter names in order ("self" first for methods); "*" starts the keyword-only
    // ones; "**" at the end keeps other keywords in `extra` (else they are a TypeError).
    PyArgs(Interp& in, Args& a, std::string qualname, std::initializer_list<const char*> spec,
           std::size_t required)
        : in_(in), name_(std::move(qualname)) {
        std::size_t n_pos = 0;
        bool kwonly = false, kwargs = false;
        for (const char* s : spec) {
            const std::string p = s;
            if (p == "*") kwonly = true;
            else if (p == "**") kwargs = true;
            else {
                names_.push_back(p);
                if (!kwonly) ++n_pos;
            }
        }
        values_.resize(names_.size());
        given_.assign(names_.size(), false);
        const auto& pos = a.positional();
        if (pos.size() > n_pos) {
            const std::string takes = required == n_pos ? std::to_string(n_pos)
                                                        : "from " + std::to_string(required) + " to " + std::to_string(n_pos);
            in.raise(types().type_error, name_ + "() takes " + takes + " positional argument" + (n_pos == 1 && required == n_pos ? "" : "s") +
                                             " but " + std::to_string(pos.size()) + (pos.size() == 1 ? " was" : " were") + " given");
        }
        for (std::size_t i = 0; i < pos.size(); ++i) values_[i] = pos[i], given_[i] = true;
        for (auto& [key, value] : a.keywords()) {
            std::size_t k = 0;
            while (k < names_.size() && names_[k] != key) ++k;
            if (k == names_.size()) {
                if (!kwargs) in.raise(types().type_error, name_ + "() got an unexpected keyword argument '" + key + "'");
                extra.emplace_back(key, value);
                continue;
            }
            if (given_[k]) in.raise(types().type_error, name_ + "() got multiple values for argument '" + key + "'");
            values_[k] = value;
            given_[k] = true;
        }
        std::vector<std::string> missing;
        for (std::size_t k = 0; k < required; ++k) {
            if (!given_[k]) missing.push_back("'" + names_[k] + "'");
        }
        if (!missing.empty()) {
            std::string list;
            for (std::size_t k = 0; k < missing.size(); ++k) {
                if (k) list += missing.size() == 2 ? " and " : (k + 1 == missing.size() ? ", and " : ", ");
                list += missing[k];
            }
            in.raise(types().type_error, name_ + "() missing " + std::to_string(missing.size()) + " required positional argument" +
                                             (missing.size() == 1 ? "" : "s") + ": " + list);
        }
    }
    const Value& operator[](std::size_t i) const { return values_[i]; }
    bool given(std::size_t i) const { return given_[i] && !values_[i].is_none(); }
    bool passed(std::size_t i) const { return given_[i]; }
    // Removes keyword `key` (or its alias) from `extra`: true when it was there.
    bool take(const char* key, Value& out, const char* alias = nullptr) {
        bool found = false;
        for (auto it = extra.begin(); it != extra.end();) {
            if (it->first == key || (alias != nullptr && it->first == alias)) {
                if (found) {
                    in_.raise(types().type_error, "Got both '" + std::string(alias ? alias : key) + "' and '" + key +
                                                      "', which are aliases of one another");
                }
                out = it->second;
                found = true;
                it = extra.erase(it);
            } else {
                ++it;
            }
        }
        return found;
    }
    // Keywords left over that only change how things look (fonts, rotation, ...) are accepted;
    // any other one is outside what the kernel models.
    void finish() {
        static const char* const cosmetic[] = {
            "fontsize", "size", "fontweight", "weight", "fontfamily", "family", "fontstyle", "style",
            "rotation", "pad", "labelpad", "loc", "alpha", "zorder", "edgecolor", "ec", "linewidth", "lw",
            "markersize", "ms", "markeredgecolor", "mec", "markerfacecolor", "mfc", "markeredgewidth",
            "mew", "frameon", "ncol", "ncols", "title", "title_fontsize", "bbox_to_anchor", "framealpha",
            "shadow", "fancybox", "borderaxespad", "interpolation", "aspect", "shrink", "fraction",
            "aspect", "anchor", "format", "extend", "wrap", "bbox", "fontdict", "clip_on", "visible",
            "antialiased", "aa", "capstyle", "joinstyle", "solid_capstyle", "dash_capstyle", "hatch",
            "fill", "which", "axis", "y_pad", "verticalalignment_baseline", "constrained_layout",
            "facecolor", "tight_layout", "squeeze", "sharex", "sharey", "handlelength", "markerscale",
            "columnspacing", "labelspacing", "handletextpad", "borderpad", "prop", "edgecolors",
            "linewidths", "s", "marker", "cmap", "vmin", "vmax", "norm", "filternorm", "resample",
            "usetex", "multialignment", "ma", "linespacing", "rotation_mode", "fontstretch", "stretch",
            "fontvariant", "variant", "picker", "rasterized", "snap", "gid", "url", "in_layout",
            "agg_filter", "path_effects", "sketch_params", "drawstyle", "ds", "fillstyle", "error_kw",
            "ecolor", "capsize", "log", "ha", "va", "color", "c",
        };
        for (const auto& [key, value] : extra) {
            bool ok = false;
            for (const char* c : cosmetic) ok |= key == c;
            if (!ok || key == "color" || key == "c" || key == "ha" || key == "va" || key == "marker" ||
                key == "cmap" || key == "vmin" || key == "vmax" || key == "norm" || key == "s" ||
                key == "log" || key == "drawstyle" || key == "ds") {
                in_.unsupported(name_ + "(" + key + "=...) in matplotlib (not modelled by the lab kernel, or misspelt)",
                                "matplotlib 의 " + name_ + "(" + key + "=...) (실습 커널이 다루지 않거나 철자가 틀렸습니다)");
            }
        }
    }
    std::vector<std::pair<std::string, Value>> extra;

private:
    Interp& in_;
    std::string name_;
    std::vector<std::string> names_;
    std::vector<Value> values_;
    std::vector<bool> given_;
};

std::string str_arg(Interp& in, const Value& v) { return in.str(v); }

double float_arg(Interp& in, const Value& v, const char* what) {
    double x;
    if (!in.to_float(v, x)) {
        in.raise(types().type_error, std::string(what) + " must be a real number, not " + v.type_name());
    }
    return x;
}

// ---------------------------------------------------------------------------------------------
// Module state: the open figures (pyplot's Gcf) and rcParams.

struct State {
    MplObj* obj;     // kind state: items = open figures, the active one last
    RcTable* rc;
};

struct StateHolder : MplObj {
    StateHolder() : MplObj(Mpl::state), rc(rc_defaults()) {}
    RcTable rc;
};

State state(Interp& in) {
    Ref<ModuleObj> m = in.try_import("matplotlib");
    Value* v = m->dict->find_str("__tlab_state__");
    auto* s = static_cast<StateHolder*>(v->as<MplObj>());
    return State{s, &s->rc};
}

const RcVal& rc(Interp& in, const char* key) { return (*state(in).rc)[rc_index(in, key, false)]; }

// ---------------------------------------------------------------------------------------------
// Building figures and axes

Ref<MplObj> new_text(const Value& x, const Value& y, std::string s) {
    Ref<MplObj> t = make_mpl(Mpl::text);
    t->x = x;
    t->y = y;
    t->text = std::move(s);
    t->color = Rgba{0, 0, 0, 1};
    return t;
}

Ref<MplObj> add_axes(Interp& in, MplObj& fig, int rows, int cols, int index, const double* rect = nullptr) {
    Ref<MplObj> ax = make_mpl(Mpl::axes);
    ax->parent = Value(static_cast<Object*>(&fig));
    ax->rows = rows, ax->cols = cols, ax->index = index;
    if (rect != nullptr) std::copy(rect, rect + 4, ax->box);
    ax->title = new_text(Value::floating(0.5), Value::floating(1.0), "");
    ax->xlabel = new_text(Value::floating(0.5), Value::integer(0), "");
    ax->ylabel = new_text(Value::integer(0), Value::floating(0.5), "");
    fig.items.push_back(ax);
    fig.x = ax;  // the figure's current axes
    (void)in;
    return ax;
}

void activate(Interp& in, MplObj& fig) {
    std::vector<Value>& open = state(in).obj->items;
    for (auto it = open.begin(); it != open.end(); ++it) {
        if (it->obj() == &fig) {
            Value keep = *it;
            open.erase(it);
            open.push_back(keep);
            return;
        }
    }
}

Ref<MplObj> new_figure(Interp& in, const Value& figsize, const Value& dpi) {
    State s = state(in);
    Ref<MplObj> fig = make_mpl(Mpl::figure);
    const RcVal& size = (*s.rc)[0];
    fig->box[0] = size.a, fig->box[1] = size.b, fig->box[2] = (*s.rc)[1].a;
    if (!figsize.is_none()) {
        std::vector<Value> wh = in.to_list(figsize);
        if (wh.size() != 2) in.raise(types().value_error, "not enough values to unpack (expected 2, got " + std::to_string(wh.size()) + ")");
        fig->box[0] = float_arg(in, wh[0], "figsize"), fig->box[1] = float_arg(in, wh[1], "figsize");
        if (!(std::isfinite(fig->box[0]) && std::isfinite(fig->box[1])) || fig->box[0] < 0 || fig->box[1] < 0) {
            in.raise(types().value_error, "figure size must be positive finite not (" + g(fig->box[0]) + ", " + g(fig->box[1]) + ")");
        }
    }
    if (!dpi.is_none()) fig->box[2] = float_arg(in, dpi, "dpi");
    if ((*s.rc)[2].a != 0) not_in_lab(in, "figure.autolayout (a layout made when the figure is drawn; call plt.tight_layout())");
    int number = 1;
    for (const Value& f : s.obj->items) number = std::max(number, f.as<MplObj>()->number + 1);
    fig->number = number;
    fig->title = Value();
    s.obj->items.push_back(fig);
    return fig;
}

MplObj* gcf(Interp& in) {
    State s = state(in);
    if (s.obj->items.empty()) new_figure(in, Value(), Value());
    return s.obj->items.back().as<MplObj>();
}

MplObj* gca(Interp& in) {
    MplObj* fig = gcf(in);
    if (auto* ax = fig->x.as<MplObj>()) return ax;
    return add_axes(in, *fig, 1, 1, 0).get();
}

MplObj& self_of(Interp& in, Args& a, Mpl kind) {
    if (a.size() == 0) in.raise(types().type_error, "descriptor needs an argument");
    MplObj* m = as_mpl(a[0], kind);
    if (m == nullptr) in.raise(types().type_error, "descriptor requires a matplotlib object");
    return *m;
}

MplObj& figure_of(const MplObj& ax) { return *ax.parent.as<MplObj>(); }

// ---------------------------------------------------------------------------------------------
// Data

bool all_strings(const Value& v, std::vector<std::string>& out) {
    const std::vector<Value>* items = nullptr;
    if (auto* l = v.as<ListObj>()) items = &l->items;
    else if (auto* t = v.as<TupleObj>()) items = &t->items;
    if (items == nullptr || items->empty()) return false;
    for (const Value& x : *items) {
        auto* s = x.as<StrObj>();
        if (s == nullptr) return false;
        out.push_back(s->s);
    }
    return true;
}

// Data for an axis as floats: numbers as np.asarray gives them, or strings as category codes
// (the axis becomes categorical: codes in order of first appearance).
Ref<ArrayObj> axis_data(Interp& in, MplObj& ax, int which, const Value& v) {
    std::vector<std::string> strs;
    AxisInfo& a = ax.axis[which];
    if (auto* s = v.as<StrObj>()) strs.push_back(s->s);
    if (!strs.empty() || all_strings(v, strs)) {
        Ref<ArrayObj> out = ArrayObj::empty(DType::float64, {static_cast<std::int64_t>(strs.size())});
        for (std::size_t k = 0; k < strs.size(); ++k) {
            auto it = std::find(a.categories.begin(), a.categories.end(), strs[k]);
            if (it == a.categories.end()) {
                a.categories.push_back(strs[k]);
                it = a.categories.end() - 1;
            }
            out->storage->f()[k] = static_cast<double>(it - a.categories.begin());
        }
        return out;
    }
    if (!a.categories.empty()) not_in_lab(in, "numbers on a categorical axis");
    Ref<ArrayObj> arr = to_array(in, v);
    stored(in, arr);
    return arr;
}

// ---------------------------------------------------------------------------------------------
// Data limits and autoscaling, as _AxesBase does them: artists grow dataLim as they are added and
// ask for autoscaling, which happens lazily the next time the view limits are read.

// Bbox.update_from_path through update_path_extents: the points whose x and y are both finite
// (PathNanRemover), on top of the current limits unless the axes ignores them (nothing added yet).
void update_datalim(MplObj& ax, const std::vector<double>& xs, const std::vector<double>& ys, bool updatex, bool updatey) {
    if (xs.empty()) return;
    double e[2][2];
    for (int k = 0; k < 2; ++k) {
        e[k][0] = ax.ignore_data ? kInf : ax.axis[k].data[0];
        e[k][1] = ax.ignore_data ? -kInf : ax.axis[k].data[1];
    }
    for (std::size_t i = 0; i < xs.size(); ++i) {
        if (!(std::isfinite(xs[i]) && std::isfinite(ys[i]))) continue;
        e[0][0] = std::min(e[0][0], xs[i]), e[0][1] = std::max(e[0][1], xs[i]);
        e[1][0] = std::min(e[1][0], ys[i]), e[1][1] = std::max(e[1][1], ys[i]);
    }
    const bool update[2] = {updatex, updatey};
    for (int k = 0; k < 2; ++k) {
        if (update[k]) ax.axis[k].data[0] = e[k][0], ax.axis[k].data[1] = e[k][1];
    }
    ax.ignore_data = false;
}

// Axes.update_datalim: nothing when no coordinate is finite.
void update_datalim_xy(MplObj& ax, const std::vector<double>& xs, const std::vector<double>& ys) {
    bool any = false;
    for (std::size_t i = 0; i < xs.size(); ++i) any = any || std::isfinite(xs[i]) || std::isfinite(ys[i]);
    if (any) update_datalim(ax, xs, ys, true, true);
}

void request_autoscale(MplObj& ax, int which) {
    for (int k = 0; k < 2; ++k) {
        if (which < 0 || which == k) ax.axis[k].stale = true;
    }
}

// The axis' major locator: a FixedLocator (set_xticks), StrCategoryLocator, or AutoLocator.
bool auto_locator(const AxisInfo& a) { return !a.ticks_set && a.categories.empty(); }

// Axis._set_lim after validation: the locator's nonsingular limits, the order kept.
std::pair<double, double> set_view(Interp& in, MplObj& ax, int which, double v0, double v1, int auto_on, bool warn) {
    AxisInfo& a = ax.axis[which];
    if (warn && v0 == v1) {
        in.warn(types().user_warning, std::string("Attempting to set identical low and high ") + (which == 0 ? "x" : "y") +
                                          "lims makes transformation singular; automatically expanding.");
    }
    const bool reverse = v0 > v1;
    std::tie(v0, v1) = mpl_nonsingular(v0, v1, 0.05);
    if (reverse) std::swap(v0, v1);
    a.view[0] = v0, a.view[1] = v1;
    a.stale = false;
    if (auto_on >= 0) a.autoscale = auto_on != 0;
    return {v0, v1};
}

void autoscale_view(Interp& in, MplObj& ax, bool scale[2]) {
    for (int k = 0; k < 2; ++k) {
        AxisInfo& a = ax.axis[k];
        if (!(scale[k] && a.autoscale)) continue;
        std::vector<double> stickies;
        if (a.margin != 0) {
            for (const Value& v : ax.items) {
                const std::vector<double>& st = v.as<MplObj>()->sticky[k];
                stickies.insert(stickies.end(), st.begin(), st.end());
            }
            std::sort(stickies.begin(), stickies.end());
        }
        double x0, x1;
        std::vector<double> values;
        for (double v : a.data) {
            if (std::isfinite(v)) values.push_back(v);
        }
        if (!values.empty()) {
            x0 = *std::min_element(values.begin(), values.end());
            x1 = *std::max_element(values.begin(), values.end());
        } else if (a.view[0] != 0 || a.view[1] != 1) {
            continue;  // no data, but limits were set (viewLim mutated)
        } else {
            x0 = -kInf, x1 = kInf;
        }
        std::tie(x0, x1) = mpl_nonsingular(x0, x1, 0.05);
        const double tol = 1e-5 * std::max({std::fabs(x0), std::fabs(x1), std::fabs(x1 - x0)});
        // the largest sticky edge below x0 + tol, the smallest above x1 - tol
        const auto i0 = std::lower_bound(stickies.begin(), stickies.end(), x0 + tol) - stickies.begin() - 1;
        const auto i1 = std::lower_bound(stickies.begin(), stickies.end(), x1 - tol) - stickies.begin();
        double delta = (x1 - x0) * a.margin;
        if (!std::isfinite(delta)) delta = 0;
        x0 = x0 - delta, x1 = x1 + delta;
        if (i0 != -1) x0 = std::max(x0, stickies[static_cast<std::size_t>(i0)]);
        if (i1 != static_cast<std::ptrdiff_t>(stickies.size())) x1 = std::min(x1, stickies[static_cast<std::size_t>(i1)]);
        if (!ax.tight) {
            // locator.view_limits: MaxNLocator's, or Locator's for fixed and category ticks
            std::tie(x0, x1) = auto_locator(a) ? mpl_nonsingular(x0, x1, 1e-12, 1e-13) : mpl_nonsingular(x0, x1);
        }
        // set_xbound: the order of the current view kept
        const bool inverted = a.view[1] < a.view[0];
        double lo = std::min(x0, x1), hi = std::max(x0, x1);
        if (inverted) std::swap(lo, hi);
        set_view(in, ax, k, lo, hi, -1, true);
    }
}

}  // namespace

std::pair<double, double> view_interval(Interp& in, MplObj& ax, int which) {
    bool scale[2] = {ax.axis[0].stale, ax.axis[1].stale};
    if (scale[0] || scale[1]) {
        ax.axis[0].stale = ax.axis[1].stale = false;
        autoscale_view(in, ax, scale);
    }
    return {ax.axis[which].view[0], ax.axis[which].view[1]};
}

namespace {

// Axis.set_view_interval(vmin, vmax) without ignore: the view grows, its direction kept.
void grow_view(Interp& in, MplObj& ax, int which, double vmin, double vmax) {
    const auto [old0, old1] = view_interval(in, ax, which);
    AxisInfo& a = ax.axis[which];
    if (old0 < old1) a.view[0] = std::min({vmin, vmax, old0}), a.view[1] = std::max({vmin, vmax, old1});
    else a.view[0] = std::max({vmin, vmax, old0}), a.view[1] = std::min({vmin, vmax, old1});
}

void add_child(MplObj& ax, const Ref<MplObj>& art, bool default_label) {
    art->parent = Value(static_cast<Object*>(&ax));
    if (default_label && art->label.empty()) art->label = "_child" + std::to_string(ax.items.size());
    ax.items.push_back(art);
}

// ---------------------------------------------------------------------------------------------
// Reprs

std::string py_str(Interp& in, const Value& v) { return in.str(v); }

std::string text_repr(Interp& in, const MplObj& t) {
    return "Text(" + py_str(in, t.x) + ", " + py_str(in, t.y) + ", " + str_repr(t.text) + ")";
}

std::string axes_repr(const MplObj& ax) {
    std::vector<std::string> fields;
    if (ax.colorbar_axes) fields.push_back("label='<colorbar>'");
    const std::string title = ax.title.as<MplObj>()->text;
    if (!title.empty()) fields.push_back("title={'center': " + str_repr(title) + "}");
    const std::string xl = ax.xlabel.as<MplObj>()->text, yl = ax.ylabel.as<MplObj>()->text;
    if (!xl.empty()) fields.push_back("xlabel=" + str_repr(xl));
    if (!yl.empty()) fields.push_back("ylabel=" + str_repr(yl));
    std::string out = "<" + std::string(ax.index < 0 ? "Axes" : "AxesSubplot") + ": ";
    for (std::size_t k = 0; k < fields.size(); ++k) out += (k ? ", " : "") + fields[k];
    return out + ">";
}

}  // namespace

std::string figure_repr(const MplObj& fig) {
    return "<Figure size " + g(fig.box[0] * fig.box[2]) + "x" + g(fig.box[1] * fig.box[2]) + " with " +
           std::to_string(fig.items.size()) + " Axes>";
}

namespace {

std::string object_array_repr(Interp& in, const MplObj& arr);

std::string mpl_repr(Interp& in, const Value& self) {
    MplObj& m = *self.as<MplObj>();
    switch (m.kind) {
        case Mpl::figure: return figure_repr(m);
        case Mpl::axes: return axes_repr(m);
        case Mpl::text: return text_repr(in, m);
        case Mpl::annotation: return "Annotation(" + g(m.box[0]) + ", " + g(m.box[1]) + ", " + str_repr(m.text) + ")";
        case Mpl::bars: return "<BarContainer object of " + std::to_string(m.items.size()) + " artists>";
        case Mpl::axes_array: return object_array_repr(in, m);
        case Mpl::rc_params: not_in_lab(in, "printed rcParams (the kernel keeps only the settings it uses)");
        case Mpl::cmap: not_in_lab(in, "printed colormaps");
        default: break;
    }
    return "<" + self.type()->qualified() + " object at " +
           fmt::format(FMT_COMPILE("0x{:012x}"), reinterpret_cast<std::uintptr_t>(self.obj())) + ">";
}

std::string mpl_str(Interp& in, const Value& self) {
    MplObj& m = *self.as<MplObj>();
    switch (m.kind) {
        case Mpl::figure: return "Figure(" + g(m.box[0] * m.box[2]) + "x" + g(m.box[1] * m.box[2]) + ")";
        case Mpl::axes: {
            if (figure_of(m).layout_line != 0 && m.index >= 0) {
                not_in_lab(in, "axes positions after tight_layout (they come from the text sizes)");
            }
            const std::array<double, 4> e = axes_extents(figure_of(m), m);
            return std::string(m.index < 0 ? "Axes" : "AxesSubplot") + "(" + g(e[0]) + "," + g(e[1]) + ";" +
                   g(e[2] - e[0]) + "x" + g(e[3] - e[1]) + ")";
        }
        case Mpl::line: return "Line2D(" + m.label + ")";
        case Mpl::rect:
            return "Rectangle(xy=(" + g(m.box[0]) + ", " + g(m.box[1]) + "), width=" + g(m.box[2]) +
                   ", height=" + g(m.box[3]) + ", angle=0)";
        case Mpl::image: return "AxesImage(size=(" + std::to_string(m.shape[0]) + ", " + std::to_string(m.shape[1]) + "))";
        case Mpl::legend: return "Legend";
        default: return mpl_repr(in, self);
    }
}

// numpy 1.24's repr of an object array of axes (array2string with linewidth 75; elements are
// their reprs, wrapped as _formatArray wraps them):
//   array([<AxesSubplot: >, <AxesSubplot: >], dtype=object)
std::string object_array_repr(Interp& in, const MplObj& arr) {
    std::vector<std::string> reprs;
    for (const Value& v : arr.items) reprs.push_back(in.repr(v));
    auto len = [](const std::string& x) { return code_points(x); };
    auto extend = [&](std::string& s, std::string& line, const std::string& word, std::size_t width,
                      const std::string& prefix) {
        bool wrap = len(line) + len(word) > width;
        if (len(line) <= len(prefix)) wrap = false;
        if (wrap) {
            while (!line.empty() && line.back() == ' ') line.pop_back();
            s += line + "\n";
            line = prefix;
        }
        line += word;
    };
    // One row (the last axis) starting at element `at`.
    auto row = [&](std::size_t at, std::size_t n, const std::string& hanging, std::size_t width) {
        std::string s, line = hanging;
        const std::size_t elem_width = width - 1;  // max(len(","), len("]"))
        for (std::size_t k = 0; k < n; ++k) {
            extend(s, line, reprs[at + k], elem_width, hanging);
            if (k + 1 < n) line += ", ";
        }
        s += line;
        return "[" + s.substr(hanging.size()) + "]";
    };
    const std::string hanging(7, ' ');  // " " + len("array(")
    const std::size_t width = 75 - 1;   // minus len(",") after the array
    std::string lst;
    if (arr.shape.size() == 1) {
        lst = row(0, reprs.size(), hanging, width);
    } else {
        const auto rows = static_cast<std::size_t>(arr.shape[0]), cols = static_cast<std::size_t>(arr.shape[1]);
        std::string s;
        for (std::size_t r = 0; r < rows; ++r) {
            s += hanging + row(r * cols, cols, hanging + " ", width - 1) + (r + 1 < rows ? ",\n" : "");
        }
        lst = "[" + s.substr(hanging.size()) + "]";
    }
    std::string out = "array(" + lst + ",";
    const std::size_t last = out.size() - (out.rfind('\n') == std::string::npos ? 0 : out.rfind('\n') + 1);
    const bool own_line = code_points(out.substr(out.size() - last)) + 13 + 1 > 75;  // len("dtype=object)")
    return out + (own_line ? "\n      " : " ") + "dtype=object)";
}

// ---------------------------------------------------------------------------------------------
// Axes: texts

Ref<MplObj> text_of(const Value& v) { return Ref<MplObj>(v); }

void check_in(Interp& in, const std::string& v, std::initializer_list<const char*> allowed, const char* what) {
    std::string list;
    for (const char* a : allowed) {
        if (v == a) return;
        list += (list.empty() ? "" : ", ") + str_repr(a);
    }
    in.raise(types().value_error, str_repr(v) + " is not a valid value for " + what + "; supported values are " + list);
}

double font_points(Interp& in, const RcVal& v);
RcVal rc_size_value(Interp& in, const Value& v);

// The Text-setting keywords most calls accept (colour, alignment); the rest must be cosmetic.
void text_props(Interp& in, PyArgs& p, MplObj& t) {
    Value v;
    if (p.take("color", v, "c")) t.color = to_rgba(in, v);
    if (p.take("horizontalalignment", v, "ha")) {
        t.ha = str_arg(in, v);
        check_in(in, t.ha, {"center", "right", "left"}, "horizontalalignment");
    }
    if (p.take("verticalalignment", v, "va")) {
        t.va = str_arg(in, v);
        check_in(in, t.va, {"top", "bottom", "center", "baseline", "center_baseline"}, "verticalalignment");
    }
    if (p.take("transform", v)) not_in_lab(in, "transform= for texts (positions outside the data coordinates)");
    // What changes how much room the text takes (tight_layout): its size is kept, the rest marks
    // the text as one whose extent the kernel does not bound closely.
    if (p.take("fontsize", v, "size") && !v.is_none()) {
        t.font_size = v.as<StrObj>() != nullptr ? font_points(in, rc_size_value(in, v)) : float_arg(in, v, "fontsize");
    }
    for (const char* k : {"fontweight", "weight", "fontfamily", "family", "fontdict", "pad", "labelpad", "linespacing",
                          "rotation", "fontstretch", "stretch", "fontstyle", "style", "fontvariant", "variant", "usetex"}) {
        if (p.take(k, v) && !v.is_none()) t.styled = true;
    }
    p.finish();
}

Value set_label_text(Interp& in, Args& a, const char* name, int which) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    PyArgs p(in, a, std::string("Axes.") + name, {"self", "label", "fontdict", "pad", "*", "loc", "y", "**"}, 2);
    if (p.given(4) && str_arg(in, p[4]) != "center") not_in_lab(in, std::string(name) + "(loc=...)");
    Ref<MplObj> t = text_of(which == 0 ? ax.title : which == 1 ? ax.xlabel : ax.ylabel);
    t->text = str_arg(in, p[1]);
    if (p.given(5)) t->y = p[5];
    if (p.given(2) || p.given(3)) t->styled = true;  // fontdict, pad
    text_props(in, p, *t);
    if (which == 1) ax.axis[0].label_text = t->text;
    if (which == 2) ax.axis[1].label_text = t->text;
    return t;
}

Value ax_set_title(Interp& in, Args& a) { return set_label_text(in, a, "set_title", 0); }
// Axes.set_xlabel / set_ylabel (which: 0 x, 1 y).
Value set_axis_label(Interp& in, Args& a, int which) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    const std::string name = which == 0 ? "xlabel" : "ylabel";
    PyArgs p(in, a, "Axes.set_" + name, {"self", name.c_str(), "fontdict", "labelpad", "*", "loc", "**"}, 2);
    if (p.given(4) && str_arg(in, p[4]) != "center") not_in_lab(in, "set_" + name + "(loc=...)");
    Ref<MplObj> t = text_of(which == 0 ? ax.xlabel : ax.ylabel);
    t->text = str_arg(in, p[1]);
    if (p.given(2) || p.given(3)) t->styled = true;  // fontdict, labelpad
    text_props(in, p, *t);
    return t;
}
Value ax_set_xlabel(Interp& in, Args& a) { return set_axis_label(in, a, 0); }
Value ax_set_ylabel(Interp& in, Args& a) { return set_axis_label(in, a, 1); }
Value get_text_of(Interp& in, Args& a, int which) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    if (a.size() > 1 || a.has_keywords()) {
        if (which == 0 && a.size() == 2 && !a.has_keywords() && a[1].as<StrObj>() && a[1].as<StrObj>()->s == "center") {
        } else {
            not_in_lab(in, "get_title/get_xlabel with arguments");
        }
    }
    return make_str(text_of(which == 0 ? ax.title : which == 1 ? ax.xlabel : ax.ylabel)->text);
}
Value ax_get_title(Interp& in, Args& a) { return get_text_of(in, a, 0); }
Value ax_get_xlabel(Interp& in, Args& a) { return get_text_of(in, a, 1); }
Value ax_get_ylabel(Interp& in, Args& a) { return get_text_of(in, a, 2); }

Value ax_text(Interp& in, Args& a) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    PyArgs p(in, a, "Axes.text", {"self", "x", "y", "s", "fontdict", "**"}, 4);
    Ref<MplObj> t = new_text(p[1], p[2], str_arg(in, p[3]));
    t->color = to_rgba(in, make_str((*state(in).rc)[rc_index(in, "text.color", false)].s));
    if (p.given(4)) {
        if (auto* d = p[4].as<DictObj>()) {
            for (const auto& e : d->entries()) {
                if (e.live) p.extra.emplace_back(str_arg(in, e.key), e.value);
            }
        }
    }
    text_props(in, p, *t);
    add_child(ax, t, false);
    return t;
}

// An Annotation is drawn with its arrow, which the page's figure has no place for: refused.
Value ax_annotate(Interp& in, Args& a) {
    (void)a;
    not_in_lab(in, "annotate() (the lab does not draw annotation arrows; ax.text(x, y, \"...\") writes a text)",
               "annotate() (실습은 주석 화살표를 그리지 않습니다; ax.text(x, y, \"...\") 로 글자를 쓸 수 있습니다)");
}

// ---------------------------------------------------------------------------------------------
// Axes: lines

Rgba next_line_color(MplObj& ax) { return cycle_color(ax.line_cycle++); }
Rgba next_patch_color(MplObj& ax) { return cycle_color(ax.patch_cycle++); }

struct LineProps {
    bool has_color = false, has_ls = false, has_marker = false, has_lw = false;
    Rgba color;
    Value spec;
    std::string linestyle, marker, label;
    bool has_label = false;
    double linewidth = 0;
};

// `plot`: checked where Axes.plot's Line2D checks them (the frames of its making).
LineProps line_props(Interp& in, PyArgs& p, bool plot = false) {
    LineProps l;
    Value v;
    if (p.take("color", v, "c") && !v.is_none()) l.has_color = true, l.color = to_rgba(in, v), l.spec = v;
    if (p.take("linestyle", v, "ls")) {
        if (plot) {
            MplFrames at(in, {MplFrame::base_plot_args_544, MplFrame::base_listcomp_544, MplFrame::base_genexpr_537,
                              MplFrame::base_makeline_351, MplFrame::deprecation_wrapper_454, MplFrame::lines_init_358,
                              MplFrame::lines_set_linestyle_1173, MplFrame::init_check_in_list_131});
            l.linestyle = check_linestyle(in, v);
        } else {
            l.linestyle = check_linestyle(in, v);
        }
        l.has_ls = true;
    }
    if (p.take("marker", v)) {
        if (plot) {
            MplFrames at(in, {MplFrame::base_plot_args_544, MplFrame::base_listcomp_544, MplFrame::base_genexpr_537,
                              MplFrame::base_makeline_351, MplFrame::deprecation_wrapper_454, MplFrame::lines_init_366,
                              MplFrame::markers_init_272, MplFrame::markers_set_marker_362});
            try {
                l.marker = check_marker(in, v);
            } catch (PyException& e) {
                // MarkerStyle._set_marker tried the text as a Path's vertices first: its error is the
                // cause ("raise ValueError(...) from err")
                auto* s = v.as<StrObj>();
                if (s == nullptr || in.str(e.exc).rfind("Unrecognized marker style", 0) != 0) throw;
                Value cause = in.new_exception(types().value_error, {make_str("could not convert string to float: " + str_repr(s->s))});
                for (MplFrame f : {MplFrame::markers_set_marker_359, MplFrame::path_init_129, MplFrame::init_to_unmasked_float_array_1369}) {
                    MplFrames one(in, {f});
                    cause.as<ExceptionObj>()->traceback.push_back(*in.library_frames.back());
                }
                Value exc = in.new_exception(types().value_error, {make_str(in.str(e.exc))});
                exc.as<ExceptionObj>()->cause = cause;
                exc.as<ExceptionObj>()->suppress_context = true;
                in.raise_value(exc);
            }
        } else {
            l.marker = check_marker(in, v);
        }
        l.has_marker = true;
    }
    if (p.take("linewidth", v, "lw") && !v.is_none()) l.has_lw = true, l.linewidth = float_arg(in, v, "linewidth");
    if (p.take("label", v)) l.has_label = true, l.label = v.is_none() ? "" : str_arg(in, v);
    if (p.take("drawstyle", v, "ds") || p.take("transform", v) || p.take("dashes", v)) {
        not_in_lab(in, "drawstyle, transform and dashes for lines");
    }
    p.finish();
    return l;
}

Ref<MplObj> new_line(Interp& in, std::vector<double> xs, std::vector<double> ys) {
    Ref<MplObj> l = make_mpl(Mpl::line);
    const RcTable& rc = *state(in).rc;
    l->xs = std::move(xs);
    l->ys = std::move(ys);
    l->linewidth = rc[rc_index(in, "lines.linewidth", false)].a;
    l->linestyle = rc[rc_index(in, "lines.linestyle", false)].s;
    l->marker = rc[rc_index(in, "lines.marker", false)].s;
    return l;
}

std::vector<double> column(const ArrayObj& a, std::int64_t j) {
    std::vector<double> all = a.doubles();
    if (a.ndim() < 2) return all;
    std::vector<double> out;
    const std::int64_t n = a.shape[0], m = a.shape[1];
    for (std::int64_t i = 0; i < n; ++i) out.push_back(all[static_cast<std::size_t>(i * m + j)]);
    return out;
}

Value ax_plot(Interp& in, Args& a) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    MplFrames frames(in, {MplFrame::axes_plot_1668, MplFrame::base_call_311});
    std::vector<Value> args(a.positional().begin() + 1, a.positional().end());
    a.positional().resize(1);
    PyArgs p(in, a, "Axes.plot", {"self", "*", "scalex", "scaley", "data", "**"}, 1);
    if (p.given(3)) not_in_lab(in, "plot(data=...)");
    const bool scalex = !p.passed(1) || in.truthy(p[1]), scaley = !p.passed(2) || in.truthy(p[2]);
    const LineProps props = line_props(in, p, true);
    std::vector<Value> lines;
    std::size_t i = 0;
    while (i < args.size()) {
        std::vector<Value> group(args.begin() + static_cast<std::ptrdiff_t>(i),
                                 args.begin() + static_cast<std::ptrdiff_t>(std::min(i + 2, args.size())));
        i += group.size();
        if (i < args.size() && args[i].as<StrObj>() != nullptr) group.push_back(args[i++]);
        PlotFormat fmt;
        bool has_fmt = false;
        std::string fmt_text;
        if (group.size() > 1 && group.back().as<StrObj>() != nullptr) {
            fmt_text = group.back().as<StrObj>()->s;
            MplFrames at(in, {MplFrame::base_plot_args_454});
            fmt = parse_plot_format(in, fmt_text);
            has_fmt = true;
            group.pop_back();
        } else if (group.size() == 3) {
            in.raise(types().value_error, "third arg must be a format string");
        }
        for (const Value& v : group) {
            if (v.is_none()) in.raise(types().value_error, "x, y, and format string must not be None");
        }
        if (has_fmt && fmt_text != "none" && fmt_text != "None") {
            auto redundant = [&](const char* prop, bool set_by_kw, const std::string& val) {
                if (set_by_kw && val != "'None'") {
                    in.warn(types().user_warning, std::string(prop) + " is redundantly defined by the '" + prop +
                                                      "' keyword argument and the fmt string \"" + fmt_text + "\" (-> " + prop + "=" +
                                                      val + "). The keyword argument will take precedence.");
                }
            };
            if (!fmt.linestyle.empty()) redundant("linestyle", props.has_ls, str_repr(fmt.linestyle));
            if (!fmt.marker.empty()) redundant("marker", props.has_marker, str_repr(fmt.marker));
            if (fmt.has_color) {
                redundant("color", props.has_color,
                          !fmt.color_letter.empty() ? str_repr(fmt.color_letter) : "(" + in.repr(Value::floating(fmt.color.r)) + ", " + in.repr(Value::floating(fmt.color.g)) + ", " +
                              in.repr(Value::floating(fmt.color.b)) + ", " + in.repr(Value::floating(fmt.color.a)) + ")");
            }
        }
        Ref<ArrayObj> x, y;
        if (group.size() == 2) {
            x = axis_data(in, ax, 0, group[0]);
            y = axis_data(in, ax, 1, group[1]);
            if (x->ndim() == 0) x = reshape(in, x, Value::integer(1));
            if (y->ndim() == 0) y = reshape(in, y, Value::integer(1));
        } else {
            y = axis_data(in, ax, 1, group[0]);
            if (y->ndim() == 0) y = reshape(in, y, Value::integer(1));
            x = ArrayObj::empty(DType::float64, {y->shape[0]});
            for (std::int64_t k = 0; k < y->shape[0]; ++k) x->storage->f()[k] = static_cast<double>(k);
        }
        if (x->shape[0] != y->shape[0]) {
            MplFrames at(in, {MplFrame::base_plot_args_504});
            in.raise(types().value_error, "x and y must have same first dimension, but have shapes " + shape_repr(x->shape) +
                                              " and " + shape_repr(y->shape));
        }
        if (x->ndim() > 2 || y->ndim() > 2) {
            MplFrames at(in, {MplFrame::base_plot_args_507});
            in.raise(types().value_error, "x and y can be no greater than 2D, but have shapes " + shape_repr(x->shape) +
                                              " and " + shape_repr(y->shape));
        }
        const std::int64_t ncx = x->ndim() == 2 ? x->shape[1] : 1, ncy = y->ndim() == 2 ? y->shape[1] : 1;
        if (ncx > 1 && ncy > 1 && ncx != ncy) {
            in.raise(types().value_error, "x has " + std::to_string(ncx) + " columns but y has " + std::to_string(ncy) + " columns");
        }
        for (std::int64_t j = 0; j < std::max(ncx, ncy) && ncx > 0 && ncy > 0; ++j) {
            Ref<MplObj> line = new_line(in, column(*x, j % ncx), column(*y, j % ncy));
            if (props.has_ls) line->linestyle = props.linestyle;
            else if (has_fmt && !fmt.linestyle.empty()) line->linestyle = fmt.linestyle;
            if (props.has_marker) line->marker = props.marker;
            else if (has_fmt && !fmt.marker.empty()) line->marker = fmt.marker;
            // (get_color() gives the colour as it was given: the cycle's hex, the keyword's value,
            // a format's letter, or to_rgba's tuple for the rest of a format)
            if (props.has_color) {
                line->color = props.color;
                line->link = props.spec;
            } else if (has_fmt && fmt.has_color) {
                line->color = fmt.color;
                line->link = !fmt.color_letter.empty()
                                 ? make_str(fmt.color_letter)
                                 : make_tuple({Value::floating(fmt.color.r), Value::floating(fmt.color.g), Value::floating(fmt.color.b),
                                               fmt.int_alpha ? Value::integer(1) : Value::floating(fmt.color.a)});
            } else {
                line->color = next_line_color(ax);
                line->link = make_str(to_hex(line->color));
            }
            if (props.has_lw) line->linewidth = props.linewidth;
            line->label = props.label;
            add_child(ax, line, true);
            update_datalim(ax, line->xs, line->ys, true, true);
            lines.push_back(line);
        }
    }
    if (scalex) request_autoscale(ax, 0);
    if (scaley) request_autoscale(ax, 1);
    return make_list(std::move(lines));
}

Value ax_line_at(Interp& in, Args& a, int which) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    const char* name = which == 1 ? "Axes.axhline" : "Axes.axvline";
    PyArgs p(in, a, name, which == 1 ? std::initializer_list<const char*>{"self", "y", "xmin", "xmax", "**"}
                                     : std::initializer_list<const char*>{"self", "x", "ymin", "ymax", "**"}, 1);
    const double at = p.passed(1) ? float_arg(in, p[1], which == 1 ? "y" : "x") : 0.0;
    const double lo = p.passed(2) ? float_arg(in, p[2], "xmin") : 0.0, hi = p.passed(3) ? float_arg(in, p[3], "xmax") : 1.0;
    const LineProps props = line_props(in, p);
    // get_ybound: the view as it is now decides whether the line asks for autoscaling
    const auto [v0, v1] = view_interval(in, ax, which);
    const bool rescale = at < std::min(v0, v1) || at > std::max(v0, v1);
    Ref<MplObj> line = which == 1 ? new_line(in, {lo, hi}, {at, at}) : new_line(in, {at, at}, {lo, hi});
    line->link = make_str((*state(in).rc)[rc_index(in, "lines.color", false)].s);
    line->color = to_rgba(in, line->link);
    if (props.has_color) line->color = props.color, line->link = props.spec;
    if (props.has_ls) line->linestyle = props.linestyle;
    if (props.has_marker) line->marker = props.marker;
    if (props.has_lw) line->linewidth = props.linewidth;
    line->label = props.label;
    add_child(ax, line, true);
    // (its other coordinate is in axes fractions: only this axis' data limits move, by the
    // coordinate taken through transData and back)
    const double back = data_roundtrip(figure_of(ax), ax, which, at);
    std::vector<double> xs = line->xs, ys = line->ys;
    (which == 0 ? xs : ys).assign(2, back);
    update_datalim(ax, xs, ys, which == 0, which == 1);
    if (rescale) request_autoscale(ax, which);
    return line;
}
Value ax_axhline(Interp& in, Args& a) { return ax_line_at(in, a, 1); }
Value ax_axvline(Interp& in, Args& a) { return ax_line_at(in, a, 0); }

// ---------------------------------------------------------------------------------------------
// Axes: bars

// True when positions were given as strings (category names): _convert_dx then keeps widths.
bool to_array_or_strings(const Value& v) {
    std::vector<std::string> strs;
    return v.as<StrObj>() != nullptr || all_strings(v, strs);
}

// np.broadcast_arrays of 1-D (or 0-d) operands: the common length, or NumPy's message.
std::int64_t broadcast_len(Interp& in, const std::vector<Ref<ArrayObj>>& args) {
    std::int64_t n = 1;
    std::size_t src = 0;
    for (std::size_t k = 0; k < args.size(); ++k) {
        if (args[k]->ndim() > 1) not_in_lab(in, "bar() with 2-D data");
        if (args[k]->ndim() == 0) continue;
        const std::int64_t m = args[k]->shape[0];
        if (n == 1) {
            n = m;
            src = k;
        } else if (m != 1 && m != n) {
            in.raise(types().value_error, "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg " +
                                              std::to_string(src) + " with shape " + shape_repr(args[src]->shape) + " and arg " +
                                              std::to_string(k) + " with shape " + shape_repr(args[k]->shape) + ".");
        }
    }
    return n;
}

double at(const ArrayObj& a, std::int64_t k) { return a.ndim() == 0 || a.shape[0] == 1 ? a.get_f(0) : a.get_f(k); }

// The colours of `color=`: one colour, or a list cycled over the bars (to_rgba_array).
std::vector<Rgba> bar_colors(Interp& in, const Value& c) {
    if (auto* s = c.as<StrObj>()) {
        try {
            return {to_rgba(in, c)};
        } catch (PyException&) {
            in.raise(types().value_error, str_repr(s->s) + " is not a valid color value.");
        }
    }
    try {
        return {to_rgba(in, c)};
    } catch (PyException&) {
    }
    std::vector<Rgba> out;
    for (const Value& v : in.to_list(c)) out.push_back(to_rgba(in, v));
    if (out.empty()) not_in_lab(in, "an empty colour list");
    return out;
}

Value make_bars(Interp& in, MplObj& ax, PyArgs& p, bool vertical, const Value& xv, const Value& hv, const Value& wv,
                const Value& bv, const std::string& align, const Rgba* hist_color = nullptr) {
    Value color, label, tick_label, v;
    p.take("color", color);
    p.take("label", label);
    p.take("tick_label", tick_label);
    if (p.take("xerr", v) || p.take("yerr", v)) not_in_lab(in, "error bars (xerr, yerr)");
    if (p.take("facecolor", v, "fc")) not_in_lab(in, "bar(facecolor=...)");
    Value alpha;
    p.take("alpha", alpha);
    p.finish();
    check_in(in, align, {"center", "edge"}, "align");
    // Positions (x for vertical bars) and bases go through the axes' units (categories).
    const int pos_axis = vertical ? 0 : 1;
    Ref<ArrayObj> pos = axis_data(in, ax, pos_axis, xv);
    Ref<ArrayObj> size = to_array(in, hv), thick = to_array(in, wv);
    Ref<ArrayObj> base = bv.is_none() ? to_array(in, Value::integer(0)) : to_array(in, bv);
    stored(in, size), stored(in, thick), stored(in, base);
    if (pos->ndim() == 0) pos = reshape(in, pos, Value::integer(1));
    std::int64_t n;
    {
        MplFrames at(in, {MplFrame::axes_bar_2397, MplFrame::internals_broadcast_arrays_200, MplFrame::stride_tricks_broadcast_arrays_540,
                          MplFrame::stride_tricks_broadcast_shape_422});
        n = vertical ? broadcast_len(in, {pos, size, thick, base}) : broadcast_len(in, {thick, base, size, pos});
    }
    std::vector<Rgba> colors = hist_color != nullptr ? std::vector<Rgba>{*hist_color}
                               : color.is_none()   ? std::vector<Rgba>{next_patch_color(ax)}
                                                   : (MplFrames(in, {MplFrame::axes_bar_2421, MplFrame::colors_to_rgba_array_471}), bar_colors(in, color));
    if (!alpha.is_none()) {
        const double al = float_arg(in, alpha, "alpha");
        for (Rgba& c : colors) c.a = al;
    }
    Ref<MplObj> bars = make_mpl(Mpl::bars);
    bars->orientation = vertical ? "vertical" : "horizontal";
    std::vector<std::string> patch_labels;
    if (!label.is_none() && label.as<StrObj>() == nullptr && in.is_iterable(label)) {
        for (const Value& l : in.to_list(label)) patch_labels.push_back(str_arg(in, l));
        if (static_cast<std::int64_t>(patch_labels.size()) != n) {
            in.raise(types().value_error, "number of labels (" + std::to_string(patch_labels.size()) +
                                              ") does not match number of bars (" + std::to_string(n) + ").");
        }
        bars->label = "_nolegend_";
    } else {
        bars->label = label.is_none() ? "" : str_arg(in, label);
    }
    // Axes._convert_dx: a width goes through the units of the positions as (x0 + width) - x0, x0
    // the first finite position (and a height through the bottoms' units likewise); this rounds.
    auto first_finite = [](const ArrayObj& a, double& out) {
        for (std::int64_t k = 0; k < a.size(); ++k) {
            if (std::isfinite(a.get_f(k))) return out = a.get_f(k), true;
        }
        return false;
    };
    double pos0 = 0, base0 = 0;
    const bool categorical = !ax.axis[pos_axis].categories.empty() && !xv.is_none() && to_array_or_strings(xv);
    const bool thick_units = !categorical && first_finite(*pos, pos0);
    const bool size_units = first_finite(*base, base0);
    const bool pos_int = !categorical && pos->dtype != DType::float64, base_int = base->dtype != DType::float64;
    for (std::int64_t k = 0; k < n; ++k) {
        const double p0 = at(*pos, k), b0 = at(*base, k);
        double s0 = at(*size, k), t0 = at(*thick, k);
        Ref<MplObj> r = make_mpl(Mpl::rect);
        r->given[0] = p0, r->given[1] = t0;
        if (thick_units) t0 = (pos0 + t0) - pos0;
        if (size_units) s0 = (base0 + s0) - base0;
        // x - width / 2 (numpy's float64 arithmetic) for centred bars
        const double edge = align == "center" ? p0 - t0 / 2 : p0;
        if (vertical) r->box[0] = edge, r->box[1] = b0, r->box[2] = t0, r->box[3] = s0;
        else r->box[0] = b0, r->box[1] = edge, r->box[2] = s0, r->box[3] = t0;
        // Which of them NumPy holds as ints (what get_x() and friends return)
        const bool edge_int = align == "edge" && pos_int, thick_int = thick->dtype != DType::float64 && (!thick_units || pos_int),
                   size_int = size->dtype != DType::float64 && base_int;
        r->box_int = static_cast<std::uint8_t>(vertical ? (edge_int | base_int << 1 | thick_int << 2 | size_int << 3)
                                                        : (base_int | edge_int << 1 | size_int << 2 | thick_int << 3));
        r->color = colors[static_cast<std::size_t>(k) % colors.size()];
        r->label = patch_labels.empty() ? "_nolegend_" : patch_labels[static_cast<std::size_t>(k)];
        r->sticky[vertical ? 1 : 0].push_back(b0);  // the bars' base
        add_child(ax, r, false);
        bars->items.push_back(r);
        // _update_patch_limits: the unit square's corners (u, v) through the rectangle's
        // BboxTransformTo, x = sx*u + 0*v + x0 and y = 0*u + sy*v + y0 with sx = (x0 + w) - x0:
        // an infinite or NaN size makes every corner NaN in that coordinate (0 * inf), so such a
        // bar adds nothing. A rectangle with no width and no height is skipped.
        if (r->box[2] == 0 && r->box[3] == 0) continue;
        const double x0 = r->box[0], y0 = r->box[1];
        const double sx = (x0 + r->box[2]) - x0, sy = (y0 + r->box[3]) - y0;
        std::vector<double> xs, ys;
        for (const auto& [u, v] : {std::pair{0.0, 0.0}, {1.0, 0.0}, {1.0, 1.0}, {0.0, 1.0}, {0.0, 0.0}}) {
            xs.push_back(sx * u + 0.0 * v + x0);
            ys.push_back(0.0 * u + sy * v + y0);
        }
        update_datalim_xy(ax, xs, ys);
    }
    request_autoscale(ax, -1);
    if (bars->label.empty()) bars->label = "_container" + std::to_string(ax.containers.size());
    bars->parent = Value(static_cast<Object*>(&ax));
    ax.containers.push_back(bars);
    if (!tick_label.is_none()) not_in_lab(in, "bar(tick_label=...)");
    return bars;
}

Value ax_bar(Interp& in, Args& a) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    MplFrames frames(in, {MplFrame::init_inner_1437});
    PyArgs p(in, a, "Axes.bar", {"self", "x", "height", "width", "bottom", "*", "align", "data", "**"}, 3);
    if (p.given(6)) not_in_lab(in, "bar(data=...)");
    const std::string align = p.given(5) ? str_arg(in, p[5]) : "center";
    return make_bars(in, ax, p, true, p[1], p[2], p.passed(3) ? p[3] : Value::floating(0.8), p[4], align);
}

Value ax_barh(Interp& in, Args& a) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    MplFrames frames(in, {MplFrame::axes_barh_2629, MplFrame::init_inner_1437});
    PyArgs p(in, a, "Axes.barh", {"self", "y", "width", "height", "left", "*", "align", "data", "**"}, 3);
    if (p.given(6)) not_in_lab(in, "barh(data=...)");
    const std::string align = p.given(5) ? str_arg(in, p[5]) : "center";
    return make_bars(in, ax, p, false, p[1], p[2], p.passed(3) ? p[3] : Value::floating(0.8), p[4], align);
}

// np.histogram with equal bins over [lo, hi], as NumPy 1.24 computes the edges and the counts.
void histogram(const std::vector<double>& data, std::int64_t bins, double lo, double hi, std::vector<double>& edges,
               std::vector<double>& counts) {
    if (lo == hi) lo -= 0.5, hi += 0.5;
    const std::int64_t num = bins + 1;
    const double delta = hi - lo, step = delta / static_cast<double>(bins);
    edges.assign(static_cast<std::size_t>(num), 0.0);
    for (std::int64_t k = 0; k < num; ++k) {
        edges[static_cast<std::size_t>(k)] = step == 0 ? static_cast<double>(k) / static_cast<double>(bins) * delta + lo
                                                       : static_cast<double>(k) * step + lo;
    }
    edges.back() = hi;
    counts.assign(static_cast<std::size_t>(bins), 0.0);
    for (double v : data) {
        if (!(v >= lo && v <= hi)) continue;
        auto idx = static_cast<std::int64_t>((v - lo) / delta * static_cast<double>(bins));
        if (idx == bins) --idx;
        if (v < edges[static_cast<std::size_t>(idx)]) --idx;
        if (v >= edges[static_cast<std::size_t>(idx + 1)] && idx != bins - 1) ++idx;
        counts[static_cast<std::size_t>(idx)] += 1;
    }
}

Value to_array_value(const std::vector<double>& v) {
    Ref<ArrayObj> a = ArrayObj::empty(DType::float64, {static_cast<std::int64_t>(v.size())});
    std::copy(v.begin(), v.end(), a->storage->f());
    return a;
}

Value ax_hist(Interp& in, Args& a) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    PyArgs p(in, a, "Axes.hist", {"self", "x", "bins", "range", "density", "weights", "cumulative", "bottom",
                                  "histtype", "align", "orientation", "rwidth", "log", "color", "label", "stacked", "**"}, 2);
    for (int k : {3, 5, 6, 7, 12, 15}) {
        const bool flag = k == 6 || k == 12 || k == 15;
        if (p.given(k) && (!flag || in.truthy(p[k]))) {
            not_in_lab(in, "hist() with range, weights, cumulative, bottom, log or stacked");
        }
    }
    for (int k : {8, 9, 10}) {
        static const char* const dflt[] = {"bar", "mid", "vertical"};
        if (p.given(k) && str_arg(in, p[k]) != dflt[k - 8]) not_in_lab(in, "hist() with another histtype, align or orientation");
    }
    Ref<ArrayObj> x = to_array(in, p[1]);
    stored(in, x);
    if (x->ndim() > 1) not_in_lab(in, "hist() of several data sets");
    std::int64_t bins = static_cast<std::int64_t>(rc(in, "hist.bins").a);
    if (p.given(2)) {
        if (!p[2].is_int_like() && p[2].kind() != Kind::np_int) not_in_lab(in, "hist(bins=...) other than a number of bins");
        bins = in.index(p[2]);
        if (bins < 1) in.raise(types().value_error, "`bins` must be positive, when an integer");
    }
    const std::vector<double> data = x->doubles();
    double lo = kInf, hi = -kInf;
    for (double v : data) {
        if (!std::isnan(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    }
    if (!(lo <= hi)) not_in_lab(in, "hist() of empty or all-NaN data");
    if (!std::isfinite(lo) || !std::isfinite(hi)) {
        in.raise(types().value_error, "autodetected range of [" + in.repr(Value::floating(lo)) + ", " + in.repr(Value::floating(hi)) + "] is not finite");
    }
    std::vector<double> edges, counts;
    histogram(data, bins, lo, hi, edges, counts);
    if (p.given(4) && in.truthy(p[4])) {
        double total = 0;
        for (double c : counts) total += c;
        for (std::size_t k = 0; k < counts.size(); ++k) counts[k] = counts[k] / (edges[k + 1] - edges[k]) / total;
    }
    const double dr = p.given(11) ? std::min(1.0, std::max(0.0, float_arg(in, p[11], "rwidth"))) : 1.0;
    std::vector<double> centers, widths;
    for (std::size_t k = 0; k + 1 < edges.size(); ++k) {
        const double tot = edges[k + 1] - edges[k];
        const double boffset = (-0.5 * dr * tot * 0.0) + 0.5 * tot;
        centers.push_back(edges[k] + boffset);
        widths.push_back(dr * tot / 1.0);
    }
    Value color = p.given(13) ? p[13] : Value();
    Rgba c = color.is_none() ? next_line_color(ax) : to_rgba(in, color);
    std::string label = p.given(14) ? str_arg(in, p[14]) : "";
    Value ignored;
    p.take("alpha", ignored);
    p.finish();
    // bar(centers, counts, widths, align="center", color=c, bottom=zeros)
    Args bar_args({Value(static_cast<Object*>(&ax)), to_array_value(centers), to_array_value(counts), to_array_value(widths),
                   to_array_value(std::vector<double>(counts.size(), 0.0))});
    PyArgs bp(in, bar_args, "Axes.bar", {"self", "x", "height", "width", "bottom", "**"}, 3);
    Value bars = make_bars(in, ax, bp, true, bar_args[1], bar_args[2], bar_args[3], bar_args[4], "center", &c);
    MplObj* b = bars.as<MplObj>();
    if (!label.empty() && !b->items.empty()) b->items[0].as<MplObj>()->label = label;
    return make_tuple({to_array_value(counts), to_array_value(edges), bars});
}

// The figure the page draws has bars, lines, images and texts: a scatter's PathCollection is
// none of them, so it is refused rather than left out of the chart.
Value ax_scatter(Interp& in, Args& a) {
    (void)a;
    not_in_lab(in, "scatter() (the lab draws bars, lines and images; ax.plot(x, y, \"o\") draws the same points as a line of markers)",
               "scatter() (실습은 막대, 선, 이미지만 그립니다; ax.plot(x, y, \"o\") 가 같은 점을 표식으로 그립니다)");
}

// ---------------------------------------------------------------------------------------------
// Axes: images and colorbars

// set_aspect's value: 'equal' is 1, 'auto' none (HUGE_VAL), a number as float() reads it.
double aspect_value(Interp& in, const Value& v) {
    if (auto* s = v.as<StrObj>()) {
        if (s->s == "equal") return 1.0;
        if (s->s == "auto") return HUGE_VAL;
        in.raise(types().value_error, "could not convert string to float: " + str_repr(s->s));
    }
    const double d = float_arg(in, v, "aspect");
    if (!(d > 0) || !std::isfinite(d)) not_in_lab(in, "an aspect that is not a positive number");
    return d;
}

Value ax_set_aspect(Interp& in, Args& a) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    PyArgs p(in, a, "Axes.set_aspect", {"self", "aspect", "adjustable", "anchor", "share"}, 2);
    if (p.given(2) && !(p[2].as<StrObj>() && p[2].as<StrObj>()->s == "box")) not_in_lab(in, "set_aspect(adjustable=...) other than 'box'");
    if (p.given(3) || (p.given(4) && in.truthy(p[4]))) not_in_lab(in, "set_aspect(anchor=..., share=...)");
    ax.aspect = aspect_value(in, p[1]);
    return Value();
}

std::string cmap_arg(Interp& in, const Value& v) {
    if (auto* m = as_mpl(v, Mpl::cmap)) {
        if (!m->text.empty()) return m->text;
    }
    if (auto* s = v.as<StrObj>()) {
        if (is_cmap_name(s->s)) return s->s;
        in.raise(types().value_error, str_repr(s->s) + " is not a valid value for cmap; supported values are " + cmap_names_listed());
    }
    not_in_lab(in, "this colormap (" + in.repr(v) + ")");
}

Value ax_imshow(Interp& in, Args& a) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    MplFrames frames(in, {MplFrame::deprecation_wrapper_454, MplFrame::init_inner_1437});
    PyArgs p(in, a, "Axes.imshow", {"self", "X", "cmap", "norm", "*", "aspect", "interpolation", "alpha", "vmin", "vmax",
                                    "origin", "extent", "interpolation_stage", "filternorm", "filterrad", "resample", "url",
                                    "data", "**"}, 2);
    if (p.given(3)) not_in_lab(in, "imshow(norm=...)");
    // set_aspect(aspect or rcParams["image.aspect"], "equal")
    ax.aspect = p[4].is_none() ? 1.0 : aspect_value(in, p[4]);
    Ref<ArrayObj> x = to_array(in, p[1]);
    stored(in, x);
    if (!(x->ndim() == 2 || (x->ndim() == 3 && (x->shape[2] == 3 || x->shape[2] == 4)))) {
        MplFrames at(in, {MplFrame::axes_imshow_5610, MplFrame::image_set_data_710});
        in.raise(types().type_error, "Invalid shape " + shape_repr(x->shape) + " for image data");
    }
    if (x->ndim() == 3) not_in_lab(in, "imshow of RGB(A) images");
    Ref<MplObj> im = make_mpl(Mpl::image);
    im->shape = x->shape;
    im->xs = x->doubles();
    if (p.given(2)) {
        MplFrames at(in, {MplFrame::axes_imshow_5603, MplFrame::deprecation_wrapper_454, MplFrame::image_init_922,
                          MplFrame::image_init_260, MplFrame::cm_init_415, MplFrame::cm_set_cmap_603, MplFrame::cm_ensure_cmap_741,
                          MplFrame::init_check_in_list_131});
        im->cmap = cmap_arg(in, p[2]);
    } else {
        im->cmap = cmap_arg(in, make_str(rc(in, "image.cmap").s));
    }
    double lo = kInf, hi = -kInf;
    for (double v : im->xs) {
        if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);  // masked_invalid
    }
    if (!(lo <= hi)) not_in_lab(in, "imshow of an image without finite values");
    im->vmin = p.given(7) ? float_arg(in, p[7], "vmin") : lo;
    im->vmax = p.given(8) ? float_arg(in, p[8], "vmax") : hi;
    im->origin = p.given(9) ? str_arg(in, p[9]) : "upper";
    check_in(in, im->origin, {"upper", "lower"}, "origin");
    const double rows = static_cast<double>(x->shape[0]), cols = static_cast<double>(x->shape[1]);
    if (p.given(10)) {
        std::vector<Value> e = in.to_list(p[10]);
        if (e.size() != 4) in.raise(types().value_error, "extent must be a sequence of four numbers");
        for (int k = 0; k < 4; ++k) im->box[k] = float_arg(in, e[static_cast<std::size_t>(k)], "extent");
    } else if (im->origin == "upper") {
        im->box[0] = -0.5, im->box[1] = cols - 0.5, im->box[2] = rows - 0.5, im->box[3] = -0.5;
    } else {
        im->box[0] = -0.5, im->box[1] = cols - 0.5, im->box[2] = -0.5, im->box[3] = rows - 0.5;
    }
    Value ignored;
    p.take("alpha", ignored);
    p.finish();
    // AxesImage.set_extent: the corners join the data limits, the extent is sticky, and the view
    // is the extent while the axis autoscales
    update_datalim_xy(ax, {im->box[0], im->box[1]}, {im->box[2], im->box[3]});
    for (int k = 0; k < 2; ++k) {
        im->sticky[k] = {im->box[2 * k], im->box[2 * k + 1]};
        if (ax.axis[k].autoscale) set_view(in, ax, k, im->box[2 * k], im->box[2 * k + 1], -1, true);
    }
    add_child(ax, im, true);
    return im;
}

// ---------------------------------------------------------------------------------------------
// Axes: legend

Value ax_legend(Interp& in, Args& a) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    std::vector<Value> args(a.positional().begin() + 1, a.positional().end());
    a.positional().resize(1);
    PyArgs p(in, a, "Axes.legend", {"self", "*", "handles", "labels", "**"}, 1);
    p.finish();
    // _get_legend_handles: lines, patches and collections in the order they were added, then
    // the containers; matplotlib's "_nolegend_" artists never count.
    std::vector<MplObj*> handles;
    for (const Value& v : ax.items) {
        MplObj* m = v.as<MplObj>();
        if ((m->kind == Mpl::line || m->kind == Mpl::rect || m->kind == Mpl::collection) && m->label != "_nolegend_") {
            handles.push_back(m);
        }
    }
    for (const Value& v : ax.containers) {
        if (v.as<MplObj>()->label != "_nolegend_") handles.push_back(v.as<MplObj>());
    }
    std::vector<std::string> texts;
    Value labels = p[2];
    if (args.size() == 1 && !p.given(1) && !p.given(2)) labels = args[0];
    if (args.size() >= 2 || p.given(1)) {
        if (args.size() > 2) not_in_lab(in, "legend() with more than two positional arguments");
        const Value hv = args.size() >= 2 ? args[0] : p[1];
        std::vector<Value> hs = in.to_list(hv);
        std::vector<Value> ls;
        if (args.size() >= 2) ls = in.to_list(args[1]);
        else if (p.given(2)) ls = in.to_list(p[2]);
        for (std::size_t k = 0; k < hs.size(); ++k) {
            MplObj* h = hs[k].as<MplObj>();
            if (h == nullptr || !(h->kind == Mpl::line || h->kind == Mpl::rect || h->kind == Mpl::bars || h->kind == Mpl::collection)) {
                not_in_lab(in, "legend handles other than lines, bars and scatter plots");
            }
            if (ls.empty() && !(args.size() >= 2 || p.given(2))) texts.push_back(h->label);
            else if (k < ls.size()) texts.push_back(str_arg(in, ls[k]));
        }
    } else if (!labels.is_none()) {
        std::vector<Value> ls = in.to_list(labels);
        for (const Value& l : ls) {
            if (l.as<MplObj>() != nullptr) {
                in.raise(types().type_error, "A single argument passed to legend() must be a list of labels, but found an Artist in there.");
            }
        }
        for (std::size_t k = 0; k < ls.size() && k < handles.size(); ++k) texts.push_back(str_arg(in, ls[k]));
    } else {
        for (MplObj* h : handles) {
            if (!h->label.empty() && h->label[0] != '_') texts.push_back(h->label);
        }
        if (texts.empty()) {
            in.out().write_stderr("No artists with labels found to put in legend.  Note that artists whose label start with "
                                  "an underscore are ignored when legend() is called with no argument.\n");
        }
    }
    Ref<MplObj> leg = make_mpl(Mpl::legend);
    leg->texts = std::move(texts);
    leg->parent = Value(static_cast<Object*>(&ax));
    ax.legend = leg;
    return leg;
}

Value ax_get_legend(Interp& in, Args& a) { return self_of(in, a, Mpl::axes).legend; }

// ---------------------------------------------------------------------------------------------
// Axes: ticks and limits

bool g_pyplot = false;  // a pyplot function is running an Axes method: messages name the function
std::string qual(const char* method) { return (g_pyplot ? "" : "Axes.") + std::string(method); }
struct PyplotCall {
    bool saved = g_pyplot;
    PyplotCall() { g_pyplot = true; }
    ~PyplotCall() { g_pyplot = saved; }
};

// FontProperties(size).get_size_in_points() for an rcParams font size (a name or points).
double font_points(Interp& in, const RcVal& v) {
    const double base = rc(in, "font.size").a;
    if (!v.is_str) return std::max(1.0, v.a);
    static const std::pair<const char*, double> scalings[] = {{"xx-small", 0.579}, {"x-small", 0.694}, {"small", 0.833},
                                                              {"medium", 1.0},     {"large", 1.2},      {"x-large", 1.44},
                                                              {"xx-large", 1.728}, {"larger", 1.2},     {"smaller", 0.833}};
    for (const auto& [name, scale] : scalings) {
        if (v.s == name) return std::max(1.0, scale * base);
    }
    return base;
}

// A font size as a keyword gives it: a name ("large") or points.
RcVal rc_size_value(Interp& in, const Value& v) {
    RcVal out;
    if (auto* s = v.as<StrObj>()) {
        static const char* const names[] = {"xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "larger", "smaller"};
        for (const char* n : names) {
            if (s->s == n) {
                out.is_str = true;
                out.s = n;
                return out;
            }
        }
    }
    out.a = float_arg(in, v, "fontsize");
    return out;
}

// The tick labels' size as get_tick_space reads it: tick_params' labelsize, or rcParams'.
double tick_label_points(Interp& in, const MplObj& ax, int which) {
    if (ax.axis[which].label_size > 0) return ax.axis[which].label_size;
    return font_points(in, rc(in, which == 0 ? "xtick.labelsize" : "ytick.labelsize"));
}

// Axes.tick_params: labelsize is kept (it sets the tick space); what else changes the ticks'
// room (pads, lengths, rotation, direction) marks their extent as not bounded closely.
Value ax_tick_params(Interp& in, Args& a) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    PyArgs p(in, a, "Axes.tick_params", {"self", "axis", "**"}, 1);
    const std::string which = p.given(1) ? str_arg(in, p[1]) : "both";
    check_in(in, which, {"x", "y", "both"}, "axis");
    bool on[2] = {which != "y", which != "x"};
    Value v;
    if (p.take("which", v) && !(v.as<StrObj>() && v.as<StrObj>()->s == "major")) {
        if (!(v.as<StrObj>() && v.as<StrObj>()->s == "both")) return Value();  // minor ticks only: none are drawn
    }
    double size = 0;
    if (p.take("labelsize", v)) size = font_points(in, rc_size_value(in, v));
    for (const char* k : {"colors", "color", "labelcolor", "grid_color", "grid_alpha", "grid_linewidth", "grid_linestyle"}) p.take(k, v);
    const bool restyled = !p.extra.empty();
    p.extra.clear();
    for (int k = 0; k < 2; ++k) {
        if (!on[k]) continue;
        if (size > 0) ax.axis[k].label_size = size;
        if (restyled) ax.axis[k].styled_ticks = true;
    }
    return Value();
}


// Bounds of a text's extent in em: its width and its height (a line is 0.9 to 1.08 em tall as
// the Agg renderer measures DejaVu Sans, 1.2 em apart). With matplotlib's default font the
// width is the sum of the measured advances (mpl_metrics.inc), give or take kerning and pixel
// rounding. The Korean fonts courses name (Malgun Gothic, NanumGothic, AppleGothic) are not on
// the reference machine (Debian's matplotlib, which the tests compare with): matplotlib falls
// back to DejaVu Sans for them. Any other font the kernel does not know: any width from 0.25
// to 1.1 em a character.
bool falls_back_to_dejavu(const std::string& family) {
    static const char* const names[] = {"sans-serif", "DejaVu Sans", "Malgun Gothic", "NanumGothic", "Nanum Gothic",
                                        "NanumBarunGothic", "AppleGothic", "AppleSDGothicNeo"};
    for (const char* n : names) {
        if (family == n) return true;
    }
    return false;
}

#include "python/mpl_metrics.inc"

struct Extent {
    double w_lo = 0, w_hi = 0, h_lo = 0, h_hi = 0;
};
Extent text_extent(Interp& in, const std::string& s) {
    const RcVal& family = rc(in, "font.family");
    bool dejavu = !family.list.empty();
    for (const std::string& f : family.list) dejavu = dejavu && falls_back_to_dejavu(f);
    Extent e;
    double line_lo = 0, line_hi = 0, sum = 0;
    int lines = 1;
    for (std::size_t i = 0; i <= s.size();) {
        if (i == s.size() || s[i] == '\n') {
            e.w_lo = std::max(e.w_lo, dejavu ? 0.9 * sum - 0.05 : line_lo);
            e.w_hi = std::max(e.w_hi, dejavu ? 1.03 * sum + 0.05 : line_hi);
            line_lo = line_hi = sum = 0;
            if (i == s.size()) break;
            ++lines, ++i;
            continue;
        }
        const auto c = static_cast<unsigned char>(s[i]);
        const std::size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        if (c >= 32 && c < 127) sum += kDejaVuAscii[c - 32];
        else if (s.compare(i, 3, "\xE2\x88\x92") == 0) sum += kDejaVuMinus;
        else sum += kDejaVuMissing;
        line_lo += 0.25, line_hi += 1.1;
        i += n;
    }
    e.h_lo = 0.85 + 1.15 * (lines - 1);
    e.h_hi = (dejavu ? 1.15 : 1.5) + 1.25 * (lines - 1);
    return e;
}

// Whether matplotlib's default font measures the text (or the fonts that fall back to it).
bool dejavu_font(Interp& in) {
    const RcVal& family = rc(in, "font.family");
    bool dejavu = !family.list.empty();
    for (const std::string& f : family.list) dejavu = dejavu && falls_back_to_dejavu(f);
    return dejavu;
}

// A line of text no taller or deeper than "lp" (mpl_metrics.inc).
bool plain_text(const std::string& s) {
    if (s.find('\n') != std::string::npos) return false;
    const std::string plain = kDejaVuPlain;
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const std::size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        if (plain.find(s.substr(i, n)) == std::string::npos) return false;
        i += n;
    }
    return true;
}

// The height (points) of a text as the Agg renderer measures it: exactly "lp"'s for a line of
// plain characters in DejaVu Sans at dpi 100 (its ascent alone with `ascent`, for a text on its
// baseline), bounded otherwise. `styled` (a weight, family, pad the kernel does not follow):
// anything up to 2.5 lines and 30 points more.
std::pair<double, double> line_height(Interp& in, const MplObj& fig, const std::string& s, double size, bool styled,
                                      bool ascent = false) {
    if (styled) return {0, 2.5 * size + 30};
    if (dejavu_font(in) && fig.box[2] == 100 && plain_text(s)) {
        for (const LpMetrics& m : kDejaVuLp) {
            if (m.size == size) {
                const double h = ascent ? m.height - m.descent : m.height;
                return {h - 0.01, h + 0.01};
            }
        }
    }
    const Extent e = text_extent(in, s);
    return {(ascent ? 0.6 : e.h_lo) * size, e.h_hi * size};
}

// How wide the widest drawn tick label of an axis may be (em): at least (the narrowest of the
// tick sets it may get) and at most; and whether it may show an offset text.
using BinRange = std::pair<int, int>;  // the counts of automatic ticks an axis may get
std::pair<double, double> label_widths(Interp& in, MplObj& ax, int which, BinRange bins, bool* offset_text = nullptr,
                                       bool* plain = nullptr) {
    const AxisInfo& a = ax.axis[which];
    double v0, v1;  // (not a structured binding: the lambdas below use them)
    std::tie(v0, v1) = view_interval(in, ax, which);
    double lo = kInf, hi = 0;
    auto candidate = [&](const std::vector<double>& locs, const std::vector<std::string>& labels, const std::string& offset) {
        double widest = 0;
        for (std::size_t k = 0; k < locs.size(); ++k) {
            if (!mpl_interval_contains_close(v0, v1, locs[k])) continue;  // not drawn
            const Extent e = text_extent(in, labels[k]);
            widest = std::max(widest, e.w_lo), hi = std::max(hi, e.w_hi);
            if (plain != nullptr && !plain_text(labels[k])) *plain = false;
        }
        lo = std::min(lo, widest);
        if (offset_text != nullptr && !offset.empty()) *offset_text = true;
    };
    if (a.ticks_set || !a.categories.empty()) {
        const TickState t = tick_state(in, ax, which);  // fixed or category ticks: known without the tick space
        candidate(t.locs, t.labels, t.offset);
    } else {
        const bool minus = rc(in, "axes.unicode_minus").a != 0;
        for (int nbins = bins.first; nbins <= bins.second; ++nbins) {
            std::vector<double> locs;
            if (!mpl_auto_ticks(v0, v1, nbins, locs)) continue;
            std::vector<std::string> labels;
            std::string offset;
            mpl_format_ticks(locs, v0, v1, minus, labels, offset);
            if (a.labels_set) {  // a FixedFormatter: the labels by index
                for (std::size_t k = 0; k < labels.size(); ++k) labels[k] = k < a.labels.size() ? a.labels[k].second : "";
                offset.clear();
            }
            candidate(locs, labels, offset);
        }
    }
    return {lo == kInf ? 0 : lo, hi};
}

// An axis' visible ticks and the widest their labels may be (em), over every tick count.
std::vector<std::pair<double, double>> axis_labels(Interp& in, MplObj& ax, int which, BinRange bins) {
    const AxisInfo& a = ax.axis[which];
    double v0, v1;  // (not a structured binding: the lambdas below use them)
    std::tie(v0, v1) = view_interval(in, ax, which);
    const bool minus = rc(in, "axes.unicode_minus").a != 0;
    std::vector<std::pair<double, double>> out;
    auto add = [&](const std::vector<double>& locs, const std::vector<std::string>& labels) {
        for (std::size_t k = 0; k < locs.size(); ++k) {
            if (mpl_interval_contains_close(v0, v1, locs[k])) out.emplace_back(locs[k], text_extent(in, labels[k]).w_hi);
        }
    };
    if (a.ticks_set || !a.categories.empty()) {
        const TickState t = tick_state(in, ax, which);  // fixed or category ticks: known without the tick space
        add(t.locs, t.labels);
        return out;
    }
    for (int nbins = bins.first; nbins <= bins.second; ++nbins) {
        std::vector<double> locs;
        if (!mpl_auto_ticks(v0, v1, nbins, locs)) continue;
        std::vector<std::string> labels;
        std::string offset;
        mpl_format_ticks(locs, v0, v1, minus, labels, offset);
        if (a.labels_set) {  // a FixedFormatter: the labels by index
            for (std::size_t k = 0; k < labels.size(); ++k) labels[k] = k < a.labels.size() ? a.labels[k].second : "";
        }
        add(locs, labels);
    }
    return out;
}

// What tight_layout may make room for around each axes of the figure (points), at least (`least`:
// the smallest over the axes) and at most (the largest): the texts' extents as text_extent
// bounds them, matplotlib's pads (ticks 3.5 + 3.5, labels 4, title 6), and at most half an end
// tick label past the axes' ends (less, once the axes is known to be long enough: `refine`).
// `bins`: per axes of the figure, the tick counts each axis may get (so far).
void decorations(Interp& in, MplObj& fig, const std::vector<std::array<BinRange, 2>>& bins, Decorations& least, Decorations& most,
                 bool refine = true) {
    const double label = font_points(in, rc(in, "axes.labelsize")), title = font_points(in, rc(in, "axes.titlesize"));
    least = Decorations{kInf, kInf, kInf, kInf};
    most = Decorations{};
    for (std::size_t n = 0; n < fig.items.size(); ++n) {
        MplObj& ax = *fig.items[n].as<MplObj>();
        const double xs = tick_label_points(in, ax, 0), ys = tick_label_points(in, ax, 1);
        Decorations lo, hi;
        bool x_offset = false, y_offset = false, x_plain = true;
        const auto xw = label_widths(in, ax, 0, bins[n][0], &x_offset, &x_plain), yw = label_widths(in, ax, 1, bins[n][1], &y_offset);
        // a text's height (with its pad) when it is set: xlabel/ylabel 4 points from the tick
        // labels, the title 6 above the axes on its baseline
        auto height = [&](const Value& t, double dflt, double pad, bool ascent, bool upper) {
            const MplObj& m = *text_of(t);
            if (m.text.empty()) return 0.0;
            const auto h = line_height(in, fig, m.text, m.font_size > 0 ? m.font_size : dflt, m.styled, ascent);
            return (upper ? h.second : h.first) + pad;
        };
        // x tick labels below the ticks (3.5 + 3.5 points; turned ones as tall as they are wide)
        const auto xh = ax.axis[0].styled_ticks ? std::pair<double, double>{0, 2.5 * xs + 30}
                                                : line_height(in, fig, x_plain ? "0" : "(", xs, false);
        // below them the x label, and the offset text ("+3.5e3", 3 points down) beside it
        const double x_offset_h = x_offset ? 3 + line_height(in, fig, "+1e6", xs, false).second : 0;
        lo.bottom = xh.first + 7 + height(ax.xlabel, label, 4, false, false);
        hi.bottom = (ax.axis[0].rotated ? std::max(xh.second, xw.second * xs) : xh.second) + 7 +
                    std::max(height(ax.xlabel, label, 4, false, true), x_offset_h);
        // y tick labels beside them, the y label turned (its height across)
        const double y_slack = ax.axis[1].styled_ticks ? 30 : 0;
        lo.left = (ax.axis[1].styled_ticks ? 0 : yw.first * ys) + 7 + height(ax.ylabel, label, 4, false, false);
        double past_left = 0.5 * xw.second * xs, past_right = past_left;
        if (refine && ax.index >= 0 && ax.aspect == HUGE_VAL && ax.box_aspect == HUGE_VAL && !ax.colorbar_axes &&
            !ax.axis[0].styled_ticks) {
            // an end label passes the axes' end by at most half its width less its tick's distance
            // from that end, which is least when the axes is shortest
            Decorations l0, m0;
            decorations(in, fig, bins, l0, m0, false);
            const double length = length_after_layout(fig, ax, 0, 1.08 * rc(in, "font.size").a, l0, m0, HUGE_VAL).first;
            past_left = past_right = 0;
            for (const auto& [t, w] : axis_labels(in, ax, 0, bins[n][0])) {
                const auto [v0, v1] = view_interval(in, ax, 0);
                const double lo_v = std::min(v0, v1), hi_v = std::max(v0, v1);
                past_left = std::max(past_left, 0.5 * w * xs - (t - lo_v) / (hi_v - lo_v) * length);
                past_right = std::max(past_right, 0.5 * w * xs - (hi_v - t) / (hi_v - lo_v) * length);
            }
        }
        hi.left = std::max(yw.second * ys * (y_slack > 0 ? 2.5 : 1) + y_slack + 7 + height(ax.ylabel, label, 4, false, true), past_left);
        hi.right = past_right;
        // above: the title; else at most half a y tick label past the top, less its tick's
        // distance from the top at the axes' shortest (and an offset text)
        const double half_y = 0.5 * line_height(in, fig, "0", ys, ax.axis[1].styled_ticks).second;
        double past_top = half_y;
        if (refine && ax.index >= 0 && ax.aspect == HUGE_VAL && ax.box_aspect == HUGE_VAL && !ax.colorbar_axes &&
            !ax.axis[1].styled_ticks) {
            Decorations l0, m0;
            decorations(in, fig, bins, l0, m0, false);
            const double length = length_after_layout(fig, ax, 1, 1.08 * rc(in, "font.size").a, l0, m0, HUGE_VAL).first;
            const auto [v0, v1] = view_interval(in, ax, 1);
            const double lo_v = std::min(v0, v1), hi_v = std::max(v0, v1);
            past_top = 0;
            for (const auto& tw : axis_labels(in, ax, 1, bins[n][1])) {
                // (the top of the axes is the view's upper end, or its lower end when inverted)
                const double from_top = v1 >= v0 ? hi_v - tw.first : tw.first - lo_v;
                past_top = std::max(past_top, half_y - from_top / (hi_v - lo_v) * length);
            }
        }
        const double offset_h = y_offset ? line_height(in, fig, "1e6", ys, false).second + 3.5 : 0;
        lo.top = height(ax.title, title, 6, true, false);
        hi.top = std::max({height(ax.title, title, 6, true, true) + offset_h, past_top + offset_h});
        if (ax.colorbar_axes) {  // its ticks and label on the far side
            const MplObj& cb = *ax.link.as<MplObj>();
            if (cb.orientation == "vertical") {
                lo.right = lo.left, hi.right = hi.left, lo.left = hi.left = 0, lo.bottom = 0, hi.bottom = half_y;
            } else {
                lo.left = 0, hi.left = hi.right;
            }
            lo.top = 0;
        }
        least.shrunk = least.shrunk || ax.aspect != HUGE_VAL || ax.box_aspect != HUGE_VAL;
        least.top = std::min(least.top, lo.top), least.bottom = std::min(least.bottom, lo.bottom);
        least.left = std::min(least.left, lo.left), least.right = std::min(least.right, lo.right);
        most.top = std::max(most.top, hi.top), most.bottom = std::max(most.bottom, hi.bottom);
        most.left = std::max(most.left, hi.left), most.right = std::max(most.right, hi.right);
    }
    if (!fig.title.is_none() && !text_of(fig.title)->text.empty()) {
        const MplObj& t = *text_of(fig.title);
        const auto h = line_height(in, fig, t.text, t.font_size > 0 ? t.font_size : font_points(in, rc(in, "figure.titlesize")), t.styled);
        const double pad = 1.08 * rc(in, "font.size").a;  // tight_layout: its height and a pad
        least.figure_top = h.first + pad;
        most.figure_top = h.second + pad;
    }
}

// The box aspect an axes drawn after the layout keeps (height / width in points), or HUGE_VAL.
double drawn_box_aspect(const MplObj& ax) {
    if (ax.has_active && ax.box_aspect != HUGE_VAL) return ax.box_aspect;
    if (ax.has_active && ax.aspect != HUGE_VAL) {
        const AxisInfo& x = ax.axis[0];
        const AxisInfo& y = ax.axis[1];
        return ax.aspect * std::max(std::fabs(y.view[1] - y.view[0]), 1e-30) / std::max(std::fabs(x.view[1] - x.view[0]), 1e-30);
    }
    return HUGE_VAL;
}

// After tight_layout: the tick counts every axis of the figure may get. Each axis' length is
// bounded from the room the others' labels may take, which is bounded from their tick counts:
// narrowed together until they hold still.
std::vector<std::array<BinRange, 2>> layout_bins(Interp& in, MplObj& fig) {
    const double pad = 1.08 * rc(in, "font.size").a;
    std::vector<std::array<BinRange, 2>> bins(fig.items.size(), {BinRange{1, 9}, BinRange{1, 9}});
    for (int round = 0; round < 4; ++round) {
        Decorations least, most;
        decorations(in, fig, bins, least, most);
        bool moved = false;
        for (std::size_t n = 0; n < fig.items.size(); ++n) {
            const MplObj& ax = *fig.items[n].as<MplObj>();
            if (ax.index < 0) continue;
            for (int which = 0; which < 2; ++which) {
                const auto [shortest, longest] = length_after_layout(fig, ax, which, pad, least, most, drawn_box_aspect(ax));
                const double per = tick_label_points(in, ax, which) * (which == 0 ? 3 : 2);
                auto count = [&](double length) { return length >= 9 * per ? 9 : std::max(1, static_cast<int>(std::floor(length / per))); };
                BinRange& r = bins[n][static_cast<std::size_t>(which)];
                const BinRange next{std::max(r.first, count(shortest)), std::min(r.second, count(longest))};
                if (next.first > next.second) continue;  // (cannot happen with true bounds; keep the wider)
                moved = moved || next != r;
                r = next;
            }
        }
        if (!moved) break;
    }
    return bins;
}

// The automatic ticks; when tight_layout leaves their count open and the counts disagree:
// Unsupported, or with `unmeasured` set, *unmeasured = true and no ticks.
std::vector<double> auto_ticks(Interp& in, MplObj& ax, int which, double v0, double v1, bool* unmeasured) {
    MplObj& fig = figure_of(ax);
    int lo, hi;
    if (fig.layout_line != 0 && ax.has_layout) {
        // the lengths tight_layout may have given it, drawn with its aspect
        double len[2][2];
        std::memcpy(len, ax.layout_len, sizeof len);
        const double box = drawn_box_aspect(ax);
        if (box != HUGE_VAL && box > 0) {  // (height = box * width, in points)
            for (int k = 0; k < 2; ++k) {
                const double w = ax.layout_len[0][k], h = ax.layout_len[1][k];
                len[0][k] = std::min(w, h / box);
                len[1][k] = std::min(h, w * box);
            }
        }
        const double per = tick_label_points(in, ax, which) * (which == 0 ? 3 : 2);
        auto count = [&](double length) { return length >= 9 * per ? 9 : std::max(1, static_cast<int>(std::floor(length / per))); };
        lo = count(len[which][0]), hi = count(len[which][1]);
    } else if (fig.layout_line != 0 && ax.index >= 0) {
        // an axes added after the layout: bounded from the figure as it is now
        const std::vector<std::array<BinRange, 2>> bins = layout_bins(in, fig);
        std::size_t n = 0;
        while (fig.items[n].obj() != &ax) ++n;
        std::tie(lo, hi) = bins[n][static_cast<std::size_t>(which)];
    } else {
        lo = hi = tick_space(fig, ax, which, tick_label_points(in, ax, which));
    }
    lo = std::min(std::max(lo, 1), 9), hi = std::min(std::max(hi, 1), 9);
    std::vector<double> first, other;
    if (!mpl_auto_ticks(v0, v1, lo, first)) not_in_lab(in, "automatic ticks for these limits");
    for (int n = lo + 1; n <= hi; ++n) {
        if (!mpl_auto_ticks(v0, v1, n, other) || other != first) {
            if (unmeasured != nullptr) {
                *unmeasured = true;
                return {};
            }
            throw Unsupported{"matplotlib's automatic ticks after tight_layout() here: how many fit depends on the sizes of the "
                              "texts, which the lab kernel does not measure (set them with set_xticks/set_yticks)",
                              "tight_layout() 뒤의 matplotlib 자동 눈금: 눈금 수가 글자 크기에 달려 있는데 실습 커널은 글자 크기를 "
                              "재지 않습니다 (set_xticks/set_yticks 로 정해 주세요)",
                              fig.layout_line};
        }
    }
    return first;
}

}  // namespace

TickState tick_state(Interp& in, MplObj& ax, int which, bool describing) {
    const auto [v0, v1] = view_interval(in, ax, which);
    const AxisInfo& a = ax.axis[which];
    TickState t;
    if (a.ticks_set) {
        for (const Value& v : a.ticks) {
            double d = 0;
            in.to_float(v, d);
            t.locs.push_back(d);
            t.loc_values.push_back(v);
        }
    } else if (!a.categories.empty()) {
        for (std::size_t k = 0; k < a.categories.size(); ++k) {
            t.locs.push_back(static_cast<double>(k));
            t.loc_values.push_back(Value::integer(static_cast<std::int64_t>(k)));
        }
    } else {
        t.locs = auto_ticks(in, ax, which, v0, v1, describing ? &t.unmeasured : nullptr);
        if (t.unmeasured) return t;
        for (double l : t.locs) t.loc_values.push_back(Value::np_float(l));
    }
    for (double l : t.locs) t.visible.push_back(mpl_interval_contains_close(v0, v1, l));
    if (a.labels_set) {
        for (std::size_t k = 0; k < t.locs.size(); ++k) {
            std::string text;
            if (a.labels_by_position) {
                text = k < a.labels.size() ? a.labels[k].second : "";  // FixedFormatter: by index
            } else {
                for (const auto& [loc, lab] : a.labels) {
                    if (loc == t.locs[k]) text = lab;  // FuncFormatter over a dict: the last one wins
                }
            }
            t.labels.push_back(text);
        }
    } else if (!a.categories.empty()) {
        // StrCategoryFormatter: the category at round(loc)
        for (double l : t.locs) {
            const double r = std::nearbyint(l);
            t.labels.push_back(r >= 0 && r < static_cast<double>(a.categories.size()) && std::fabs(l - r) <= 0.5
                                   ? a.categories[static_cast<std::size_t>(r)]
                                   : "");
        }
    } else {
        mpl_format_ticks(t.locs, v0, v1, rc(in, "axes.unicode_minus").a != 0, t.labels, t.offset);
    }
    return t;
}

namespace {

Value tick_objects(std::size_t n, int which) {
    std::vector<Value> ticks;
    for (std::size_t k = 0; k < n; ++k) ticks.push_back(make_mpl(which == 0 ? Mpl::xtick : Mpl::ytick));
    return make_list(std::move(ticks));
}

// get_xticklabels(): the labels of every major tick (the ones outside the view too).
Value label_texts(const TickState& t, int which) {
    std::vector<Value> out;
    for (std::size_t k = 0; k < t.locs.size(); ++k) {
        out.push_back(which == 0 ? new_text(t.loc_values[k], Value::integer(0), t.labels[k])
                                 : new_text(Value::integer(0), t.loc_values[k], t.labels[k]));
    }
    return make_list(std::move(out));
}

Value set_ticklabels(Interp& in, MplObj& ax, int which, const Value& labels_v) {
    AxisInfo& a = ax.axis[which];
    std::vector<std::string> labels;
    for (const Value& v : in.to_list(labels_v)) {
        MplObj* t = as_mpl(v, Mpl::text);
        labels.push_back(t != nullptr ? t->text : str_arg(in, v));
    }
    if (a.ticks_set) {
        if (a.ticks.size() != labels.size() && !labels.empty()) {
            MplFrames at(in, {MplFrame::axis_set_ticklabels_1890});
            in.raise(types().value_error, "The number of FixedLocator locations (" + std::to_string(a.ticks.size()) +
                                              "), usually from a call to set_ticks, does not match the number of ticklabels (" +
                                              std::to_string(labels.size()) + ").");
        }
        a.labels.clear();
        for (std::size_t k = 0; k < labels.size(); ++k) {
            double d = 0;
            in.to_float(a.ticks[k], d);
            a.labels.emplace_back(d, labels[k]);
        }
        a.labels_by_position = false;
    } else {
        // A FixedFormatter on the automatic (or category) locator: labels by tick index.
        if (!labels.empty()) in.warn(types().user_warning, "FixedFormatter should only be used together with FixedLocator");
        a.labels.clear();
        for (std::size_t k = 0; k < labels.size(); ++k) a.labels.emplace_back(static_cast<double>(k), labels[k]);
        a.labels_by_position = true;
    }
    a.labels_set = true;
    return label_texts(tick_state(in, ax, which), which);
}

Value set_ticks(Interp& in, MplObj& ax, int which, const Value& ticks, const Value& labels, const Value& minor) {
    if (!minor.is_none() && in.truthy(minor)) not_in_lab(in, "minor ticks");
    AxisInfo& a = ax.axis[which];
    std::vector<std::string> strs;
    if (all_strings(ticks, strs)) not_in_lab(in, "ticks given as strings");
    Ref<ArrayObj> t = to_array(in, ticks);
    stored(in, t);
    if (t->ndim() != 1) not_in_lab(in, "ticks that are not a flat list of numbers");
    const std::vector<double> d = t->doubles();
    for (double x : d) {
        if (!std::isfinite(x)) not_in_lab(in, "non-finite tick locations");
    }
    // set_view_interval(min(ticks), max(ticks)): the view grows to take the ticks in
    if (!d.empty()) grow_view(in, ax, which, *std::min_element(d.begin(), d.end()), *std::max_element(d.begin(), d.end()));
    a.ticks.clear();
    a.labels_set = false;
    const bool had_labels = !a.labels.empty() && !a.labels_by_position;
    for (std::int64_t k = 0; k < t->size(); ++k) a.ticks.push_back(t->get_scalar(k));
    if (had_labels) a.labels_set = true;  // the earlier labels' formatter stays (by location)
    a.ticks_set = true;
    const std::size_t n = a.ticks.size();
    if (!labels.is_none()) {
        MplFrames at(in, {MplFrame::axis_set_ticks_2032});
        set_ticklabels(in, ax, which, labels);
    }
    return tick_objects(n, which);
}

// Text keywords of set_xticks(labels=...) and xticks(): a rotation changes how much room the
// labels take (tight_layout), the rest how they look.
void tick_text_kwargs(Interp& in, PyArgs& p, AxisInfo& a) {
    Value v;
    if (p.take("rotation", v) && !v.is_none()) {
        double deg = 0;
        if (v.as<StrObj>() != nullptr) a.rotated = v.as<StrObj>()->s == "vertical";
        else a.rotated = (in.to_float(v, deg), deg != 0);
    }
    p.take("ha", v, "horizontalalignment"), p.take("va", v, "verticalalignment");
    for (const char* k : {"fontsize", "size", "fontweight", "weight", "fontfamily", "family", "fontdict"}) {
        if (p.take(k, v) && !v.is_none()) a.styled_ticks = true;
    }
}

Value ax_set_ticks(Interp& in, Args& a, int which) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    MplFrames frames(in, {MplFrame::base_wrapper_73});
    PyArgs p(in, a, qual(which == 0 ? "set_xticks" : "set_yticks"), {"self", "ticks", "labels", "*", "minor", "**"}, 2);
    tick_text_kwargs(in, p, ax.axis[which]);
    p.finish();
    return set_ticks(in, ax, which, p[1], p[2], p[3]);
}
Value ax_set_xticks(Interp& in, Args& a) { return ax_set_ticks(in, a, 0); }
Value ax_set_yticks(Interp& in, Args& a) { return ax_set_ticks(in, a, 1); }

Value ax_set_ticklabels(Interp& in, Args& a, int which) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    MplFrames frames(in, {MplFrame::base_wrapper_73, MplFrame::axis_set_ticklabels_1968});
    PyArgs p(in, a, qual(which == 0 ? "set_xticklabels" : "set_yticklabels"), {"self", "labels", "*", "fontdict", "minor", "**"}, 2);
    if (p.given(3) && in.truthy(p[3])) not_in_lab(in, "minor ticks");
    tick_text_kwargs(in, p, ax.axis[which]);
    p.finish();
    return set_ticklabels(in, ax, which, p[1]);
}
Value ax_set_xticklabels(Interp& in, Args& a) { return ax_set_ticklabels(in, a, 0); }
Value ax_set_yticklabels(Interp& in, Args& a) { return ax_set_ticklabels(in, a, 1); }

Value ax_get_ticks(Interp& in, Args& a, int which) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    PyArgs p(in, a, qual(which == 0 ? "get_xticks" : "get_yticks"), {"self", "*", "minor"}, 1);
    if (p.given(1) && in.truthy(p[1])) not_in_lab(in, "minor ticks");
    const AxisInfo& ai = ax.axis[which];
    if (ai.ticks_set) return to_array(in, make_list(ai.ticks));
    TickState t = tick_state(in, ax, which);
    if (!ai.categories.empty()) return make_list(t.loc_values);  // StrCategoryLocator returns a list
    return to_array_value(t.locs);
}
Value ax_get_xticks(Interp& in, Args& a) { return ax_get_ticks(in, a, 0); }
Value ax_get_yticks(Interp& in, Args& a) { return ax_get_ticks(in, a, 1); }

Value ax_get_ticklabels(Interp& in, Args& a, int which) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    PyArgs p(in, a, qual(which == 0 ? "get_xticklabels" : "get_yticklabels"), {"self", "minor", "which"}, 1);
    if (p.given(1) && in.truthy(p[1])) not_in_lab(in, "minor ticks");
    return label_texts(tick_state(in, ax, which), which);
}
Value ax_get_xticklabels(Interp& in, Args& a) { return ax_get_ticklabels(in, a, 0); }
Value ax_get_yticklabels(Interp& in, Args& a) { return ax_get_ticklabels(in, a, 1); }

// Axis._set_lim: a missing limit is the current one; non-finite limits raise.
Value set_lim(Interp& in, MplObj& ax, int which, Value lo, Value hi, const Value& auto_v) {
    double v[2];
    const Value* given[2] = {&lo, &hi};
    for (int k = 0; k < 2; ++k) {
        if (given[k]->is_none()) continue;
        v[k] = float_arg(in, *given[k], "limit");
        if (!std::isfinite(v[k])) {
            MplFrames at(in, {k == 0 ? MplFrame::axis_set_lim_1112 : MplFrame::axis_set_lim_1113,
                              MplFrame::base_validate_converted_limits_3606});
            in.raise(types().value_error, "Axis limits cannot be NaN or Inf");
        }
    }
    if (lo.is_none() || hi.is_none()) {
        const auto [old0, old1] = view_interval(in, ax, which);
        if (lo.is_none()) v[0] = old0;
        if (hi.is_none()) v[1] = old1;
    }
    const int auto_on = auto_v.is_none() ? -1 : in.truthy(auto_v) ? 1 : 0;
    const auto [v0, v1] = set_view(in, ax, which, v[0], v[1], auto_on, true);
    return make_tuple({Value::floating(v0), Value::floating(v1)});
}

Value ax_set_lim(Interp& in, Args& a, int which) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    PyArgs p(in, a, qual(which == 0 ? "set_xlim" : "set_ylim"),
             which == 0 ? std::initializer_list<const char*>{"self", "left", "right", "*", "emit", "auto", "xmin", "xmax"}
                        : std::initializer_list<const char*>{"self", "bottom", "top", "*", "emit", "auto", "ymin", "ymax"}, 1);
    Value lo = p[1], hi = p[2];
    if (hi.is_none() && !lo.is_none() && in.is_iterable(lo)) {
        std::vector<Value> pair = in.to_list(lo);
        if (pair.size() != 2) {
            in.raise(types().value_error, std::string(pair.size() > 2 ? "too many values to unpack (expected 2)"
                                                                       : "not enough values to unpack (expected 2, got " + std::to_string(pair.size()) + ")"));
        }
        lo = pair[0], hi = pair[1];
    }
    const char* names[2][2] = {{"left", "right"}, {"bottom", "top"}};
    if (p.given(5)) {
        if (!lo.is_none()) in.raise(types().type_error, std::string("Cannot pass both '") + names[which][0] + "' and '" + (which ? "ymin" : "xmin") + "'");
        lo = p[5];
    }
    if (p.given(6)) {
        if (!hi.is_none()) in.raise(types().type_error, std::string("Cannot pass both '") + names[which][1] + "' and '" + (which ? "ymax" : "xmax") + "'");
        hi = p[6];
    }
    MplFrames frames(in, {MplFrame::deprecation_wrapper_454, which == 0 ? MplFrame::base_set_xlim_3686 : MplFrame::base_set_ylim_3918});
    return set_lim(in, ax, which, lo, hi, p.passed(4) ? p[4] : Value::boolean(false));
}
Value ax_set_xlim(Interp& in, Args& a) { return ax_set_lim(in, a, 0); }
Value ax_set_ylim(Interp& in, Args& a) { return ax_set_lim(in, a, 1); }

Value get_lim(Interp& in, MplObj& ax, int which) {
    const auto [v0, v1] = view_interval(in, ax, which);
    return make_tuple({Value::np_float(v0), Value::np_float(v1)});
}
Value ax_get_xlim(Interp& in, Args& a) { return get_lim(in, self_of(in, a, Mpl::axes), 0); }
Value ax_get_ylim(Interp& in, Args& a) { return get_lim(in, self_of(in, a, Mpl::axes), 1); }

Value ax_set_scale(Interp& in, Args& a, int which) {
    self_of(in, a, Mpl::axes);
    PyArgs p(in, a, qual(which == 0 ? "set_xscale" : "set_yscale"), {"self", "value", "**"}, 2);
    p.finish();
    const std::string scale = str_arg(in, p[1]);
    if (scale == "linear") return Value();
    if (scale == "log" || scale == "symlog" || scale == "logit" || scale == "function" || scale == "functionlog" || scale == "asinh") {
        not_in_lab(in, scale + " scales (the lab draws linear axes)", scale + " 눈금 축 (실습은 선형 축만 그립니다)");
    }
    in.raise(types().value_error, str_repr(scale) + " is not a valid value for scale; supported values are 'asinh', 'function', "
                                                     "'functionlog', 'linear', 'log', 'logit', 'symlog'");
}
Value ax_set_xscale(Interp& in, Args& a) { return ax_set_scale(in, a, 0); }
Value ax_set_yscale(Interp& in, Args& a) { return ax_set_scale(in, a, 1); }

Value ax_grid(Interp& in, Args& a) {
    self_of(in, a, Mpl::axes);
    PyArgs p(in, a, qual("grid"), {"self", "visible", "which", "axis", "**"}, 1);
    Value ignored;
    p.take("color", ignored, "c"), p.take("linestyle", ignored, "ls"), p.take("alpha", ignored), p.take("linewidth", ignored, "lw");
    p.finish();
    return Value();
}

Value ax_cosmetic(Interp& in, Args& a) {
    (void)in, (void)a;
    return Value();  // set_aspect, tick_params, minorticks_on: how the axes look, not what they show
}

// Axes.margins: set (x, y) and with them _tight, or read them back.
Value ax_margins(Interp& in, Args& a) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    std::vector<Value> args(a.positional().begin() + 1, a.positional().end());
    a.positional().resize(1);
    PyArgs p(in, a, qual("margins"), {"self", "*", "x", "y", "tight"}, 1);
    Value m[2] = {p[1], p[2]};
    if (!args.empty() && (!m[0].is_none() || !m[1].is_none())) {
        in.raise(types().type_error, "Cannot pass both positional and keyword arguments for x and/or y.");
    }
    if (args.size() == 1) m[0] = m[1] = args[0];
    else if (args.size() == 2) m[0] = args[0], m[1] = args[1];
    else if (args.size() > 2) {
        in.raise(types().type_error, "Must pass a single positional argument for all margins, or one for each margin (x, y).");
    }
    if (m[0].is_none() && m[1].is_none()) {
        if (p.given(3) && !(p[3].is_bool() && p[3].as_bool())) not_in_lab(in, "margins(tight=...) in get mode");
        return make_tuple({Value::floating(ax.axis[0].margin), Value::floating(ax.axis[1].margin)});
    }
    if (!p.given(3)) ax.tight = true;
    else if (!p[3].is_none()) ax.tight = in.truthy(p[3]);
    for (int k = 0; k < 2; ++k) {
        if (m[k].is_none()) continue;
        const double v = float_arg(in, m[k], "margin");
        if (v <= -0.5) in.raise(types().value_error, "margin must be greater than -0.5");
        ax.axis[k].margin = v;
        request_autoscale(ax, k);
    }
    return Value();
}

// Axis.set_inverted(not get_inverted()): the view's ends swapped, autoscaling kept.
Value ax_invert(Interp& in, Args& a, int which) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    const auto [v0, v1] = view_interval(in, ax, which);
    const bool inverted = !(v1 < v0);
    const double lo = std::min(v0, v1), hi = std::max(v0, v1);
    set_view(in, ax, which, inverted ? hi : lo, inverted ? lo : hi, -1, true);
    return Value();
}
Value ax_invert_xaxis(Interp& in, Args& a) { return ax_invert(in, a, 0); }
Value ax_invert_yaxis(Interp& in, Args& a) { return ax_invert(in, a, 1); }

Value ax_axis(Interp& in, Args& a) {
    MplObj& ax = self_of(in, a, Mpl::axes);
    std::vector<Value> args(a.positional().begin() + 1, a.positional().end());
    a.positional().resize(1);
    PyArgs p(in, a, qual("axis"), {"self", "*", "emit", "xmin", "xmax", "ymin", "ymax"}, 1);
    if (args.size() > 1) {
        in.raise(types().type_error, "axis() takes 0 or 1 positional arguments but " + std::to_string(args.size()) + " were given");
    }
    if (args.size() == 1 && (args[0].as<StrObj>() != nullptr || args[0].is_bool())) {
        std::string s = args[0].is_bool() ? (args[0].as_bool() ? "on" : "off") : args[0].as<StrObj>()->s;
        for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (s != "on" && s != "off") {
            if (s == "equal" || s == "tight" || s == "scaled" || s == "auto" || s == "image" || s == "square") {
                not_in_lab(in, "axis('" + s + "') (it recomputes the limits)");
            }
            in.raise(types().value_error, "Unrecognized string " + str_repr(s) + " to axis; try 'on' or 'off'");
        }
    } else if (args.size() == 1 || p.given(2) || p.given(3) || p.given(4) || p.given(5)) {
        Value lim[4] = {p[2], p[3], p[4], p[5]};
        if (args.size() == 1) {
            std::vector<Value> l = in.is_iterable(args[0]) ? in.to_list(args[0]) : std::vector<Value>{};
            if (l.size() != 4) in.raise(types().type_error, "the first argument to axis() must be an iterable of the form [xmin, xmax, ymin, ymax]");
            for (int k = 0; k < 4; ++k) lim[k] = l[static_cast<std::size_t>(k)];
        }
        if (!lim[0].is_none() || !lim[1].is_none()) set_lim(in, ax, 0, lim[0], lim[1], Value::boolean(lim[0].is_none() && lim[1].is_none()));
        if (!lim[2].is_none() || !lim[3].is_none()) set_lim(in, ax, 1, lim[2], lim[3], Value::boolean(lim[2].is_none() && lim[3].is_none()));
    }
    const auto [x0, x1] = view_interval(in, ax, 0);
    const auto [y0, y1] = view_interval(in, ax, 1);
    return make_tuple({Value::np_float(x0), Value::np_float(x1), Value::np_float(y0), Value::np_float(y1)});
}

// Axes.set(title=..., xlabel=..., xlim=...): each property's setter, results in a list.
Value ax_set(Interp& in, Args& a) {
    self_of(in, a, Mpl::axes);
    if (a.size() > 1) in.raise(types().type_error, "Artist.set() takes 1 positional argument but " + std::to_string(a.size()) + " were given");
    std::vector<Value> results;
    for (auto& [key, value] : a.keywords()) {
        static const struct {
            const char* name;
            NativeFn fn;
        } setters[] = {{"title", ax_set_title}, {"xlabel", ax_set_xlabel}, {"ylabel", ax_set_ylabel}, {"xlim", ax_set_xlim},
                       {"ylim", ax_set_ylim}, {"xticks", ax_set_xticks}, {"yticks", ax_set_yticks},
                       {"xticklabels", ax_set_xticklabels}, {"yticklabels", ax_set_yticklabels},
                       {"xscale", ax_set_xscale}, {"yscale", ax_set_yscale}};
        NativeFn fn = nullptr;
        for (const auto& s : setters) {
            if (key == s.name) fn = s.fn;
        }
        if (fn == nullptr) {
            if (key == "aspect" || key == "facecolor") {
                results.push_back(Value());
                continue;
            }
            not_in_lab(in, "Axes.set(" + key + "=...)");
        }
        Args one({a[0], value});
        results.push_back(fn(in, one));
    }
    return make_list(std::move(results));
}

// ---------------------------------------------------------------------------------------------
// Figures

// SubplotSpec._from_subplot_args: (rows, cols, index from 0).
void subplot_args(Interp& in, const std::vector<Value>& args, int& rows, int& cols, int& index) {
    std::vector<std::int64_t> n;
    if (args.empty()) {
        n = {1, 1, 1};
    } else if (args.size() == 1) {
        if (!args[0].is_int() && args[0].kind() != Kind::np_int) not_in_lab(in, "subplot specifications other than numbers");
        const std::int64_t v = in.index(args[0]);
        if (v < 100 || v > 999) in.raise(types().value_error, "Single argument to subplot must be a three-digit integer, not " + std::to_string(v));
        n = {v / 100, v / 10 % 10, v % 10};
    } else if (args.size() == 3) {
        for (int k = 0; k < 2; ++k) {
            const Value& v = args[static_cast<std::size_t>(k)];
            if (!(v.is_int() || v.kind() == Kind::np_int) || in.index(v) <= 0) {
                in.raise(types().value_error, std::string(k == 0 ? "Number of rows" : "Number of columns") +
                                                  " must be a positive integer, not " + in.repr(v));
            }
            n.push_back(in.index(v));
        }
        if (args[2].as<TupleObj>() != nullptr) not_in_lab(in, "subplots spanning several cells");
        if (!(args[2].is_int_like() || args[2].kind() == Kind::np_int)) {
            in.raise(types().value_error, "num must be an integer with 1 <= num <= " + std::to_string(n[0] * n[1]) + ", not " + in.repr(args[2]));
        }
        n.push_back(in.index(args[2]));
    } else {
        in.raise(types().type_error, "subplot() takes 1 or 3 positional arguments but " + std::to_string(args.size()) + " were given");
    }
    if (n[0] <= 0 || n[1] <= 0) {
        in.raise(types().value_error, std::string(n[0] <= 0 ? "Number of rows" : "Number of columns") + " must be a positive integer, not " +
                                          std::to_string(n[0] <= 0 ? n[0] : n[1]));
    }
    if (n[2] < 1 || n[2] > n[0] * n[1]) {
        in.raise(types().value_error, "num must be an integer with 1 <= num <= " + std::to_string(n[0] * n[1]) + ", not " + std::to_string(n[2]));
    }
    rows = static_cast<int>(n[0]), cols = static_cast<int>(n[1]), index = static_cast<int>(n[2] - 1);
}

// Keywords of add_subplot/subplot that set Axes properties.
void axes_kwargs(Interp& in, const Value& ax, std::vector<std::pair<std::string, Value>>& kw) {
    if (kw.empty()) return;
    for (const auto& [key, value] : kw) {
        if (key == "projection" || key == "polar" || key == "label" || key == "sharex" || key == "sharey") {
            not_in_lab(in, "subplots with " + key + "=");
        }
    }
    Args set_args({ax}, kw);
    ax_set(in, set_args);
}

Value fig_add_subplot(Interp& in, Args& a) {
    MplObj& fig = self_of(in, a, Mpl::figure);
    std::vector<Value> args(a.positional().begin() + 1, a.positional().end());
    int rows, cols, index;
    subplot_args(in, args, rows, cols, index);
    Ref<MplObj> ax = add_axes(in, fig, rows, cols, index);
    axes_kwargs(in, ax, a.keywords());
    return ax;
}

Value fig_add_axes(Interp& in, Args& a) {
    MplObj& fig = self_of(in, a, Mpl::figure);
    if (a.size() != 2 || a.has_keywords()) not_in_lab(in, "add_axes() other than add_axes([left, bottom, width, height])");
    std::vector<Value> r = in.to_list(a[1]);
    if (r.size() != 4) in.raise(types().value_error, "rect must be a sequence of four numbers");
    double rect[4];
    for (int k = 0; k < 4; ++k) rect[k] = float_arg(in, r[static_cast<std::size_t>(k)], "rect");
    return add_axes(in, fig, 0, 0, -1, rect);
}

Value make_axes_grid(Interp& in, MplObj& fig, std::int64_t nrows, std::int64_t ncols, bool squeeze) {
    if (nrows <= 0 || ncols <= 0) {
        MplFrames at(in, {MplFrame::figure_subplots_894, MplFrame::figure_add_gridspec_1519, MplFrame::gridspec_init_388,
                          nrows <= 0 ? MplFrame::gridspec_init_49 : MplFrame::gridspec_init_52});
        if (nrows <= 0) in.raise(types().value_error, "Number of rows must be a positive integer, not " + std::to_string(nrows));
        in.raise(types().value_error, "Number of columns must be a positive integer, not " + std::to_string(ncols));
    }
    std::vector<Value> axes;
    for (std::int64_t k = 0; k < nrows * ncols; ++k) {
        axes.push_back(add_axes(in, fig, static_cast<int>(nrows), static_cast<int>(ncols), static_cast<int>(k)));
    }
    if (squeeze && nrows == 1 && ncols == 1) return axes[0];
    Ref<MplObj> arr = make_mpl(Mpl::axes_array);
    arr->items = std::move(axes);
    if (squeeze && (nrows == 1 || ncols == 1)) arr->shape = {nrows * ncols};
    else arr->shape = {nrows, ncols};
    return arr;
}

Value subplots_on(Interp& in, MplObj& fig, PyArgs& p) {
    // (self/fig), nrows, ncols, sharex, sharey, squeeze, width_ratios, height_ratios, subplot_kw, gridspec_kw
    const std::int64_t nrows = p.passed(1) ? in.index(p[1]) : 1, ncols = p.passed(2) ? in.index(p[2]) : 1;
    for (int k : {3, 4}) {
        if (p.passed(k) && !(p[k].is_bool() && !p[k].as_bool()) && !(p[k].as<StrObj>() && p[k].as<StrObj>()->s == "none")) {
            not_in_lab(in, "shared axes (sharex, sharey)");
        }
    }
    for (int k : {6, 7, 8, 9}) {
        if (p.given(k) && !(p[k].as<DictObj>() && p[k].as<DictObj>()->size() == 0)) {
            not_in_lab(in, "width_ratios, height_ratios, subplot_kw and gridspec_kw");
        }
    }
    return make_axes_grid(in, fig, nrows, ncols, !p.passed(5) || in.truthy(p[5]));
}

Value fig_subplots(Interp& in, Args& a) {
    MplObj& fig = self_of(in, a, Mpl::figure);
    PyArgs p(in, a, "FigureBase.subplots", {"self", "nrows", "ncols", "*", "sharex", "sharey", "squeeze", "width_ratios",
                                            "height_ratios", "subplot_kw", "gridspec_kw"}, 1);
    return subplots_on(in, fig, p);
}

Value fig_suptitle(Interp& in, Args& a) {
    MplObj& fig = self_of(in, a, Mpl::figure);
    PyArgs p(in, a, "FigureBase.suptitle", {"self", "t", "**"}, 2);
    Value x, y;
    const bool has_x = p.take("x", x), has_y = p.take("y", y);
    if (fig.title.is_none()) fig.title = new_text(Value::floating(0.5), Value::floating(0.98), "");
    Ref<MplObj> t = text_of(fig.title);
    t->text = str_arg(in, p[1]);
    if (has_x) t->x = x;
    if (has_y) t->y = y;
    text_props(in, p, *t);
    return t;
}

// Colorbar._draw_all: the norm made nonsingular (expander 0.1), the long axis' view from vmin to
// vmin + 1.0 * (vmax - vmin) (the inverse norm at the last boundary), the short one (0, 1).
void colorbar_update(Interp& in, MplObj& cb) {
    MplObj& im = *cb.link.as<MplObj>();
    std::tie(im.vmin, im.vmax) = mpl_nonsingular(im.vmin, im.vmax, 0.1);
    MplObj& cax = *cb.parent.as<MplObj>();
    const int along = cb.orientation == "vertical" ? 1 : 0;
    set_view(in, cax, 1 - along, 0, 1, 0, true);
    set_view(in, cax, along, im.vmin, im.vmin + 1.0 * (im.vmax - im.vmin), 0, true);
}

// make_axes_gridspec: the parent's cell split in two (the parent, then the colorbar's part,
// itself split in three for `shrink`), as GridSpecFromSubplotSpec lays them out.
Value colorbar_for(Interp& in, MplObj& fig, const Value& mappable, const Value& cax, const Value& ax_v, PyArgs& p) {
    MplObj* im = as_mpl(mappable, Mpl::image);
    if (im == nullptr) not_in_lab(in, "colorbars for anything but imshow images");
    if (!cax.is_none()) not_in_lab(in, "colorbar(cax=...)");
    Value label, orientation, v;
    p.take("label", label);
    p.take("orientation", orientation);
    if (p.take("location", v) || p.take("ticks", v) || p.take("boundaries", v) || p.take("values", v) || p.take("anchor", v) ||
        p.take("panchor", v) || p.take("extend", v) || p.take("format", v)) {
        not_in_lab(in, "colorbar location, anchor, extend, format, ticks, boundaries and values");
    }
    double fraction = 0.15, shrink = 1.0;
    Value fraction_v, shrink_v, pad_v, aspect_v;
    if (p.take("fraction", fraction_v)) fraction = float_arg(in, fraction_v, "fraction");
    if (p.take("shrink", shrink_v)) shrink = float_arg(in, shrink_v, "shrink");
    p.take("pad", pad_v);
    p.take("aspect", aspect_v);  // the box's aspect: applied when drawn, which the kernel does not
    p.finish();
    const std::string orient = orientation.is_none() ? "vertical" : str_arg(in, orientation);
    check_in(in, orient, {"vertical", "horizontal"}, "orientation");
    const bool vertical = orient == "vertical";
    const double pad = pad_v.is_none() ? (vertical ? 0.05 : 0.15) : float_arg(in, pad_v, "pad");
    MplObj* parent = nullptr;
    if (ax_v.is_none()) {
        parent = im->parent.as<MplObj>();
        if (parent == nullptr) in.raise(types().value_error, "Unable to determine Axes to steal space for Colorbar.");
    } else if (MplObj* one = as_mpl(ax_v, Mpl::axes)) {
        parent = one;
    } else {
        not_in_lab(in, "colorbar(ax=...) for several axes (one colorbar per axes: fig.colorbar(im, ax=ax))");
    }
    if (parent->index < 0) not_in_lab(in, "colorbars for axes made by add_axes (only for subplots)");
    if (&figure_of(*parent) != &fig) not_in_lab(in, "a colorbar in another figure than its axes'");
    const double wh_space = 2 * pad / (1 - pad);
    GridLevel split;  // the parent's cell: parent first, colorbar second
    GridLevel inner;  // the colorbar's part, shrunk about its middle
    if (vertical) {
        split.nrows = 1, split.ncols = 2, split.wspace = wh_space, split.hspace = fig.pars[5];
        split.width_ratios = {1 - fraction - pad, fraction};
        inner.nrows = 3, inner.ncols = 1, inner.row = 1, inner.hspace = 0, inner.wspace = fig.pars[4];
        inner.height_ratios = {(1 - 0.5) * (1 - shrink), shrink, 0.5 * (1 - shrink)};
    } else {
        split.nrows = 2, split.ncols = 1, split.hspace = wh_space, split.wspace = fig.pars[4];
        split.height_ratios = {1 - fraction - pad, fraction};
        inner.nrows = 1, inner.ncols = 3, inner.col = 1, inner.wspace = 0, inner.hspace = fig.pars[5];
        inner.width_ratios = {0.5 * (1 - shrink), shrink, (1 - 0.5) * (1 - shrink)};
    }
    Value current = fig.x;
    Ref<MplObj> cax_obj = add_axes(in, fig, parent->rows, parent->cols, parent->index);
    cax_obj->nested = parent->nested;
    GridLevel cb_part = split;
    (vertical ? cb_part.col : cb_part.row) = 1;
    cax_obj->nested.push_back(cb_part);
    cax_obj->nested.push_back(inner);
    parent->nested.push_back(split);
    parent->has_active = false;
    // panchor for the parent, anchor and a box aspect of 20 (1/20 lying down) for the colorbar
    parent->anchor[0] = vertical ? 1.0 : 0.5, parent->anchor[1] = vertical ? 0.5 : 0.0;
    cax_obj->anchor[0] = vertical ? 0.0 : 0.5, cax_obj->anchor[1] = vertical ? 0.5 : 1.0;
    const double box = aspect_v.is_none() ? 20.0 : float_arg(in, aspect_v, "aspect");
    cax_obj->box_aspect = vertical ? box : 1 / box;
    cax_obj->colorbar_axes = true;
    fig.x = current;  // the current axes stay what they were
    Ref<MplObj> cb = make_mpl(Mpl::colorbar);
    cb->link = mappable;
    cb->parent = cax_obj;
    cb->orientation = orient;
    // Colorbar.set_label: the label is the long axis' own label
    text_of(vertical ? cax_obj->ylabel : cax_obj->xlabel)->text = label.is_none() ? "" : str_arg(in, label);
    cax_obj->link = cb;
    im->link = cb;
    colorbar_update(in, *cb);
    return cb;
}

Value fig_colorbar(Interp& in, Args& a) {
    MplObj& fig = self_of(in, a, Mpl::figure);
    PyArgs p(in, a, "FigureBase.colorbar", {"self", "mappable", "cax", "ax", "use_gridspec", "**"}, 2);
    return colorbar_for(in, fig, p[1], p[2], p[3], p);
}

// The subplots' positions moved to their cells again (Axes._set_position on both positions).
void reset_positions(MplObj& fig) {
    for (const Value& v : fig.items) {
        MplObj& ax = *v.as<MplObj>();
        if (ax.index >= 0) ax.has_active = false;
    }
}

// tight_layout measures the texts with a renderer, which the kernel has not: the subplot
// parameters it picks stay unknown, and what depends on them is bounded (auto_ticks).
Value fig_tight_layout(Interp& in, Args& a) {
    MplObj& fig = self_of(in, a, Mpl::figure);
    PyArgs p(in, a, "Figure.tight_layout", {"self", "*", "pad", "h_pad", "w_pad", "rect"}, 1);
    if (p.given(1) || p.given(2) || p.given(3) || p.given(4)) not_in_lab(in, "tight_layout(pad=, h_pad=, w_pad=, rect=)");
    bool subplots = false;
    for (const Value& v : fig.items) subplots = subplots || v.as<MplObj>()->index >= 0;
    if (!subplots) return Value();
    // What it measures: each axes as drawn now (with its aspect) and its ticks for that size
    // (known exactly unless an earlier layout left the size bounded), and the texts set so far.
    std::vector<std::array<BinRange, 2>> bins;
    const bool laid_out = fig.layout_line != 0;
    std::vector<std::array<BinRange, 2>> earlier;
    if (laid_out) earlier = layout_bins(in, fig);
    for (std::size_t n = 0; n < fig.items.size(); ++n) {
        MplObj& ax = *fig.items[n].as<MplObj>();
        const bool had = ax.has_active;
        const std::array<double, 4> was = ax.active;
        if (ax.aspect != HUGE_VAL || ax.box_aspect != HUGE_VAL) {
            const auto [x0, x1] = view_interval(in, ax, 0);
            const auto [y0, y1] = view_interval(in, ax, 1);
            ax.active = apply_aspect(fig, ax, std::max(std::fabs(y1 - y0), 1e-30) / std::max(std::fabs(x1 - x0), 1e-30));
            ax.has_active = true;
        }
        std::array<BinRange, 2> b;
        for (int which = 0; which < 2; ++which) {
            if (laid_out && ax.index >= 0) {
                b[static_cast<std::size_t>(which)] = earlier[n][static_cast<std::size_t>(which)];
            } else {
                const int k = std::min(std::max(tick_space(fig, ax, which, tick_label_points(in, ax, which)), 1), 9);
                b[static_cast<std::size_t>(which)] = {k, k};
            }
        }
        bins.push_back(b);
        ax.has_active = had, ax.active = was;
    }
    Decorations least, most;
    decorations(in, fig, bins, least, most);
    const double pad = 1.08 * rc(in, "font.size").a;
    for (const Value& v : fig.items) {
        MplObj& ax = *v.as<MplObj>();
        if (ax.index < 0) continue;
        for (int which = 0; which < 2; ++which) {
            const auto [shortest, longest] = length_after_layout(fig, ax, which, pad, least, most, HUGE_VAL);
            if (!(shortest > 0)) {
                not_in_lab(in, "tight_layout() on a figure this small for its texts (matplotlib may leave it unapplied, with a warning)",
                           "글자에 비해 이렇게 작은 그림의 tight_layout() (matplotlib 이 경고와 함께 적용하지 않을 수 있습니다)");
            }
            ax.layout_len[which][0] = shortest, ax.layout_len[which][1] = longest;
        }
        ax.has_layout = true;
    }
    fig.layout_line = in.current_line();
    reset_positions(fig);
    return Value();
}

// SubplotParams.update, then every subplot moved to its cell.
Value fig_subplots_adjust(Interp& in, Args& a) {
    MplObj& fig = self_of(in, a, Mpl::figure);
    PyArgs p(in, a, "FigureBase.subplots_adjust", {"self", "left", "bottom", "right", "top", "wspace", "hspace"}, 1);
    p.finish();
    // (left, bottom, right, top, wspace, hspace) as given -> pars' order
    const int slot[] = {0, 2, 1, 3, 4, 5};
    double v[6];
    bool given[6];
    for (int k = 0; k < 6; ++k) {
        given[k] = !p[static_cast<std::size_t>(k + 1)].is_none();
        v[k] = given[k] ? float_arg(in, p[static_cast<std::size_t>(k + 1)], "subplots_adjust") : fig.pars[slot[k]];
    }
    if (v[0] >= v[2]) in.raise(types().value_error, "left cannot be >= right");
    if (v[1] >= v[3]) in.raise(types().value_error, "bottom cannot be >= top");
    bool all = true;
    for (int k = 0; k < 6; ++k) {
        if (given[k]) fig.pars[slot[k]] = v[k];
        all = all && given[k];
    }
    if (all) fig.layout_line = 0;  // every parameter known again
    reset_positions(fig);
    return Value();
}

Value inches(const MplObj& fig) {
    Ref<ArrayObj> out = ArrayObj::empty(DType::float64, {2});
    out->storage->f()[0] = fig.box[0], out->storage->f()[1] = fig.box[1];
    return out;
}

Value fig_get_size_inches(Interp& in, Args& a) { return inches(self_of(in, a, Mpl::figure)); }

Value fig_set_size_inches(Interp& in, Args& a) {
    MplObj& fig = self_of(in, a, Mpl::figure);
    PyArgs p(in, a, "Figure.set_size_inches", {"self", "w", "h", "forward"}, 2);
    Value w = p[1], h = p[2];
    if (h.is_none()) {
        std::vector<Value> wh = in.to_list(w);
        if (wh.size() != 2) in.raise(types().value_error, "not enough values to unpack (expected 2, got " + std::to_string(wh.size()) + ")");
        w = wh[0], h = wh[1];
    }
    const double wv = float_arg(in, w, "w"), hv = float_arg(in, h, "h");
    if (!(std::isfinite(wv) && std::isfinite(hv)) || wv < 0 || hv < 0) {
        in.raise(types().value_error, "figure size must be positive finite not (" + g(wv) + ", " + g(hv) + ")");
    }
    fig.box[0] = wv, fig.box[1] = hv;
    return Value();
}

Value fig_gca(Interp& in, Args& a) {
    MplObj& fig = self_of(in, a, Mpl::figure);
    if (auto* ax = fig.x.as<MplObj>()) return Value(static_cast<Object*>(ax));
    return add_axes(in, fig, 1, 1, 0);
}

Value fig_clf(Interp& in, Args& a) {
    MplObj& fig = self_of(in, a, Mpl::figure);
    for (Value& ax : fig.items) ax.as<MplObj>()->parent = Value();
    fig.items.clear();
    fig.x = Value();
    fig.title = Value();
    return Value();
}

Value fig_not_in_lab(Interp& in, Args& a) {
    (void)a;
    not_in_lab(in, "savefig and show on a figure (the lab page shows figures itself)");
}

// ---------------------------------------------------------------------------------------------
// Showing figures

std::map<std::string, std::string> figure_bundle(Interp& in, MplObj& fig) {
    std::map<std::string, std::string> bundle;
    bundle["text/plain"] = figure_repr(fig);
    bundle["application/vnd.transformer-lab.figure+json"] = figure_json(in, fig);
    std::string chart = chart_json(in, fig);
    if (!chart.empty()) bundle["application/vnd.transformer-lab.chart+json"] = std::move(chart);
    return bundle;
}

// Figure.draw, as pyplot's draw_all runs it when a notebook cell ends: autoscaling, and each axes'
// apply_aspect (an image's axes shrink to its aspect, a colorbar to its box aspect).
void draw_figure(Interp& in, MplObj& fig) {
    for (const Value& v : fig.items) {
        MplObj& ax = *v.as<MplObj>();
        const auto [x0, x1] = view_interval(in, ax, 0);
        const auto [y0, y1] = view_interval(in, ax, 1);
        if (ax.aspect == HUGE_VAL && ax.box_aspect == HUGE_VAL) {
            ax.has_active = false;
            continue;
        }
        const double ratio = std::max(std::fabs(y1 - y0), 1e-30) / std::max(std::fabs(x1 - x0), 1e-30);
        ax.active = apply_aspect(fig, ax, ratio);
        ax.has_active = true;
    }
}

// matplotlib_inline's show(close=True): every open figure is displayed, then all are closed. At
// the end of a cell the figures are drawn first (`drawn`); plt.show() shows them as they are.
void show_open_figures(Interp& in, bool drawn) {
    MplObj* s = state(in).obj;
    std::vector<Value> figures;
    figures.swap(s->items);
    for (const Value& f : figures) {
        if (drawn) draw_figure(in, *f.as<MplObj>());
        in.out().display(figure_bundle(in, *f.as<MplObj>()), false);
    }
}

// A notebook cell (not a script) runs under Jupyter's inline backend.
bool inline_backend(Interp& in) { return !in.cell_file_placeholder.empty(); }

// ---------------------------------------------------------------------------------------------
// Artists' own methods

Value art_get_label(Interp& in, Args& a) {
    MplObj* m = a.size() ? a[0].as<MplObj>() : nullptr;
    if (m == nullptr) in.raise(types().type_error, "get_label needs an artist");
    return make_str(m->label);
}
Value art_set_label(Interp& in, Args& a) {
    MplObj* m = a.size() == 2 ? a[0].as<MplObj>() : nullptr;
    if (m == nullptr) in.raise(types().type_error, "set_label() takes 2 positional arguments");
    m->label = a[1].is_none() ? "" : str_arg(in, a[1]);
    return Value();
}
Value art_set_color(Interp& in, Args& a) {
    MplObj* m = a.size() == 2 ? a[0].as<MplObj>() : nullptr;
    if (m == nullptr) in.raise(types().type_error, "set_color() takes 2 positional arguments");
    m->color = to_rgba(in, a[1]);
    if (m->kind == Mpl::line) m->link = a[1];
    return Value();
}
Value line_get_color(Interp& in, Args& a) { return self_of(in, a, Mpl::line).link; }
Value line_get_linestyle(Interp& in, Args& a) { return make_str(self_of(in, a, Mpl::line).linestyle); }
Value line_get_linewidth(Interp& in, Args& a) { return Value::floating(self_of(in, a, Mpl::line).linewidth); }
Value line_get_marker(Interp& in, Args& a) { return make_str(self_of(in, a, Mpl::line).marker); }

Value rect_get(Interp& in, Args& a, int k) {
    const MplObj& r = self_of(in, a, Mpl::rect);
    if ((r.box_int >> k) & 1) return Value::np_int(static_cast<std::int64_t>(r.box[k]));
    return Value::np_float(r.box[k]);
}
Value rect_get_x(Interp& in, Args& a) { return rect_get(in, a, 0); }
Value rect_get_y(Interp& in, Args& a) { return rect_get(in, a, 1); }
Value rect_get_width(Interp& in, Args& a) { return rect_get(in, a, 2); }
Value rect_get_height(Interp& in, Args& a) { return rect_get(in, a, 3); }
Value rect_set_height(Interp& in, Args& a) {
    MplObj& r = self_of(in, a, Mpl::rect);
    if (a.size() != 2) in.raise(types().type_error, "Rectangle.set_height() takes 2 positional arguments");
    r.box[3] = float_arg(in, a[1], "height");
    return Value();
}
Value rect_get_facecolor(Interp& in, Args& a) {
    MplObj& r = self_of(in, a, Mpl::rect);
    return make_tuple({Value::floating(r.color.r), Value::floating(r.color.g), Value::floating(r.color.b), Value::floating(r.color.a)});
}

Value text_get_text(Interp& in, Args& a) {
    MplObj* m = a.size() ? a[0].as<MplObj>() : nullptr;
    if (m == nullptr || (m->kind != Mpl::text && m->kind != Mpl::annotation)) in.raise(types().type_error, "get_text needs a Text");
    return make_str(m->text);
}
Value text_set_text(Interp& in, Args& a) {
    MplObj* m = a.size() == 2 ? a[0].as<MplObj>() : nullptr;
    if (m == nullptr) in.raise(types().type_error, "Text.set_text() takes 2 positional arguments");
    m->text = a[1].is_none() ? "" : str_arg(in, a[1]);
    return Value();
}
Value text_get_position(Interp& in, Args& a) {
    MplObj& t = self_of(in, a, Mpl::text);
    return make_tuple({t.x, t.y});
}
Value art_cosmetic(Interp& in, Args& a) {
    (void)in, (void)a;
    return Value();  // set_fontsize, set_rotation, set_alpha on texts: how they look
}

Value legend_get_texts(Interp& in, Args& a) {
    MplObj& l = self_of(in, a, Mpl::legend);
    std::vector<Value> out;
    for (const std::string& t : l.texts) out.push_back(new_text(Value::integer(0), Value::integer(0), t));
    return make_list(std::move(out));
}

Value image_set_clim(Interp& in, Args& a) {
    MplObj& im = self_of(in, a, Mpl::image);
    PyArgs p(in, a, "ScalarMappable.set_clim", {"self", "vmin", "vmax"}, 1);
    Value lo = p[1], hi = p[2];
    if (hi.is_none() && !lo.is_none() && in.is_iterable(lo)) {
        std::vector<Value> pair = in.to_list(lo);
        if (pair.size() == 2) lo = pair[0], hi = pair[1];
    }
    if (!lo.is_none()) im.vmin = float_arg(in, lo, "vmin");
    if (!hi.is_none()) im.vmax = float_arg(in, hi, "vmax");
    if (auto* cb = as_mpl(im.link, Mpl::colorbar)) colorbar_update(in, *cb);  // the norm's callback
    return Value();
}
Value image_get_clim(Interp& in, Args& a) {
    MplObj& im = self_of(in, a, Mpl::image);
    return make_tuple({Value::floating(im.vmin), Value::floating(im.vmax)});
}
Value image_set_cmap(Interp& in, Args& a) {
    MplObj& im = self_of(in, a, Mpl::image);
    if (a.size() != 2) in.raise(types().type_error, "ScalarMappable.set_cmap() takes 2 positional arguments");
    im.cmap = cmap_arg(in, a[1]);
    return Value();
}

Value colorbar_set_label(Interp& in, Args& a) {
    MplObj& cb = self_of(in, a, Mpl::colorbar);
    PyArgs p(in, a, "Colorbar.set_label", {"self", "label", "*", "loc", "**"}, 2);
    p.finish();
    MplObj& cax = *cb.parent.as<MplObj>();
    text_of(cb.orientation == "vertical" ? cax.ylabel : cax.xlabel)->text = p[1].is_none() ? "" : str_arg(in, p[1]);
    return Value();
}

Value rc_update(Interp& in, Args& a);
Value rc_get(Interp& in, Args& a);

// ---------------------------------------------------------------------------------------------
// pyplot

Value plt_figure(Interp& in, Args& a) {
    PyArgs p(in, a, "figure", {"num", "figsize", "dpi", "facecolor", "edgecolor", "frameon", "FigureClass", "clear", "**"}, 0);
    Value v;
    bool moved = false;
    if (p.take("tight_layout", v) || p.take("constrained_layout", v) || p.take("layout", v)) moved = !v.is_none() && in.truthy(v);
    if (moved) {
        not_in_lab(in, "layout engines (layout=, constrained_layout=, tight_layout=True lay the figure out when it is drawn; call plt.tight_layout())",
                   "레이아웃 엔진 (layout=, constrained_layout=, tight_layout=True 는 그림을 그릴 때 배치합니다; plt.tight_layout() 을 부르세요)");
    }
    p.finish();
    if (p.given(0)) {
        if (!(p[0].is_int() || p[0].kind() == Kind::np_int)) not_in_lab(in, "figures named by strings or figure objects");
        const std::int64_t num = in.index(p[0]);
        for (const Value& f : state(in).obj->items) {
            if (f.as<MplObj>()->number == num) {
                activate(in, *f.as<MplObj>());
                return f;
            }
        }
        Ref<MplObj> fig = new_figure(in, p[1], p[2]);
        fig->number = static_cast<int>(num);
        return fig;
    }
    if (p.given(6)) not_in_lab(in, "figure(FigureClass=...)");
    Ref<MplObj> fig = new_figure(in, p[1], p[2]);
    return fig;
}

Value plt_subplots(Interp& in, Args& a) {
    MplFrames frames(in, {MplFrame::pyplot_subplots_1451});
    PyArgs p(in, a, "subplots", {"nrows", "ncols", "*", "sharex", "sharey", "squeeze", "width_ratios", "height_ratios",
                                 "subplot_kw", "gridspec_kw", "**"}, 0);
    // fig_kw go to figure()
    Value figsize, dpi, v;
    p.take("figsize", figsize);
    p.take("dpi", dpi);
    bool moved = false;
    if (p.take("tight_layout", v) || p.take("constrained_layout", v) || p.take("layout", v)) moved = !v.is_none() && in.truthy(v);
    if (moved) {
        not_in_lab(in, "layout engines (layout=, constrained_layout=, tight_layout=True lay the figure out when it is drawn; call plt.tight_layout())",
                   "레이아웃 엔진 (layout=, constrained_layout=, tight_layout=True 는 그림을 그릴 때 배치합니다; plt.tight_layout() 을 부르세요)");
    }
    if (p.take("num", v)) not_in_lab(in, "subplots(num=...)");
    p.take("facecolor", v);
    p.finish();
    Ref<MplObj> fig = new_figure(in, figsize, dpi);
    // PyArgs indexes as FigureBase.subplots sees them: shift by the missing self.
    Args shifted({fig, p[0].is_none() && !p.passed(0) ? Value::integer(1) : p[0], p.passed(1) ? p[1] : Value::integer(1)});
    auto& kw = shifted.keywords();
    const char* names[] = {"sharex", "sharey", "squeeze", "width_ratios", "height_ratios", "subplot_kw", "gridspec_kw"};
    for (int k = 0; k < 7; ++k) {
        if (p.passed(static_cast<std::size_t>(k + 2))) kw.emplace_back(names[k], p[static_cast<std::size_t>(k + 2)]);
    }
    PyArgs fp(in, shifted, "subplots", {"self", "nrows", "ncols", "*", "sharex", "sharey", "squeeze", "width_ratios",
                                        "height_ratios", "subplot_kw", "gridspec_kw"}, 1);
    Value axes = subplots_on(in, *fig, fp);
    return make_tuple({fig, axes});
}

Value plt_subplot(Interp& in, Args& a) {
    MplObj* fig = gcf(in);
    std::vector<Value> args = a.positional();
    for (const auto& [key, value] : a.keywords()) {
        if (key == "nrows" || key == "ncols") {
            in.raise(types().type_error, "subplot() got an unexpected keyword argument 'ncols' and/or 'nrows'.  Did you intend to call subplots()?");
        }
    }
    int rows, cols, index;
    subplot_args(in, args, rows, cols, index);
    for (const Value& v : fig->items) {
        MplObj* ax = v.as<MplObj>();
        if (ax->rows == rows && ax->cols == cols && ax->index == index && !ax->colorbar_axes) {
            if (a.has_keywords()) not_in_lab(in, "subplot() with keywords for an existing subplot");
            fig->x = v;
            return v;
        }
        if (ax->index < 0 || ax->rows != rows || ax->cols != cols) not_in_lab(in, "subplot() over axes of another layout");
    }
    Ref<MplObj> ax = add_axes(in, *fig, rows, cols, index);
    axes_kwargs(in, ax, a.keywords());
    return ax;
}

Value plt_gcf(Interp& in, Args& a) {
    (void)a;
    return Value(static_cast<Object*>(gcf(in)));
}
Value plt_gca(Interp& in, Args& a) {
    (void)a;
    return Value(static_cast<Object*>(gca(in)));
}
Value plt_sca(Interp& in, Args& a) {
    if (a.size() != 1 || as_mpl(a[0], Mpl::axes) == nullptr) in.raise(types().type_error, "sca() takes one Axes");
    MplObj& ax = *a[0].as<MplObj>();
    MplObj& fig = figure_of(ax);
    activate(in, fig);
    fig.x = a[0];
    return Value();
}

Value plt_show(Interp& in, Args& a) {
    (void)a;
    if (inline_backend(in)) show_open_figures(in, false);
    return Value();
}

Value plt_close(Interp& in, Args& a) {
    PyArgs p(in, a, "close", {"fig"}, 0);
    std::vector<Value>& open = state(in).obj->items;
    auto drop = [&](auto pred) { open.erase(std::remove_if(open.begin(), open.end(), pred), open.end()); };
    const Value& f = p[0];
    if (f.is_none()) {
        if (!open.empty()) open.pop_back();
    } else if (auto* s = f.as<StrObj>()) {
        if (s->s == "all") open.clear();
        else not_in_lab(in, "figures named by strings");
    } else if (f.is_int() || f.kind() == Kind::np_int) {
        const std::int64_t n = in.index(f);
        drop([&](const Value& x) { return x.as<MplObj>()->number == n; });
    } else if (MplObj* fig = as_mpl(f, Mpl::figure)) {
        drop([&](const Value& x) { return x.obj() == fig; });
    } else {
        in.raise(types().type_error, "close() argument must be a Figure, an int, a string, or None, not " + in.repr(Value(f.type())));
    }
    return Value();
}

Value plt_clf(Interp& in, Args& a) {
    (void)a;
    Args self({Value(static_cast<Object*>(gcf(in)))});
    return fig_clf(in, self);
}

// pyplot's wrappers of Axes methods: the same code on gca(), named as pyplot's function.
template <NativeFn method>
Value on_gca(Interp& in, Args& a) {
    PyplotCall named;
    a.positional().insert(a.positional().begin(), Value(static_cast<Object*>(gca(in))));
    return method(in, a);
}

// pyplot's wrappers whose own frame shows in tracebacks (pyplot.py's line calling the Axes method)
Value plt_plot(Interp& in, Args& a) {
    MplFrames frames(in, {MplFrame::pyplot_plot_2748});
    return on_gca<ax_plot>(in, a);
}
Value plt_bar(Interp& in, Args& a) {
    MplFrames frames(in, {MplFrame::pyplot_bar_2375});
    return on_gca<ax_bar>(in, a);
}
Value plt_barh(Interp& in, Args& a) {
    MplFrames frames(in, {MplFrame::pyplot_barh_2393});
    return on_gca<ax_barh>(in, a);
}
Value plt_imshow(Interp& in, Args& a) {
    MplFrames frames(in, {MplFrame::deprecation_wrapper_454, MplFrame::pyplot_imshow_2631});
    return on_gca<ax_imshow>(in, a);
}

Value plt_lim(Interp& in, Args& a, int which) {
    MplFrames frames(in, {which == 0 ? MplFrame::pyplot_xlim_1733 : MplFrame::pyplot_ylim_1770});
    MplObj* ax = gca(in);
    if (a.size() == 0 && !a.has_keywords()) return get_lim(in, *ax, which);
    PyplotCall named;
    a.positional().insert(a.positional().begin(), Value(static_cast<Object*>(ax)));
    return which == 0 ? ax_set_xlim(in, a) : ax_set_ylim(in, a);
}
Value plt_xlim(Interp& in, Args& a) { return plt_lim(in, a, 0); }
Value plt_ylim(Interp& in, Args& a) { return plt_lim(in, a, 1); }

Value plt_ticks(Interp& in, Args& a, int which) {
    MplFrames frames(in, {which == 0 ? MplFrame::pyplot_xticks_1832 : MplFrame::pyplot_yticks_1895});
    PyArgs p(in, a, which == 0 ? "xticks" : "yticks", {"ticks", "labels", "*", "minor", "**"}, 0);
    MplObj& ax = *gca(in);
    tick_text_kwargs(in, p, ax.axis[which]);
    p.finish();
    Value locs;
    if (p[0].is_none()) {
        if (!p[1].is_none()) {
            in.raise(types().type_error, std::string(which == 0 ? "xticks" : "yticks") + "(): Parameter 'labels' can't be set without setting 'ticks'");
        }
        Args get({Value(static_cast<Object*>(&ax))});
        locs = ax_get_ticks(in, get, which);
    } else {
        locs = set_ticks(in, ax, which, p[0], Value(), p[2]);
    }
    Value labels;
    if (p[1].is_none()) {
        labels = label_texts(tick_state(in, ax, which), which);
    } else {
        MplFrames at(in, {MplFrame::base_wrapper_73, MplFrame::axis_set_ticklabels_1968});
        labels = set_ticklabels(in, ax, which, p[1]);
    }
    return make_tuple({locs, labels});
}
Value plt_xticks(Interp& in, Args& a) { return plt_ticks(in, a, 0); }
Value plt_yticks(Interp& in, Args& a) { return plt_ticks(in, a, 1); }

Value plt_title(Interp& in, Args& a) { return on_gca<ax_set_title>(in, a); }

// The current image: the last one imshow made in the current figure's axes.
Value current_image(Interp& in) {
    MplObj* fig = gcf(in);
    std::vector<MplObj*> order;
    if (auto* cur = fig->x.as<MplObj>()) order.push_back(cur);
    for (auto it = fig->items.rbegin(); it != fig->items.rend(); ++it) order.push_back(it->as<MplObj>());
    for (MplObj* ax : order) {
        for (auto it = ax->items.rbegin(); it != ax->items.rend(); ++it) {
            if (as_mpl(*it, Mpl::image)) return *it;
        }
    }
    return Value();
}

Value plt_colorbar(Interp& in, Args& a) {
    PyArgs p(in, a, "colorbar", {"mappable", "cax", "ax", "**"}, 0);
    Value mappable = p[0];
    if (mappable.is_none()) mappable = current_image(in);
    if (mappable.is_none()) {
        in.raise(types().runtime_error, "No mappable was found to use for colorbar creation. First define a mappable such as an "
                                        "image (with imshow) or a contour set (with contourf).");
    }
    MplObj* im = as_mpl(mappable, Mpl::image);
    MplObj& fig = im != nullptr && im->parent.as<MplObj>() != nullptr ? figure_of(*im->parent.as<MplObj>()) : *gcf(in);
    return colorbar_for(in, fig, mappable, p[1], p[2], p);
}

Value plt_suptitle(Interp& in, Args& a) {
    a.positional().insert(a.positional().begin(), Value(static_cast<Object*>(gcf(in))));
    return fig_suptitle(in, a);
}
Value plt_tight_layout(Interp& in, Args& a) {
    a.positional().insert(a.positional().begin(), Value(static_cast<Object*>(gcf(in))));
    return fig_tight_layout(in, a);
}
Value plt_savefig(Interp& in, Args& a) {
    (void)a;
    not_in_lab(in, "savefig (the lab kernel writes no files; the page shows the figure)");
}

Value plt_get_cmap(Interp& in, Args& a) {
    PyArgs p(in, a, "get_cmap", {"name", "lut"}, 0);
    Ref<MplObj> c = make_mpl(Mpl::cmap);
    c->text = p[0].is_none() ? rc(in, "image.cmap").s : cmap_arg(in, p[0]);
    return c;
}

Value plt_rcdefaults(Interp& in, Args& a) {
    (void)a;
    *state(in).rc = rc_defaults();
    return Value();
}

Value plt_rc(Interp& in, Args& a) {
    PyArgs p(in, a, "rc", {"group", "**"}, 1);
    std::vector<std::string> groups;
    if (auto* s = p[0].as<StrObj>()) groups.push_back(s->s);
    else for (const Value& v : in.to_list(p[0])) groups.push_back(str_arg(in, v));
    static const char* const aliases[][2] = {{"lw", "linewidth"}, {"ls", "linestyle"}, {"c", "color"}, {"fc", "facecolor"},
                                             {"ec", "edgecolor"}, {"mew", "markeredgewidth"}, {"aa", "antialiased"}};
    Ref<DictObj> d = make_dict();
    for (const std::string& g0 : groups) {
        for (const auto& [key, value] : p.extra) {
            std::string name = key;
            for (const auto& al : aliases) {
                if (name == al[0]) name = al[1];
            }
            d->set(in, make_str(g0 + "." + name), value);
        }
    }
    Args up({make_mpl(Mpl::rc_params), d});
    return rc_update(in, up);
}

// ---------------------------------------------------------------------------------------------
// rcParams

Value rc_value(const RcKey& k, const RcVal& v) {
    switch (k.kind) {
        case 'f': return Value::floating(v.a);
        case 'i': return Value::integer(static_cast<std::int64_t>(v.a));
        case 'b': return Value::boolean(v.a != 0);
        case 'p': return make_list({Value::floating(v.a), Value::floating(v.b)});
        case 'l': {
            std::vector<Value> items;
            for (const std::string& s : v.list) items.push_back(make_str(s));
            return make_list(std::move(items));
        }
        default: return v.is_str ? make_str(v.s) : Value::floating(v.a);
    }
}

void rc_set(Interp& in, const std::string& key, const Value& value) {
    const std::size_t idx = rc_index(in, key, true);
    const RcKey& k = kRc[idx];
    RcVal v;
    auto fail = [&](const std::string& why) {
        MplFrames at(in, {MplFrame::init_setitem_655});  // RcParams.__setitem__, "from None"
        in.raise(types().value_error, "Key " + key + ": " + why);
    };
    auto to_f = [&](const Value& x) {
        double d;
        if (auto* s = x.as<StrObj>()) {
            PyResult<double> r = parse_float(s->s, str_repr(s->s));
            if (!r.ok()) fail("Could not convert " + in.repr(x) + " to float");
            return r.value;
        }
        if (!in.to_float(x, d)) fail("Could not convert " + in.repr(x) + " to float");
        return d;
    };
    switch (k.kind) {
        case 'f': v.a = to_f(value); break;
        case 'i':
            if (!(value.is_int() || value.kind() == Kind::np_int)) not_in_lab(in, "rcParams['hist.bins'] other than a number");
            v.a = static_cast<double>(in.index(value));
            break;
        case 'b': {
            Value x = value;
            std::string s;
            if (auto* str = value.as<StrObj>()) {
                s = str->s;
                for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                x = make_str(s);
            }
            if (s == "t" || s == "y" || s == "yes" || s == "on" || s == "true" || s == "1" ||
                (!value.as<StrObj>() && (in.eq(value, Value::integer(1)) || in.eq(value, Value::boolean(true))))) {
                v.a = 1;
            } else if (s == "f" || s == "n" || s == "no" || s == "off" || s == "false" || s == "0" ||
                       (!value.as<StrObj>() && (in.eq(value, Value::integer(0)) || in.eq(value, Value::boolean(false))))) {
                v.a = 0;
            } else {
                fail("Cannot convert " + in.repr(x) + " to bool");
            }
            break;
        }
        case 'p': {
            std::vector<Value> items;
            if (auto* s = value.as<StrObj>()) {
                std::size_t start = 0;
                while (true) {
                    const std::size_t comma = s->s.find(',', start);
                    std::string part = s->s.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
                    const std::size_t b = part.find_first_not_of(' '), e = part.find_last_not_of(' ');
                    part = b == std::string::npos ? "" : part.substr(b, e - b + 1);
                    if (!part.empty()) items.push_back(make_str(part));
                    if (comma == std::string::npos) break;
                    start = comma + 1;
                }
            } else if (in.is_iterable(value)) {
                items = in.to_list(value);
            } else {
                fail("Expected str or other non-set iterable, but got " + in.repr(value));
            }
            std::vector<double> d;
            for (const Value& x : items) d.push_back(to_f(x));
            if (d.size() != 2) {
                fail("Expected 2 values, but there are " + std::to_string(d.size()) + " values in " + in.repr(value));
            }
            v.a = d[0], v.b = d[1];
            break;
        }
        case 'l': {
            if (auto* s = value.as<StrObj>()) {
                std::size_t start = 0;
                while (true) {
                    const std::size_t comma = s->s.find(',', start);
                    std::string part = s->s.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
                    const std::size_t b = part.find_first_not_of(' '), e = part.find_last_not_of(' ');
                    part = b == std::string::npos ? "" : part.substr(b, e - b + 1);
                    if (!part.empty()) v.list.push_back(part);
                    if (comma == std::string::npos) break;
                    start = comma + 1;
                }
            } else if (in.is_iterable(value)) {
                for (const Value& x : in.to_list(value)) v.list.push_back(str_arg(in, x));
            } else {
                fail("Expected str or other non-set iterable, but got " + in.repr(value));
            }
            break;
        }
        case 'c': {
            auto* s = value.as<StrObj>();
            if (s == nullptr) not_in_lab(in, "colours in rcParams other than strings");
            v.is_str = true;
            v.s = s->s;
            bool hex6 = s->s.size() == 6 || s->s.size() == 8;
            for (char c : s->s) hex6 = hex6 && std::isxdigit(static_cast<unsigned char>(c));
            if (hex6) v.s = "#" + s->s;
            try {
                to_rgba(in, make_str(v.s));
            } catch (PyException&) {
                fail(str_repr(s->s) + " does not look like a color arg");
            }
            break;
        }
        case 'z': {
            if (auto* s = value.as<StrObj>()) {
                std::string low = s->s;
                for (char& c : low) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                static const char* const sizes[] = {"xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "smaller", "larger"};
                bool named = false;
                for (const char* n : sizes) named = named || low == n;
                if (named) {
                    v.is_str = true;
                    v.s = low;
                    break;
                }
                PyResult<double> r = parse_float(s->s, str_repr(s->s));
                if (!r.ok()) {
                    fail(s->s + " is not a valid font size. Valid font sizes are xx-small, x-small, small, medium, large, x-large, xx-large, smaller, larger.");
                }
                v.a = r.value;
                break;
            }
            v.a = to_f(value);
            break;
        }
        case 'L': v.is_str = true, v.s = check_linestyle(in, value); break;
        case 'M': v.is_str = true, v.s = check_marker(in, value); break;
        default: {
            auto* s = value.as<StrObj>();
            if (s == nullptr) not_in_lab(in, "rcParams['" + key + "'] set to a non-string");
            v.is_str = true;
            v.s = s->s;
        }
    }
    (*state(in).rc)[idx] = v;
}

std::string rc_key(Interp& in, const Value& key) {
    auto* s = key.as<StrObj>();
    if (s == nullptr) not_in_lab(in, "rcParams keys that are not strings");
    return s->s;
}

Value rc_update(Interp& in, Args& a) {
    if (a.size() != 2 || a.has_keywords()) {
        if (a.size() == 1 && a.has_keywords()) {
            for (const auto& [key, value] : a.keywords()) rc_set(in, key, value);
            return Value();
        }
        not_in_lab(in, "rcParams.update() other than with one dict");
    }
    auto* d = a[1].as<DictObj>();
    if (d == nullptr) not_in_lab(in, "rcParams.update() other than with one dict");
    for (const auto& e : d->entries()) {
        if (e.live) rc_set(in, rc_key(in, e.key), e.value);
    }
    return Value();
}

Value rc_get(Interp& in, Args& a) {
    if (a.size() < 2 || a.size() > 3) in.raise(types().type_error, "get expected 1 or 2 arguments");
    const std::string key = rc_key(in, a[1]);
    for (std::size_t k = 0; k < kRcCount; ++k) {
        if (key == kRc[k].key) return rc_value(kRc[k], (*state(in).rc)[k]);
    }
    return rc_index(in, key, false), Value();
}

// ---------------------------------------------------------------------------------------------
// Type hooks

Value array_index(Interp& in, const MplObj& arr, const Value& key);

Value sub_array(std::vector<Value> items, std::vector<std::int64_t> shape) {
    Ref<MplObj> out = make_mpl(Mpl::axes_array);
    out->items = std::move(items);
    out->shape = std::move(shape);
    return out;
}

// One index into one axis of the object array: an int, or a slice (its positions).
std::vector<std::int64_t> index_positions(Interp& in, const Value& k, std::int64_t n, int axis, bool& is_slice) {
    if (auto* s = k.as<SliceObj>()) {
        is_slice = true;
        std::int64_t start, stop, step, count;
        slice_indices(in, *s, n, start, stop, step, count);
        std::vector<std::int64_t> out;
        for (std::int64_t c = 0; c < count; ++c) out.push_back(start + c * step);
        return out;
    }
    is_slice = false;
    if (k.is_float() || k.kind() == Kind::np_float || k.as<StrObj>()) {
        in.raise(types().index_error, "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices");
    }
    std::int64_t i = in.index(k);
    if (i < -n || i >= n) {
        in.raise(types().index_error, "index " + std::to_string(i) + " is out of bounds for axis " + std::to_string(axis) + " with size " + std::to_string(n));
    }
    return {i < 0 ? i + n : i};
}

Value array_index(Interp& in, const MplObj& arr, const Value& key) {
    std::vector<Value> keys = key.as<TupleObj>() ? key.as<TupleObj>()->items : std::vector<Value>{key};
    if (keys.size() > arr.shape.size()) {
        in.raise(types().index_error, "too many indices for array: array is " + std::to_string(arr.shape.size()) +
                                          "-dimensional, but " + std::to_string(keys.size()) + " were indexed");
    }
    if (arr.shape.size() == 1) {
        bool sl;
        std::vector<std::int64_t> pos = index_positions(in, keys[0], arr.shape[0], 0, sl);
        if (!sl) return arr.items[static_cast<std::size_t>(pos[0])];
        std::vector<Value> out;
        for (std::int64_t p : pos) out.push_back(arr.items[static_cast<std::size_t>(p)]);
        return sub_array(out, {static_cast<std::int64_t>(out.size())});
    }
    const std::int64_t cols = arr.shape[1];
    bool sl0, sl1 = true;
    std::vector<std::int64_t> rows = index_positions(in, keys[0], arr.shape[0], 0, sl0);
    std::vector<std::int64_t> cs;
    if (keys.size() == 2) {
        cs = index_positions(in, keys[1], cols, 1, sl1);
    } else {
        for (std::int64_t c = 0; c < cols; ++c) cs.push_back(c);
    }
    std::vector<Value> out;
    for (std::int64_t r : rows) {
        for (std::int64_t c : cs) out.push_back(arr.items[static_cast<std::size_t>(r * cols + c)]);
    }
    if (!sl0 && !sl1) return out[0];
    if (sl0 && sl1) return sub_array(out, {static_cast<std::int64_t>(rows.size()), static_cast<std::int64_t>(cs.size())});
    return sub_array(out, {static_cast<std::int64_t>(out.size())});
}

Value mpl_getitem(Interp& in, const Value& self, const Value& key) {
    MplObj& m = *self.as<MplObj>();
    if (m.kind == Mpl::axes_array) return array_index(in, m, key);
    if (m.kind == Mpl::bars) {
        if (auto* s = key.as<SliceObj>()) return make_tuple(slice_items(in, m.items, *s));
        const std::int64_t n = static_cast<std::int64_t>(m.items.size());
        std::int64_t i = in.index(key, "tuple indices must be integers or slices");
        if (i < 0) i += n;
        if (i < 0 || i >= n) in.raise(types().index_error, "tuple index out of range");
        return m.items[static_cast<std::size_t>(i)];
    }
    if (m.kind == Mpl::rc_params) {
        const std::string k = rc_key(in, key);
        for (std::size_t idx = 0; idx < kRcCount; ++idx) {
            if (k == kRc[idx].key) return rc_value(kRc[idx], (*state(in).rc)[idx]);
        }
        return rc_index(in, k, false), Value();
    }
    not_in_lab(in, "indexing " + self.type()->name + " objects");
}

void mpl_setitem(Interp& in, const Value& self, const Value& key, const Value& v) {
    MplObj& m = *self.as<MplObj>();
    if (m.kind == Mpl::rc_params) return rc_set(in, rc_key(in, key), v);
    not_in_lab(in, "assigning into " + self.type()->name + " objects");
}

std::int64_t mpl_len(Interp& in, const Value& self) {
    MplObj& m = *self.as<MplObj>();
    if (m.kind == Mpl::bars) return static_cast<std::int64_t>(m.items.size());
    if (m.kind == Mpl::axes_array) return m.shape[0];
    in.raise(types().type_error, "object of type '" + self.type()->name + "' has no len()");
}

Value mpl_iter(Interp& in, const Value& self) {
    MplObj& m = *self.as<MplObj>();
    if (m.kind == Mpl::bars) return in.iter(make_list(m.items));
    if (m.kind == Mpl::axes_array) {
        if (m.shape.size() == 1) return in.iter(make_list(m.items));
        std::vector<Value> rows;
        for (std::int64_t r = 0; r < m.shape[0]; ++r) rows.push_back(array_index(in, m, Value::integer(r)));
        return in.iter(make_list(std::move(rows)));
    }
    in.raise(types().type_error, "'" + self.type()->name + "' object is not iterable");
}

bool mpl_truthy(Interp& in, const Value& self) {
    MplObj& m = *self.as<MplObj>();
    if (m.kind == Mpl::bars) return !m.items.empty();
    if (m.kind == Mpl::axes_array && m.items.size() > 1) {
        in.raise(types().value_error, "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()");
    }
    return true;
}

bool mpl_contains(Interp& in, const Value& self, const Value& x) {
    MplObj& m = *self.as<MplObj>();
    if (m.kind == Mpl::rc_params) {
        auto* s = x.as<StrObj>();
        if (s == nullptr) return false;
        for (const RcKey& k : kRc) {
            if (s->s == k.key) return true;
        }
        not_in_lab(in, "rcParams keys the lab kernel does not know (" + str_repr(s->s) + ")");
    }
    if (m.kind == Mpl::bars || m.kind == Mpl::axes_array) {
        for (const Value& v : m.items) {
            if (v.same(x)) return true;
        }
        return false;
    }
    in.raise(types().type_error, "argument of type '" + self.type()->name + "' is not iterable");
}

std::vector<Value> children_of(const MplObj& ax, Mpl kind) {
    std::vector<Value> out;
    for (const Value& v : ax.items) {
        if (v.as<MplObj>()->kind == kind) out.push_back(v);
    }
    return out;
}

bool mpl_getattr(Interp& in, const Value& self, const std::string& name, Value& out) {
    if (self.type()->lookup(name) != nullptr) return false;  // a method
    if (name.size() > 4 && name.compare(0, 2, "__") == 0) return false;
    MplObj& m = *self.as<MplObj>();
    switch (m.kind) {
        case Mpl::figure:
            if (name == "axes") return out = make_list(m.items), true;
            if (name == "dpi") return out = Value::floating(m.box[2]), true;
            if (name == "number") return out = Value::integer(m.number), true;
            break;
        case Mpl::axes:
            if (name == "figure") return out = m.parent, true;
            if (name == "title") return out = m.title, true;
            if (name == "lines") return out = make_list(children_of(m, Mpl::line)), true;
            if (name == "patches") return out = make_list(children_of(m, Mpl::rect)), true;
            if (name == "texts") return out = make_list(children_of(m, Mpl::text)), true;
            if (name == "images") return out = make_list(children_of(m, Mpl::image)), true;
            if (name == "collections") return out = make_list(children_of(m, Mpl::collection)), true;
            if (name == "containers") return out = make_list(m.containers), true;
            if (name == "legend_") return out = m.legend, true;
            break;
        case Mpl::bars:
            if (name == "patches") return out = make_list(m.items), true;
            break;
        case Mpl::image:
            if (name == "colorbar") return out = m.link, true;
            if (name == "axes") return out = m.parent, true;
            break;
        case Mpl::colorbar:
            if (name == "ax") return out = m.parent, true;
            if (name == "mappable") return out = m.link, true;
            break;
        case Mpl::axes_array:
            if (name == "shape") {
                std::vector<Value> dims;
                for (std::int64_t d : m.shape) dims.push_back(Value::integer(d));
                return out = make_tuple(std::move(dims)), true;
            }
            if (name == "ndim") return out = Value::integer(static_cast<std::int64_t>(m.shape.size())), true;
            if (name == "size") return out = Value::integer(static_cast<std::int64_t>(m.items.size())), true;
            if (name == "flat") return out = sub_array(m.items, {static_cast<std::int64_t>(m.items.size())}), true;
            break;
        case Mpl::cmap:
            if (m.text.empty()) {  // the matplotlib.cm namespace: cm.viridis
                if (!is_cmap_name(name)) not_in_lab(in, "matplotlib.cm." + name);
                Ref<MplObj> c = make_mpl(Mpl::cmap);
                c->text = name;
                return out = c, true;
            }
            if (name == "name") return out = make_str(m.text), true;
            break;
        default: break;
    }
    if (m.kind == Mpl::line || m.kind == Mpl::rect || m.kind == Mpl::text || m.kind == Mpl::image || m.kind == Mpl::collection) {
        if (name == "axes") return out = m.parent, true;
        if (name == "figure") return out = m.parent.is_none() ? Value() : m.parent.as<MplObj>()->parent, true;
    }
    if (!name.empty() && name[0] == '_') return false;
    static const std::pair<Mpl, MplDir> dirs[] = {{Mpl::figure, MplDir::figure}, {Mpl::axes, MplDir::axes}, {Mpl::line, MplDir::line},
                                                  {Mpl::rect, MplDir::rect},     {Mpl::text, MplDir::text}, {Mpl::bars, MplDir::bars},
                                                  {Mpl::image, MplDir::image},   {Mpl::colorbar, MplDir::colorbar},
                                                  {Mpl::legend, MplDir::legend}};
    for (const auto& [kind, d] : dirs) {
        if (m.kind == kind) mpl_missing_attribute(in, d, self, name);
    }
    if (m.kind == Mpl::axes_array) np_missing_attribute(in, NpDir::ndarray, self, name);
    not_in_lab(in, self.type()->name + "." + name);
}

void mpl_display(Interp& in, const Value& self, std::map<std::string, std::string>& bundle) {
    MplObj& m = *self.as<MplObj>();
    if (m.kind == Mpl::figure) bundle = figure_bundle(in, m);
}

Value mpl_copy(Copier& c, const Value& self) {
    MplObj& m = *self.as<MplObj>();
    if (m.kind == Mpl::state || m.kind == Mpl::rc_params || (m.kind == Mpl::cmap && m.text.empty())) return self;
    Ref<MplObj> out = make_mpl(m.kind);
    c.remember(&m, out);
    static_cast<MplFields&>(*out) = static_cast<const MplFields&>(m);
    out->each_value([&](Value& v) { v = c.copy(v); });
    return out;
}

// Two sets of hooks: classes with a __repr__ of their own (Figure, Axes, Text...) and classes
// with object.__repr__ (Line2D, Rectangle, Legend...), which print as <matplotlib.lines.Line2D
// object at 0x...> and which IPython shows as <matplotlib.lines.Line2D at 0x...>.
TypeOps make_ops(bool own_repr) {
    TypeOps o;
    o.repr = own_repr ? mpl_repr : nullptr;
    o.str = mpl_str;
    o.getattr = mpl_getattr;
    o.getitem = mpl_getitem;
    o.setitem = mpl_setitem;
    o.len = mpl_len;
    o.iter = mpl_iter;
    o.truthy = mpl_truthy;
    o.contains = mpl_contains;
    o.display = mpl_display;
    o.copy = mpl_copy;
    return o;
}

const TypeOps& mpl_ops(bool own_repr) {
    static const TypeOps with = make_ops(true), without = make_ops(false);
    return own_repr ? with : without;
}

TypeObj* type_of(Mpl k) { return mpl_types().t[static_cast<int>(k)]; }

void install_methods() {
    static bool done = false;
    if (done) return;
    done = true;
    ImmortalScope immortal;
    const std::initializer_list<MethodDef> axes_methods = {
        {"set_title", ax_set_title}, {"get_title", ax_get_title}, {"set_xlabel", ax_set_xlabel}, {"get_xlabel", ax_get_xlabel},
        {"set_ylabel", ax_set_ylabel}, {"get_ylabel", ax_get_ylabel}, {"text", ax_text}, {"annotate", ax_annotate},
        {"plot", ax_plot}, {"axhline", ax_axhline}, {"axvline", ax_axvline}, {"bar", ax_bar}, {"barh", ax_barh},
        {"hist", ax_hist}, {"scatter", ax_scatter}, {"imshow", ax_imshow}, {"legend", ax_legend},
        {"get_legend", ax_get_legend}, {"set_xticks", ax_set_xticks}, {"set_yticks", ax_set_yticks},
        {"set_xticklabels", ax_set_xticklabels}, {"set_yticklabels", ax_set_yticklabels}, {"get_xticks", ax_get_xticks},
        {"get_yticks", ax_get_yticks}, {"get_xticklabels", ax_get_xticklabels}, {"get_yticklabels", ax_get_yticklabels},
        {"set_xlim", ax_set_xlim}, {"set_ylim", ax_set_ylim}, {"get_xlim", ax_get_xlim}, {"get_ylim", ax_get_ylim},
        {"set_xscale", ax_set_xscale}, {"set_yscale", ax_set_yscale}, {"grid", ax_grid}, {"set_aspect", ax_set_aspect},
        {"tick_params", ax_tick_params}, {"minorticks_on", ax_cosmetic}, {"minorticks_off", ax_cosmetic},
        {"set_facecolor", ax_cosmetic}, {"margins", ax_margins}, {"invert_xaxis", ax_invert_xaxis},
        {"invert_yaxis", ax_invert_yaxis}, {"axis", ax_axis}, {"set", ax_set},
    };
    add_methods(mpl_types().t[static_cast<int>(Mpl::axes)], axes_methods);
    add_methods(mpl_types().t[static_cast<int>(Mpl::state) + 1], axes_methods);
    add_methods(type_of(Mpl::figure), {{"add_subplot", fig_add_subplot}, {"add_axes", fig_add_axes}, {"subplots", fig_subplots},
                                       {"suptitle", fig_suptitle}, {"colorbar", fig_colorbar}, {"tight_layout", fig_tight_layout},
                                       {"subplots_adjust", fig_subplots_adjust}, {"get_size_inches", fig_get_size_inches},
                                       {"set_size_inches", fig_set_size_inches}, {"gca", fig_gca}, {"clf", fig_clf},
                                       {"clear", fig_clf}, {"savefig", fig_not_in_lab}, {"show", fig_not_in_lab},
                                       {"set_facecolor", art_cosmetic}});
    for (Mpl k : {Mpl::line, Mpl::rect, Mpl::bars, Mpl::collection, Mpl::image}) {
        add_methods(type_of(k), {{"get_label", art_get_label}, {"set_label", art_set_label}});
    }
    add_methods(type_of(Mpl::line), {{"get_color", line_get_color}, {"set_color", art_set_color}, {"get_linestyle", line_get_linestyle},
                                     {"get_linewidth", line_get_linewidth}, {"get_marker", line_get_marker},
                                     {"set_alpha", art_cosmetic}, {"set_linewidth", art_cosmetic}});
    add_methods(type_of(Mpl::rect), {{"get_x", rect_get_x}, {"get_y", rect_get_y}, {"get_width", rect_get_width},
                                     {"get_height", rect_get_height}, {"set_height", rect_set_height},
                                     {"get_facecolor", rect_get_facecolor}, {"set_color", art_set_color},
                                     {"set_facecolor", art_set_color}, {"set_alpha", art_cosmetic}});
    for (Mpl k : {Mpl::text, Mpl::annotation}) {
        add_methods(type_of(k), {{"get_text", text_get_text}, {"set_text", text_set_text}, {"set_fontsize", art_cosmetic},
                                 {"set_rotation", art_cosmetic}, {"set_fontweight", art_cosmetic}, {"set_color", art_set_color}});
    }
    add_methods(type_of(Mpl::text), {{"get_position", text_get_position}});
    add_methods(type_of(Mpl::legend), {{"get_texts", legend_get_texts}, {"set_title", art_cosmetic}});
    add_methods(type_of(Mpl::image), {{"set_clim", image_set_clim}, {"get_clim", image_get_clim}, {"set_cmap", image_set_cmap}});
    add_methods(type_of(Mpl::colorbar), {{"set_label", colorbar_set_label}});
    add_methods(type_of(Mpl::rc_params), {{"update", rc_update}, {"get", rc_get}});
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// The modules

Ref<ModuleObj> make_matplotlib_module(Interp& in) {
    install_methods();
    Ref<ModuleObj> m(make<ModuleObj>("matplotlib"));
    Ref<MplObj> st(make<StateHolder>());
    m->dict->set_str("__tlab_state__", st);
    m->dict->set_str("__version__", make_str("3.6.3"));
    m->dict->set_str("rcParams", make_mpl(Mpl::rc_params));
    m->dict->set_str("cm", make_mpl(Mpl::cmap));
    // Made once and never destroyed (the leak checker at exit still sees them held).
    static const Value& rcdefaults = *new Value(native_function("rcdefaults", plt_rcdefaults, "matplotlib"));
    static const Value& rc = *new Value(native_function("rc", plt_rc, "matplotlib"));
    m->dict->set_str("rcdefaults", rcdefaults);
    m->dict->set_str("rc", rc);
    // PEP 562: what the module does not hold is refused if matplotlib has it, else AttributeError
    static const Value& getattr = *new Value(native_function("__getattr__", [](Interp& i, Args& a) -> Value {
        if (a.size() != 1 || a[0].as<StrObj>() == nullptr) i.raise(types().type_error, "__getattr__() takes exactly one argument");
        mpl_missing_attribute(i, MplDir::matplotlib, i.modules()["matplotlib"], a[0].as<StrObj>()->s);
    }, "matplotlib"));
    m->dict->set_str("__getattr__", getattr);
    // The notebook's cache keeps rcParams with each state; a fresh start (or a restored state)
    // has no open figures.
    in.add_state({[&in]() -> std::shared_ptr<const void> { return std::make_shared<RcTable>(*state(in).rc); },
                  [&in](const void* saved) {
                      State s = state(in);
                      *s.rc = saved != nullptr ? *static_cast<const RcTable*>(saved) : rc_defaults();
                      s.obj->items.clear();
                  }});
    return m;
}

// PEP 562: what pyplot does not hold is refused if matplotlib's pyplot has it, else AttributeError.
Value plt_getattr(Interp& in, Args& a) {
    if (a.size() != 1 || a[0].as<StrObj>() == nullptr) in.raise(types().type_error, "__getattr__() takes exactly one argument");
    mpl_missing_attribute(in, MplDir::pyplot, in.modules()["matplotlib.pyplot"], a[0].as<StrObj>()->s);
}

Ref<ModuleObj> make_pyplot_module(Interp& in) {
    install_methods();
    Ref<ModuleObj> m(make<ModuleObj>("matplotlib.pyplot"));
    static const struct {
        const char* name;
        NativeFn fn;
    } fns[] = {
        {"figure", plt_figure}, {"subplots", plt_subplots}, {"subplot", plt_subplot}, {"gcf", plt_gcf}, {"gca", plt_gca},
        {"sca", plt_sca}, {"show", plt_show}, {"close", plt_close}, {"clf", plt_clf}, {"title", plt_title},
        {"xlabel", on_gca<ax_set_xlabel>}, {"ylabel", on_gca<ax_set_ylabel>}, {"plot", plt_plot},
        {"bar", plt_bar}, {"barh", plt_barh}, {"hist", on_gca<ax_hist>}, {"scatter", on_gca<ax_scatter>},
        {"imshow", plt_imshow}, {"axhline", on_gca<ax_axhline>}, {"axvline", on_gca<ax_axvline>},
        {"text", on_gca<ax_text>}, {"annotate", on_gca<ax_annotate>}, {"legend", on_gca<ax_legend>},
        {"grid", on_gca<ax_grid>}, {"axis", on_gca<ax_axis>}, {"xscale", on_gca<ax_set_xscale>},
        {"yscale", on_gca<ax_set_yscale>}, {"xlim", plt_xlim}, {"ylim", plt_ylim}, {"xticks", plt_xticks},
        {"yticks", plt_yticks}, {"colorbar", plt_colorbar}, {"suptitle", plt_suptitle},
        {"tight_layout", plt_tight_layout}, {"savefig", plt_savefig}, {"get_cmap", plt_get_cmap},
        {"rcdefaults", plt_rcdefaults}, {"rc", plt_rc}, {"__getattr__", plt_getattr},
    };
    // Made once and never destroyed: the leak checker at exit still sees them held.
    static std::vector<Value>& shared = *new std::vector<Value>();
    if (shared.empty()) {
        for (const auto& f : fns) shared.push_back(native_function(f.name, f.fn, "matplotlib.pyplot"));
    }
    for (std::size_t k = 0; k < shared.size(); ++k) m->dict->set_str(fns[k].name, shared[k]);
    Ref<ModuleObj> mpl = in.try_import("matplotlib");
    m->dict->set_str("rcParams", *mpl->dict->find_str("rcParams"));
    m->dict->set_str("cm", *mpl->dict->find_str("cm"));
    // Jupyter's inline backend: a cell's open figures are shown when it ends.
    in.on_end_of_cell([](Interp& i) { show_open_figures(i, true); });
    return m;
}

}  // namespace tlab
