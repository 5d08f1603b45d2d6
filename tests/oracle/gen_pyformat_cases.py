# Writes tests/golden/pyformat_cases.json: what Python 3.11 prints or raises, for test_pyformat.cpp.
#
# Run with Debian's interpreter: /usr/bin/python3 tests/oracle/gen_pyformat_cases.py
#
# Every case ends with its outcome: the text (or float.hex() for a float result, or the int) that
# Python returned, or ["ExceptionType", "message"]. Floats going in are float.hex() strings ("inf",
# "-inf", "nan" too), which strtod reads back bit for bit. Values of str.format and % operands are
# tagged: ["i", 5], ["b", true], ["f", "0x1.4p+1"], ["s", "text"], ["n"] (None), ["l", [...]]
# (list), ["t", [...]] (tuple), ["d", [[key, value], ...]] (dict); each carries the type name and
# its str(), repr() and ascii() texts, which the C++ test hands back when asked. Everything is
# seeded, so the output is identical on every run.
#
# Sections:
#   repr            [hex, repr(x)]
#   format          [kind, value, spec, outcome]        format(value, spec), kind int|bool|float|str
#   format_object   [value, spec, outcome]              format(None or a list, spec)
#   parse_format    [text, [[literal, field, spec, conversion], ...], error]  _string.formatter_parser
#   field_name      [name, first, [[is_attr, key], ...], error]  _string.formatter_field_name_split
#   format_string   [text, args, kwargs, outcome]       text.format(*args, **kwargs)
#   percent         [text, operand, outcome]            text % operand
#   round           [hex, ndigits, outcome]             round(x, ndigits) (hex), or round(x) (int) when ndigits is null
#   round_int       [x, ndigits, outcome]               round(x, ndigits) for an int
#   np_round        [hex, decimals, hex]                np.round(np.float64(x), decimals), the same as np.round(array)
#   np_round_int    [x, decimals, int]                  np.round(np.int64(x), decimals)
#   parse_int       [text, base, repr(text), outcome]   int(text, base)
#   parse_float     [text, repr(text), outcome]         float(text)
#   decimal_zeros, spaces: the code points Python 3.11 reads as digit 0 / as whitespace
import _string
import json
import math
import os
import random
import sys
import unicodedata

import numpy as np

assert sys.version_info[:2] == (3, 11), sys.version
assert np.__version__.startswith("1.24"), np.__version__

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.environ.get("TLAB_GOLDEN_DIR", os.path.join(HERE, "..", "golden")), "pyformat_cases.json")

rng = random.Random(20261130)
INT64_MIN, INT64_MAX = -(2 ** 63), 2 ** 63 - 1


def fhex(x):
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x.hex()


def outcome(fn, encode=lambda r: r):
    try:
        return encode(fn())
    except Exception as e:  # the exception Python raises is the expected outcome
        return [type(e).__name__, str(e)]


def in_int64(n):
    return INT64_MIN <= n <= INT64_MAX


def int_outcome(fn):
    """An int result, or "int64" when it is a Python int outside int64 (the core's own limit)."""
    def encode(r):
        return r if in_int64(r) else ["int64", "int too large"]
    return outcome(fn, encode)


# ---- values ------------------------------------------------------------------------------------

FLOATS = [0.0, -0.0, 1.0, -1.0, 0.1, -0.1, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, 2.675, 1.005, 0.045, 4.35,
          9.995, 99.5, 999999.5, 0.05, 0.15, 0.25, 0.35, 1e16, 1e-5, 1e-4, 0.0001234, 1e15, 1e22, 1e23,
          9.999999999999999e22, 123456.789, -1234.5678, 12345.0, 1e100, 1e-100, 5e-324,
          2.2250738585072014e-308, 1.7976931348623157e308, 123456789012345678.0, 1 / 3, 2 / 3,
          math.pi, -math.e, 1234567.0, 0.000999, 9.5, 10.0, 100.0, 1e300,
          float("inf"), float("-inf"), float("nan")]
for _ in range(30):  # any bit pattern (finite)
    x = np.frombuffer(rng.getrandbits(64).to_bytes(8, "little"), dtype=np.float64)[0]
    FLOATS.append(float(x) if np.isfinite(x) else rng.random())
