#!/usr/bin/env python3
"""Generates the CSV fixtures of CSVReaderTests.swift with Python's csv module (run once; committed).

The tests never run Python: this script documents where the fixtures come from. Re-running it after
Results/baseline.csv changes regenerates them from the new baseline.

    python3 Tests/BenchKitTests/Fixtures/make_fixtures.py

  results-lf.csv                 the header and first 20 rows of Results/baseline.csv, bytes unchanged (LF)
  results-lf.samples.csv         the samples of its first 4 rows from Results/baseline.samples.csv, unchanged
  results-python.csv             (a) both rewritten by csv.writer's default dialect: CRLF, quoting only if needed
  results-python-quote-all.csv   (b) the same with every field quoted (csv.QUOTE_ALL)
  results-python-reversed.csv    (c) the same with the columns reversed
  tricky.csv                     (d) a UTF-8 BOM, an extra column (its quoted name has a comma) holding
                                 commas, doubled quotes, an embedded LF, an embedded CRLF and non-ASCII text
(each (a)-(c) results file has its .samples.csv beside it, written the same way)
"""
import csv
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
ROWS = 20
SAMPLED_ROWS = 4


def fixture(name):
    return os.path.join(HERE, name)


with open(os.path.join(ROOT, "Results", "baseline.csv"), "rb") as f:
    results_lines = f.read().split(b"\n")[: 1 + ROWS]
results_bytes = b"\n".join(results_lines) + b"\n"
with open(fixture("results-lf.csv"), "wb") as f:
    f.write(results_bytes)

results = list(csv.reader(results_bytes.decode("utf-8").splitlines()))
header = results[0]
keys = {(row[header.index("benchmark")], row[header.index("catalog")]) for row in results[1 : 1 + SAMPLED_ROWS]}

with open(os.path.join(ROOT, "Results", "baseline.samples.csv"), "rb") as f:
    sample_lines = f.read().split(b"\n")
kept = [sample_lines[0]] + [line for line in sample_lines[1:] if tuple(line.decode().split(",")[:2]) in keys]
samples_bytes = b"\n".join(kept) + b"\n"
with open(fixture("results-lf.samples.csv"), "wb") as f:
    f.write(samples_bytes)
samples = list(csv.reader(samples_bytes.decode("utf-8").splitlines()))


def write(name, rows, **dialect):
    with open(fixture(name), "w", newline="", encoding="utf-8") as f:
        csv.writer(f, **dialect).writerows(rows)


def reversed_columns(rows):
    return [list(reversed(row)) for row in rows]


write("results-python.csv", results)
write("results-python.samples.csv", samples)
write("results-python-quote-all.csv", results, quoting=csv.QUOTE_ALL)
write("results-python-quote-all.samples.csv", samples, quoting=csv.QUOTE_ALL)
write("results-python-reversed.csv", reversed_columns(results))
write("results-python-reversed.samples.csv", reversed_columns(samples))

notes = [
    "has, a comma",
    'say "hi", then ""twice""',
    "line one\nline two",
    'crlf one\r\ntwo, "three"',
    "na\u00efve \u00fc \u2014 \u2211",
    "",
]
tricky = [[header[0], "note, free text"] + header[1:]]
for row, note in zip(results[1:], notes):
    tricky.append([row[0], note] + row[1:])
with open(fixture("tricky.csv"), "w", newline="", encoding="utf-8-sig") as f:
    csv.writer(f).writerows(tricky)
