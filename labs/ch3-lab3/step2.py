# 행 i, 열 j: 낱말 i 의 Query 와 낱말 j 의 Key 가 얼마나 맞는지
scores = Q @ K.T / np.sqrt(d_k)
print("점수 shape:", scores.shape)

causal = True
if causal:
    # 대각선 위(k=1)가 True: 낱말 i 보다 뒤에 오는 낱말들
    future = np.triu(np.ones((seq_len, seq_len)), k=1).astype(bool)
    scores[future] = -np.inf

# 행마다 softmax: 가장 큰 값을 빼고 exp, 행의 합으로 나누기
weights = np.exp(scores - scores.max(axis=1, keepdims=True))
weights = weights / weights.sum(axis=1, keepdims=True)
print("가중치 (행의 합은 모두 1):")
print(weights.round(2))
