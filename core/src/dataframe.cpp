// dataframe.cpp — pandas 1.5's to_string for DataFrames and Series, and Index reprs.
//
// Mirrors pandas/io/formats/format.py (DataFrameFormatter, SeriesFormatter, FloatArrayFormatter,
// _make_fixed_width), string.py (StringFormatter: the terminal fit and the notebook's wrapping)
// and printing.py (adjoin, format_object_summary, TextAdjustment / EastAsianTextAdjustment) under
// the display options (DisplayOptions) of a script or a Jupyter kernel: by default max_rows 60,
// min_rows 10, max_colwidth 50, precision 6, width 80, show_dimensions "truncate"; max_columns 0
// in a script (fit to the terminal, whose width is 80: no tty), 20 in a kernel.
#include "tlab/dataframe.hpp"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

namespace tlab {
namespace {

constexpr std::size_t terminal_width = 80;  // shutil.get_terminal_size()'s fallback: no tty
constexpr std::size_t max_seq_items = 100;
constexpr std::size_t notebook_max_columns = 20;
constexpr std::size_t npos = static_cast<std::size_t>(-1);

#include "east_asian_width.inc"

template <typename T, std::size_t N>
bool in_ranges(const T (&table)[N][2], std::uint32_t c) {
    std::size_t lo = 0, hi = N;
    while (lo < hi) {
        const std::size_t mid = (lo + hi) / 2;
        if (c < table[mid][0]) hi = mid;
        else if (c > table[mid][1]) lo = mid + 1;
        else return true;
    }
    return false;
}

using Cells = std::vector<std::string>;

std::string first_chars(const std::string& s, std::size_t n) {
    std::size_t seen = 0;
    for (std::size_t b = 0; b < s.size(); ++b) {
        if ((static_cast<unsigned char>(s[b]) & 0xC0) != 0x80 && seen++ == n) return s.substr(0, b);
    }
    return s;
}

// str.rjust(width), counting characters.
std::string rjust_chars(const std::string& s, std::size_t width) {
    const std::size_t len = text_length(s);
    return len >= width ? s : std::string(width - len, ' ') + s;
}

enum class Justify : std::uint8_t { left, right, center };

// pandas' TextAdjustment (lengths in characters) or, with display.unicode.east_asian_width,
// EastAsianTextAdjustment (lengths in display cells; justify pads each text by the cells it lacks).
class Adj {
public:
    explicit Adj(const DisplayOptions& o) : eaw_(o.east_asian_width), ambiguous_(o.ambiguous_as_wide ? 2 : 1) {}

    std::size_t len(const std::string& s) const {
        if (!eaw_) return text_length(s);
        std::size_t n = 0;
        for (std::size_t b = 0; b < s.size();) {
            const auto c0 = static_cast<unsigned char>(s[b]);
            const int extra = c0 < 0x80 ? 0 : c0 < 0xE0 ? 1 : c0 < 0xF0 ? 2 : 3;
            std::uint32_t cp = extra == 0 ? c0 : extra == 1 ? (c0 & 0x1Fu) : extra == 2 ? (c0 & 0x0Fu) : (c0 & 0x07u);
            for (int k = 1; k <= extra && b + static_cast<std::size_t>(k) < s.size(); ++k) {
                cp = (cp << 6) | (static_cast<unsigned char>(s[b + static_cast<std::size_t>(k)]) & 0x3Fu);
            }
            n += static_cast<std::size_t>(east_asian_cells(cp, ambiguous_));
            b += static_cast<std::size_t>(extra) + 1;
        }
        return n;
    }

