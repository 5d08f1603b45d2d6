// np_log.cpp — natural log exactly as NumPy computes it on the machine the goldens come from.
//
// NumPy's randn (legacy polar Box–Muller) calls libm's log(). On x86-64, glibc picks __log_fma:
// the Arm optimized-routines log (also in musl) built with -mfma, where GCC fuses its a*b+c into
// FMAs (8 in the main path, 15 near 1). Emscripten's musl runs it without FMA, and ~1 result in
// 8600 differs in the last bit, which shows up in printed normals. This is that algorithm with the
// same fusions written out, so native and WebAssembly builds both match glibc bit for bit. The
// fusions use fma_rn below rather than std::fma: wasm has no FMA instruction and musl's software
// fma made the ch3 sweeps ~4x slower; fma_rn costs ~25 plain operations, exact at these sizes.
// Native x86-64 builds pick the FMA instruction at run time when the CPU has it (same bits).
// Algorithm and tables: Copyright (c) 2018, Arm Limited, SPDX-License-Identifier: MIT.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "tlab/npmath.hpp"
#include "simd.hpp"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__EMSCRIPTEN__)
#include <immintrin.h>
#endif

namespace tlab {
namespace {

constexpr double kLn2hi = 0x1.62e42fefa3800p-1, kLn2lo = 0x1.ef35793c76730p-45;
// log1p(r) - r on |r| < 1/256 (after the table step), and log(1 + r) near 1.
constexpr double A[5] = {
    -0x1.0000000000001p-1, 0x1.555555551305bp-2, -0x1.fffffffeb459p-3, 0x1.999b324f10111p-3,
    -0x1.55575e506c89fp-3};
constexpr double B[11] = {
    -0x1p-1, 0x1.5555555555577p-2, -0x1.ffffffffffdcbp-3, 0x1.999999995dd0cp-3,
    -0x1.55555556745a7p-3, 0x1.24924a344de3p-3, -0x1.fffffa4423d65p-4, 0x1.c7184282ad6cap-4,
    -0x1.999eb43b068ffp-4, 0x1.78182f7afd085p-4, -0x1.5521375d145cdp-4};
struct Entry { double invc, logc; };
constexpr Entry T[128] = {
    {0x1.734f0c3e0de9fp+0, -0x1.7cc7f79e69000p-2},
    {0x1.713786a2ce91fp+0, -0x1.76feec20d0000p-2},
    {0x1.6f26008fab5a0p+0, -0x1.713e31351e000p-2},
    {0x1.6d1a61f138c7dp+0, -0x1.6b85b38287800p-2},
    {0x1.6b1490bc5b4d1p+0, -0x1.65d5590807800p-2},
    {0x1.69147332f0cbap+0, -0x1.602d076180000p-2},
    {0x1.6719f18224223p+0, -0x1.5a8ca86909000p-2},
    {0x1.6524f99a51ed9p+0, -0x1.54f4356035000p-2},
    {0x1.63356aa8f24c4p+0, -0x1.4f637c36b4000p-2},
    {0x1.614b36b9ddc14p+0, -0x1.49da7fda85000p-2},
    {0x1.5f66452c65c4cp+0, -0x1.445923989a800p-2},
    {0x1.5d867b5912c4fp+0, -0x1.3edf439b0b800p-2},
    {0x1.5babccb5b90dep+0, -0x1.396ce448f7000p-2},
    {0x1.59d61f2d91a78p+0, -0x1.3401e17bda000p-2},
    {0x1.5805612465687p+0, -0x1.2e9e2ef468000p-2},
    {0x1.56397cee76bd3p+0, -0x1.2941b3830e000p-2},
    {0x1.54725e2a77f93p+0, -0x1.23ec58cda8800p-2},
    {0x1.52aff42064583p+0, -0x1.1e9e129279000p-2},
    {0x1.50f22dbb2bddfp+0, -0x1.1956d2b48f800p-2},
    {0x1.4f38f4734ded7p+0, -0x1.141679ab9f800p-2},
    {0x1.4d843cfde2840p+0, -0x1.0edd094ef9800p-2},
    {0x1.4bd3ec078a3c8p+0, -0x1.09aa518db1000p-2},
    {0x1.4a27fc3e0258ap+0, -0x1.047e65263b800p-2},
    {0x1.4880524d48434p+0, -0x1.feb224586f000p-3},
    {0x1.46dce1b192d0bp+0, -0x1.f474a7517b000p-3},
    {0x1.453d9d3391854p+0, -0x1.ea4443d103000p-3},
    {0x1.43a2744b4845ap+0, -0x1.e020d44e9b000p-3},
    {0x1.420b54115f8fbp+0, -0x1.d60a22977f000p-3},
    {0x1.40782da3ef4b1p+0, -0x1.cc00104959000p-3},
    {0x1.3ee8f5d57fe8fp+0, -0x1.c202956891000p-3},
    {0x1.3d5d9a00b4ce9p+0, -0x1.b81178d811000p-3},
    {0x1.3bd60c010c12bp+0, -0x1.ae2c9ccd3d000p-3},
    {0x1.3a5242b75dab8p+0, -0x1.a45402e129000p-3},
    {0x1.38d22cd9fd002p+0, -0x1.9a877681df000p-3},
    {0x1.3755bc5847a1cp+0, -0x1.90c6d69483000p-3},
    {0x1.35dce49ad36e2p+0, -0x1.87120a645c000p-3},
    {0x1.34679984dd440p+0, -0x1.7d68fb4143000p-3},
    {0x1.32f5cceffcb24p+0, -0x1.73cb83c627000p-3},
    {0x1.3187775a10d49p+0, -0x1.6a39a9b376000p-3},
    {0x1.301c8373e3990p+0, -0x1.60b3154b7a000p-3},
    {0x1.2eb4ebb95f841p+0, -0x1.5737d76243000p-3},
    {0x1.2d50a0219a9d1p+0, -0x1.4dc7b8fc23000p-3},
    {0x1.2bef9a8b7fd2ap+0, -0x1.4462c51d20000p-3},
    {0x1.2a91c7a0c1babp+0, -0x1.3b08abc830000p-3},
    {0x1.293726014b530p+0, -0x1.31b996b490000p-3},
    {0x1.27dfa5757a1f5p+0, -0x1.2875490a44000p-3},
    {0x1.268b39b1d3bbfp+0, -0x1.1f3b9f879a000p-3},
    {0x1.2539d838ff5bdp+0, -0x1.160c8252ca000p-3},
    {0x1.23eb7aac9083bp+0, -0x1.0ce7f57f72000p-3},
    {0x1.22a012ba940b6p+0, -0x1.03cdc49fea000p-3},
    {0x1.2157996cc4132p+0, -0x1.f57bdbc4b8000p-4},
    {0x1.201201dd2fc9bp+0, -0x1.e370896404000p-4},
    {0x1.1ecf4494d480bp+0, -0x1.d17983ef94000p-4},
    {0x1.1d8f5528f6569p+0, -0x1.bf9674ed8a000p-4},
    {0x1.1c52311577e7cp+0, -0x1.adc79202f6000p-4},
    {0x1.1b17c74cb26e9p+0, -0x1.9c0c3e7288000p-4},
    {0x1.19e010c2c1ab6p+0, -0x1.8a646b372c000p-4},
    {0x1.18ab07bb670bdp+0, -0x1.78d01b3ac0000p-4},
    {0x1.1778a25efbcb6p+0, -0x1.674f145380000p-4},
    {0x1.1648d354c31dap+0, -0x1.55e0e6d878000p-4},
    {0x1.151b990275fddp+0, -0x1.4485cdea1e000p-4},
    {0x1.13f0ea432d24cp+0, -0x1.333d94d6aa000p-4},
    {0x1.12c8b7210f9dap+0, -0x1.22079f8c56000p-4},
    {0x1.11a3028ecb531p+0, -0x1.10e4698622000p-4},
    {0x1.107fbda8434afp+0, -0x1.ffa6c6ad20000p-5},
    {0x1.0f5ee0f4e6bb3p+0, -0x1.dda8d4a774000p-5},
    {0x1.0e4065d2a9fcep+0, -0x1.bbcece4850000p-5},
    {0x1.0d244632ca521p+0, -0x1.9a1894012c000p-5},
    {0x1.0c0a77ce2981ap+0, -0x1.788583302c000p-5},
    {0x1.0af2f83c636d1p+0, -0x1.5715e67d68000p-5},
    {0x1.09ddb98a01339p+0, -0x1.35c8a49658000p-5},
    {0x1.08cabaf52e7dfp+0, -0x1.149e364154000p-5},
    {0x1.07b9f2f4e28fbp+0, -0x1.e72c082eb8000p-6},
    {0x1.06ab58c358f19p+0, -0x1.a55f152528000p-6},
    {0x1.059eea5ecf92cp+0, -0x1.63d62cf818000p-6},
    {0x1.04949cdd12c90p+0, -0x1.228fb8caa0000p-6},
    {0x1.038c6c6f0ada9p+0, -0x1.c317b20f90000p-7},
    {0x1.02865137932a9p+0, -0x1.419355daa0000p-7},
    {0x1.0182427ea7348p+0, -0x1.81203c2ec0000p-8},
    {0x1.008040614b195p+0, -0x1.0040979240000p-9},
    {0x1.fe01ff726fa1ap-1, 0x1.feff384900000p-9},
    {0x1.fa11cc261ea74p-1, 0x1.7dc41353d0000p-7},
    {0x1.f6310b081992ep-1, 0x1.3cea3c4c28000p-6},
    {0x1.f25f63ceeadcdp-1, 0x1.b9fc114890000p-6},
    {0x1.ee9c8039113e7p-1, 0x1.1b0d8ce110000p-5},
    {0x1.eae8078cbb1abp-1, 0x1.58a5bd001c000p-5},
    {0x1.e741aa29d0c9bp-1, 0x1.95c8340d88000p-5},
    {0x1.e3a91830a99b5p-1, 0x1.d276aef578000p-5},
    {0x1.e01e009609a56p-1, 0x1.07598e598c000p-4},
    {0x1.dca01e577bb98p-1, 0x1.253f5e30d2000p-4},
    {0x1.d92f20b7c9103p-1, 0x1.42edd8b380000p-4},
    {0x1.d5cac66fb5ccep-1, 0x1.606598757c000p-4},
    {0x1.d272caa5ede9dp-1, 0x1.7da76356a0000p-4},
    {0x1.cf26e3e6b2ccdp-1, 0x1.9ab434e1c6000p-4},
    {0x1.cbe6da2a77902p-1, 0x1.b78c7bb0d6000p-4},
    {0x1.c8b266d37086dp-1, 0x1.d431332e72000p-4},
    {0x1.c5894bd5d5804p-1, 0x1.f0a3171de6000p-4},
    {0x1.c26b533bb9f8cp-1, 0x1.067152b914000p-3},
    {0x1.bf583eeece73fp-1, 0x1.147858292b000p-3},
    {0x1.bc4fd75db96c1p-1, 0x1.2266ecdca3000p-3},
    {0x1.b951e0c864a28p-1, 0x1.303d7a6c55000p-3},
    {0x1.b65e2c5ef3e2cp-1, 0x1.3dfc33c331000p-3},
    {0x1.b374867c9888bp-1, 0x1.4ba366b7a8000p-3},
    {0x1.b094b211d304ap-1, 0x1.5933928d1f000p-3},
    {0x1.adbe885f2ef7ep-1, 0x1.66acd2418f000p-3},
    {0x1.aaf1d31603da2p-1, 0x1.740f8ec669000p-3},
    {0x1.a82e63fd358a7p-1, 0x1.815c0f51af000p-3},
    {0x1.a5740ef09738bp-1, 0x1.8e92954f68000p-3},
    {0x1.a2c2a90ab4b27p-1, 0x1.9bb3602f84000p-3},
    {0x1.a01a01393f2d1p-1, 0x1.a8bed1c2c0000p-3},
    {0x1.9d79f24db3c1bp-1, 0x1.b5b515c01d000p-3},
    {0x1.9ae2505c7b190p-1, 0x1.c2967ccbcc000p-3},
    {0x1.9852ef297ce2fp-1, 0x1.cf635d5486000p-3},
    {0x1.95cbaeea44b75p-1, 0x1.dc1bd3446c000p-3},
    {0x1.934c69de74838p-1, 0x1.e8c01b8cfe000p-3},
    {0x1.90d4f2f6752e6p-1, 0x1.f5509c0179000p-3},
    {0x1.8e6528effd79dp-1, 0x1.00e6c121fb800p-2},
    {0x1.8bfce9fcc007cp-1, 0x1.071b80e93d000p-2},
    {0x1.899c0dabec30ep-1, 0x1.0d46b9e867000p-2},
    {0x1.87427aa2317fbp-1, 0x1.13687334bd000p-2},
    {0x1.84f00acb39a08p-1, 0x1.1980d67234800p-2},
    {0x1.82a49e8653e55p-1, 0x1.1f8ffe0cc8000p-2},
    {0x1.8060195f40260p-1, 0x1.2595fd7636800p-2},
    {0x1.7e22563e0a329p-1, 0x1.2b9300914a800p-2},
    {0x1.7beb377dcb5adp-1, 0x1.3187210436000p-2},
    {0x1.79baa679725c2p-1, 0x1.377266dec1800p-2},
    {0x1.77907f2170657p-1, 0x1.3d54ffbaf3000p-2},
    {0x1.756cadbd6130cp-1, 0x1.432eee32fe000p-2},
};

// RN(a*b + c) from plain double operations (Boldo & Melquiond, "Emulation of FMA and correctly
// rounded sums: proved algorithms using rounding to odd", IEEE TC 2008): the product split
// exactly (Veltkamp/Dekker), the sum split exactly (Knuth's TwoSum), and one addition rounded to
// odd. Exact while nothing overflows or underflows, which holds for every call in np_log (|a*b|
// and |c| stay within 2^-220 .. 2^11). Needs -ffp-contract=off, which the core builds with.
// b comes pre-split (bh + bl == b, each with at most 26 significant bits): in np_log b is always
// a constant or a table entry, so its split is computed once, at compile time.
struct Split { double v, hi, lo; };
constexpr double kSplit = 134217729.0;  // 2^27 + 1
constexpr Split split(double b) {
    const double pb = kSplit * b, bh = pb - (pb - b);
    return {b, bh, b - bh};
}

inline double fma_rn(double a, const Split& b, double c) {
    const double pa = kSplit * a, ah = pa - (pa - a), al = a - ah;
    const double uh = a * b.v;
    const double ul = ((ah * b.hi - uh) + ah * b.lo + al * b.hi) + al * b.lo;  // a*b == uh + ul
    const double th = c + uh, tb = th - c;
    const double tl = (c - (th - tb)) + (uh - tb);  // c + uh == th + tl
    const double v = tl + ul;
    const double vb = v - tl, ve = (tl - (v - vb)) + (ul - vb);
    // When tl + ul was rounded (ve != 0) and landed on an even significand, round it to odd
    // instead: step one ulp towards the exact value. Branch-free, since the condition is a coin
    // toss that a predictor cannot learn.
    std::uint64_t u;
    std::memcpy(&u, &v, 8);
    const std::uint64_t fix = static_cast<std::uint64_t>(ve != 0.0) & ~u & 1U;
    const std::uint64_t away = static_cast<std::uint64_t>((ve > 0) == (v > 0));
    u += fix & away;   // + 1 ulp (away from zero)
    u -= fix & ~away;  // - 1 ulp (towards zero)
    double odd;
    std::memcpy(&odd, &u, 8);
    return th + odd;
}
inline double fma_rn(double a, double b, double c) { return fma_rn(a, split(b), c); }

std::uint64_t bits(double x) { std::uint64_t u; std::memcpy(&u, &x, 8); return u; }
double from_bits(std::uint64_t u) { double x; std::memcpy(&x, &u, 8); return x; }

// The constants and table entries that are b operands of the fusions, pre-split.
constexpr Split SA[5] = {split(A[0]), split(A[1]), split(A[2]), split(A[3]), split(A[4])};
constexpr Split SB[11] = {split(B[0]), split(B[1]), split(B[2]), split(B[3]), split(B[4]),
                          split(B[5]), split(B[6]), split(B[7]), split(B[8]), split(B[9]),
                          split(B[10])};
constexpr Split kSLn2lo = split(kLn2lo), kS2p27 = split(0x1p27);
// Per table interval, what the main path reads, in one 32-byte row: invc pre-split, and logc.
struct Row {
    Split invc;
    double logc;
};
struct Rows {
    alignas(32) Row r[128];
    constexpr Rows() : r{} {
        for (int i = 0; i < 128; ++i) r[i] = {split(T[i].invc), T[i].logc};
    }
};
constexpr Rows kRows{};

// The fused operations of glibc's __log_fma, two ways: in software (exact, any platform) and, on
// x86-64 CPUs that have it, with the FMA instruction (the same correctly rounded result).
struct SoftFma {
    static double fma(double a, const Split& b, double c) { return fma_rn(a, b, c); }
    static double fma(double a, double b, double c) { return fma_rn(a, b, c); }
    // RN(z * invc - 1) for z*invc in [0.5, 2]: uh - 1 is exact (Sterbenz), so one rounding.
    static double mul_sub1(double z, const Split& invc) {
        const double pa = kSplit * z, ah = pa - (pa - z), al = z - ah;
        const double uh = z * invc.v;
        const double ul = ((ah * invc.hi - uh) + ah * invc.lo + al * invc.hi) + al * invc.lo;
        return (uh - 1.0) + ul;
    }
};

// The algorithm, generic over how a*b+c is fused. Every fusion glibc's build makes is written as
// F::fma; w = kd*kLn2hi + logc needs none: kLn2hi has 42 significant bits and |kd| < 2^11, so the
// product is exact and the fused and unfused sums round the same.
#if defined(__GNUC__)
#define TLAB_ALWAYS_INLINE __attribute__((always_inline)) inline
#else
#define TLAB_ALWAYS_INLINE inline
#endif
template <class F>
TLAB_ALWAYS_INLINE double log_impl(double x) {
    std::uint64_t ix = bits(x);
    const std::uint32_t top = static_cast<std::uint32_t>(ix >> 48);
    constexpr std::uint64_t lo_near = 0x3fee000000000000ULL;  // bits(1.0 - 0x1p-4)
    constexpr std::uint64_t hi_near = 0x3ff1090000000000ULL;  // bits(1.0 + 0x1.09p-4)
    if (ix - lo_near < hi_near - lo_near) {
        if (ix == 0x3ff0000000000000ULL) return 0.0;
        const double r = x - 1.0, r2 = r * r, r3 = r * r2;
        const double q3 = F::fma(r3, SB[10], F::fma(r2, SB[9], F::fma(r, SB[8], B[7])));
        const double q2 = F::fma(q3, r3, F::fma(r2, SB[6], F::fma(r, SB[5], B[4])));
        const double q1 = F::fma(q2, r3, F::fma(r2, SB[3], F::fma(r, SB[2], B[1])));
        // Split r so that rhi*rhi is exact: rhi = (r + r*2^27) - r*2^27, both sums fused.
        const double rhi = F::fma(-r, kS2p27, F::fma(r, kS2p27, r));
        const double rlo = r - rhi;
        const double rhi2 = rhi * rhi;
        const double hi = F::fma(rhi2, SB[0], r);
        double lo = F::fma(rhi2, SB[0], r - hi);
        lo = F::fma(B[0] * rlo, rhi + r, lo);
        return hi + F::fma(q1, r3, lo);
    }
    if (top - 0x0010 >= 0x7ff0 - 0x0010) {
        if (ix * 2 == 0) return -std::numeric_limits<double>::infinity();
        if (ix == 0x7ff0000000000000ULL) return x;
        if ((top & 0x8000) || (top & 0x7ff0) == 0x7ff0)
            return std::numeric_limits<double>::quiet_NaN();
        ix = bits(x * 0x1p52) - (52ULL << 52);  // subnormal: normalize
    }
    // x = 2^k z, z in [0x1.6p-1, 0x1.6p0); c near the middle of z's table interval.
    const std::uint64_t tmp = ix - 0x3fe6000000000000ULL;
    const int i = static_cast<int>((tmp >> 45) % 128);
    const int k = static_cast<int>(static_cast<std::int64_t>(tmp) >> 52);
    const double z = from_bits(ix - (tmp & (0xfffULL << 52)));
    const double kd = k;
    const double r = F::mul_sub1(z, kRows.r[i].invc);  // RN(z/c - 1)
    const double w = kd * kLn2hi + kRows.r[i].logc;     // exact product: see above
    const double hi = w + r;
    const double lo = F::fma(kd, kSLn2lo, w - hi + r);
    const double r2 = r * r;
    const double p = F::fma(F::fma(r, SA[4], A[3]), r2, F::fma(r, SA[2], A[1]));
    return F::fma(p, r * r2, F::fma(r2, SA[0], lo)) + hi;
}

// The portable log, fast: on the main path (normal x away from 1, i.e. most r^2 in randn), first
// evaluate the tail T = p*r^3 + (r^2*A0 + lo) with plain operations, bound its distance from the
// fused evaluation, and return hi + T when every value in that bound rounds hi + T the same way
// (a Ziv-style rounding test). Only r, which every later step depends on, is computed exactly
// (RN(z*invc - 1), ~20 operations); the 5 other emulated fusions, ~25 operations each, run only
// when the test fails (a few percent of calls). The bound: each plain operation is off by at most
// 2^-53 relative to the magnitudes involved, at most ~10 such errors reach T, so
// |T_fused - T_plain| <= 2^-49.7 * M with M the sum of the terms' magnitudes below; the test
// uses 2^-45 * M. bench/ checks it against the FMA instruction (tlab_bench check_log).
double log_soft(double x) {
    const std::uint64_t ix = bits(x);
    const std::uint32_t top = static_cast<std::uint32_t>(ix >> 48);
    constexpr std::uint64_t lo_near = 0x3fee000000000000ULL, hi_near = 0x3ff1090000000000ULL;
    if (ix - lo_near < hi_near - lo_near) {  // near 1: the same test on the same path's tail
        if (ix == 0x3ff0000000000000ULL) return 0.0;
        const double r = x - 1.0, r2 = r * r, r3 = r * r2;
        const double q3 = r3 * B[10] + (r2 * B[9] + (r * B[8] + B[7]));
        const double q2 = q3 * r3 + (r2 * B[6] + (r * B[5] + B[4]));
        const double q1 = q2 * r3 + (r2 * B[3] + (r * B[2] + B[1]));
        // These fusions are exact products (powers of two, or a split made for it) in glibc's
        // code, so plain operations give the same bits.
        const double rhi = (r * 0x1p27 + r) - r * 0x1p27;
        const double rlo = r - rhi;
        const double rhi2 = rhi * rhi;
        const double hi = rhi2 * B[0] + r;
        const double lo0 = rhi2 * B[0] + (r - hi);
        const double cross = B[0] * rlo * (rhi + r);
        const double lo = cross + lo0;
        const double qr3 = q1 * r3;
        const double t = qr3 + lo;
        const double m = std::fabs(lo0) + std::fabs(cross) + std::fabs(qr3);
        // 2^-47 here, not 2^-45: near 1 the tail is a larger share of the result, and 2^-45 sent
        // 18% of these calls to the emulated fusions (4.5% now). Measured against the FMA
        // instruction on 10^8 x in this range: the plain and fused tails first round differently
        // with a bound of 2^-52 (none at 2^-51), so 2^-47 keeps a margin of 16.
        const double e = m * 0x1p-47;
        const double y_low = hi + (t - e), y_high = hi + (t + e);
        if (y_low == y_high) return y_low;
        return log_impl<SoftFma>(x);
    }
    if (top - 0x0010 >= 0x7ff0 - 0x0010)
        return log_impl<SoftFma>(x);  // subnormal, zero, negative, inf, nan
    const std::uint64_t tmp = ix - 0x3fe6000000000000ULL;
    const int i = static_cast<int>((tmp >> 45) % 128);
    const int k = static_cast<int>(static_cast<std::int64_t>(tmp) >> 52);
    const double z = from_bits(ix - (tmp & (0xfffULL << 52)));
    const double kd = k;
    const double r = SoftFma::mul_sub1(z, kRows.r[i].invc);
    const double w = kd * kLn2hi + kRows.r[i].logc;
    const double hi = w + r;
    const double c1 = w - hi + r;
    const double kl = kd * kLn2lo;
    const double lo = kl + c1;
    const double r2 = r * r, r3 = r * r2;
    const double p = (r * A[4] + A[3]) * r2 + (r * A[2] + A[1]);
    const double a0 = r2 * A[0], pr3 = p * r3;
    const double t = pr3 + (a0 + lo);
    const double m = std::fabs(kl) + std::fabs(c1) + std::fabs(a0) + std::fabs(pr3);
    const double e = m * 0x1p-45;
    const double y_low = (t - e) + hi, y_high = (t + e) + hi;
    if (y_low == y_high) return y_low;
    return log_impl<SoftFma>(x);
}
#if defined(__wasm_simd128__)
// WebAssembly: log_soft two values at a time (simd128, Clang's vector extensions): the main path's
// operations, each the same IEEE operation in the same order as log_soft's, so each lane gets
// log_soft's bits. Lanes that leave the main path (x near 1, zero, subnormal, negative, inf, nan)
// or fail its rounding test are redone by log_soft. A lane's table row comes as two vector loads,
// regrouped by shuffles; int64 -> double: k is small, so the 1.5 * 2^52 trick is exact. The
// constants are kept() in registers (see simd.hpp).
void log_soft_n(const double* x, double* out, std::size_t n) {
    using namespace simd;
    // The lanes to redo, from the high 32 bits of each x (odd i32 lanes; the bounds have zero low
    // words) with signed 32-bit compares, which simd128 has (its 64-bit compares come out as
    // scalar code): near 1, or not a positive normal finite number (a negative x has a negative
    // high word).
    const I32x4 near_lo = kept(std::int32_t{0x3fee0000}), near_hi = kept(std::int32_t{0x3ff10900});
    const I32x4 normal_lo = kept(std::int32_t{0x00100000}), normal_hi = kept(std::int32_t{0x7ff00000});
    const I32x4 odd = kept(I32x4{0, -1, 0, -1});
    const U64x2 off = kept(std::uint64_t{0x3fe6000000000000}), exp_mask = kept(std::uint64_t{0xfff} << 52);
    const U64x2 row_mask = kept(std::uint64_t{127}), sign12 = kept(std::uint64_t{0x800});
    const U64x2 magic_bits = kept(std::uint64_t{0x4338000000000000}), abs_mask = kept(~(std::uint64_t{1} << 63));
    const F64x2 magic = kept(0x1.8p52), splitter = kept(kSplit), one = kept(1.0), ln2hi = kept(kLn2hi);
    const F64x2 ln2lo = kept(kLn2lo), a0 = kept(A[0]), a1 = kept(A[1]), a2 = kept(A[2]), a3 = kept(A[3]);
    const F64x2 a4 = kept(A[4]), bound = kept(0x1p-45);
    const auto fabs2 = [&](F64x2 v) { return bitcast<F64x2>(bitcast<U64x2>(v) & abs_mask); };
    std::size_t k = 0;
    for (; k + 2 <= n; k += 2) {
        const F64x2 xv = load<F64x2>(x + k);
        const U64x2 ix = bitcast<U64x2>(xv);
        const I32x4 hw = bitcast<I32x4>(ix);
        const I32x4 other = (((hw >= near_lo) & (hw < near_hi)) | (hw < normal_lo) | (hw >= normal_hi)) & odd;
        const U64x2 tmp = ix - off;
        const U64x2 row = (tmp >> 45) & row_mask;
        const U64x2 ki = ((tmp >> 52) ^ sign12) - sign12;  // tmp >> 52, arithmetic
        const F64x2 z = bitcast<F64x2>(ix - (tmp & exp_mask));
        const F64x2 kd = bitcast<F64x2>(ki + magic_bits) - magic;
        // {invc, invc_hi} and {invc_lo, logc} of each lane's row
        const F64x2 row0a = load<F64x2>(&kRows.r[row[0]].invc.v), row0b = load<F64x2>(&kRows.r[row[0]].invc.lo);
        const F64x2 row1a = load<F64x2>(&kRows.r[row[1]].invc.v), row1b = load<F64x2>(&kRows.r[row[1]].invc.lo);
        const F64x2 cv = __builtin_shufflevector(row0a, row1a, 0, 2);
        const F64x2 ch = __builtin_shufflevector(row0a, row1a, 1, 3);
        const F64x2 cl = __builtin_shufflevector(row0b, row1b, 0, 2);
        const F64x2 logc = __builtin_shufflevector(row0b, row1b, 1, 3);
        // r = RN(z * invc - 1), as SoftFma::mul_sub1.
        const F64x2 pa = splitter * z, ah = pa - (pa - z), al = z - ah;
        const F64x2 uh = z * cv;
        const F64x2 ul = ((ah * ch - uh) + ah * cl + al * ch) + al * cl;
        const F64x2 r = (uh - one) + ul;
        const F64x2 w = kd * ln2hi + logc;
        const F64x2 hi = w + r;
        const F64x2 c1 = w - hi + r;
        const F64x2 kl = kd * ln2lo;
        const F64x2 lo = kl + c1;
        const F64x2 r2 = r * r, r3 = r * r2;
        const F64x2 p = (r * a4 + a3) * r2 + (r * a2 + a1);
        const F64x2 ra0 = r2 * a0, pr3 = p * r3;
        const F64x2 t = pr3 + (ra0 + lo);
        const F64x2 m = fabs2(kl) + fabs2(c1) + fabs2(ra0) + fabs2(pr3);
        const F64x2 e = m * bound;
        const F64x2 y_low = (t - e) + hi, y_high = (t + e) + hi;
        const I32x4 redo = other | bitcast<I32x4>(y_low != y_high);
        if (!__builtin_wasm_any_true_v128(redo)) {
            store(out + k, y_low);
        } else {  // out may be x: the lanes' inputs are in xv
            out[k] = redo[1] ? log_soft(xv[0]) : y_low[0];
            out[k + 1] = redo[3] ? log_soft(xv[1]) : y_low[1];
        }
    }
    for (; k < n; ++k) out[k] = log_soft(x[k]);
}
#else
void log_soft_n(const double* x, double* out, std::size_t n) {
    for (std::size_t k = 0; k < n; ++k) out[k] = log_soft(x[k]);
}
#endif


#if defined(__x86_64__) && defined(__GNUC__) && !defined(__EMSCRIPTEN__)
// Native x86-64: the same algorithm with the FMA instruction (__builtin_fma, inlined into a
// function compiled for the FMA extension, becomes vfmadd), chosen at run time so the binary
// still runs on x86-64 CPUs without FMA (they take log_soft). Bit-identical: both compute
// RN(a*b + c) for every fusion (tests/test_math.cpp compares the two, and both with glibc's log).
struct HardFma {
    __attribute__((always_inline)) static inline double fma(double a, const Split& b,
                                                                           double c) {
        return __builtin_fma(a, b.v, c);
    }
    __attribute__((always_inline)) static inline double fma(double a, double b,
                                                                           double c) {
        return __builtin_fma(a, b, c);
    }
    __attribute__((always_inline)) static inline double mul_sub1(double z,
                                                                                const Split& invc) {
        return __builtin_fma(z, invc.v, -1.0);
    }
};
__attribute__((target("fma"))) double log_hard(double x) { return log_impl<HardFma>(x); }
__attribute__((target("fma"))) void log_hard_n(const double* x, double* out, std::size_t n) {
    for (std::size_t k = 0; k < n; ++k) out[k] = log_impl<HardFma>(x[k]);
}

// Four logs at a time with AVX2 + FMA (CPUs since 2013, chosen at run time): the main path of
// log_impl<HardFma> lane by lane, the same operations in the same order, so the same bits; lanes
// it does not cover (x near 1, and zero, subnormal, negative, inf, nan) are redone one by one with
// log_hard. The table entries come by gather. AVX2 has no 64-bit arithmetic shift or int64 to
// double conversion: k is sign-extended from its 12 bits, and converted by the 1.5 * 2^52 trick
// (exact for |k| < 2^51).
__attribute__((target("avx2,fma"))) void log_avx2_n(const double* x, double* out, std::size_t n) {
    const __m256i lo_near = _mm256_set1_epi64x(0x3fee000000000000LL - 1);
    const __m256i hi_near = _mm256_set1_epi64x(0x3ff1090000000000LL);
    const __m256i top_min = _mm256_set1_epi64x(0x0010), top_max = _mm256_set1_epi64x(0x7ff0 - 1);
    const __m256i off = _mm256_set1_epi64x(0x3fe6000000000000LL);
    const __m256i exp_mask = _mm256_set1_epi64x(static_cast<long long>(0xfffULL << 52));
    const __m256i idx_mask = _mm256_set1_epi64x(127), sign12 = _mm256_set1_epi64x(0x800);
    const __m256i magic_bits = _mm256_set1_epi64x(0x4338000000000000LL);  // bits(0x1.8p52)
    const __m256d magic = _mm256_set1_pd(0x1.8p52), minus1 = _mm256_set1_pd(-1.0);
    std::size_t k = 0;
    for (; k + 4 <= n; k += 4) {
        const __m256d xv = _mm256_loadu_pd(x + k);
        const __m256i ix = _mm256_castpd_si256(xv);
        const __m256i top = _mm256_srli_epi64(ix, 48);
        const __m256i other = _mm256_or_si256(
            _mm256_or_si256(_mm256_cmpgt_epi64(top_min, top), _mm256_cmpgt_epi64(top, top_max)),
            _mm256_and_si256(_mm256_cmpgt_epi64(ix, lo_near), _mm256_cmpgt_epi64(hi_near, ix)));
        const int redo = _mm256_movemask_pd(_mm256_castsi256_pd(other));
        const __m256i tmp = _mm256_sub_epi64(ix, off);
        const __m256i row = _mm256_slli_epi64(_mm256_and_si256(_mm256_srli_epi64(tmp, 45), idx_mask), 2);
        const __m256i ki = _mm256_sub_epi64(_mm256_xor_si256(_mm256_srli_epi64(tmp, 52), sign12), sign12);
        const __m256d z = _mm256_castsi256_pd(_mm256_sub_epi64(ix, _mm256_and_si256(tmp, exp_mask)));
        const __m256d kd = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_add_epi64(ki, magic_bits)), magic);
        const __m256d invc = _mm256_i64gather_pd(&kRows.r[0].invc.v, row, 8);
        const __m256d logc = _mm256_i64gather_pd(&kRows.r[0].logc, row, 8);
        const __m256d r = _mm256_fmadd_pd(z, invc, minus1);
        const __m256d w = _mm256_add_pd(_mm256_mul_pd(kd, _mm256_set1_pd(kLn2hi)), logc);
        const __m256d hi = _mm256_add_pd(w, r);
        const __m256d lo = _mm256_fmadd_pd(kd, _mm256_set1_pd(kLn2lo), _mm256_add_pd(_mm256_sub_pd(w, hi), r));
        const __m256d r2 = _mm256_mul_pd(r, r);
        const __m256d p = _mm256_fmadd_pd(_mm256_fmadd_pd(r, _mm256_set1_pd(A[4]), _mm256_set1_pd(A[3])), r2,
                                          _mm256_fmadd_pd(r, _mm256_set1_pd(A[2]), _mm256_set1_pd(A[1])));
        const __m256d y = _mm256_add_pd(
            _mm256_fmadd_pd(p, _mm256_mul_pd(r, r2), _mm256_fmadd_pd(r2, _mm256_set1_pd(A[0]), lo)), hi);
        if (redo == 0) {
            _mm256_storeu_pd(out + k, y);
        } else {
            alignas(32) double xs[4], ys[4];
            _mm256_store_pd(xs, xv);  // out may be x
            _mm256_store_pd(ys, y);
            for (int l = 0; l < 4; ++l) out[k + l] = (redo >> l) & 1 ? log_impl<HardFma>(xs[l]) : ys[l];
        }
    }
    for (; k < n; ++k) out[k] = log_impl<HardFma>(x[k]);
}

