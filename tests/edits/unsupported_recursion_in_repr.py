# expect: unsupported
# __repr__ calling repr(self): the recursion goes through the built-in repr each level.
class Token:
    def __repr__(self):
        return "Token(" + repr(self) + ")"

print(Token())
