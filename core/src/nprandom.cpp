// NumPy's legacy RandomState: MT19937 (Matsumoto & Nishimura) plus legacy_gauss.
//
// Speed without changing a bit of output (the golden files pin every draw):
//  - the 624-word state is regenerated in three branch-free loops (the twist's "odd" test is a
//    mask, not a conditional), then tempered in one more loop into a buffer the draws read;
//  - the polar method's rejection loop is not a loop: every attempt left in the tempered state
//    (4 words each) is evaluated at once in a branch-free, vectorized pass, and the accepted ones
//    are listed without a branch (the accept test is a coin toss no predictor learns). Each
//    attempt is scaled by 2^-53 with a multiply, which is exact, instead of NumPy's division by
//    2^53 (same value: a power of two);
//  - the normals of a state's accepted attempts are computed together (one log call), and
//    fill_normal copies whole pairs without consulting the cache per element;
//  - skip_normals only counts accepted attempts (no log/sqrt).
#include "tlab/nprandom.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "tlab/npmath.hpp"
#include "simd.hpp"


namespace tlab {

// Code size for the page (wasm, built by Clang): loops already written as vector code are not
// unrolled again, and scalar loops (tails, one-off passes) are not vectorized, which would add
// a vector body, run-time checks and an epilogue to each. GCC (native) keeps its own choices.
#define TLAB_NOINLINE __attribute__((noinline))
#define TLAB_INLINE __attribute__((always_inline)) inline
#if defined(__clang__)
#define TLAB_PLAIN_LOOP _Pragma("clang loop unroll(disable) interleave_count(1)")
#define TLAB_SCALAR_LOOP _Pragma("clang loop vectorize(disable) unroll(disable)")
#else
#define TLAB_PLAIN_LOOP
#define TLAB_SCALAR_LOOP
#endif

namespace {

constexpr std::uint32_t kUpper = 0x80000000U, kLower = 0x7fffffffU, kMatrixA = 0x9908b0dfU;
constexpr std::uint32_t kTemperB = 0x9d2c5680U, kTemperC = 0xefc60000U;

inline std::uint32_t temper(std::uint32_t y) {
    y ^= (y >> 11);
    y ^= (y << 7) & kTemperB;
    y ^= (y << 15) & kTemperC;
    y ^= (y >> 18);
    return y;
}

inline std::uint32_t twist(std::uint32_t cur, std::uint32_t next, std::uint32_t far) {
    const std::uint32_t y = (cur & kUpper) | (next & kLower);
    return far ^ (y >> 1) ^ ((0U - (y & 1U)) & kMatrixA);
}

// 53-bit double in [0, 1) from two 32-bit draws, as random_standard_uniform: (a*2^26 + b) / 2^53.
inline double uniform53(std::uint32_t a, std::uint32_t b) {
    return (static_cast<double>(static_cast<std::int32_t>(a >> 5)) * 67108864.0 +
            static_cast<double>(static_cast<std::int32_t>(b >> 6))) *
           (1.0 / 9007199254740992.0);
}

// One polar attempt from its four words, exactly as legacy_gauss computes it: x = 2u - 1 with
// u = random_standard_uniform, r^2 = x1^2 + x2^2.
struct Attempt {
    double x1, x2, r2;
};
inline Attempt attempt(std::uint32_t w0, std::uint32_t w1, std::uint32_t w2, std::uint32_t w3) {
    const double a = 2.0 * uniform53(w0, w1) - 1.0;
    const double b = 2.0 * uniform53(w2, w3) - 1.0;
    return {a, b, a * a + b * b};
}
// Whether legacy_gauss accepts it: 0 < r^2 < 1 (r^2 is never negative or NaN here).
inline int accepts(double r2) { return static_cast<int>(r2 < 1.0) & static_cast<int>(r2 > 0.0); }

}  // namespace

void RandomState::reseed(std::uint32_t seed) {
    key_[0] = seed;
    TLAB_SCALAR_LOOP
    for (int k = 1; k < kStateLen; ++k) {
        const std::uint32_t prev = key_[k - 1];
        key_[k] = 1812433253U * (prev ^ (prev >> 30)) + static_cast<std::uint32_t>(k);
    }
    pos_ = kStateLen;
    has_gauss_ = false;
    gauss_ = 0.0;
    drop_attempts();
}

// Natively on x86-64 (GCC), the regeneration is compiled twice, for AVX2 and for the x86-64
// baseline, and the loader picks one for the CPU (integer work: the same bits either way).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__EMSCRIPTEN__)
#define TLAB_MULTIVERSION __attribute__((target_clones("avx2", "default")))
#else
#define TLAB_MULTIVERSION
#endif

// Several words at a time (GCC/Clang vector extensions), each twisted and tempered in the same
// pass: natively 8 (one AVX2 register in the AVX2 clone, two SSE2 ones otherwise), in wasm 4 (one
// simd128 register: the same speed as 8 in two, half the code).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi"  // the helpers below are always inlined: no ABI to change
#endif
#if defined(__EMSCRIPTEN__)
constexpr int kWords = 4;
#else
constexpr int kWords = 8;
#endif
using U32xW = std::uint32_t __attribute__((vector_size(4 * kWords)));
// The twist's and the tempering's constants as vectors, kept() in registers (simd.hpp).
struct MtVectors {
    U32xW upper, lower, matrix_a, one, temper_b, temper_c;
    MtVectors()
        : upper(simd::kept(U32xW{} + kUpper)), lower(simd::kept(U32xW{} + kLower)),
          matrix_a(simd::kept(U32xW{} + kMatrixA)), one(simd::kept(U32xW{} + 1U)),
          temper_b(simd::kept(U32xW{} + kTemperB)), temper_c(simd::kept(U32xW{} + kTemperC)) {}
};
TLAB_INLINE U32xW twist_w(const MtVectors& c, U32xW cur, U32xW next, U32xW far) {
    const U32xW y = (cur & c.upper) | (next & c.lower);
    return far ^ (y >> 1) ^ ((U32xW{} - (y & c.one)) & c.matrix_a);
}
TLAB_INLINE U32xW temper_w(const MtVectors& c, U32xW y) {
    y ^= (y >> 11);
    y ^= (y << 7) & c.temper_b;
    y ^= (y << 15) & c.temper_c;
    y ^= (y >> 18);
    return y;
}

TLAB_MULTIVERSION
void RandomState::regenerate() {
    constexpr int n = kStateLen, m = 397;
    std::uint32_t* key = key_.data();
    std::uint32_t* out = out_.data();
    using simd::load;
    using simd::store;
    const MtVectors c;
    int k = 0;
    // key[k + m] is still the old state here (k + m > k + kWords - 1): read, then overwrite.
    TLAB_PLAIN_LOOP
    for (; k + kWords <= n - m; k += kWords) {
        const U32xW y = twist_w(c, load<U32xW>(key + k), load<U32xW>(key + k + 1), load<U32xW>(key + k + m));
        store(key + k, y);
        store(out + k, temper_w(c, y));
    }
    TLAB_SCALAR_LOOP
    for (; k < n - m; ++k) out[k] = temper(key[k] = twist(key[k], key[k + 1], key[k + m]));
    // Now key[k + m - n] is the new state, written at least n - m > kWords words earlier.
    TLAB_PLAIN_LOOP
    for (; k + kWords <= n - 1; k += kWords) {
        const U32xW y = twist_w(c, load<U32xW>(key + k), load<U32xW>(key + k + 1), load<U32xW>(key + k + m - n));
        store(key + k, y);
        store(out + k, temper_w(c, y));
    }
    // n - 1 - (n - m) = 396 words: no remainder with 4, 4 with 8.
    if (kWords == 8) {
        TLAB_SCALAR_LOOP
        for (; k < n - 1; ++k) out[k] = temper(key[k] = twist(key[k], key[k + 1], key[k + m - n]));
    }
    out[n - 1] = temper(key[n - 1] = twist(key[n - 1], key[0], key[m - 1]));
    pos_ = 0;
}

std::uint32_t RandomState::next_word() {
    if (pos_ == kStateLen) regenerate();
    return out_[pos_++];
}

std::uint32_t RandomState::next_uint32() {
    drop_attempts();
    return next_word();
}

double RandomState::next_double() {
    const std::uint32_t a = next_uint32();
    const std::uint32_t b = next_uint32();
    return uniform53(a, b);
}

namespace {

using simd::F32x4;
using simd::F64x2;
using simd::I32x4;
using simd::I64x2;
using simd::U32x4;
using simd::kept;

// x1, x2 and r^2 of `count` polar attempts, attempt j from words w[4j .. 4j+3] (see attempt()),
// and ok[j] = accepts(r^2). No branch. Natively the compiler vectorizes it (SSE2, AVX2 in the clone). In wasm, two
// attempts at a time written out: their 8 words in two loads, the shifted halves regrouped by two
// shuffles, four int32 -> double conversions (left to itself, Clang loads every word separately
// to deinterleave them); each lane is the same IEEE operations as uniform53 and legacy_gauss.
TLAB_MULTIVERSION
void polar_attempts(const std::uint32_t* w, int count, double* x1, double* x2, double* r2,
                    std::int64_t* ok) {
    using simd::load;
    using simd::store;
    int j = 0;
#if defined(__wasm_simd128__)
    const F64x2 two26 = kept(67108864.0), two_m53 = kept(1.0 / 9007199254740992.0);
    const F64x2 two = kept(2.0), one = kept(1.0), zero = kept(0.0);
    const I64x2 one_i = kept(I64x2{1, 1});
    TLAB_PLAIN_LOOP
    for (; j + 2 <= count; j += 2) {
        const U32x4 v0 = load<U32x4>(w + 4 * j), v1 = load<U32x4>(w + 4 * j + 4);
        const U32x4 h0 = v0 >> 5, h1 = v1 >> 5, l0 = v0 >> 6, l1 = v1 >> 6;
        const I32x4 ac = reinterpret_cast<I32x4>(__builtin_shufflevector(h0, h1, 0, 4, 2, 6));
        const I32x4 bd = reinterpret_cast<I32x4>(__builtin_shufflevector(l0, l1, 1, 5, 3, 7));
        const F64x2 a = __builtin_convertvector(__builtin_shufflevector(ac, ac, 0, 1), F64x2);
        const F64x2 c = __builtin_convertvector(__builtin_shufflevector(ac, ac, 2, 3), F64x2);
        const F64x2 b = __builtin_convertvector(__builtin_shufflevector(bd, bd, 0, 1), F64x2);
        const F64x2 d = __builtin_convertvector(__builtin_shufflevector(bd, bd, 2, 3), F64x2);
        const F64x2 xa = two * ((a * two26 + b) * two_m53) - one;
        const F64x2 xb = two * ((c * two26 + d) * two_m53) - one;
        const F64x2 r = xa * xa + xb * xb;
        const I64x2 accept = ((r < one) & (r > zero)) & one_i;
        store(x1 + j, xa);
        store(x2 + j, xb);
        store(r2 + j, r);
        store(ok + j, accept);
    }
#endif
    TLAB_SCALAR_LOOP
    for (; j < count; ++j) {
        const std::uint32_t* p = w + 4 * j;
        const Attempt t = attempt(p[0], p[1], p[2], p[3]);
        x1[j] = t.x1;
        x2[j] = t.x2;
        r2[j] = t.r2;
        ok[j] = accepts(t.r2);
    }
}

// Whether legacy_gauss accepts the attempt in words p[0..3], decided in double as it does.
inline std::int32_t accepts_exactly(const std::uint32_t* p) { return accepts(attempt(p[0], p[1], p[2], p[3]).r2); }

// How many of `count` attempts legacy_gauss accepts, and which (ok[j] = 1): the skip's pass,
// which needs no x1, x2 or r^2, only each accept/reject decision, and that decision is almost
// always clear from the top 24 bits of each attempt's two x: with xa = (w0 >> 8) 2^-23 - 1 (and
// xc from w2), exact in float, the true x1 lies in [xa, xa + 2^-23), so the true r^2 is within
// 2^-22 + 2^-22 of xa^2 + xc^2, plus the float roundings (3 of at most 2^-24): within 2^-20. Four
// attempts at a time in float lanes (SSE2, wasm simd128); an attempt whose float r^2 lies within
// 2^-19 of 1 or of 0 (about 1 in 2^17) is decided exactly, in double, as legacy_gauss does.
TLAB_MULTIVERSION
int polar_accepts(const std::uint32_t* w, int count, std::int32_t* ok) {
    const F32x4 scale = kept(F32x4{} + 0x1p-23f), one = kept(F32x4{} + 1.0f);
    const F32x4 below_one = kept(F32x4{} + (1.0f - 0x1p-19f)), above_one = kept(F32x4{} + (1.0f + 0x1p-19f));
    const F32x4 above_zero = kept(F32x4{} + 0x1p-19f);
    const I32x4 one_i = kept(std::int32_t{1});
    I32x4 sum = {0, 0, 0, 0};
    int j = 0;
    TLAB_PLAIN_LOOP
    for (; j + 4 <= count; j += 4) {
        const U32x4 v0 = simd::load<U32x4>(w + 4 * j), v1 = simd::load<U32x4>(w + 4 * j + 4);
        const U32x4 v2 = simd::load<U32x4>(w + 4 * j + 8), v3 = simd::load<U32x4>(w + 4 * j + 12);
        const U32x4 ac01 = __builtin_shufflevector(v0, v1, 0, 4, 2, 6);  // w0, w0', w2, w2'
        const U32x4 ac23 = __builtin_shufflevector(v2, v3, 0, 4, 2, 6);
        const U32x4 a = __builtin_shufflevector(ac01, ac23, 0, 1, 4, 5) >> 8;
        const U32x4 c = __builtin_shufflevector(ac01, ac23, 2, 3, 6, 7) >> 8;
        const F32x4 xa = __builtin_convertvector(reinterpret_cast<I32x4>(a), F32x4) * scale - one;
        const F32x4 xc = __builtin_convertvector(reinterpret_cast<I32x4>(c), F32x4) * scale - one;
        const F32x4 r = xa * xa + xc * xc;
        const I32x4 yes = (r < below_one) & (r > above_zero);
        const I32x4 no = r > above_one;
        const I32x4 sure = yes | no;
        if ((sure[0] & sure[1] & sure[2] & sure[3]) != 0) {
            const I32x4 accept = yes & one_i;
            simd::store(ok + j, accept);
            sum += accept;
        } else {
            TLAB_SCALAR_LOOP
            for (int l = 0; l < 4; ++l) {
                ok[j + l] = accepts_exactly(w + 4 * (j + l));
                sum[0] += ok[j + l];
            }
        }
    }
    int total = sum[0] + sum[1] + sum[2] + sum[3];
    TLAB_SCALAR_LOOP
    for (; j < count; ++j) total += ok[j] = accepts_exactly(w + 4 * j);
    return total;
}

// The pairs' normals, f * x2 then f * x1, with f = sqrt(-2 log(r2) / r2), two at a time: GCC does
// not vectorize std::sqrt itself, as it keeps errno's path for negative arguments (there are none
// here), and Clang's vectorized loop would rebuild -2 at every step in V8 (simd.hpp). IEEE sqrt,
// division and products round the same in any width.
TLAB_MULTIVERSION
void finish_normals(const double* lg, const double* r2, const double* x1, const double* x2,
                    double* o, int m) {
    using simd::load;
    const F64x2 minus2 = kept(-2.0);
    int e = 0;
    TLAB_PLAIN_LOOP
    for (; e + 2 <= m; e += 2) {
        const F64x2 f = simd::sqrt(minus2 * load<F64x2>(lg + e) / load<F64x2>(r2 + e));
        const F64x2 a = f * load<F64x2>(x2 + e), b = f * load<F64x2>(x1 + e);
        simd::store(o + 2 * e, F64x2{a[0], b[0]});
        simd::store(o + 2 * e + 2, F64x2{a[1], b[1]});
    }
    if (e < m) {  // m odd: the last one
        const double f = std::sqrt(-2.0 * lg[e] / r2[e]);
        o[2 * e] = f * x2[e];
        o[2 * e + 1] = f * x1[e];
    }
}

}  // namespace

// Called when no parsed attempt is waiting and a caller needs one right now (so the attempts
// up to the first accepted one, including one across a regeneration, are consumed whatever
// happens next).
TLAB_NOINLINE void RandomState::parse_attempts() {
    n_acc_ = next_acc_ = n_ready_ = 0;
    if (pos_ == kStateLen) regenerate();
    int slot = 0;
    if (kStateLen - pos_ < 4) {
        // The attempt's words straddle the regeneration: draw them one by one.
        const std::uint32_t w0 = next_word(), w1 = next_word(), w2 = next_word(), w3 = next_word();
        const Attempt t = attempt(w0, w1, w2, w3);
        x1_[0] = t.x1;
        x2_[0] = t.x2;
        r2_[0] = t.r2;
        acc_idx_[0] = 0;
        n_acc_ = accepts(t.r2);
        slot = 1;
    }
    const int start = pos_;
    const int count = (kStateLen - start) / 4;
    base_ = start + 4 - 4 * slot;  // attempt `slot` ends at start + 4
    std::int64_t ok[kAttempts];
    polar_attempts(out_.data() + start, count, x1_ + slot, x2_ + slot, r2_ + slot, ok);
    int n = n_acc_;
    TLAB_SCALAR_LOOP
    for (int j = 0; j < count; ++j) {  // branch-free compaction of the accepted ones
        acc_idx_[n] = static_cast<std::uint16_t>(j + slot);
        n += static_cast<int>(ok[j]);
    }
    n_acc_ = n;
    if (n == 0) pos_ = start + 4 * count;  // all rejected (the words are used up all the same)
}

// The normals of the waiting accepted attempts: one log call for all of them (one dispatch;
// independent logs overlap in the pipeline), then finish_normals. Into normals_, or, when a fill
// takes every one of them, straight into its output (`dest`).
// Not inlined: it holds the log (np_log_n), which the page's wasm should carry once.
TLAB_MULTIVERSION TLAB_NOINLINE
void RandomState::compute_normals(double* dest) {
    const int from = next_acc_, m = n_acc_ - next_acc_;
    double r2[kAttempts], x1[kAttempts], x2[kAttempts], lg[kAttempts];
    TLAB_SCALAR_LOOP
    for (int e = 0; e < m; ++e) {
        const int j = acc_idx_[from + e];
        r2[e] = r2_[j];
        x1[e] = x1_[j];
        x2[e] = x2_[j];
    }
    np_log_n(r2, lg, static_cast<std::size_t>(m));
    finish_normals(lg, r2, x1, x2, dest ? dest : normals_ + 2 * from, m);
    n_ready_ = dest ? from : n_acc_;
}

TLAB_NOINLINE double RandomState::standard_normal() {
    if (has_gauss_) {
        has_gauss_ = false;
        const double cached = gauss_;
        gauss_ = 0.0;
        return cached;
    }
    need_pair();
    if (next_acc_ >= n_ready_) compute_normals();
    const double* pair = normals_ + 2 * next_acc_;
    take_pairs(1);
    gauss_ = pair[1];
    has_gauss_ = true;
    return pair[0];
}

TLAB_NOINLINE void RandomState::fill_normal(double* out, std::size_t n) {
    if (n == 0) return;
    std::size_t k = 0;
    if (has_gauss_) out[k++] = standard_normal();
    // Whole pairs: the second value of each pair would be cached and returned next, so copy both.
    while (n - k >= 2) {
        need_pair();
        std::size_t pairs = (n - k) / 2;
        if (next_acc_ >= n_ready_) {
            const std::size_t waiting = static_cast<std::size_t>(n_acc_ - next_acc_);
            if (pairs >= waiting) {  // all of them go to `out`: compute them there, no copy
                compute_normals(out + k);
                take_pairs(static_cast<int>(waiting));
                k += 2 * waiting;
                continue;
            }
            compute_normals();
        }
        pairs = std::min<std::size_t>(pairs, n_ready_ - next_acc_);
        std::memcpy(out + k, normals_ + 2 * next_acc_, 2 * pairs * sizeof(double));
        take_pairs(static_cast<int>(pairs));
        k += 2 * pairs;
    }
    if (k < n) out[k] = standard_normal();  // leaves the pair's other half cached, as NumPy does
}

TLAB_NOINLINE void RandomState::skip_normals(std::size_t n) {
    if (n == 0) return;
    if (has_gauss_) {
        standard_normal();
        --n;
    }
    // Whole pairs leave no cached value behind, so their normals never need computing: only the
    // accepted attempts are counted, a whole state at a time.
    std::size_t pairs = n / 2;
    while (pairs > 0) {
        if (next_acc_ < n_acc_) {  // attempts already parsed (by a fill, or a straddle below)
            const std::size_t take = std::min<std::size_t>(pairs, n_acc_ - next_acc_);
            take_pairs(static_cast<int>(take));
            pairs -= take;
            continue;
        }
        if (pos_ == kStateLen) regenerate();
        if (kStateLen - pos_ < 4) {  // an attempt across the regeneration: the general path
            parse_attempts();
            continue;
        }
        const int start = pos_, count = (kStateLen - start) / 4;
        std::int32_t ok[kAttempts];
        const int found = polar_accepts(out_.data() + start, count, ok);
        if (static_cast<std::size_t>(found) < pairs) {
            pos_ = start + 4 * count;  // more pairs to come: every attempt here is used up
            pairs -= static_cast<std::size_t>(found);
        } else {
            int j = -1;  // the attempt that completes the skip
            for (std::size_t seen = 0; seen < pairs;) seen += static_cast<std::size_t>(ok[++j]);
            pos_ = start + 4 * j + 4;
            pairs = 0;
        }
    }
    if (n % 2 == 1) standard_normal();
}

}  // namespace tlab
