# expect: unsupported
import numpy as np
print(np.fft.fft(np.ones(4)))
