// display.hpp — what Jupyter shows for a value: IPython's mime bundle for a cell's result.
//
//   display_bundle(in, make_list({1, 2}))  -> {"text/plain": "[1, 2]"}
//   display_bundle(in, dataframe)          -> {"text/plain": "   a\n0  1", "application/vnd...table+json": ...}
//
// text/plain is IPython's pretty printer's text (its line breaking of long lists and dicts
// included); types with a TypeOps::display hook add their own mime types.
#pragma once

#include <map>
#include <string>

#include "python/interp.hpp"

namespace tlab {

std::map<std::string, std::string> display_bundle(Interp& in, const Value& v);
// IPython.lib.pretty.pretty(v) with its default width of 79 columns.
std::string ipython_pretty(Interp& in, const Value& v);

}  // namespace tlab
