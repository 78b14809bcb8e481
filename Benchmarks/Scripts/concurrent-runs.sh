#!/usr/bin/env bash
# usage: Benchmarks/Scripts/concurrent-runs.sh same|history|baseline|killed [ROUNDS] [ARGS...]
# Several runs at once (Docs/RESULTS-FORMAT.md, "Several runs at once"): quick runs (n = 3) of disjoint filters
# started together on one file set.
#   same [ROUNDS] [ARGS...]  ROUNDS (20) rounds of 3 runs on one --output; after each round the set must be one
#                            run's whole output: the metadata's runID is a run's of the round (each prints its
#                            results with --format json), the CSV has that run's rows and medians, the samples
#                            file that run's rows, counts and medians. Counts exits 0, exits 1 on a lock timeout
#                            (one error line, the last), and runs that said they waited. HOLD=S holds each run's
#                            locks S seconds before it writes (the test hook CAROUSEL_BENCH_HOLD_LOCKS).
#   history [ROUNDS]         ROUNDS (20) rounds of 3 --history runs (working directory: the scratch folder, so
#                            the history is SCRATCH/Results/history/MACHINE.csv); every run's rows must be in it.
#   baseline [ROUNDS]        ROUNDS (10) rounds of 4 --save-baseline runs into a fresh baseline; every row of
#                            every run must be in it, with its median.
#   killed                   a run holding the output's lock is killed with -9: the run waiting for it, and a run
#                            started afterwards, go on.
# BENCH=path/to/carousel-bench measures another build; the scratch folder is removed afterwards.
set -uo pipefail
mode=$1
rounds=${2:-}
shift $(( $# < 2 ? $# : 2 ))
extra=("$@")
bench=${BENCH:-$(cd "$(dirname "$0")/../.." && swift build -c release --show-bin-path)/carousel-bench}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
filters=(lookup wrap snap transform)

# quick RUN FILTER ARGS...: one quick run in the background, its results as JSON in RUN.json, its standard
# error in RUN.err, its exit status in RUN.rc.
quick() {
    local run=$1 filter=$2
    shift 2
    ( CAROUSEL_BENCH_HOLD_LOCKS=${HOLD:-0} "$bench" run --quick --sizes 3 --filter "^$filter/" --format json "$@" \
        > "$run.json" 2> "$run.err"; echo $? > "$run.rc" ) &
}

case $mode in
same)
    for r in $(seq 1 "${rounds:-20}"); do
        for f in "${filters[@]:0:3}"; do quick "$work/r$r.$f" "$f" --no-baseline --output "$work/out.csv" "${extra[@]}"; done
        wait
        python3 - "$work" "$r" <<'PY' || echo "round $r: mixed" >> "$work/mixed"
import csv, json, statistics, sys
work, r = sys.argv[1], sys.argv[2]
runs = []
for f in ["lookup", "wrap", "snap"]:
    try: runs.append(json.load(open(f"{work}/r{r}.{f}.json")))
    except ValueError: pass
meta = json.load(open(f"{work}/out.meta.json"))
# A set written before runIDs were recorded (BENCH of an older build) is matched on its filter instead.
key = lambda metadata: metadata.get("runID") or metadata["options"]["filter"]
run = [x for x in runs if key(x["metadata"]) == key(meta)]
def mixed(why): print(f"round {r}: MIXED: {why}"); sys.exit(1)
if len(run) != 1: mixed("the metadata is no run's of the round")
want = {(x["benchmark"], str(x["catalog"])): x for x in run[0]["rows"]}
rows = list(csv.DictReader(open(f"{work}/out.csv")))
samples = {}
for s in csv.DictReader(open(f"{work}/out.samples.csv")):
    samples.setdefault((s["benchmark"], s["catalog"]), []).append(float(s["value"]))
if {(x["benchmark"], x["catalog"]) for x in rows} != set(want) or set(samples) != set(want):
    mixed("the CSV's or the samples' rows are not the metadata's run's")
for x in rows:
    key, median = (x["benchmark"], x["catalog"]), float(x["median"])
    close = lambda a, b: abs(a - b) <= 1e-3 + 1e-6 * abs(b)
    if not close(median, want[key]["median"]) or len(samples[key]) != int(x["samples"]) \
            or not close(statistics.median(samples[key]), median):
        mixed(f"{key[0]}: the CSV's median, or its samples, are another run's")
PY
    done
    python3 - "$work" "${rounds:-20}" <<'PY'
import glob, sys
work, rounds = sys.argv[1], int(sys.argv[2])
codes = {"0": 0, "timeout": 0, "other": 0}; waited = 0
for rc in glob.glob(work + "/r*.rc"):
    status, err = open(rc).read().strip(), open(rc[:-3] + ".err").read().splitlines()
    waited += any(line.startswith("carousel-bench: waiting for") for line in err)
    errors = [line for line in err if " error: " in line]
    if status == "0": codes["0"] += 1
    elif status == "1" and errors == [err[-1]] and "still locked after" in err[-1]: codes["timeout"] += 1
    else: codes["other"] += 1; print(f"{rc[:-3]}: exit {status}: {err[-1] if err else ''}")
mixed = len(open(work + "/mixed").readlines()) if glob.glob(work + "/mixed") else 0
print(f"{rounds} rounds, {3 * rounds} runs: exit 0 {codes['0']}, exit 1 on the lock timeout {codes['timeout']}, "
      f"other {codes['other']}; {waited} said they waited; mixed sets {mixed}")
PY
    ;;
history)
    mkdir -p "$work/runs"
    cd "$work"
    for r in $(seq 1 "${rounds:-20}"); do
        for f in "${filters[@]:0:3}"; do quick "$work/runs/r$r.$f" "$f" --no-baseline --output "$work/runs/r$r.$f.csv" --history; done
        wait
    done
    python3 - "$work" <<'PY'
