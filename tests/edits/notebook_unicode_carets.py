# Carets in a traceback count characters, not bytes
scores = {"점수": [1, 2, 3]}
print("점수 합:", sum(scores["점수"]))
print("세번째:", scores["점수"][3])
