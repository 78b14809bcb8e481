#!/usr/bin/env bash
# usage: Benchmarks/Scripts/scaled-baseline.sh BASE.csv NEW.csv REGEX [FACTOR=1.5] [compare options]
# Sensitivity check: make the rows of BASE whose benchmark matches REGEX FACTOR times faster (their medians,
# min, p90, MAD and every raw sample divided by FACTOR), then compare NEW with that baseline. Those rows
# must come out `regressed` and the others not. Prints the verdict counts of both groups.
set -euo pipefail
base=$1 new=$2 regex=$3 factor=${4:-1.5}
shift 3; [ $# -gt 0 ] && shift
cd "$(dirname "$0")/../.."
bench=$(swift build -c release --show-bin-path)/carousel-bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
awk -F, -v OFS=, -v re="$regex" -v f="$factor" 'NR > 1 && $1 ~ re { for (c = 9; c <= 12; c++) $c = $c / f } { print }' \
    "$base" > "$work/scaled.csv"
awk -F, -v OFS=, -v re="$regex" -v f="$factor" 'NR > 1 && $1 ~ re { $4 = $4 / f } { print }' \
    "${base%.csv}.samples.csv" > "$work/scaled.samples.csv"
"$bench" compare "$work/scaled.csv" "$new" --all --format csv --output "$work/cmp.csv" "$@" >/dev/null || true
awk -F, -v re="$regex" 'NR > 1 { group = ($1 ~ re) ? "scaled" : "untouched"; count[group " " $9]++ }
     END { for (k in count) print k ": " count[k] }' "$work/cmp.csv" | sort