    std::string justify(const std::string& s, std::size_t max_len, Justify mode) const {
        const std::size_t chars = text_length(s);
        const long long pad = static_cast<long long>(max_len) - static_cast<long long>(len(s)) + static_cast<long long>(chars);
        if (pad <= static_cast<long long>(chars)) return s;
        const auto fill = static_cast<std::size_t>(pad) - chars;
        switch (mode) {
            case Justify::left: return s + std::string(fill, ' ');
            case Justify::right: return std::string(fill, ' ') + s;
            case Justify::center: break;
        }
        return center(s, static_cast<std::size_t>(pad));
    }
    std::string rjust(const std::string& s, std::size_t width) const { return justify(s, width, Justify::right); }
    std::string ljust(const std::string& s, std::size_t width) const { return justify(s, width, Justify::left); }

    std::size_t max_len(const Cells& cells) const {
        std::size_t w = 0;
        for (const auto& c : cells) w = std::max(w, len(c));
        return w;
    }

    // printing.adjoin(space, ...): every list left-justified to its width (+space but the last,
    // whose width counts characters), shorter lists padded with blank cells.
    std::string adjoin(std::size_t space, const std::vector<Cells>& lists) const {
        std::vector<std::size_t> widths;
        std::size_t lines = 0;
        for (std::size_t c = 0; c < lists.size(); ++c) {
            if (c + 1 < lists.size()) {
                widths.push_back(max_len(lists[c]) + space);
            } else {
                std::size_t w = 0;
                for (const auto& x : lists[c]) w = std::max(w, text_length(x));
                widths.push_back(w);
            }
            lines = std::max(lines, lists[c].size());
        }
        std::string out;
        for (std::size_t line = 0; line < lines; ++line) {
            if (line > 0) out += '\n';
            for (std::size_t c = 0; c < lists.size(); ++c) {
                out += line < lists[c].size() ? ljust(lists[c][line], widths[c]) : std::string(widths[c], ' ');
            }
        }
        return out;
    }

private:
    bool eaw_;
    int ambiguous_;
};

std::size_t max_chars(const Cells& cells) {
    std::size_t w = 0;
    for (const auto& c : cells) w = std::max(w, text_length(c));
    return w;
}

// pandas' regex ^\s*[\+-]?[0-9]+\.[0-9]*$ — only these cells take part in zero trimming, so
// "NaN", " inf" and scientific strings are left alone.
bool is_number_with_decimal(const std::string& s) {
    std::size_t k = s.find_first_not_of(' ');
    if (k == std::string::npos) return false;
    if (s[k] == '+' || s[k] == '-') ++k;
    std::size_t digits_start = k;
    while (k < s.size() && std::isdigit(static_cast<unsigned char>(s[k]))) ++k;
    if (k == digits_start || k == s.size() || s[k] != '.') return false;
    for (++k; k < s.size(); ++k) {
        if (!std::isdigit(static_cast<unsigned char>(s[k]))) return false;
    }
    return true;
}

// _trim_zeros_float: drop one trailing character from every decimal number for as long as all
// of them end in '0', so a column keeps a common number of decimals; then restore "x.0".
void trim_zeros(Cells& cells) {
    auto should_trim = [&] {
        bool any = false;
        for (const auto& c : cells) {
            if (!is_number_with_decimal(c)) continue;
            if (c.back() != '0') return false;
            any = true;
        }
        return any;
    };
    while (should_trim()) {
        for (auto& c : cells) {
            if (is_number_with_decimal(c)) c.pop_back();
        }
    }
    for (auto& c : cells) {
        if (is_number_with_decimal(c) && c.back() == '.') c += '0';
    }
}

Cells format_floats(const std::vector<double>& values, bool scientific, std::int64_t digits, bool space) {
    Cells cells;
    for (double v : values) {
        if (std::isnan(v)) {
            cells.push_back("NaN");
        } else if (space) {
            cells.push_back(scientific ? fmt::format(FMT_COMPILE("{: .{}e}"), v, digits) : fmt::format(FMT_COMPILE("{: .{}f}"), v, digits));
        } else {
            cells.push_back(scientific ? fmt::format(FMT_COMPILE("{:.{}e}"), v, digits) : fmt::format(FMT_COMPILE("{:.{}f}"), v, digits));
        }
    }
    trim_zeros(cells);
    return cells;
}

// Python's 10 ** -digits (a correctly rounded double).
double negative_power_of_ten(std::int64_t digits) {
    static const double table[] = {1e0,  1e-1,  1e-2,  1e-3,  1e-4,  1e-5,  1e-6,  1e-7,  1e-8,  1e-9,  1e-10, 1e-11,
                                   1e-12, 1e-13, 1e-14, 1e-15, 1e-16, 1e-17, 1e-18, 1e-19, 1e-20, 1e-21, 1e-22};
    if (digits < 23) return table[digits];
    return std::pow(10.0, -static_cast<double>(digits));
}

// FloatArrayFormatter.get_result_as_array: fixed notation unless a nonzero value would show as
// zero, or the widest string is too long while some |x| > 1e6 (inf counts as large).
Cells format_float_cells(const std::vector<double>& values, std::int64_t digits, bool space) {
    Cells fixed = format_floats(values, false, digits, space);
    const bool too_long = static_cast<std::int64_t>(max_chars(fixed)) > digits + 6;
    const double small = negative_power_of_ten(digits);
    bool has_large = false;
    bool has_small = false;
    for (double v : values) {
        double a = std::fabs(v);
        has_large = has_large || a > 1e6;
        has_small = has_small || (a < small && a > 0);
    }
    if (has_small || (too_long && has_large)) return format_floats(values, true, digits, space);
    return fixed;
}

// format_array's strings before any justification (a leading space for the sign, but with
// leading_space=False: to_string(index=False)).
Cells format_cells(const TableCells& c, const DisplayOptions& o, bool space = true) {
    switch (c.kind) {
        case TableCells::Kind::floats: return format_float_cells(c.floats, o.precision, space);
        case TableCells::Kind::ints: {
            Cells out;
            for (std::int64_t v : c.ints) out.push_back(space ? fmt::format(FMT_COMPILE("{: d}"), v) : fmt::format(FMT_COMPILE("{:d}"), v));
            return out;
        }
        case TableCells::Kind::text: break;
    }
    return c.text;
}

// _make_fixed_width: cut cells past max_colwidth to "...", then pad to a common width.
Cells fixed_width(Cells cells, const Adj& adj, std::int64_t max_colwidth, bool right, std::size_t minimum = 0) {
    if (cells.empty()) return cells;
    std::size_t width = std::max(adj.max_len(cells), minimum);
    const bool capped = max_colwidth != DisplayOptions::kNone;
    if (capped && width > static_cast<std::size_t>(max_colwidth)) width = static_cast<std::size_t>(max_colwidth);
    for (auto& v : cells) {
        if (capped && max_colwidth > 3 && adj.len(v) > width) v = first_chars(v, width - 3) + "...";
        v = adj.justify(v, width, right ? Justify::right : Justify::left);
    }
    return cells;
}

// trim_front: strip leading spaces all the labels share.
void trim_front(Cells& cells) {
    while (!cells.empty() && std::all_of(cells.begin(), cells.end(), [](const std::string& s) { return !s.empty() && s[0] == ' '; })) {
        for (auto& s : cells) s.erase(0, 1);
    }
}

// Index.format(): a RangeIndex left-justifies to its first/last label's width; an Int64Index goes
// through format_array(justify="left") and trim_front; an object Index shows each label as it is.
// `cut`: the positions are a truncated view (pandas concatenates head and tail into an Int64Index).
Cells format_labels(const LabelSource& src, const std::vector<std::size_t>& pos, bool cut, const Adj& adj,
                    const DisplayOptions& o) {
    if (src.range) {
        Cells out;
        if (!cut) {
            if (pos.empty()) return out;
            const std::int64_t first = src.start, last = src.start + src.step * static_cast<std::int64_t>(pos.size() - 1);
            const std::size_t width = std::max(std::to_string(first).size(), std::to_string(last).size());
            for (std::size_t p : pos) {
                std::string label = std::to_string(src.start + src.step * static_cast<std::int64_t>(p));
                out.push_back(label + std::string(width > label.size() ? width - label.size() : 0, ' '));
            }
            return out;
        }
        for (std::size_t p : pos) out.push_back(fmt::format(FMT_COMPILE("{: d}"), src.start + src.step * static_cast<std::int64_t>(p)));
        out = fixed_width(std::move(out), adj, o.max_colwidth, false);
        trim_front(out);
        return out;
    }
    TableCells c = src.cells(pos);
    if (c.kind == TableCells::Kind::text) return c.text;
    Cells out = fixed_width(format_cells(c, o), adj, o.max_colwidth, false);
    trim_front(out);
    return out;
}

// Python's round(n / 2): halves go to the even neighbour.
std::size_t half_rounded(std::size_t n) {
    std::size_t k = n / 2;
    return (n % 2 == 0 || k % 2 == 0) ? k : k + 1;
}

std::vector<std::size_t> iota(std::size_t n) {
    std::vector<std::size_t> v(n);
    for (std::size_t k = 0; k < n; ++k) v[k] = k;
    return v;
}

// The shown part of a frame: head and tail rows/columns around the '...' markers.
struct Cut {
    std::vector<std::size_t> kept;
    std::size_t half = npos;  // shown items before the cut (tr_row_num), or npos when nothing is cut
};

Cut keep_all(std::size_t n) {
    Cut c;
    c.kept = iota(n);
    return c;
}

// _truncate_vertically / _truncate_horizontally for `fitted` items shown out of n: half from
// each end, or (fitted 1) the first `fallback` ones (pandas' max_rows / max_cols).
Cut cut_to(std::size_t n, std::size_t fitted, std::size_t fallback) {
    Cut c;
    std::size_t half = fitted / 2;
    if (half >= 1) {
        for (std::size_t k = 0; k < half; ++k) c.kept.push_back(k);
        for (std::size_t k = n - half; k < n; ++k) c.kept.push_back(k);
    } else {
        half = fallback;
        for (std::size_t k = 0; k < std::min(half, n); ++k) c.kept.push_back(k);
    }
    c.half = half;
    return c;
}

std::string dimensions(std::size_t n_rows, std::size_t n_cols) {
    return fmt::format(FMT_COMPILE("\n\n[{} rows x {} columns]"), n_rows, n_cols);
}

// pprint_thing(index) for the empty frame's info lines: "[a, b]", at most 100 labels.
std::string label_list(const LabelSource& src, std::size_t n) {
    std::vector<std::size_t> pos = iota(std::min(n, max_seq_items));
    Cells labels;
    if (src.range) {
        for (std::size_t p : pos) labels.push_back(std::to_string(src.start + src.step * static_cast<std::int64_t>(p)));
    } else if (!pos.empty()) {
        TableCells c = src.cells(pos);
        if (c.kind == TableCells::Kind::ints) {
            for (std::int64_t v : c.ints) labels.push_back(std::to_string(v));
        } else {
            labels = c.text;
        }
    }
    std::string body;
    for (std::size_t k = 0; k < labels.size(); ++k) body += (k ? ", " : "") + labels[k];
    if (n > max_seq_items) body += ", ...";
    return "[" + body + "]";
}

class FrameFormatter {
public:
    FrameFormatter(const TableSource& t, FrameLayout layout, const DisplayOptions& o)
        : t_(t), layout_(layout), o_(o), adj_(o) {
        if (layout_ == FrameLayout::full) {
            // DataFrame.to_string(): no row or column limit, no line width, no max_colwidth.
            o_.max_rows = o_.min_rows = o_.max_columns = DisplayOptions::kNone;
            o_.max_colwidth = DisplayOptions::kNone;
        } else if (o_.max_columns == DisplayOptions::kLayout) {
            o_.max_columns = layout_ == FrameLayout::notebook ? static_cast<std::int64_t>(notebook_max_columns) : 0;
        }
    }

