// lab_literals.hpp — where a lab's params sit in its steps' code.
//
// A lab is data: each step's code exactly as the learner sees it, and params bound to literals
// in that code by selectors, which name a literal by the syntax around it:
//
//   {"call": "np.random.seed", "arg": 0}          the first argument of a call of np.random.seed
//   {"call": "np.random.randn", "arg": 0, "count": 2}   ... of both calls (both must be literals)
//   {"assign": "d_k"}                              the value of `d_k = <literal>`
//   {"for": "d_k"}                                 the iterable of `for d_k in <literal>:`
//
// A literal is a number (-3, 2.5), True or False, a list or tuple of literals, or
// np.array(<literal>). A
// selector must find exactly `count` literals (1 when not given), so that a lab whose code
// changed under its params fails the build instead of binding the wrong value:
//
//   auto places = tlab::find_literals("np.random.seed(42)\n", tlab::literal_selector(
//       nlohmann::json{{"call", "np.random.seed"}, {"arg", 0}}));
//   places[0].start == 15; places[0].end == 17; places[0].value == 42;
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tlab {

struct LiteralSelector {
    std::string call;        // a call of this dotted name ("np.random.seed") ...
    int arg = -1;            // ... its positional argument `arg`
    std::string assign;      // or the value assigned to this name
    std::string for_target;  // or the iterable of a for loop over this name
    int count = 1;           // how many literals it must find
};

// A literal found: its bytes in the code [start, end) and its value as JSON (numbers, and arrays
// of them for lists, tuples and np.array(...)).
struct LiteralPlace {
    std::size_t start = 0, end = 0;
    nlohmann::json value;
};

// A bad selector or code that does not match it; the message says which and why.
struct LabFormatError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The selector a lab file writes as JSON (see above). Throws LabFormatError naming the field.
LiteralSelector literal_selector(const nlohmann::json& j);

// The literals `sel` finds in `code`, in source order. Throws LabFormatError when the code does
// not parse, or the selector finds another number of literals than its count.
std::vector<LiteralPlace> find_literals(const std::string& code, const LiteralSelector& sel);

// The literals of each of `sels` in `code` (a learner's code), the code parsed once: element k
// holds selector k's, or nothing when it finds another number than its count; all nothing when
// the code does not parse. Never throws LabFormatError.
std::vector<std::vector<LiteralPlace>> find_each_literals(const std::string& code, const std::vector<LiteralSelector>& sels);

}  // namespace tlab
