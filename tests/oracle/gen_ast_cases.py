"""Writes tests/golden/ast_cases.json: what Python 3.11's ast module makes of valid programs, node
by node, so the C++ parser's tree can be compared with CPython's, positions included.

Run with Debian's Python 3.11:  /usr/bin/python3 tests/oracle/gen_ast_cases.py

For each source, `nodes` lists every node that has a position, in ast.walk order (breadth first,
children in field order): [type, lineno, col_offset, end_lineno, end_col_offset, detail...].
Columns are UTF-8 byte offsets, as in CPython. The detail makes the comparison about content
too: a Name's id and context, a Constant's type and value, operators, attribute and argument
names. tests/test_parser.cpp walks the C++ tree in the same order and compares every entry.
"""
import ast
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# TLAB_GOLDEN_DIR lets the freshness test write a second copy elsewhere and compare.
GOLDEN = os.environ.get("TLAB_GOLDEN_DIR", os.path.join(HERE, "..", "golden"))

SOURCES = [
    # literals
    "x = 1\n",
    "x = 1_000_000\n",
    "x = 0x_FF + 0o17 + 0b1010 + 0XaB\n",
    "x = 9223372036854775807\n",
    "x = 0\ny = 00\nz = 0_0\n",
    "x = 1.5 + .5 + 1. + 1e10 + 1E-5 + 1_0.0_1e+1_0\n",
    "x = 1e400\n",
    "x = True, False, None, ...\n",
    "s = 'a' \"b\" '''c''' \"\"\"d\"\"\"\n",
    "s = 'it\\'s' + \"\\\"q\\\"\" + '\\\\'\n",
    "s = '\\n\\t\\r\\a\\b\\f\\v\\0\\x41\\101\\u00e9\\U0001F600'\n",
    "s = r'\\n\\d' + R'x' + u'uni'\n",
    "b = b'bytes\\x00\\xff' + rb'\\d' + Br'x'\n",
    "s = '한글 문자열' + '\\uAC00'\n",
    "s = '''line1\nline2\n  line3'''\n",
    "s = 'first' \\\n    'second'\n",
    "s = ('implicit'\n     ' concatenation'\n     ' over lines')\n",
    "s = '\\q\\w'\n",
    "s = 'abc\\\ndef'\n",
    "s = ''\nt = \"\"\nu = ''''''\n",
    # f-strings
    "f'{x}'\n",
    "f'a{x}b{y}c'\n",
    "f'{x!r} {y!s} {z!a}'\n",
    "f'{x:>10} {y:.{p}f} {z:{w}.{p}}'\n",
    "f'{x=}'\n",
    "f'{x = }'\n",
    "f'{x=!s}'\n",
    "f'{x=:>5}'\n",
    "f'{{}} {{{x}}}'\n",
    "f'{ x }'\n",
    "f'{x}' f'{y}'\n",
    "'plain ' f'{x}' ' tail'\n",
    "f'{x}' 'b' f'{y!r:^{w}}'\n",
    "f'{a[0]}{b.c}{d(e)}{f + g}'\n",
    "f'{\"inner\"}'\n",
    "f'{x:{y}}'\n",
    "f'{x}{x}'\n",
    "x = f'''\n{a}\n  {b!r}\n'''\n",
    "x = 1; y = f'{x}{y:>{x}}'\n",
    "print(f'점수: {점수:.2f} {이름}')\n",
    "f'{3.14:.1f}' + f'{len(xs)}'\n",
    "F'{x}' + rf'{y}\\d' + fR'{z}'\n",
    "f'{x if y else z}'\n",
    "f'{lambda_:3}'\n",
    "f'{a:{b}{c}}'\n",
    "f'a' 'b'\n",
    "f''\n",
    "f'{x}' ''\n",
    "f'{f\"{y}\"}'\n",
    "x = f'한글 {a} {b!r}'\n",
    "x = f'''a\n{b}\n{c:>{d}}'''\n",
    "x = (f'{a}'\n     f'{b}')\n",
    "x = f'{a}' \\\n  f'{b}'\n",
    "x = f\"{'a' if b else 'c'}\"\n",
    "x = f'{a[\"k\"]}'\n",
    "x = f'{x:=^10}'\n",
    "x = f'{x!r:{y}>{z}}'\n",
    "x = f'{ {1: 2}[1] }'\n",
    "x = f'{a}{{}}{b}'\n",
    "print(f'{a!r}', f'{b=}')\n",
    "x = f'{(lambda: 1)()}'\n",
    "x = f'{a:%Y-%m-%d}'\n",
    "if x:\n    y = f'{x}' + f'''\n    {z}'''\n",
    # names
    "점수 = 90\n이름 = '철수'\nprint(점수, 이름)\n",
    "_x = __y__ = x1 = Ä = 1\n",
    "ｆｕｌｌ = 1\n",
    # operators and precedence
    "x = -2 ** 2\n",
    "x = 2 ** -1\n",
    "x = a ** b ** c\n",
    "x = -a ** -b ** -c\n",
    "x = ~a + +b - -c\n",
    "x = a + b * c - d / e // f % g @ h\n",
    "x = a << 1 >> 2 & 3 ^ 4 | 5\n",
    "x = (a + b) * c\n",
    "x = ((a))\n",
    "x = a < b <= c > d >= e == f != g\n",
    "x = a in b not in c is d is not e\n",
    "x = not a and b or not c and not not d\n",
    "x = a or b or c\n",
    "x = a and b and c or d\n",
    "x = a if b else c if d else e\n",
    "x = (a if b else c)\n",
    "x = not a == b\n",
    "x = a - b - c\n",
    "x = a | b & c ^ d\n",
    "x = -x.y[0](1) ** 2\n",
    # calls, attributes, subscripts, slices
    "f()\n",
    "f(a, b, c=1, *args, d=2, **kw)\n",
    "f(*a, *b, **c, **d)\n",
    "f(a, *b, c, d=e, *f, g=h, **i)\n",
    "f(x for x in y)\n",
    "f((x for x in y), 1)\n",
    "f(a)(b)(c)\n",
    "a.b.c.d\n",
    "np.array([1, 2, 3]).reshape(3, 1).T\n",
    "a[0]\n",
    "a[1:2]\n",
    "a[:]\n",
    "a[::]\n",
    "a[1:]\n",
    "a[:2]\n",
    "a[::3]\n",
    "a[1:2:3]\n",
    "a[1:2, 3]\n",
    "a[:, 0]\n",
    "a[..., 1]\n",
    "a[1,]\n",
    "a[(1, 2)]\n",
    "a[*b]\n",
    "a[b:=1]\n",
    "a[i][j][k]\n",
    "x[0] = y[1:2] = 3\n",
    # displays and comprehensions
    "x = []\ny = [1]\nz = [1, 2,]\n",
    "x = ()\ny = (1,)\nz = (1, 2)\nw = 1, 2\nv = 1,\n",
    "x = {}\ny = {1: 2}\nz = {1: 2, **d, 3: 4,}\n",
    "x = {1}\ny = {1, 2, *s}\n",
    "x = [*a, *b]\n",
    "x = [i for i in range(10)]\n",
    "x = [i * j for i in a if i for j in b if j if i > j]\n",
    "x = {i for i in a}\n",
    "x = {k: v for k, v in d.items()}\n",
    "x = (i for i in a)\n",
    "x = [[j for j in i] for i in m]\n",
    "x = [(a, b) for a, b in zip(x, y)]\n",
    "x = [y := f(x), y ** 2]\n",
    "if (n := len(a)) > 10:\n    pass\n",
    "x = [a for *b, c in d]\n",
    "x = sum(i for i in range(3))\n",
    # lambda
    "f = lambda: 0\n",
    "f = lambda x: x + 1\n",
    "f = lambda x, y=1, *a, z, w=2, **k: x\n",
    "f = lambda a, /, b, *, c: a\n",
    "f = lambda *, a=1: a\n",
    "f = lambda *a, **k: (a, k)\n",
    "f = lambda x: lambda y: x + y\n",
    # statements
    "x = y = z = 0\n",
    "a, b = b, a\n",
    "(a, b), c = d\n",
    "[a, b] = c\n",
    "a, *b = c\n",
    "*a, b = c\n",
    "a, = b\n",
    "x.y = z.w = 1\n",
    "x += 1\nx -= 2\nx *= 3\nx /= 4\nx //= 5\nx %= 6\nx **= 7\nx @= 8\nx &= 9\nx |= 10\nx ^= 11\nx <<= 12\nx >>= 13\n",
    "a.b += 1\na[0] -= 1\n",
    "x: int\ny: int = 5\n(z): float = 1.0\na.b: str\nc[0]: list = []\n",
    "x: list[int] = []\n",
    "if a:\n    pass\n",
    "if a:\n    b\nelif c:\n    d\nelif e:\n    f\nelse:\n    g\n",
    "if a: b\nelse: c\n",
    "if a:\n    if b:\n        c\n    else:\n        d\n",
    "for i in range(10):\n    print(i)\n",
    "for i, (j, k) in x:\n    pass\nelse:\n    done()\n",
    "for x in 1, 2, 3:\n    pass\n",
    "while x < 10:\n    x += 1\n    if x == 5:\n        break\n    continue\nelse:\n    pass\n",
    "def f():\n    pass\n",
    "def f(a, b=1, *args, c, d=2, **kwargs):\n    return a\n",
    "def f(a, b, /, c, *, d):\n    return\n",
    "def f(a=1, /, b=2, *, c=3):\n    return a, b\n",
    "def f(*, a):\n    pass\n",
    "def f(x: int, y: 'str' = 'a', *args: int, z: float = 1.0, **kw: dict) -> bool:\n    return True\n",
    "def f():\n    x = 0\n    def g():\n        nonlocal x\n        x = 1\n    global y\n    return g\n",
    "def softmax(z):\n    e = np.exp(z - z.max(axis=-1, keepdims=True))\n    return e / e.sum(axis=-1, keepdims=True)\n",
    "class A:\n    pass\n",
    "class A(B, C, metaclass=M, **kw):\n    x = 1\n    def f(self):\n        return self.x\n",
    "class A():\n    '''doc'''\n",
    "try:\n    x\nexcept ValueError:\n    pass\n",
    "try:\n    x\nexcept (A, B) as e:\n    raise\nexcept C:\n    raise X from e\nexcept:\n    pass\nelse:\n    y\nfinally:\n    z\n",
    "try:\n    x\nfinally:\n    y\n",
    "raise\n",
    "raise ValueError('bad')\n",
    "raise ValueError from None\n",
    "assert x\nassert x, 'message'\n",
    "import numpy\nimport numpy as np\nimport os.path, sys as system\n",
    "from numpy import array\nfrom numpy import array as arr, zeros\nfrom . import a\nfrom .. import b\nfrom .m import c\nfrom ...n import d\n",
    "from x import (a, b as c,)\n",
    "from x import *\n",
    "global a, b\n",
    "del x\ndel x[0], y.z\ndel (a, b), [c]\ndel x,\n",
    "pass; pass\n",
    "x = 1; y = 2;\n",
    "return_value = 1\n",
    "print('hello')\n",
    "print(*args, sep='', end='\\n')\n",
    # layout: blank lines, comments, line endings, tabs, form feeds, no final newline
    "\n\n# comment\nx = 1  # trailing\n\n\n",
    "x = 1",
    "if x:\n    y = 1",
    "x = 1\r\ny = 2\r\n",
    "if x:\r\n    y\r\n",
    "x = 1\ry = 2\r",
    "if x:\n\ty = 1\n\tz = 2\n",
    "\x0cx = 1\n\x0cif x:\n\x0c    y\n",
    "x = [\n    1,\n    2,\n]\n",
    "x = (1 +\n     2)\n",
    "x = 1 + \\\n    2\n",
    "if x:\n    # comment\n\n    y\n  # odd comment\n    z\n",
    "def f():\n    '''docstring\n    more'''\n    return 1\n",
    "x = '가' + f'{y}' + \"나\"\n",
    "a = [1, 2, 3]\nb = np.array([[1, 2], [3, 4]])\nprint(a @ b, b.shape, b[0, 1])\n",
    "df = pd.DataFrame({'a': [1, 2], 'b': [3, 4]}, index=['x', 'y'])\nprint(df)\n",
    "for i in range(3):\n    for j in range(3):\n        if i == j:\n            continue\n        print(i, j, end=' ')\n",
    "def 함수(값=1, *나머지, **키워드):\n    return 값\n",
]