    std::string to_string() {
        max_cols_fitted_ = calc_max_cols_fitted();
        max_rows_fitted_ = calc_max_rows_fitted();
        rows_ = truncated_vertically() ? cut_to(t_.rows, static_cast<std::size_t>(max_rows_fitted_), static_cast<std::size_t>(o_.max_rows))
                                       : keep_all(t_.rows);
        if (t_.rows == 0 || t_.cols == 0) {
            std::string text = "Empty DataFrame\nColumns: " + label_list(t_.columns, t_.cols) + "\nIndex: " + label_list(t_.index, t_.rows);
            return truncated() ? text + dimensions(t_.rows, t_.cols) : text;
        }
        std::string text;
        if (layout_ == FrameLayout::full) {
            text = adj_.adjoin(1, strcols());
        } else if (o_.max_columns != 0) {
            text = join_multiline(strcols());
        } else {
            text = fit_to_terminal();
        }
        return truncated() ? text + dimensions(t_.rows, t_.cols) : text;
    }

private:
    // _calc_max_cols_fitted: a terminal (max_columns 0) shows at most as many columns as it is
    // wide; else max_columns (None: all).
    std::int64_t calc_max_cols_fitted() const {
        if (o_.max_columns == 0) return t_.cols > terminal_width ? static_cast<std::int64_t>(terminal_width) : 0;
        return o_.max_columns;
    }
    // _calc_max_rows_fitted + _adjust_max_rows (max_rows 0, the terminal's height, is refused
    // before it gets here).
    std::int64_t calc_max_rows_fitted() const {
        std::int64_t m = o_.max_rows;
        if (m > 0 && static_cast<std::int64_t>(t_.rows) > m && o_.min_rows > 0) m = std::min(o_.min_rows, m);
        return m;
    }
    bool truncated_horizontally() const { return max_cols_fitted_ > 0 && static_cast<std::int64_t>(t_.cols) > max_cols_fitted_; }
    bool truncated_vertically() const { return max_rows_fitted_ > 0 && static_cast<std::int64_t>(t_.rows) > max_rows_fitted_; }
    bool truncated() const { return truncated_horizontally() || truncated_vertically(); }

