#!/usr/bin/env python3
"""pool-runs.py OUT A B: one run made of two processes' runs A and B (paths without .csv): every raw sample of both
(A's first), the rows and metadata of A. For measuring two processes per run against one (interleaved-runs.sh)."""
import csv
import shutil
import sys

out, first, second = sys.argv[1:4]


def samples(path):
    rows = {}
    with open(path + ".samples.csv") as file:
        for row in csv.DictReader(file):
            rows.setdefault((row["benchmark"], row["catalog"]), []).append(row["value"])
    return rows


a, b = samples(first), samples(second)
with open(out + ".samples.csv", "w", newline="") as file:
    writer = csv.writer(file)
    writer.writerow(["benchmark", "catalog", "sample", "value"])
    for key, values in a.items():
        for index, value in enumerate(values + b.get(key, [])):
            writer.writerow([key[0], key[1], index, value])
shutil.copy(first + ".csv", out + ".csv")
shutil.copy(first + ".meta.json", out + ".meta.json")
