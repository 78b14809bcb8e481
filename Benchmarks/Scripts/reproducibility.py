#!/usr/bin/env python3
"""usage: Benchmarks/Scripts/reproducibility.py DIR [DIR ...]   (env ESTIMATORS="p10 p5 min")

How reproducible each row's time estimate is across the runs of one build (Docs/NOISE.md, "Adaptive sampling").

Each DIR holds run0.csv ... runN.csv with their .samples.csv (`estimator-table.sh` with KEEP=1). For each estimator, every row's estimate is taken in every run; a run's drift is the median,
over the rows, of its log estimate less the row's mean over the runs. Printed per DIR and estimator:
- "sd": the spread (standard deviation of the log, in %) of a row's estimate across the runs once each run's drift is
  divided out, for the median row and the row at the 90th percentile: what `compare` has to tell from a change;
- "raw": the same without dividing the drift out, median row;
- "drift": the spread of the runs' drifts.
Pairs of runs flag a row when its two estimates differ by more than the threshold: at 22%, a row whose sd is 6%
differs by that much in about 2% of pairs (log 1.22 is 2.3 standard deviations of a difference of two runs). One
table of ten pairs counts a few dozen such events; this counts every row of every run, so it ranks two sampling
schemes on one set of runs better.
"""
import csv, collections, math, os, statistics, sys


def estimate(values, name):
    ordered = sorted(values)
    if name == "min":
        return ordered[0]
    if name == "median":
        return statistics.median(ordered)
    # pP, interpolated between order statistics as SampleStatistics.percentile does.
    rank = (len(ordered) - 1) * float(name[1:]) / 100
    lower = int(rank)
    upper = min(lower + 1, len(ordered) - 1)
    return ordered[lower] + (rank - lower) * (ordered[upper] - ordered[lower])


def samples(path):
    rows = collections.defaultdict(list)
    with open(path) as handle:
        for record in csv.DictReader(handle):
            rows[(record["benchmark"], record["catalog"])].append(float(record["value"]))
    return rows


def main(directories, estimators):
    for directory in directories:
        runs, index = [], 0
        while os.path.exists(f"{directory}/run{index}.samples.csv"):
            runs.append(samples(f"{directory}/run{index}.samples.csv"))
            index += 1
        if len(runs) < 3:
            sys.exit(f"{directory}: fewer than 3 runs (run0.samples.csv ...)")
        keys = [key for key in runs[0] if all(len(run.get(key, [])) >= 3 for run in runs)]
        cells = []
        for name in estimators:
            logs = [[math.log(estimate(run[key], name)) for key in keys] for run in runs]
            means = [statistics.mean(run[column] for run in logs) for column in range(len(keys))]
            drifts = [statistics.median(run[column] - means[column] for column in range(len(keys))) for run in logs]
            spread = sorted(statistics.pstdev([logs[r][c] - drifts[r] for r in range(len(runs))]) for c in range(len(keys)))
            raw = sorted(statistics.pstdev([logs[r][c] for r in range(len(runs))]) for c in range(len(keys)))
            cells.append(f"{name}: sd {100 * spread[len(spread) // 2]:.1f}% (p90 {100 * spread[int(len(spread) * 0.9)]:.1f}%)"
                         f" raw {100 * raw[len(raw) // 2]:.1f}% drift {100 * statistics.pstdev(drifts):.1f}%")
        print(f"{directory} ({len(runs)} runs, {len(keys)} rows): " + " | ".join(cells))


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        sys.exit(0 if len(sys.argv) > 1 else 64)
    main(sys.argv[1:], os.environ.get("ESTIMATORS", "p10 p5 min").split())
