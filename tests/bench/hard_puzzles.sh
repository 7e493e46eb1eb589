#!/usr/bin/env bash
# hard_puzzles.sh - how fast `sudoku generate` makes puzzles of a rating
# range, and whether they keep generate's promises.
#
# Usage: tests/bench/hard_puzzles.sh [-s SEEDS] [-n COUNT] [-f FILE] SUDOKU RANGE
#
# For each seed from 1 to SEEDS (10), makes COUNT (1) puzzles with
# `SUDOKU generate -j1 --seed S -n COUNT --rating RANGE` (and `--from FILE`
# with -f), on one core when taskset is there, and prints per seed the
# puzzles made and the processor seconds; then the totals, the puzzles
# made per processor second, and how many were given each rating. It
# checks every puzzle made: `grade` rates it in the range, `solve -u` finds
# one solution, no given can go (each puzzle without one of its givens has
# two solutions or more), `-j2` makes the same bytes, and with -f, none is
# a puzzle of FILE in any form (`canon`). The exit status is 1 when a
# check fails.
set -euo pipefail

seeds=10 count=1 from=
while getopts s:n:f: o; do
  case $o in
    s) seeds=$OPTARG ;;
    n) count=$OPTARG ;;
    f) from=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
if [ $# -ne 2 ]; then
  echo "usage: $0 [-s SEEDS] [-n COUNT] [-f FILE] SUDOKU RANGE" >&2
  exit 2
fi
sudoku=$1 range=$2
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
min=${range%%-*}
max=${range#*-}

# processor seconds of a command (user + system), its output in $work/out
cpu_seconds() {
  local t
  t=$( { TIMEFORMAT='%U %S'; time "$@" >"$work/out" 2>/dev/null; } 2>&1 ) || true
  awk '{ printf "%.2f", $1 + $2 }' <<<"$t"
}

total_made=0 total_cpu=0 failed=0
printf '%6s %6s %10s\n' seed made cpu_s
for ((seed = 1; seed <= seeds; seed++)); do
  args=(generate --seed "$seed" -n "$count" --rating "$range" ${from:+--from "$from"})
  cpu=$(cpu_seconds "${pin[@]}" "$sudoku" "${args[@]}" -j1)
  grep -v '^not-found' "$work/out" >>"$work/made" || true
  made=$(grep -vc '^not-found' "$work/out" || true)
  printf '%6d %6d %10s\n' "$seed" "$made" "$cpu"
  total_made=$((total_made + made))
  total_cpu=$(awk -v a="$total_cpu" -v b="$cpu" 'BEGIN { print a + b }')
  cp "$work/out" "$work/one"
  "$sudoku" "${args[@]}" -j2 >"$work/two" 2>/dev/null || true
  if ! cmp -s "$work/one" "$work/two"; then
    echo "FAIL: seed $seed: -j2 made other bytes than -j1" >&2
    failed=1
  fi
done
awk -v m="$total_made" -v c="$total_cpu" -v r="$range" 'BEGIN {
  printf "%s: %d puzzles in %.2f processor seconds: %.2f s a puzzle, %.3f puzzles/s\n",
         r, m, c, (m ? c / m : 0), (c ? m / c : 0) }'
[ -s "$work/made" ] || exit "$failed"

# the grade of each, in the range
"$sudoku" grade "$work/made" >"$work/grades"
if ! awk -v lo="$min" -v hi="$max" '{
       split($1, r, "/"); er = r[1]
       if (er ~ /^>/ || er + 0 < lo + 0 || (hi != "" && er + 0 > hi + 0)) {
         print "FAIL: rated " $0 " outside " lo "-" hi > "/dev/stderr"; bad = 1 }
     } END { exit bad }' "$work/grades"; then
  failed=1
fi
# how many of each rating
awk '{ split($1, r, "/"); print r[1] }' "$work/grades" | sort -n | uniq -c |
  awk '{ printf " %s x%d", $2, $1 } END { print "" }' | sed 's/^/ratings:/'
# none of FILE's, in any form
if [ -n "$from" ] && [ -n "$(comm -12 <("$sudoku" canon "$work/made" | sort -u) \
  <("$sudoku" canon "$from" | sort -u))" ]; then
  echo "FAIL: a puzzle made is one of $from in another form" >&2
  failed=1
fi
# one solution each
if ! "$sudoku" solve -u "$work/made" >/dev/null; then
  echo "FAIL: a puzzle made has no solution or more than one" >&2
  failed=1
fi
# minimal: without any one of its givens, each has a second solution
awk '{ for (i = 1; i <= 81; i++) if (substr($1, i, 1) != ".")
         print substr($1, 1, i - 1) "." substr($1, i + 1, 81 - i) }' \
  "$work/made" >"$work/fewer"
"$sudoku" solve -c -l 2 "$work/fewer" >"$work/counts" || true
if awk '$NF != 2 { bad = 1 } END { exit !bad }' "$work/counts"; then
  echo "FAIL: a puzzle made is not minimal" >&2
  failed=1
fi
exit "$failed"
