// simd.hpp — the few vector helpers the hot loops share (nprandom.cpp, np_log.cpp): GCC/Clang
// vector-extension types of 128 bits (SSE2 natively, simd128 in wasm), loads and stores, a bit
// cast, a square root, and kept().
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__) && !defined(__EMSCRIPTEN__)
#include <emmintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"  // always inlined: no ABI to change
#endif

namespace tlab::simd {

using U32x4 = std::uint32_t __attribute__((vector_size(16)));
using I32x4 = std::int32_t __attribute__((vector_size(16)));
using F32x4 = float __attribute__((vector_size(16)));
using F64x2 = double __attribute__((vector_size(16)));
using U64x2 = std::uint64_t __attribute__((vector_size(16)));
using I64x2 = std::int64_t __attribute__((vector_size(16)));

template <class V, class T>
inline V load(const T* p) {
    V v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
template <class T, class V>
inline void store(T* p, V v) { std::memcpy(p, &v, sizeof v); }

template <class To, class From>
inline To bitcast(From v) {
    static_assert(sizeof(To) == sizeof(From), "a bit cast keeps the size");
    To t;
    std::memcpy(&t, &v, sizeof t);
    return t;
}

// Lane-wise IEEE square root (the vector extensions have no operator for it).
inline F64x2 sqrt(F64x2 v) {
#if defined(__SSE2__) && !defined(__EMSCRIPTEN__)
    return bitcast<F64x2>(_mm_sqrt_pd(bitcast<__m128d>(v)));
#elif defined(__wasm_simd128__)
    return bitcast<F64x2>(wasm_f64x2_sqrt(bitcast<v128_t>(v)));
#else
    return F64x2{std::sqrt(v[0]), std::sqrt(v[1])};
#endif
}

// A loop's vector constant, built once before the loop and kept in a register. In wasm, V8's
// optimizing compiler (as in Chromium 156) rebuilds a v128.const at every use, and LLVM and
// Binaryen put constants back at their uses: in the log's loop that cost ~30% of its time in
// Chromium (node 20's V8 did not). A round trip through a volatile stack slot (once per call)
// hides the value from both. Natively it costs two moves per call.
template <class V>
__attribute__((always_inline)) inline V kept(V v) {
    volatile V slot = v;
    return slot;
}
inline F64x2 kept(double x) { return kept(F64x2{x, x}); }
inline U64x2 kept(std::uint64_t x) { return kept(U64x2{x, x}); }
inline U32x4 kept(std::uint32_t x) { return kept(U32x4{x, x, x, x}); }
inline I32x4 kept(std::int32_t x) { return kept(I32x4{x, x, x, x}); }

}  // namespace tlab::simd

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
