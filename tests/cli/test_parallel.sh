#!/usr/bin/env bash
# test_parallel.sh - the command spread over several processes by GNU
# parallel, as the README shows for a batch too big for one machine: one
# record per input line, in order, lets `parallel --pipe --keep-order` cut
# the input anywhere between lines and join the outputs back exactly.
#
# usage: test_parallel.sh SUDOKU_BIN REPO_DIR
#
# For solve, grade and canon on a file of one-line puzzles with comments
# and broken lines among them, the output through `parallel --pipe
# --keep-order -j2` in blocks of 4 KB (nine, each a job of parallel's, which
# costs a fifth of a processor second) must be byte for byte the output of one
# process. Exits 77 (skipped) when parallel is not installed.
set -u

if [ $# -ne 2 ]; then
    echo "usage: $0 SUDOKU_BIN REPO_DIR" >&2
    exit 2
fi
bin=$1
repo=$2
if ! command -v parallel >/dev/null 2>&1; then
    echo "skipped: GNU parallel is not installed"
    exit 77
fi

work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
{
    head -n 300 "$repo/puzzles/sets/qqwing-10k.txt"
    echo "# a comment among the puzzles"
    echo "4.....8.5.3..........7......2.....6....x8.4......1.......6.3.7.5..2.....1.4......"
    head -n 200 "$repo/puzzles/sets/magictour-top1465.txt" | tail -n 100
    echo "12345678.........9..............................................................."
} > "$work/in.txt"

failed=0
for command in solve grade canon; do
    "$bin" "$command" -j1 < "$work/in.txt" > "$work/one" 2> /dev/null
    parallel --pipe --keep-order -j2 --block 4k "$bin" "$command" -j1 \
        < "$work/in.txt" > "$work/many" 2> /dev/null
    if cmp -s "$work/one" "$work/many"; then
        echo "$command: $(wc -l < "$work/one") records, the same through parallel"
    else
        echo "FAIL: $command: the output through parallel differs"
        diff "$work/one" "$work/many" | head -n 5
        failed=1
    fi
done
exit "$failed"
