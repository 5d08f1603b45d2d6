// dataframe.cpp — pandas 1.5's to_string for DataFrames and Series, and Index reprs.
//
// Mirrors pandas/io/formats/format.py (DataFrameFormatter, SeriesFormatter, FloatArrayFormatter,
// _make_fixed_width), string.py (StringFormatter: the terminal fit and the notebook's wrapping)
// and printing.py (adjoin, format_object_summary) with the options a script or a Jupyter kernel
// runs under: max_rows 60, min_rows 10, max_colwidth 50, precision 6, width 80, show_dimensions
// "truncate"; max_columns 0 in a script (fit to the terminal), 20 in a kernel.
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

constexpr std::size_t max_rows = 60;
constexpr std::size_t min_rows = 10;
constexpr std::size_t line_width = 80;  // display.width; a script's terminal is 80 wide too
constexpr std::size_t max_colwidth = 50;
constexpr std::size_t precision = 6;
constexpr std::size_t max_seq_items = 100;
constexpr std::size_t notebook_max_columns = 20;
constexpr std::size_t npos = static_cast<std::size_t>(-1);

using Cells = std::vector<std::string>;

std::string first_chars(const std::string& s, std::size_t n) {
    std::size_t seen = 0;
    for (std::size_t b = 0; b < s.size(); ++b) {
        if ((static_cast<unsigned char>(s[b]) & 0xC0) != 0x80 && seen++ == n) return s.substr(0, b);
    }
    return s;
}

std::string rjust(const std::string& s, std::size_t width) {
    std::size_t len = text_length(s);
    return len >= width ? s : std::string(width - len, ' ') + s;
}

std::string ljust(const std::string& s, std::size_t width) {
    std::size_t len = text_length(s);
    return len >= width ? s : s + std::string(width - len, ' ');
}

