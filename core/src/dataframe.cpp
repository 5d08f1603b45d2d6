// dataframe.cpp — print(df) for int64/float64 columns under a RangeIndex, as pandas 1.5 renders it.
//
// Mirrors pandas/io/formats/format.py (DataFrameFormatter, FloatArrayFormatter) and string.py
// (StringFormatter) with the options a plain script runs under: max_rows 60, min_rows 10,
// max_columns 0 (so the frame is fitted to an 80-wide terminal by dropping middle columns, not
// wrapped), max_colwidth 50, precision 6, show_dimensions "truncate".
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
constexpr std::size_t terminal_width = 80;  // shutil.get_terminal_size() when stdout is no tty
constexpr std::size_t max_colwidth = 50;
constexpr std::size_t precision = 6;
constexpr std::size_t max_seq_items = 100;
constexpr std::size_t npos = static_cast<std::size_t>(-1);

// One rendered column, header cell first, as pandas' strcols.
using Cells = std::vector<std::string>;

// pandas measures with len() on str, i.e. in code points; UTF-8 continuation bytes don't count.
std::size_t text_len(const std::string& s) {
    std::size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

std::string first_chars(const std::string& s, std::size_t n) {
    std::size_t seen = 0;
    for (std::size_t b = 0; b < s.size(); ++b) {
        if ((static_cast<unsigned char>(s[b]) & 0xC0) != 0x80 && seen++ == n) return s.substr(0, b);
    }
    return s;
}

std::string rjust(const std::string& s, std::size_t width) {
    std::size_t len = text_len(s);
    return len >= width ? s : std::string(width - len, ' ') + s;
}

std::string ljust(const std::string& s, std::size_t width) {
    std::size_t len = text_len(s);
    return len >= width ? s : s + std::string(width - len, ' ');
}

std::size_t max_len(const Cells& cells) {
    std::size_t w = 0;
    for (const auto& c : cells) w = std::max(w, text_len(c));
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
Cells format_float_column(const std::vector<double>& values) {
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

// A data column over the shown rows: values right-justified under a header that numeric dtypes
// prefix with a space; max_colwidth caps the values' width but never cuts the header.
Cells render_column(const DfColumn& column, const std::vector<std::size_t>& rows) {
    Cells values;
    if (column.values.is_float()) {
        std::vector<double> picked;
        for (std::size_t r : rows) picked.push_back(column.values.f[r]);
        values = format_float_column(picked);
    } else {
        for (std::size_t r : rows) values.push_back(fmt::format(FMT_COMPILE("{: d}"), column.values.i[r]));
    }
    std::string header = " " + column.name;
    std::size_t width = std::min(std::max(max_len(values), text_len(header)), max_colwidth);
    for (auto& v : values) {
        if (text_len(v) > width) v = first_chars(v, width - 3) + "...";
        v = rjust(v, width);
    }
    Cells cells{rjust(header, std::max(max_len(values), text_len(header)))};
    cells.insert(cells.end(), values.begin(), values.end());
    return cells;
}

Cells render_index(const std::vector<std::size_t>& rows) {
    Cells labels;
    for (std::size_t r : rows) labels.push_back(std::to_string(r));
    std::size_t width = max_len(labels);
    Cells cells{""};
    for (const auto& label : labels) cells.push_back(ljust(label, width));
    return cells;
}

// printing.adjoin(1, ...): every cell padded to its column's width, one space between columns.
std::string adjoin(const std::vector<Cells>& columns) {
    std::vector<std::size_t> widths;
    for (const auto& col : columns) widths.push_back(max_len(col));
    std::string out;
    for (std::size_t line = 0; line < columns[0].size(); ++line) {
        if (line > 0) out += '\n';
        for (std::size_t c = 0; c < columns.size(); ++c) {
            bool last = c + 1 == columns.size();
            out += ljust(columns[c][line], widths[c] + (last ? 0 : 1));
        }
    }
    return out;
}

// The shown slice of the frame: which rows and columns, and where the '...' markers go.
struct View {
    std::vector<std::size_t> rows;
    std::vector<std::size_t> cols;
    bool rows_cut = false;
    std::size_t dots_col = npos;  // number of shown columns before the ' ...' column
};

std::vector<Cells> render(const std::vector<DfColumn>& columns, const View& view) {
    std::vector<Cells> strcols{render_index(view.rows)};
    for (std::size_t c : view.cols) strcols.push_back(render_column(columns[c], view.rows));
    if (view.dots_col != npos) {
        strcols.insert(strcols.begin() + 1 + view.dots_col, Cells(1 + view.rows.size(), " ..."));
    }
    if (view.rows_cut) {
        // The dots row sits after the head; its width comes from the last head row's cell.
        std::size_t row_num = min_rows / 2;
        for (std::size_t ix = 0; ix < strcols.size(); ++ix) {
            Cells& col = strcols[ix];
            std::size_t width = text_len(col[row_num]);
            std::string dots = width > 3 ? "..." : "..";
            col.insert(col.begin() + row_num + 1, ix == 0 ? ljust(dots, width) : rjust(dots, width));
        }
    }
    return strcols;
}

// Python's round(n / 2): halves go to the even neighbour.
std::size_t half_rounded(std::size_t n) {
    std::size_t k = n / 2;
    return (n % 2 == 0 || k % 2 == 0) ? k : k + 1;
}

// StringFormatter._fit_strcols_to_terminal_width: drop middle columns (the index and any dots
// column count as columns) until the text would fit, then keep half of the survivors from each end.
std::size_t max_cols_fitted(const std::vector<Cells>& strcols) {
    std::vector<std::size_t> widths;
    std::size_t total = strcols.size() - 1;
    for (const auto& col : strcols) {
        widths.push_back(max_len(col));
        total += widths.back();
    }
    long long excess = static_cast<long long>(total) - static_cast<long long>(terminal_width) + 1;
    while (excess > 0 && widths.size() > 1) {
        std::size_t mid = half_rounded(widths.size());
        excess -= static_cast<long long>(widths[mid] + 1);
        widths.erase(widths.begin() + static_cast<std::ptrdiff_t>(mid));
    }
    return std::max<std::size_t>(widths.size() - 1, 2);
}

void keep_outer_columns(View& view, std::size_t fitted) {
    std::size_t half = fitted / 2;
    std::vector<std::size_t> kept(view.cols.begin(), view.cols.begin() + half);
    kept.insert(kept.end(), view.cols.end() - half, view.cols.end());
    view.cols = kept;
    view.dots_col = half;
}

std::string dimensions(std::size_t n_rows, std::size_t n_cols) {
    return fmt::format(FMT_COMPILE("\n\n[{} rows x {} columns]"), n_rows, n_cols);
}

// A frame with no rows or no columns prints its labels instead of a table; more columns than the
// terminal is wide still count as a cut for the dimensions footer.
std::string empty_info(const std::vector<DfColumn>& columns) {
    std::string names;
    for (std::size_t c = 0; c < columns.size() && c < max_seq_items; ++c) {
        names += (c > 0 ? ", " : "") + columns[c].name;
    }
    if (columns.size() > max_seq_items) names += ", ...";
    std::string text = "Empty DataFrame\nColumns: [" + names + "]\nIndex: []";
    return columns.size() > terminal_width ? text + dimensions(0, columns.size()) : text;
}

}  // namespace

std::string dataframe_str(const std::vector<DfColumn>& columns) {
    std::size_t n_rows = columns.empty() ? 0 : columns[0].values.size();
    std::size_t n_cols = columns.size();
    if (n_rows == 0) return empty_info(columns);

    View view;
    if (n_rows > max_rows) {
        view.rows_cut = true;
        for (std::size_t r = 0; r < min_rows / 2; ++r) view.rows.push_back(r);
        for (std::size_t r = n_rows - min_rows / 2; r < n_rows; ++r) view.rows.push_back(r);
    } else {
        for (std::size_t r = 0; r < n_rows; ++r) view.rows.push_back(r);
    }
    for (std::size_t c = 0; c < n_cols; ++c) view.cols.push_back(c);
    // With more columns than the terminal has characters pandas cuts before measuring.
    if (n_cols > terminal_width) keep_outer_columns(view, terminal_width);

    std::size_t fitted = max_cols_fitted(render(columns, view));
    bool cols_cut = n_cols > fitted;
    if (cols_cut) {
        keep_outer_columns(view, fitted);
    } else {
        view.dots_col = npos;
    }

    std::string text = adjoin(render(columns, view));
    if (view.rows_cut || cols_cut) text += dimensions(n_rows, n_cols);
    return text;
}

}  // namespace tlab
