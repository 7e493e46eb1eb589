#!/usr/bin/env bash
# side_by_side.sh - our solver against tdoku's, and against fastdoku's when
# a build of it is given, set by set, on one core, in one run: on a busy
# machine only figures taken side by side compare.
#
# usage: side_by_side.sh [-r ROUNDS] [-t SECONDS] [-c CORE] [-s SEED] [-p]
#                        [-f FASTDOKU] TDOKU_BENCH LABEL=BENCH... -- FILE...
#
#   TDOKU_BENCH  tdoku's run_benchmark, built as README.md describes
#   LABEL=BENCH  a sudoku-bench program and the name of its column, e.g.
#                native=build-native/tests/sudoku-bench; one or more
#   -f FASTDOKU  a program that times fastdoku's library as sudoku-bench
#                times ours (README.md says how it is built): run as
#                FASTDOKU --seconds S [--cpu] FILE, it prints a line per
#                limit, FILE LIMIT PUZZLES MICROSECONDS SOLUTIONS
#   -r ROUNDS    rounds per set (default 3); in each round every program
#                runs in turn, ours at limits 1 and 2, the others likewise
#   -t SECONDS   seconds per figure for ours and fastdoku (default 0.5);
#                tdoku's run_benchmark takes whole seconds, so it gets 1
#   -c CORE      the core to pin every run to (default 1)
#   -s SEED      the seed of the relabelling (default 1)
#   -p           time ours and fastdoku by processor time (--cpu), not by
#                the wall's; tdoku's run_benchmark has only the wall's, so
#                its ratios then flatter ours on a busy machine
#
# Every program solves the same puzzles: each FILE is relabelled at random
# once, by the first sudoku-bench (sudoku-bench --relabelled), into a copy
# in a temporary folder, and all of them are timed on that copy, ours with
# --no-relabel and tdoku with -r 0, so that none relabels it again.
#
# For each program and limit it keeps the fastest round, the one least
# disturbed by other work, and prints a Markdown row per file: each
# program's microseconds per puzzle at limit 2 and 1, with guesses per
# puzzle in brackets for ours and tdoku, then each of ours over tdoku at
# limit 2 and 1, then, with -f, each of ours over fastdoku.
set -euo pipefail

usage() {
    echo "usage: $0 [-r ROUNDS] [-t SECONDS] [-c CORE] [-s SEED] [-p] [-f FASTDOKU]" \
        "TDOKU_BENCH LABEL=BENCH... -- FILE..." >&2
    exit 2
}

rounds=3 seconds=0.5 core=1 seed=1 fastdoku= clock=()
while getopts r:t:c:s:pf: opt; do
    case $opt in
    r) rounds=$OPTARG ;;
    t) seconds=$OPTARG ;;
    c) core=$OPTARG ;;
    s) seed=$OPTARG ;;
    p) clock=(--cpu) ;;
    f) fastdoku=$OPTARG ;;
    *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 4 ] || usage
tdoku=$1
shift
ours=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    case $1 in
    *=*) ours+=("$1") ;;
    *) usage ;;
    esac
    shift
done
if [ $# -le 1 ] || [ ${#ours[@]} -eq 0 ]; then
    usage
fi
shift
if [ -n "$fastdoku" ] && [ ! -x "$fastdoku" ]; then
    echo "$0: $fastdoku is not a program" >&2
    exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# min A B: the smaller of two decimals, either of which may be empty
min() {
    if [ -z "$1" ]; then echo "$2"; elif [ -z "$2" ]; then echo "$1"; else
        awk -v a="$1" -v b="$2" 'BEGIN { print (a + 0 <= b + 0) ? a : b }'
    fi
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

peers=(tdoku)
[ -z "$fastdoku" ] || peers+=(fastdoku)
header="| set |"
rule="|---|"
for entry in "${ours[@]}" "${peers[@]/%/=}"; do
    header="$header ${entry%%=*} | ${entry%%=*} L1 |"
    rule="$rule--:|--:|"
done
for peer in "${peers[@]}"; do
    for entry in "${ours[@]}"; do
        header="$header ${entry%%=*} / $peer | ${entry%%=*} / $peer L1 |"
        rule="$rule--:|--:|"
    done
done
echo "$header"
echo "$rule"

first=${ours[0]#*=}
for file in "$@"; do
    name=$(basename "$file" .txt)
    copy=$work/$name.txt
    "$first" --relabelled --seed "$seed" "$file" > "$copy"
    count=$(wc -l < "$copy")
    declare -A time=() guesses=()
    for _ in $(seq "$rounds"); do
        for entry in "${ours[@]}"; do
            label=${entry%%=*}
            while read -r limit us g; do
                time[$label$limit]=$(min "${time[$label$limit]:-}" "$us")
                guesses[$label$limit]=$g
            done < <(taskset -c "$core" "${entry#*=}" --no-relabel "${clock[@]}" \
                --seconds "$seconds" "$copy" |
                awk '$2 == "1" || $2 == "2" { print $2, $5, $NF }')
        done
        for limit in 2 1; do
            flag=()
            [ "$limit" = 1 ] && flag=(-f)
            read -r us g < <(taskset -c "$core" "$tdoku" -t 1 -w 1 -r 0 \
                -n "$count" -s tdoku "${flag[@]}" "$copy" 2>&1 |
                awk -F'|' '/^\|tdoku/ { gsub(/ /, ""); print $4, $6 }')
            time[tdoku$limit]=$(min "${time[tdoku$limit]:-}" "$us")
            guesses[tdoku$limit]=$g
        done
        if [ -n "$fastdoku" ]; then
            while read -r limit us; do
                time[fastdoku$limit]=$(min "${time[fastdoku$limit]:-}" "$us")
            done < <(taskset -c "$core" "$fastdoku" "${clock[@]}" \
                --seconds "$seconds" "$copy" |
                awk '{ print $2, $4 }')
        fi
    done
    row="| $name |"
    for entry in "${ours[@]}" tdoku=; do
        label=${entry%%=*}
        row="$row ${time[${label}2]} (${guesses[${label}2]}) | ${time[${label}1]} (${guesses[${label}1]}) |"
    done
    [ -z "$fastdoku" ] || row="$row ${time[fastdoku2]} | ${time[fastdoku1]} |"
    for peer in "${peers[@]}"; do
        for entry in "${ours[@]}"; do
            label=${entry%%=*}
            row="$row $(ratio "${time[${label}2]}" "${time[${peer}2]}") | $(ratio "${time[${label}1]}" "${time[${peer}1]}") |"
        done
    done
    echo "$row"
    unset time guesses
done
