// np_ufunc_trig.cpp — np.sin and np.cos for float64 as NumPy 1.24 computes them on AVX512_SKX
// CPUs: scalar transcriptions of Intel SVML's __svml_sin8 and __svml_cos8 ("la") main paths.
//
// The main path reduces x by multiples of pi in three FMA steps (pi as three doubles) and
// evaluates an odd degree-17 polynomial; the parity of the multiple gives the sign. It covers
// |x| <= 2^24 for sin and floor(|x|/pi) <= 8388606 (|x| < ~2.6e7) for cos. Beyond, SVML switches
// to a Payne-Hanek reduction driven by a 48 KB table of 2/pi bits and a 16 KB table of sin/cos
// values, which the page does not carry: np_ufunc_sin_supported / np_ufunc_cos_supported say so,
// and the caller reports those inputs as unsupported rather than printing other digits.
// Infinities and NaN go to SVML's callout: NaN, invalid for an infinity (or a signaling NaN).
// Constants are the bit patterns the installed _multiarray_umath .so holds (numpy/SVML
// linux/avx512/svml_z0_sin_d_la.s, svml_z0_cos_d_la.s).
// Algorithm and constants: Copyright (C) 2021 Intel Corporation, SPDX-License-Identifier:
// BSD-3-Clause.
#include <cmath>
#include <cstdint>

#include "fp_bits.hpp"
#include "tlab/npmath.hpp"

namespace tlab {
namespace {

using fp::bits;
using fp::fma;
using fp::from_bits;

double c(std::uint64_t b) { return from_bits(b); }

constexpr std::uint64_t kInvPi = 0x3fd45f306dc9c883;
constexpr std::uint64_t kPiHi = 0x400921fb54442d18, kPiMid = 0x3ca1a62633145c06, kPiLo = 0x395c1cd129024e09;

// RZ(a * b + c) for the cos shifter: a * b >= 0 and c = 2^52, so the round-to-nearest result y
// minus c is exact and the residual a * b - (y - c) decides.
double fma_rz_shift(double a, double b, double c) {
    const double y = fma(a, b, c);
    const double residual = fma(a, b, -(y - c));
    return residual < 0.0 ? from_bits(bits(y) - 1) : y;
}

// SVML's callout for infinities and NaN (invalid for a signaling NaN too).
double nonfinite(double x, unsigned& flags) {
    if (std::isinf(x)) {
        flags |= kFpInvalid;
        return from_bits(0xfff8000000000000);
    }
    if (!(bits(x) & 0x0008000000000000)) flags |= kFpInvalid;
    return from_bits(bits(x) | 0x0008000000000000);
}

}  // namespace

bool np_ufunc_sin_supported(double x) { return !std::isfinite(x) || std::fabs(x) <= 0x1p24; }

bool np_ufunc_cos_supported(double x) {
    return !std::isfinite(x) || fma_rz_shift(std::fabs(x), c(kInvPi), 0x1p52) <= c(0x43300000007ffffe);
}

double np_ufunc_sin(double x, unsigned& flags) {
    if (!std::isfinite(x)) return nonfinite(x, flags);
    if (!np_ufunc_sin_supported(x)) return NAN;
    constexpr std::uint64_t kShift = 0x4338000000000000;  // 1.5 * 2^52: rounds to an integer
    constexpr std::uint64_t kS3 = 0xbfc55555555554a8, kS5 = 0x3f8111111110a573, kS7 = 0xbf2a01a019a659dd;
    constexpr std::uint64_t kS9 = 0x3ec71de3806add1a, kS11 = 0xbe5ae6355aaa4a53, kS13 = 0x3de60e6bee01d83e;
    constexpr std::uint64_t kS15 = 0xbd69f1517e9f65f0;
    const double s = fma(x, c(kInvPi), c(kShift));
    std::uint64_t sign = bits(s) << 63;   // the parity of k
    const double k = s - c(kShift);
    if (x == 0.0) sign ^= bits(x);        // sin(-0) is -0
    double r = fma(-k, c(kPiHi), x);
    r = fma(-k, c(kPiMid), r);
    const double rr = r * r;
    const double r3 = fma(-c(kPiLo), k, r);
    double p = fma(rr, c(kS15), c(kS13));
    const double q = rr * r3;
    p = fma(rr, p, c(kS11));
    p = fma(rr, p, c(kS9));
    p = fma(rr, p, c(kS7));
    p = fma(rr, p, c(kS5));
    p = fma(rr, p, c(kS3));
    return from_bits(bits(fma(q, p, r3)) ^ sign);
}

double np_ufunc_cos(double x, unsigned& flags) {
    if (!std::isfinite(x)) return nonfinite(x, flags);
    constexpr std::uint64_t kShift = 0x4330000000000000, kShiftHalf = 0x432fffffffffffff;  // 2^52, 2^52 - 1/2
    constexpr std::uint64_t kC3 = 0xbfc55555555554a7, kC5 = 0x3f8111111110a4a8, kC7 = 0xbf2a01a019a5b87b;
    constexpr std::uint64_t kC9 = 0x3ec71de38030fea0, kC11 = 0xbe5ae63546002231, kC13 = 0x3de60e6857a2f220;
    constexpr std::uint64_t kC15 = 0xbd69f0d60811aac8;
    const double ax = std::fabs(x);
    if (ax < 0x1p-27) return 1.0;
    const double s = fma_rz_shift(ax, c(kInvPi), c(kShift));  // 2^52 + floor(|x| / pi)
    if (!(s <= c(0x43300000007ffffe))) return NAN;  // beyond the main path
    const std::uint64_t sign = bits(s) << 63;
    const double kh = s - c(kShiftHalf);                       // floor(|x| / pi) + 1/2
    double r = fma(kh, c(kPiHi), -ax);
    r = fma(kh, c(kPiMid), r);
    const double rr = r * r;
    const double r3 = from_bits(bits(fma(c(kPiLo), kh, r)) ^ sign);
    double p = fma(rr, c(kC15), c(kC13));
    p = fma(rr, p, c(kC11));
    p = fma(rr, p, c(kC9));
    p = fma(rr, p, c(kC7));
    p = fma(rr, p, c(kC5));
    const double q = r3 * rr;
    p = fma(rr, p, c(kC3));
    return fma(q, p, r3);
}

}  // namespace tlab
