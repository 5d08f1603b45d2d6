# 가중치대로 V 의 행을 섞는다: 낱말마다 새 벡터 하나
out = weights @ V
print("출력 shape:", out.shape)
print(out.round(3))

fig, ax = plt.subplots(figsize=(5, 4))
im = ax.imshow(weights, cmap="viridis")
fig.colorbar(im, ax=ax)
ax.set_xlabel("보는 낱말 (Key)")
ax.set_ylabel("묻는 낱말 (Query)")
ax.set_title("Attention 가중치")
plt.show()
