// np.exp for float64 exactly as NumPy 1.24 computes it on AVX512_SKX CPUs: a scalar
// transcription of Intel SVML's __svml_exp8 ("la"), one operation per vector instruction.
// Plain C++ (std::fma, no intrinsics), so the WebAssembly build gives the same bits.
#include <cmath>
#include <cstdint>
#include <cstring>

#include "tlab/npmath.hpp"

namespace tlab {
namespace {

double from_bits(std::uint64_t bits) {
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
}

std::uint64_t to_bits(double d) {
    std::uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    return bits;
}

// NumPy 1.24 on an AVX512_SKX machine computes float64 exp with Intel SVML's __svml_exp8 ("la"
// accuracy), from the numpy/SVML repository, file linux/avx512/svml_z0_exp_d_la.s. The tables
// and constants below are the bit patterns of that file's __svml_dexp_data_internal_avx512 and
// _imldExpHATab (identical in the installed _multiarray_umath .so). Mathematically:
//   kExp2By16[j]    = RN(2^(j/16))
//   kExp2By64[j][0] = hi = RN(2^(j/64)),  kExp2By64[j][1] = RN((2^(j/64) - hi) / hi)
// The first drives the vector main path, the second only the scalar special-case ("callout")
// routine that SVML runs on lanes with |x| >= 707.70.
constexpr std::uint64_t kExp2By16[16] = {
    0x3FF0000000000000, 0x3FF0B5586CF9890F, 0x3FF172B83C7D517B, 0x3FF2387A6E756238,
    0x3FF306FE0A31B715, 0x3FF3DEA64C123422, 0x3FF4BFDAD5362A27, 0x3FF5AB07DD485429,
    0x3FF6A09E667F3BCD, 0x3FF7A11473EB0187, 0x3FF8ACE5422AA0DB, 0x3FF9C49182A3F090,
    0x3FFAE89F995AD3AD, 0x3FFC199BDD85529C, 0x3FFD5818DCFBA487, 0x3FFEA4AFA2A490DA,
};
constexpr std::uint64_t kExp2By64[64][2] = {
    {0x3FF0000000000000, 0x0000000000000000}, {0x3FF02C9A3E778061, 0xBC7160139CD8DC5D},
    {0x3FF059B0D3158574, 0x3C8CD2523567F613}, {0x3FF0874518759BC8, 0x3C60F74E61E6C861},
    {0x3FF0B5586CF9890F, 0x3C979AA65D837B6D}, {0x3FF0E3EC32D3D1A2, 0x3C3EBE3D702F9CD1},
    {0x3FF11301D0125B51, 0xBC9556522A2FBD0E}, {0x3FF1429AAEA92DE0, 0xBC91C923B9D5F416},
    {0x3FF172B83C7D517B, 0xBC801B15EAA59348}, {0x3FF1A35BEB6FCB75, 0x3C8B898C3F1353BF},
    {0x3FF1D4873168B9AA, 0x3C9AECF73E3A2F60}, {0x3FF2063B88628CD6, 0x3C8A6F4144A6C38D},
    {0x3FF2387A6E756238, 0x3C968EFDE3A8A894}, {0x3FF26B4565E27CDD, 0x3C80472B981FE7F2},
    {0x3FF29E9DF51FDEE1, 0x3C82F7E16D09AB31}, {0x3FF2D285A6E4030B, 0x3C8B3782720C0AB4},
    {0x3FF306FE0A31B715, 0x3C834D754DB0ABB6}, {0x3FF33C08B26416FF, 0x3C8FDD395DD3F84A},
    {0x3FF371A7373AA9CB, 0xBC924AEDCC4B5068}, {0x3FF3A7DB34E59FF7, 0xBC71D1E83E9436D2},
    {0x3FF3DEA64C123422, 0x3C859F48A72A4C6D}, {0x3FF4160A21F72E2A, 0xBC58A78F4817895B},
    {0x3FF44E086061892D, 0x3C4363ED60C2AC11}, {0x3FF486A2B5C13CD0, 0x3C6ECCE1DAA10379},
    {0x3FF4BFDAD5362A27, 0x3C7690CEBB7AAFB0}, {0x3FF4F9B2769D2CA7, 0xBC8F94340071A38E},
    {0x3FF5342B569D4F82, 0xBC78DEC6BD0F385F}, {0x3FF56F4736B527DA, 0x3C93350518FDD78E},
    {0x3FF5AB07DD485429, 0x3C9063E1E21C5409}, {0x3FF5E76F15AD2148, 0x3C9432E62B64C035},
    {0x3FF6247EB03A5585, 0xBC8C33C53BEF4DA8}, {0x3FF6623882552225, 0xBC93CEDD78565858},
    {0x3FF6A09E667F3BCD, 0xBC93B3EFBF5E2228}, {0x3FF6DFB23C651A2F, 0xBC6367EFB86DA9EE},
    {0x3FF71F75E8EC5F74, 0xBC781F647E5A3ECF}, {0x3FF75FEB564267C9, 0xBC8619321E55E68A},
    {0x3FF7A11473EB0187, 0xBC7B32DCB94DA51D}, {0x3FF7E2F336CF4E62, 0x3C65EBE1ABD66C55},
    {0x3FF82589994CCE13, 0xBC9369B6F13B3734}, {0x3FF868D99B4492ED, 0xBC94D450D872576E},
    {0x3FF8ACE5422AA0DB, 0x3C8DB72FC1F0EAB4}, {0x3FF8F1AE99157736, 0x3C7BF68359F35F44},
    {0x3FF93737B0CDC5E5, 0xBC5DA9B88B6C1E29}, {0x3FF97D829FDE4E50, 0xBC92434322F4F9AA},
    {0x3FF9C49182A3F090, 0x3C71AFFC2B91CE27}, {0x3FFA0C667B5DE565, 0xBC87C50422622263},
    {0x3FFA5503B23E255D, 0xBC91BBD1D3BCBB15}, {0x3FFA9E6B5579FDBF, 0x3C8469846E735AB3},
    {0x3FFAE89F995AD3AD, 0x3C8C1A7792CB3387}, {0x3FFB33A2B84F15FB, 0xBC55C3D956DCAEBA},
    {0x3FFB7F76F2FB5E47, 0xBC68D6F438AD9334}, {0x3FFBCC1E904BC1D2, 0x3C74FFD70A5FDDCD},
    {0x3FFC199BDD85529C, 0x3C736EAE30AF0CB3}, {0x3FFC67F12E57D14B, 0x3C84E08FD10959AC},
    {0x3FFCB720DCEF9069, 0x3C676B2C6C921968}, {0x3FFD072D4A07897C, 0xBC8FAD5D3FFFFA6F},
    {0x3FFD5818DCFBA487, 0x3C74A385A63D07A7}, {0x3FFDA9E603DB3285, 0x3C8E5A50D5C192AC},
    {0x3FFDFC97337B9B5F, 0xBC82D52107B43E1F}, {0x3FFE502EE78B3FF6, 0x3C74B604603A88D3},
    {0x3FFEA4AFA2A490DA, 0xBC8FF7128FD391F0}, {0x3FFEFA1BEE615A27, 0x3C8EC3BC41AA2008},
    {0x3FFF50765B6E4540, 0x3C8A64A931D185EE}, {0x3FFFA7C1819E90D8, 0x3C77893B4D91CD9D},
};

// Main-path constants (__svml_dexp_data_internal_avx512).
constexpr std::uint64_t kLog2eBits = 0x3FF71547652B82FE;     // log2(e)
constexpr std::uint64_t kShifterBits = 0x42F8000000003FF0;   // 1.5 * 2^48 + 1023
constexpr std::uint64_t kLn2HiBits = 0x3FE62E42FEFA39EF;     // ln 2, leading part
constexpr std::uint64_t kLn2LoBits = 0x3C7ABC9E3B39803F;     // ln 2 - kLn2Hi
constexpr std::uint64_t kC2Bits = 0x3FE0000000002622;        // exp(r) - 1 ~ r + c2 r^2 + ... + c6 r^6
constexpr std::uint64_t kC3Bits = 0x3FC5555554B508A2;
constexpr std::uint64_t kC4Bits = 0x3FA555564BB4F5F0;
constexpr std::uint64_t kC5Bits = 0x3F81106603D97C00;
constexpr std::uint64_t kC6Bits = 0x3F572EB5EF0D213D;
constexpr std::uint64_t kCalloutBits = 0x40861DA04CBAFE44;   // 707.703...: |x| >= this -> callout

// Round-toward-zero fma(a, b, c) for a positive result, without touching the FP environment
// (not available on WebAssembly): take the round-to-nearest result y and step one ulp down when
// the exact value lies below it. y - c is exact (Sterbenz) here because |a b| is far smaller than
// c, so fma(a, b, -(y - c)) has the sign of the exact residual a b + c - y.
double fma_rz_positive(double a, double b, double c) {
    const double y = std::fma(a, b, c);
    const double residual = std::fma(a, b, -(y - c));
    return residual < 0.0 ? from_bits(to_bits(y) - 1) : y;
}

// SVML's scalar special-case routine (__svml_dexp_cout_rare_internal), reached for |x| >= 707.70
// and for infinities. Plain SSE2 arithmetic: every operation rounds to nearest, no FMA, so each
// line here is one instruction there. 2^(n/64) table, degree-5 polynomial, and explicit
// exponent assembly; results below the normal range are computed scaled by 2^60 and scaled back.
double exp_callout(double x) {
    const std::uint64_t bits = to_bits(x);
    if (((bits >> 52) & 0x7FF) == 0x7FF) {
        if (bits == 0xFFF0000000000000) return 0.0;  // -inf
        return x * x;                                // +inf (NaN never gets here)
    }
    if (x > 0x1.62e42fefa39efp+9) return 0x1.fffffffffffffp+1023 * 0x1.fffffffffffffp+1023;  // +inf
    if (x < -0x1.74910d52d3051p+9) return 0x1.0000000000001p-1022 * 0x1.0000000000001p-1022;  // +0

    const double kd = x * 0x1.71547652b82fep+6 + 0x1.8p52 - 0x1.8p52;  // round(x * 64 / ln 2)
    const int n = static_cast<int>(kd);
    const int j = n & 63;
    const int m = (n - j) / 64;  // floor(n / 64)
    double r = x - kd * 0x1.62e42fefa0000p-7;
    r = r - kd * 0x1.cf79abc9e3b3ap-46;
    double p = 0x1.6c16a1c2a3ffdp-10 * r;
    p = (p + 0x1.111123aaf20d3p-7) * r;
    p = (p + 0x1.5555555558fccp-5) * r;
    p = (p + 0x1.55555555548f8p-3) * r;
    p = (p + 0x1p-1) * r;
    p = p * r + r;
    const double hi = from_bits(kExp2By64[j][0]);
    p = (p + from_bits(kExp2By64[j][1])) * hi;  // 2^(j/64) exp(r) - hi

    if (x >= -0x1.6232bdd7abcd2p+9) {  // normal result: multiply by 2^m built from its exponent
        p = p + hi;
        const unsigned e = static_cast<unsigned>(m + 1023) & 0x7FF;
        if (e <= 2046) return p * from_bits(static_cast<std::uint64_t>(e) << 52);
        return p * 0x1p1023 * 2.0;  // m = 1024
    }
    // Subnormal result: form the value scaled by 2^60, then bring it down.
    const unsigned c = static_cast<unsigned>(m + 1083) & 0x7FF;
    const double scale = from_bits(static_cast<std::uint64_t>(c) << 52);  // 2^(m + 60)
    const double a = p * scale;
    const double b = scale * hi;
    const double s = b + a;
    if (c <= 50) return s * 0x1p-60;
    // Split s so that the final scaling of the leading part is exact, then add the rest.
    const double lo = (b - s) + a;
    const double h = s * 0x1.8p32;
    const double lead = (s + h) - h;
    const double tail = lo + (s - lead);
    return lead * 0x1p-60 + tail * 0x1p-60;
}

}  // namespace

// Scalar transcription of SVML __svml_exp8 for one lane (each vector instruction is one
// operation here, with the same rounding and operand order):
//   N = x log2(e) truncated to a multiple of 1/16 (round-toward-zero FMA against a 1.5*2^48
//   shifter, so N can be 1/16 below the nearest grid point), j = 16 frac(N), M = floor(N),
//   r = x - N ln 2 in two FMA steps (|r| < ln2/16),
//   exp(x) = 2^M * 2^(j/16) * exp(r), exp(r) - 1 by a degree-6 polynomial, and vscalefpd's
//   multiplication by 2^M, exact here because the main path only sees |x| < 707.70.
// Other lanes take SVML's scalar callout. NaN is not routed there (its compare is ordered):
// the vector path returns the input NaN quieted.
static double svml_exp(double x) {
    if (std::isnan(x)) return from_bits(to_bits(x) | 0x0008000000000000);
    if (std::fabs(x) >= from_bits(kCalloutBits)) return exp_callout(x);

    const double shifter = from_bits(kShifterBits);
    const double shifted = fma_rz_positive(x, from_bits(kLog2eBits), shifter);
    const double n = shifted - shifter;  // exact, a multiple of 1/16
    const double th = from_bits(kExp2By16[to_bits(shifted) & 15]);

    double r = std::fma(-n, from_bits(kLn2HiBits), x);
    r = std::fma(-from_bits(kLn2LoBits), n, r);
    r = from_bits(to_bits(r) & 0xBFFFFFFFFFFFFFFF);  // SVML's |r| < 2 guard; a no-op here

    const double r2 = r * r;
    const double p56 = std::fma(from_bits(kC6Bits), r, from_bits(kC5Bits));
    const double p34 = std::fma(from_bits(kC4Bits), r, from_bits(kC3Bits));
    const double r3 = r2 * r;
    const double p12 = std::fma(r2, from_bits(kC2Bits), r);
    double p = std::fma(r2, p56, p34);
    p = std::fma(r3, p, p12);  // exp(r) - 1
    p = std::fma(th, p, th);   // 2^(j/16) exp(r)
    return std::ldexp(p, static_cast<int>(std::floor(n)));
}

// Of the exceptions SVML's exp raises, NumPy reports overflow: its callout overflows exactly when
// the result is infinite for a finite x. (The vector path suppresses all exceptions; underflow,
// which the callout also raises, is not reported by default.)
namespace {
NumpyCpu g_numpy_cpu = NumpyCpu::avx512_skx;
}  // namespace

void set_numpy_cpu(NumpyCpu cpu) { g_numpy_cpu = cpu; }
NumpyCpu numpy_cpu() { return g_numpy_cpu; }

double np_exp(double x) { return g_numpy_cpu == NumpyCpu::baseline ? std::exp(x) : svml_exp(x); }

double np_ufunc_exp(double x, unsigned& flags) {
    const double y = np_exp(x);
    if (std::isinf(y) && std::isfinite(x)) flags |= kFpOverflow;
    return y;
}

}  // namespace tlab
