#!/usr/bin/env python3
"""How closely a row's samples follow its round's slowdown, and the slowdown of its neighbours in the round.

README, Adaptive sampling, "A third, measured and not kept". For each of a set's runs (run0.csv ... with their
.samples.csv), a sample's slowdown is either its round's (the median over the run's rows of sample / the row's fastest
sample in the run, as `RoundSpeeds` measures it) or, for a window K, the median of the K rows on either side of it in
the results file's order (the runner's order within a round) that sampled in that round, itself left out. Each row
with at least 3 samples a run gets an exponent as `RoundSpeeds` learns it (pooled, each run centred, shrunk towards 1,
clamped to 0...1.3); printed per window: the median over rows of the standard deviation of the log-residual, for all
rows and for the pipeline rows. A smaller residual did not make better verdicts: see the README.
usage: Benchmarks/Scripts/neighbour-slowdowns.py SET RUNS [K ...]   (default K: 5 15 40 100)
"""
import collections
import csv
import math
import statistics
import sys


def load(folder, run):
    with open(f"{folder}/run{run}.csv") as results:
        order = [(row["benchmark"], row["catalog"]) for row in csv.DictReader(results)]
    samples = collections.defaultdict(list)
    with open(f"{folder}/run{run}.samples.csv") as file:
        for row in csv.DictReader(file):
            samples[(row["benchmark"], row["catalog"])].append(float(row["value"]))
    return order, samples


def slowdowns(order, samples, window):
    fastest = {key: min(samples[key], default=0) for key in order}
    ratio = {key: [v / fastest[key] for v in samples[key]] if fastest[key] > 0 else [] for key in order}
    result = {key: [] for key in order}
    for round_ in range(max(len(values) for values in ratio.values())):
        column = [(key, ratio[key][round_]) for key in order if len(ratio[key]) > round_]
        values = [value for _, value in column]
        whole = statistics.median(values)
        for position, (key, _) in enumerate(column):
            if window is None:
                result[key].append(whole)
                continue
            near = values[max(0, position - window):position] + values[position + 1:position + window + 1]
            result[key].append(statistics.median(near) if near else whole)
    return result


def residuals(runs, window):
    sums = collections.defaultdict(lambda: [0.0, 0.0, 0.0, 0])   # sxy, sxx, syy, n
    for order, samples in runs:
        slow = slowdowns(order, samples, window)
        for key in order:
            ys = [math.log(v) for v in samples[key]]
            if len(ys) < 3:
                continue
            xs = [math.log(v) for v in slow[key]]
            mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
            entry = sums[key]
            for x, y in zip(xs, ys):
                entry[0] += (x - mx) * (y - my)
                entry[1] += (x - mx) ** 2
                entry[2] += (y - my) ** 2
                entry[3] += 1
    result = {}
    for key, (sxy, sxx, syy, n) in sums.items():
        b = min(1.3, max(0.0, (sxy + 1) / (sxx + 1)))
        result[key] = math.sqrt(max(0.0, syy - 2 * b * sxy + b * b * sxx) / n)
    return result


def main():
    folder, count = sys.argv[1], int(sys.argv[2])
    windows = [None] + [int(k) for k in (sys.argv[3:] or ["5", "15", "40", "100"])]
    runs = [load(folder, run) for run in range(count)]
    for window in windows:
        spread = residuals(runs, window)
        pipeline = [value for key, value in spread.items() if key[0].startswith("pipeline/")]
        print(f"{'round' if window is None else f'window {window}':>10}: median row {statistics.median(spread.values()):.3f}, "
              f"pipeline rows {statistics.median(pipeline):.3f}")


if __name__ == "__main__":
    main()