    // get_strcols plus the dot separators: the index column first.
    std::vector<Cells> strcols() {
        cols_ = truncated_horizontally()
                    ? cut_to(t_.cols, static_cast<std::size_t>(max_cols_fitted_), static_cast<std::size_t>(o_.max_columns))
                    : keep_all(t_.cols);
        const bool rows_cut = rows_.half != npos;
        // _get_formatted_index: index.format(name=...) (the name first), made fixed width, under
        // the columns' header line.
        Cells labels = format_labels(t_.index, rows_.kept, rows_cut, adj_, o_);
        if (t_.index.has_name) labels.insert(labels.begin(), t_.index.name);
        Cells index = fixed_width(std::move(labels), adj_, o_.max_colwidth, false);
        index.insert(index.begin(), "");
        const std::size_t header_rows = t_.index.has_name ? 2 : 1;
        std::vector<Cells> out{index};
        Cells headers = format_labels(t_.columns, cols_.kept, cols_.half != npos, adj_, o_);
        for (std::size_t k = 0; k < cols_.kept.size(); ++k) {
            const std::size_t c = cols_.kept[k];
            // need_leadsp zips the shown labels with the dtypes of the whole frame's first columns
            // (so after a cut the right-hand labels take the left-hand columns' dtypes) into a dict
            // keyed by the label's text, where the last of equal labels wins.
            bool numeric = t_.numeric(k);
            for (std::size_t j = k + 1; j < headers.size(); ++j) {
                if (headers[j] == headers[k]) numeric = t_.numeric(j);
            }
            const std::string header = numeric ? " " + headers[k] : headers[k];
            const std::size_t header_width = adj_.len(header);
            Cells values = fixed_width(fixed_width(format_cells(t_.column(c, rows_.kept), o_, t_.show_index), adj_, o_.max_colwidth, true),
                                       adj_, o_.max_colwidth, true, header_width);
            const std::size_t width = std::max(adj_.max_len(values), header_width);
            Cells col{adj_.rjust(header, width)};
            if (t_.index.has_name && t_.show_index) col.push_back(std::string(width, ' '));  // the index name's line
            col.insert(col.end(), values.begin(), values.end());
            out.push_back(std::move(col));
        }
        if (!t_.show_index) {  // to_string(index=False): never truncated, so no dots follow
            out.erase(out.begin());
            return out;
        }
        if (cols_.half != npos) out.insert(out.begin() + 1 + static_cast<std::ptrdiff_t>(cols_.half), Cells(index.size(), " ..."));
        if (rows_cut) {
            const std::size_t row = rows_.half;
            for (std::size_t ix = 0; ix < out.size(); ++ix) {
                Cells& col = out[ix];
                const bool dot_col = cols_.half != npos && ix == cols_.half + 1;
                // pandas measures col[tr_row_num], counting the header lines in: with an index
                // name's line that is the row before the last one shown.
                std::size_t width = adj_.len(col[row]);
                const std::string dots = width > 3 || dot_col ? "..." : "..";
                if (ix != 0 && dot_col) width = 4;
                col.insert(col.begin() + static_cast<std::ptrdiff_t>(row + header_rows),
                           adj_.justify(dots, width, ix == 0 ? Justify::left : Justify::right));
            }
        }
        return out;
    }

