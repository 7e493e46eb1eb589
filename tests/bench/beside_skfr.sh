#!/usr/bin/env bash
# beside_skfr.sh - grading the hardest puzzles, ours against skfr, on one
# core, in one run: on a busy machine only figures taken side by side
# compare.
#
# usage: tests/bench/beside_skfr.sh [-b BLOCK] [-c CORE] SUDOKU SKFR FILE...
#
#   SUDOKU  our command, run as `SUDOKU grade -j1 BLOCK_FILE`
#   SKFR    skfr (dobrichev/skfr), run as `OMP_NUM_THREADS=1 SKFR -iin` in
#           a folder of its own where the block is in.txt; README.md says
#           how it was built
#   -b      puzzles per block (default 100)
#   -c      the core to pin every run to (default 1)
#
# Each FILE (comment lines left out) is cut into blocks. Block by block,
# both programs grade it, taking turns to go first, so that a change in
# the machine's load falls on both alike. It prints a row per block and
# per file: the processor seconds (user and system) of each, and ours over
# skfr's.
set -euo pipefail

block=100 core=1
while getopts b:c: opt; do
    case $opt in
    b) block=$OPTARG ;;
    c) core=$OPTARG ;;
    *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -lt 3 ]; then
    echo "usage: $0 [-b BLOCK] [-c CORE] SUDOKU SKFR FILE..." >&2
    exit 2
fi
sudoku=$(realpath "$1") skfr=$(realpath "$2")
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMP_NUM_THREADS=1 TIMEFORMAT='%U %S'

# processor seconds of a command, its output thrown away
seconds() {
    local t
    t=$( { time "$@" > /dev/null 2>&1; } 2>&1)
    awk '{ print $1 + $2 }' <<< "$t"
}

ours() { seconds taskset -c "$core" "$sudoku" grade -j1 "$1"; }

theirs() {
    rm -rf "$work/skfr" && mkdir "$work/skfr" && cp "$1" "$work/skfr/in.txt"
    (cd "$work/skfr" && seconds taskset -c "$core" "$skfr" -iin)
}

echo "| block | puzzles | ours (s) | skfr (s) | ours / skfr |"
echo "|---|--:|--:|--:|--:|"
for file in "$@"; do
    name=$(basename "$file" .txt)
    grep -v '^#' "$file" | split -l "$block" -d -a 3 - "$work/block."
    total_ours=0 total_skfr=0 count=0 turn=0
    for part in "$work"/block.*; do
        if [ $((turn++ % 2)) -eq 0 ]; then
            a=$(ours "$part") b=$(theirs "$part")
        else
            b=$(theirs "$part") a=$(ours "$part")
        fi
        n=$(wc -l < "$part")
        count=$((count + n))
        total_ours=$(awk -v x="$total_ours" -v y="$a" 'BEGIN { print x + y }')
        total_skfr=$(awk -v x="$total_skfr" -v y="$b" 'BEGIN { print x + y }')
        awk -v f="$name" -v p="${part##*.}" -v n="$n" -v a="$a" -v b="$b" \
            'BEGIN { printf "| %s %d | %d | %.1f | %.1f | %.2f |\n", f, p, n, a, b, a / b }'
        rm "$part"
    done
    awk -v f="$name" -v n="$count" -v a="$total_ours" -v b="$total_skfr" \
        'BEGIN { printf "| **%s** | %d | %.1f | %.1f | %.2f |\n", f, n, a, b, a / b }'
done
