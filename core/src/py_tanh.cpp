// py_tanh.cpp — tanh bit for bit as glibc's libm computes it on x86-64 with FMA (math.tanh).
//
// glibc's tanh is fdlibm's s_tanh.c built for plain x86-64 (no fusions); it calls expm1, which
// the ifunc resolves to __expm1_fma: fdlibm's s_expm1.c built with -mfma, where GCC fuses nine of
// its a*b+c. Those fusions are written here as fp::fma (read off the disassembly of Debian's
// libm.so.6), so every platform gives glibc's bits.
// Algorithm: Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved. Developed at
// SunPro, a Sun Microsystems, Inc. business. Permission to use, copy, modify, and distribute this
// software is freely granted, provided that this notice is preserved.
#include <cstdint>

#include "fp_bits.hpp"
#include "tlab/pymath.hpp"

namespace tlab {
namespace {

using fp::bits;
using fp::fma;
using fp::from_bits;

constexpr double kLn2Hi = 0x1.62e42fee00000p-1, kLn2Lo = 0x1.a39ef35793c76p-33;
constexpr double kInvLn2 = 0x1.71547652b82fep+0;
// Scaled coefficients of expm1's rational approximation.
constexpr double kQ1 = -0x1.11111111110f4p-5, kQ2 = 0x1.a01a019fe5585p-10;
constexpr double kQ3 = -0x1.4ce199eaadbb7p-14, kQ4 = 0x1.0cfca86e65239p-18;
constexpr double kQ5 = -0x1.afdb76e09c32dp-23;

std::uint32_t high_word(double x) { return static_cast<std::uint32_t>(bits(x) >> 32); }
double with_high_word(double x, std::uint32_t hi) {
    return from_bits((static_cast<std::uint64_t>(hi) << 32) | (bits(x) & 0xffffffffu));
}

// glibc's __expm1_fma.
double expm1_fma(double x) {
    std::uint32_t hx = high_word(x);
    const bool negative = (hx & 0x80000000) != 0;
    hx &= 0x7fffffff;
    if (hx >= 0x4043687A) {  // |x| >= 56 ln2
        if (hx >= 0x40862E42) {
            if (hx >= 0x7ff00000) {
                if (((hx & 0xfffff) | (bits(x) & 0xffffffffu)) != 0) return x + x;  // NaN
                return negative ? -1.0 : x;
            }
            if (x > 0x1.62e42fefa39efp+9) return HUGE_VAL;  // overflow
        }
        if (negative) return -1.0;  // tiny - one
    }
    double hi, lo, c = 0.0;
    int k;
    if (hx > 0x3fd62e42) {  // |x| > 0.5 ln2: reduce
        if (hx < 0x3FF0A2B2) {  // and |x| < 1.5 ln2
            hi = negative ? x + kLn2Hi : x - kLn2Hi;
            lo = negative ? -kLn2Lo : kLn2Lo;
            k = negative ? -1 : 1;
        } else {
            k = static_cast<int>(kInvLn2 * x + (negative ? -0.5 : 0.5));
            const double t = k;
            hi = fma(-t, kLn2Hi, x);
            lo = t * kLn2Lo;
        }
        x = hi - lo;
        c = (hi - x) - lo;
    } else if (hx < 0x3c900000) {  // |x| < 2^-54: x itself
        const double t = 1.0e300 + x;
        return x - (t - (1.0e300 + x));
    } else {
        k = 0;
    }
    const double hfx = x * 0.5;
    const double hxs = x * hfx;
    const double r1 = fma(hxs * hxs * (hxs * hxs), fma(hxs, kQ5, kQ4),
                          fma(hxs * hxs, fma(hxs, kQ3, kQ2), fma(hxs, kQ1, 1.0)));
    const double t = fma(-r1, hfx, 3.0);
    double e = hxs * ((r1 - t) / fma(-x, t, 6.0));
    if (k == 0) return x - fma(e, x, -hxs);
    e = fma(e - c, x, -c);
    e -= hxs;
    if (k == -1) return fma(0.5, x - e, -0.5);
    if (k == 1) {
        if (x < -0.25) return -2.0 * (e - (x + 0.5));
        return fma(x - e, 2.0, 1.0);
    }
    if (k <= -2 || k > 56) {  // exp(x) - 1 is exp(x)
        double y = 1.0 - (e - x);
        y = with_high_word(y, high_word(y) + (static_cast<std::uint32_t>(k) << 20));
        return y - 1.0;
    }
    double y;
    if (k < 20) {
        const double t1 = from_bits(static_cast<std::uint64_t>(0x3ff00000 - (0x200000 >> k)) << 32);
        y = t1 - (e - x);  // t1 = 1 - 2^-k
    } else {
        const double t2 = from_bits(static_cast<std::uint64_t>((0x3ff - k) << 20) << 32);
        y = x - (e + t2);  // t2 = 2^-k
        y += 1.0;
    }
    return with_high_word(y, high_word(y) + (static_cast<std::uint32_t>(k) << 20));
}

}  // namespace

double py_tanh(double x) {
    const std::uint32_t jx = high_word(x), ix = jx & 0x7fffffff;
    const bool negative = (jx & 0x80000000) != 0;
    if (ix >= 0x7ff00000) return negative ? 1.0 / x - 1.0 : 1.0 / x + 1.0;  // inf or NaN
    double z;
    if (ix < 0x40360000) {  // |x| < 22
        if ((ix | (bits(x) & 0xffffffffu)) == 0) return x;  // +-0
        if (ix < 0x3c800000) return (1.0 + x) * x;          // |x| < 2^-55
        if (ix >= 0x3ff00000) {                              // |x| >= 1
            const double t = expm1_fma(std::fabs(x) + std::fabs(x));
            z = 1.0 - 2.0 / (t + 2.0);
        } else {
            const double t = expm1_fma(std::fabs(x) * -2.0);
            z = -t / (t + 2.0);
        }
    } else {
        z = 1.0;  // one - tiny
    }
    return negative ? -z : z;
}

}  // namespace tlab