    // StringFormatter._fit_strcols_to_terminal_width: drop middle columns (the index and any dots
    // column count as columns) until the text would fit, then keep half of the survivors from each
    // end. Lengths here are characters, whatever the adjustment.
    std::string fit_to_terminal() {
        std::vector<Cells> cols = strcols();
        std::size_t longest = 0;
        const std::string text = adj_.adjoin(1, cols);
        for (std::size_t b = 0; b <= text.size();) {
            std::size_t e = text.find('\n', b);
            if (e == std::string::npos) e = text.size();
            longest = std::max(longest, text_length(text.substr(b, e - b)));
            b = e + 1;
        }
        std::vector<std::size_t> widths;
        for (const auto& col : cols) widths.push_back(max_chars(col));
        long long excess = static_cast<long long>(longest) - static_cast<long long>(terminal_width) + 1;
        while (excess > 0 && widths.size() > 1) {
            std::size_t mid = half_rounded(widths.size());
            excess -= static_cast<long long>(widths[mid] + 1);
            widths.erase(widths.begin() + static_cast<std::ptrdiff_t>(mid));
        }
        max_cols_fitted_ = std::max<std::int64_t>(static_cast<std::int64_t>(widths.size()) - 1, 2);
        return adj_.adjoin(1, strcols());
    }

