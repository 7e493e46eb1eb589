#!/usr/bin/env bash
# callgrind.sh - the instructions the library executes per puzzle, counted by
# valgrind's callgrind inside sudoku_count() only: a figure that, unlike a
# time, is the same on every run and on a busy machine.
#
# usage: callgrind.sh [-n LINES | -p PUZZLES] [-l LIMIT] [-s SEED] BENCH FILE
#
#   BENCH        the sudoku-bench program, e.g. build/tests/sudoku-bench
#   -n LINES     count only the first LINES lines of FILE
#   -p PUZZLES   count only the first PUZZLES puzzles of FILE, for files of
#                one puzzle a line: comments and blank lines do not count
#   -l LIMIT     the solution limit: 2 (the default) solves and proves the
#                solution unique, 1 only solves
#   -s SEED      relabel the puzzles at random with SEED first; by default
#                they are counted as the file gives them, so that the figure
#                compares with other solvers counted on the same file
#
# It runs `sudoku-bench --once` under
#   valgrind --tool=callgrind --toggle-collect=sudoku_count
# so loading, relabelling and checking the solutions are not counted, and
# prints the file, the puzzles, the limit and the instructions per puzzle.
#
# The usual subsets:
#   callgrind.sh -n 1000 BENCH puzzles/sets/forum-hardest-1905-11plus.txt
#   callgrind.sh -p 10000 BENCH puzzles/sets/17-clue.txt
#   callgrind.sh BENCH puzzles/sets/magictour-top1465.txt
#
# valgrind cannot decode AVX-512: on a machine that has it, count a build
# made with at most -march=x86-64-v3, not -march=native.
set -euo pipefail

usage() {
    echo "usage: $0 [-n LINES | -p PUZZLES] [-l LIMIT] [-s SEED] BENCH FILE" >&2
    exit 2
}

lines= puzzles= limit=2 relabel=(--no-relabel)
while getopts n:p:l:s: opt; do
    case $opt in
    n) lines=$OPTARG ;;
    p) puzzles=$OPTARG ;;
    l) limit=$OPTARG ;;
    s) relabel=(--seed "$OPTARG") ;;
    *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || usage
[ -z "$lines" ] || [ -z "$puzzles" ] || usage
bench=$1
file=$2

if ! command -v valgrind >/dev/null; then
    echo "$0: valgrind is not installed" >&2
    exit 2
fi
if [ ! -r "$file" ]; then
    echo "$0: cannot read $file" >&2
    exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

input=$file
subset="all"
if [ -n "$lines" ]; then
    input=$work/subset.txt
    head -n "$lines" "$file" > "$input"
    subset="first $lines lines"
elif [ -n "$puzzles" ]; then
    input=$work/subset.txt
    grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$file" |
        head -n "$puzzles" > "$input" || true # head closes the pipe early
    subset="first $puzzles puzzles"
fi

if ! valgrind --tool=callgrind --toggle-collect=sudoku_count \
    --callgrind-out-file="$work/callgrind.out" \
    "$bench" --once --markdown --limit "$limit" "${relabel[@]}" "$input" \
    > "$work/table" 2> "$work/log"; then
    cat "$work/log" >&2
    echo "$0: sudoku-bench failed under valgrind" >&2
    exit 1
fi

# The Markdown row: | file | limit | puzzles | ...
count=$(awk -F' *[|] *' '$3 ~ /^[0-9]+$/ { print $4 }' "$work/table")
instructions=$(awk '$1 == "summary:" { print $2 } $1 == "totals:" { t = $2 }
    END { if (t != "") print t }' "$work/callgrind.out" | head -n 1)
if [ -z "$count" ] || [ -z "$instructions" ]; then
    echo "$0: no puzzle count or instruction total found" >&2
    exit 1
fi

awk -v name="$(basename "$file")" -v subset="$subset" -v n="$count" \
    -v limit="$limit" -v total="$instructions" 'BEGIN {
    printf "%s (%s): %d puzzles, limit %d, %.0f instructions, %.0f per puzzle\n",
        name, subset, n, limit, total, total / n
}'
