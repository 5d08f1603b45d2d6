// dataframe.hpp — pandas 1.5's text for DataFrames, Series and Indexes: `print(df)`, `repr(s)`,
// `df.columns`, exactly as pandas/io/formats (format.py, string.py, printing.py) lays them out
// under its display options (DisplayOptions; by default max_rows 60, min_rows 10, max_colwidth 50,
// precision 6, width 80). pandas counts characters, not display cells, when it aligns (Korean
// text included), unless display.unicode.east_asian_width is set.
//
//   dataframe_str({{"d_k", NdArray::of_ints({2}, {4, 16})},
//                  {"√d_k", NdArray::of_floats({2}, {2.0, 4.0})}})
//   -> "   d_k  √d_k\n0    4   2.0\n1   16   4.0"
//
// The general form reads the frame through callbacks, so only the rows it shows are formatted:
//
//   TableSource t;  t.rows = 3; t.cols = 1;
//   t.column = [&](std::size_t c, const std::vector<std::size_t>& rows) { ... TableCells of those rows };
//   t.numeric = [](std::size_t) { return true; };
//   t.index.range = true;                              // RangeIndex(start=0, stop=3, step=1)
//   t.columns.cells = [](const std::vector<std::size_t>&) { TableCells c; c.text = {"a"}; return c; };
//   frame_to_string(t, FrameLayout::script)  -> "   a\n0  1\n1  2\n2  3"
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tlab/ndarray.hpp"

namespace tlab {

// pandas' display options that change the text (pd.set_option("display.…", v)); the defaults
// are pandas'. kNone stands for None. max_columns kLayout: 0 in a script (fit to the terminal),
// 20 in a notebook. With east_asian_width, widths count wide (W, F) characters as 2 cells and
// ambiguous ones (A) as 1, or 2 with ambiguous_as_wide.
struct DisplayOptions {
    static constexpr std::int64_t kNone = -1;
    static constexpr std::int64_t kLayout = -2;
    std::int64_t max_rows = 60;
    std::int64_t min_rows = 10;
    std::int64_t max_columns = kLayout;
    std::int64_t width = 80;
    std::int64_t max_colwidth = 50;
    std::int64_t precision = 6;
    bool east_asian_width = false;
    bool ambiguous_as_wide = false;
};

// Where the text is shown. A script run (`python3 FILE.py`: pandas sees a terminal, max_columns 0)
// drops middle columns until the frame fits 80 characters; a Jupyter kernel (max_columns 20) keeps
// up to 20 columns and wraps them in blocks of 80 characters ending in " \".
// `full` is df.to_string(): every row and column, no width limit, no max_colwidth.
enum class FrameLayout : std::uint8_t { script, notebook, full };

// The values of one column (or Index) at some rows, as pandas' format_array receives them:
// int64 and float64 values are formatted here; anything else arrives as GenericArrayFormatter's
// cells (" True", " x", " 2.5", " NaN": leading space included).
struct TableCells {
    enum class Kind : std::uint8_t { ints, floats, text };
    Kind kind = Kind::text;
    std::vector<std::int64_t> ints;
    std::vector<double> floats;
    std::vector<std::string> text;
};

// An Index: a RangeIndex (start, step) or labels given as cells (Int64Index: ints; object Index:
// text, each label as pprint_thing shows it, "NaN" for NaN).
struct LabelSource {
    bool range = false;
    std::int64_t start = 0, step = 1;
    std::function<TableCells(const std::vector<std::size_t>& positions)> cells;
    // A row index's name (df.set_index("d_k")): a line of its own under the column labels, or
    // above a Series. pprint_thing(name).
    bool has_name = false;
    std::string name;
};

struct TableSource {
    std::size_t rows = 0, cols = 0;
    std::function<TableCells(std::size_t col, const std::vector<std::size_t>& rows)> column;
    // Numeric dtypes (bool included) put a space before their header.
    std::function<bool(std::size_t col)> numeric;
    LabelSource index, columns;
    // to_string(index=False) (FrameLayout::full only): no index column, and number cells without
    // the space for a sign (text cells come without it from `column` then).
    bool show_index = true;
};

// str(df) / repr(df): DataFrame.to_string with the repr options of `layout`.
std::string frame_to_string(const TableSource& t, FrameLayout layout, const DisplayOptions& options = {});

struct SeriesSource {
    std::size_t rows = 0;
    std::function<TableCells(const std::vector<std::size_t>& rows)> values;
    LabelSource index;
    bool has_name = false;
    std::string name;   // pprint_thing(series.name)
    std::string dtype;  // "int64", "float64", "bool", "object"
};

// str(s) / repr(s): "0    1\n1    2\nName: a, dtype: int64".
std::string series_to_string(const SeriesSource& s, const DisplayOptions& options = {});

// repr(index) for an Index of `n` labels (format_object_summary): `cls` "Index" or "Int64Index",
// `label` the repr of label k ("'a'", "3"), `justify` false for strings. Ends with dtype, the
// name when there is one (`name`: "'d_k'", as default_pprint shows it) and, past 100 labels, length.
std::string index_repr(const std::string& cls, std::size_t n, const std::function<std::string(std::size_t)>& label,
                       bool justify, const std::string& dtype, const DisplayOptions& options = {},
                       const std::string& name = "");

// Python's str.center(width), counting characters.
std::string center(const std::string& s, std::size_t width);
std::size_t text_length(const std::string& s);
// unicodedata.east_asian_width(ch): 2 for W and F, `ambiguous` for A, else 1 (Unicode 14.0, as
// Debian's Python 3.11 has it).
int east_asian_cells(std::uint32_t code_point, int ambiguous);

// ---- the labs' tables (int64/float64 columns under a RangeIndex, as a script prints them)

struct DfColumn {
    std::string name;  // UTF-8
    NdArray values;    // 1-D
};

// The text print(pd.DataFrame({...})) writes, without the final newline.
std::string dataframe_str(const std::vector<DfColumn>& columns);

}  // namespace tlab
