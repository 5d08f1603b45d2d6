// np_ufunc_log.cpp — np.log for float64 exactly as NumPy 1.24 computes it on AVX512_SKX CPUs: a
// scalar transcription of Intel SVML's __svml_log8 ("la"), which NumPy calls for every float64
// array, view and scalar. One operation per vector instruction, with its rounding; plain C++
// (fp::fma), so the WebAssembly build gives the same bits.
//
// The kernel: x = 2^e m with m in [1, 2) (VGETEXPPD, VGETMANTPD, subnormals included), r = an
// approximate 1/m rounded to a multiple of 1/32 (VRCP14PD then VRNDSCALEPD), t = r m - 1 exactly
// rounded, and log x = e ln2 - log r + log1p(t), -log r from a 16-entry table, log1p(t) by a
// degree-9 polynomial. Lanes holding 0, infinities or negative numbers go to SVML's scalar
// callout, whose results and exceptions are the ones below. Constants and tables are the bit
// patterns the installed _multiarray_umath .so holds (numpy/SVML linux/avx512/svml_z0_log_d_la.s).
// Algorithm and constants: Copyright (C) 2021 Intel Corporation, SPDX-License-Identifier:
// BSD-3-Clause.
#include <cstdint>

#include "fp_bits.hpp"
#include "svml_rcp.hpp"
#include "tlab/npmath.hpp"

namespace tlab {
namespace {

using fp::bits;
using fp::fma;
using fp::from_bits;

// -log(r) for r = k/32, indexed by r's top 4 mantissa bits: k = 16..23 (r < 0.75) hold
// -log(2r), the exponent taking the extra 1; k = 24..31 hold -log(r); k = 32 (r = 1) is entry 0.
constexpr std::uint64_t kMinusLogR[16] = {
    0x0000000000000000, 0xbfaf0a30c01162a6, 0xbfbe27076e2af2e6, 0xbfc5ff3070a793d4,
    0xbfcc8ff7c79a9a22, 0xbfd1675cababa60e, 0xbfd4618bc21c5ec2, 0xbfd739d7f6bbd007,
    0x3fd269621134db92, 0x3fcf991c6cb3b379, 0x3fca93ed3c8ad9e3, 0x3fc5bf406b543db2,
    0x3fc1178e8227e47c, 0x3fb9335e5d594989, 0x3fb08598b59e3a07, 0x3fa0415d89e74444,
};
// log1p(t) ~ t + c2 t^2 + ... + c9 t^9.
constexpr std::uint64_t kC2 = 0xbfdfffffffffffc6, kC3 = 0x3fd5555555555466;
constexpr std::uint64_t kC4 = 0xbfd00000000c05bd, kC5 = 0x3fc9999999cc9f5c;
constexpr std::uint64_t kC6 = 0xbfc55553fb28db06, kC7 = 0x3fc249229cee81ef;
constexpr std::uint64_t kC8 = 0xbfc007357e93af62, kC9 = 0x3fbc81cd309d7c70;
constexpr std::uint64_t kLn2 = 0x3fe62e42fefa39ef;

double c(std::uint64_t b) { return from_bits(b); }

}  // namespace

double np_ufunc_log(double x, unsigned& flags) {
    const std::uint64_t ix = bits(x);
    const std::uint64_t exponent_bits = (ix >> 52) & 0x7ff;
    if (exponent_bits == 0x7ff && (ix & 0x000fffffffffffff) != 0)
        return from_bits(ix | 0x0008000000000000);  // NaN: through the vector path, quieted
    if (x == 0.0) {  // callout: -inf, divide by zero
        flags |= kFpDivideByZero;
        return -HUGE_VAL;
    }
    if (x < 0.0) {  // callout (negative numbers and -inf): the default NaN, invalid
        flags |= kFpInvalid;
        return from_bits(0xfff8000000000000);
    }
    if (x == HUGE_VAL) return x;
    if (numpy_cpu() == NumpyCpu::baseline) return np_log(x);  // glibc's log, as NumPy without AVX512_SKX

    // VGETEXPPD and VGETMANTPD ([1, 2)): x = 2^e m, exactly, subnormals normalized.
    int e;
    const double m = svml::mantissa_1_2(ix, &e);
    const double r = svml::rcp14_round32(m, svml::kRcpThresholds1To2, 32);  // VRCP14PD, VRNDSCALEPD
    const double t = fma(r, m, -1.0);
    const double ed = r < 0.75 ? e + 1.0 : e;
    const double t2 = t * t;
    const double p67 = fma(t, c(kC7), c(kC6));
    const double p89 = fma(t, c(kC9), c(kC8));
    const double p23 = fma(t, c(kC3), c(kC2));
    const double p45 = fma(t, c(kC5), c(kC4));
    const double t4 = t2 * t2;
    const double p6789 = fma(t2, p89, p67);
    const double p2345 = fma(t2, p45, p23);
    double p = fma(t4, p6789, p2345);
    p = fma(t2, p, t);  // log1p(t)
    const double s = from_bits(kMinusLogR[(bits(r) >> 48) & 15]) + p;
    return fma(ed, c(kLn2), s);
}

}  // namespace tlab
