# expect: unsupported
import os
print(os.getcwd())
