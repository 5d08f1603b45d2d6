// py_exp_pow.cpp — exp and pow bit for bit as glibc's libm computes them on x86-64 with FMA (what
// CPython's math.exp, float ** float and math.pow, and NumPy's scalar np.float64 ** x call here).
//
// glibc 2.36 picks __ieee754_exp_fma and __ieee754_pow_fma by ifunc on FMA CPUs: the Arm
// optimized-routines exp and pow (also in musl), built with -mfma, where GCC fuses a*b+c into
// FMAs. Emscripten's musl runs the same C without fusing, so some results differ in the last
// bit. Here the algorithm is written with glibc's fusions as fp::fma (read off the disassembly of
// Debian's libm.so.6, one fma per vfmadd), so every platform gives glibc's bits. The tables are
// __exp_data and __pow_log_data from the same library.
// Algorithm and tables: Copyright (c) 2018, Arm Limited, SPDX-License-Identifier: MIT.
#include <cstdint>

#include "exp_table.hpp"
#include "fp_bits.hpp"
#include "tlab/pymath.hpp"

namespace tlab {
namespace {

using fp::bits;
using fp::fma;
using fp::from_bits;
using fp::top12;
constexpr const std::uint64_t (&kTab)[256] = fp::kExpTab;

// __exp_data: exp(x) = 2^(k/128) exp(r); the table is exp_table.hpp's.
constexpr int kExpTableBits = 7;
constexpr double kInvLn2N = 0x1.71547652b82fep+7, kNegLn2hiN = -0x1.62e42fefa0000p-8;
constexpr double kNegLn2loN = -0x1.cf79abc9e3b3ap-47, kShift = 0x1.8p52;
constexpr double kC2 = 0x1.ffffffffffdbdp-2, kC3 = 0x1.555555555543cp-3;
constexpr double kC4 = 0x1.55555cf172b91p-5, kC5 = 0x1.1111167a4d017p-7;

// __pow_log_data: log(x) on [0x1.6955p-1, 0x1.6955p0) in 128 intervals; 1/c = kPowLog[i].j / 256
// exactly, log(c) = logc + logctail.
constexpr std::uint64_t kPowLogOff = 0x3fe6955500000000;
constexpr double kPowLn2hi = 0x1.62e42fefa3800p-1, kPowLn2lo = 0x1.ef35793c76730p-45;
constexpr double kPowA[7] = {-0x1.0000000000000p-1, -0x1.5555555555560p-1, 0x1.0000000000006p-1,
                             0x1.999999959554ep-1,  -0x1.555555529a47ap-1, -0x1.2495b9b4845e9p+0,
                             0x1.0002b8b263fc3p+0};
struct PowLogEntry { std::uint16_t j; double logc, logctail; };
constexpr PowLogEntry kPowLog[128] = {
    {362, -0x1.62c82f2b9c800p-2, 0x1.ab42428375680p-48}, {360, -0x1.5d1bdbf580800p-2, -0x1.ca508d8e0f720p-46},
    {358, -0x1.5767717455800p-2, -0x1.362a4d5b6506dp-45}, {356, -0x1.51aad872df800p-2, -0x1.684e49eb067d5p-49},
    {354, -0x1.4be5f95777800p-2, -0x1.41b6993293ee0p-47}, {352, -0x1.4618bc21c6000p-2, 0x1.3d82f484c84ccp-46},
    {350, -0x1.404308686a800p-2, 0x1.c42f3ed820b3ap-50}, {348, -0x1.3a64c55694800p-2, 0x1.0b1c686519460p-45},
    {346, -0x1.347dd9a988000p-2, 0x1.5594dd4c58092p-45}, {344, -0x1.2e8e2bae12000p-2, 0x1.67b1e99b72bd8p-45},
    {342, -0x1.2895a13de8800p-2, 0x1.5ca14b6cfb03fp-46}, {342, -0x1.2895a13de8800p-2, 0x1.5ca14b6cfb03fp-46},
    {340, -0x1.22941fbcf7800p-2, -0x1.65a242853da76p-46}, {338, -0x1.1c898c1699800p-2, -0x1.fafbc68e75404p-46},
    {336, -0x1.1675cababa800p-2, 0x1.f1fc63382a8f0p-46}, {334, -0x1.1058bf9ae4800p-2, -0x1.6a8c4fd055a66p-45},
    {332, -0x1.0a324e2739000p-2, -0x1.c6bee7ef4030ep-47}, {330, -0x1.0402594b4d000p-2, -0x1.036b89ef42d7fp-48},
    {330, -0x1.0402594b4d000p-2, -0x1.036b89ef42d7fp-48}, {328, -0x1.fb9186d5e4000p-3, 0x1.d572aab993c87p-47},
    {326, -0x1.ef0adcbdc6000p-3, 0x1.b26b79c86af24p-45}, {324, -0x1.e27076e2af000p-3, -0x1.72f4f543fff10p-46},
    {322, -0x1.d5c216b4fc000p-3, 0x1.1ba91bbca681bp-45}, {320, -0x1.c8ff7c79aa000p-3, 0x1.7794f689f8434p-45},
    {320, -0x1.c8ff7c79aa000p-3, 0x1.7794f689f8434p-45}, {318, -0x1.bc286742d9000p-3, 0x1.94eb0318bb78fp-46},
    {316, -0x1.af3c94e80c000p-3, 0x1.a4e633fcd9066p-52}, {314, -0x1.a23bc1fe2b000p-3, -0x1.58c64dc46c1eap-45},
    {314, -0x1.a23bc1fe2b000p-3, -0x1.58c64dc46c1eap-45}, {312, -0x1.9525a9cf45000p-3, -0x1.ad1d904c1d4e3p-45},
    {310, -0x1.87fa06520d000p-3, 0x1.bbdbf7fdbfa09p-45}, {308, -0x1.7ab890210e000p-3, 0x1.bdb9072534a58p-45},
    {308, -0x1.7ab890210e000p-3, 0x1.bdb9072534a58p-45}, {306, -0x1.6d60fe719d000p-3, -0x1.0e46aa3b2e266p-46},
    {304, -0x1.5ff3070a79000p-3, -0x1.e9e439f105039p-46}, {304, -0x1.5ff3070a79000p-3, -0x1.e9e439f105039p-46},
    {302, -0x1.526e5e3a1b000p-3, -0x1.0de8b90075b8fp-45}, {300, -0x1.44d2b6ccb8000p-3, 0x1.70cc16135783cp-46},
    {300, -0x1.44d2b6ccb8000p-3, 0x1.70cc16135783cp-46}, {298, -0x1.371fc201e9000p-3, 0x1.178864d27543ap-48},
    {296, -0x1.29552f81ff000p-3, -0x1.48d301771c408p-45}, {294, -0x1.1b72ad52f6000p-3, -0x1.e80a41811a396p-45},
    {294, -0x1.1b72ad52f6000p-3, -0x1.e80a41811a396p-45}, {292, -0x1.0d77e7cd09000p-3, 0x1.a699688e85bf4p-47},
    {292, -0x1.0d77e7cd09000p-3, 0x1.a699688e85bf4p-47}, {290, -0x1.fec9131dbe000p-4, -0x1.575545ca333f2p-45},
    {288, -0x1.e27076e2b0000p-4, 0x1.a342c2af0003cp-45}, {288, -0x1.e27076e2b0000p-4, 0x1.a342c2af0003cp-45},
    {286, -0x1.c5e548f5bc000p-4, -0x1.d0c57585fbe06p-46}, {284, -0x1.a926d3a4ae000p-4, 0x1.53935e85baac8p-45},
    {284, -0x1.a926d3a4ae000p-4, 0x1.53935e85baac8p-45}, {282, -0x1.8c345d631a000p-4, 0x1.37c294d2f5668p-46},
    {282, -0x1.8c345d631a000p-4, 0x1.37c294d2f5668p-46}, {280, -0x1.6f0d28ae56000p-4, -0x1.69737c93373dap-45},
    {278, -0x1.51b073f062000p-4, 0x1.f025b61c65e57p-46}, {278, -0x1.51b073f062000p-4, 0x1.f025b61c65e57p-46},
    {276, -0x1.341d7961be000p-4, 0x1.c5edaccf913dfp-45}, {276, -0x1.341d7961be000p-4, 0x1.c5edaccf913dfp-45},
    {274, -0x1.16536eea38000p-4, 0x1.47c5e768fa309p-46}, {272, -0x1.f0a30c0118000p-5, 0x1.d599e83368e91p-45},
    {272, -0x1.f0a30c0118000p-5, 0x1.d599e83368e91p-45}, {270, -0x1.b42dd71198000p-5, 0x1.c827ae5d6704cp-46},
    {270, -0x1.b42dd71198000p-5, 0x1.c827ae5d6704cp-46}, {268, -0x1.77458f632c000p-5, -0x1.cfc4634f2a1eep-45},
    {268, -0x1.77458f632c000p-5, -0x1.cfc4634f2a1eep-45}, {266, -0x1.39e87b9fec000p-5, 0x1.502b7f526feaap-48},
    {266, -0x1.39e87b9fec000p-5, 0x1.502b7f526feaap-48}, {264, -0x1.f829b0e780000p-6, -0x1.980267c7e09e4p-45},
    {264, -0x1.f829b0e780000p-6, -0x1.980267c7e09e4p-45}, {262, -0x1.7b91b07d58000p-6, -0x1.88d5493faa639p-45},
    {260, -0x1.fc0a8b0fc0000p-7, -0x1.f1e7cf6d3a69cp-50}, {260, -0x1.fc0a8b0fc0000p-7, -0x1.f1e7cf6d3a69cp-50},
    {258, -0x1.fe02a6b100000p-8, -0x1.9e23f0dda40e4p-46}, {258, -0x1.fe02a6b100000p-8, -0x1.9e23f0dda40e4p-46},
    {256, 0x0.0p+0, 0x0.0p+0}, {256, 0x0.0p+0, 0x0.0p+0},
    {254, 0x1.0101575890000p-7, -0x1.0c76b999d2be8p-46}, {252, 0x1.0205658938000p-6, -0x1.3dc5b06e2f7d2p-45},
    {250, 0x1.8492528c90000p-6, -0x1.aa0ba325a0c34p-45}, {248, 0x1.0415d89e74000p-5, 0x1.111c05cf1d753p-47},
    {246, 0x1.466aed42e0000p-5, -0x1.c167375bdfd28p-45}, {244, 0x1.894aa149fc000p-5, -0x1.97995d05a267dp-46},
    {242, 0x1.ccb73cdddc000p-5, -0x1.a68f247d82807p-46}, {241, 0x1.eea31c006c000p-5, -0x1.e113e4fc93b7bp-47},
    {239, 0x1.1973bd1466000p-4, -0x1.5325d560d9e9bp-45}, {237, 0x1.3bdf5a7d1e000p-4, 0x1.cc85ea5db4ed7p-45},
    {235, 0x1.5e95a4d97a000p-4, -0x1.c69063c5d1d1ep-45}, {234, 0x1.700d30aeac000p-4, 0x1.c1e8da99ded32p-49},
    {232, 0x1.9335e5d594000p-4, 0x1.3115c3abd47dap-45}, {230, 0x1.b6ac88dad6000p-4, -0x1.390802bf768e5p-46},
    {229, 0x1.c885801bc4000p-4, 0x1.646d1c65aacd3p-45}, {227, 0x1.ec739830a2000p-4, -0x1.dc068afe645e0p-45},
    {226, 0x1.fe89139dbe000p-4, -0x1.534d64fa10afdp-45}, {224, 0x1.1178e8227e000p-3, 0x1.1ef78ce2d07f2p-45},
    {223, 0x1.1aa2b7e23f000p-3, 0x1.ca78e44389934p-45}, {221, 0x1.2d1610c868000p-3, 0x1.39d6ccb81b4a1p-47},
    {220, 0x1.365fcb0159000p-3, 0x1.62fa8234b7289p-51}, {218, 0x1.4913d8333b000p-3, 0x1.5837954fdb678p-45},
    {217, 0x1.527e5e4a1b000p-3, 0x1.633e8e5697dc7p-45}, {215, 0x1.6574ebe8c1000p-3, 0x1.9cf8b2c3c2e78p-46},
    {214, 0x1.6f0128b757000p-3, -0x1.5118de59c21e1p-45}, {213, 0x1.7898d85445000p-3, -0x1.c661070914305p-46},
    {211, 0x1.8beafeb390000p-3, -0x1.73d54aae92cd1p-47}, {210, 0x1.95a5adcf70000p-3, 0x1.7f22858a0ff6fp-47},
    {208, 0x1.a93ed3c8ae000p-3, -0x1.8724350562169p-45}, {207, 0x1.b31d8575bd000p-3, -0x1.c358d4eace1aap-47},
    {206, 0x1.bd087383be000p-3, -0x1.d4bc4595412b6p-45}, {205, 0x1.c6ffbc6f01000p-3, -0x1.1ec72c5962bd2p-48},
    {203, 0x1.db13db0d49000p-3, -0x1.aff2af715b035p-45}, {202, 0x1.e530effe71000p-3, 0x1.212276041f430p-51},
    {201, 0x1.ef5ade4dd0000p-3, -0x1.a211565bb8e11p-51}, {200, 0x1.f991c6cb3b000p-3, 0x1.bcbecca0cdf30p-46},
    {198, 0x1.07138604d5800p-2, 0x1.89cdb16ed4e91p-48}, {197, 0x1.0c42d67616000p-2, 0x1.7188b163ceae9p-45},
    {196, 0x1.1178e8227e800p-2, -0x1.c210e63a5f01cp-45}, {195, 0x1.16b5ccbacf800p-2, 0x1.b9acdf7a51681p-45},
    {194, 0x1.1bf99635a6800p-2, 0x1.ca6ed5147bdb7p-45}, {193, 0x1.214456d0eb800p-2, 0x1.a87deba46baeap-47},
    {191, 0x1.2bef07cdc9000p-2, 0x1.a9cfa4a5004f4p-45}, {190, 0x1.314f1e1d36000p-2, -0x1.8e27ad3213cb8p-45},
    {189, 0x1.36b6776be1000p-2, 0x1.16ecdb0f177c8p-46}, {188, 0x1.3c25277333000p-2, 0x1.83b54b606bd5cp-46},
    {187, 0x1.419b423d5e800p-2, 0x1.8e436ec90e09dp-47}, {186, 0x1.4718dc271c800p-2, -0x1.f27ce0967d675p-45},
    {185, 0x1.4c9e09e173000p-2, -0x1.e20891b0ad8a4p-45}, {184, 0x1.522ae0738a000p-2, 0x1.ebe708164c759p-45},
    {183, 0x1.57bf753c8d000p-2, 0x1.fadedee5d40efp-46}, {182, 0x1.5d5bddf596000p-2, -0x1.a0b2a08a465dcp-47},
};

// __math_oflow and __math_uflow: an exponent too large for the result; the product of two
// constants is what raises the flag (overflow; underflow, which is not tracked).
double overflow(bool negative, unsigned* flags) {
    if (flags) *flags |= kFpOverflow;
    return negative ? -HUGE_VAL : HUGE_VAL;
}
double underflow(bool negative) { return negative ? -0.0 : 0.0; }

// exp's and pow's result when the exponent of 2^(k/N) might leave the normal range (glibc's
// specialcase). `negative` is the sign pow's result takes (exp: false). Fused exactly where
// glibc's build fuses: only the k > 0 branch's scale + scale * tmp.
double specialcase(double tmp, std::uint64_t sbits, std::uint64_t ki, unsigned* flags) {
    if ((ki & 0x80000000) == 0) {
        // k > 0: the exponent of scale might have overflowed by <= 460.
        sbits -= 1009ull << 52;
        const double scale = from_bits(sbits);
        const double y = 0x1p1009 * fma(scale, tmp, scale);
        if (std::isinf(y) && flags) *flags |= kFpOverflow;
        return y;
    }
    // k < 0: round y to double precision before scaling it into the subnormal range.
    sbits += 1022ull << 52;
    const double scale = from_bits(sbits);  // signed
    const double st = scale * tmp;
    double y = scale + st;
    if (std::fabs(y) < 1.0) {
        const double one = y < 0.0 ? -1.0 : 1.0;
        double lo = scale - y + st;
        const double hi = one + y;
        lo = one - hi + y + lo;
        y = (hi + lo) - one;
        if (y == 0.0) y = from_bits(sbits & 0x8000000000000000);  // the sign of zero
    }
    return 0x1p-1022 * y;
}

// exp(x + xtail) * (negative ? -1 : 1) with glibc's operation order and fusions; exp itself has
// no xtail (has_tail false: not even a + 0.0, which could change a zero's sign).
double exp_inline(double x, double xtail, bool has_tail, bool negative, unsigned* flags) {
    const std::uint64_t sign_bias = negative ? (0x800 << kExpTableBits) : 0;
    std::uint32_t abstop = top12(x) & 0x7ff;
    if (abstop - top12(0x1p-54) >= top12(512.0) - top12(0x1p-54)) {
        if (abstop - top12(0x1p-54) >= 0x80000000) {
            const double one = 1.0 + x;  // tiny x: no spurious underflow
            return negative ? -one : one;
        }
        if (abstop >= top12(1024.0)) {
            if (bits(x) >> 63) return underflow(negative);
            return overflow(negative, flags);
        }
        abstop = 0;  // large x: special-cased below
    }
    const double kd0 = fma(x, kInvLn2N, kShift);
    const std::uint64_t ki = bits(kd0);
    const double kd = kd0 - kShift;
    double r = fma(kd, kNegLn2loN, fma(kd, kNegLn2hiN, x));
    if (has_tail) r = xtail + r;
    const std::uint64_t idx = 2 * (ki % (1 << kExpTableBits));
    const std::uint64_t top = (ki + sign_bias) << (52 - kExpTableBits);
    const double tail = from_bits(kTab[idx]);
    const std::uint64_t sbits = kTab[idx + 1] + top;
    const double r2 = r * r;
    const double tmp = fma(r2 * r2, fma(r, kC5, kC4), fma(fma(r, kC3, kC2), r2, tail + r));
    if (abstop == 0) return specialcase(tmp, sbits, ki, flags);
    const double scale = from_bits(sbits);
    return fma(scale, tmp, scale);
}

// log(x) = hi + *tail for pow, x given as its bits (subnormals normalized with the exponent
// allowed to go negative).
double pow_log_inline(std::uint64_t ix, double* tail) {
    const std::uint64_t tmp = ix - kPowLogOff;
    const int i = static_cast<int>((tmp >> 45) % 128);
    const int k = static_cast<int>(static_cast<std::int64_t>(tmp) >> 52);
    const double z = from_bits(ix - (tmp & (0xfffULL << 52)));
    const double kd = k;
    const double invc = kPowLog[i].j * 0x1p-8;
    const double logc = kPowLog[i].logc, logctail = kPowLog[i].logctail;
    const double r = fma(z, invc, -1.0);  // exact
    const double t1 = fma(kd, kPowLn2hi, logc);
    const double t2 = t1 + r;
    const double lo1 = fma(kd, kPowLn2lo, logctail);
    const double lo2 = t1 - t2 + r;
    const double ar = kPowA[0] * r;
    const double ar2 = r * ar;
    const double ar3 = r * ar2;
    const double hi = t2 + ar2;
    const double lo3 = fma(ar, r, -ar2);
    const double lo4 = t2 - hi + ar2;
    const double q = fma(ar2, fma(fma(r, kPowA[6], kPowA[5]), ar2, fma(r, kPowA[4], kPowA[3])),
                         fma(r, kPowA[2], kPowA[1]));
    const double lo = fma(ar3, q, lo1 + lo2 + lo3 + lo4);
    const double y = hi + lo;
    *tail = hi - y + lo;
    return y;
}

// 0 if iy (finite, non-zero) is not an integer, 1 if odd, 2 if even.
int checkint(std::uint64_t iy) {
    const int e = iy >> 52 & 0x7ff;
    if (e < 0x3ff) return 0;
    if (e > 0x3ff + 52) return 2;
    if (iy & ((1ULL << (0x3ff + 52 - e)) - 1)) return 0;
    if (iy & (1ULL << (0x3ff + 52 - e))) return 1;
    return 2;
}

bool zeroinfnan(std::uint64_t i) { return 2 * i - 1 >= 2 * bits(HUGE_VAL) - 1; }

bool is_signaling(double x) {
    const std::uint64_t ix = bits(x);
    return (ix & 0x7ff8000000000000) == 0x7ff0000000000000 && (ix & 0x000fffffffffffff) != 0;
}

// NaN + anything: NaN (quiet), invalid only when a signaling NaN is involved.
double nan_sum(double x, double y, unsigned* flags) {
    if ((is_signaling(x) || is_signaling(y)) && flags) *flags |= kFpInvalid;
    return x + y;
}

}  // namespace

double py_exp(double x) {
    const std::uint32_t abstop = top12(x) & 0x7ff;
    if (abstop - top12(0x1p-54) >= top12(512.0) - top12(0x1p-54)) {
        if (abstop - top12(0x1p-54) >= 0x80000000) return 1.0 + x;
        if (abstop >= top12(1024.0)) {
            if (bits(x) == bits(-HUGE_VAL)) return 0.0;
            if (abstop >= top12(HUGE_VAL)) return 1.0 + x;
            if (bits(x) >> 63) return 0.0;
            return HUGE_VAL;
        }
    }
    return exp_inline(x, 0.0, false, false, nullptr);
}

double py_pow(double x, double y, unsigned* flags) {
    bool negative = false;
    std::uint64_t ix = bits(x);
    const std::uint64_t iy = bits(y);
    std::uint32_t topx = top12(x);
    const std::uint32_t topy = top12(y);
    if (topx - 0x001 >= 0x7ff - 0x001 || (topy & 0x7ff) - 0x3be >= 0x43e - 0x3be) {
        // x < 0x1p-1022 or inf or nan; or |y| < 0x1p-65 or |y| >= 0x1p63 or nan.
        if (zeroinfnan(iy)) {
            if (2 * iy == 0) return is_signaling(x) ? nan_sum(x, y, flags) : 1.0;
            if (ix == bits(1.0)) return is_signaling(y) ? nan_sum(x, y, flags) : 1.0;
            if (2 * ix > 2 * bits(HUGE_VAL) || 2 * iy > 2 * bits(HUGE_VAL)) return nan_sum(x, y, flags);
            if (2 * ix == 2 * bits(1.0)) return 1.0;
            if ((2 * ix < 2 * bits(1.0)) == !(iy >> 63)) return 0.0;  // |x|<1 && y==inf or |x|>1 && y==-inf
            return y * y;
        }
        if (zeroinfnan(ix)) {
            if (is_signaling(x) && flags) *flags |= kFpInvalid;  // x * x
            double x2 = x * x;
            if (ix >> 63 && checkint(iy) == 1) {
                x2 = -x2;
                negative = true;
            }
            if (2 * ix == 0 && iy >> 63) {  // __math_divzero
                if (flags) *flags |= kFpDivideByZero;
                return negative ? -HUGE_VAL : HUGE_VAL;
            }
            return iy >> 63 ? 1 / x2 : x2;
        }
        // x and y are non-zero finite.
        if (ix >> 63) {
            const int yint = checkint(iy);
            if (yint == 0) {  // __math_invalid: (x - x) / (x - x)
                if (flags) *flags |= kFpInvalid;
                return (x - x) / (x - x);
            }
            if (yint == 1) negative = true;
            ix &= 0x7fffffffffffffff;
            topx &= 0x7ff;
        }
        if ((topy & 0x7ff) - 0x3be >= 0x43e - 0x3be) {
            if (ix == bits(1.0)) return 1.0;
            if ((topy & 0x7ff) < 0x3be) return ix > bits(1.0) ? 1.0 + y : 1.0 - y;  // |y| < 2^-65
            return (ix > bits(1.0)) == (topy < 0x800) ? overflow(false, flags) : underflow(false);
        }
        if (topx == 0) {  // subnormal x: normalize, letting the exponent go negative
            ix = bits(x * 0x1p52);
            ix &= 0x7fffffffffffffff;
            ix -= 52ULL << 52;
        }
    }
    double lo;
    const double hi = pow_log_inline(ix, &lo);
    const double ehi = y * hi;
    const double elo = fma(y, lo, fma(hi, y, -ehi));
    return exp_inline(ehi, elo, true, negative, flags);
}

}  // namespace tlab