for _ in range(30):  # numbers a lesson shows
    FLOATS.append(round(rng.uniform(-1000, 1000), rng.randint(0, 6)))
    FLOATS.append(rng.gauss(0, 1) * 10 ** rng.randint(-8, 8))

INTS = [0, 1, -1, 7, -7, 42, 255, -255, 1000, 1234567, -1234567, 65, 0x10FFFF, 0x110000, 44032,
        10 ** 15, 2 ** 53 + 1, INT64_MAX, INT64_MIN, INT64_MAX - 1, INT64_MIN + 1, 999, 1000000]
for _ in range(12):
    INTS.append(rng.randint(INT64_MIN, INT64_MAX))
    INTS.append(rng.randint(-100000, 100000))

STRS = ["", "a", "abc", "안녕", "안녕하세요 세계", "mixed 가나다 abc", "x" * 20, "é", "😀", "tab\there", "0", "-1"]

# ---- format(value, spec) -----------------------------------------------------------------------

FILL_ALIGN = ["", "<", ">", "^", "=", "*<", "0>", "x^", "가>", "0=", " ^"]
SIGNS = ["", "+", "-", " "]
WIDTHS = ["", "1", "8", "15", "30"]
GROUPS = ["", ",", "_"]
PRECS = ["", ".0", ".1", ".2", ".3", ".6", ".10", ".17", ".25"]
FLOAT_TYPES = ["", "e", "E", "f", "F", "g", "G", "n", "%"]
INT_TYPES = ["", "b", "c", "d", "o", "x", "X", "n", "e", "f", "g", "%", "s"]
SPEC_ALPHABET = "<>=^+- z#0123456789,_.eEfFgGnxXbocds%!{}가é"


def random_spec(types):
    return "".join([rng.choice(FILL_ALIGN), rng.choice(SIGNS), rng.choice(["", "z"]) if rng.random() < 0.2 else "",
                    "#" if rng.random() < 0.2 else "", "0" if rng.random() < 0.2 else "", rng.choice(WIDTHS),
                    rng.choice(GROUPS) if rng.random() < 0.4 else "", rng.choice(PRECS), rng.choice(types)])


def garbage_spec():
    return "".join(rng.choice(SPEC_ALPHABET) for _ in range(rng.randint(1, 6)))


format_cases = []


def add_format(kind, value, spec):
    encoded = fhex(value) if kind == "float" else value
    format_cases.append([kind, encoded, spec, outcome(lambda: format(value, spec))])


for x in FLOATS:
    for t in FLOAT_TYPES:
        for p in ["", ".0", ".2", ".17"]:
            add_format("float", x, p + t)
    for _ in range(25):
        add_format("float", x, random_spec(FLOAT_TYPES))
    for _ in range(3):
        add_format("float", x, garbage_spec())
for x in [0.0, -0.0, 2.5, 0.125, 2.675, 1e22, 1.005, -0.0001, 1e16]:
    for t in FLOAT_TYPES:
        for p in PRECS:
            for flags in ["", "#", "z", "+", "0", "08", "_", ","]:
                add_format("float", x, flags + p + t)
for x in INTS:
    for t in INT_TYPES:
        for flags in ["", "#", "+", " ", "08", "#010", ",", "_", "z", ".2", "^12", "*>9", "=+9"]:
            add_format("int", x, flags + t)
    for _ in range(20):
        add_format("int", x, random_spec(INT_TYPES))
    for _ in range(3):
        add_format("int", x, garbage_spec())
for b in [True, False]:
    for t in INT_TYPES + ["", "5", ">6"]:
        for flags in ["", "#", "+", "08", "_"]:
            add_format("bool", b, flags + t)
for s in STRS:
    for spec in ["", "s", "5", "<5", ">5", "^5", "^6", "=5", "05", "*^9", "가>6", ".2", ".0", "10.3", "+", " ", "-",
                 "z", "#", ",", "_", "d", "x", "5s", ".1s", ">1", "😀<4", "\t^5", "^", ".50"]:
        add_format("str", s, spec)
    for _ in range(30):
        add_format("str", s, random_spec(["", "s", "", "d"]))
    for _ in range(5):
        add_format("str", s, garbage_spec())