bool has_fma() {
    __builtin_cpu_init();
    return __builtin_cpu_supports("fma");
}
bool has_avx2_fma() {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}
// Dynamic init; read before it (from another file's static init) they are still false, and the
// portable path gives the same bits.
const bool kHasFma = has_fma();
const bool kHasAvx2Fma = has_avx2_fma();
inline double log_dispatch(double x) { return kHasFma ? log_hard(x) : log_soft(x); }
inline void log_dispatch_n(const double* x, double* out, std::size_t n) {
    if (kHasAvx2Fma) log_avx2_n(x, out, n);
    else if (kHasFma) log_hard_n(x, out, n);
    else log_soft_n(x, out, n);
}
#define TLAB_NP_LOG_IMPL(x) log_dispatch(x)
#define TLAB_NP_LOG_N_IMPL(x, out, n) log_dispatch_n(x, out, n)
#else
#define TLAB_NP_LOG_IMPL(x) log_soft(x)
#define TLAB_NP_LOG_N_IMPL(x, out, n) log_soft_n(x, out, n)
#endif

}  // namespace

double np_log(double x) { return TLAB_NP_LOG_IMPL(x); }

double np_log_portable(double x) { return log_soft(x); }

void np_log_n(const double* x, double* out, std::size_t n) { TLAB_NP_LOG_N_IMPL(x, out, n); }

}  // namespace tlab
