// builtins_support.hpp — what the built-in functions and modules share: argument parsing with
// CPython's messages, slices, and the glue to the formatting module.
//
//   Value f(Interp& in, Args& a) {
//       ArgParser p(in, a, "round", {"number", "ndigits=None"});
//       const Value& x = p.get(0); ...
//   }
//   round(1, 2, 3)   -> TypeError: round() takes at most 2 arguments (3 given)
//   round(x=1)       -> TypeError: round() missing required argument 'number' (pos 1)
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "python/interp.hpp"
#include "python/pyformat.hpp"

namespace tlab {

// How CPython parses a built-in's arguments, which decides its error messages:
//   keywords    Argument Clinic with keywords   split() takes at most 2 arguments (3 given)
//   positional  positional-only clinic          replace expected at least 2 arguments, got 1
//   varargs     PyArg_ParseTuple                startswith() takes at least 1 argument (0 given)
//   one         METH_O                          str.join() takes exactly one argument (0 given)
//   noargs      METH_NOARGS                     str.upper() takes no arguments (1 given)
enum class ArgStyle { keywords, positional, varargs, one, noargs };

class ArgParser {
public:
    // `spec`: parameter names in order; "name=default" gives a default (None, True, False, an
    // int, or a 'quoted' str); "/" ends the positional-only ones, "*" starts the keyword-only
    // ones; a first "self" is the object a method is called on. `function` is "str.split" for a
    // method (the type is named where CPython names it), "round" for a function.
    ArgParser(Interp& in, Args& args, const char* function, std::initializer_list<const char*> spec,
              ArgStyle style = ArgStyle::keywords);
    const Value& get(std::size_t i) const { return values_[i]; }
    bool given(std::size_t i) const { return given_[i]; }

private:
    std::vector<Value> values_;
    std::vector<bool> given_;
};

// slice.indices(length): CPython's PySlice_Unpack + PySlice_AdjustIndices. `count` is the number
// of items the slice selects.
void slice_indices(Interp& in, const SliceObj& s, std::int64_t length, std::int64_t& start, std::int64_t& stop,
                   std::int64_t& step, std::int64_t& count);
std::vector<Value> slice_items(Interp& in, const std::vector<Value>& items, const SliceObj& s);
void slice_assign(Interp& in, std::vector<Value>& items, const SliceObj& s, std::vector<Value> values);
void slice_delete(Interp& in, std::vector<Value>& items, const SliceObj& s);

Value str_getitem(Interp& in, const std::string& s, const Value& key);

// Raises what the formatting module reports (its type names map to the built-in exception
// types; a result past int64 is refused as outside the subset).
[[noreturn]] void raise_exc(Interp& in, const PyExc& e);
template <typename T>
T checked(Interp& in, PyResult<T> r) {
    if (!r.ok()) raise_exc(in, r.error);
    return std::move(r.value);
}
// "...".format(*pos, **kw) and "..." % args (format.cpp).
std::string str_format(Interp& in, const std::string& fmt, const std::vector<Value>& pos,
                       const std::vector<std::pair<std::string, Value>>& kw);
std::string percent_format(Interp& in, const std::string& fmt, const Value& args);

// CPython facts kept as data (python_tables.inc, made by tests/oracle/gen_python_tables.py):
// inspect.signature's text for a built-in ("len" -> "(obj, /)", "list.append" -> "(object, /)";
// "" when it has none; null when the name is not known), and dir() of a built-in type's
// instances ("float") or of the math module ("math"), sorted, or empty when not known.
const char* builtin_signature(const std::string& qualname);
std::vector<std::string> python_dir(const std::string& type_or_module);
// A module attribute the real module has but the kernel's lacks is refused as unsupported
// (returns when `name` is not one of the real module's names).
void refuse_missing_name(Interp& in, const std::string& module, const std::string& name);

}  // namespace tlab
