#!/usr/bin/env python3
"""Offline choice of the profile's spread widening (README, "The machine profile", spreads between runs).

usage: BENCH=PATH Benchmarks/Scripts/spread-widening.py OUT SET [SET ...]

Each SET holds run0.csv ... runN.csv with their .samples.csv and .meta.json (interleaved-runs.sh). For each SET in
turn, leaving it out: `BENCH profile` of every other SET's runs, cut to its exponent columns (a profile without
spreads, so `compare` does not widen), then `BENCH compare` of SET's consecutive pairs as they are (A/A) and with the
current run's pipeline rows 1.5, 1.3 and 1.2 times slower, into OUT/NAME/. Then, in Python, each row's spread between
runs is learnt from the other SETs' runs in order, each paired with the last of the same commit, build and options, as
`MachineProfile.add` does (the level's exponent: `one` as
kept, `run` the run's own shrunk slope, `cum` the slope learnt so far), and each flagged row's interval is widened
by its spread over the median row's where that ratio passes GATE (`MachineProfile.widenings`, `Comparator.widen`):
a `regressed` or `improved` row stays so only if its widened interval, with and without the drift, is still past
the threshold. Prints, per exponent and gate: A/A pairs with a flagged row, and pairs where at least 95% of the
pipeline rows (19 of 20 in a quick run, 76 of 80 in a default one; 90% at 1.3x and 1.2x) came out `regressed`; per
SET in brackets; and the rows flagged. OUT keeps the comparisons: a second call with the same OUT only scores.
env: THRESHOLD (default 0.22), GATES (default "1.5 1.75 2 1e9"; 1e9: no widening), MODES (default "one run cum
pair"; pair: both runs of a pair at the exponent learnt so far, each level interpolated between its exponents 0 and 1).
"""
import csv, json, math, os, statistics, subprocess, sys
from collections import defaultdict

out, sets = sys.argv[1], [os.path.abspath(s) for s in sys.argv[2:]]
bench = os.environ["BENCH"]
threshold = float(os.environ.get("THRESHOLD", "0.22"))
gates = [float(g) for g in os.environ.get("GATES", "1.5 1.75 2 1e9").split()]
modes = os.environ.get("MODES", "one run cum pair").split()
factors = [("1.5", 0.95), ("1.3", 0.9), ("1.2", 0.9)]   # the bar: 19 of 20 pipeline rows (76 of 80), 18 (72)
os.makedirs(out, exist_ok=True)


def runs_of(folder):
    i = 0
    while os.path.exists(f"{folder}/run{i}.csv"):
        yield f"{folder}/run{i}.csv"
        i += 1


def name_of(folder):
    return folder.strip("/").replace("/", "-")


