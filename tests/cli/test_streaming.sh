#!/usr/bin/env bash
# test_streaming.sh - records go out as they are made, and a small batch
# uses every worker:
#
#   sudoku generate --line-buffered ...   the first record comes well before
#                                         the last, not with it
#   sudoku grade -j2 (100 puzzles)        both workers take a share of the
#   sudoku generate -j2 -n 40             work, though the batch is small
#
# usage: test_streaming.sh SUDOKU_BIN REPO_DIR
#
# The workers' processor time is read from /proc/PID/task, so a loaded
# machine does not change the verdict; without /proc it exits 77 (skipped).
set -u

if [ $# -ne 2 ]; then
    echo "usage: $0 SUDOKU_BIN REPO_DIR" >&2
    exit 2
fi
bin=$1
repo=$2
[ -d /proc/self/task ] || { echo "skipped: no /proc"; exit 77; }

failed=0
flunk() {
    failed=$((failed + 1))
    echo "FAIL: $*"
}

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# --line-buffered: 40 slow items (few givens take many attempts), about a
# second and a half of work on one thread; the first record must come at
# least half a second before the last.
start=$(now_ms)
{
    IFS= read -r first && first_at=$(now_ms)
    count=1
    while IFS= read -r line; do count=$((count + 1)); done
    last_at=$(now_ms)
    echo "$count $first_at $last_at"
} < <(timeout 120 "$bin" generate --clues 21 -n 40 -j1 --seed 1 --line-buffered 2>/dev/null) \
    > "${TMPDIR:-/tmp}/streaming.$$"
read -r count first_at last_at < "${TMPDIR:-/tmp}/streaming.$$"
rm -f "${TMPDIR:-/tmp}/streaming.$$"
[ "$count" = 40 ] || flunk "generate --line-buffered: $count records, expected 40"
[ $((last_at - first_at)) -ge 500 ] ||
    flunk "generate --line-buffered: the first record came $((last_at - first_at)) ms" \
          "before the last, $((first_at - start)) ms after the start"

# workers COMMAND...: runs COMMAND, and prints how many of its threads took
# at least a fifth of its processor time (sampled every 0.1 s).
workers() {
    local pid total=0 busy=0 f tid s
    declare -A ticks=()
    "$@" > /dev/null 2>&1 &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do
        for f in /proc/"$pid"/task/*/stat; do
            s=$(cat "$f" 2>/dev/null) || continue
            tid=${f%/stat}
            tid=${tid##*/}
            set -- ${s##*) }
            ticks[$tid]=$((${12} + ${13}))
        done
        sleep 0.1
    done
    wait "$pid"
    for tid in "${!ticks[@]}"; do total=$((total + ticks[$tid])); done
    for tid in "${!ticks[@]}"; do
        [ $((ticks[$tid] * 5)) -ge "$total" ] && [ "$total" -gt 0 ] && busy=$((busy + 1))
    done
    echo "$busy"
}

head -n 100 "$repo/puzzles/sets/magictour-top1465.txt" > "${TMPDIR:-/tmp}/hard100.$$"
n=$(workers "$bin" grade -j2 "${TMPDIR:-/tmp}/hard100.$$")
rm -f "${TMPDIR:-/tmp}/hard100.$$"
[ "$n" -ge 2 ] || flunk "grade -j2 of 100 hard puzzles: $n busy thread(s), expected 2"
n=$(workers "$bin" generate --clues 21 -n 40 -j2 --seed 1)
[ "$n" -ge 2 ] || flunk "generate -j2 -n 40: $n busy thread(s), expected 2"

[ "$failed" -eq 0 ] && echo "all passed"
[ "$failed" -eq 0 ]
