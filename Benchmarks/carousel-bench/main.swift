// placeholder: replaced by the suite's command line
print("carousel-bench: not built yet")