    // StringFormatter._join_multiline: columns in blocks that fit the line, each block but the
    // last ending in " \", blocks separated by a blank line.
    std::string join_multiline(std::vector<Cells> cols) {
        Cells index = cols.front();
        cols.erase(cols.begin());
        const long long lwidth = static_cast<long long>(o_.width) - static_cast<long long>(adj_.max_len(index)) - 1;
        std::vector<std::size_t> bins;
        long long current = 0;
        for (std::size_t i = 0; i < cols.size(); ++i) {
            const long long w = static_cast<long long>(adj_.max_len(cols[i])) + 1;
            current += w;
            const bool wrap = (i + 1 == cols.size() ? current + 1 > lwidth : current + 2 > lwidth) && i > 0;
            if (wrap) {
                bins.push_back(i);
                current = w;
            }
        }
        bins.push_back(cols.size());
        const std::size_t nrows = truncated_vertically() ? static_cast<std::size_t>(max_rows_fitted_) + 1 : t_.rows;
        std::string out;
        std::size_t start = 0;
        for (std::size_t b = 0; b < bins.size(); ++b) {
            std::vector<Cells> row{index};
            row.insert(row.end(), cols.begin() + static_cast<std::ptrdiff_t>(start), cols.begin() + static_cast<std::ptrdiff_t>(bins[b]));
            if (bins.size() > 1) {
                if (b + 1 < bins.size()) {
                    Cells marker(nrows, "  ");
                    if (!marker.empty()) marker[0] = " \\";
                    row.push_back(marker);
                } else {
                    row.push_back(Cells(nrows, " "));
                }
            }
            if (b > 0) out += "\n\n";
            out += adj_.adjoin(1, row);
            start = bins[b];
        }
        return out;
    }

