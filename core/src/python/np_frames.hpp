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
    return np_wrapfunc(in, is_ndarray, [](Interp& i, void* c) -> Value { return (*static_cast<F*>(c))(); }, &f);
}

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
