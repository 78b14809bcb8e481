#!/usr/bin/env python3
"""Verdicts of estimators `compare` does not have, on runs already made (Results/VERDICT-HISTORY.md, "Issue 19, session 6", "Round speeds").

usage: Benchmarks/Scripts/offline-verdicts.py ESTIMATOR THRESHOLD DIR [DIR ...]
  env V=1: list the flagged rows; FELT=1: hold a divided row's verdict at drift^b instead of at no drift

ESTIMATOR: pP (the P-th percentile, interpolated as `SampleStatistics` does), min, fastD (the median of the
samples within D% of the row's fastest: the fast mode of a machine with two speeds), or roundsD (the median of a
row's samples from the rounds whose median slowdown, as `round-speeds.py` measures it within the run, is within D%
of the run's fastest round; at least the 3 samples of its fastest rounds); or the P-th percentile of samples
divided by their rounds' slowdowns (`RoundSpeeds`) with one exponent b per row: `divided-pP` b = 1 for every row,
`slope-pP` each run's own least-squares slope (0...1.5), `either-pP` 0 or 1, whichever gives the two runs' samples
the smaller spread (median absolute deviation of the logs, weighted by count), `shrunkW-pP` the pooled slope shrunk
towards 1 with prior weight W, (Sxy + W) / (Sxx + W), 0...1.3 (`compare`'s is shrunk1-p50). THRESHOLD: 0.22 for 22%.
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
FELT = os.environ.get("FELT")
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


def compare(name, baseline, current, threshold, exponents=None):
    name = "p50" if name.startswith("rounds") else name.split("-")[-1]
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
        felt = drift ** exponents.get(key, 0.0) if FELT and exponents else 1.0
        if low / drift > up and low / felt > up:
            verdicts[key] = "regressed"
        elif high / drift < 1 / up and high / felt < 1 / up:
            verdicts[key] = "improved"
        needed = max(needed, low / drift - 1, drift / high - 1)
    return verdicts, drift, intervals, needed


def fast_rounds(run, tolerance):
    """Each row's samples from the run's rounds within `tolerance` (0.1: 10%) of its fastest round."""
    slowdown = slowdowns(run, sparse=math.inf)
    best = min(slowdown)
    chosen = {}
    for key, values in run.items():
        order = sorted(range(len(values)), key=lambda round_: slowdown[round_])
        kept = [round_ for round_ in order if slowdown[round_] <= best * (1 + tolerance)]
        chosen[key] = values[kept if len(kept) >= 3 else order[:3]]
    return chosen


def slowdowns(run, sparse=None):
    """Each round's median, over the run's rows that sampled in it, of sample / the row's fastest; `sparse`
    instead for a round fewer than half the rows sampled in, when given."""
    fastest = {key: values.min() for key, values in run.items()}
    medians = []
    for round_ in range(max(len(values) for values in run.values())):
        ratios = [values[round_] / fastest[key] for key, values in run.items() if round_ < len(values)]
        medians.append(sparse if sparse is not None and 2 * len(ratios) < len(run) else float(np.median(ratios)))
    return np.array(medians)


def spread(logs):
    return np.median(np.abs(logs - np.median(logs))) * len(logs)


def divided(name, before, before_speeds, after, after_speeds):
    """Both runs' matched rows divided by slowdown^b, b per row by the rule `name` names; and each row's b."""
    rule = name.split("-")[0]
    out_before, out_after, exponents, felt_exponents = {}, {}, {}, {}
    for key in before:
        if key not in after:
            continue
        a, b = before[key], after[key]
        xa, xb = np.log(before_speeds[:len(a)]), np.log(after_speeds[:len(b)])
        ya, yb = np.log(a), np.log(b)
        if rule == "divided":
            beta_a = beta_b = 1.0
        elif rule == "slope":
            def slope(x, y):
                sxx = ((x - x.mean()) ** 2).sum()
                return min(max(((x - x.mean()) * (y - y.mean())).sum() / sxx, 0.0), 1.5) if sxx > 0 else 1.0
            beta_a, beta_b = slope(xa, ya), slope(xb, yb)
        elif rule == "either":
            beta_a = beta_b = 0.0 if spread(ya) + spread(yb) < spread(ya - xa) + spread(yb - xb) else 1.0
        else:
            weight = float(rule[6:])
            xa_, xb_ = xa - xa.mean(), xb - xb.mean()
            sxy = (xa_ * (ya - ya.mean())).sum() + (xb_ * (yb - yb.mean())).sum()
            sxx = (xa_ ** 2).sum() + (xb_ ** 2).sum()
            beta_a = beta_b = min(max((sxy + weight) / (sxx + weight), 0.0), 1.3)
            felt_exponents[key] = min(max(sxy / (sxx + weight), 0.0), 1.3)
        out_before[key], out_after[key] = a / np.exp(beta_a * xa), b / np.exp(beta_b * xb)
        exponents[key] = felt_exponents.get(key, beta_b) if FELT == "zero" else beta_b
    return out_before, out_after, exponents


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
        speeds = [slowdowns(run) for run in runs] if "-" in name else []
        for pair in range(1, len(runs)):
            before, after, exponents = runs[pair - 1], runs[pair], None
            if speeds:
                before, after, exponents = divided(name, before, speeds[pair - 1], after, speeds[pair])
            verdicts, drift, intervals, needed = compare(name, before, after, threshold, exponents)
            flagged_pairs += bool(verdicts)
            needs.append(round(100 * needed))
            for key, verdict in verdicts.items() if os.environ.get("V") else []:
                low, high = intervals[key]
                print(f"  {directory} pair {pair}: {key[0]}@{key[1]} {verdict} {low:.2f}-{high:.2f}, drift {drift:.2f}")
            for factor in met:
                verdicts, *_ = compare(name, before, slowed(after, factor), threshold, exponents)
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
