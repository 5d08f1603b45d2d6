// deps.hpp — what a cell reads and writes, found from its code before it runs, so that a cell
// can run without the earlier cells it does not depend on (the execution model).
//
//   cell 1: import numpy as np          imports {np}
//           x = np.arange(3)            writes {x}
//   cell 2: print(x.sum())              reads {print, x}: depends on cell 1
//   cell 3: np.random.seed(7)           seeds before it draws: independent of earlier draws
//           y = np.random.randn(3)
//
// The analysis is conservative: a name passed to a function the kernel does not know to be pure,
// or whose method may change it in place (x.append, a.fill, ...), counts as written.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "python/ast.hpp"

namespace tlab {

struct CellEffects {
    std::set<std::string> reads;     // global names the cell may read (inside functions too)
    std::set<std::string> writes;    // global names it binds, deletes or may change in place
    std::set<std::string> imports;   // names bound only by top-level import statements
    bool uses_random = false;        // calls numpy.random at all
    bool draws_unseeded = false;     // may draw from the random state before seeding it
    bool writes_plot_state = false;  // sets matplotlib rcParams (read by later plotting cells)
    bool reads_plot_state = false;
    // pd.set_option / pd.reset_option / pd.options.… = v: pandas' display options, which every
    // later cell that prints a frame reads.
    bool writes_display_options = false;
    // Names that may hold parts of one object graph: `fig, ax = plt.subplots()`, `ax = axs[0]`,
    // `fig = ax.figure`, `for ax in axs.flat`. Changing one (ax.set_title) changes what the others
    // show, so a cell reading one depends on the last cell writing any of them.
    std::vector<std::set<std::string>> groups;
};

// `numpy_aliases`: names bound to numpy anywhere in the notebook (np), `random_aliases`: names
// bound to numpy.random, `random_functions`: names imported from numpy.random (randn), `pandas`:
// names bound to pandas (pd).
struct Aliases {
    std::set<std::string> numpy, random, random_functions, pyplot, matplotlib, pandas;
};

Aliases find_aliases(const Module& m, Aliases so_far);
CellEffects analyse_cell(const Module& m, const Aliases& aliases);

}  // namespace tlab
