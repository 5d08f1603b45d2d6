// pyformat.hpp — Python 3.11's text for numbers and strings, over plain C++ types.
//
// What the interpreter calls to print, format and parse exactly as CPython does: format() and the
// format mini-language, str.format's structure, printf-style %, round() and NumPy's round, and
// int(str) / float(str). Nothing here knows the interpreter's Value: numbers come in as int64 and
// double, strings as UTF-8, and every failure comes back as the exception CPython raises (its type
// and message) for the caller to raise.
//
//   format_float(2.675, ".2f").value          -> "2.67"      (the exact binary value, ties to even)
//   format_int(1234567, "_").value            -> "1_234_567"
//   format_str("안녕", "*^6").value            -> "**안녕**"   (widths count code points)
//   format_float(1.0, "d").error              -> {"ValueError", "Unknown format code 'd' for object of type 'float'"}
//   round_float(2.675, 2).value               -> 2.67        (round(2.675, 2))
//   np_round_float(2.675, 2)                  -> 2.68        (np.round(np.float64(2.675), 2))
//   parse_float(" 1_000.5 ", "' 1_000.5 '").value -> 1000.5
//
// str.format and % need the caller's values; see FormatFields and PercentOperand below.
// repr(float) is scalar_str (tlab/npformat.hpp): "0.1", "1e+16", "1e-05", "-0.0", "inf", "nan".
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tlab {

// The exception CPython raises: type is "ValueError", "TypeError", "OverflowError",
// "MemoryError", or k_beyond_int64; nullptr when there is none.
struct PyExc {
    const char* type = nullptr;
    std::string message;
    explicit operator bool() const { return type != nullptr; }
};

// Not a Python exception: the exact result is a Python int outside int64 (round(1e300),
// int("9" * 20)), which the interpreter reports as outside the subset. One object, so
// `error.type == k_beyond_int64` holds in every translation unit.
extern const char k_beyond_int64[];

// A value or the exception raised instead (value is then meaningless).
template <typename T>
struct PyResult {
    T value{};
    PyExc error;
    bool ok() const { return error.type == nullptr; }
};

// ---- format(value, spec) -------------------------------------------------------------------
// The standard format mini-language, [[fill]align][sign]["z"]["#"]["0"][width][grouping]
// ["." precision][type], with CPython's checks in CPython's order. All ValueError unless noted.
// NumPy scalars format as NumPy hands them on: np.float64 is a float (format_float), np.int64
// and np.bool_ become a Python int and bool (format_int, format_bool), messages included.

// format(1234, "+08,d") -> "+001,234"; format(255, "#x") -> "0xff"; format(65, "c") -> "A";
// format(-1, "c") -> OverflowError "%c arg not in range(0x110000)";
// format(3, ".2") -> "Precision not allowed in integer format specifier";
// format(3, ".2f") -> "3.00" (e E f F g G % go through float(x)).
// is_bool gives the bool's messages ("... object of type 'bool'"); see format_bool for "".
PyResult<std::string> format_int(std::int64_t x, std::string_view spec, bool is_bool = false);

// format(True, "") -> "True"; format(True, "d") -> "1"; format(False, ">3") -> "  0".
PyResult<std::string> format_bool(bool b, std::string_view spec);

// format(0.1, "") -> "0.1" (repr); format(1e16, ".3") -> "1e+16"; format(1.0, ".3") -> "1.0"
// (no type: like "g" but at least one digit after the point); format(0.125, ".2f") -> "0.12";
// format(-0.0001, "z.2f") -> "0.00"; format(float("inf"), "010") -> "0000000inf";
// format(1e22, "f") -> "10000000000000000000000.000000"; format(0.5, "%") -> "50.000000%".
PyResult<std::string> format_float(double x, std::string_view spec);

// format("ab", "^6") -> "  ab  "; format("abcdef", ".3") -> "abc"; format("ab", "05") -> "ab000";
// format("ab", "+") -> "Sign not allowed in string format specifier".
PyResult<std::string> format_str(std::string_view s, std::string_view spec);

// format(obj, spec) for an object without its own __format__ (list, None, ...): str(obj) when
// spec is empty, else TypeError "unsupported format string passed to list.__format__".
PyExc format_object_error(std::string_view type_name, std::string_view spec);

// ---- str.format ----------------------------------------------------------------------------

// One replacement field's name split as CPython does: "0.real[2]" -> first "0" (index 0), then
// .real, then [2]. An empty first part takes the next automatic number.
struct FieldAccessor {
    bool is_attribute = false;   // ".name", else "[key]"
    bool is_index = false;       // "[2]": key is all decimal digits
    std::int64_t index = 0;
    std::string name;            // attribute name or string key
};
struct FieldName {
    bool is_index = false;       // first part is a positional index (given or automatic)
    std::int64_t index = 0;
    std::string key;             // first part when it is a keyword name
    std::vector<FieldAccessor> rest;
    // Raised once the accessors in `rest` have been applied (CPython parses the chain lazily, so
    // "{0.x[}" raises AttributeError for .x before "Missing ']' in format string").
    PyExc rest_error;
};

// str.format's automatic field numbering, shared by a format string and its nested specs.
struct FieldNumbering {
    enum class State : std::uint8_t { init, automatic, manual } state = State::init;
    std::int64_t next = 0;
};

// Splits a field name: "" -> index 0 then 1 ...; "a.b" -> key "a", .b; "0[x]" -> 0, ["x"].
// Errors: "cannot switch from manual field specification to automatic field numbering" (and
// the reverse), "Too many decimal digits in format string".
PyResult<FieldName> split_field_name(std::string_view name, FieldNumbering& numbering);

// A literal run and the replacement field after it (if any), as str.format meets them.
struct FormatPiece {
    std::string literal;         // "{{" and "}}" already unescaped
    bool has_field = false;
    std::string field_name;
    char32_t conversion = 0;     // 'r', 's', 'a', 0 for none; anything else fails at conversion
    std::string spec;
    bool spec_has_fields = false;  // spec holds {} fields to expand first (format_string does)
};
struct FormatString {
    std::vector<FormatPiece> pieces;
    // Raised after the pieces have been output: "Single '}' encountered in format string",
    // "Single '{' encountered in format string", "expected '}' before end of string",
    // "unmatched '{' in format spec", "unexpected '{' in field name",
    // "end of string while looking for conversion specifier",
    // "expected ':' after conversion specifier".
    PyExc error;
};

// "a{0!r:>{1}}b{{" -> pieces {"a", field "0", 'r', ">{1}" (spec_has_fields)}, {"b{"}.
FormatString parse_format_string(std::string_view text);

// ValueError "Unknown conversion specifier x" for a conversion other than r, s, a (0: none).
PyExc conversion_error(char32_t conversion);

// The values behind a str.format call. Handles are the implementation's own (e.g. indexes
// into a list of the values it looked up during this call).
class FormatFields {
public:
    virtual ~FormatFields() = default;
    // Looks the field up: args[index] or kwargs[key] (IndexError "Replacement index 2 out of
    // range for positional args tuple", KeyError), then each accessor in order (getattr,
    // getitem), then raises name.rest_error if set.
    virtual PyResult<std::size_t> lookup(const FieldName& name) = 0;
    // Replaces the value with its repr ('r'), str ('s') or ascii ('a').
    virtual PyExc convert(std::size_t handle, char32_t conversion) = 0;
    // format(value, spec): format_int / format_float / format_str / ... for the value's type.
    virtual PyResult<std::string> format(std::size_t handle, std::string_view spec) = 0;
};

// text.format(...): the literal text, each field looked up, converted and formatted in
// CPython's order, nested specs expanded two levels deep ("Max string recursion exceeded").
// "{:>{}}".format("ab", 4) -> "  ab".
PyResult<std::string> format_string(std::string_view text, FormatFields& fields);

// ---- printf-style % ------------------------------------------------------------------------

// How % sees one argument; the interpreter fills it in from its value.
enum class PercentKind : std::uint8_t {
    integer,   // int or bool (PyLong): i; "*" accepts only these
    index,     // has __index__ but is not an int (np.int64): i
    floating,  // float or np.float64: f
    string,    // str: text
    other,     // anything else (None, list, ndarray, ...): only %s %r %a
};
struct PercentArg {
    PercentKind kind = PercentKind::other;
    std::int64_t i = 0;
    double f = 0.0;
    std::string text;            // the str's own text (kind string)
    std::string type_name;       // for messages: "float", "str", "NoneType", "numpy.float64"
    std::size_t handle = 0;      // the implementation's own reference, for text()
};

// The right operand of `text % operand`.
class PercentOperand {
public:
    virtual ~PercentOperand() = default;
    // The number of items when the operand is a tuple, else -1.
    virtual std::int64_t tuple_size() const = 0;
    // PyMapping_Check(operand) and not a tuple or str: dict, list, ndarray... ("%(key)s" needs one).
    virtual bool is_mapping() const = 0;
    // Tuple item k, or the operand itself when k is -1.
    virtual PercentArg item(std::int64_t k) = 0;
    // operand[key] for "%(key)s" (KeyError "'key'", or the type's own TypeError).
    virtual PyResult<PercentArg> lookup(std::string_view key) = 0;
    // str ('s'), repr ('r') or ascii ('a') of an argument that is not a str (or of a str for r, a).
    virtual PyResult<std::string> text(const PercentArg& arg, char conversion) = 0;
};

// "%5.2f|%-4d|%s|%%" % (3.14159, 7, "x") -> " 3.14|7   |x|%". Errors as CPython 3.11:
// TypeError "not enough arguments for format string", "not all arguments converted during
// string formatting", "format requires a mapping", "* wants int", "%d format: a real number is
// required, not str", "%x format: an integer is required, not float", "must be real number, not
// str", "%c requires int or char"; ValueError "incomplete format", "incomplete format key",
// "unsupported format character 'y' (0x79) at index 3"; OverflowError "%c arg not in
// range(0x110000)", "cannot convert float infinity to integer".
PyResult<std::string> percent_format(std::string_view text, PercentOperand& operand);

// ---- rounding ------------------------------------------------------------------------------

// round(x, n) for a float: the exact binary value rounded to n decimals, ties to even (CPython's
// double_round): round(2.675, 2) -> 2.67; round(0.5, 0) -> 0.0; round(-0.4, 0) -> -0.0;
// round(1234.5, -1) -> 1230.0; inf and nan round to themselves; round(1.7e308, -308) ->
// OverflowError "rounded value too large to represent".
PyResult<double> round_float(double x, std::int64_t ndigits);

// round(x) for a float: half to even, an int. round(2.5) -> 2; round(-3.5) -> -4;
// OverflowError "cannot convert float infinity to integer", ValueError "cannot convert float NaN
// to integer"; k_beyond_int64 past int64.
PyResult<std::int64_t> round_float_to_int(double x);

// round(i, n) for an int: n >= 0 gives i; else half to even on 10**-n: round(25, -1) -> 20,
// round(35, -1) -> 40, round(-15, -1) -> -20. k_beyond_int64 when the result leaves int64.
PyResult<std::int64_t> round_int(std::int64_t x, std::int64_t ndigits);

// np.round(x, decimals) for float64 (arrays and np.float64 alike; also round(np.float64(x), n)):
// NumPy scales instead of rounding the decimal value: rint(x * 10**d) / 10**d for d >= 0,
// rint(x / 10**-d) * 10**-d for d < 0, with 10**d built as NumPy does (exact to 1e22, then
// multiplied by 10). np_round_float(2.675, 2) -> 2.68; np_round_float(25.0, -1) -> 20.0.
double np_round_float(double x, std::int64_t decimals);

// np.round(i, decimals) for int64: i for decimals >= 0, else through float64 as NumPy does
// (rint(i / 10**-d) * 10**-d cast back to int64): np_round_int(25, -1) -> 20.
std::int64_t np_round_int(std::int64_t x, std::int64_t decimals);

// ---- int(str), float(str) -----------------------------------------------------------------
// Both accept what CPython accepts: surrounding whitespace (Unicode spaces too), a sign,
// underscores between digits, and any Unicode decimal digits ("１２" is 12). repr_text is
// repr() of the argument, for the message.

// int(text, base), base 0 or 2..36: int(" -1_000 ") -> -1000; int("0x1f", 16) -> 31;
// int("0x1f", 0) -> 31; int("abc") -> ValueError "invalid literal for int() with base 10:
// 'abc'"; base 1 -> ValueError "int() base must be >= 2 and <= 36, or 0"; k_beyond_int64 for
// a valid literal outside int64.
PyResult<std::int64_t> parse_int(std::string_view text, int base, std::string_view repr_text);

// float(text), correctly rounded: float("1e-5") -> 1e-05; float(" -Infinity ") -> -inf;
// float("nan") -> nan; float("1e400") -> inf; float("1_0.5") -> 10.5;
// float("abc") -> ValueError "could not convert string to float: 'abc'".
PyResult<double> parse_float(std::string_view text, std::string_view repr_text);

}  // namespace tlab
