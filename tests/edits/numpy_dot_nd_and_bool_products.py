# np.dot past two dimensions sums over a's last axis and b's second-to-last, the result shaped
# a.shape[:-1] + b.shape without that axis; its mismatch names both dims. Products of boolean
# arrays (@, np.matmul, np.dot) are boolean: true where some pair is both true.
import numpy as np
q = np.arange(24.0).reshape(2, 3, 4) - 7.5
k = np.arange(20.0).reshape(4, 5) * 0.1
print(np.dot(q, k), np.dot(q, np.ones(4)), q.dot(k)[0], sep="\n")
print(np.dot(np.ones(3), q), np.dot(np.ones((2, 3)), q), sep="\n")
print(np.dot(q, np.ones((5, 4, 2)) * 0.3).shape, np.dot(q[:, ::-1, 1:3].T, k[::2, ::-1][:2]))
print(np.dot(np.arange(6).reshape(1, 2, 3), np.arange(6).reshape(3, 2)), np.dot(np.full((1, 2, 2), 2**62), np.full((2, 2), 4)))
print(np.dot(np.zeros((2, 0, 3)), np.ones((3, 2))).shape, np.dot(np.zeros((2, 1, 0)), np.ones((0, 2))))
print(np.dot(np.ones((1, 1, 2)) * np.inf, np.zeros(2)))
mask = np.array([[True, False], [False, False]])
print(mask @ mask, np.dot(mask, mask), np.matmul(mask, np.array([1, 2])), sep="\n")
print(repr(mask[0] @ mask[0]), repr(np.dot(mask[1], mask[0])), np.array([[True], [True]]) @ np.array([[False, True]]))
print(np.dot(mask, np.ones((2, 2, 2), bool)), np.ones((3, 2, 2), bool) @ mask, sep="\n")
for other in [np.ones((5, 2)), np.ones((2, 5, 3)), np.ones((2, 2, 2, 2))]:
    try:
        np.dot(q, other)
    except ValueError as e:
        print(e)
np.dot(np.ones((2, 2)), q)
