#!/usr/bin/env bash
# jobs.sh - how much a second thread speeds up small and large batches.
#
# Usage: tests/bench/jobs.sh [-r ROUNDS] SUDOKU
#
# Runs each of three jobs with -j1 and with -j2, in turns, ROUNDS times
# (default 9), and prints for each the median wall time of both and their
# ratio, the speedup; the median of many alternating rounds stands up to a
# machine whose load comes and goes, where a single pair of runs does not.
# The jobs are those a user waits on:
#   generate  `generate --clues 21 -n 24 --seed 1`: 24 records that each
#             take long
#   grade     `grade` of the 100 puzzles of puzzles/ratings/magictour-100.txt
#   solve     `solve` of puzzles/sets/forum-hardest-1905-11plus.txt
#   hardest   `grade` of the puzzle of forum-hardest-1106 slowest to grade
#             (its 114th), alone: one record on both threads
# Both thread counts must write the same bytes; the exit status is 1 when
# they do not. The speedup asked of a batch that takes long is 1.8 or more;
# it needs two cores that nothing else uses.
set -euo pipefail

rounds=9
while getopts r: o; do
  case $o in
    r) rounds=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
if [ $# -ne 1 ]; then
  echo "usage: $0 [-r ROUNDS] SUDOKU" >&2
  exit 2
fi
sudoku=$1
here=$(cd "$(dirname "$0")" && pwd)
puzzles=$here/../../puzzles
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0

# wall seconds of one run, its output in $work/out.J (an item generate
# cannot make, and says so, is part of the output)
wall() {
  local jobs=$1 start end
  shift
  start=$(date +%s.%N)
  "$sudoku" "$@" -j"$jobs" >"$work/out.$jobs" 2>>"$work/err" || true
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { print b - a }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

measure() {
  local name=$1 one=() two=()
  shift
  for ((i = 0; i < rounds; i++)); do
    one+=("$(wall 1 "$@")")
    two+=("$(wall 2 "$@")")
    if ! cmp -s "$work/out.1" "$work/out.2"; then
      echo "$name: -j1 and -j2 wrote different bytes" >&2
      status=1
    fi
  done
  local m1 m2
  m1=$(printf '%s\n' "${one[@]}" | median)
  m2=$(printf '%s\n' "${two[@]}" | median)
  printf '%-9s -j1 %7.3f s  -j2 %7.3f s  speedup %.2f  (median of %d)\n' \
    "$name" "$m1" "$m2" "$(awk -v a="$m1" -v b="$m2" 'BEGIN { print a / b }')" "$rounds"
}

measure generate generate --clues 21 -n 24 --seed 1
measure grade grade "$puzzles/ratings/magictour-100.txt"
measure solve "$puzzles/sets/forum-hardest-1905-11plus.txt"
measure hardest grade "$(grep -v '^#' "$puzzles/sets/forum-hardest-1106.txt" | sed -n 114p)"
exit $status
