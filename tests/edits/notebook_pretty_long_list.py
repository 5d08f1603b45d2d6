# IPython breaks a long list into lines when it shows a result
values = [i * 0.125 for i in range(40)]
values
