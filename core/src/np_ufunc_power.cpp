// np_ufunc_power.cpp — np.power for float64 exactly as NumPy 1.24 computes it on AVX512_SKX CPUs
// (np.power(a, b), a ** b with array operands, a ** x for the exponents without a shortcut): a
// scalar transcription of Intel SVML's __svml_pow8 ("la") and of its scalar callout
// __svml_dpow_cout_rare_internal. Plain C++, so the WebAssembly build gives the same bits.
//
// Vector path (x positive and not infinite or NaN, y finite): log2 x = e + log2 r^-1 + log2(1 + t)
// with r from VRCP14PD (svml_rcp.hpp) and t = r m - 1, in double-double with a 32-entry table;
// P = y log2 x rounded toward zero; 2^P = 2^n 2^(j/16) 2^g with a 16-entry table and a degree-6
// polynomial. Some of its instructions round toward zero or down instead of to nearest: they are
// emulated exactly below. Lanes with other x or y, or |P| > 1021.5, go to the callout, a
// high-accuracy scalar pow (three table lookups for the log, 2^(j/128) for the exp) in plain SSE2
// arithmetic, which also settles every special case and raises the exceptions NumPy reports.
// Constants and tables are the bit patterns the installed _multiarray_umath .so holds (numpy/SVML
// linux/avx512/svml_z0_pow_d_la.s); 2^(j/128)'s leading parts are glibc's (exp_table.hpp).
// Algorithm and constants: Copyright (C) 2021 Intel Corporation, SPDX-License-Identifier:
// BSD-3-Clause.
#include <cmath>
#include <cstdint>

#include "exp_table.hpp"
#include "fp_bits.hpp"
#include "svml_rcp.hpp"
#include "tlab/npmath.hpp"