std::size_t max_len(const Cells& cells) {
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

Cells format_floats(const std::vector<double>& values, bool scientific) {
    Cells cells;
    for (double v : values) {
        if (std::isnan(v)) {
            cells.push_back("NaN");
        } else {
            cells.push_back(scientific ? fmt::format(FMT_COMPILE("{: .6e}"), v) : fmt::format(FMT_COMPILE("{: .6f}"), v));
        }
    }
    trim_zeros(cells);
    return cells;
}

// FloatArrayFormatter.get_result_as_array: fixed notation unless a nonzero value would show as
// zero, or the widest string is too long while some |x| > 1e6 (inf counts as large).
Cells format_float_cells(const std::vector<double>& values) {
    Cells fixed = format_floats(values, false);
    bool too_long = max_len(fixed) > precision + 6;
    bool has_large = false;
    bool has_small = false;
    for (double v : values) {
        double a = std::fabs(v);
        has_large = has_large || a > 1e6;
        has_small = has_small || (a < 1e-6 && a > 0);
    }
    if (has_small || (too_long && has_large)) return format_floats(values, true);
    return fixed;
}

// format_array's strings before any justification (leading space for the sign).
Cells format_cells(const TableCells& c) {
    switch (c.kind) {
        case TableCells::Kind::floats: return format_float_cells(c.floats);
        case TableCells::Kind::ints: {
            Cells out;
            for (std::int64_t v : c.ints) out.push_back(fmt::format(FMT_COMPILE("{: d}"), v));
            return out;
        }
        case TableCells::Kind::text: break;
    }
    return c.text;
}

// _make_fixed_width: cut cells past max_colwidth to "...", then pad to a common width.
Cells fixed_width(Cells cells, bool right, std::size_t minimum = 0) {
    if (cells.empty()) return cells;
    std::size_t width = std::min(std::max(max_len(cells), minimum), max_colwidth);
    for (auto& v : cells) {
        if (text_length(v) > width) v = first_chars(v, width - 3) + "...";
        v = right ? rjust(v, width) : ljust(v, width);
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
Cells format_labels(const LabelSource& src, const std::vector<std::size_t>& pos, bool cut) {
    if (src.range) {
        Cells out;
        if (!cut) {
            if (pos.empty()) return out;
            const std::int64_t first = src.start, last = src.start + src.step * static_cast<std::int64_t>(pos.size() - 1);
            const std::size_t width = std::max(std::to_string(first).size(), std::to_string(last).size());
            for (std::size_t p : pos) out.push_back(ljust(std::to_string(src.start + src.step * static_cast<std::int64_t>(p)), width));
            return out;
        }
        for (std::size_t p : pos) out.push_back(fmt::format(FMT_COMPILE("{: d}"), src.start + src.step * static_cast<std::int64_t>(p)));
        out = fixed_width(std::move(out), false);
        trim_front(out);
        return out;
    }
    TableCells c = src.cells(pos);
    if (c.kind == TableCells::Kind::text) return c.text;
    Cells out = fixed_width(format_cells(c), false);
    trim_front(out);
    return out;
}

// printing.adjoin(space, ...): every list left-justified to its width (+space but the last),
// shorter lists padded with blank cells.
std::string adjoin(std::size_t space, const std::vector<Cells>& lists) {
    std::vector<std::size_t> widths;
    std::size_t lines = 0;
    for (std::size_t c = 0; c < lists.size(); ++c) {
        widths.push_back(max_len(lists[c]) + (c + 1 < lists.size() ? space : 0));
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
    std::size_t half = npos;  // shown items before the cut, or npos when nothing is cut
};

Cut cut_middle(std::size_t n, std::size_t limit) {
    Cut c;
    if (limit == 0 || n <= limit) {
        c.kept = iota(n);
        return c;
    }
    c.half = limit / 2;
    for (std::size_t k = 0; k < c.half; ++k) c.kept.push_back(k);
    for (std::size_t k = n - c.half; k < n; ++k) c.kept.push_back(k);
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
    FrameFormatter(const TableSource& t, FrameLayout layout) : t_(t), layout_(layout) {}

    std::string to_string() {
        // Past max_rows, min_rows of them show (_adjust_max_rows).
        rows_ = cut_middle(t_.rows, t_.rows > max_rows && layout_ != FrameLayout::full ? std::min(min_rows, max_rows) : 0);
        // A script's terminal: max_columns 0, so columns are cut only when there are more than the
        // terminal is wide, then fitted; a kernel shows at most 20.
        max_cols_fitted_ = layout_ == FrameLayout::notebook ? notebook_max_columns
                           : layout_ == FrameLayout::script && t_.cols > line_width ? line_width : 0;
        if (t_.rows == 0 || t_.cols == 0) {
            std::string text = "Empty DataFrame\nColumns: " + label_list(t_.columns, t_.cols) + "\nIndex: " + label_list(t_.index, t_.rows);
            return truncated() ? text + dimensions(t_.rows, t_.cols) : text;
        }
        std::string text;
        if (layout_ == FrameLayout::notebook) {
            text = join_multiline(strcols());
        } else if (layout_ == FrameLayout::script) {
            text = fit_to_terminal();
        } else {
            text = adjoin(1, strcols());
        }
        return truncated() ? text + dimensions(t_.rows, t_.cols) : text;
    }

private:
    bool cols_cut() const { return max_cols_fitted_ != 0 && t_.cols > max_cols_fitted_; }
    bool truncated() const { return cols_cut() || rows_.half != npos; }

    // get_strcols plus the dot separators: the index column first.
    std::vector<Cells> strcols() {
        cols_ = cols_cut() ? cut_middle(t_.cols, 2 * (max_cols_fitted_ / 2)) : cut_middle(t_.cols, 0);
        const bool rows_cut = rows_.half != npos;
        Cells index = fixed_width(format_labels(t_.index, rows_.kept, rows_cut), false);
        index.insert(index.begin(), "");
        std::vector<Cells> out{index};
        Cells headers = format_labels(t_.columns, cols_.kept, cols_.half != npos);
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
            Cells values = fixed_width(fixed_width(format_cells(t_.column(c, rows_.kept)), true), true, text_length(header));
            Cells col{rjust(header, std::max(max_len(values), text_length(header)))};
            col.insert(col.end(), values.begin(), values.end());
            out.push_back(std::move(col));
        }
        if (cols_.half != npos) out.insert(out.begin() + 1 + static_cast<std::ptrdiff_t>(cols_.half), Cells(index.size(), " ..."));
        if (rows_cut) {
            const std::size_t row = rows_.half;
            for (std::size_t ix = 0; ix < out.size(); ++ix) {
                Cells& col = out[ix];
                const bool dot_col = cols_.half != npos && ix == cols_.half + 1;
                std::size_t width = text_length(col[row]);
                const std::string dots = width > 3 || dot_col ? "..." : "..";
                if (dot_col) width = 4;
                col.insert(col.begin() + static_cast<std::ptrdiff_t>(row + 1), ix == 0 ? ljust(dots, width) : rjust(dots, width));
            }
        }
        return out;
    }

    // StringFormatter._fit_strcols_to_terminal_width: drop middle columns (the index and any dots
    // column count as columns) until the text would fit, then keep half of the survivors from each end.
    std::string fit_to_terminal() {
        std::vector<Cells> cols = strcols();
        std::vector<std::size_t> widths;
        std::size_t total = cols.size() - 1;
        for (const auto& col : cols) {
            widths.push_back(max_len(col));
            total += widths.back();
        }
        long long excess = static_cast<long long>(total) - static_cast<long long>(line_width) + 1;
        while (excess > 0 && widths.size() > 1) {
            std::size_t mid = half_rounded(widths.size());
            excess -= static_cast<long long>(widths[mid] + 1);
            widths.erase(widths.begin() + static_cast<std::ptrdiff_t>(mid));
        }
        max_cols_fitted_ = std::max<std::size_t>(widths.size() - 1, 2);
        return adjoin(1, strcols());
    }

    // StringFormatter._join_multiline: columns in blocks that fit the line, each block but the
    // last ending in " \", blocks separated by a blank line.
    std::string join_multiline(std::vector<Cells> cols) {
        Cells index = cols.front();
        cols.erase(cols.begin());
        const long long lwidth = static_cast<long long>(line_width) - static_cast<long long>(max_len(index)) - 1;
        std::vector<std::size_t> bins;
        long long current = 0;
        for (std::size_t i = 0; i < cols.size(); ++i) {
            const long long w = static_cast<long long>(max_len(cols[i])) + 1;
            current += w;
            const bool wrap = (i + 1 == cols.size() ? current + 1 > lwidth : current + 2 > lwidth) && i > 0;
            if (wrap) {
                bins.push_back(i);
                current = w;
            }
        }
        bins.push_back(cols.size());
        const std::size_t nrows = rows_.half != npos ? 2 * rows_.half + 1 : t_.rows;
        std::string out;
        std::size_t start = 0;
        for (std::size_t b = 0; b < bins.size(); ++b) {
            std::vector<Cells> row{index};
            row.insert(row.end(), cols.begin() + static_cast<std::ptrdiff_t>(start), cols.begin() + static_cast<std::ptrdiff_t>(bins[b]));
            if (bins.size() > 1) {
                if (b + 1 < bins.size()) {
                    Cells marker(nrows, "  ");
                    marker[0] = " \\";
                    row.push_back(marker);
                } else {
                    row.push_back(Cells(nrows, " "));
                }
            }
            if (b > 0) out += "\n\n";
            out += adjoin(1, row);
            start = bins[b];
        }
        return out;
    }

    const TableSource& t_;
    FrameLayout layout_;
    Cut rows_, cols_;
    std::size_t max_cols_fitted_ = 0;
};

}  // namespace

std::size_t text_length(const std::string& s) {
    std::size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

std::string center(const std::string& s, std::size_t width) {
    const std::size_t len = text_length(s);
    if (len >= width) return s;
    const std::size_t marg = width - len;
    const std::size_t left = marg / 2 + (marg & width & 1);
    return std::string(left, ' ') + s + std::string(marg - left, ' ');
}

std::string frame_to_string(const TableSource& t, FrameLayout layout) {
    FrameFormatter f(t, layout);
    return f.to_string();
}

std::string series_to_string(const SeriesSource& s) {
    std::string footer;
    auto add = [&](const std::string& part) { footer += (footer.empty() ? "" : ", ") + part; };
    Cut rows = cut_middle(s.rows, max_rows);
    const bool cut = rows.half != npos;
    if (cut) rows = cut_middle(s.rows, std::min(min_rows, max_rows));
    if (s.has_name) add("Name: " + s.name);
    if (cut) add("Length: " + std::to_string(s.rows));
    add("dtype: " + s.dtype);
    if (s.rows == 0) return "Series([], " + footer + ")";
    Cells index = format_labels(s.index, rows.kept, cut);
    Cells values = fixed_width(format_cells(s.values(rows.kept)), true);
    if (cut) {
        const std::size_t width = text_length(values[rows.half - 1]);
        values.insert(values.begin() + static_cast<std::ptrdiff_t>(rows.half), center(width > 3 ? "..." : "..", width));
        index.insert(index.begin() + static_cast<std::ptrdiff_t>(rows.half), "");
    }
    return adjoin(3, {index, values}) + "\n" + footer;
}

// format_object_summary + Index.__repr__.
std::string index_repr(const std::string& cls, std::size_t n, const std::function<std::string(std::size_t)>& label,
                       bool justify, const std::string& dtype) {
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
            const std::size_t w = std::max(max_len(head), max_len(tail));
            for (auto& x : head) x = rjust(x, w);
            for (auto& x : tail) x = rjust(x, w);
        }
        auto rstripped_len = [](const std::string& s) {
            const std::size_t end = s.find_last_not_of(' ');
            return end == std::string::npos ? 0 : text_length(s.substr(0, end + 1));
        };
        auto rstrip = [](const std::string& s) {
            const std::size_t end = s.find_last_not_of(' ');
            return end == std::string::npos ? std::string() : s.substr(0, end + 1);
        };
        std::string line = space2;
        auto extend = [&](const std::string& value, std::size_t width) {
            if (rstripped_len(line) + rstripped_len(value) >= width) {
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