# Every format code, for each type's error text.
for c in [chr(k) for k in range(33, 127)] + ["é", "가", "\x7f", "\x01"]:
    add_format("int", 5, c)
    add_format("float", 1.5, c)
    add_format("str", "ab", c)
for spec in ["99999999999999999999", "9223372036854775807", "9223372036854775808", ".99999999999999999999",
             ".2147483648f", ",_", "_,", ",,", "__", "._", ".,", "5.", ".", "5.f", "0", "00", "000", "0>0",
             "=", "+=", "z=", "#=", "0=5", "<0", "10,", "010,", "012,", "09_", "010_x", "016_b", "#012_b",
             "\uff15", ".\uff12f", "\uff10\uff15"]:
    for kind, v in [("int", 1234), ("float", -1234.5), ("str", "abc")]:
        add_format(kind, v, spec)

object_cases = []
for v in [None, [1, 2]]:
    for spec in ["", "s", ">5", "d"]:
        object_cases.append([repr(v), type(v).__name__, str(v), spec, outcome(lambda: format(v, spec))])

# ---- repr --------------------------------------------------------------------------------------

repr_cases = [[fhex(x), repr(x)] for x in FLOATS]
for e in range(-30, 30):
    for m in [1.0, 1.5, 9.999999999999998, 1.2345678901234567]:
        x = m * 10.0 ** e
        repr_cases.append([fhex(x), repr(x)])

# ---- str.format structure ----------------------------------------------------------------------


def tag(v):
    """A value for the C++ test: its kind, type name, str, repr, ascii (and contents)."""
    texts = [type(v).__name__, str(v), repr(v), ascii(v)]
    if isinstance(v, bool):
        return ["b", v] + texts
    if isinstance(v, int):
        return ["i", v] + texts
    if isinstance(v, float):
        return ["f", fhex(v)] + texts
    if isinstance(v, str):
        return ["s", v] + texts
    if v is None:
        return ["n", None] + texts
    if isinstance(v, list):
        return ["l", [tag(e) for e in v]] + texts
    if isinstance(v, tuple):
        return ["t", [tag(e) for e in v]] + texts
    if isinstance(v, dict):
        return ["d", [[k, tag(e)] for k, e in v.items()]] + texts
    raise TypeError(v)


def parse_pieces(text):
    """_string.formatter_parser, with literal-only items folded into the next (as the core does)."""
    pieces, error, pending = [], None, ""
    it = _string.formatter_parser(text)
    while True:
        try:
            literal, field, spec, conv = next(it)
        except StopIteration:
            break
        except ValueError as e:
            error = ["ValueError", str(e)]
            break
        pending += literal
        if field is not None:
            pieces.append([pending, field, spec, conv or ""])
            pending = ""
    if pending:
        pieces.append([pending, None, None, ""])
    return pieces, error


FIELD_PARTS = ["{}", "{0}", "{1}", "{2}", "{name}", "{0!r}", "{0!s}", "{0!a}", "{!r:>8}", "{:>{}}", "{0:{1}}",
               "{0[1]}", "{lst[0]}", "{d[k]}", "{0.real}", "{x.imag}", "{{", "}}", "{", "}", "{0", "{!}", "{0!}",
               "{:{:{}}}", "{0:{1:{2}}}", "{0!x}", "{0!rr}", "{[}", "{0.}", "{0[}", "{0]x}", "{0[0]x}",
               "{0[]}", "{99999999999999999999}", "{0[99999999999999999999]}", "{0:{1}.{2}f}", "{0.nope}",
               "{name!r:^10}", "{:,}", "{:08.3f}", "{0:}", "{0!r:}", "{x}", "{0[1]:>{1}}", "{a{b}",
               "{0:{}}", "{:{0}}", "{0[-1]}", "{lst[5]}", "{lst[x]}", "{d[zz]}", "{3}", "{0!é}", "{0[:]}",
               "{0.real.real}", "{0!r:{1}}", "{0:x}", "{0:d}", "{name:d}"]
LITERALS = ["", "a", " = ", "값: ", "é", "안녕 ", "\n"]


def random_format_text():
    return "".join(rng.choice(LITERALS) + rng.choice(FIELD_PARTS) for _ in range(rng.randint(1, 3))) + rng.choice(LITERALS)


ARG_POOL = [5, -3, 0, 2.675, -0.5, 1e16, "abc", "안녕", True, None, [1, 2.5, "x"], 1234, float("nan"), 3]

