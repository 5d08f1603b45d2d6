// figure_json.cpp — a figure as docs/figure-json.md describes it
// (application/vnd.transformer-lab.figure+json), and as the page's bar chart
// (application/vnd.transformer-lab.chart+json) when it is one Axes of grouped bars.
//
// Limits are read after any pending autoscaling and ticks as Axis._update_ticks makes them
// (mpl.hpp), so every field is what matplotlib holds.
#include <cmath>

#include <nlohmann/json.hpp>

#include "python/mpl.hpp"

namespace tlab {

namespace {

using nlohmann::json;

json num(double v) {
    if (std::isfinite(v)) return v;
    return std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf");
}

json nums(const std::vector<double>& v) {
    json out = json::array();
    for (double x : v) out.push_back(num(x));
    return out;
}

json label_of(const MplObj& m) {
    if (m.label.empty() || m.label[0] == '_') return nullptr;
    return m.label;
}

const std::string& text_of(const Value& v) { return v.as<MplObj>()->text; }

void axis_fields(Interp& in, MplObj& ax, int which, json& out) {
    const std::string p = which == 0 ? "x" : "y";
    const auto [v0, v1] = view_interval(in, ax, which);
    out[p + "lim"] = json::array({num(v0), num(v1)});
    out[p + "scale"] = ax.axis[which].scale;
    // Axis._update_ticks: the ticks inside the view, with the labels formatted for all of them
    const TickState t = tick_state(in, ax, which, true);
    if (t.unmeasured) {  // (see figure-json.md: null where the kernel cannot know them)
        out[p + "ticks"] = out[p + "ticklabels"] = out[p + "offset"] = nullptr;
        return;
    }
    json ticks = json::array(), labels = json::array();
    for (std::size_t k = 0; k < t.locs.size(); ++k) {
        if (!t.visible[k]) continue;
        ticks.push_back(num(t.locs[k]));
        labels.push_back(t.labels[k]);
    }
    out[p + "ticks"] = ticks;
    out[p + "ticklabels"] = labels;
    out[p + "offset"] = t.offset;
}

json axes_json(Interp& in, MplObj& ax) {
    if (const MplObj* cb = ax.link.as<MplObj>(); cb != nullptr && cb->kind == Mpl::colorbar) {
        const MplObj& im = *cb->link.as<MplObj>();
        const int along = cb->orientation == "vertical" ? 1 : 0;
        json axis;
        axis_fields(in, ax, along, axis);
        const std::string p = along == 0 ? "x" : "y";
        return {{"kind", "colorbar"}, {"orientation", cb->orientation}, {"cmap", im.cmap}, {"vmin", num(im.vmin)},
                {"vmax", num(im.vmax)}, {"ticks", axis[p + "ticks"]}, {"ticklabels", axis[p + "ticklabels"]},
                {"offset", axis[p + "offset"]}, {"label", text_of(along == 1 ? ax.ylabel : ax.xlabel)}};
    }
    json out = {{"kind", "axes"},
                {"subplot", ax.index < 0 ? json(nullptr) : json::array({ax.rows, ax.cols, ax.index})},
                {"title", text_of(ax.title)},
                {"xlabel", text_of(ax.xlabel)},
                {"ylabel", text_of(ax.ylabel)}};
    axis_fields(in, ax, 0, out);
    axis_fields(in, ax, 1, out);
    out["legend"] = ax.legend.is_none() ? json(nullptr) : json(ax.legend.as<MplObj>()->texts);
    json bars = json::array(), lines = json::array(), images = json::array(), texts = json::array(), other = json::array();
    for (const Value& c : ax.containers) {
        const MplObj& b = *c.as<MplObj>();
        std::vector<double> x, h, w, y;
        json colors = json::array();
        for (const Value& r : b.items) {
            const MplObj& rect = *r.as<MplObj>();
            x.push_back(rect.box[0]), y.push_back(rect.box[1]), w.push_back(rect.box[2]), h.push_back(rect.box[3]);
            colors.push_back(to_hex(rect.color));
        }
        bool uniform = !colors.empty();
        for (const json& col : colors) uniform = uniform && col == colors[0];
        bars.push_back({{"label", label_of(b)}, {"x", nums(x)}, {"height", nums(h)}, {"width", nums(w)},
                        {"bottom", nums(y)}, {"color", uniform ? colors[0] : colors}});
    }
    json annotations = json::array(), collections = json::array();
    for (const Value& v : ax.items) {
        const MplObj& m = *v.as<MplObj>();
        switch (m.kind) {
            case Mpl::line: {
                const bool no_marker = m.marker == "None" || m.marker == "none" || m.marker.empty() || m.marker == " ";
                lines.push_back({{"label", label_of(m)}, {"x", nums(m.xs)}, {"y", nums(m.ys)}, {"color", to_hex(m.color)},
                                 {"linestyle", m.linestyle}, {"linewidth", num(m.linewidth)},
                                 {"marker", no_marker ? json(nullptr) : json(m.marker)}});
                break;
            }
            case Mpl::image: {
                json rows = json::array();
                const auto r = static_cast<std::size_t>(m.shape[0]), c = static_cast<std::size_t>(m.shape[1]);
                for (std::size_t i = 0; i < r; ++i) {
                    rows.push_back(nums(std::vector<double>(m.xs.begin() + static_cast<std::ptrdiff_t>(i * c),
                                                            m.xs.begin() + static_cast<std::ptrdiff_t>((i + 1) * c))));
                }
                images.push_back({{"shape", {m.shape[0], m.shape[1]}}, {"data", rows}, {"cmap", m.cmap},
                                  {"vmin", num(m.vmin)}, {"vmax", num(m.vmax)}, {"origin", m.origin},
                                  {"extent", nums({m.box[0], m.box[1], m.box[2], m.box[3]})},
                                  {"colorbar", !m.link.is_none()}});
                break;
            }
            case Mpl::text: {
                double x = 0, y = 0;
                in.to_float(m.x, x);
                in.to_float(m.y, y);
                texts.push_back({{"x", num(x)}, {"y", num(y)}, {"text", m.text}, {"ha", m.ha}, {"va", m.va},
                                 {"color", to_hex(m.color)}});
                break;
            }
            case Mpl::annotation: annotations.push_back("Annotation"); break;
            case Mpl::collection: collections.push_back("PathCollection"); break;
            default: break;
        }
    }
    for (const json& j : annotations) other.push_back(j);
    for (const json& j : collections) other.push_back(j);
    out["bars"] = bars;
    out["lines"] = lines;
    out["images"] = images;
    out["texts"] = texts;
    out["other"] = other;
    return out;
}

}  // namespace

std::string figure_json(Interp& in, MplObj& fig) {
    json axes = json::array();
    for (const Value& ax : fig.items) axes.push_back(axes_json(in, *ax.as<MplObj>()));
    json out = {{"size", {num(fig.box[0]), num(fig.box[1])}},
                {"dpi", num(fig.box[2])},
                {"suptitle", fig.title.is_none() ? json(nullptr) : json(text_of(fig.title))},
                {"axes", axes}};
    return out.dump();
}

// The page's grouped bar chart: one Axes holding only vertical bars from zero, every series at
// the same integer positions shifted by its own offset, all one width (ax.bar(x - 0.2, a,
// width=0.4); ax.bar(x + 0.2, b, width=0.4)).
std::string chart_json(Interp& in, MplObj& fig) {
    (void)in;
    if (fig.items.size() != 1) return "";
    const MplObj& ax = *fig.items[0].as<MplObj>();
    if (ax.containers.empty() || !ax.axis[0].categories.empty() || ax.axis[0].labels_set) return "";
    for (const Value& v : ax.items) {
        if (v.as<MplObj>()->kind != Mpl::rect) return "";
    }
    const MplObj& first = *ax.containers[0].as<MplObj>();
    const std::size_t n = first.items.size();
    if (n == 0) return "";
    const double width = first.items[0].as<MplObj>()->given[1];
    // Base positions from the first bar of every series: their mean, rounded.
    double mean = 0;
    for (const Value& c : ax.containers) {
        const MplObj& b = *c.as<MplObj>();
        if (b.orientation != "vertical" || b.items.size() != n) return "";
        mean += b.items[0].as<MplObj>()->given[0];
    }
    const double base0 = std::nearbyint(mean / static_cast<double>(ax.containers.size()));
    json offsets = json::array(), series = json::array(), x = json::array();
    for (std::size_t k = 0; k < n; ++k) x.push_back(static_cast<std::int64_t>(base0) + static_cast<std::int64_t>(k));
    if (!(std::fabs(base0) < 1e15)) return "";
    for (const Value& c : ax.containers) {
        const MplObj& b = *c.as<MplObj>();
        const double offset = b.items[0].as<MplObj>()->given[0] - base0;
        std::vector<double> values;
        json color = nullptr;
        for (std::size_t k = 0; k < n; ++k) {
            const MplObj& r = *b.items[k].as<MplObj>();
            if (r.given[1] != width || r.box[1] != 0 || std::fabs(r.given[0] - (base0 + static_cast<double>(k) + offset)) > 1e-9) return "";
            const json hex = to_hex(r.color);
            if (k == 0) color = hex;
            else if (hex != color) return "";
            values.push_back(r.box[3]);
        }
        offsets.push_back(offset);
        series.push_back({{"label", label_of(b)}, {"color", color}, {"values", nums(values)}});
    }
    json out = {{"kind", "bar"}, {"title", text_of(ax.title)}, {"xlabel", text_of(ax.xlabel)}, {"ylabel", text_of(ax.ylabel)},
                {"x", x}, {"width", width}, {"offsets", offsets}, {"series", series}};
    return out.dump();
}

}  // namespace tlab
