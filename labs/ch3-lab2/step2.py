def softmax(x):
    e = np.exp(x - x.max())             # 최댓값을 빼 두면 exp 가 넘치지 않는다
    return e / e.sum()

np.random.seed(7)
d_k = 64
q = np.random.randn(d_k)                # Query 벡터 하나
keys = np.random.randn(8, d_k)          # 낱말마다 Key 벡터 하나
s = keys @ q                            # 낱말별 점수: (낱말 수, d_k) @ (d_k,)

before = softmax(s)                     # 점수를 그대로
after = softmax(s / np.sqrt(d_k))       # √d_k 로 나눈 다음

table = pd.DataFrame({"점수": s.round(1), "나누기 전": before.round(3), "나눈 뒤": after.round(3)})
print(table)
print("가장 큰 비율  나누기 전:", before.max().round(3), " 나눈 뒤:", after.max().round(3))
