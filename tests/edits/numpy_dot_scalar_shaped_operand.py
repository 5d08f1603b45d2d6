# np.dot with a float operand of shape (1,) or (1, 1) multiplies by that one number as NumPy's
# BLAS path does: a one-element result is the bare product (-0.0 stays negative), a longer one
# is added into zeros, and a zero factor leaves the zeros untouched, even against inf and nan.
import numpy as np
print(np.dot(np.array([-0.0]), np.array([1.0])), np.dot(np.array([[2.0]]), np.array([-0.0])), np.array([-0.0]) @ np.array([1.0]))
print(np.dot(np.array([[-0.0]]), np.array([[1.0]])), np.dot(np.array([3.0]), np.array([[-0.0]])))
row = np.array([[np.inf, np.nan, -1.0]])
print(np.dot(np.array([0.0]), row), np.dot(np.array([[0.0]]), row), np.dot(row.T, np.array([-0.0])), sep="\n")
print(np.dot(np.array([[-0.0]]), np.array([[1.0, 2.0]])), np.dot(np.array([[2.0]]), row), row.T @ np.array([0.0]))
print(np.dot(np.array([np.inf, np.nan, -1.0]), np.zeros((3, 1))), np.dot(np.full((2, 1), np.inf), np.zeros((1, 3))))
