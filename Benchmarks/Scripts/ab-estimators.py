#!/usr/bin/env python3
"""Re-reads `ab` sessions' samples by two paired estimators, to compare them on the same rounds (README, "Which
estimator `ab` takes"): the median of the per-round ratios B/A (`ab --estimator ratios`) and side B's 10th
percentile over side A's (`ab --estimator p10`), each with a percentile bootstrap (1 000 resamples of the rounds,
each round's two samples together, seed 1; one block: the session's blocks are not in its files, so the intervals
are a little narrower than `ab`'s own).

usage: Benchmarks/Scripts/ab-estimators.py [--threshold PCT] DIR...   (DIR: an `ab --output-dir`, with a.samples.csv
and b.samples.csv; sample i of a row on side A and on side B are round i's)
Prints per estimator: rows, mean interval width, rows flagged (regressed or improved) and inconclusive at the
threshold (default 5), the smallest threshold that flags nothing, and the flagged rows.
"""
import csv
import random
import statistics
import sys
from collections import defaultdict


def load(path):
    rows = defaultdict(list)
    with open(path, newline="") as handle:
        for record in csv.DictReader(handle):
            rows[(record["benchmark"], record["catalog"])].append(float(record["value"]))
    return rows


def percentile(values, p):
    values = sorted(values)
    rank = (len(values) - 1) * p / 100
    low = int(rank)
    high = min(low + 1, len(values) - 1)
    return values[low] + (values[high] - values[low]) * (rank - low)


def ratios(rounds):
    return statistics.median(b / a for a, b in rounds)


def p10(rounds):
    return percentile([b for _, b in rounds], 10) / percentile([a for a, _ in rounds], 10)


def interval(rounds, statistic, resamples=1000, seed=1):
    generator = random.Random(seed)
    values = sorted(statistic([rounds[generator.randrange(len(rounds))] for _ in rounds]) for _ in range(resamples))
    return percentile(values, 2.5), percentile(values, 97.5)


def main(arguments):
    threshold = 0.05
    if arguments[:1] == ["--threshold"]:
        threshold, arguments = float(arguments[1]) / 100, arguments[2:]
    if not arguments:
        sys.exit(__doc__)
    up, down = 1 + threshold, 1 / (1 + threshold)
    for name, statistic in (("ratios", ratios), ("p10", p10)):
        count = width = needed = 0.0
        flagged, inconclusive = [], 0
        for directory in arguments:
            a, b = load(f"{directory}/a.samples.csv"), load(f"{directory}/b.samples.csv")
            for key in sorted(a.keys() & b.keys()):
                rounds = list(zip(a[key], b[key]))
                if len(rounds) < 3:
                    continue
                low, high = interval(rounds, statistic)
                count += 1
                width += high / low - 1
                needed = max(needed, low - 1, 1 / high - 1)
                if low > up or high < down:
                    flagged.append(f"{directory}: {key[0]}@{key[1]} {statistic(rounds):.3f} [{low:.3f}, {high:.3f}]")
                elif not (low >= down and high <= up) and high / low > up:
                    inconclusive += 1
        print(f"{name}: {int(count)} rows, mean interval width {100 * width / max(1, count):.2f}%, "
              f"{len(flagged)} flagged and {inconclusive} inconclusive at {100 * threshold:g}%, "
              f"smallest threshold flagging nothing {100 * needed:.2f}%")
        for line in flagged:
            print("   ", line)


if __name__ == "__main__":
    main(sys.argv[1:])
