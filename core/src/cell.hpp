// cell.hpp — collects what a cell's Python code prints into nbformat v4 output objects.
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tlab/npmath.hpp"

namespace tlab {

class CellOutput {
public:
    // print(a, b, c): the args joined by one space, then a newline (consecutive prints share one
    // "stream" output, as Jupyter merges them).
    void print(std::initializer_list<std::string> args);
    // A display_data output (a table or a chart); whatever was printed before comes first.
    void display(nlohmann::json data, nlohmann::json metadata = nlohmann::json::object());
    // print(df): the table's printed text, kept as a display_data so the page can also draw it
    // from the data. Its metadata marks it as printed: stdout held text_plain + "\n".
    void print_table(const std::string& text_plain, nlohmann::json table);
    // The uncaught exception that ends the cell, raised on `line` (1-based) of `source`.
    void error(const PyError& e, const std::string& source, int line);
    // A Python warning (e.g. NumPy's RuntimeWarning "overflow encountered in exp") raised while
    // running `line` (1-based) of the cell's `source`: stderr gets, as Jupyter shows it,
    //   /tmp/ipykernel_<pid>/<cell>.py:10: RuntimeWarning: overflow encountered in exp
    //     print("e^z        :", np.round(np.exp(z), 2))
    // The file name is a fixed placeholder (see kCellFile in cell.cpp); the line number counts
    // lines of `source` and the code line is Python's (stripped), as Jupyter prints them.
    void warn(const std::string& category, const std::string& message, const std::string& source,
              int line);
    // The same for a warning Python attributes to a line of a library file, e.g. NumPy's
    // fromnumeric.py:57 `return bound(*args, **kwds)` for an overflow inside np.round.
    void warn_in_file(const std::string& path, int line, const std::string& code_line,
                      const std::string& category, const std::string& message);
    nlohmann::json take();

private:
    void flush_stdout();
    void flush();
    std::string pending_;
    std::string pending_stderr_;
    // Python's warnings registry: a warning is shown once per (file, line, category, message)
    // in a run; later ones from the same place are dropped.
    std::vector<std::string> warned_;
    nlohmann::json outputs_ = nlohmann::json::array();
};

// The placeholder file name of the cell's code in warnings (Jupyter's is
// /tmp/ipykernel_<kernel pid>/<hash of the cell>.py, different in every kernel).
extern const char* const kCellFile;

// The 1-based number of the first line of `source` containing `needle` (0 when absent).
int line_of(const std::string& source, const std::string& needle);

}  // namespace tlab
