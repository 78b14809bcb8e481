#!/usr/bin/env bash
# Runs several builds in turn, run by run, so that each build meets the same spells of a noisy machine
# (Results/VERDICT-HISTORY.md, "Issue 19, session 4"). Each build's runs go to OUT/NAME/run0.csv ... runN.csv (with their .samples.csv and
# .meta.json), ready for `RUNS=OUT/NAME Benchmarks/Scripts/estimator-table.sh N`.
# usage: Benchmarks/Scripts/interleaved-runs.sh OUT RUNS NAME=BINARY [NAME=BINARY ...] -- [run options]
#   e.g. interleaved-runs.sh /tmp/sets 11 old=/tmp/bench-old new=.build/release/carousel-bench -- --quick --sizes 3,300
# A NAME=BINARY@MS runs that build twice per round with --time-budget MS and pools the two processes' samples into
# one run (Benchmarks/Scripts/pool-runs.py): two processes of half the budget against one of the whole.
set -euo pipefail
out=$1; runs=$2; shift 2
builds=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do builds+=("$1"); shift; done
[ $# -gt 0 ] && shift
here=$(cd "$(dirname "$0")" && pwd)
for build in "${builds[@]}"; do mkdir -p "$out/${build%%=*}"; done
for i in $(seq 0 $((runs - 1))); do
    for build in "${builds[@]}"; do
        name=${build%%=*}; binary=${build#*=}; dir=$out/$name
        start=$(date +%s.%N)
        if [[ $binary == *@* ]]; then
            budget=${binary#*@}; binary=${binary%@*}
            "$binary" run "$@" --time-budget "$budget" --no-baseline --output "$dir/a$i.csv" >/dev/null 2>&1
            "$binary" run "$@" --time-budget "$budget" --no-baseline --output "$dir/b$i.csv" >/dev/null 2>&1
            python3 "$here/pool-runs.py" "$dir/run$i" "$dir/a$i" "$dir/b$i"
        else
            "$binary" run "$@" --no-baseline --output "$dir/run$i.csv" >/dev/null 2>&1
        fi
        echo "run $i: $(echo "$(date +%s.%N) - $start" | bc | cut -c1-5) s, load $(cut -d' ' -f1 /proc/loadavg)" \
            | tee -a "$dir/runs.txt" >&2
    done
done
