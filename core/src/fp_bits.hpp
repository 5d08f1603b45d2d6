// fp_bits.hpp — what the math ports share (py_*.cpp, np_ufunc_*.cpp): a double's bits, and the
// fused multiply-add every one of them is written with.
//
// fma is std::fma: correctly rounded on every platform (glibc natively, musl's exact software
// version in WebAssembly, which has no FMA instruction), so each fused operation of glibc's FMA
// build or of an AVX-512 kernel is one call here, with the same bits.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace tlab::fp {

inline std::uint64_t bits(double x) {
    std::uint64_t u;
    std::memcpy(&u, &x, sizeof u);
    return u;
}

inline double from_bits(std::uint64_t u) {
    double x;
    std::memcpy(&x, &u, sizeof x);
    return x;
}

inline double fma(double a, double b, double c) { return std::fma(a, b, c); }

// The top 12 bits (sign and exponent), as glibc's math_config.h has it.
inline std::uint32_t top12(double x) { return static_cast<std::uint32_t>(bits(x) >> 52); }

}  // namespace tlab::fp
