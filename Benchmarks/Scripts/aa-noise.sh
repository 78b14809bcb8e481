#!/usr/bin/env bash
# usage: Benchmarks/Scripts/aa-noise.sh [TRIES=10] [extra run options, e.g. --quick]
# A/A noise: the same build run back to back TRIES+1 times; each consecutive pair is compared as baseline and
# candidate. Unchanged code must give no `regressed` row. Prints each comparison's summary line and the
# largest drift-normalised ratio seen, which is what the default threshold has to stay above (Docs/VERDICTS.md).
set -euo pipefail
tries=${1:-10}
shift || true
cd "$(dirname "$0")/../.."
swift build -c release --product carousel-bench >/dev/null
bench=$(swift build -c release --show-bin-path)/carousel-bench
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT; echo "work: $work" >&2
"$bench" run "$@" --no-baseline --output "$work/run0.csv" >/dev/null 2>&1
regressed_tries=0
for i in $(seq 1 "$tries"); do
    "$bench" run "$@" --no-baseline --output "$work/run$i.csv" >/dev/null 2>&1
    status=0
    "$bench" compare "$work/run$((i - 1)).csv" "$work/run$i.csv" --all --format csv --output "$work/cmp$i.csv" >/dev/null || status=$?
    summary=$("$bench" compare "$work/run$((i - 1)).csv" "$work/run$i.csv" | tail -n 1 || true)
    [ "$status" -eq 2 ] && regressed_tries=$((regressed_tries + 1))
    echo "try $i: $summary"
done
echo "tries with a regressed row: $regressed_tries of $tries"
# ratio, ci_low and ci_high are columns 6-8 (drift-normalised); the largest interval end shows the noise.
awk -F, 'FNR > 1 && $10 == "time" { if ($8 > hi) hi = $8; if ($7 != "" && (lo == "" || $7 < lo)) lo = $7; r = $6 + 0; d = r > 1 ? r - 1 : 1 / r - 1; if (d > worst) { worst = d; row = $1 "@" $2 } }
     END { printf "drift-normalised ratios: largest deviation %.1f%% (%s); interval ends %.3f .. %.3f\n", worst * 100, row, lo, hi }' "$work"/cmp*.csv
