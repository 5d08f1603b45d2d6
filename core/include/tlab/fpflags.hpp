// fpflags.hpp — the IEEE floating-point exceptions a computation signals, as NumPy reports them.
//
// NumPy clears the FPU's status flags before a ufunc loop (or a scalar operation) and reads them
// after; under its default np.errstate each raised flag prints one RuntimeWarning:
//   kFpDivideByZero -> "divide by zero encountered in <op>"
//   kFpOverflow     -> "overflow encountered in <op>"
//   kFpInvalid      -> "invalid value encountered in <op>"
// (<op> is the ufunc's name, e.g. "exp", or "scalar power" for np.float64 ** x.) The kernels
// here OR the flags their input raises into an `unsigned& flags` the caller cleared; a whole
// array's warnings are the OR over its elements. Underflow is not tracked: NumPy ignores it by
// default, and which kernels raise it spuriously is not modelled.
//
//   unsigned flags = 0;
//   tlab::np_ufunc_log(-1.0, flags);  // NaN; flags == tlab::kFpInvalid
#pragma once

namespace tlab {

enum FpFlag : unsigned {
    kFpDivideByZero = 1u,
    kFpOverflow = 2u,
    kFpInvalid = 4u,
};

}  // namespace tlab