parse_cases, field_cases, format_string_cases = [], [], []
texts = set()
for part in FIELD_PARTS:
    texts.add(part)
    texts.add("a" + part + "b")
while len(texts) < 700:
    texts.add(random_format_text())
for text in sorted(texts):
    pieces, error = parse_pieces(text)
    parse_cases.append([text, pieces, error])
    args = [rng.choice(ARG_POOL) for _ in range(rng.randint(0, 4))]
    kwargs = {}
    if rng.random() < 0.7:
        kwargs = {"name": rng.choice(ARG_POOL), "x": rng.choice([1.5, 7, "s"]), "lst": [10, "b", 2.5],
                  "d": {"k": rng.choice(ARG_POOL)}}
    for attempt in [(args, kwargs), ([rng.choice([4, 6, 10, ">5", ".2f", 3])] + args, kwargs)]:
        a, k = attempt
        format_string_cases.append([text, [tag(v) for v in a], [[n, tag(v)] for n, v in k.items()],
                                    outcome(lambda: text.format(*a, **k))])

FIELD_NAMES = ["", "0", "12", "name", "a.b", "a[0]", "a[x]", "a.b[1].c", "[0]", ".x", "0.", "a[", "a[0", "a]",
               "a[0]x", "a[0].", "a[]", "a..b", "a[0][1]", "99999999999999999999", "a[99999999999999999999]",
               "\uff11", "a[\uff12]", "a[-1]", "a[ 1]", "가.나", "0[1].real[2]", "a.b.", "a[0]]"]
for name in FIELD_NAMES:
    try:
        first, rest = _string.formatter_field_name_split(name)
    except ValueError as e:
        field_cases.append([name, None, [], ["ValueError", str(e)]])
        continue
    items, error = [], None
    while True:
        try:
            is_attr, key = next(rest)
        except StopIteration:
            break
        except ValueError as e:
            error = ["ValueError", str(e)]
            break
        items.append([is_attr, key])
    field_cases.append([name, first, items, error])

# ---- % -----------------------------------------------------------------------------------------

PCT_FLAGS = ["", "-", "+", " ", "#", "0", "-0", "+0", "#0", " 0", "+-", "#-"]
PCT_WIDTHS = ["", "1", "5", "12", "*"]
PCT_PRECS = ["", ".", ".0", ".2", ".6", ".12", ".*"]
PCT_TYPES = list("diuoxXeEfFgGcrsa%") + ["y", "z", "ld", "hx", "é"]
PCT_VALUES = [0, 1, -1, 42, -42, 255, 65, 44032, INT64_MAX, INT64_MIN, 0x110000, True, False, 3.9, -3.9, 2.5,
              0.125, 2.675, 1e16, -0.0, 1e300, float("inf"), float("nan"), "a", "abc", "안녕", "", None, [1, 2]]

percent_cases = []


def add_percent(text, operand):
    percent_cases.append([text, tag(operand), outcome(lambda: text % operand)])


for t in PCT_TYPES:
    for v in PCT_VALUES:
        add_percent("%" + t, v)
        add_percent("[%5" + t + "]", (v,))
for _ in range(2500):
    t = rng.choice(PCT_TYPES)
    spec = "%" + rng.choice(PCT_FLAGS) + rng.choice(PCT_WIDTHS) + rng.choice(PCT_PRECS) + t
    args = []
    if "*" in spec:
        args += [rng.choice([8, -8, 3, 0, 2.0, "x", True])] * spec.count("*")
    args.append(rng.choice(PCT_VALUES))
    add_percent(rng.choice(["", "x=", "값 "]) + spec + rng.choice(["", "|", " 끝"]), tuple(args))
