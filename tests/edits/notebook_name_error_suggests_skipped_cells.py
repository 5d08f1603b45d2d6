# A NameError's "Did you mean" looks at every name of the namespace, also those of an earlier
# cell the failing cell does not depend on (which the kernel would otherwise leave out).
import numpy as np
# %%
prob1 = np.ones(3) / 3
# %%
np.random.seed(0)
x = np.random.randn(3)
print(prob.sum())
