// mpl.hpp — what the matplotlib files share (mpl_colors.cpp, pyplot.cpp, figure_json.cpp): the
// objects a figure is made of, and matplotlib 3.6's colour and style rules.
//
//   fig, ax = plt.subplots(figsize=(7, 3.2))   -> a Figure MplObj holding one Axes MplObj
//   ax.bar([0, 1], [3, 4], label="a")          -> a BarContainer in the Axes' containers, its
//                                                 Rectangles among the Axes' children
//   figure_json(in, fig)                       -> docs/figure-json.md's object, as JSON text
//
// Limits and ticks are computed as matplotlib computes them: data limits, lazy autoscaling with
// margins and sticky edges (mpl_axis.cpp), the AutoLocator's ticks for the axes' size in the
// figure and ScalarFormatter's labels (mpl_ticker.cpp).
#pragma once

#include <array>
#include <initializer_list>
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

// One axis of an Axes (x or y), as matplotlib's Axes and Axis hold it.
struct AxisInfo {
    double view[2] = {0, 1};             // viewLim's interval (inverted when view[0] > view[1])
    bool stale = false;                  // _stale_viewlims: autoscale before the view is read
    bool autoscale = true;
    double margin = 0.05;                // _xmargin / _ymargin
    double data[2] = {HUGE_VAL, -HUGE_VAL};  // dataLim's interval (a null Bbox at first)
    bool ticks_set = false;              // set_xticks: a FixedLocator
    std::vector<Value> ticks;            // its locations as NumPy scalars (Text reprs show them)
    bool labels_set = false;             // set_xticklabels / labels=: a FuncFormatter or FixedFormatter
    std::vector<std::pair<double, std::string>> labels;
    bool labels_by_position = false;     // (a FixedFormatter: by tick index)
    std::vector<std::string> categories; // string data made this a categorical axis
    std::string label_text, scale = "linear";
    bool rotated = false;                // tick labels turned (room they take in tight_layout)
    double label_size = 0;               // tick_params(labelsize=...) in points (0: rcParams')
    bool styled_ticks = false;           // tick labels or marks restyled (sizes, pads): their room unknown
};

