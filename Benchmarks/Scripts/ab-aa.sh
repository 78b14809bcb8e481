#!/usr/bin/env bash
# usage: Benchmarks/Scripts/ab-aa.sh [N=5] [ab options, e.g. --filter '^(floor|pipeline)/' --sizes 3,300,10000]
# A/A noise of `ab`: `ab HEAD HEAD` (one build of HEAD on both sides) N times. Unchanged code must give no
# `regressed` row. Prints each run's wall time, its `regressed` count and summary line, then per family over all
# runs: the largest interval end beyond 1 on either side (max ci_high - 1, max 1 - ci_low; the threshold must stay
# above both for A/A runs to flag nothing), the largest |ratio - 1| and the largest interval half-width (about the
# smallest effect a row can show, the minimum detectable effect). Docs/AB.md shows its table.
set -euo pipefail
runs=${1:-5}
shift || true
cd "$(dirname "$0")/../.."
swift build -c release --product carousel-bench >/dev/null
bench=$(swift build -c release --show-bin-path)/carousel-bench
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
echo "work: $work" >&2
regressed_runs=0
for i in $(seq 1 "$runs"); do
    start=$(date +%s)
    status=0
    "$bench" ab HEAD HEAD "$@" --output-dir "$work/run$i" >"$work/run$i.out" 2>"$work/run$i.err" || status=$?
    if [ "$status" -ne 0 ] && [ "$status" -ne 2 ]; then
        echo "run $i: ab exited with status $status" >&2
        tail -n 20 "$work/run$i.err" >&2
        exit 1
    fi
    regressed=$(awk -F, 'NR > 1 && $9 == "regressed"' "$work/run$i/comparison.csv" | wc -l)
    [ "$regressed" -gt 0 ] && regressed_runs=$((regressed_runs + 1))
    echo "run $i: $(($(date +%s) - start)) s, $regressed regressed; $(tail -n 1 "$work/run$i.out")"
done
echo "runs with a regressed row: $regressed_runs of $runs"
# comparison.csv: benchmark,catalog,unit,baseline_median,current_median,ratio,ci_low,ci_high,verdict,metric,raw_ratio
# "needed" is the smallest threshold at which no row of the family is regressed or improved: max(ci_low - 1, 1/ci_high - 1).
awk -F, 'FNR > 1 && $10 == "paired" && $7 != "" {
        split($1, id, "/"); f = id[1]
        up = $8 - 1; down = 1 - $7; r = $6 - 1; if (r < 0) r = -r; half = ($8 - $7) / 2
        need = $7 - 1; if (1 / $8 - 1 > need) need = 1 / $8 - 1; if (need < 0) need = 0
        if (!(f in seen)) { seen[f] = 1; order[++n] = f; hi[f] = up; lo[f] = down; dev[f] = r; hw[f] = half; nd[f] = need }
        if (up > hi[f]) hi[f] = up
        if (down > lo[f]) lo[f] = down
        if (r > dev[f]) dev[f] = r
        if (half > hw[f]) hw[f] = half
        if (need > nd[f]) { nd[f] = need; ndrow[f] = $1 "@" $2 }
        sumhw[f] += half; rows[f]++
    }
    END {
        printf "%-10s %5s %16s %16s %12s %15s %16s  %s\n", "family", "rows", "max ci_high - 1", "max 1 - ci_low",
            "max |r - 1|", "max half-width", "mean half-width", "needed threshold"
        for (i = 1; i <= n; i++) { f = order[i]
            printf "%-10s %5d %15.2f%% %15.2f%% %11.2f%% %14.2f%% %15.2f%%  %.2f%% %s\n", f, rows[f], hi[f] * 100, lo[f] * 100,
                dev[f] * 100, hw[f] * 100, sumhw[f] / rows[f] * 100, nd[f] * 100, ndrow[f] }
    }' "$work"/run*/comparison.csv
