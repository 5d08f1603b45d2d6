# 곱할 두 행렬: A 의 열 수와 B 의 행 수가 맞아야 곱셈이 된다
A = np.array([[1, 2, 3],
              [4, 5, 6]])
B = np.array([[1, 0],
              [0, 1],
              [1, 1]])

# (2, 3) @ (3, 2): 가운데 두 수가 같으면 결과는 바깥 두 수 (2, 2)
C = np.matmul(A, B)            # A @ B 라고 써도 같다
print("A @ B =\n", C)
print("결과 shape:", C.shape, "→ (2, 2)")

# A @ A 는 A 가 정사각형일 때만 된다. 아니면 NumPy 가 ValueError 로 멈추고,
# except 가 그 오류를 받아 문장만 찍는다
try:
    np.matmul(A, A)
except ValueError as e:
    print("오류:", e)
