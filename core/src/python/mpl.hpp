// mpl.hpp — what the matplotlib files share (mpl_colors.cpp, pyplot.cpp, figure_json.cpp): the
// objects a figure is made of, and matplotlib 3.6's colour and style rules.
//
//   fig, ax = plt.subplots(figsize=(7, 3.2))   -> a Figure MplObj holding one Axes MplObj
//   ax.bar([0, 1], [3, 4], label="a")          -> a BarContainer in the Axes' containers, its
//                                                 Rectangles among the Axes' children
//   figure_json(in, fig)                       -> docs/figure-json.md's object, as JSON text
//
// Only what the code set is known: the limits matplotlib computes by autoscaling and the ticks
// its locators choose depend on the drawn size of the axes, so they stay unknown (null).
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "python/interp.hpp"

namespace tlab {

struct Rgba {
    double r = 0, g = 0, b = 0, a = 1;
};

// matplotlib.colors.to_rgba(c): a name ("red", "tab:blue", "C3"), "#rgb[a]"/"#rrggbb[aa]", a
// grey level "0.5", "none", or an (r, g, b[, a]) tuple. Raises matplotlib's ValueError.
Rgba to_rgba(Interp& in, const Value& c);
// to_hex(c, keep_alpha=True) with the "ff" alpha dropped, as the figure JSON writes colours.
std::string to_hex(const Rgba& c);
// The default colour cycle's n-th colour (C0, C1, ...; n taken modulo 10).
Rgba cycle_color(std::int64_t n);
// A plot format string "ro--": linestyle, marker, colour (each empty when not given).
struct PlotFormat {
    std::string linestyle, marker;
    bool has_color = false;
    Rgba color;
    std::string color_letter;  // "r" for a one-letter colour (kept as text, as matplotlib keeps it)
    bool int_alpha = false;    // "b" alone: to_rgba's tuple ends in the int 1 (a base colour)
};
PlotFormat parse_plot_format(Interp& in, const std::string& fmt);
// A linestyle as Line2D.set_linestyle accepts it, in matplotlib's short form ("dashed" -> "--").
std::string check_linestyle(Interp& in, const Value& v);
// A marker code ("o", "s", ...) or "None"; unsupported for paths and mathtext markers.
std::string check_marker(Interp& in, const Value& v);
// A colormap name matplotlib knows ("viridis", "Blues_r"...); ValueError otherwise.
bool is_cmap_name(const std::string& name);
std::string cmap_names_listed();  // "'Accent', 'Accent_r', ..." for the error message

// ---------------------------------------------------------------------------------------------
// Objects

enum class Mpl : std::uint8_t {
    figure, axes, text, line, rect, bars, image, legend, colorbar, xtick, ytick, collection,
    annotation, cmap, axes_array, rc_params, state,
};

// One axis of an Axes (x or y): what the code set on it.
struct AxisInfo {
    // The view limits when known: set by the code (autoscale then off), by imshow (its extent),
    // or still the empty axes' (0, 1). Autoscaling makes them unknown.
    bool lim_set = true, autoscale = true;
    double lim[2] = {0, 1};
    double data[2] = {HUGE_VAL, -HUGE_VAL};  // finite data range of the artists, for tick checks
    bool stale_ticks = false;            // data added since the ticks were set: autoscale ignores them
    bool ticks_set = false;              // set_xticks: a FixedLocator
    std::vector<Value> ticks;            // its locations as NumPy scalars (Text reprs show them)
    bool labels_set = false;             // set_xticklabels / labels=: the texts by location
    std::vector<std::pair<double, std::string>> labels;
    bool labels_by_position = false;     // (a FixedFormatter on a categorical axis: by tick index)
    bool inverted = false;
    std::vector<std::string> categories; // string data made this a categorical axis
    std::string label_text, scale = "linear";
};

// What every matplotlib object holds; `kind` says which class it is and which fields it uses.
// (A plain struct, so that the notebook's cache can copy an object field by field.)
struct MplFields {
    template <typename F>
    void each_value(F&& f) {
        f(parent);
        for (Value& v : items) f(v);
        for (Value& v : containers) f(v);
        f(title), f(xlabel), f(ylabel), f(legend), f(link), f(x), f(y);
        for (AxisInfo& a : axis) {
            for (Value& v : a.ticks) f(v);
        }
    }

