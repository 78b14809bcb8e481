#!/usr/bin/env bash
# usage: Benchmarks/Scripts/estimator-table.sh [PAIRS=10] [run options, e.g. --quick --sizes 3,300]
# How a verdict rule scores (Docs/VERDICTS.md, "How a rule is scored"): PAIRS+1 runs of the same build back to back;
# each consecutive pair is compared as baseline and candidate three ways: as it is (A/A), and with the candidate's
# rows matching REGEX made FACTOR times slower (their min, median, p90, mad, p99 and every raw sample
# multiplied), for every estimator of ESTIMATORS. Prints, per estimator and factor, what each pair gave.
# With KEEP=1 the runs stay in the work directory it names ("work: DIR"): a set of runs for RUNS=DIR,
# profile-sets.sh and reproducibility.py.
# env:   RUNS=DIR          reuse the runs run0.csv ... in DIR (made by an earlier call with KEEP=1) instead of running
#        ESTIMATORS="..."  default "median p20 p10 min hl p10/raw"; NAME/raw: --estimator NAME --raw-samples (the
#                          raw samples, not divided by their rounds' slowdowns; Docs/NOISE.md, "Round speeds")
#                          FACTORS="1.2 1.3 1.5"; REGEX='^pipeline/'
#        THRESHOLD=PCT     compare's --threshold (default: the tool's); BENCH=PATH the binary (default: a release build)
#        PROFILE=PATH      compare with --profile PATH (a machine profile, `carousel-bench profile`; Docs/NOISE.md,
#                          "The machine profile"); unset: --no-profile, so that no profile lying in Results/profiles
#                          changes the table
# Columns: A/A "flagged" = rows `regressed` or `improved` in that pair, "needed" = the smallest threshold (%) at
# which that pair flags nothing (max over rows of lo - 1 and 1/hi - 1 of the normalised interval);
# doctored: how many REGEX rows came out `regressed` (of how many), and how many other rows were flagged.
# "full speed": each pair's shares of rounds at the machine's full speed (baseline/current, `compare`'s summary;
# Docs/NOISE.md, "Full-speed rounds"), and the pairs binned by the smaller share: how many flagged an A/A row, and how many
# met the bar at each factor.
set -euo pipefail
pairs=${1:-10}
shift || true
cd "$(dirname "$0")/../.."
if [ -z "${BENCH:-}" ]; then
    swift build -c release --product carousel-bench >/dev/null
    BENCH=$(swift build -c release --show-bin-path)/carousel-bench
fi
estimators=${ESTIMATORS:-median p20 p10 min hl p10/raw}
factors=${FACTORS:-1.2 1.3 1.5}
regex=${REGEX:-^pipeline/}
compare_options=()
[ -n "${THRESHOLD:-}" ] && compare_options=(--threshold "$THRESHOLD")
if [ -n "${PROFILE:-}" ]; then compare_options+=(--profile "$PROFILE"); else compare_options+=(--no-profile); fi
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT; echo "work: $work" >&2
runs=${RUNS:-$work}
if [ -z "${RUNS:-}" ]; then
    for i in $(seq 0 "$pairs"); do
        start=$(date +%s.%N)
        "$BENCH" run "$@" --no-baseline --output "$runs/run$i.csv" >/dev/null 2>&1
        # The 1-minute load average just after the run: the noise each pair was measured in.
        echo "run $i: $(echo "$(date +%s.%N) - $start" | bc | cut -c1-5) s, load $(cut -d' ' -f1 /proc/loadavg)" \
            | tee -a "$runs/runs.txt" >&2
    done
fi

[ -f "$runs/runs.txt" ] && cat "$runs/runs.txt"

# Multiplies the time columns (by header name) of the REGEX rows and their raw samples by FACTOR.
doctor() { # RUN FACTOR OUT
    awk -F, -v OFS=, -v re="$regex" -v f="$2" '
        NR == 1 { for (c = 1; c <= NF; c++) if ($c ~ /^(min|median|p90|mad|p99)$/) scale[c] = 1; print; next }
        $1 ~ re { for (c in scale) if ($c != "") $c = $c * f } { print }' "$1" > "$3"
    awk -F, -v OFS=, -v re="$regex" -v f="$2" 'NR > 1 && $1 ~ re { $4 = $4 * f } { print }' \
        "${1%.csv}.samples.csv" > "${3%.csv}.samples.csv"
    cp "${1%.csv}.meta.json" "${3%.csv}.meta.json"
}

