def attention_score(q, k, d_k):
    return q * k / d_k ** 0.5

print(attention_score(2.0, 3.0, 4))
print(attention_score(2.0, 3.0))
