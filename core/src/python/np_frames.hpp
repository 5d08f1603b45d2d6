// np_frames.hpp — NumPy's own Python (and Cython) frames, as tracebacks and warnings show them.
//
// np.sum(a, axis=2) raises inside NumPy's Python code, so Python's traceback lists, after the
// learner's line, `<__array_function__ internals>` line 200 and two frames of fromnumeric.py;
// a warning raised there names fromnumeric.py's line. The kernel does NumPy's work in C++, and
// says where NumPy's Python code would be while it does it:
//
//   NpFrames f(in, {NpFrame::internals_sum_200, NpFrame::fromnumeric_sum_2324,
//                   NpFrame::fromnumeric_wrapreduction_86});
//   ... np_reduce(...)   // an AxisError raised here lists the three frames; a warning names line 86
//
// The frames (file, line, function, code line, caret columns) are data generated from real NumPy
// by tests/oracle/gen_np_frames.py into np_frames.inc; so are dir() of the numpy modules and of
// ndarray, which decide what an unknown attribute is (unsupported here, or NumPy's AttributeError
// with Python's "Did you mean" suggestion).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "python/interp.hpp"

namespace tlab {

#include "python/np_frames.inc"

// The frames NumPy's Python code has on the stack while this object lives (pushed in order,
// outermost first, on top of those already there).
class NpFrames {
public:
    NpFrames(Interp& in, std::initializer_list<NpFrame> frames);
    ~NpFrames() { in_.library_frames.resize(size_); }
    NpFrames(const NpFrames&) = delete;
    NpFrames& operator=(const NpFrames&) = delete;
    // Replaces the innermost frames pushed by this object with `frames` (the code moved on to
    // another line of the same function).
    void move_to(std::initializer_list<NpFrame> frames);

private:
    Interp& in_;
    std::size_t size_;
};

// The arguments of a NumPy function written in Python, bound as Python binds them (the signature
// is NumPy's, from np_frames.inc), with Python's messages: "sum() got an unexpected keyword
// argument 'keepdim'", "clip() missing 2 required positional arguments: 'a_min' and 'a_max'".
// A dispatched function raises them in `<__array_function__ internals>` line 198.
class NpArgs {
public:
    NpArgs(Interp& in, Args& args, NpSig sig);
    const Value& get(std::size_t i) const { return values_[i]; }
    bool given(std::size_t i) const { return given_[i]; }
    // By parameter name (None when the signature has no such parameter).
    const Value& get(const char* name) const;
    // Given and not None.
    bool has(const char* name) const { return !get(name).is_none(); }
    // Keywords a `**kwargs` parameter collected.
    const std::vector<std::pair<std::string, Value>>& extra() const { return extra_; }

private:
    std::vector<std::string> names_;
    std::vector<Value> values_;
    std::vector<bool> given_;
    std::vector<std::pair<std::string, Value>> extra_;
};

// An exception NumPy raised and caught in frame `f` (its traceback is that frame alone): the
// context a second error shows after "During handling of the above exception...".
Value np_caught(Interp& in, TypeObj* cls, const std::string& message, NpFrame f);

// warnings.warn(message, RuntimeWarning, stacklevel=2) in NumPy's Python code: the warning names
// the caller of the innermost NumPy frame (the learner's line when there is only one).
void np_warn_caller(Interp& in, const std::string& message);

// _wrapfunc(obj, method, ...) of fromnumeric.py: `call` is obj.method(...). For an ndarray a
// TypeError makes NumPy try again through _wrapit on asarray(obj), and the second error shows
// "During handling of the above exception, another exception occurred" after the first; any other
// object goes to _wrapit at once.
Value np_wrapfunc(Interp& in, bool is_ndarray, Value (*call)(Interp&, void*), void* ctx);
template <typename F>
Value np_wrapfunc(Interp& in, bool is_ndarray, F&& f) {
    return np_wrapfunc(in, is_ndarray, [](Interp&, void* c) -> Value { return (*static_cast<F*>(c))(); }, &f);
}

// What np.dtype(name) makes of a string: 0 float64, 1 int64, 2 bool, 3 another dtype NumPy has
// (not the kernel's), -1 none ("data type 'x' not understood").
int np_dtype_kind(const std::string& name);

// Which dir() list: numpy, numpy.random, numpy.linalg, or numpy.ndarray.
enum class NpDir : std::uint8_t { numpy, random, linalg, ndarray };
bool np_dir_has(NpDir d, const std::string& name);
std::vector<std::string> np_dir_names(NpDir d);
// An attribute the kernel lacks: UnsupportedInLab naming `<what>.<name>` when real NumPy has it,
// else NumPy's AttributeError (with "Did you mean" over the real dir()); `obj` is the module or
// the array.
[[noreturn]] void np_missing_attribute(Interp& in, NpDir d, const Value& obj, const std::string& name);
// numpy.__getattr__(name), and the same answer for numpy.random and numpy.linalg (which have none).
[[noreturn]] Value np_module_getattr(Interp& in, Args& a, NpDir d);

}  // namespace tlab
