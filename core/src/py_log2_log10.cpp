// py_log2_log10.cpp — log2 and log10 bit for bit as glibc's libm computes them on x86-64 with FMA
// (math.log2, math.log10).
//
// log2: glibc 2.36's ifunc picks __log2_fma, the Arm optimized-routines log2 built with -mfma;
// GCC's fusions (read off the disassembly of Debian's libm.so.6) are written as fp::fma, and the
// table is that library's __log2_data (the FMA variant reads only invc and logc).
// log10: fdlibm's e_log10.c, built for plain x86-64 (no fusions), over glibc's log, i.e. np_log.
// log2 algorithm and table: Copyright (c) 2018, Arm Limited, SPDX-License-Identifier: MIT.
// log10: Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved. Developed at SunPro, a
// Sun Microsystems, Inc. business. Permission to use, copy, modify, and distribute this software
// is freely granted, provided that this notice is preserved.
#include <cstdint>

#include "fp_bits.hpp"
#include "tlab/npmath.hpp"
#include "tlab/pymath.hpp"

namespace tlab {
namespace {

using fp::bits;
using fp::fma;
using fp::from_bits;

constexpr double kInvLn2hi = 0x1.7154765200000p+0, kInvLn2lo = 0x1.705fc2eefa200p-33;
// log2(1 + r) = r / ln 2 + r^2 (A0 + A1 r + ... + A5 r^5) after the table step, and
// r / ln 2 + r^2 (B0 + ... + B9 r^9) near 1.
constexpr double kA[6] = {-0x1.71547652b8339p-1, 0x1.ec709dc3a04bep-2, -0x1.7154764702ffbp-2,
                          0x1.2776c50034c48p-2,  -0x1.ec7b328ea92bcp-3, 0x1.a6225e117f92ep-3};
constexpr double kB[10] = {-0x1.71547652b82fep-1, 0x1.ec709dc3a03f7p-2, -0x1.71547652b7c3fp-2,
                           0x1.2776c50f05be4p-2,  -0x1.ec709dd768fe5p-3, 0x1.a61761ec4e736p-3,
                           -0x1.7153fbc64a79bp-3, 0x1.484d154f01b4ap-3,  -0x1.289e4a72c383cp-3,
                           0x1.0b32f285aee66p-3};
struct Entry { double invc, logc; };
constexpr Entry kT[64] = {
    {0x1.724286bb1acf8p+0, -0x1.1095feecdb000p-1}, {0x1.6e1f766d2cca1p+0, -0x1.08494bd76d000p-1},
    {0x1.6a13d0e30d48ap+0, -0x1.00143aee8f800p-1}, {0x1.661ec32d06c85p+0, -0x1.efec5360b4000p-2},
    {0x1.623fa951198f8p+0, -0x1.dfdd91ab7e000p-2}, {0x1.5e75ba4cf026cp+0, -0x1.cffae0cc79000p-2},
    {0x1.5ac055a214fb8p+0, -0x1.c043811fda000p-2}, {0x1.571ed0f166e1ep+0, -0x1.b0b67323ae000p-2},
    {0x1.53909590bf835p+0, -0x1.a152f5a2db000p-2}, {0x1.5014fed61adddp+0, -0x1.9217f5af86000p-2},
    {0x1.4cab88e487bd0p+0, -0x1.8304db0719000p-2}, {0x1.49539b4334feep+0, -0x1.74189f9a9e000p-2},
    {0x1.460cbdfafd569p+0, -0x1.6552bb5199000p-2}, {0x1.42d664ee4b953p+0, -0x1.56b23a29b1000p-2},
    {0x1.3fb01111dd8a6p+0, -0x1.483650f5fa000p-2}, {0x1.3c995b70c5836p+0, -0x1.39de937f6a000p-2},
    {0x1.3991c4ab6fd4ap+0, -0x1.2baa1538d6000p-2}, {0x1.3698e0ce099b5p+0, -0x1.1d98340ca4000p-2},
    {0x1.33ae48213e7b2p+0, -0x1.0fa853a40e000p-2}, {0x1.30d191985bdb1p+0, -0x1.01d9c32e73000p-2},
    {0x1.2e025cab271d7p+0, -0x1.e857da2fa6000p-3}, {0x1.2b404cf13cd82p+0, -0x1.cd3c8633d8000p-3},
    {0x1.288b02c7ccb50p+0, -0x1.b26034c14a000p-3}, {0x1.25e2263944de5p+0, -0x1.97c1c2f4fe000p-3},
    {0x1.234563d8615b1p+0, -0x1.7d6023f800000p-3}, {0x1.20b46e33eaf38p+0, -0x1.633a71a05e000p-3},
    {0x1.1e2eefdcda3ddp+0, -0x1.494f5e9570000p-3}, {0x1.1bb4a580b3930p+0, -0x1.2f9e424e0a000p-3},
    {0x1.19453847f2200p+0, -0x1.162595afdc000p-3}, {0x1.16e06c0d5d73cp+0, -0x1.f9c9a75bd8000p-4},
    {0x1.1485f47b7e4c2p+0, -0x1.c7b575bf9c000p-4}, {0x1.12358ad0085d1p+0, -0x1.960c60ff48000p-4},
    {0x1.0fef00f532227p+0, -0x1.64ce247b60000p-4}, {0x1.0db2077d03a8fp+0, -0x1.33f78b2014000p-4},
    {0x1.0b7e6d65980d9p+0, -0x1.0387d1a42c000p-4}, {0x1.0953efe7b408dp+0, -0x1.a6f9208b50000p-5},
    {0x1.07325cac53b83p+0, -0x1.47a954f770000p-5}, {0x1.05197e40d1b5cp+0, -0x1.d23a8c50c0000p-6},
    {0x1.03091c1208ea2p+0, -0x1.16a2629780000p-6}, {0x1.0101025b37e21p+0, -0x1.720f8d8e80000p-8},
    {0x1.fc07ef9caa76bp-1, 0x1.6fe53b1500000p-7}, {0x1.f4465d3f6f184p-1, 0x1.11ccce10f8000p-5},
    {0x1.ecc079f84107fp-1, 0x1.c4dfc8c8b8000p-5}, {0x1.e573a99975ae8p-1, 0x1.3aa321e574000p-4},
    {0x1.de5d6f0bd3de6p-1, 0x1.918a0d08b8000p-4}, {0x1.d77b681ff38b3p-1, 0x1.e72e9da044000p-4},
    {0x1.d0cb5724de943p-1, 0x1.1dcd2507f6000p-3}, {0x1.ca4b2dc0e7563p-1, 0x1.476ab03dea000p-3},
    {0x1.c3f8ee8d6cb51p-1, 0x1.7074377e22000p-3}, {0x1.bdd2b4f020c4cp-1, 0x1.98ede8ba94000p-3},
    {0x1.b7d6c006015cap-1, 0x1.c0db86ad2e000p-3}, {0x1.b20366e2e338fp-1, 0x1.e840aafcee000p-3},
    {0x1.ac57026295039p-1, 0x1.0790ab4678000p-2}, {0x1.a6d01bc2731ddp-1, 0x1.1ac056801c000p-2},
    {0x1.a16d3bc3ff18bp-1, 0x1.2db11d4fee000p-2}, {0x1.9c2d14967feadp-1, 0x1.406464ec58000p-2},
    {0x1.970e4f47c9902p-1, 0x1.52dbe093af000p-2}, {0x1.920fb3982bcf2p-1, 0x1.651902050d000p-2},
    {0x1.8d30187f759f1p-1, 0x1.771d2cdeaf000p-2}, {0x1.886e5ebb9f66dp-1, 0x1.88e9c857d9000p-2},
    {0x1.83c97b658b994p-1, 0x1.9a80155e16000p-2}, {0x1.7f405ffc61022p-1, 0x1.abe186ed3d000p-2},
    {0x1.7ad22181415cap-1, 0x1.bd0f2aea0e000p-2}, {0x1.767dcf99eff8cp-1, 0x1.ce0a43dbf4000p-2},
};

}  // namespace

double py_log2(double x) {
    std::uint64_t ix = bits(x);
    const std::uint32_t top = static_cast<std::uint32_t>(ix >> 48);
    constexpr std::uint64_t lo_near = 0x3feea4af00000000, hi_near = 0x3ff0b55900000000;  // 1 - 0x1.5b51p-5, 1 + 0x1.6ab2p-5
    if (ix - lo_near < hi_near - lo_near) {
        if (ix == bits(1.0)) return 0.0;
        const double r = x - 1.0;
        const double hi = r * kInvLn2hi;
        const double lo = fma(r, kInvLn2lo, fma(kInvLn2hi, r, -hi));
        const double r2 = r * r, r4 = r2 * r2;
        const double q = fma(r, kB[1], kB[0]);
        const double y = fma(q, r2, hi);               // hi + r2 (B0 + r B1)
        double lo2 = fma(q, r2, hi - y) + lo;          // lo += hi - y + p
        const double inner = fma(r4, fma(fma(r, kB[9], kB[8]), r2, fma(r, kB[7], kB[6])),
                                 fma(fma(r, kB[5], kB[4]), r2, fma(r, kB[3], kB[2])));
        lo2 = fma(r4, inner, lo2);
        return y + lo2;
    }
    if (top - 0x0010 >= 0x7ff0 - 0x0010) {  // x < 0x1p-1022, inf or nan
        if (ix * 2 == 0) return -HUGE_VAL;  // divide by zero
        if (ix == bits(HUGE_VAL)) return x;
        if ((top & 0x8000) || (top & 0x7ff0) == 0x7ff0) return (x - x) / (x - x);  // invalid
        ix = bits(x * 0x1p52) - (52ULL << 52);  // subnormal: normalize
    }
    const std::uint64_t tmp = ix - 0x3fe6000000000000;
    const int i = static_cast<int>((tmp >> 46) % 64);
    const int k = static_cast<int>(static_cast<std::int64_t>(tmp) >> 52);
    const double z = from_bits(ix - (tmp & (0xfffULL << 52)));
    const double kd = k;
    const double r = fma(z, kT[i].invc, -1.0);
    const double t1 = r * kInvLn2hi;
    const double t2 = fma(r, kInvLn2lo, fma(kInvLn2hi, r, -t1));
    const double t3 = kd + kT[i].logc;
    const double hi = t3 + t1;
    const double lo = t3 - hi + t1 + t2;
    const double r2 = r * r, r4 = r2 * r2;
    const double p = fma(fma(r, kA[5], kA[4]), r4, fma(fma(r, kA[3], kA[2]), r2, fma(r, kA[1], kA[0])));
    return fma(r2, p, lo) + hi;
}

double py_log10(double x) {
    constexpr double kIvln10 = 0x1.bcb7b1526e50ep-2;
    constexpr double kLog10_2hi = 0x1.34413509f6000p-2, kLog10_2lo = 0x1.9fef311f12b36p-42;
    std::int64_t hx = static_cast<std::int64_t>(bits(x));
    int k = 0;
    if (hx < 0x0010000000000000) {  // x < 2^-1022: zero, negative or subnormal
        if ((hx & 0x7fffffffffffffff) == 0) return -0x1p54 / std::fabs(x);  // -inf, divide by zero
        if (hx < 0) return (x - x) / (x - x);                                // NaN, invalid
        k -= 54;
        x *= 0x1p54;  // subnormal: scale up
        hx = static_cast<std::int64_t>(bits(x));
    }
    if (static_cast<std::uint64_t>(hx) > 0x7fefffffffffffff) return x + x;  // inf or NaN
    k += static_cast<int>(hx >> 52) - 1023;
    const int i = static_cast<int>(static_cast<std::uint32_t>(k) >> 31);
    const std::uint64_t mant = static_cast<std::uint64_t>(hx) & 0x000fffffffffffff;
    const double y = k + i;
    const double m = from_bits(mant | (static_cast<std::uint64_t>(0x3ff - i) << 52));
    const double z = y * kLog10_2lo + kIvln10 * np_log(m);
    return z + y * kLog10_2hi;
}

}  // namespace tlab
