# expect: unsupported
# The class's own attributes (pandas answers with property objects): refused by name.
import pandas as pd
frame_type = pd.DataFrame
print(frame_type)
print(frame_type.shape)
