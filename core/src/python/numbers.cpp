// numbers.cpp — Python int/float arithmetic (CPython's longobject.c and floatobject.c rules).
#include "python/numbers.hpp"

#include <cerrno>
#include <climits>
#include <cmath>

#include "python/interp.hpp"
#include "tlab/pymath.hpp"

namespace tlab {

namespace {

[[noreturn]] void too_big(Interp& in) { in.unsupported("integers beyond 64 bits", "64비트를 넘는 정수"); }

bool is_float_kind(const Value& v) { return v.kind() == Kind::floating; }

double as_double(const Value& v) { return v.is_float() ? v.as_float() : static_cast<double>(v.as_int()); }

std::int64_t floor_div_int(Interp& in, std::int64_t a, std::int64_t b) {
    if (b == 0) in.raise(types().zero_division_error, "integer division or modulo by zero");
    if (a == INT64_MIN && b == -1) too_big(in);
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}

std::int64_t mod_int(Interp& in, std::int64_t a, std::int64_t b) {
    if (b == 0) in.raise(types().zero_division_error, "integer modulo by zero");
    if (b == -1) return 0;
    std::int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}

Value int_pow(Interp& in, std::int64_t base, std::int64_t exp) {
    if (exp < 0) {
        if (base == 0) in.raise(types().zero_division_error, "0.0 cannot be raised to a negative power");
        return Value::floating(float_pow(in, static_cast<double>(base), static_cast<double>(exp)));
    }
    std::int64_t result = 1, b = base;
    std::uint64_t e = static_cast<std::uint64_t>(exp);
    while (e > 0) {
        if (e & 1U) {
            if (__builtin_mul_overflow(result, b, &result)) too_big(in);
        }
        e >>= 1;
        if (e > 0 && __builtin_mul_overflow(b, b, &b)) {
            // b*b overflowing matters only if a later bit uses it: |base| >= 2 with bits left.
            too_big(in);
        }
    }
    return Value::integer(result);
}

// a / b correctly rounded, as CPython's long_true_divide: exact when both fit in 53 bits, else
// the quotient's top 55..56 bits with a sticky bit for the remainder, rounded half to even.
double true_divide_ints(Interp& in, std::int64_t a, std::int64_t b) {
    if (b == 0) in.raise(types().zero_division_error, "division by zero");
    constexpr std::int64_t exact = std::int64_t{1} << 53;
    if (a > -exact && a < exact && b > -exact && b < exact) return static_cast<double>(a) / static_cast<double>(b);
    const bool negative = (a < 0) != (b < 0);
    const unsigned __int128 x = a < 0 ? 0 - static_cast<std::uint64_t>(a) : static_cast<std::uint64_t>(a);
    const unsigned __int128 y = b < 0 ? 0 - static_cast<std::uint64_t>(b) : static_cast<std::uint64_t>(b);
    if (x == 0) return negative ? -0.0 : 0.0;
    auto bits = [](unsigned __int128 v) {
        int n = 0;
        while (v != 0) {
            v >>= 1;
            ++n;
        }
        return n;
    };
    // Scale so that the quotient has 55 or 56 bits: two below the 53 kept, for rounding.
    const int shift = 55 + bits(y) - bits(x);
    const unsigned __int128 num = shift >= 0 ? x << shift : x;
    const unsigned __int128 den = shift >= 0 ? y : y << -shift;
    unsigned __int128 q = num / den;
    const bool sticky = num % den != 0;
    int extra = bits(q) - 53;
    std::uint64_t kept = static_cast<std::uint64_t>(q >> extra);
    const unsigned __int128 rest = q & ((static_cast<unsigned __int128>(1) << extra) - 1);
    const unsigned __int128 half = static_cast<unsigned __int128>(1) << (extra - 1);
    if (rest > half || (rest == half && (sticky || (kept & 1U) != 0))) ++kept;
    const double r = std::ldexp(static_cast<double>(kept), extra - shift);
    return negative ? -r : r;
}

}  // namespace

int compare_int_float(std::int64_t i, double f) {
    if (std::isnan(f)) return 2;
    if (f >= 9223372036854775808.0) return -1;
    if (f < -9223372036854775808.0) return 1;
    const double t = std::trunc(f);
    const auto fi = static_cast<std::int64_t>(t);
    if (i < fi) return -1;
    if (i > fi) return 1;
    // Same integral part: the float's fraction decides.
    if (f > t) return -1;
    if (f < t) return 1;
    return 0;
}

double py_float_mod(double vx, double wx) {
    double mod = std::fmod(vx, wx);
    if (mod != 0.0) {
        if ((wx < 0) != (mod < 0)) mod += wx;
    } else {
        mod = std::copysign(0.0, wx);
    }
    return mod;
}

double py_float_floordiv(double vx, double wx) {
    double mod = std::fmod(vx, wx);
    double div = (vx - mod) / wx;
    if (mod != 0.0) {
        if ((wx < 0) != (mod < 0)) div -= 1.0;
    }
    double floordiv;
    if (div != 0.0) {
        floordiv = std::floor(div);
        if (div - floordiv > 0.5) floordiv += 1.0;
    } else {
        floordiv = std::copysign(0.0, vx / wx);
    }
    return floordiv;
}

double float_pow(Interp& in, double x, double y) {
    const PyFloatResult r = py_float_pow(x, y);
    switch (r.error) {
        case PyMathError::none: return r.value;
        case PyMathError::complex_result: in.unsupported("complex numbers", "복소수");
        case PyMathError::pow_overflow:
            in.raise_value(in.new_exception(types().overflow_error,
                                            {Value::integer(ERANGE), make_str("Numerical result out of range")}));
        default: {
            const PyErrorText t = py_math_error_text(r.error);
            in.raise(std::string(t.type) == "ZeroDivisionError" ? types().zero_division_error
                     : std::string(t.type) == "OverflowError"   ? types().overflow_error
                                                                : types().value_error,
                     t.message);
        }
    }
}

std::int64_t float_to_int(Interp& in, double x) {
    if (std::isnan(x)) in.raise(types().value_error, "cannot convert float NaN to integer");
    if (std::isinf(x)) in.raise(types().overflow_error, "cannot convert float infinity to integer");
    const double t = std::trunc(x);
    if (t >= 9223372036854775808.0 || t < -9223372036854775808.0) too_big(in);
    return static_cast<std::int64_t>(t);
}

Value py_number_binary(Interp& in, BinOpKind op, const Value& a, const Value& b) {
    if (!is_float_kind(a) && !is_float_kind(b)) {
        const std::int64_t x = a.as_int(), y = b.as_int();
        std::int64_t r;
        const bool both_bool = a.is_bool() && b.is_bool();
        switch (op) {
            case BinOpKind::add:
                if (__builtin_add_overflow(x, y, &r)) too_big(in);
                return Value::integer(r);
            case BinOpKind::sub:
                if (__builtin_sub_overflow(x, y, &r)) too_big(in);
                return Value::integer(r);
            case BinOpKind::mult:
                if (__builtin_mul_overflow(x, y, &r)) too_big(in);
                return Value::integer(r);
            case BinOpKind::div: return Value::floating(true_divide_ints(in, x, y));
            case BinOpKind::floor_div: return Value::integer(floor_div_int(in, x, y));
            case BinOpKind::mod: return Value::integer(mod_int(in, x, y));
            case BinOpKind::pow: return int_pow(in, x, y);
            case BinOpKind::lshift:
                if (y < 0) in.raise(types().value_error, "negative shift count");
                if (x == 0) return Value::integer(0);
                if (y >= 63 || (x > 0 ? x > (INT64_MAX >> y) : x < (INT64_MIN >> y))) too_big(in);
                return Value::integer(static_cast<std::int64_t>(static_cast<std::uint64_t>(x) << y));
            case BinOpKind::rshift:
                if (y < 0) in.raise(types().value_error, "negative shift count");
                return Value::integer(y >= 63 ? (x < 0 ? -1 : 0) : x >> y);
            case BinOpKind::bit_and: return both_bool ? Value::boolean((x & y) != 0) : Value::integer(x & y);
            case BinOpKind::bit_or: return both_bool ? Value::boolean((x | y) != 0) : Value::integer(x | y);
            case BinOpKind::bit_xor: return both_bool ? Value::boolean((x ^ y) != 0) : Value::integer(x ^ y);
            case BinOpKind::mat_mult: break;
        }
        in.raise(types().type_error, std::string("unsupported operand type(s) for @: '") + a.type_name() + "' and '" +
                                         b.type_name() + "'");
    }
    const double x = as_double(a), y = as_double(b);
    switch (op) {
        case BinOpKind::add: return Value::floating(x + y);
        case BinOpKind::sub: return Value::floating(x - y);
        case BinOpKind::mult: return Value::floating(x * y);
        case BinOpKind::div:
            if (y == 0.0) in.raise(types().zero_division_error, "float division by zero");
            return Value::floating(x / y);
        case BinOpKind::floor_div:
            if (y == 0.0) in.raise(types().zero_division_error, "float floor division by zero");
            return Value::floating(py_float_floordiv(x, y));
        case BinOpKind::mod:
            if (y == 0.0) in.raise(types().zero_division_error, "float modulo");
            return Value::floating(py_float_mod(x, y));
        case BinOpKind::pow: return Value::floating(float_pow(in, x, y));
        default: break;
    }
    const char* sym = op == BinOpKind::mat_mult ? "@"
                      : op == BinOpKind::lshift ? "<<"
                      : op == BinOpKind::rshift ? ">>"
                      : op == BinOpKind::bit_and ? "&"
                      : op == BinOpKind::bit_or ? "|"
                                                : "^";
    in.raise(types().type_error, std::string("unsupported operand type(s) for ") + sym + ": '" + a.type_name() +
                                     "' and '" + b.type_name() + "'");
}

bool py_number_compare(CmpOpKind op, const Value& a, const Value& b) {
    int c;
    if (!is_float_kind(a) && !is_float_kind(b)) {
        const std::int64_t x = a.as_int(), y = b.as_int();
        c = x < y ? -1 : x > y ? 1 : 0;
    } else if (is_float_kind(a) && is_float_kind(b)) {
        const double x = a.as_float(), y = b.as_float();
        c = (std::isnan(x) || std::isnan(y)) ? 2 : x < y ? -1 : x > y ? 1 : 0;
    } else if (is_float_kind(b)) {
        c = compare_int_float(a.as_int(), b.as_float());
    } else {
        c = compare_int_float(b.as_int(), a.as_float());
        if (c != 2) c = -c;
    }
    if (c == 2) return op == CmpOpKind::not_eq_;
    switch (op) {
        case CmpOpKind::eq: return c == 0;
        case CmpOpKind::not_eq_: return c != 0;
        case CmpOpKind::lt: return c < 0;
        case CmpOpKind::lt_e: return c <= 0;
        case CmpOpKind::gt: return c > 0;
        case CmpOpKind::gt_e: return c >= 0;
        default: return false;
    }
}

}  // namespace tlab
