# f-strings with the format mini-language
pi = 3.141592653589793
n = 42
print(f"{pi:.2f} {pi:10.4f} {pi:<10.3f}| {pi:e} {pi:.3e} {pi:g}")
print(f"{n:5d}|{n:<5d}|{n:^7d}|{n:05d}|{n:+d}|{n:x}|{n:b}|{n:,}")
print(f"{1234567.891:,.2f} {0.256:.1%} {-3.5:+.1f} {1e-7:.2g} {123456789:e}")
name = "attention"
print(f"[{name:>12}] [{name:<12}] [{name:^12}] [{name:*^13}]")
print(f"{n=} {pi=:.3f} {name!r}")