import csv, glob, json, sys
work = sys.argv[1]
[path] = glob.glob(work + "/Results/history/*.csv")
history = list(csv.DictReader(open(path)))
have = {(h["time"], h["benchmark"], h["size"], "%.4f" % float(h["median"])) for h in history}
codes = {}; rows = lost = lost_runs = 0
for rc in sorted(glob.glob(work + "/runs/*.rc")):
    status = open(rc).read().strip(); codes[status] = codes.get(status, 0) + 1
    run = json.load(open(rc[:-3] + ".json"))
    missing = [x for x in run["rows"]
               if (run["metadata"]["time"], x["benchmark"], str(x["catalog"]), "%.4f" % x["median"]) not in have]
    rows += len(run["rows"]); lost += len(missing); lost_runs += bool(missing)
print(f"{sum(codes.values())} runs (exit statuses {codes}): {rows} rows run, {len(history)} in the history, "
      f"{lost} missing; {lost_runs} runs lost rows")
PY
    ;;
baseline)
    for r in $(seq 1 "${rounds:-10}"); do
        mkdir -p "$work/r$r"
        for f in "${filters[@]}"; do quick "$work/r$r/$f" "$f" --output "$work/r$r/$f.csv" --baseline "$work/r$r/baseline.csv" --save-baseline; done
        wait
    done
    python3 - "$work" "${rounds:-10}" <<'PY'
import csv, sys
work, rounds = sys.argv[1], int(sys.argv[2])
codes = {}; lost_rounds = lost_runs = silent = 0
for r in range(1, rounds + 1):
    baseline = {(x["benchmark"], x["catalog"]): x["median"] for x in csv.DictReader(open(f"{work}/r{r}/baseline.csv"))}
    lost = 0
    for f in ["lookup", "wrap", "snap", "transform"]:
        status = open(f"{work}/r{r}/{f}.rc").read().strip(); codes[status] = codes.get(status, 0) + 1
        run = {(x["benchmark"], x["catalog"]): x["median"] for x in csv.DictReader(open(f"{work}/r{r}/{f}.csv"))}
        missing = any(baseline.get(key) != median for key, median in run.items())
        lost += missing; silent += missing and status == "0"
    lost_rounds += lost > 0; lost_runs += lost
print(f"{rounds} rounds, {4 * rounds} runs (exit statuses {codes}): {lost_rounds} rounds lost rows, "
      f"{lost_runs} runs' rows missing from the baseline ({silent} of them exited 0)")
PY
    ;;
killed)
    HOLD=600 quick "$work/holder" snap --no-baseline --output "$work/out.csv"
    until [ -s "$work/.out.csv.lock" ]; do sleep 0.1; done
    holder=$(tr -d '\n' < "$work/.out.csv.lock")
    quick "$work/waiter" wrap --no-baseline --output "$work/out.csv"
    sleep 3
    kill -9 "$holder"
    killed=$(date +%s.%N)
    until [ -s "$work/waiter.rc" ]; do sleep 0.01; done
    echo "the waiter: exit $(cat "$work/waiter.rc"), $(echo "$(date +%s.%N) - $killed" | bc) s after the kill -9 of $holder"
    grep -E "waiting|wrote|error" "$work/waiter.err" | sed 's/^/  /'
    HOLD=600 quick "$work/holder2" snap --no-baseline --output "$work/out.csv"
    until [ "$(cat "$work/.out.csv.lock" 2>/dev/null)" != "" ] && [ "$(cat "$work/.out.csv.lock")" != "$holder" ]; do sleep 0.1; done
    holder=$(tr -d '\n' < "$work/.out.csv.lock")
    kill -9 "$holder"
    wait
    started=$(date +%s.%N)
    quick "$work/after" lookup --no-baseline --output "$work/out.csv" --lock-timeout 0
    wait
    echo "a run started after the kill -9 of $holder, with --lock-timeout 0: exit $(cat "$work/after.rc") in" \
        "$(echo "$(date +%s.%N) - $started" | bc) s"
    grep -E "waiting|wrote|error" "$work/after.err" | sed 's/^/  /'
    ;;
*)
    echo "usage: $0 same|history|baseline|killed [ROUNDS] [ARGS...]" >&2
    exit 64
    ;;
esac
