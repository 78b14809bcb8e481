#!/usr/bin/env bash
# Issue 10's foreign-baseline check. From BASE (a quick run's results set) make a doctored baseline: its
# `pipeline/*` timings divided by 1.5 (min, median, p90, MAD, p99 and every raw sample), its instruction counts
# cleared. Then compare NEW with it twice:
#   1. with the fingerprint changed to another CPU: no `regressed` row, `not comparable`, exit 0;
#   2. with this machine's fingerprint (BASE's own): the pipeline rows `regressed`, exit 2.
# Prints each comparison's exit status, verdict counts and summary line.
# usage: Benchmarks/Scripts/foreign-baseline.sh BASE.csv NEW.csv
set -euo pipefail
base=$1 new=$2
cd "$(dirname "$0")/../.."
bench=$(swift build -c release --show-bin-path)/carousel-bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
doctor() {
    awk -F, -v OFS=, 'NR > 1 && $1 ~ /^pipeline\// { for (c = 9; c <= 12; c++) $c = $c / 1.5; $16 = $16 / 1.5 }
                      NR > 1 { $14 = "" } { print }' "$base" > "$1.csv"
    awk -F, -v OFS=, 'NR > 1 && $1 ~ /^pipeline\// { $4 = $4 / 1.5 } { print }' "${base%.csv}.samples.csv" > "$1.samples.csv"
}
doctor "$work/foreign"
sed -E 's/"cpuModel" : "[^"]*"/"cpuModel" : "AMD EPYC 7B13 (doctored)"/' "${base%.csv}.meta.json" > "$work/foreign.meta.json"
doctor "$work/same"
cp "${base%.csv}.meta.json" "$work/same.meta.json"
for name in foreign same; do
    status=0
    "$bench" compare "$work/$name.csv" "$new" --output "$work/$name.cmp.csv" >"$work/$name.out" 2>&1 || status=$?
    echo "$name fingerprint: exit $status"
    awk -F, 'NR > 1 { group = ($1 ~ /^pipeline\//) ? "pipeline" : "other"; count[group " " $9]++ }
         END { for (k in count) print "  " k ": " count[k] }' "$work/$name.cmp.csv" | sort
    tail -n 1 "$work/$name.out" | sed 's/^/  /'
done