    const TableSource& t_;
    FrameLayout layout_;
    DisplayOptions o_;
    Adj adj_;
    Cut rows_, cols_;
    std::int64_t max_cols_fitted_ = 0, max_rows_fitted_ = 0;
};

}  // namespace

std::size_t text_length(const std::string& s) {
    std::size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

int east_asian_cells(std::uint32_t c, int ambiguous) {
    const bool wide = c < 0x10000 ? in_ranges(kWideBmp, c) : in_ranges(kWideAstral, c);
    if (wide) return 2;
    const bool amb = c < 0x10000 ? in_ranges(kAmbiguousBmp, c) : in_ranges(kAmbiguousAstral, c);
    return amb ? ambiguous : 1;
}

std::string center(const std::string& s, std::size_t width) {
    const std::size_t len = text_length(s);
    if (len >= width) return s;
    const std::size_t marg = width - len;
    const std::size_t left = marg / 2 + (marg & width & 1);
    return std::string(left, ' ') + s + std::string(marg - left, ' ');
}

std::string frame_to_string(const TableSource& t, FrameLayout layout, const DisplayOptions& options) {
    FrameFormatter f(t, layout, options);
    return f.to_string();
}

std::string series_to_string(const SeriesSource& s, const DisplayOptions& o) {
    const Adj adj(o);
    std::string footer;
    auto add = [&](const std::string& part) { footer += (footer.empty() ? "" : ", ") + part; };
    // SeriesFormatter._chk_truncate.
    Cut rows = keep_all(s.rows);
    std::int64_t max_rows = o.max_rows;
    const bool cut = max_rows > 0 && static_cast<std::int64_t>(s.rows) > max_rows;
    if (cut) {
        if (o.min_rows > 0) max_rows = std::min(o.min_rows, max_rows);
        rows = max_rows == 1 ? cut_to(s.rows, 1, 1) : cut_to(s.rows, static_cast<std::size_t>(max_rows), 0);
    }
    if (s.has_name) add("Name: " + s.name);
    if (cut) add("Length: " + std::to_string(s.rows));
    add("dtype: " + s.dtype);
    if (s.rows == 0) return "Series([], " + footer + ")";
    Cells index = format_labels(s.index, rows.kept, cut, adj, o);
    Cells values = fixed_width(format_cells(s.values(rows.kept), o), adj, o.max_colwidth, true);
    if (cut) {
        const std::size_t width = adj.len(values[rows.half - 1]);
        values.insert(values.begin() + static_cast<std::ptrdiff_t>(rows.half), adj.justify(width > 3 ? "..." : "..", width, Justify::center));
        index.insert(index.begin() + static_cast<std::ptrdiff_t>(rows.half), "");
    }
    const std::string header = s.index.has_name ? s.index.name + "\n" : "";
    return header + adj.adjoin(3, {index, values}) + "\n" + footer;
}

// format_object_summary + Index.__repr__.
std::string index_repr(const std::string& cls, std::size_t n, const std::function<std::string(std::size_t)>& label,
                       bool justify, const std::string& dtype, const DisplayOptions& o, const std::string& name) {
    const Adj adj(o);
    const auto line_width = static_cast<std::size_t>(o.width);
    const std::string space1 = "\n" + std::string(cls.size() + 1, ' ');
    const std::string space2 = "\n" + std::string(cls.size() + 2, ' ');
    const bool is_truncated = n > max_seq_items;
    std::string summary;
    if (n == 0) {
        summary = "[], ";
    } else if (n == 1) {
        summary = "[" + label(0) + "], ";
    } else if (n == 2) {
        summary = "[" + label(0) + ", " + label(1) + "], ";
    } else {
        Cells head, tail;
        if (is_truncated) {
            for (std::size_t k = 0; k < 10; ++k) head.push_back(label(k));
            for (std::size_t k = n - 10; k < n; ++k) tail.push_back(label(k));
        } else {
            for (std::size_t k = 0; k < n; ++k) tail.push_back(label(k));
        }
        auto joined_len = [](const Cells& c) {
            std::size_t len = c.empty() ? 0 : 2 * (c.size() - 1);
            for (const auto& x : c) len += text_length(x);
            return len;
        };
        if (justify && (is_truncated || !(joined_len(head) < line_width && joined_len(tail) < line_width))) {
            const std::size_t w = std::max(adj.max_len(head), adj.max_len(tail));
            for (auto& x : head) x = rjust_chars(x, w);
            for (auto& x : tail) x = rjust_chars(x, w);
        }
        auto rstrip = [](const std::string& s) {  // str.rstrip(): the line's leading "\n" too
            const std::size_t end = s.find_last_not_of(" \t\n\r\v\f");
            return end == std::string::npos ? std::string() : s.substr(0, end + 1);
        };
        std::string line = space2;
        auto extend = [&](const std::string& value, std::size_t width) {
            if (adj.len(rstrip(line)) + adj.len(rstrip(value)) >= width) {
                summary += rstrip(line);
                line = space2;
            }
            line += value;
        };
        for (const auto& h : head) extend(h + ", ", line_width);
        if (is_truncated) {
            summary += rstrip(line) + space2 + "...";
            line = space2;
        }
        for (std::size_t k = 0; k + 1 < tail.size(); ++k) extend(tail[k] + ", ", line_width);
        extend(tail.back(), line_width - 2);
        summary += line + "],";
        summary += text_length(summary) > line_width ? space1 : " ";
        summary = "[" + summary.substr(space2.size());
    }
    std::string attrs = "dtype='" + dtype + "'";
    if (!name.empty()) attrs += ", name=" + name;
    if (is_truncated) attrs += ", length=" + std::to_string(n);
    return cls + "(" + summary + attrs + ")";
}

std::string dataframe_str(const std::vector<DfColumn>& columns) {
    TableSource t;
    t.cols = columns.size();
    t.rows = columns.empty() ? 0 : columns[0].values.size();
    t.column = [&](std::size_t c, const std::vector<std::size_t>& rows) {
        TableCells cells;
        const NdArray& v = columns[c].values;
        cells.kind = v.is_float() ? TableCells::Kind::floats : TableCells::Kind::ints;
        for (std::size_t r : rows) {
            if (v.is_float()) cells.floats.push_back(v.f[r]);
            else cells.ints.push_back(v.i[r]);
        }
        return cells;
    };
    t.numeric = [](std::size_t) { return true; };
    t.index.range = true;
    t.columns.cells = [&](const std::vector<std::size_t>& pos) {
        TableCells cells;
        for (std::size_t p : pos) cells.text.push_back(columns[p].name);
        return cells;
    };
    return frame_to_string(t, FrameLayout::script);
}

}  // namespace tlab