// A subplot's place below the figure's grid: a colorbar made with `ax=` splits its parent's
// cell (GridSpecFromSubplotSpec), once per colorbar.
struct GridLevel {
    int nrows = 1, ncols = 1;
    int row = 0, col = 0;
    double wspace = 0, hspace = 0;
    std::vector<double> width_ratios, height_ratios;
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
    int rows = 0, cols = 0, index = -1;  // axes: subplot grid position (index -1: box is its rect)
    std::vector<GridLevel> nested;       // axes: its place inside its cell (colorbars' splits)
    int line_cycle = 0, patch_cycle = 0; // axes: next colour of lines / of patches
    int number = 0;                      // figure: its pyplot number
    bool colorbar_axes = false;          // axes made by colorbar()
    bool ignore_data = true;             // axes: ignore_existing_data_limits
    bool tight = false;                  // axes: _tight (margins() sets it)
    int layout_line = 0;                 // figure: the line of tight_layout() (0: not laid out)
    double pars[6] = {0.125, 0.9, 0.11, 0.88, 0.2, 0.2};  // figure: SubplotParams left, right,
                                                         // bottom, top, wspace, hspace
    std::vector<double> sticky[2];       // artists: sticky edges (bars' bases, an image's extent)
    double font_size = 0;                // text: fontsize= in points (0: rcParams')
    bool styled = false;                 // text: a weight, family, pad... that changes its extent
    double aspect = HUGE_VAL;            // axes: set_aspect (HUGE_VAL: 'auto'; imshow sets 1)
    double box_aspect = HUGE_VAL;        // axes: set_box_aspect (a colorbar's 20)
    double anchor[2] = {0.5, 0.5};       // axes: where apply_aspect puts the shrunk box
    bool has_layout = false;             // axes: tight_layout bounded its lengths (points):
    double layout_len[2][2] = {{0, 0}, {0, 0}};  // [x, y][shortest, longest]
    bool has_active = false;             // axes: drawn with an aspect: `active` is its position
    std::array<double, 4> active{};
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

// An axis' major ticks as Axis._update_ticks computes them: the locator's locations (all of
// them), the formatter's labels and offset text, and which are drawn (inside the view).
struct TickState {
    std::vector<double> locs;
    std::vector<Value> loc_values;  // as Text reprs show them (NumPy scalars or ints)
    std::vector<std::string> labels;
    std::string offset;
    std::vector<bool> visible;
    // The automatic ticks after tight_layout() depend on the sizes of texts the kernel does not
    // measure, and the sizes they may have lead to different ticks: locs, labels, offset unknown.
    bool unmeasured = false;
};
// Autoscales first if the view is stale. When the ticks are unmeasured: Unsupported (the program
// reads them), or, with `describing` (a figure shown as data), a TickState marked unmeasured.
TickState tick_state(Interp& in, MplObj& ax, int which, bool describing = false);
// The view limits after any pending autoscaling (Axes.viewLim).
std::pair<double, double> view_interval(Interp& in, MplObj& ax, int which);

// ---------------------------------------------------------------------------------------------
// Where axes are in their figure (mpl_layout.cpp)

// An axes' position in figure fractions (x0, y0, x1, y1): its rect, or its cell of the figure's
// grid (SubplotSpec.get_position) and of its colorbars' splits.
std::array<double, 4> axes_extents(const MplObj& fig, const MplObj& ax);
// XAxis/YAxis.get_tick_space for labels of `size` points: floor(length / (3 size)) on x,
// floor(length / (2 size)) on y, the length in points through the figure's transforms.
int tick_space(const MplObj& fig, const MplObj& ax, int which, double size);
// A data coordinate on `which` axis through transData and back (inv(transData), as numpy's inv
// and dot compute them), as _update_line_limits takes the data coordinate of axhline/axvline
// from its blended transform; the view limits must be current.
double data_roundtrip(const MplObj& fig, const MplObj& ax, int which, double v);
// Axes.apply_aspect as drawing runs it (adjustable 'box'): the box shrunk to the aspect
// (`aspect` times the data ratio, or the box aspect) and anchored in the axes' position.
std::array<double, 4> apply_aspect(const MplObj& fig, const MplObj& ax, double data_ratio);
// What tight_layout makes room for around one axes, in points: bounds of the texts' extents,
// which the kernel does not measure.
struct Decorations {
    double top = 0, bottom = 0, left = 0, right = 0;
    double figure_top = 0;  // once above the grid (a suptitle)
    // An axes drawn with an aspect may leave part of its cell empty: tight_layout's room between
    // cells (not at the figure's edges, where it takes max(margin, 0)) can then be negative.
    bool shrunk = false;
};
// The lengths (points) an axis may have after tight_layout: from the most room the decorations
// may take to the least. `box_aspect`: the height/width the axes keeps when drawn (HUGE_VAL: none).
std::pair<double, double> length_after_layout(const MplObj& fig, const MplObj& ax, int which, double pad, const Decorations& least,
                                              const Decorations& most, double box_aspect);

// ---------------------------------------------------------------------------------------------
// matplotlib's arithmetic (mpl_ticker.cpp)

// transforms.nonsingular
std::pair<double, double> mpl_nonsingular(double vmin, double vmax, double expander = 0.001, double tiny = 1e-15,
                                          bool increasing = true);
// AutoLocator().tick_values(vmin, vmax) with `nbins` bins (its tick space, clipped to 1..9);
// false when matplotlib would find no step or make thousands of ticks.
bool mpl_auto_ticks(double vmin, double vmax, int nbins, std::vector<double>& out);
// transforms._interval_contains_close
bool mpl_interval_contains_close(double a, double b, double v);
// ScalarFormatter().format_ticks(locs) and get_offset() for an axis whose view is (view0, view1)
void mpl_format_ticks(const std::vector<double>& locs, double view0, double view1, bool unicode_minus,
                      std::vector<std::string>& labels, std::string& offset_text);

// docs/figure-json.md's object for a figure, and the page's chart JSON when the figure is a
// single Axes of grouped bars (empty otherwise).
std::string figure_json(Interp& in, MplObj& fig);
std::string chart_json(Interp& in, MplObj& fig);
// "<Figure size 700x320 with 1 Axes>"
std::string figure_repr(const MplObj& fig);

// ---------------------------------------------------------------------------------------------
// matplotlib's own frames in tracebacks (mpl_frames.cpp)

#include "python/mpl_frames.inc"

// The frames matplotlib's (and NumPy's) Python code has on the stack while this object lives,
// pushed in order, outermost first, on top of those already there: an error raised meanwhile
// lists them after the learner's line, as Python's traceback does.
//
//   MplFrames f(in, {MplFrame::axes_plot_1668, MplFrame::base_call_311});
class MplFrames {
public:
    MplFrames(Interp& in, std::initializer_list<MplFrame> frames);
    ~MplFrames() { in_.library_frames.resize(size_); }
    MplFrames(const MplFrames&) = delete;
    MplFrames& operator=(const MplFrames&) = delete;

private:
    Interp& in_;
    std::size_t size_;
};

// dir() of pyplot, matplotlib and the objects the kernel makes (from matplotlib, mpl_frames.inc).
enum class MplDir : std::uint8_t { pyplot, matplotlib, axes, figure, line, rect, text, bars, image, colorbar, legend };
// `name` is not an attribute the kernel has: refused when matplotlib has it, otherwise Python's
// AttributeError ("module 'matplotlib.pyplot' has no attribute 'plto'", "Did you mean: 'plot'?").
[[noreturn]] void mpl_missing_attribute(Interp& in, MplDir d, const Value& obj, const std::string& name);

// Registers matplotlib and matplotlib.pyplot (pyplot.cpp).
Ref<ModuleObj> make_matplotlib_module(Interp& in);
Ref<ModuleObj> make_pyplot_module(Interp& in);

}  // namespace tlab
