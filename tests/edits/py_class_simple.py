# A small class: attributes and methods
class Counter:
    def __init__(self, start=0):
        self.value = start

    def add(self, n=1):
        self.value += n
        return self.value

c = Counter(5)
c.add()
c.add(10)
print(c.value, c.add(-1))
