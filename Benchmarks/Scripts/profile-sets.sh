#!/usr/bin/env bash
# usage: Benchmarks/Scripts/profile-sets.sh OUT SET [SET ...]
# The machine profile scored by `compare` itself, leaving one set out (Docs/NOISE.md, "The machine profile").
# Each SET holds run0.csv ... runN.csv with their .samples.csv and .meta.json (`KEEP=1 estimator-table.sh N [run
# options]` keeps such a set in the work directory it names). For each SET in turn: a profile of every other SET's runs
# (`carousel-bench profile`), then `estimator-table.sh` on SET's consecutive pairs twice: with that profile (PROFILE)
# and without (--no-profile).
# env:   BENCH=PATH the binary (default: a release build); THRESHOLD=PCT compare's --threshold (default: the tool's);
#        FACTORS="1.5 1.3 1.2" the doctored slowdowns; ESTIMATORS="median p40 hl" the estimators scored (default: the
#        tool's, median)
# Writes OUT/profile-NAME.csv, OUT/NAME.profile.txt and OUT/NAME.pair.txt (NAME: the SET's absolute path, / as -), and
# prints each set's A/A and doctored lines, both ways.
set -euo pipefail
out=$1; shift
sets=("$@")
here=$(cd "$(dirname "$0")" && pwd)
if [ -z "${BENCH:-}" ]; then
    (cd "$here/../.." && swift build -c release --product carousel-bench >/dev/null)
    BENCH=$(cd "$here/../.." && swift build -c release --show-bin-path)/carousel-bench
fi
export BENCH
mkdir -p "$out"
out=$(cd "$out" && pwd)
for index in "${!sets[@]}"; do sets[$index]=$(cd "${sets[$index]}" && pwd); done   # estimator-table.sh works from the root
runs_of() { # SET: its results files, run0.csv upwards
    local i=0
    while [ -f "$1/run$i.csv" ]; do echo "$1/run$i.csv"; i=$((i + 1)); done
}
for test in "${sets[@]}"; do
    name=$(echo "${test#/}" | tr / -)
    others=()
    for other in "${sets[@]}"; do
        [ "$other" = "$test" ] || mapfile -t -O "${#others[@]}" others < <(runs_of "$other")
    done
    pairs=$(( $(runs_of "$test" | wc -l) - 1 ))
    profile=$out/profile-$name.csv
    rm -f "$profile"
    "$BENCH" profile --profile "$profile" "${others[@]}" > /dev/null
    for how in profile pair; do
        if [ "$how" = profile ]; then export PROFILE=$profile; else unset PROFILE; fi
        RUNS=$test ESTIMATORS="${ESTIMATORS:-median}" FACTORS="${FACTORS:-1.5 1.3 1.2}" "$here/estimator-table.sh" "$pairs" \
            > "$out/$name.$how.txt" 2>/dev/null
        echo "$test, $how ($( [ "$how" = profile ] && echo "${#others[@]} runs of the other sets" || echo "--no-profile")):"
        grep -E "^[^ ]+ (A/A|[0-9.]+x):" "$out/$name.$how.txt" | sed 's/^/  /'
    done
done
