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

class ArgParser {
public:
    // `spec`: parameter names in order; "name=default" gives a default (None, True, False, an
    // int, or a 'quoted' str); a leading "*" marks the rest keyword-only.
    ArgParser(Interp& in, Args& args, const char* function, std::initializer_list<const char*> spec);
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

}  // namespace tlab
