// svml_rcp.hpp — the AVX-512 steps SVML's log and pow kernels start with, in plain C++:
// VGETMANTPD/VGETEXPPD (x = 2^e m, exactly) and VRCP14PD followed by VRNDSCALEPD to 5 fraction
// bits (an approximate 1/m rounded to a multiple of 1/32, which picks the table row).
//
// VRCP14PD's result is specified only to 2^-14, but what the kernels keep of it is decided by
// which multiple of 1/32 it rounds to. On this CPU, enumerated over every input: the result
// depends only on the top 22 bits of m's fraction, and the rounded value steps down by 1/32 at
// the fraction prefixes below (monotonic). So a lookup of the prefix among those thresholds gives
// the instruction pair's result exactly.
#pragma once

#include <cstdint>

#include "fp_bits.hpp"

namespace tlab::svml {

// m in [1, 2) (VGETMANTPD imm 0x8): RN_{1/32}(VRCP14PD(m)) = k/32, k = 32 - (number of
// thresholds <= m's 22-bit fraction prefix).
constexpr std::uint32_t kRcpThresholds1To2[16] = {
    0x0103c0, 0x0325c0, 0x056d00, 0x07dc00, 0x0a7980, 0x0d48c0, 0x1050c0, 0x1397c0,
    0x172640, 0x1b0540, 0x1f41c0, 0x23e700, 0x290680, 0x2eb400, 0x350700, 0x3c2000,
};
// m in [1/2, 1) (VGETMANTPD imm 0xa): k = 64 - (number of thresholds <= the prefix).
constexpr std::uint32_t kRcpThresholdsHalfTo1[32] = {
    0x008180, 0x0189c0, 0x029a80, 0x03b400, 0x04d740, 0x0603c0, 0x073c80, 0x087f40,
    0x09cd80, 0x0b27c0, 0x0c9000, 0x0e0480, 0x0f8940, 0x111b80, 0x12bf80, 0x147480,
    0x163bc0, 0x1815c0, 0x1a05c0, 0x1c0b40, 0x1e2940, 0x206080, 0x22b340, 0x252280,
    0x27b2c0, 0x2a63c0, 0x2d3a40, 0x303800, 0x336200, 0x36b980, 0x3a4540, 0x3e08c0,
};

// RN_{1/32}(VRCP14PD(m)) for m's fraction prefix among `count` thresholds, k_max/32 at prefix 0.
template <std::size_t N>
double rcp14_round32(double m, const std::uint32_t (&thresholds)[N], int k_max) {
    const std::uint32_t prefix = static_cast<std::uint32_t>((fp::bits(m) >> 30) & 0x3fffff);
    int k = k_max;
    for (std::uint32_t t : thresholds) k -= prefix >= t;
    return k * 0x1p-5;
}

// For finite x != 0: e = floor(log2 |x|) and |x| = 2^e m with m in [1, 2) (VGETEXPPD, and
// VGETMANTPD with imm 0x8 for positive x); subnormals normalized.
inline double mantissa_1_2(std::uint64_t ix, int* e) {
    ix &= 0x7fffffffffffffff;
    int exponent = static_cast<int>(ix >> 52);
    std::uint64_t fraction = ix & 0x000fffffffffffff;
    if (exponent == 0) {  // subnormal: shift the leading 1 into the implicit bit
        exponent = 1;
        while (!(fraction & 0x0010000000000000)) {
            fraction <<= 1;
            --exponent;
        }
        fraction &= 0x000fffffffffffff;
    }
    *e = exponent - 1023;
    return fp::from_bits(0x3ff0000000000000 | fraction);
}

}  // namespace tlab::svml
