// traceback.hpp — uncaught exceptions and syntax errors as CPython 3.11 prints them on stderr.
//
//   format_traceback(in, exc) ->
//     "Traceback (most recent call last):\n"
//     "  File \"<cell 2>\", line 3, in <module>\n"
//     "    print(1 / x)\n"
//     "          ~~^~~\n"
//     "ZeroDivisionError: division by zero\n"
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "python/interp.hpp"
#include "python/parser.hpp"

namespace tlab {

// Scripts print tracebacks from C, notebook cells through the traceback module: the marker
// lines differ in small ways (see traceback.cpp).
enum class TracebackStyle { script, notebook };
std::string format_traceback(Interp& in, const Value& exc, TracebackStyle style = TracebackStyle::script);
// The notebook form, one string per line (nbformat's error.traceback).
std::vector<std::string> traceback_lines(Interp& in, const Value& exc);
// The last line alone: "ValueError: ...", with a "Did you mean" suggestion when there is one.
std::string format_exception_only(Interp& in, const Value& exc);
std::string format_syntax_error(const SyntaxErrorInfo& e, const std::string& filename,
                                TracebackStyle style = TracebackStyle::script);
// A cell's syntax error as Jupyter records it (the cell parsed with allow_incomplete): ename,
// evalue as str(SyntaxError) ("expected ':' (<cell 1>, line 2)") and the traceback lines. An
// unindent that matches no outer level is found first by IPython's own tokenize pass, which names
// the file "<tokenize>" and shows no caret.
struct NotebookSyntaxError {
    std::string ename, evalue;
    std::vector<std::string> traceback;
};
NotebookSyntaxError notebook_syntax_error(const SyntaxErrorInfo& e, const std::string& filename,
                                         const std::string& source);
// The candidate closest to `name` by CPython's suggestion metric, or "" (Python/suggestions.c).
std::string suggest(const std::string& name, const std::vector<std::string>& candidates);

// One frame of a library's Python code, as the tables made from real NumPy and matplotlib hold
// them (np_frames.inc, mpl_frames.inc: tests/oracle/gen_np_frames.py, gen_mpl_frames.py).
struct LibraryFrameData {
    std::uint8_t file;  // index into the table's file names
    std::uint16_t line;
    const char* function;
    std::uint8_t indent;
    const char* code;   // the line's code without its indentation, or ""
    std::int16_t col, end_col;
};
// Such a table as traceback entries, in the same order.
std::vector<TracebackEntry> library_frame_entries(const LibraryFrameData* frames, std::size_t count,
                                                  const char* const* files);

}  // namespace tlab
