// mpl_layout.cpp — where matplotlib puts an axes in its figure, and how many automatic ticks fit
// on it: GridSpec.get_grid_positions and SubplotSpec.get_position with the figure's
// SubplotParams (and, inside a cell, the splits colorbars make), and Axis.get_tick_space through
// the same transforms (transAxes - dpi_scale_trans) so that floor() lands where matplotlib's
// does.
//
//   plt.subplots(figsize=(7, 3.2)): axes_extents -> (0.125, 0.11, 0.9, 0.88);
//   tick_space x: floor(390.6 / 30) = 13, y: floor(177.4 / 20) = 8
#include <algorithm>
#include <cmath>

#include "python/mpl.hpp"

namespace tlab {

namespace {

struct Cells {
    std::vector<double> bottoms, tops, lefts, rights;
};

// GridSpecBase.get_grid_positions for the grid's margins (left, right, bottom, top) and spacing.
Cells grid_cells(int nrows, int ncols, double left, double right, double bottom, double top, double wspace, double hspace,
                 const std::vector<double>& height_ratios, const std::vector<double>& width_ratios) {
    // One direction: the running sum over [0, cell, sep, cell, ...] (np.cumsum).
    auto run = [](int n, double total, double space, const std::vector<double>& ratios) {
        const double cell = total / (n + space * (n - 1));
        const double sep = space * cell;
        double sum = 0;  // sum() of the ratios (of ints when none were given)
        if (ratios.empty()) sum = n;
        else for (double r : ratios) sum += r;
        const double norm = cell * n / sum;
        std::vector<double> acc;
        double s = 0;
        for (int k = 0; k < n; ++k) {
            s += k == 0 ? 0.0 : sep;
            acc.push_back(s);
            s += (ratios.empty() ? 1.0 : ratios[static_cast<std::size_t>(k)]) * norm;
            acc.push_back(s);
        }
        return acc;
    };
    const std::vector<double> hs = run(nrows, top - bottom, hspace, height_ratios);
    const std::vector<double> ws = run(ncols, right - left, wspace, width_ratios);
    Cells c;
    for (int r = 0; r < nrows; ++r) {
        c.tops.push_back(top - hs[static_cast<std::size_t>(2 * r)]);
        c.bottoms.push_back(top - hs[static_cast<std::size_t>(2 * r + 1)]);
    }
    for (int k = 0; k < ncols; ++k) {
        c.lefts.push_back(left + ws[static_cast<std::size_t>(2 * k)]);
        c.rights.push_back(left + ws[static_cast<std::size_t>(2 * k + 1)]);
    }
    return c;
}

// A nested level's cell inside the extents e (x0, y0, x1, y1).
std::array<double, 4> nested_cell(const GridLevel& g, const std::array<double, 4>& e) {
    const Cells c = grid_cells(g.nrows, g.ncols, e[0], e[2], e[1], e[3], g.wspace, g.hspace, g.height_ratios, g.width_ratios);
    const auto r = static_cast<std::size_t>(g.row), k = static_cast<std::size_t>(g.col);
    return {c.lefts[k], c.bottoms[r], c.rights[k], c.tops[r]};
}

// The axes' length along x (which 0) or y in points, as get_tick_space computes it.
double axis_length(const MplObj& fig, const std::array<double, 4>& e, int which) {
    const double dpi = fig.box[2];
    const double size = dpi * fig.box[which];  // the figure's bbox in pixels
    const double p0 = size * e[which], p1 = size * e[which + 2];
    const double inv = 1.0 / dpi;
    const double scale = inv * (p1 - p0), shift = inv * p0;
    return ((scale + 0.0) + shift - shift) * 72;
}

int floor_bins(double length, double per) {
    const double n = std::floor(length / per);
    return n >= 2147483647.0 ? 2147483647 : static_cast<int>(n);
}

}  // namespace

std::array<double, 4> axes_extents(const MplObj& fig, const MplObj& ax) {
    std::array<double, 4> e{};
    if (ax.index < 0) {
        e = {ax.box[0], ax.box[1], ax.box[0] + ax.box[2], ax.box[1] + ax.box[3]};
    } else {
        const Cells c = grid_cells(ax.rows, ax.cols, fig.pars[0], fig.pars[1], fig.pars[2], fig.pars[3], fig.pars[4], fig.pars[5], {}, {});
        const auto r = static_cast<std::size_t>(ax.index / ax.cols), k = static_cast<std::size_t>(ax.index % ax.cols);
        e = {c.lefts[k], c.bottoms[r], c.rights[k], c.tops[r]};
    }
    for (const GridLevel& g : ax.nested) e = nested_cell(g, e);
    return e;
}

int tick_space(const MplObj& fig, const MplObj& ax, int which, double size) {
    const double per = size * (which == 0 ? 3 : 2);
    if (!(per > 0)) return 2147483647;
    return floor_bins(axis_length(fig, ax.has_active ? ax.active : axes_extents(fig, ax), which), per);
}

double data_roundtrip(const MplObj& fig, const MplObj& ax, int which, double v) {
    const std::array<double, 4> e = ax.has_active ? ax.active : axes_extents(fig, ax);
    // transAxes: the axes' box in pixels (through transSubfigure)
    const double size = fig.box[2] * fig.box[which];
    const double p0 = (size * e[which] + 0.0) + 0.0, p1 = (size * e[which + 2] + 0.0) + 0.0;
    const double outl = p0, outw = p1 - p0;
    // transLimits: BboxTransformFrom(viewLim)
    const double inl = ax.axis[which].view[0], inw = ax.axis[which].view[1] - inl;
    const double scale = 1.0 / inw, shift = -inl * scale;
    // transData = transAxes @ transLimits
    const double td0 = (outw * scale + 0.0) + 0.0;
    const double td2 = (outw * shift + 0.0) + outl * 1;
    // inv(transData) @ blended: the coordinate's row
    const double inv0 = 1 / td0, inv2 = (-td2) / td0;
    const double m0 = (inv0 * td0 + 0.0) + inv2 * 0, m2 = (inv0 * td2 + 0.0) + inv2 * 1;
    return (m0 * v + 0.0) + m2;
}

std::array<double, 4> apply_aspect(const MplObj& fig, const MplObj& ax, double data_ratio) {
    const std::array<double, 4> pb = axes_extents(fig, ax);
    double box_aspect;
    if (ax.box_aspect != HUGE_VAL) box_aspect = ax.box_aspect;         // the 'datalim' branch: the box's own
    else if (ax.aspect != HUGE_VAL) box_aspect = ax.aspect * data_ratio;  // adjustable 'box'
    else return pb;
    // fig_aspect: the unit box through transSubfigure
    const double fig_aspect = (fig.box[2] * fig.box[1]) / (fig.box[2] * fig.box[0]);
    // Bbox.shrunk_to_aspect(box_aspect, pb, fig_aspect)
    const double w = pb[2] - pb[0], h = pb[3] - pb[1];
    double W, H = w * box_aspect / fig_aspect;
    if (H <= h) {
        W = w;
    } else {
        W = h * fig_aspect / box_aspect;
        H = h;
    }
    const std::array<double, 4> pb1 = {pb[0], pb[1], pb[0] + W, pb[1] + H};
    // .anchored(anchor, pb)
    const double L = pb1[0], B = pb1[1], W1 = pb1[2] - pb1[0], H1 = pb1[3] - pb1[1];
    const double dx = (pb[0] + ax.anchor[0] * (w - W1)) - L, dy = (pb[1] + ax.anchor[1] * (h - H1)) - B;
    return {pb1[0] + dx, pb1[1] + dy, pb1[2] + dx, pb1[3] + dy};
}

std::pair<double, double> length_after_layout(const MplObj& fig, const MplObj& ax, int which, double pad, const Decorations& least,
                                              const Decorations& most, double box_aspect) {
    // The share of its cell the axes keeps inside the colorbars' splits (the same for any cell).
    std::array<double, 4> unit = {0, 0, 1, 1};
    for (const GridLevel& g : ax.nested) unit = nested_cell(g, unit);
    double narrowest[2], widest[2];
    for (int k = 0; k < 2; ++k) {
        const double figure = fig.box[k] * 72, share = unit[k + 2] - unit[k];
        const int n = k == 0 ? ax.cols : ax.rows;
        const double most_room = k == 0 ? most.left + most.right : most.top + most.bottom;
        const double least_room = k == 0 ? least.left + least.right : least.top + least.bottom;
        const double once_least = k == 0 ? 0 : least.figure_top, once_most = k == 0 ? 0 : most.figure_top;
        widest[k] = n > 1 && least.shrunk ? HUGE_VAL
                                          : std::max(0.0, (figure - 2 * pad - once_least - n * least_room - (n - 1) * pad) / n * share);
        narrowest[k] = std::max(0.0, (figure - 2 * pad - once_most - n * most_room - (n - 1) * pad) / n * share);
    }
    double lo = narrowest[which], hi = widest[which];
    if (box_aspect != HUGE_VAL && box_aspect > 0) {
        // drawn, the box keeps height = box_aspect * width (in points): each length is the
        // smaller of its own and the other's through the aspect, which only grow together
        if (which == 0) lo = std::min(lo, narrowest[1] / box_aspect), hi = std::min(hi, widest[1] / box_aspect);
        else lo = std::min(lo, narrowest[0] * box_aspect), hi = std::min(hi, widest[0] * box_aspect);
    }
    // (a margin for the rounding of the transforms on the way)
    return {lo * (1 - 1e-9), hi * (1 + 1e-9)};
}

}  // namespace tlab
