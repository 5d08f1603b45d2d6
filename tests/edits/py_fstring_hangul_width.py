# Widths count characters: Hangul is one character each, however wide it looks
rows = [("점수", 1.3), ("나누기 전", 0.0), ("d_k", 64)]
for name, value in rows:
    print(f"{name:>8}|{value:>7}|{name:<6}|")
print("{:^10}".format("한글"), len("한글"), "한글"[1], "가나다".replace("나", "-"))