def ctx(c):
    return type(c).__name__


def detail(n):
    if isinstance(n, ast.Name):
        return [n.id, ctx(n.ctx)]
    if isinstance(n, ast.Constant):
        v = n.value
        if v is None:
            return ["None"]
        if v is Ellipsis:
            return ["Ellipsis"]
        if isinstance(v, bool):
            return ["bool", v]
        if isinstance(v, int):
            return ["int", v]
        if isinstance(v, float):
            return ["float", v] if v != float("inf") else ["float", "inf"]
        if isinstance(v, str):
            return ["str", v]
        if isinstance(v, bytes):
            return ["bytes", v.hex()]
        raise AssertionError(f"constant {v!r}")
    if isinstance(n, (ast.BinOp, ast.AugAssign)):
        return [type(n.op).__name__]
    if isinstance(n, (ast.UnaryOp, ast.BoolOp)):
        return [type(n.op).__name__]
    if isinstance(n, ast.Compare):
        return [type(o).__name__ for o in n.ops]
    if isinstance(n, ast.Attribute):
        return [n.attr, ctx(n.ctx)]
    if isinstance(n, (ast.Subscript, ast.Starred, ast.List, ast.Tuple)):
        return [ctx(n.ctx)]
    if isinstance(n, ast.FormattedValue):
        return [n.conversion]
    if isinstance(n, (ast.FunctionDef, ast.ClassDef)):
        return [n.name]
    if isinstance(n, ast.arg):
        return [n.arg]
    if isinstance(n, ast.keyword):
        return [n.arg or ""]
    if isinstance(n, ast.alias):
        return [n.name, n.asname or ""]
    if isinstance(n, ast.ImportFrom):
        return [n.module or "", n.level]
    if isinstance(n, (ast.Global, ast.Nonlocal)):
        return list(n.names)
    if isinstance(n, ast.ExceptHandler):
        return [n.name or ""]
    if isinstance(n, ast.AnnAssign):
        return [n.simple]
    return []


def nodes(source):
    tree = ast.parse(source, "<cell 1>", "exec")
    compile(source, "<cell 1>", "exec")  # the compiler accepts it too
    out = []
    for n in ast.walk(tree):
        if hasattr(n, "lineno"):
            out.append([type(n).__name__, n.lineno, n.col_offset, n.end_lineno, n.end_col_offset] + detail(n))
    return out


def main():
    if len(set(SOURCES)) != len(SOURCES):
        raise AssertionError("a source is listed twice")
    cases = [{"source": s, "nodes": nodes(s)} for s in SOURCES]
    out = {"python": sys.version.split()[0], "cases": cases}
    with open(os.path.join(GOLDEN, "ast_cases.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=None, separators=(",", ":"))
        f.write("\n")
    print(f"{len(cases)} sources, {sum(len(c['nodes']) for c in cases)} nodes")


if __name__ == "__main__":
    main()
