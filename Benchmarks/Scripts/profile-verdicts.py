#!/usr/bin/env python3
"""Verdicts with each row's exponent learnt from other runs of the machine (a "machine profile"), on runs already
made (README, Round speeds, "Session 11"). Not in `compare`: a measurement for choosing whether to build it.

usage: Benchmarks/Scripts/profile-verdicts.py [--threshold 0.22] [--levels run|either] [--weight K] DIR [DIR ...]

Each DIR holds run0.csv ... runN.csv with their .samples.csv (`interleaved-runs.sh`). Each DIR in turn is the test
set; the profile is learnt from the other DIRs only (leave one set out). Consecutive runs of the test set are compared
as `estimator-table.sh` does: as they are (A/A), and with the later run's `pipeline/` rows 1.5x, 1.3x and 1.2x slower
(the bar: 19 of 20 rows `regressed` at 1.5x, 18 of 20 below; scaled to the number of pipeline rows).

- A round's slowdown: `--levels run` (`compare`'s, `RoundSpeeds`): the median over the run's rows of sample / the
  row's fastest in that run; `--levels either`: the row's fastest in either run of the pair, so that a run slow in
  every round is measured against the other's full speed.
- A row's exponent `b`: with `--weight 0` (the default) the profile's alone, `Sxy / Sxx` pooled over every run of the
  other sets (each run centred on its own means), clamped to 0...2.5; with `--weight K` the pair's own sums and the
  profile's per-run averages times K, shrunk towards 1 as `compare` does: `(Sxy + K sxy + 1) / (Sxx + K sxx + 1)`;
  `--weight -1` the pair's alone (`compare`'s rule, 0...1.3).
- The verdict: `offline-verdicts.py`'s approximation of `compare` (median ratio, percentile bootstrap of 300
  resamples, the drift the median ratio, and the check without the drift).
Prints per test set: A/A pairs that flagged a row, the largest threshold any A/A pair needed to flag nothing, and the
pairs meeting the bar at each factor.
"""
import argparse, importlib.util, os, sys

import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)  # offline-verdicts.py imports reproducibility.py from here
spec = importlib.util.spec_from_file_location("offline_verdicts", os.path.join(here, "offline-verdicts.py"))
offline = importlib.util.module_from_spec(spec)
spec.loader.exec_module(offline)


def runs_of(directory):
    runs, index = [], 0
    while os.path.exists(f"{directory}/run{index}.samples.csv"):
        runs.append(offline.load(f"{directory}/run{index}.samples.csv"))
        index += 1
    return runs


def sums(x, y):
    """A run's centred sums of one row: Sxy, Sxx."""
    x_, y_ = x - x.mean(), y - y.mean()
    return float((x_ * y_).sum()), float((x_ * x_).sum())


def profile(directories):
    """Per row: Sxy and Sxx summed over every run of `directories`, and the number of runs."""
    totals, count = {}, 0
    for directory in directories:
        for run in runs_of(directory):
            count += 1
            speeds = offline.slowdowns(run)
            for key, values in run.items():
                if len(values) >= 3 and (values > 0).all():
                    sxy, sxx = sums(np.log(speeds[:len(values)]), np.log(values))
                    old = totals.get(key, (0.0, 0.0))
                    totals[key] = (old[0] + sxy, old[1] + sxx)
    return totals, count


def levels(before, after, how):
    if how == "run":
        return offline.slowdowns(before), offline.slowdowns(after)
    keys = [key for key in before if key in after]
    fastest = {key: min(before[key].min(), after[key].min()) for key in keys}

    def one(run):
        rounds = max(len(run[key]) for key in keys)
        return np.array([np.median([run[key][r] / fastest[key] for key in keys if r < len(run[key])])
                         for r in range(rounds)])
    return one(before), one(after)


def divide(before, after, how, learnt, runs, weight):
    speeds_before, speeds_after = levels(before, after, how)
    out_before, out_after = {}, {}
    for key in before:
        if key not in after:
            continue
        a, b = before[key], after[key]
        xa, xb = np.log(speeds_before[:len(a)]), np.log(speeds_after[:len(b)])
        pair_xy, pair_xx = (u + v for u, v in zip(sums(xa, np.log(a)), sums(xb, np.log(b))))
        profile_xy, profile_xx = learnt.get(key, (0.0, 0.0))
        if weight < 0:
            beta = min(max((pair_xy + 1) / (pair_xx + 1), 0.0), 1.3)
        elif weight == 0:
            beta = min(max(profile_xy / profile_xx, 0.0), 2.5) if profile_xx > 0 else 1.0
        else:
            k = weight / max(runs, 1)
            beta = min(max((pair_xy + k * profile_xy + 1) / (pair_xx + k * profile_xx + 1), 0.0), 2.5)
        out_before[key], out_after[key] = a / np.exp(beta * xa), b / np.exp(beta * xb)
    return out_before, out_after


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--threshold", type=float, default=0.22)
    parser.add_argument("--levels", choices=["run", "either"], default="run")
    parser.add_argument("--weight", type=float, default=0.0)
    parser.add_argument("directories", nargs="+")
    options = parser.parse_args()
    factors = (1.5, 1.3, 1.2)
    for test in options.directories:
        learnt, runs = profile([d for d in options.directories if d != test])
        tested = runs_of(test)
        slowed_rows = sum(key[0].startswith("pipeline/") for key in tested[0])
        flagged, needs, met = 0, [], {factor: 0 for factor in factors}
        for pair in range(1, len(tested)):
            before, after = divide(tested[pair - 1], tested[pair], options.levels, learnt, runs, options.weight)
            verdicts, _, _, needed = offline.compare("p50", before, after, options.threshold)
            flagged += bool(verdicts)
            needs.append(round(100 * needed))
            for factor in factors:
                verdicts, *_ = offline.compare("p50", before, offline.slowed(after, factor), options.threshold)
                found = sum(verdict == "regressed" for key, verdict in verdicts.items() if key[0].startswith("pipeline/"))
                bar = (19 if factor == 1.5 else 18) * slowed_rows / 20
                met[factor] += found >= bar
        pairs = len(tested) - 1
        print(f"{test} (profile of {runs} runs): A/A pairs flagging a row {flagged} of {pairs}, needed up to "
              f"{max(needs)}% {needs}; " + ", ".join(f"{factor}x met in {met[factor]}" for factor in factors))


if __name__ == "__main__":
    main()
