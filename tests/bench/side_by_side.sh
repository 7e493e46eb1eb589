#!/usr/bin/env bash
# side_by_side.sh - our solver against tdoku's, set by set, on one core, in
# one run: on a busy machine only figures taken side by side compare.
#
# usage: side_by_side.sh [-r ROUNDS] [-t SECONDS] [-c CORE] TDOKU_BENCH
#                        LABEL=BENCH... -- FILE...
#
#   TDOKU_BENCH  tdoku's run_benchmark, built as README.md describes
#   LABEL=BENCH  a sudoku-bench program and the name of its column, e.g.
#                native=build-native/tests/sudoku-bench; one or more
#   -r ROUNDS    rounds per set (default 3); in each round every program
#                runs in turn, ours at limits 1 and 2, tdoku at each limit
#   -t SECONDS   seconds per figure for ours (default 0.5); tdoku's
#                run_benchmark takes whole seconds, so it gets 1
#   -c CORE      the core to pin every run to (default 1)
#
# For each program and limit it keeps the fastest round, the one least
# disturbed by other work, and prints a Markdown row per file: each
# program's microseconds per puzzle at limit 2 and 1 with guesses per
# puzzle in brackets, then each of ours over tdoku at limit 2 and 1.
# Ours relabels the puzzles at random (seed 1), as tdoku permutes them.
set -euo pipefail

usage() {
    echo "usage: $0 [-r ROUNDS] [-t SECONDS] [-c CORE] TDOKU_BENCH LABEL=BENCH... -- FILE..." >&2
    exit 2
}

rounds=3 seconds=0.5 core=1
while getopts r:t:c: opt; do
    case $opt in
    r) rounds=$OPTARG ;;
    t) seconds=$OPTARG ;;
    c) core=$OPTARG ;;
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

# min A B: the smaller of two decimals, either of which may be empty
min() {
    if [ -z "$1" ]; then echo "$2"; elif [ -z "$2" ]; then echo "$1"; else
        awk -v a="$1" -v b="$2" 'BEGIN { print (a + 0 <= b + 0) ? a : b }'
    fi
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

header="| set |"
rule="|---|"
for entry in "${ours[@]}" tdoku=; do
    header="$header ${entry%%=*} | ${entry%%=*} L1 |"
    rule="$rule--:|--:|"
done
for entry in "${ours[@]}"; do
    header="$header ${entry%%=*} / tdoku | ${entry%%=*} / tdoku L1 |"
    rule="$rule--:|--:|"
done
echo "$header"
echo "$rule"

for file in "$@"; do
    declare -A time=() guesses=()
    for _ in $(seq "$rounds"); do
        for entry in "${ours[@]}"; do
            label=${entry%%=*}
            while read -r limit us g; do
                time[$label$limit]=$(min "${time[$label$limit]:-}" "$us")
                guesses[$label$limit]=$g
            done < <(taskset -c "$core" "${entry#*=}" --seconds "$seconds" "$file" |
                awk '$2 == "1" || $2 == "2" { print $2, $5, $NF }')
        done
        for limit in 2 1; do
            flag=()
            [ "$limit" = 1 ] && flag=(-f)
            read -r us g < <(taskset -c "$core" "$tdoku" -t 1 -w 1 -e 1 -s tdoku \
                "${flag[@]}" "$file" 2>&1 |
                awk -F'|' '/^\|tdoku/ { gsub(/ /, ""); print $4, $6 }')
            time[tdoku$limit]=$(min "${time[tdoku$limit]:-}" "$us")
            guesses[tdoku$limit]=$g
        done
    done
    row="| $(basename "$file" .txt) |"
    for entry in "${ours[@]}" tdoku=; do
        label=${entry%%=*}
        row="$row ${time[${label}2]} (${guesses[${label}2]}) | ${time[${label}1]} (${guesses[${label}1]}) |"
    done
    for entry in "${ours[@]}"; do
        label=${entry%%=*}
        row="$row $(ratio "${time[${label}2]}" "${time[tdoku2]}") | $(ratio "${time[${label}1]}" "${time[tdoku1]}") |"
    done
    echo "$row"
    unset time guesses
done
