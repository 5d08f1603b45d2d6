"""Which CPU's NumPy the oracle is, so that labrun computes as it does.

NumPy 1.24 computes float64 exp, log and power with SVML on AVX512_SKX CPUs and with the C
library elsewhere; the two differ in the last bit now and then. The page (and labrun by default)
computes as on AVX512_SKX, the CPU the seeds were printed on. On a machine without it, the
differential tests run labrun with TLAB_NUMPY_CPU=baseline, so that they still compare every
result bit for bit with the NumPy at hand (core/include/tlab/npmath.hpp).

    import oracle_cpu; oracle_cpu.match_labrun()   # before starting labrun
"""
import os


def has_avx512_skx():
    from numpy.core._multiarray_umath import __cpu_features__
    return bool(__cpu_features__.get("AVX512_SKX"))


def match_labrun():
    """Sets TLAB_NUMPY_CPU for the labrun processes this one starts (unless already set); returns it."""
    if not os.environ.get("TLAB_NUMPY_CPU"):
        os.environ["TLAB_NUMPY_CPU"] = "avx512_skx" if has_avx512_skx() else "baseline"
    return os.environ["TLAB_NUMPY_CPU"]