namespace tlab {
namespace {

using fp::bits;
using fp::fma;
using fp::from_bits;

double c(std::uint64_t b) { return from_bits(b); }

// ---- Directed roundings (AVX-512 embedded rounding), exact on every platform -------------------

// The next double toward zero / toward -inf from a finite v.
double toward_zero(double v) { return v == 0.0 ? v : from_bits(bits(v) - 1); }
double next_down(double v) {
    if (v > 0.0) return from_bits(bits(v) - 1);
    if (v == 0.0) return -0x1p-1074;
    return from_bits(bits(v) + 1);
}

// RZ(a + b) and RD(a + b): the sum's exact error by TwoSum decides.
double add_error(double a, double b, double s) {
    const double bb = s - a;
    return (a - (s - bb)) + (b - bb);
}
double add_rd(double a, double b) {
    const double s = a + b;
    if (!std::isfinite(s)) return s;
    return add_error(a, b, s) < 0.0 ? next_down(s) : s;
}

// RZ(a * b), subnormal results included.
double mul_rz(double a, double b) {
    const double p = a * b;
    if (std::isinf(p) && std::isfinite(a) && std::isfinite(b)) return std::copysign(0x1.fffffffffffffp+1023, p);
    if (!std::isfinite(p) || a == 0.0 || b == 0.0) return p;
    if (std::fabs(p) >= 0x1p-960) {  // the product's error fma(a, b, -p) is exact
        const double e = fma(a, b, -p);
        return e != 0.0 && (e < 0.0) != (p < 0.0) ? toward_zero(p) : p;
    }
    // Tiny: the exact product is (ps + es) 2^-600 with ps, es doubles.
    const double as = a * 0x1p600, ps = as * b, es = fma(as, b, -ps);
    const double zs = es != 0.0 && (es < 0.0) != (ps < 0.0) ? toward_zero(ps) : ps;  // RZ(ps + es)
    if (std::fabs(zs) >= 0x1p-422) return zs * 0x1p-600;  // a normal result: exact scaling
    if (std::fabs(ps) < 0x1p-475) return std::copysign(0.0, p);  // below 2^-1074
    // Subnormal: truncate (ps + es) 2^474 = wh + wl to an integer count of 2^-1074.
    const double wh = ps * 0x1p474, wl = es * 0x1p474;
    double t = std::trunc(wh);
    if (t == wh && wl != 0.0 && (wl < 0.0) != (wh < 0.0)) t -= std::copysign(1.0, wh);
    return t == 0.0 ? std::copysign(0.0, p) : t * 0x1p-1074;
}

// RZ(a * b + c) when nothing underflows or overflows: the sign of the exact residual of the
// round-to-nearest result comes from Boldo and Muller's ErrFma (IEEE TC 60(2), 2011), which
// splits a*b + c - RN(a*b + c) exactly into r2 + r3 with |r3| <= ulp(r2)/2.
double fma_rz(double a, double b, double c) {
    const double r1 = fma(a, b, c);
    if (!std::isfinite(r1) || r1 == 0.0) return r1;
    const double u1 = a * b, u2 = fma(a, b, -u1);
    const double alpha1 = c + u2, z = add_error(c, u2, alpha1);
    const double beta1 = u1 + alpha1, beta2 = add_error(u1, alpha1, beta1);
    const double gamma = (beta1 - r1) + beta2;
    const double r2 = gamma + z;
    return r2 != 0.0 && (r2 < 0.0) != (r1 < 0.0) ? toward_zero(r1) : r1;
}

// VREDUCEPD imm 0x41: x - floor(16 x)/16, the subtraction rounded down too.
double reduce_rd16(double x) {
    const double f = std::floor(x * 16.0) * 0.0625;
    return add_rd(x, -f);
}

// ---- The vector path's tables and constants ----------------------------------------------------

// Per r = 1 + k/32 (k = 0..31; r = 2 takes k = 0): -log2(r), and -log2(r/2) for r >= 1.5 (the
// exponent then keeps its value instead of taking 1 more), as hi + lo.
constexpr std::uint64_t kLogHi[32] = {
    0x0000000000000000, 0xbfa6bad3758e0000, 0xbfb663f6fac90000, 0xbfc08c588cda8000,
    0xbfc5c01a39fc0000, 0xbfcacf5e2db50000, 0xbfcfbc16b9028000, 0xbfd24407ab0e0000,
    0xbfd49a784bcd0000, 0xbfd6e221cd9d0000, 0xbfd91bba891f0000, 0xbfdb47ebf7388000,
    0xbfdd6753e0330000, 0xbfdf7a8568cb0000, 0xbfe0c10500d64000, 0xbfe1bf311e95e000,
    0x3fda8ff971810000, 0x3fd8a8980abfc000, 0x3fd6cb0f6865c000, 0x3fd4f6fbb2cec000,
    0x3fd32bfee3710000, 0x3fd169c053640000, 0x3fcf5fd8a9060000, 0x3fcbfc67a8000000,
    0x3fc8a8980abf8000, 0x3fc563dc29ff8000, 0x3fc22dadc2ab0000, 0x3fbe0b1ae8f30000,
    0x3fb7d60496d00000, 0x3fb1bb32a6000000, 0x3fa77394c9da0000, 0x3f9743ee86200000,
};
constexpr std::uint64_t kLogLo[32] = {
    0x0000000000000000, 0xbd5fb0e626c0de13, 0xbd33167ccc538261, 0x3d2871a7610e40bd,
    0x3d54bc302ffa76fb, 0x3d436c101ee13440, 0x3d47f5dc57266758, 0xbd3ce60916e52e91,
    0xbd5b8afe492bf6ff, 0xbd49bcaf1aa4168a, 0xbd5708b4b2b5056c, 0xbd250520a377c7ec,
    0x3d55f101c141e670, 0xbd3b3b3864c60011, 0x3d45669df6a2b592, 0x3d5fe43895d8ac46,
    0x3d44bc302ffa76fb, 0xbd266cccab240e90, 0x3d41d406db502403, 0x3d3661e393a16b95,
    0xbd51979a5db68722, 0xbd4d4f1b95e0ff45, 0x3d5f1a4847f7b278, 0xbd3667f21fa8423f,
    0x3d5e9933354dbf17, 0x3d56590643906f2a, 0x3d5a4b69691d7994, 0xbd054cda62d3926e,
    0xbd512ce6312ebb82, 0x3d552743318a8a57, 0xbd54e55443478fe0, 0xbd495539356f93dc,
};
// 2^(j/16).
constexpr std::uint64_t kExp2By16[16] = {
    0x3ff0000000000000, 0x3ff0b5586cf9890f, 0x3ff172b83c7d517b, 0x3ff2387a6e756238,
    0x3ff306fe0a31b715, 0x3ff3dea64c123422, 0x3ff4bfdad5362a27, 0x3ff5ab07dd485429,
    0x3ff6a09e667f3bcd, 0x3ff7a11473eb0187, 0x3ff8ace5422aa0db, 0x3ff9c49182a3f090,
    0x3ffae89f995ad3ad, 0x3ffc199bdd85529c, 0x3ffd5818dcfba487, 0x3ffea4afa2a490da,
};
// log2(1 + t) = t log2(e) - t^2 log2(e)/2 + t^3 (C3 + C4 t + ... + C8 t^5) + t (a tiny constant).
constexpr std::uint64_t kL2E = 0x3ff71547652b82fe, kL2ELo = 0x3c7777f3ee5e912f;
constexpr std::uint64_t kMinusHalfL2E = 0xbfe71547652b82fe, kL2ETail = 0x3c636b5ddffe5b67;
constexpr std::uint64_t kC2 = 0x3fdec709dc3a03fc, kC3 = 0xbfd71547652bc9ea, kC4 = 0x3fd2776c50f03272;
constexpr std::uint64_t kC5 = 0xbfcec709bc8fb8df, kC6 = 0x3fca6175fca19d03, kC7 = 0xbfc717e59a559f5d;
constexpr std::uint64_t kC8 = 0x3fc48799f5374b96;
// 2^g = 1 + g (E0 + E1 g + ... + E5 g^5); the shifter that rounds P down to a 1/16 grid and
// carries its integer part, biased by 1023, in the low bits.
constexpr std::uint64_t kE0 = 0x3fe62e42fefa398b, kE1 = 0x3fcebfbdff84554d, kE2 = 0x3fac6b08d4ad8eb9;
constexpr std::uint64_t kE3 = 0x3f83b2ad1b14ebaa, kE4 = 0x3f55d7472783d279, kE5 = 0x3f24a1d7f58c2d59;
constexpr std::uint64_t kShifter = 0x42f8000000003ff0;

// ---- The callout's tables ------------------------------------------------------------------------

// log2 m in three table steps: m c1 c2 c3 ~ log2(e) (c3 carries the factor), and k + sum of
// -log2(ci) as hi + lo pairs.
constexpr std::uint64_t kC1[33] = {
    0x3ff0000000000000, 0x3fef07c000000000, 0x3fee1e0000000000, 0x3fed41c000000000,
    0x3fec71c000000000, 0x3febad0000000000, 0x3feaf28000000000, 0x3fea41c000000000,
    0x3fe9998000000000, 0x3fe8f9c000000000, 0x3fe8618000000000, 0x3fe7d04000000000,
    0x3fe745c000000000, 0x3fe6c18000000000, 0x3fe642c000000000, 0x3fe5c98000000000,
    0x3fe5554000000000, 0x3fe4e60000000000, 0x3fe47b0000000000, 0x3fe4140000000000,
    0x3fe3b14000000000, 0x3fe3520000000000, 0x3fe2f68000000000, 0x3fe29e4000000000,
    0x3fe2494000000000, 0x3fe1f70000000000, 0x3fe1a7c000000000, 0x3fe15b0000000000,
    0x3fe1110000000000, 0x3fe0c98000000000, 0x3fe0844000000000, 0x3fe0410000000000,
    0x3fe0000000000000,
};
constexpr std::uint64_t kC1Log[66] = {
    0x0000000000000000, 0x0000000000000000, 0x3fa6bb01a01f0000, 0x3d3c995e7439db71,
    0x3fb665684ff80000, 0x3d3084f28da93fb0, 0x3fc08cd7820ec000, 0x3d3543c511b40207,
    0x3fc5c04864906000, 0x3d28c5d47e5f3668, 0x3fcacf30032be000, 0x3d2e3733debf9166,
    0x3fcfbc44e396e000, 0x3d47b3f928665438, 0x3fd243a590d2b000, 0x3d3c9b75e8e9d45d,
    0x3fd49ad4a118d000, 0x3d45cd377302cca6, 0x3fd6e22792ef1000, 0x3d314f240e7e9039,
    0x3fd91bd19e695000, 0x3d4dbb3ee4f6c667, 0x3fdb4865273ed000, 0x3d4ab54a099e1f61,
    0x3fdd679920231000, 0x3d18ed5096e87504, 0x3fdf7a349e747000, 0x3d4a6e7081d99120,
    0x3fe0c11650cf0000, 0x3d461752eb1152a5, 0x3fe1bf426e8e9800, 0x3d376aff6c055f56,
    0xbfda8f9d1c354000, 0xbd4604f54f4f9854, 0xbfd8a9228a043000, 0xbd49bc20cf8dd884,
    0xbfd6cb99e7aa4000, 0xbd412b5ad5a7002b, 0xbfd4f69f5d830000, 0xbd38f36dd24bae46,
    0xbfd32c15f8b57000, 0xbd0d6ee2e01d9232, 0xbfd16935d34fb000, 0xbd2151c6348d84a5,
    0xbfcf5faa7e71a000, 0xbd3d157620c552c2, 0xbfcbfc5c1d5be000, 0xbd2784900e42b538,
    0xbfc8a9ad0948a000, 0xbd4c89ba64f25a56, 0xbfc563adff6b0000, 0xbd4d0837079422c3,
    0xbfc22df302746000, 0xbd3048e3c2505d3d, 0xbfbe089492ee4000, 0xbd405589fcd57f87,
    0xbfb7d49341a08000, 0xbd4eeef8bcf7aa55, 0xbfb1bc75cf5a4000, 0xbd4d7db2139e8397,
    0xbfa778fdc1828000, 0xbd34378af2af5333, 0xbf97427d317a0000, 0xbd4700f14b03b094,
    0x0000000000000000, 0x0000000000000000,
};
constexpr std::uint64_t kC2Tab[33] = {
    0x3ff0000000000000, 0x3feff00000000000, 0x3fefe00000000000, 0x3fefd04000000000,
    0x3fefc08000000000, 0x3fefb0c000000000, 0x3fefa10000000000, 0x3fef918000000000,
    0x3fef820000000000, 0x3fef728000000000, 0x3fef630000000000, 0x3fef53c000000000,
    0x3fef448000000000, 0x3fef354000000000, 0x3fef260000000000, 0x3ff0454000000000,
    0x3ff0410000000000, 0x3ff03d0000000000, 0x3ff038c000000000, 0x3ff034c000000000,
    0x3ff0308000000000, 0x3ff02c8000000000, 0x3ff0288000000000, 0x3ff0244000000000,
    0x3ff0204000000000, 0x3ff01c4000000000, 0x3ff0184000000000, 0x3ff0140000000000,
    0x3ff0100000000000, 0x3ff00c0000000000, 0x3ff0080000000000, 0x3ff0040000000000,
    0x3ff0000000000000,
};
constexpr std::uint64_t kC2Log[66] = {
    0x0000000000000000, 0x0000000000000000, 0x3f671b0ea4280000, 0x3d497f689876ef47,
    0x3f7720d9c0680000, 0x3d441af53778c7cc, 0x3f8145c68a7a0000, 0x3d44bdd19ac06488,
    0x3f86fdf461d20000, 0x3d3c9efc46d9f6f7, 0x3f8cb8f9355c0000, 0x3d3275c9adfbb459,
    0x3f913b6bec350000, 0x3d0f25b44fc32adb, 0x3f9410167b760000, 0x3d3f880ca8ed5317,
    0x3f96e625317a0000, 0x3d453f0e645614db, 0x3f99bd996d010000, 0x3d2cd686341a2dab,
    0x3f9c96748ed00000, 0x3d4ef88d66d10b04, 0x3f9f64edd4200000, 0x3d4511c3828828da,
    0x3fa11a6297920000, 0x3d4d925cd7d436d6, 0x3fa282fdfad70000, 0x3d49eee0a58b8d6e,
    0x3fa3ec49bfc20000, 0x3d4deac32e0e0086, 0xbf98c49331230000, 0xbd49ad075efcabfa,
    0xbf97427d317a0000, 0xbd4700f14b03b094, 0xbf95d6c0ee910000, 0xbd4a5115535202a3,
    0xbf9453e6adb60000, 0xbd415a44e102f731, 0xbf92e77157080000, 0xbd4c7ed85ee9ad86,
    0xbf9163d20d100000, 0xbd46e8b9664fe33f, 0xbf8fed45cbcc0000, 0xbd37f33943464056,
    0xbf8d1232c5ea0000, 0xbd17cf34b0bdc8df, 0xbf8a08a828680000, 0xbd35a529f02b9ccf,
    0xbf872c1f4cf00000, 0xbd2b4934580fe573, 0xbf844ee0a6f20000, 0xbd24c8cbff314317,
    0xbf8170ebdc1c0000, 0xbd447db02cc5232f, 0xbf7cc89f97d40000, 0xbd43ac9c90330e7b,
    0xbf7709c46d780000, 0xbd4563ba56cde925, 0xbf71497accf40000, 0xbd4f08e7ddd3e770,
    0xbf670f83ff080000, 0xbd33ab2631d4676d, 0xbf57126537400000, 0xbd2fa2a0fd4fca1d,
    0x0000000000000000, 0x0000000000000000,
};
constexpr std::uint64_t kC3Tab[129] = {
    0x3ff7154740000000, 0x3ff7151900000000, 0x3ff714eb00000000, 0x3ff714bcc0000000,
    0x3ff7148e80000000, 0x3ff7146080000000, 0x3ff7143240000000, 0x3ff7140440000000,
    0x3ff713d600000000, 0x3ff713a7c0000000, 0x3ff71379c0000000, 0x3ff7134b80000000,
    0x3ff7131d80000000, 0x3ff712ef40000000, 0x3ff712c140000000, 0x3ff7129300000000,
    0x3ff7126500000000, 0x3ff71236c0000000, 0x3ff71208c0000000, 0x3ff711da80000000,
    0x3ff711ac80000000, 0x3ff7117e80000000, 0x3ff7115040000000, 0x3ff7112240000000,
    0x3ff710f400000000, 0x3ff710c600000000, 0x3ff7109800000000, 0x3ff71069c0000000,
    0x3ff7103bc0000000, 0x3ff7100d80000000, 0x3ff70fdf80000000, 0x3ff70fb180000000,
    0x3ff70f8340000000, 0x3ff70f5540000000, 0x3ff70f2740000000, 0x3ff70ef940000000,
    0x3ff70ecb00000000, 0x3ff70e9d00000000, 0x3ff70e6f00000000, 0x3ff70e4100000000,
    0x3ff70e12c0000000, 0x3ff70de4c0000000, 0x3ff70db6c0000000, 0x3ff70d88c0000000,
    0x3ff70d5ac0000000, 0x3ff70d2c80000000, 0x3ff70cfe80000000, 0x3ff70cd080000000,
    0x3ff70ca280000000, 0x3ff70c7480000000, 0x3ff70c4680000000, 0x3ff70c1880000000,
    0x3ff70bea80000000, 0x3ff70bbc80000000, 0x3ff70b8e40000000, 0x3ff70b6040000000,
    0x3ff70b3240000000, 0x3ff70b0440000000, 0x3ff70ad640000000, 0x3ff70aa840000000,
    0x3ff70a7a40000000, 0x3ff71b5380000000, 0x3ff71b3c40000000, 0x3ff71b2540000000,
    0x3ff71b0e00000000, 0x3ff71af700000000, 0x3ff71adfc0000000, 0x3ff71ac8c0000000,
    0x3ff71ab180000000, 0x3ff71a9a80000000, 0x3ff71a8340000000, 0x3ff71a6c40000000,
    0x3ff71a5500000000, 0x3ff71a3e00000000, 0x3ff71a26c0000000, 0x3ff71a0fc0000000,
    0x3ff719f880000000, 0x3ff719e180000000, 0x3ff719ca40000000, 0x3ff719b340000000,
    0x3ff7199c00000000, 0x3ff7198500000000, 0x3ff7196dc0000000, 0x3ff71956c0000000,
    0x3ff7193f80000000, 0x3ff7192880000000, 0x3ff7191140000000, 0x3ff718fa40000000,
    0x3ff718e340000000, 0x3ff718cc00000000, 0x3ff718b500000000, 0x3ff7189dc0000000,
    0x3ff71886c0000000, 0x3ff7186f80000000, 0x3ff7185880000000, 0x3ff7184180000000,
    0x3ff7182a40000000, 0x3ff7181340000000, 0x3ff717fc00000000, 0x3ff717e500000000,
    0x3ff717cdc0000000, 0x3ff717b6c0000000, 0x3ff7179fc0000000, 0x3ff7178880000000,
    0x3ff7177180000000, 0x3ff7175a40000000, 0x3ff7174340000000, 0x3ff7172c40000000,
    0x3ff7171500000000, 0x3ff716fe00000000, 0x3ff716e6c0000000, 0x3ff716cfc0000000,
    0x3ff716b8c0000000, 0x3ff716a180000000, 0x3ff7168a80000000, 0x3ff7167380000000,
    0x3ff7165c40000000, 0x3ff7164540000000, 0x3ff7162e00000000, 0x3ff7161700000000,
    0x3ff7160000000000, 0x3ff715e8c0000000, 0x3ff715d1c0000000, 0x3ff715bac0000000,
    0x3ff715a380000000, 0x3ff7158c80000000, 0x3ff7157580000000, 0x3ff7155e40000000,
    0x3ff7154740000000,
};
constexpr std::uint64_t kC3Log[258] = {
    0x0000000000000000, 0x0000000000000000, 0x3f07201750000000, 0x3d099925641f4f36,
    0x3f17102e3b000000, 0x3d120082c162d124, 0x3f2150340c800000, 0x3d441ee709125ff4,
    0x3f27185c92000000, 0x3ceecd1c8babf46f, 0x3f2cd8905d000000, 0x3d3bee60f0bbf0cf,
    0x3f315067ff400000, 0x3d3fdbdf8a9648dd, 0x3f34308d63400000, 0x3d3681cbaee1b670,
    0x3f3714b8c2800000, 0x3d4102e6bf3d153e, 0x3f39f8e9ed400000, 0x3d365ef233794abc,
    0x3f3cd92093400000, 0x3d4fdf0b3d384508, 0x3f3fbd5d4d400000, 0x3d19a166782c348a,
    0x3f414ecfb9400000, 0x3d48aba039dde07f, 0x3f42c0f3dde00000, 0x3d435f8a9d5fd823,
    0x3f44311ab0600000, 0x3d47963a12458bec, 0x3f45a3449ce00000, 0x3d47e1512c8c13fd,
    0x3f4713712f600000, 0x3d48d0becb0bd4fa, 0x3f4885a0e4000000, 0x3d39db21dce1a474,
    0x3f49f5d336a00000, 0x3d48916655660916, 0x3f4b6808b3800000, 0x3d3d7958c862a7d0,
    0x3f4cd840c6800000, 0x3d4312bad43b70f4, 0x3f4e487bb7c00000, 0x3d46363f975e2c41,
    0x3f4fbab9df600000, 0x3d224e63850fc6c3, 0x3f50957d48a00000, 0x3d25689617a21aa6,
    0x3f514e9f40c00000, 0x3d32ae5fa4582824, 0x3f5206c27a100000, 0x3d45c3f884b0fd57,
    0x3f52bee722a00000, 0x3d4a525c4aad1649, 0x3f53780d70800000, 0x3d1deb18275071de,
    0x3f543034f9900000, 0x3d48eae4d5d75fb6, 0x3f54e95e2c000000, 0x3d3728c5c1291b85,
    0x3f55a18895b00000, 0x3d4f699aabecf0d7, 0x3f5659b46ed00000, 0x3d22ed258f2d1fa9,
    0x3f5712e1f7400000, 0x3d3445ef8b30e580, 0x3f57cb10b1100000, 0x3d431d52dc75fac6,
    0x3f588340da500000, 0x3d3ffbcba135bd69, 0x3f593b7273000000, 0x3d3871002d63e5db,
    0x3f59f4a5c3200000, 0x3d45afdd1c0bb062, 0x3f5aacda3cc00000, 0x3d41914fdcd040ae,
    0x3f5b651025e00000, 0x3d3e7387db245b1f, 0x3f5c1d477e800000, 0x3d4a1e1b593d6b3f,
    0x3f5cd68096c00000, 0x3cea7d5ccc31fc26, 0x3f5d8ebad0800000, 0x3d2befbc762a3069,
    0x3f5e46f679d00000, 0x3d4d39ff952be02c, 0x3f5eff3392d00000, 0x3d3d34373b1a1cb4,
    0x3f5fb7721b700000, 0x3d2a49f257218470, 0x3f60385936d80000, 0x3d43adb6602ba3b5,
    0x3f609479ebd00000, 0x3d4a60560591ee13, 0x3f60f09b58a80000, 0x3d343eec4faff44b,
    0x3f614cbd7d580000, 0x3d3cc4c6130df139, 0x3f61a8e059e80000, 0x3d42a0ad9380107f,
    0x3f620503ee600000, 0x3d12915ab9035a2a, 0x3f6261283ab80000, 0x3d31dded20caaca3,
    0x3f62bd4d3ef80000, 0x3d41ef6e281079c7, 0x3f631972fb280000, 0x3d31986b6b98497f,
    0x3f637619a5400000, 0x3d4c369791f2b430, 0x3f63d240d2500000, 0x3d40eca7ce1c0762,
    0x3f642e68b7500000, 0x3d45fa86073b1e2e, 0x3f648a9154480000, 0x3d46d9e905a622fd,
    0x3f64e6baa9380000, 0x3d4f04cc4b55a072, 0x3f6542e4b6280000, 0x3d49f57016094e0e,
    0x3f659f0f7b180000, 0x3d432659616cf239, 0xbf582dd569800000, 0xbd3ab5413ed708f7,
    0xbf57d0ed91900000, 0xbd4135c67b358e46, 0xbf5775051b300000, 0xbcfef3c0f6ed6fde,
    0xbf57181c89400000, 0xbd46a4555af7807f, 0xbf56bc335ae00000, 0xbd452637919c892d,
    0xbf565f4a0f000000, 0xbd46d380806e8ed0, 0xbf56036028a00000, 0xbd4e545efedc7d6b,
    0xbf55a67622d00000, 0xbd28c45afdab27bc, 0xbf554a8b84700000, 0xbd40efc094f1d540,
    0xbf54eda0c4900000, 0xbd492aa16e5d7e55, 0xbf5491b56e400000, 0xbd065c31ae3a4995,
    0xbf5434c9f4600000, 0xbd20b59190b30c51, 0xbf53d8dde6000000, 0xbd208e1f5c64292c,
    0xbf537bf1b2100000, 0xbd4ba65df606f2e6, 0xbf532004ebb00000, 0xbd3b2bd51a593ca0,
    0xbf52c317fdc00000, 0xbd440246f5360f7d, 0xbf52672a7f500000, 0xbd4229817bbfca47,
    0xbf520a3cd7600000, 0xbd0ad92acf30f123, 0xbf51ae4ea0e00000, 0xbd292a75693830ad,
    0xbf5151603ed00000, 0xbd49146ee0391426, 0xbf50f57150400000, 0xbd4e654957002344,
    0xbf50988234300000, 0xbd3d45878f311f09, 0xbf503c928d900000, 0xbd3dca9628fe4ea6,
    0xbf4fbf456ec00000, 0xbd46c4340f0a4c7f, 0xbf4f0764b1600000, 0xbd386c454f8f13f5,
    0xbf4e4d8390e00000, 0xbd2790734f099d6a, 0xbf4d95a163400000, 0xbd3586152bf804ac,
    0xbf4cddbe7e800000, 0xbd43f2dceda75e42, 0xbf4c23db30a00000, 0xbd4ef6f7d23862d0,
    0xbf4b6bf6dbc00000, 0xbd3de7d12300f78c, 0xbf4ab21219a00000, 0xbd4d3c99bb645928,
    0xbf49fa2c54800000, 0xbd3c87d4adf18185, 0xbf4940461e200000, 0xbd49fe5a1a0618b0,
    0xbf48885ee8c00000, 0xbd2934a5aaeef6a6, 0xbf47d076fc200000, 0xbd39cfc0ecbb5462,
    0xbf47168e98600000, 0xbd36f34ebfa1c16b, 0xbf465ea53b800000, 0xbd22ed1c9088ca01,
    0xbf45a4bb63600000, 0xbd4233202d6de9b5, 0xbf44ecd096200000, 0xbd48587110d84808,
    0xbf4432e549c00000, 0xbd3dc6145992900a, 0xbf437af90c200000, 0xbd4c28b1f611f4f2,
    0xbf42c30c17600000, 0xbd49b47212496da4, 0xbf42091e9d800000, 0xbd22545fb07b63e5,
    0xbf41513038600000, 0xbcf3fc746b4daa19, 0xbf4097414a000000, 0xbd2819ad9f7943ac,
    0xbf3fbea2e8c00000, 0xbd4acc9205018f01, 0xbf3e4ec1cf400000, 0xbd48b0285decad9c,
    0xbf3cdadf97400000, 0xbd4ca2dd63115207, 0xbf3b6afb9d000000, 0xbd354003a7fc9363,
    0xbf39f7167c000000, 0xbd4a8ae0407a7831, 0xbf38872fa0c00000, 0xbd42dd8b91a8939d,
    0xbf37174757000000, 0xbd3a49252f243d55, 0xbf35a35ddac00000, 0xbd2741df22a2581b,
    0xbf343372b0000000, 0xbd0cab753c22e0d2, 0xbf32c38616800000, 0xbd4b6e115fc1d4dd,
    0xbf314f983ec00000, 0xbd3f929a97121e28, 0xbf2fbf5189000000, 0xbd13ea1e806fdbda,
    0xbf2cd77007000000, 0xbd370eb151e95ecb, 0xbf29f78b50000000, 0xbd418759ff247507,
    0xbf2717a3bc000000, 0xbd3c0d6bc6c6f140, 0xbf242fb982800000, 0xbd4cf2efb8d3c162,
    0xbf214fcc2c800000, 0xbd206ce312cfe97e, 0xbf1cdfb7f1000000, 0xbd4d77341056af68,
    0xbf170fd210000000, 0xbd24caa429329aef, 0xbf114fe624000000, 0xbcf284c306b71311,
    0xbf071fe8fa000000, 0xbd33bb0cdd98569a, 0xbef6fff4ac000000, 0xbd4d54d70b7407c7,
    0x0000000000000000, 0x0000000000000000,
};
// 2^(j/128) = hi + kExpLo[j], hi being glibc's scale (exp_table.hpp).
constexpr std::uint64_t kExpLo[128] = {
    0x0000000000000000, 0x3c9b61299ab8cdb7, 0xbc719083535b085d, 0xbc90a31c1977c96e,
    0x3c8d73e2a475b465, 0xbc8c91dfe2b13c26, 0x3c6186be4bb284ff, 0x3c91487818316135,
    0x3c98a62e4adc610a, 0x3c901edc16e24f71, 0x3c403a1727c57b52, 0xbc6b9bedc44ebd7b,
    0xbc96c51039449b39, 0xbc51b514b36ca5c7, 0xbc932fbf9af1369e, 0x3c82406ab9eeab09,
    0xbc819041b9d78a75, 0xbc911023d1970f6b, 0x3c8e5b4c7b4968e4, 0xbc995386352ef607,
    0x3c9e016e00a2643c, 0xbc91df98027bb78b, 0x3c8dc775814a8494, 0x3c82a97e9494a5ed,
    0x3c99b07eb6c70572, 0x3c8ac155bef4f4a4, 0x3c82bd339940e9d9, 0xbc9a4c3a8c3f0d7d,
    0x3c8612e8afad1255, 0xbc410adcd6381aa3, 0x3c90024754db41d4, 0x3c71ca0f45d52383,
    0x3c86f46ad23182e4, 0x3c8a9ce78e18047c, 0x3c932721843659a5, 0xbc8b5cee5c4e4628,
    0xbc963aeabf42eae1, 0xbc9e958d3c9904bc, 0xbc75e436d661f5e2, 0xbc9efff8375d29c3,
    0x3c8ada0911f09ebb, 0xbc97d023f956f9f3, 0xbc5ef3691c309278, 0xbc81c7dde35f7998,
    0x3c489b7a04ef80cf, 0x3c9c944bd1648a76, 0x3c73c1a3b69062f0, 0x3c99cb62f3d1be56,
    0x3c7d4397afec42e2, 0x3c98ecdbbc6a7833, 0xbc94b309d25957e3, 0xbc8f768569bd93ee,
    0xbc807abe1db13cac, 0xbc8d689cefede59a, 0x3c99bb2c011d93ac, 0x3c8295e15b9a1de7,
    0x3c96324c054647ac, 0x3c3c4b1b816986a2, 0x3c9ba6f93080e65d, 0xbc93e2429b56de47,
    0xbc9383c17e40b496, 0xbc8c483c759d8932, 0xbc9bb60987591c33, 0x3c6038ae44f73e64,
    0xbc9bdd3413b26455, 0xbc72895667ff0b0c, 0xbc6bbe3a683c88aa, 0xbc883c0f25860ef6,
    0xbc816e4786887a99, 0xbc90a8d96c65d53b, 0xbc90245957316dd3, 0x3c9866b80a02162c,
    0xbc841577ee04992f, 0x3c9f124cd1164dd5, 0x3c705d02ba15797e, 0xbc927c86626d972a,
    0xbc9d4c1dd41532d7, 0xbc88d684a341cdfb, 0xbc9fc6f89bd4f6ba, 0x3c9994c2f37cb53a,
    0x3c96e9f156864b26, 0xbc70d55e32e9e3aa, 0x3c85cc13a2e3976c, 0xbc9dd6792e582523,
    0xbc675fc781b57ebb, 0xbc764b7c96a5f039, 0xbc9d185b7c1b85d0, 0xbc9173bd91cee632,
    0x3c7c7c46b071f2be, 0x3c7824ca78e64c6e, 0xbc9359495d1cd532, 0x3c96305c7ddc36ab,
    0xbc9d2f6edb8d41e1, 0x3c9bcb7ecac563c6, 0x3c90fac90ef7fd31, 0xbc8f9234cae76cd0,
    0x3c97a1cd345dcc81, 0xbc9bdef54c80e424, 0xbc62805e3084d707, 0xbc9c71dfbbba6de3,
    0xbc75584f7e54ac3a, 0xbc9efcd30e54292e, 0x3c823dd07a2d9e84, 0xbc9efdca3f6b9c72,
    0x3c811065895048dd, 0x3c9b4537e083c60a, 0x3c92884dff483cac, 0x3c71acbc48805c44,
    0x3c7503cbd1e949db, 0xbc8dd83b53829d72, 0xbc9cbc3743797a9c, 0xbc9d487b719d8577,
    0x3c82ed02d75b3706, 0xbc911ec18beddfe8, 0x3c9c2300696db532, 0x3c92da5778f018c2,
    0xbc91a5cd4f184b5b, 0xbc97b627817a1496, 0x3c839e8980a9cc8f, 0x3c92d522ca0c8de1,
    0xbc9e9c23179c2893, 0xbc9c93f3b411ad8c, 0x3c9dc7f486a4b6b0, 0x3c93a1a5bf0d8e43,
    0x3c99d3e12dd8a18a, 0xbc9dbb12d0063509, 0x3c874853f3a5931e, 0x3c62eb74966579e7,
};
constexpr double kSplit = 134217729.0;  // 2^27 + 1
constexpr double kL2EHi = 0x1.7154740000000p+0;
constexpr double kLogPoly[4] = {-0x1.550472a9012d8p-4, 0x1.47fd462b6dee1p-3, -0x1.62e4346694107p-2,
                                0x1.9c3a6966457e8p-24};
constexpr double kExpPoly[5] = {0x1.5d87fe78a6731p-10, 0x1.3b2ab6fba4e77p-7, 0x1.c6b08d704a0c0p-5,
                                0x1.ebfbdff82c58fp-3, 0x1.62e42fefa39efp-1};
constexpr double kShift128 = 0x1.8p45;  // rounds to a 1/128 grid

double exp_hi(int j) { return from_bits(fp::kExpTab[2 * j + 1] + (static_cast<std::uint64_t>(j) << 45)); }
std::uint32_t high_word(double x) { return static_cast<std::uint32_t>(bits(x) >> 32); }
double with_exponent(double x, std::uint32_t biased) {
    return from_bits((bits(x) & 0x800fffffffffffff) | (static_cast<std::uint64_t>(biased & 0x7ff) << 52));
}

// 0 if y is not an integer, 1 if odd, 2 if even (the callout's own test; infinities and NaN: 0).
int integer_kind(double y) {
    const std::uint64_t iy = bits(y) & 0x7fffffffffffffff;
    if (iy == 0) return 2;
    const int ey = static_cast<int>(iy >> 52);
    if (ey < 0x3ff || ey == 0x7ff) return 0;
    const int e = ey - 0x3ff;
    if (e >= 53) return 2;
    const std::uint64_t frac_mask = (std::uint64_t{1} << (52 - e)) - 1;
    if (iy & frac_mask) return 0;
    return (iy >> (52 - e)) & 1 ? 1 : 2;
}

// __svml_dpow_cout_rare_internal.
double pow_callout(double x0, double y0, unsigned& flags) {
    const bool x_snan = std::isnan(x0) && !(bits(x0) & 0x0008000000000000);
    const bool y_snan = std::isnan(y0) && !(bits(y0) & 0x0008000000000000);
    if (x_snan || y_snan) flags |= kFpInvalid;  // x * 1.0, y * 1.0
    const double x = x0 * 1.0, y = y0 * 1.0;
    const int ex = static_cast<int>(bits(x) >> 52) & 0x7ff, ey = static_cast<int>(bits(y) >> 52) & 0x7ff;
    const bool sx = bits(x) >> 63, sy = bits(y) >> 63;
    const bool y_zero = (bits(y) & 0x7fffffffffffffff) == 0;
    const int yint = integer_kind(y);
    const double sign = (yint & sx) != 0 ? -1.0 : 1.0;  // (odd integer y) and negative x

    if (x == 1.0 || y_zero) return 1.0;  // copysign(1, x + y)^2: x + y is NaN-safe here
    if (std::isnan(x) || std::isnan(y)) return x + y;
    if (x == 0.0) {  // 0 ** y
        if (sy) {
            flags |= kFpDivideByZero;
            return sign / (x * x);
        }
        return sign * (x * x);
    }
    const bool x_inf = ex == 0x7ff, y_inf = ey == 0x7ff;
    if (x == -1.0 && (yint != 0 || y_inf)) return yint == 1 ? -1.0 : 1.0;
    if (x_inf || y_inf) {
        if (ex < 0x3ff) return sy ? y * y : 0.0;  // |x| < 1, y = +-inf
        if (sy) return 0.0 * sign;
        const double xx = x * x;
        if (std::isinf(xx) && !x_inf) flags |= kFpOverflow;  // x * x overflows
        return xx * y * sign;
    }
    if (!(x > 0.0) && yint == 0) {  // negative ** non-integer: 0/0
        flags |= kFpInvalid;
        return from_bits(0xfff8000000000000);
    }

    // |x|^y for finite x != 0, +-1 and finite y != 0.
    double ax = std::fabs(x);
    int k_bias = 0;
    if (ex == 0) {
        ax *= 0x1p200;
        k_bias = -200;
    }
    const std::uint32_t hw = high_word(ax);
    const double m = from_bits((bits(ax) & 0x000fffffffffffff) | 0x3ff0000000000000);
    const int k = (static_cast<std::int32_t>(hw - 0x3fe7c000) >> 20) + k_bias;
    const int i1 = static_cast<int>(((high_word(m) & 0xfc000) + 0x4000) >> 15);
    const double c1 = c(kC1[i1]);
    const double u1 = c1 * m;
    double kk = static_cast<double>(k) + c(kC1Log[2 * i1]);
    const double ms = kSplit * m;
    const int i2 = static_cast<int>(((high_word(u1) & 0xfc00) + 0x400) >> 11);
    const double md = ms - m;
    const double c2 = c(kC2Tab[i2]);
    const double u2 = u1 * c2;
    kk = kk + c(kC2Log[2 * i2]);
    const double c12 = c1 * c2;
    const double mh = ms - md;
    const int i3 = static_cast<int>(((high_word(u2) & 0xff0) + 0x10) >> 5);
    const double c3 = c(kC3Tab[i3]);
    const double cc = c12 * c3;
    const double ml = m - mh;
    kk = kk + c(kC3Log[2 * i3]);
    const double u3 = u2 * c3;
    const double cs = kSplit * cc;
    const double r0 = u3 - kL2EHi;
    const double cd = cs - cc;
    const double ch = cs - cd;
    const double cl = cc - ch;
    double err = mh * ch - u3;
    err = err + ch * ml;
    const double s = kk + r0;
    err = err + mh * cl;
    err = err + ml * cl;
    const double slo = (kk - s) + r0;
    const int e_sum = (static_cast<int>(bits(s) >> 52) & 0x7ff) + ey;
    if (e_sum >= 0x809) {  // |y log2 x| far beyond the range
        if (sy == static_cast<bool>(bits(s) >> 63)) {  // (2^1023)^2
            flags |= kFpOverflow;
            return HUGE_VAL * sign;
        }
        return 0.0 * sign;  // (2^-1022)^2
    }
    if (e_sum <= 0x7c0) return sign;  // |y log2 x| tiny: (1 + 2^-1022) * sign

    const double r = r0 + err;
    const double lo23 = c(kC2Log[2 * i2 + 1]) + c(kC3Log[2 * i3 + 1]);
    const double err_slo = err + slo;
    double p = kLogPoly[0] * r;
    double lo = c(kC1Log[2 * i1 + 1]) + lo23;
    p = p + kLogPoly[1];
    lo = lo + err_slo;
    p = p * r;
    p = p + kLogPoly[2];
    p = p * r;
    p = p + kLogPoly[3];
    p = p * r;
    const double h = s + p;
    const double hlo1 = (s - h) + p;
    const double h2 = lo + h;
    const double l2 = (h - h2) + lo;
    const double h2s = h2 * kSplit;
    const double lsum = l2 + hlo1;
    const double h2d = h2s - h2;
    const double ly = lsum * y;
    const double ys = y * kSplit;
    const double h2h = h2s - h2d;
    const double h2l = h2 - h2h;
    const double yd = ys - y;
    const double yh = ys - yd;
    const double yl = y - yh;
    const double phh = yh * h2h;
    double pl = yh * h2l;
    const double sp = kShift128 + phh;
    pl = pl + h2l * yl;
    pl = pl + h2h * yl;
    pl = pl + ly;
    const double n128 = sp - kShift128;
    const double f0 = phh - n128;
    const std::int32_t low = static_cast<std::int32_t>(static_cast<std::uint32_t>(bits(sp)));
    const int j = low & 0x7f, n = low >> 7;
    const double f = f0 + pl;
    const double a = exp_hi(j);
    double q = kExpPoly[0] * f;
    q = q + kExpPoly[1];
    q = q * f;
    q = q + kExpPoly[2];
    q = q * f;
    q = q + kExpPoly[3];
    q = q * f;
    q = q + kExpPoly[4];
    q = q * f;
    q = q * a;
    q = q + c(kExpLo[j]);
    const double rv = q + a;
    const int e_final = n + (static_cast<int>(bits(rv) >> 52) & 0x7ff) - 0x3ff;
    if (e_final >= 0x400) {
        flags |= kFpOverflow;
        return HUGE_VAL * sign;
    }
    if (e_final >= -1022) return with_exponent(rv, static_cast<std::uint32_t>(e_final + 0x3ff)) * sign;
    const double scale = from_bits(static_cast<std::uint64_t>((n + 0x4c7) & 0x7ff) << 52);  // 2^(n + 200)
    if (e_final >= -1032) {  // subnormal: the result's two parts scaled separately
        const double d1 = a - rv;
        const double rlo = q + d1;
        const double rs = rv * kSplit;
        const double rd = rs - rv;
        const double rh = rs - rd;
        const double rl = rv - rh;
        double t12 = rl + rlo;
        const double t11 = rh * scale;
        t12 = t12 * scale;
        t12 = t12 + t11;
        return sign * 0x1p-200 * t12 + 0.0;  // + (2^-1022)^2, which is 0
    }
    if (e_final >= -1084) return sign * 0x1p-200 * (rv * scale) - 0.0;
    return 0.0 * sign;  // (2^-1022)^2 * sign
}

// SVML's pow as NumPy runs it on AVX512_SKX CPUs.
double svml_power(double x, double y, unsigned& flags) {
    const std::uint64_t ix = bits(x);
    // VFPCLASSPD: x other than a positive normal or subnormal number, y infinite or NaN.
    const bool x_special = (ix >> 63) || ix == 0 || (ix >> 52) == 0x7ff;
    const bool y_special = ((bits(y) >> 52) & 0x7ff) == 0x7ff;
    if (x_special || y_special) return pow_callout(x, y, flags);

    // VGETMANTPD (imm 0xa: [1/2, 1)), VGETEXPPD: x = 2^(e+1) m.
    int e;
    const double m = svml::mantissa_1_2(ix, &e) * 0.5;
    const double r = svml::rcp14_round32(m, svml::kRcpThresholdsHalfTo1, 64);  // in [1, 2]
    const double t = fma(r, m, -1.0);
    double pa = fma(t, c(kC8), c(kC7));
    const int idx = static_cast<int>((bits(r) >> 47) & 31);
    const double e1 = r < 1.5 ? e + 1.0 : e;
    const double t2 = t * t;
    const double pb = fma(t, c(kC6), c(kC5));
    const double h0 = c(kLogHi[idx]) + e1;
    pa = fma(t2, pa, pb);
    const double pc = fma(t, c(kC4), c(kC3));
    pa = fma(t2, pa, pc);
    double lo = fma(t, t, -t2);
    lo = fma(c(kMinusHalfL2E), lo, c(kLogLo[idx]));
    const double pd = fma(t, c(kC2), c(kL2ETail));
    const double h1 = fma(t, c(kL2E), h0);
    pa = fma(t2, pa, pd);
    double d1 = h1 - h0;
    lo = fma(pa, t2, lo);
    d1 = fma(t, c(kL2E), -d1);
    const double h2 = fma(t2, c(kMinusHalfL2E), h1);
    double e1b = fma(c(kL2ELo), t, d1);
    const double log2x = h2 + lo;
    const double d2 = h2 - h1;
    const double big_p = mul_rz(log2x, y);
    const double d2e = fma(c(kMinusHalfL2E), t2, -d2);
    const double d3 = log2x - h2;
    const double pe = fma_rz(y, log2x, -big_p);
    const double lo_err = lo - d3;
    e1b = e1b + d2e;
    const double log2x_lo = lo_err + e1b;
    const double n = add_rd(big_p, c(kShifter));
    const double f = reduce_rd16(big_p);
    const double p_lo = fma_rz(y, log2x_lo, pe);
    double g = f + p_lo;
    if (!(std::fabs(big_p) <= 1021.5)) return pow_callout(x, y, flags);
    g = from_bits(bits(g) & 0xbfffffffffffffff);
    const double t16 = c(kExp2By16[bits(n) & 15]);
    const double g2 = g * g;
    const double gt = g * t16;
    const double ea = fma(g, c(kE5), c(kE4));
    const double eb = fma(g, c(kE3), c(kE2));
    const double ec = fma(g, c(kE1), c(kE0));
    const double scale = from_bits((bits(n) << 48) & 0x7ff0000000000000);
    double z = fma(g2, ea, eb);
    z = fma(g2, z, ec);
    return fma(gt, z, t16) * scale;
}

}  // namespace

double np_ufunc_power(double x, double y, unsigned& flags) {
    const double svml = svml_power(x, y, flags);
    // NumPy without AVX512_SKX calls the C library's pow; the exceptions are the same.
    return numpy_cpu() == NumpyCpu::baseline ? std::pow(x, y) : svml;
}

}  // namespace tlab
