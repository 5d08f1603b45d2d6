# "Did you mean" for built-in types looks through their real dir()
values = [1.5, [1, 2], {"a": 1}, "text", (1, 2), 3, None, True]
names = ["is_integr", "apend", "iteritems", "uper", "cont", "bit_lenght", "__bool", "conjugat"]
for v, n in zip(values, names):
    try:
        getattr(v, n)
    except AttributeError as e:
        print(e)
x = [3, 1, 2]
x.sortt()
