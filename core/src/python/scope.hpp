// scope.hpp — where each name of a parsed program lives, decided once before it runs.
//
// Python decides at compile time which names of a function are local (any name it assigns,
// unless declared global/nonlocal), which come from an enclosing function (free, through a
// closure cell), and which are global. The scope pass does the same over our AST, so that
//   x = 1
//   def f():
//       print(x)   # UnboundLocalError, as in CPython: f assigns x below
//       x = 2
// fails exactly as Python does, and so that locals are slots in an array instead of a dict.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "python/ast.hpp"

namespace tlab {

struct Scope {
    enum class Type { module, function, lambda, comprehension, class_body };
    Type type = Type::module;
    std::string name;                  // function name, "<lambda>", "<listcomp>", class name
    Scope* parent = nullptr;
    std::vector<std::string> slots;    // locals (parameters first), then cells, then frees
    std::map<std::string, int> slot_of;
    std::vector<int> cell_slots;       // slots that hold a cell (captured by an inner scope)
    std::vector<int> free_slots;       // slots filled from the closure, in closure order
    std::vector<std::string> free_names;  // names of free_slots, for building closures
    std::vector<std::string> globals;  // declared global
    int n_params = 0;                  // leading slots that are parameters
};

// Runs the scope pass over `module`: fills every Name's scope/slot and every function's Scope.
// Returns an empty string, or a SyntaxError message CPython's symtable gives (e.g. "name 'x' is
// used prior to global declaration") with `error_pos` set.
std::string resolve_scopes(Module& module, Pos& error_pos);

}  // namespace tlab
