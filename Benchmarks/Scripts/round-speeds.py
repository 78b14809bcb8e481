#!/usr/bin/env python3
"""How fast the machine ran in each round of each run (README, "Full-speed rounds").

usage: Benchmarks/Scripts/round-speeds.py DIR [RUN ...]   (RUN: the N of runN; default every run)

DIR holds run0.csv ... runN.csv with their .samples.csv (`interleaved-runs.sh`). A row's `i`-th sample was taken in
round `i` (`BenchmarkRunner`). For each round of each run, prints `slowdown/share`: the median over the rows of
`sample / fastest` (`fastest`: the row's fastest sample in all the DIR's runs) and the percentage of rows within
10% of their fastest, leaving out the register-only `wrap/*` rows and `harness/*`, which hardly slow down. Rounds
that fewer than half the rows sampled in are left out. `compare` measures the same per pair (`FullSpeedRounds`).
"""
import collections, os, statistics, sys

from reproducibility import samples


def load(path):
    return {key: values for key, values in samples(path).items() if not key[0].startswith(("wrap/", "harness/"))}


def main(directory, chosen):
    runs, index = {}, 0
    while os.path.exists(f"{directory}/run{index}.samples.csv"):
        runs[index] = load(f"{directory}/run{index}.samples.csv")
        index += 1
    if not runs:
        sys.exit(f"{directory}: no run0.samples.csv")
    fastest = collections.defaultdict(lambda: float("inf"))
    for run in runs.values():
        for key, samples in run.items():
            fastest[key] = min(fastest[key], min(samples))
    for number in chosen or sorted(runs):
        run = runs[number]
        rounds = max(len(samples) for samples in run.values())
        cells = []
        for round_ in range(rounds):
            slowdowns = [samples[round_] / fastest[key] for key, samples in run.items() if round_ < len(samples)]
            if 2 * len(slowdowns) < len(run):
                continue
            near = 100 * sum(slowdown <= 1.1 for slowdown in slowdowns) // len(slowdowns)
            cells.append(f"{statistics.median(slowdowns):.2f}/{near}")
        print(f"run{number}: " + " ".join(cells))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1], [int(argument) for argument in sys.argv[2:]])
