#!/usr/bin/env bash
# pipe.sh - how fast two builds of the command solve a million puzzles into
# a pipe, side by side: rounds alternate between them, and it prints the
# median wall time of each and their ratio, so that a change in how output
# reaches a pipe is seen to cost nothing on quick records.
#
# usage: tests/bench/pipe.sh [-r ROUNDS] [-n PUZZLES] SUDOKU_A SUDOKU_B
#        (from the source folder; the puzzles are puzzles/sets/17-clue.txt,
#        repeated to PUZZLES lines, a million by default)
set -u

rounds=5
puzzles=1000000
while getopts r:n: opt; do
    case $opt in
    r) rounds=$OPTARG ;;
    n) puzzles=$OPTARG ;;
    *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -ne 2 ]; then
    echo "usage: $0 [-r ROUNDS] [-n PUZZLES] SUDOKU_A SUDOKU_B" >&2
    exit 2
fi
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
grep -v '^#' "$(dirname "$0")/../../puzzles/sets/17-clue.txt" > "$work/one"
: > "$work/all"
while [ "$(wc -l < "$work/all")" -lt "$puzzles" ]; do
    cat "$work/one" >> "$work/all"
done
head -n "$puzzles" "$work/all" > "$work/puzzles.txt"

# seconds BIN: the wall time of one solve of the file into a pipe, whose
# reader checks that every record came.
seconds() {
    local start end lines
    start=$(date +%s%N)
    lines=$("$1" "$work/puzzles.txt" | wc -l)
    end=$(date +%s%N)
    [ "$lines" = "$puzzles" ] || { echo "$1: $lines records of $puzzles" >&2; exit 1; }
    echo "scale=3; ($end - $start) / 1000000000" | bc
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

: > "$work/a"
: > "$work/b"
for _ in $(seq "$rounds"); do
    seconds "$1" >> "$work/a"
    seconds "$2" >> "$work/b"
done
a=$(median < "$work/a")
b=$(median < "$work/b")
printf '%s puzzles into a pipe, median of %s rounds\n' "$puzzles" "$rounds"
printf '  A %-40s %s s\n' "$1" "$a"
printf '  B %-40s %s s\n' "$2" "$b"
printf '  A / B %s\n' "$(echo "scale=3; $a / $b" | bc)"
