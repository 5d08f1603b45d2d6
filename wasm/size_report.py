#!/usr/bin/env python3
"""Where the page's wasm bytes go: per section, per source file or library, per function.

    /usr/bin/python3 wasm/size_report.py build/wasm/web/tlab-core.wasm \
        [--objects build/wasm/core/CMakeFiles/tlab_core.dir] [--top 40] [--group 'regex']

Reads the module as shipped and the symbol map the link writes beside it (`tlab-core.js.symbols`,
from --emit-symbol-map: function index -> name, so the shipped bytes are measured, not a
build with names kept). Each function body is put in a group:
  - a file of the core (core/src/...cpp) when exactly one of its objects defines the symbol
    (llvm-nm on the LTO bitcode objects of --objects; after LTO, code inlined into a caller counts
    for the caller);
  - else by the library its name belongs to: {fmt}, nlohmann::json, Eigen, libc++ (std::), libc
    and the compiler runtime (C names), or "templates in several core files".
Sizes are raw body bytes and an estimate of each group's share of the gzip size (its bodies
gzipped together; groups compress worse apart, so the shares add up to more than the whole).
"""
import argparse
import collections
import gzip
import os
import re
import subprocess
import sys


def leb(data, pos):
    result = shift = 0
    while True:
        b = data[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return result, pos


def read_name(data, pos):
    n, pos = leb(data, pos)
    return data[pos:pos + n].decode("utf-8", "replace"), pos + n


SECTION_NAMES = {0: "custom", 1: "type", 2: "import", 3: "function", 4: "table", 5: "memory",
                 6: "global", 7: "export", 8: "start", 9: "element", 10: "code", 11: "data",
                 12: "datacount", 13: "tag"}


def parse(path):
    data = open(path, "rb").read()
    assert data[:4] == b"\0asm", "not a wasm module"
    pos = 8
    sections, bodies, segments = [], [], []
    imported_funcs = 0
    while pos < len(data):
        sid = data[pos]
        size, start = leb(data, pos + 1)
        end = start + size
        name = SECTION_NAMES.get(sid, str(sid))
        if sid == 0:
            name = "custom " + read_name(data, start)[0]
        sections.append((name, end - pos))
        if sid == 2:  # imports: functions among them take the first function indices
            count, p = leb(data, start)
            for _ in range(count):
                _, p = read_name(data, p)
                _, p = read_name(data, p)
                kind = data[p]
                p += 1
                if kind == 0:
                    _, p = leb(data, p)
                    imported_funcs += 1
                elif kind == 1:  # table: reftype, limits
                    p += 1
                    flags, p = leb(data, p)
                    _, p = leb(data, p)
                    if flags & 1:
                        _, p = leb(data, p)
                elif kind == 2:  # memory: limits
                    flags, p = leb(data, p)
                    _, p = leb(data, p)
                    if flags & 1:
                        _, p = leb(data, p)
                elif kind == 3:  # global: valtype, mut
                    p += 2
                elif kind == 4:  # tag: attribute, type index
                    p += 1
                    _, p = leb(data, p)
        elif sid == 10:
            count, p = leb(data, start)
            for k in range(count):
                n, q = leb(data, p)
                bodies.append((imported_funcs + k, data[q:q + n]))
                p = q + n
        elif sid == 11:
            count, p = leb(data, start)
            for _ in range(count):
                flags, p = leb(data, p)
                if flags == 0 or flags == 2:
                    if flags == 2:
                        _, p = leb(data, p)
                    # the offset expression: i32.const N or global.get G, then end (a
                    # scan for 0x0B would stop inside N's LEB bytes)
                    if data[p] in (0x41, 0x23):
                        p += 1
                        while data[p] & 0x80:
                            p += 1
                        p += 1
                    if data[p] != 0x0B:
                        raise ValueError(f"data segment offset: unexpected opcode {data[p]:#x}")
                    p += 1
                n, p = leb(data, p)
                segments.append(data[p:p + n])
                p += n
        pos = end
    return data, sections, bodies, segments


def unescape(name):
    # The symbol map holds names as the wasm name section does: demangled, with the characters
    # outside [A-Za-z0-9_.$:<>*&~-] written as \XX (hex).
    return re.sub(r"\\([0-9a-f]{2})", lambda m: chr(int(m.group(1), 16)), name)


def defining_objects(obj_dir):
    """demangled name -> set of core source files whose (bitcode) object defines it."""
    owners = collections.defaultdict(set)
    objects = []
    for root, _, files in os.walk(obj_dir):
        objects += [os.path.join(root, f) for f in files if f.endswith(".o")]
    for obj in sorted(objects):
        src = os.path.relpath(obj, obj_dir)[:-2]  # src/python/eval.cpp
        res = subprocess.run(["llvm-nm", "--defined-only", "--no-sort", "--demangle", obj],
                             capture_output=True, text=True)
        for line in res.stdout.splitlines():
            parts = line.split(" ", 2)  # "-------- T name with spaces"
            if len(parts) == 3 and parts[1] in "TtWw":
                owners[parts[2]].add(src)
    return owners


def qualified_name(demangled):
    """'std::X<...> fmt::v9::detail::write<char, ...>(...)' -> 'fmt::v9::detail::write'."""
    text = demangled.replace("(anonymous namespace)", "anon")
    out, depth = [], 0
    for ch in text:
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth = max(0, depth - 1)
        elif depth == 0:
            if ch == "(":
                break
            out.append(ch)
    words = "".join(out).split()
    return words[-1] if words else text


LIBRARIES = [
    ("{fmt}", re.compile(r"^fmt::")),
    ("nlohmann::json", re.compile(r"^nlohmann::")),
    ("Eigen", re.compile(r"^Eigen::")),
    ("libc++ iostream/locale", re.compile(r"^std::__2::(basic_(i|o|io)stream|basic_streambuf|basic_stringbuf|locale|ctype|num_put|num_get|__num_|ios_base|basic_ios|codecvt|numpunct|collate|moneypunct|money_|time_|messages|__time|__stdoutbuf|__stdinbuf)")),
    ("libc++ std::function", re.compile(r"^std::__2::__function::")),
    ("libc++ strings", re.compile(r"^std::__2::(basic_string|to_string|__str|char_traits)")),
    ("libc++ map/set (tree)", re.compile(r"^std::__2::(__tree|map|set|multimap)")),
    ("libc++ vector", re.compile(r"^std::__2::(vector|__vector|__split_buffer)")),
    ("libc++ sort and other algorithms", re.compile(r"^std::__2::(__sort|__insertion|__stable|__merge|__introsort|__partial|__nth|__floyd|__sift|__pop_heap|__make_heap|sort|stable_sort)")),
    ("libc++ other", re.compile(r"^std::")),
    ("runtime (exceptions, RTTI)", re.compile(r"^(__cxxabiv1::|__cxa|_Unwind|__gxx|__dynamic_cast|__cxx)")),
    ("malloc (emmalloc)", re.compile(r"^(emmalloc|malloc|free|realloc|calloc|sbrk|aligned_alloc|memalign|posix_memalign|operator new|operator delete)")),
]


# Groups gathered into the rooms of the core (docs/architecture.md), for a short table.
ROOMS = [
    ("interpreter: lexer, parser", r"^src/python/(lexer|parser|ast|cell_input)\.cpp$"),
    ("interpreter: evaluator, objects", r"^src/python/(eval|interp|scope|ops|objects|value)\.cpp$"),
    ("interpreter: built-ins, str, format", r"^src/python/(builtins|strings|format|pyformat|numbers|modules|traceback|display)\.cpp$"),
    ("interpreter: numpy", r"^src/python/(numpy|array|np_\w+)\.cpp$"),
    ("notebook, kernel", r"^src/python/(notebook|kernel|deps|snapshot)\.cpp$"),
    ("interpreter: other python/", r"^src/python/"),
    ("JSON API, labs as data (api, labs, param_parse, pysource, cell)", r"^src/(api|labs|param_parse|pysource|cell)\.cpp$"),
    ("exact math and printing (np_*, py_*, npmath, nprandom, npformat, ...)", r"^src/"),
    ("core: templates, unattributed", r"^core: "),
    ("nlohmann::json", r"^nlohmann"),
    ("{fmt}", r"^\{fmt\}$"),
    ("libc++", r"^libc\+\+"),
    ("libc, compiler-rt, malloc, EH runtime", r""),
]


def room_of(group):
    for room, pattern in ROOMS:
        if re.search(pattern, group):
            return room
    return group


def library_of(qualified):
    for label, pattern in LIBRARIES:
        if pattern.search(qualified):
            return label
    if "::" in qualified:
        return None
    return "libc + compiler-rt (C names)"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("wasm")
    ap.add_argument("--symbols", help="symbol map (default: <wasm without .wasm>.js.symbols or .mjs.symbols)")
    ap.add_argument("--objects", help="the core's object directory (CMakeFiles/tlab_core.dir)")
    ap.add_argument("--top", type=int, default=40, help="largest functions to list")
    ap.add_argument("--group", help="list the functions of the groups matching this regex")
    args = ap.parse_args()

    data, sections, bodies, segments = parse(args.wasm)
    print(f"{args.wasm}: {len(data)} bytes, {len(gzip.compress(data, 9))} gzip")
    print("\nsection                      bytes    gzip")
    for name, size in sections:
        print(f"  {name:<24} {size:>8}")

    symbols = args.symbols
    if not symbols:
        base = args.wasm[:-5]
        for cand in (base + ".js.symbols", base + ".mjs.symbols", base + ".symbols"):
            if os.path.exists(cand):
                symbols = cand
    names = {}
    if symbols and os.path.exists(symbols):
        for line in open(symbols, encoding="utf-8"):
            idx, _, name = line.rstrip("\n").partition(":")
            names[int(idx)] = unescape(name)
    else:
        print("\n(no symbol map: functions stay unnamed)")
    owners = defining_objects(args.objects) if args.objects else {}

    groups = collections.defaultdict(list)
    funcs = []
    for idx, body in bodies:
        name = names.get(idx, f"func{idx}")
        d = name
        srcs = owners.get(name, set())
        group = library_of(qualified_name(d))
        if group is None:
            if len(srcs) == 1:
                group = next(iter(srcs))
            else:
                group = "core: templates in several files" if srcs else "core: unattributed"
        groups[group].append(body)
        funcs.append((len(body), group, d))

    data_bytes = b"".join(segments)
    print(f"\ndata segments: {len(segments)}, {len(data_bytes)} bytes, {len(gzip.compress(data_bytes, 9))} gzip")
    code_total = sum(len(b) for _, b in bodies)
    print(f"\ncode: {len(bodies)} functions, {code_total} bytes")
    print("\ngroup                                           funcs     bytes      %   gzip~")
    rows = sorted(groups.items(), key=lambda kv: -sum(len(b) for b in kv[1]))
    for group, bs in rows:
        size = sum(len(b) for b in bs)
        gz = len(gzip.compress(b"".join(bs), 9))
        print(f"  {group:<44} {len(bs):>6} {size:>9} {100 * size / code_total:>6.1f} {gz:>7}")
    print("\nroom                                                                   bytes   gzip~")
    rooms = collections.defaultdict(list)
    for group, bs in groups.items():
        rooms[room_of(group)] += bs
    for room, bs in sorted(rooms.items(), key=lambda kv: -sum(len(b) for b in kv[1])):
        print(f"  {room:<68} {sum(len(b) for b in bs):>7} {len(gzip.compress(b''.join(bs), 9)):>6}")
    print(f"  {'data (strings, tables)':<68} {len(data_bytes):>7} {len(gzip.compress(data_bytes, 9)):>6}")
    print(f"\nlargest {args.top} functions")
    for size, group, d in sorted(funcs, reverse=True)[:args.top]:
        print(f"  {size:>7}  {group:<34} {d[:150]}")
    if args.group:
        pat = re.compile(args.group)
        print(f"\nfunctions of groups matching {args.group!r}")
        for size, group, d in sorted(funcs, reverse=True):
            if pat.search(group):
                print(f"  {size:>7}  {group:<34} {d[:200]}")


if __name__ == "__main__":
    sys.exit(main())
