# pow with a modulus, including modular inverses
print(pow(3, 200, 1000003), pow(2, 62, 10**9 + 7), pow(-7, 3, 5), pow(7, 3, -5))
print(pow(3, -1, 7), pow(38, -1, 97), pow(5, 0, 1))
for args in [(2, 3, 0), (2, -1, 4), (2.0, 3, 5)]:
    try:
        print(pow(*args))
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
