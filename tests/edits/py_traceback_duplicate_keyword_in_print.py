# a keyword given twice through ** and by name
options = {"sep": ", "}
print(1, 2, sep="-", **options)
