// mpl_ticker.cpp — matplotlib 3.6's arithmetic for limits and ticks, ported operation by
// operation (the same float operations in the same order, Python's and NumPy's float math
// through the core's ports of them), so that autoscaled limits, tick locations and tick labels
// come out bit for bit as matplotlib computes them:
//
//   mpl_nonsingular(1.0, 1.0, 0.05, 1e-15)   -> (0.95, 1.05)       transforms.nonsingular
//   mpl_auto_ticks(-0.35, 7.35, 9)           -> -1, 0, 1, ..., 8   AutoLocator.tick_values
//   mpl_format_ticks({0, 0.5, 1}, 0, 1, true) -> "0.0", "0.5", "1.0" ScalarFormatter
#include <algorithm>
#include <cfloat>
#include <cmath>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "python/mpl.hpp"
#include "python/numbers.hpp"
#include "python/pyformat.hpp"
#include "tlab/npmath.hpp"
#include "tlab/pymath.hpp"

namespace tlab {

namespace {

// NumPy's npy_divmod for float64 (np.divmod, np.floor_divide on scalars).
double np_divmod(double a, double b, double& mod) {
    mod = std::fmod(a, b);
    if (b == 0) {
        mod = std::fmod(a, b);
        return a / b;
    }
    double div = (a - mod) / b;
    if (mod != 0) {
        if ((b < 0) != (mod < 0)) {
            mod += b;
            div -= 1.0;
        }
    } else {
        mod = std::copysign(0.0, b);
    }
    double floordiv;
    if (div != 0) {
        floordiv = std::floor(div);
        if (div - floordiv > 0.5) floordiv += 1.0;
    } else {
        floordiv = std::copysign(0.0, a / b);
    }
    return floordiv;
}

double np_floordiv(double a, double b) {
    double mod;
    return np_divmod(a, b, mod);
}

// 10 ** x for a float x, as Python's float pow computes it (glibc's pow).
double pow10f(double x) { return py_pow(10.0, x); }

// np.power(10, x) for a NumPy float64 x (NumPy's scalar power).
double np_pow10(double x) {
    unsigned flags = 0;
    return np_scalar_power(10.0, x, flags);
}

// ticker._Edge_integer
struct EdgeInteger {
    double step, offset;
    bool closeto(double ms, double edge) const {
        double tol = 1e-10;
        if (offset > 0) {
            const double digits = py_log10(offset / step);
            tol = std::max(1e-10, np_pow10(digits - 12));
            tol = std::min(0.4999, tol);
        }
        return std::fabs(ms - edge) < tol;
    }
    double le(double x) const {
        double m;
        const double d = np_divmod(x, step, m);
        return closeto(m / step, 1) ? d + 1 : d;
    }
    double ge(double x) const {
        double m;
        const double d = np_divmod(x, step, m);
        return closeto(m / step, 0) ? d : d + 1;
    }
};

std::string fix_minus(std::string s, bool unicode_minus) {
    if (!unicode_minus) return s;
    std::string out;
    for (char c : s) out += c == '-' ? std::string("\xE2\x88\x92") : std::string(1, c);
    return out;
}

}  // namespace

std::pair<double, double> mpl_nonsingular(double vmin, double vmax, double expander, double tiny, bool increasing) {
    if (!std::isfinite(vmin) || !std::isfinite(vmax)) return {-expander, expander};
    bool swapped = false;
    if (vmax < vmin) {
        std::swap(vmin, vmax);
        swapped = true;
    }
    const double maxabsvalue = std::max(std::fabs(vmin), std::fabs(vmax));
    if (maxabsvalue < (1e6 / tiny) * DBL_MIN) {
        vmin = -expander;
        vmax = expander;
    } else if (vmax - vmin <= maxabsvalue * tiny) {
        if (vmax == 0 && vmin == 0) {
            vmin = -expander;
            vmax = expander;
        } else {
            vmin -= expander * std::fabs(vmin);
            vmax += expander * std::fabs(vmax);
        }
    }
    if (swapped && !increasing) std::swap(vmin, vmax);
    return {vmin, vmax};
}

bool mpl_auto_ticks(double vmin, double vmax, int nbins, std::vector<double>& out) {
    // MaxNLocator.tick_values
    std::tie(vmin, vmax) = mpl_nonsingular(vmin, vmax, 1e-13, 1e-14, true);
    // scale_range(vmin, vmax, nbins)
    const double dv = std::fabs(vmax - vmin);
    const double meanv = (vmax + vmin) / 2;
    double offset = 0;
    if (!(std::fabs(meanv) / dv < 100)) offset = std::copysign(pow10f(py_float_floordiv(py_log10(std::fabs(meanv)), 1)), meanv);
    const double scale = pow10f(py_float_floordiv(py_log10(dv / nbins), 1));
    // _raw_ticks, AutoLocator's steps [1, 2, 2.5, 5, 10] on their staircase
    const double base[] = {1, 2, 2.5, 5, 10};
    std::vector<double> steps;
    for (int k = 0; k < 4; ++k) steps.push_back(0.1 * base[k]);
    for (double s : base) steps.push_back(s);
    steps.push_back(10 * base[1]);
    for (double& s : steps) s *= scale;
    const double lo = vmin - offset, hi = vmax - offset;
    const double raw_step = (hi - lo) / nbins;
    std::size_t istep = 0;
    while (istep < steps.size() && !(steps[istep] >= raw_step)) ++istep;
    if (istep == steps.size()) return false;
    std::vector<double> ticks;
    for (std::size_t i = istep + 1; i-- > 0;) {
        const double step = steps[i];
        const double best_vmin = np_floordiv(lo, step) * step;
        const EdgeInteger edge{step, std::fabs(offset)};
        const double low = edge.le(lo - best_vmin), high = edge.ge(hi - best_vmin);
        if (!(high - low < 10000)) return false;
        ticks.clear();
        for (double k = low; k < high + 1; k += 1) ticks.push_back(k * step + best_vmin);
        int nticks = 0;
        for (double t : ticks) nticks += t <= hi && t >= lo;
        if (nticks >= 2) break;
    }
    out.clear();
    for (double t : ticks) out.push_back(t + offset);
    return true;
}

bool mpl_interval_contains_close(double a, double b, double v) {
    if (a > b) std::swap(a, b);
    const double rtol = (b - a) * 1e-10;
    return a - rtol <= v && v <= b + rtol;
}

void mpl_format_ticks(const std::vector<double>& locs, double view0, double view1, bool unicode_minus,
                      std::vector<std::string>& labels, std::string& offset_text) {
    labels.clear();
    offset_text.clear();
    if (locs.empty()) return;
    const double vmin = std::min(view0, view1), vmax = std::max(view0, view1);
    std::vector<double> visible;
    for (double l : locs) {
        if (vmin <= l && l <= vmax) visible.push_back(l);
    }
    // _compute_offset (useOffset, offset_threshold 4)
    double offset = 0;
    if (!visible.empty()) {
        const double lmin = *std::min_element(visible.begin(), visible.end());
        const double lmax = *std::max_element(visible.begin(), visible.end());
        if (!(lmin == lmax || (lmin <= 0 && 0 <= lmax))) {
            double abs_min = std::fabs(lmin), abs_max = std::fabs(lmax);
            if (abs_min > abs_max) std::swap(abs_min, abs_max);
            const double sign = std::copysign(1.0, lmin);
            const double oom_max = std::ceil(py_log10(abs_max));
            double oom = oom_max;
            while (np_floordiv(abs_min, np_pow10(oom)) == np_floordiv(abs_max, np_pow10(oom))) oom -= 1;
            oom += 1;
            if ((abs_max - abs_min) / np_pow10(oom) <= 1e-2) {
                oom = oom_max;
                while (!(np_floordiv(abs_max, np_pow10(oom)) - np_floordiv(abs_min, np_pow10(oom)) > 1)) oom -= 1;
                oom += 1;
            }
            if (np_floordiv(abs_max, np_pow10(oom)) >= 1000) offset = sign * np_floordiv(abs_max, np_pow10(oom)) * np_pow10(oom);
        }
    }
    // _set_order_of_magnitude (scientific, powerlimits (-5, 6))
    int order = 0;
    if (!visible.empty()) {
        int oom;
        if (offset != 0) {
            oom = static_cast<int>(std::floor(py_log10(vmax - vmin)));
        } else {
            double val = 0;
            for (double l : visible) val = std::max(val, std::fabs(l));
            oom = val == 0 ? 0 : static_cast<int>(std::floor(py_log10(val)));
        }
        if (oom <= -5 || oom >= 6) order = oom;
    }
    const double scale = py_pow(10.0, order);
    // _set_format
    std::vector<double> scaled;
    for (double l : locs) scaled.push_back((l - offset) / scale);
    if (locs.size() < 2) scaled.push_back((view0 - offset) / scale), scaled.push_back((view1 - offset) / scale);
    double range = *std::max_element(scaled.begin(), scaled.end()) - *std::min_element(scaled.begin(), scaled.end());
    if (range == 0) {
        for (double l : scaled) range = std::max(range, std::fabs(l));
    }
    if (range == 0) range = 1;
    if (locs.size() < 2) scaled.resize(scaled.size() - 2);
    const int range_oom = static_cast<int>(std::floor(py_log10(range)));
    int sigfigs = std::max(0, 3 - range_oom);
    const double thresh = 1e-3 * (range_oom >= 0 ? std::pow(10.0, range_oom) : py_pow(10.0, range_oom));
    while (sigfigs >= 0) {
        double worst = 0;
        for (double l : scaled) worst = std::max(worst, std::fabs(l - np_round_float(l, sigfigs)));
        if (worst < thresh) --sigfigs;
        else break;
    }
    ++sigfigs;
    for (double l : locs) {
        double xp = (l - offset) / scale;
        if (std::fabs(xp) < 1e-8) xp = 0;
        labels.push_back(fix_minus(fmt::format(FMT_COMPILE("{:.{}f}"), xp, sigfigs), unicode_minus));
    }
    // get_offset
    if (order != 0 || offset != 0) {
        std::string offset_str, sci;
        if (offset != 0) {
            // format_data: significand and exponent
            const int e = static_cast<int>(std::floor(py_log10(std::fabs(offset))));
            const double s = round_float(offset / (e >= 0 ? std::pow(10.0, e) : py_pow(10.0, e)), 10).value;
            const std::string significand =
                py_float_mod(s, 1) == 0 ? fmt::format(FMT_COMPILE("{}"), static_cast<long long>(s)) : fmt::format(FMT_COMPILE("{:.10g}"), s);
            offset_str = fix_minus(e == 0 ? significand : significand + "e" + std::to_string(e), unicode_minus);
            if (offset > 0) offset_str = "+" + offset_str;
        }
        if (order != 0) sci = "1e" + std::to_string(order);
        offset_text = fix_minus(sci + offset_str, unicode_minus);
    }
}

}  // namespace tlab
