d_model = 768    # 층의 너비 (BERT-base 는 768)
rows = []
for rank in [1, 2, 4, 8, 16, 64]:
    n = 2 * d_model * rank    # 층 하나에 LoRA 가 학습할 수
    rows.append({"r": rank, "LoRA 파라미터": n,
                 "전체 대비(%)": round(n / d_model ** 2 * 100, 2)})

print(f"전체 미세조정: {d_model ** 2:,}개")
print(pd.DataFrame(rows))

# r 을 글자로 바꿔 쓰면 막대가 r 의 크기와 상관없이 고르게 늘어선다
labels = [str(row["r"]) for row in rows]
counts = [row["LoRA 파라미터"] for row in rows]
fig, ax = plt.subplots(figsize=(6, 3.2))
ax.bar(labels, counts, color="#2a9d8f")
ax.set_xlabel("rank r")
ax.set_ylabel("학습할 파라미터 수")
ax.set_title(f"d = {d_model} 층 하나에 LoRA 를 달 때")
plt.show()
