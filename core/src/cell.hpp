// cell.hpp — collects what a cell's Python code prints into nbformat v4 output objects.
#pragma once

#include <initializer_list>
#include <string>

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
    nlohmann::json take();

private:
    void flush();
    std::string pending_;
    nlohmann::json outputs_ = nlohmann::json::array();
};

// The 1-based number of the first line of `source` containing `needle` (0 when absent).
int line_of(const std::string& source, const std::string& needle);

}  // namespace tlab