for text, operand in [("%s %s", (1,)), ("%s", (1, 2)), ("%s", ()), ("abc", 5), ("abc", ()), ("abc", [1]),
                      ("%(a)s", {"a": 1}), ("%(a)s %(b)d", {"a": "x", "b": 2}), ("%(a)s", {}), ("%(a)s", (1,)),
                      ("%(a)s", [1]), ("%(a)s %s", {"a": 1}), ("%s", {"a": 1}), ("%(a", {"a": 1}),
                      ("%(a(b))s", {"a(b)": 3}), ("%(a)*d", {"a": 5}), ("%(a)", {"a": 1}), ("%", ()), ("%5", (1,)),
                      ("%.", (1,)), ("%5%", ()), ("%5%", (1,)), ("%%", ()), ("%%%s", ("a",)), ("%s%", ("a",)),
                      ("%*d", ("a", 1)), ("%.*d", (1.0, 1)), ("%*.*f", (8, 3, 3.14159)), ("%*d", (-5, 3)),
                      ("%.*f", (-3, 3.14159)), ("%.*f", (2 ** 40, 1.0)), ("%c", "ab"), ("%c", 1.5), ("%c", "가"),
                      ("%s and %r", ("안녕", "안녕")), ("%a", ("안녕",)), ("%-8s|", "안녕"), ("%8.1s|", "안녕"),
                      ("%d %y", ("a", 1)), ("%y %d", (1, "a")), ("%99999999999999999999d", (1,)),
                      ("%.99999999999999999999d", (1,)), ("%s" * 3, (1, 2, 3)), ("%(x)s %(x)r", {"x": "q"}),
                      ("%s", None), ("%d", None), ("%f", None), ("%x", 2.0), ("%o", 8.0), ("%X", True),
                      ("%d", 1e20), ("%d", -1e19), ("%i", 2 ** 63 * 1.0), ("%c", -1), ("%c", 0x10FFFF),
                      ("a%sb\x00c", (1,)), ("%\x00", (1,)), ("%s%%%s", (1, 2)), ("%-+08.3f|", (3.14159,)),
                      ("% 08.3e|", (-3.14159,)), ("%#08o|%#-8x|", (8, 255)), ("%#.3x", (5,)), ("%0#8x", (255,))]:
    add_percent(text, operand)

# ---- rounding ----------------------------------------------------------------------------------

round_cases, round_int_cases, np_round_cases, np_round_int_cases = [], [], [], []
ROUND_FLOATS = FLOATS + [0.5, 1.5, 2.5, 3.5, -0.5, -1.5, 0.4999999999999999, 4503599627370497.0, 2.0 ** 63,
                         -(2.0 ** 63), 9.2233720368547758e18, 1e19, 25.0, 35.0, 15.0, 5.0, 50.0, 0.0005, 1234.5,
                         5e307, 1.7e308, 1.15, 1.25, 1.35, 2.345, 0.285, 1.4999999999999998]
for x in ROUND_FLOATS:
    round_cases.append([fhex(x), None, int_outcome(lambda: round(x))])
    for n in list(range(-12, 19)) + [-400, -309, -308, -307, 22, 300, 322, 323, 324, 400, 10 ** 18]:
        round_cases.append([fhex(x), n, outcome(lambda: round(x, n), fhex)])
for _ in range(400):
    x = round(rng.uniform(-1e6, 1e6), rng.randint(0, 8)) + rng.choice([0, 5e-9, -5e-9])
    n = rng.randint(-7, 9)
    round_cases.append([fhex(x), n, outcome(lambda: round(x, n), fhex)])
for x in INTS + [5, 15, 25, 35, -5, -15, -25, 45, 150, 250, 1250, -1250, 9223372036854775807, 9223372036854775805]:
    for n in [-25, -20, -19, -18, -10, -5, -3, -2, -1, 0, 1, 5]:
        round_int_cases.append([x, n, int_outcome(lambda: round(x, n))])
for x in ROUND_FLOATS:
    for n in list(range(-12, 19)) + [-30, -22, -23, 22, 23, 30, 300, 308, 309, 320]:
        with np.errstate(all="ignore"):
            scalar = np.round(np.float64(x), n)
            array = np.round(np.array([x, x], dtype=np.float64), n)
            via_round = round(np.float64(x), n)
        # The scalar, the array and round(np.float64) all take NumPy's scaling path.
        assert all(fhex(v) == fhex(scalar) for v in (array[0], array[1], via_round)), (x, n)
        np_round_cases.append([fhex(x), n, fhex(scalar)])
for x in INTS[:30] + [5, 15, 25, 35, -25, 45, 150, 250, 1250, -1250]:
    for n in [-20, -19, -18, -10, -5, -3, -2, -1, 0, 1, 5]:
        with np.errstate(all="ignore"):
            scalar = np.round(np.int64(x), n)
            array = np.round(np.array([x], dtype=np.int64), n)
        assert int(array[0]) == int(scalar) and scalar.dtype == np.int64, (x, n)
        np_round_int_cases.append([x, n, int(scalar)])

