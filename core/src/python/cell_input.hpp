// cell_input.hpp — a notebook cell's text as IPython hands it to the compiler.
//
//   CellInput in = ipython_cell_input("\n\n    x = 1\n    x\n");
//   in.code == "x = 1\nx\n", in.dropped_lines == 2
//
// IPython (inputtransformer2.TransformerManager) cleans a cell before compiling it: leading blank
// lines go, a common leading indent goes, and ">>> " / "In [1]: " prompts pasted from a console
// go. Tracebacks then quote the cleaned text and count its lines. Its token transforms (magics
// "%timeit", shell escapes "!ls", help "obj?") turn syntax Python rejects into calls the lab has
// no kernel for: ipython_only_syntax names them, so the cell is refused rather than reported as a
// SyntaxError Jupyter would not show.
#pragma once

#include "python/objects.hpp"
#include "python/parser.hpp"

#include <optional>
#include <string>

namespace tlab {

struct CellInput {
    std::string code;       // what IPython compiles
    int dropped_lines = 0;  // leading blank lines removed: line n of code is line n + this of the cell
    std::optional<Unsupported> cell_magic;  // a "%%name" first line: the whole cell is a magic
};

CellInput ipython_cell_input(const std::string& cell);

// When `code` (cleaned) failed to compile with `error` because of IPython-only syntax on the
// error's line: what that syntax is, at that line.
std::optional<Unsupported> ipython_only_syntax(const std::string& code, const SyntaxErrorInfo& error);

}  // namespace tlab
