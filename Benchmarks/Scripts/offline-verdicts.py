#!/usr/bin/env python3
"""Verdicts of estimators `compare` does not have, on runs already made (README, "Issue 19, session 6").

usage: Benchmarks/Scripts/offline-verdicts.py ESTIMATOR THRESHOLD DIR [DIR ...]   (env V=1: list the flagged rows)

ESTIMATOR: pP (the P-th percentile, interpolated as `SampleStatistics` does), min, fastD (the median of the
samples within D% of the row's fastest: the fast mode of a machine with two speeds), or roundsD (the median of a
row's samples from the rounds whose median slowdown, as `round-speeds.py` measures it within the run, is within D%
of the run's fastest round; at least the 3 samples of its fastest rounds). THRESHOLD: 0.22 for 22%.
Each DIR holds run0.csv ... runN.csv with their .samples.csv (`interleaved-runs.sh`, or `estimator-table.sh` with
KEEP=1). Consecutive runs are compared as `estimator-table.sh` does: as they are (A/A), and with the `pipeline/` rows
of the later run 1.5x and 1.2x slower. This is an approximation of `compare`, in Python: a percentile bootstrap of
300 resamples per row (compare: 1 000, seeded per row), the drift the median ratio, `regressed` when the interval
over the drift and the raw interval are both above 1 + THRESHOLD (`improved` the same way below); it has no worst
frames and no instruction counts. On the same 10 pairs, p10 at 22% here gave what `compare` gave within a row or
two: A/A pairs flagged 3 (compare: 2), 1.5x met in 4 (4). Use it to rank candidates, then build the one you keep.
Prints, per ESTIMATOR: the A/A pairs that flagged a row (and the smallest threshold that flags none in each pair),
and the 1.5x and 1.2x pairs meeting the bar (19 and 18 of 20), with each pair's count of slowed rows `regressed`.
"""
import math, os, sys
import numpy as np

from reproducibility import samples

RESAMPLES = 300
generator = np.random.default_rng(7)


def load(path):
    return {key: np.array(values) for key, values in samples(path).items()}


def estimates(name, matrix):
    """The estimate of each row of `matrix` (resamples x samples)."""
    ordered = np.sort(matrix, axis=-1)
    if name == "min":
        return ordered[:, 0]
    if name.startswith("fast"):
        # The sorted samples within D% of the fastest are a prefix; its median.
        count = (ordered <= ordered[:, :1] * (1 + float(name[4:]) / 100)).sum(axis=-1)
        low = np.take_along_axis(ordered, ((count - 1) // 2)[:, None], axis=-1)[:, 0]
        high = np.take_along_axis(ordered, (count // 2)[:, None], axis=-1)[:, 0]
        return (low + high) / 2
    rank = (ordered.shape[-1] - 1) * float(name[1:]) / 100
    lower = int(rank)
    upper = min(lower + 1, ordered.shape[-1] - 1)
    return ordered[:, lower] + (rank - lower) * (ordered[:, upper] - ordered[:, lower])


def compare(name, baseline, current, threshold):
    name = "p50" if name.startswith("rounds") else name
    keys = [key for key in baseline if key in current]
    points, intervals = {}, {}
    for key in keys:
        before, after = baseline[key], current[key]
        points[key] = estimates(name, after[None, :])[0] / estimates(name, before[None, :])[0]
        resampled = np.log(estimates(name, after[generator.integers(0, len(after), (RESAMPLES, len(after)))])
                           / estimates(name, before[generator.integers(0, len(before), (RESAMPLES, len(before)))]))
        intervals[key] = (math.exp(np.percentile(resampled, 2.5)), math.exp(np.percentile(resampled, 97.5)))
    drift = float(np.median(list(points.values())))
    up, verdicts, needed = 1 + threshold, {}, 0.0
    for key, (low, high) in intervals.items():
        if low / drift > up and low > up:
            verdicts[key] = "regressed"
        elif high / drift < 1 / up and high < 1 / up:
            verdicts[key] = "improved"
        needed = max(needed, low / drift - 1, drift / high - 1)
    return verdicts, drift, intervals, needed


def fast_rounds(run, tolerance):
    """Each row's samples from the run's rounds within `tolerance` (0.1: 10%) of its fastest round."""
    fastest = {key: values.min() for key, values in run.items()}
    rounds = max(len(values) for values in run.values())
    slowdown = []
    for round_ in range(rounds):
        values = [values[round_] / fastest[key] for key, values in run.items() if round_ < len(values)]
        slowdown.append(float(np.median(values)) if 2 * len(values) >= len(run) else math.inf)
    best = min(slowdown)
    chosen = {}
    for key, values in run.items():
        order = sorted(range(len(values)), key=lambda round_: slowdown[round_])
        kept = [round_ for round_ in order if slowdown[round_] <= best * (1 + tolerance)]
        chosen[key] = values[kept if len(kept) >= 3 else order[:3]]
    return chosen


def slowed(run, factor):
    return {key: values * factor if key[0].startswith("pipeline/") else values for key, values in run.items()}


def main(name, threshold, directories):
    flagged_pairs, needs, met = 0, [], {1.5: [], 1.2: []}
    for directory in directories:
        runs, index = [], 0
        while os.path.exists(f"{directory}/run{index}.samples.csv"):
            runs.append(load(f"{directory}/run{index}.samples.csv"))
            index += 1
        if name.startswith("rounds"):
            runs = [fast_rounds(run, float(name[6:]) / 100) for run in runs]
        for pair in range(1, len(runs)):
            verdicts, drift, intervals, needed = compare(name, runs[pair - 1], runs[pair], threshold)
            flagged_pairs += bool(verdicts)
            needs.append(round(100 * needed))
            for key, verdict in verdicts.items() if os.environ.get("V") else []:
                low, high = intervals[key]
                print(f"  {directory} pair {pair}: {key[0]}@{key[1]} {verdict} {low:.2f}-{high:.2f}, drift {drift:.2f}")
            for factor in met:
                verdicts, *_ = compare(name, runs[pair - 1], slowed(runs[pair], factor), threshold)
                met[factor].append(sum(verdict == "regressed" for key, verdict in verdicts.items()
                                       if key[0].startswith("pipeline/")))
    print(f"{name} at {100 * threshold:g}%: A/A pairs flagging a row {flagged_pairs} of {len(needs)} "
          f"(threshold flagging none, per pair: {needs})")
    for factor, counts in met.items():
        bar = 19 if factor == 1.5 else 18
        print(f"{name} {factor}x: pairs meeting the bar {sum(count >= bar for count in counts)} of {len(counts)} "
              f"(slowed rows regressed of 20: {counts})")


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    main(sys.argv[1], float(sys.argv[2]), sys.argv[3:])