# ---- int(str), float(str) ----------------------------------------------------------------------

NUM_TEXTS = ["0", "1", "-1", "+1", " 42 ", "\t7\n", "1_000", "1__000", "_1", "1_", "0x1f", "0X1F", "0o17", "0b101",
             "0x_1f", "0x", "0_0", "00", "010", "0b", "1e5", "1.5", "1.", ".5", ".", "", " ", "-", "+-1", "- 1",
             "inf", "-inf", "+inf", "Infinity", "-INFINITY", "iNfInItY", "infinit", "infinityx", "nan", "-nan",
             "+NaN", "nan1", "1e", "1e+", "1e-5", "1E5", "1e5_0", "1_e5", "1e_5", "1.5_5", "1_.5", "1._5",
             "\u3000１２\u3000", "١٢٣", "１_０", "1\u00a0", "\u20031.5", "12a", "abc", "9" * 19, "9" * 20,
             "-9223372036854775808", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
             "0" * 30 + "1", "1" + "0" * 400, "0.1" + "0" * 300 + "1", "4.9406564584124654e-324", "2e-324",
             "1e400", "-1e400", "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
             "2.2250738585072011e-308", "0.30000000000000004", "123456789012345678901234567890", "0x1p3",
             "1\x00", "\x1c1", "1\x1f", "\x0b1\x0c", "z", "가", "1가", "٣.٥", "1e٣", "ff", "FF", "zz", "0z",
             "1" * 4301, "12_34", "0_7", "07", "-0", "-0.0", "+0.0", "0e0", "5_", "__"]
# Every script's digits and every whitespace character, through int() and float().
UNICODE_TEXTS = []
for z in [c for c in range(0x110000) if unicodedata.decimal(chr(c), -1) == 0]:
    UNICODE_TEXTS += [chr(z + 1) + chr(z + 2) + chr(z + 3), chr(z + 9) + "." + chr(z + 5), chr(z + 10) + chr(z)]
for c in [c for c in range(0x110000) if chr(c).isspace()]:
    UNICODE_TEXTS.append(chr(c) + "1" + chr(c))
RANDOM_TEXTS = ["".join(rng.choice("0123456789_+-. eExXoObBaAfFiInN\t\u3000１٣") for _ in range(rng.randint(1, 8)))
                for _ in range(250)]

parse_int_cases, parse_float_cases = [], []
for texts, bases in [(NUM_TEXTS, [10, 0, 16, 2, 8, 36, 1, 37]), (UNICODE_TEXTS, [10, 0]), (RANDOM_TEXTS, [10, 0, 16])]:
    for text in texts:
        for base in bases:
            parse_int_cases.append([text, base, repr(text), int_outcome(lambda: int(text, base))])
        parse_float_cases.append([text, repr(text), outcome(lambda: float(text), fhex)])

# ---- out ---------------------------------------------------------------------------------------

cases = {
    "python": sys.version.split()[0],
    "numpy": np.__version__,
    "decimal_zeros": [c for c in range(0x110000) if unicodedata.decimal(chr(c), -1) == 0],
    "decimal_count": sum(1 for c in range(0x110000) if unicodedata.decimal(chr(c), -1) >= 0),
    "spaces": [c for c in range(0x110000) if chr(c).isspace()],
    "repr": repr_cases,
    "format": format_cases,
    "format_object": object_cases,
    "parse_format": parse_cases,
    "field_name": field_cases,
    "format_string": format_string_cases,
    "percent": percent_cases,
    "round": round_cases,
    "round_int": round_int_cases,
    "np_round": np_round_cases,
    "np_round_int": np_round_int_cases,
    "parse_int": parse_int_cases,
    "parse_float": parse_float_cases,
}
with open(OUT, "w", encoding="utf-8") as f:
    json.dump(cases, f, ensure_ascii=False, separators=(",", ":"))
    f.write("\n")
total = sum(len(v) for v in cases.values() if isinstance(v, list) and v and isinstance(v[0], list))
print(f"wrote {OUT}: {total} cases")
