// parser.hpp — Python 3.11 source text to our AST (ast.hpp), with CPython's syntax errors.
//
//   ParseResult r = parse_module("x = [1, 2\n", "<cell 1>");
//   r.module == nullptr;
//   r.error->type == "SyntaxError"; r.error->msg == "'[' was never closed";
//   r.error->line == 1; r.error->offset == 5;          // as CPython's SyntaxError.lineno/.offset
//
// The grammar is CPython's (Grammar/python.gram) for everything the subset needs; constructs that
// Python accepts but the kernel does not run (with, yield, async, match, decorators, complex
// numbers, integers past int64...) still parse, into UnsupportedStmt / UnsupportedExpr nodes that
// name the construct, so a program fails only when (and where) it reaches one.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "python/ast.hpp"

namespace tlab {

// A syntax error as CPython reports it: SyntaxError's (or IndentationError's, TabError's) args.
// offset and end_offset count characters (code points) from 1, as CPython's do; text is the
// offending source line with its newline (CPython's SyntaxError.text).
struct SyntaxErrorInfo {
    std::string type = "SyntaxError";  // or "IndentationError", "TabError"
    std::string msg;
    int line = 0, offset = 0;
    int end_line = 0, end_offset = 0;
    std::string text;
};

struct ParseResult {
    ModulePtr module;                      // null when there is an error
    std::optional<SyntaxErrorInfo> error;
};

// What the source is. A notebook cell is compiled as IPython compiles it (with
// PyCF_ALLOW_INCOMPLETE_INPUT): one that ends inside a statement, a bracket or a string is
// "incomplete input" rather than the error a file would get.
enum class SourceKind : std::uint8_t { file, cell };

// Parses a whole file/cell (CPython's "exec" mode). `filename` is stored in the Module for
// tracebacks. Never throws (out of memory aside); source must be UTF-8 (invalid UTF-8 is a
// SyntaxError, as in CPython).
ParseResult parse_module(const std::string& source, const std::string& filename,
                         SourceKind kind = SourceKind::file);

}  // namespace tlab
