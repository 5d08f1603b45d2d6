import matplotlib.pyplot as plt
words = ["the", "cat", "sat", "down"]
weights = [0.1, 0.6, 0.2, 0.1]
fig, ax = plt.subplots(figsize=(5, 3))
ax.bar(words, weights, color="tab:orange")
ax.set_ylim(0, 1)
ax.set_title("attention from 'cat'")
plt.show()
