# expect: unsupported
class Config(dict):
    pass
c = Config(seed=1)
print(c)
