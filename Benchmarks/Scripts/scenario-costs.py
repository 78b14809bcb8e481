#!/usr/bin/env python3
"""usage: Benchmarks/Scripts/scenario-costs.py [SIZES]   (env BENCH=path to carousel-bench; SIZES default 1,3,300,10000;
       SCENARIOS=comma-separated scenarios, default all four; UNITS=X: Apple's units instead, X ms of cell work)

Each scenario an app drives (auto-advance, tap, reload-recentre: Docs/ALGORITHMS.md, "Scrolls by code";
catalogue-update: "Catalogue updates") through every design in both views at each size: `carousel-bench trace
--gesture SCENARIO --costs`, each frame timed on its own (the minimum over its plays). Prints a Markdown table per
scenario, one row per design and view, a cell per size: the median frame (for catalogue-update, the median of its 12
update frames) and the worst frame with its event. "-" where the trace refuses the size (a catalog limit). The
auto-advance plays 2n + 2 ticks, one every 0.5 s, each an animation of 0.3 s: above n = 1 000 it runs only with FULL=1
(at n = 10 000, 1.2 million frames a view: 6.5 minutes for pipeline.peer.infinitelayout alone); its frames are scroll
frames, which the trajectory rows time at every size, and `advance/uikit.*` times one whole tick.

With UNITS=X each cell is instead the scenario in Apple's units, as `run` gives them for a trajectory
(Sources/BenchKit/Measure/HitchTime.swift): the headroom (the 120 Hz interval less the worst frame), then the hitch
time ratio (ms of hitch per second: each frame over the interval is late by the whole intervals it overruns, rounded
up) of the layout alone and with X ms of the app's own cell work in every frame.
"""
import csv, io, os, statistics, subprocess, sys

BENCH = os.environ.get("BENCH", ".build/release/carousel-bench")
SIZES = [int(s) for s in (sys.argv[1] if len(sys.argv) > 1 else "1,3,300,10000").split(",")]
SCENARIOS = os.environ.get("SCENARIOS", "auto-advance,tap,reload-recentre,catalogue-update").split(",")


def designs():
    """The designs with both views, from `list` (`pipeline/<name>` and `uikit/<name>`)."""
    listed = subprocess.run([BENCH, "list"], capture_output=True, text=True, check=True).stdout.splitlines()
    ids = [line.split("\t")[0] for line in listed]
    names = [i.split("/", 1)[1] for i in ids if i.startswith("pipeline/")]
    return [(name, [view for view in ("pipeline", "uikit") if f"{view}/{name}" in ids]) for name in names]


def duration(ns):
    if ns < 1_000:
        return f"{ns:.0f} ns"
    if ns < 1_000_000:
        return f"{ns / 1_000:.3g} µs"
    if ns < 1_000_000_000:
        return f"{ns / 1_000_000:.3g} ms"
    return f"{ns / 1_000_000_000:.3g} s"


HZ = 120.0
INTERVAL_NS = 1e9 / HZ
UNITS = os.environ.get("UNITS")


def hitch_ratio(costs, content_ns):
    """Milliseconds of hitch per second of the frames played at HZ (HitchTime.ratio)."""
    late = 0.0
    for cost in costs:
        over = cost + content_ns - INTERVAL_NS
        if over > 0:
            late += -(-over // INTERVAL_NS) * INTERVAL_NS
    return (late / 1e6) / (len(costs) / HZ)


def units(costs):
    content_ns = float(UNITS) * 1e6
    headroom = (INTERVAL_NS - max(costs)) / 1e6
    return (f"{headroom:.2f} ms; {hitch_ratio(costs, 0):.4f} / {hitch_ratio(costs, content_ns):.4f} ms/s")


def cell(view, name, n, scenario):
    if scenario == "auto-advance" and n > 1000 and not os.environ.get("FULL"):
        return "not run (FULL=1)"
    run = subprocess.run([BENCH, "trace", "--pipeline", f"{view}.{name}", "--catalog", str(n), "--gesture", scenario, "--costs"],
                         capture_output=True, text=True)
    if run.returncode != 0:
        return "-"
    rows = list(csv.DictReader(io.StringIO(run.stdout)))
    costs = [float(r["cost_ns"]) for r in rows]
    if UNITS:
        return units(costs)
    worst = max(rows, key=lambda r: float(r["cost_ns"]))
    if scenario == "catalogue-update":
        costs = [float(r["cost_ns"]) for r in rows if r["event"] == "catalogue update"]
    return f"{duration(statistics.median(costs))} / {duration(float(worst['cost_ns']))} ({worst['event']})"


for scenario in SCENARIOS:
    print(f"\n### {scenario}\n")
    print("| design | view | " + " | ".join(f"n = {n:,}".replace(",", " ") for n in SIZES) + " |")
    print("|---|---|" + "---|" * len(SIZES))
    for name, views in designs():
        for view in views:
            print(f"| `{name}` | {view} | " + " | ".join(cell(view, name, n, scenario) for n in SIZES) + " |", flush=True)
