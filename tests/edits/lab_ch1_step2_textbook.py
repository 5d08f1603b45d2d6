import numpy as np
u = np.array([1, 2, 3])
v = np.array([4, 5, 6])
print("u · v =", np.dot(u, v), "→ 1×4 + 2×5 + 3×6 = 32")
print("u와 반대 방향 벡터(-u)의 내적 =", np.dot(u, -u), "→ 음수가 나옵니다")