    Mpl kind = Mpl::text;
    // axes: its figure; artists: their axes (None once removed)
    Value parent;
    // figure: its axes; axes: its children in order (lines, patches, images, texts, collections);
    // bars: its Rectangles; axes_array: the axes; state: the open figures, the active one last
    std::vector<Value> items;
    std::vector<Value> containers;       // axes: BarContainers
    Value title, xlabel, ylabel;         // axes: Text objects; figure: title is the suptitle
    Value legend;                        // axes: the Legend or None
    Value link;                          // image: its Colorbar; colorbar: its image; axes of a colorbar: the Colorbar
    Value x, y;                          // text: the position as given (its repr shows it); figure: x is the current axes
    std::string text;                    // text; cmap: its name
    std::string label;                   // artists' legend label ("_child0" for none)
    std::string ha = "left", va = "baseline", linestyle = "-", marker = "None", cmap = "viridis",
                origin = "upper", orientation = "vertical";
    Rgba color;                          // text, line, rect (face colour)
    std::vector<double> xs, ys;          // line data; image: values row by row
    std::vector<std::int64_t> shape;     // image: rows, cols[, channels]; axes_array: its shape
    std::vector<std::string> texts;      // legend: its texts
    double linewidth = 1.5;
    double box[4] = {0, 0, 0, 0};        // rect: x, y, w, h; figure: w, h, dpi; axes: position; image: extent
    double vmin = 0, vmax = 1;           // image
    double given[2] = {0, 0};            // rect: the bar's position and width as given to bar()
    std::uint8_t box_int = 0;            // rect: which box values are NumPy ints (bit k for box[k])
    int rows = 0, cols = 0, index = -1;  // axes: subplot grid position (index -1: none)
    int line_cycle = 0, patch_cycle = 0; // axes: next colour of lines / of patches
    int number = 0;                      // figure: its pyplot number
    bool moved = false;                  // figure: tight_layout/colorbar moved its axes
    bool colorbar_axes = false;          // axes made by colorbar()
    AxisInfo axis[2];                    // axes: x, y
};

struct MplObj : Object, MplFields {
    static constexpr ObjKind kKind = ObjKind::artist;
    explicit MplObj(Mpl k) : Object(kKind) { kind = k; }
    TypeObj* type() const override;
    void trace(Tracer& t) const override;
    void clear() override;
};

Ref<MplObj> make_mpl(Mpl kind);
MplObj* as_mpl(const Value& v, Mpl kind);  // null when v is not that kind of object

// What the kernel knows of an axis' ticks: their locations and labels when set_xticks/labels or
// a categorical axis fixed them (and, for plain numbers, ScalarFormatter's text), and which are
// inside the view limits.
struct TickState {
    bool known = false;         // locations known (set_xticks, or a categorical axis)
    bool all_visible = false;   // every location is inside the view limits
    bool labels_known = false;
    std::vector<double> locs;
    std::vector<Value> loc_values;  // as Text reprs show them (NumPy scalars or ints)
    std::vector<std::string> labels;
    std::string offset;
};
TickState tick_state(Interp& in, const MplObj& ax, int which);
bool in_interval(double lo, double hi, double v);

// docs/figure-json.md's object for a figure, and the page's chart JSON when the figure is a
// single Axes of grouped bars (empty otherwise).
std::string figure_json(Interp& in, MplObj& fig);
std::string chart_json(Interp& in, MplObj& fig);
// "<Figure size 700x320 with 1 Axes>"
std::string figure_repr(const MplObj& fig);

// Registers matplotlib and matplotlib.pyplot (pyplot.cpp).
Ref<ModuleObj> make_matplotlib_module(Interp& in);
Ref<ModuleObj> make_pyplot_module(Interp& in);

}  // namespace tlab