# Counts of one comparison CSV: "regressed-REGEX-rows REGEX-rows flagged-others needed-threshold-pct".
counts() {
    awk -F, -v re="$regex" 'NR == 1 { for (c = 1; c <= NF; c++) col[$c] = c; next }
        { v = $col["verdict"]; lo = $col["ci_low"]; hi = $col["ci_high"]
          if ($1 ~ re) { n++; if (v == "regressed") r++ } else if (v == "regressed" || v == "improved") other++
          if (v == "regressed" || v == "improved") flagged++
          if ($col["metric"] == "time" && lo != "" && lo > 0) { need = lo - 1; if (1 / hi - 1 > need) need = 1 / hi - 1; if (need > worst) worst = need } }
        END { printf "%d %d %d %d %.1f\n", r, n, other, flagged, worst * 100 }' "$1"
}

for estimator in $estimators; do
    how=(--estimator "${estimator%/raw}")
    [[ $estimator == */raw ]] && how+=(--raw-samples)
    aa="" ; aa_needed=0 ; aa_flagged_pairs=0 ; shares=""
    declare -A line=() met=() bin_pairs=() bin_flagged=() bin_met=()
    for i in $(seq 1 "$pairs"); do
        base="$runs/run$((i - 1)).csv" new="$runs/run$i.csv"
        summary=$("$BENCH" compare "$base" "$new" "${how[@]}" "${compare_options[@]}" \
            --output "$work/cmp.csv" 2>/dev/null | tail -1) || true
        read -r _ _ _ flagged needed < <(counts "$work/cmp.csv")
        share=$(echo "$summary" | sed -n "s/.*full speed in \([0-9]*\)% of the baseline's [0-9]* rounds, \([0-9]*\)% of the current.*/\1 \2/p")
        read -r share_b share_c <<< "${share:-0 0}"
        shares+=" $share_b/$share_c"
        smaller=$(( share_b < share_c ? share_b : share_c ))
        bin="30-100%"; [ "$smaller" -lt 30 ] && bin="15-29%"; [ "$smaller" -lt 15 ] && bin="5-14%"; [ "$smaller" -lt 5 ] && bin="0-4%"
        bin_pairs[$bin]=$(( ${bin_pairs[$bin]:-0} + 1 ))
        [ "$flagged" -gt 0 ] && bin_flagged[$bin]=$(( ${bin_flagged[$bin]:-0} + 1 ))
        aa+=" $flagged/$needed"
        [ "$flagged" -gt 0 ] && aa_flagged_pairs=$((aa_flagged_pairs + 1))
        aa_needed=$(echo "$needed $aa_needed" | awk '{ print ($1 > $2) ? $1 : $2 }')
        for factor in $factors; do
            doctor "$new" "$factor" "$work/doctored.csv"
            "$BENCH" compare "$base" "$work/doctored.csv" "${how[@]}" "${compare_options[@]}" --all --format csv \
                --output "$work/cmp.csv" >/dev/null 2>&1 || true
            read -r regressed total others _ _ < <(counts "$work/cmp.csv")
            line[$factor]+=" $regressed/$total"
            [ "$others" -gt 0 ] && line[$factor]+="(+$others)"
            need=$(( total - total / 20 ))              # 19 of 20
            [ "$factor" != "1.5" ] && need=$(( total - total / 10 ))   # 18 of 20
            [ "$regressed" -ge "$need" ] && met[$factor]=$(( ${met[$factor]:-0} + 1 )) \
                && bin_met[$bin.$factor]=$(( ${bin_met[$bin.$factor]:-0} + 1 ))
        done
    done
    echo "$estimator A/A: pairs with a flagged row $aa_flagged_pairs of $pairs; smallest threshold flagging nothing ${aa_needed}% (flagged/needed%:$aa)"
    for factor in $factors; do
        echo "$estimator ${factor}x: pairs meeting the bar ${met[$factor]:-0} of $pairs (regressed/rows, +others flagged:${line[$factor]})"
    done
    echo "$estimator full speed (% of rounds, baseline/current):$shares"
    for bin in 0-4% 5-14% 15-29% 30-100%; do
        [ -n "${bin_pairs[$bin]:-}" ] || continue
        text="$estimator smaller share $bin: ${bin_pairs[$bin]} pairs, A/A flagged ${bin_flagged[$bin]:-0}"
        for factor in $factors; do text+=", ${factor}x met ${bin_met[$bin.$factor]:-0}"; done
        echo "$text"
    done
    unset line met bin_pairs bin_flagged bin_met
done