def doctor(run, factor, target):
    """The run with its pipeline rows' time columns and raw samples times factor (estimator-table.sh's doctor)."""
    with open(run) as f:
        rows = list(csv.reader(f))
    scaled = [i for i, c in enumerate(rows[0]) if c in ("min", "median", "p90", "mad", "p99")]
    for row in rows[1:]:
        if row[0].startswith("pipeline/"):
            for i in scaled:
                if row[i]:
                    row[i] = repr(float(row[i]) * factor)
    with open(target, "w", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)
    with open(run[:-4] + ".samples.csv") as f:
        samples = list(csv.reader(f))
    for row in samples[1:]:
        if row[0].startswith("pipeline/"):
            row[3] = repr(float(row[3]) * factor)
    with open(target[:-4] + ".samples.csv", "w", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(samples)
    with open(run[:-4] + ".meta.json") as src, open(target[:-4] + ".meta.json", "w") as dst:
        dst.write(src.read())


def compare_all(test):
    name = name_of(test)
    folder = f"{out}/{name}"
    os.makedirs(folder, exist_ok=True)
    others = [r for s in sets if s != test for r in runs_of(s)]
    full, legacy = f"{out}/profile-{name}.csv", f"{out}/profile-{name}.legacy.csv"
    if os.path.exists(full):
        os.remove(full)
    subprocess.run([bench, "profile", "--profile", full] + others, check=True, capture_output=True)
    with open(full) as src, open(legacy, "w") as dst:
        for line in src:
            dst.write(",".join(line.rstrip("\n").split(",")[:6]) + "\n")
    runs = list(runs_of(test))
    if os.path.exists(f"{folder}/done"):   # compared already (OUT kept from an earlier call)
        return len(runs) - 1
    for i in range(1, len(runs)):
        base, new = runs[i - 1], runs[i]
        subprocess.run([bench, "compare", base, new, "--profile", legacy, "--output", f"{folder}/aa{i}.csv"],
                       capture_output=True)
        for factor, _ in factors:
            doctor(new, float(factor), f"{folder}/tmp.csv")
            subprocess.run([bench, "compare", base, f"{folder}/tmp.csv", "--profile", legacy,
                            "--output", f"{folder}/d{factor}-{i}.csv"], capture_output=True)
    open(f"{folder}/done", "w").close()
    return len(runs) - 1


def read(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def samples(path):
    rows = defaultdict(list)
    with open(path) as f:
        reader = csv.reader(f)
        next(reader)
        for benchmark, size, _, value in reader:
            rows[(benchmark, size)].append(float(value))
    return rows


class Profile:
    """MachineProfile's spread sums, learnt run by run."""

    def __init__(self, mode):
        self.mode = mode
        self.sxy, self.sxx = defaultdict(float), defaultdict(float)
        self.sdd, self.svv, self.pairs, self.last = defaultdict(float), defaultdict(float), defaultdict(int), {}

    def add(self, path):
        """path: a run's .samples.csv; it pairs with the last run of the same commit, build and options (.meta.json)."""
        with open(path[:-len(".samples.csv")] + ".meta.json") as f:
            meta = json.load(f)
        configuration = (meta.get("gitCommit"), meta.get("build"), tuple(sorted(meta.get("options", {}).items())))
        rows = {k: v for k, v in samples(path).items() if len(v) >= 3 and min(v) > 0}
        rounds = max(len(v) for v in rows.values())
        slow = [statistics.median([v[i] / min(v) for v in rows.values() if len(v) > i]) for i in range(rounds)]
        levels = {}
        for key, v in rows.items():
            x, y = [math.log(slow[i]) for i in range(len(v))], [math.log(s) for s in v]
            mx, my = sum(x) / len(x), sum(y) / len(y)
            sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
            sxx = sum((a - mx) ** 2 for a in x)
            self.sxy[key] += sxy
            self.sxx[key] += sxx
            cumulative = min(max((self.sxy[key] + 1) / (self.sxx[key] + 1), 0), 2.5)
            b = {"one": 1.0, "run": min(max((sxy + 1) / (sxx + 1), 0), 2.5), "cum": cumulative,
                 "pair": cumulative}[self.mode]
            logs = [y[i] - b * x[i] for i in range(len(v))]
            m = statistics.median(logs)
            mad = 1.4826 * statistics.median([abs(q - m) for q in logs])
            # "pair": the level at exponents 0 and 1, so that both runs of a pair are taken at the same exponent
            ends = (statistics.median(y), statistics.median([y[i] - x[i] for i in range(len(v))]))
            levels[key] = (m, (1.2533 * mad) ** 2 / len(logs), ends, cumulative, configuration)
        both = [k for k in levels if k in self.last and self.last[k][4] == configuration]

        def change(k):
            if self.mode != "pair":
                return levels[k][0] - self.last[k][0]
            (a0, a1), (b0, b1), b = self.last[k][2], levels[k][2], levels[k][3]
            return (b0 - a0) + b * ((b1 - a1) - (b0 - a0))
        if len(both) >= 8:
            drift = statistics.median([change(k) for k in both])
            for k in both:
                variance = levels[k][1] + self.last[k][1]
                if variance > 0:
                    d = change(k) - drift
                    self.sdd[k] += d * d
                    self.svv[k] += variance
                    self.pairs[k] += 1
        self.last.update(levels)

    def widenings(self, gate):
        spreads = {k: math.sqrt(self.sdd[k] / self.svv[k]) for k in self.pairs if self.pairs[k] >= 9 and self.svv[k] > 0}
        typical = statistics.median(spreads.values())
        return {k: s / typical for k, s in spreads.items() if s / typical > gate}, spreads, typical


def verdict(row, factor):
    v = row["verdict"]
    if v not in ("regressed", "improved") or row["metric"] != "time" or factor <= 1:
        return v
    ratio, low, high = float(row["ratio"]), float(row["ci_low"]), float(row["ci_high"])
    drift = float(row["raw_ratio"]) / ratio if row["raw_ratio"] else 1.0
    low = min(low, ratio * (low / ratio) ** factor)
    high = max(high, ratio * (high / ratio) ** factor)
    up, down = 1 + threshold, 1 / (1 + threshold)
    if v == "regressed":
        return v if low > up and low * drift > up else "inconclusive"
    return v if high < down and high * drift < down else "inconclusive"


pairs = {s: compare_all(s) for s in sets}
data = {s: {k: [read(f"{out}/{name_of(s)}/{k}{i}.csv") for i in range(1, pairs[s] + 1)]
            for k in ["aa"] + [f"d{f}-" for f, _ in factors]} for s in sets}
for mode in modes:
    profiles = {}
    for s in sets:
        profiles[s] = Profile(mode)
        for other in sets:
            if other != s:
                for run in runs_of(other):
                    profiles[s].add(run[:-4] + ".samples.csv")
    for gate in gates:
        totals, per, flagged, bimodal = defaultdict(int), [], [], []
        for s in sets:
            widen, spreads, typical = profiles[s].widenings(gate)
            row_spread = spreads.get(("prepare/query.linear", "300"))
            bimodal.append(round(row_spread / typical, 2) if row_spread else None)
            line = []
            for kind, bar in [("aa", None)] + [(f"d{f}-", b) for f, b in factors]:
                met = 0
                for i, rows in enumerate(data[s][kind]):
                    verdicts = [(r, verdict(r, widen.get((r["benchmark"], r[list(r)[1]]), 1.0))) for r in rows]
                    if kind == "aa":
                        flags = [(r["benchmark"], r[list(r)[1]], r["ratio"]) for r, v in verdicts if v in ("regressed", "improved")]
                        if flags:
                            met += 1
                            flagged.append((name_of(s), i + 1, flags))
                    else:
                        pipeline = [v for r, v in verdicts if r["benchmark"].startswith("pipeline/")]
                        if pipeline.count("regressed") >= math.ceil(bar * len(pipeline) - 1e-9):
                            met += 1
                totals[kind] += met
                line.append(met)
            per.append(line)
        print(f"exponent {mode}, gate {gate:g}: A/A pairs flagged {totals['aa']}, "
              + ", ".join(f"{f}x met {totals[f'd{f}-']}" for f, _ in factors)
              + f" of {sum(pairs.values())}; per set {per}; prepare/query.linear@300 spread / median {bimodal}")
        for flag in flagged:
            print("   ", flag)
