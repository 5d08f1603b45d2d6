# 학습이 끝났다고 치자. 실제로는 경사하강법이 A 와 B 를 함께 고치지만,
# 여기서는 B 에만 새 값을 넣는다
B = np.random.randn(d, r)
delta = B @ A            # ΔW: W 와 같은 d × d
print("ΔW shape:", delta.shape, "→ 칸", delta.size, "개")
print("ΔW 를 만드는 데 쓴 수:", A.size + B.size, "개")

# ΔW 는 'B 의 열 하나 × A 의 행 하나' 꼴(rank 1) 행렬 r 개의 합이다.
# 그래서 ΔW 의 rank 는 r 을 넘지 못한다
total = np.zeros((d, d))
for k in range(r):
    total += np.outer(B[:, k], A[k])
print(f"rank 1 조각 {r}개의 합이 ΔW 인가:", np.allclose(total, delta))

# 낱말 3 개짜리 입력 x 를 두 길로 보낸다
x = np.random.randn(3, d)
# 길 1: ΔW 를 W 에 미리 더해 둔 층 하나
merged = x @ (W + delta).T
# 길 2: 얼린 층은 그대로 두고 옆길의 결과를 더한다.
#       옆길은 A 로 낱말마다 r 개의 수까지 줄였다가 B 로 d 개로 되돌린다
h = x @ A.T
side = x @ W.T + h @ B.T
print("좁은 통로 h:", h.shape)
print("두 길의 결과가 같은가:", np.allclose(merged, side))
print("길 1:", merged[0, :4].round(3))
print("길 2:", side[0, :4].round(3))
