#!/usr/bin/env bash
# test_public.sh - run the sudoku command on the public puzzle sets in
# puzzles/sets and check its answers with tests/sets/verify_solutions.py, a
# checker that shares no code with the command.
#
# usage: test_public.sh SUDOKU_BIN REPO_DIR [LAUNCHER...]
#
# LAUNCHER, when given, is a command that every run of SUDOKU_BIN goes
# through, such as `valgrind --error-exitcode=1`; a launcher's error makes
# the run fail as a wrong answer would.
#
# For every set FILE.txt:
#   solve  `SUDOKU_BIN FILE` exits 0 and the checker accepts every line;
#   count  `SUDOKU_BIN -c -l 2 FILE` exits 0, gives one line per puzzle, every
#          count (the line's last field) is 2 for serg-benchmark and 1 for the
#          others, and every solution it prints is valid.
# And the first two serg-benchmark puzzles count exactly 872 and 83.
#
# Exits 1 if any check failed, or python3 is missing.
# SUDOKU_QUICK=1 takes only the first lines of each set: 2000, or
# SUDOKU_QUICK_LINES of them.
set -u

if [ $# -lt 2 ]; then
    echo "usage: $0 SUDOKU_BIN REPO_DIR [LAUNCHER...]" >&2
    exit 2
fi
bin=$1
puzzles=$2/puzzles/sets
verify=(python3 "$2/tests/sets/verify_solutions.py")
shift 2
sudoku=("$@" "$bin")

if ! command -v python3 >/dev/null 2>&1; then
    echo "error: the checker needs python3, which is not installed" >&2
    exit 1
fi
if [ ! -x "$bin" ]; then
    echo "error: $bin is not an executable" >&2
    exit 1
fi

work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

passed=0
failed=0
pass() { passed=$((passed + 1)); }
flunk() {
    failed=$((failed + 1))
    echo "FAIL: $*"
}

# verdict_on ANSWERS: what the checker said of $work/ANSWERS (without the
# file's name, which starts each of its lines), or, if it said nothing of
# it, the checker's last line.
verdict_on() {
    sed -n "s|^$work/$1: ||p" "$work/verdict" | grep . || tail -n 1 "$work/verdict"
}
# checked ANSWERS: whether the checker passed every answer of $work/ANSWERS.
checked() {
    verdict_on "$1" | tail -n 1 | grep -q '^[0-9]* passed, 0 failed$'
}

# The puzzle lines of a file: not blank, not a comment.
puzzle_lines() {
    grep -c -v -e '^#' -e '^[[:space:]]*$' "$1"
}

sets=0
for full in "$puzzles"/*.txt; do
    [ -f "$full" ] || continue
    sets=$((sets + 1))
    name=$(basename "$full")
    file=$full
    if [ "${SUDOKU_QUICK:-0}" = 1 ]; then
        file=$work/$name
        head -n "${SUDOKU_QUICK_LINES:-2000}" "$full" > "$file"
    fi
    n=$(puzzle_lines "$file")
    want=1
    case $name in serg-benchmark*) want=2 ;; esac
    start=$SECONDS

    # solve and count, both checked by one run of the checker
    "${sudoku[@]}" "$file" > "$work/solve" 2> "$work/solve.err"
    status=$?
    "${sudoku[@]}" -c -l 2 "$file" > "$work/count" 2> "$work/count.err"
    count_status=$?
    "${verify[@]}" "$file" "$work/solve" "$work/count" > "$work/verdict" 2>&1
    if [ "$status" -eq 0 ] && checked solve; then
        pass
        solve=ok
    else
        flunk "$name: solve: exit status $status, checker: $(verdict_on solve | tail -n 1)"
        verdict_on solve | head -n 5
        head -n 20 "$work/solve.err"
        solve=FAILED
    fi

    status=$count_status
    lines=$(wc -l < "$work/count")
    wrong=$(awk -v want="$want" '$NF != want { bad++ } END { print bad + 0 }' "$work/count")
    if [ "$status" -eq 0 ] && [ "$lines" -eq "$n" ] && [ "$wrong" -eq 0 ] && checked count; then
        pass
        count="ok (each $want)"
    else
        flunk "$name: count: exit status $status, $lines lines for $n puzzles," \
            "$wrong counts not $want, checker: $(verdict_on count | tail -n 1)"
        awk -v want="$want" '$NF != want { print "  line " NR ": " $0; if (++k == 3) exit }' \
            "$work/count"
        head -n 20 "$work/count.err"
        count=FAILED
    fi
    echo "$name: $n puzzles, solve $solve, count $count, $((SECONDS - start)) s"
done

if [ "$sets" -ne 8 ]; then
    flunk "expected the eight public sets in $puzzles, found $sets"
fi

# Exact counts, known from puzzles/README.md: 872 and 83.
serg=$puzzles/serg-benchmark.txt
if [ -f "$serg" ]; then
    first_two=$(grep -v -e '^#' -e '^[[:space:]]*$' "$serg" | head -n 2)
    # shellcheck disable=SC2086 # two 81-character puzzles, no spaces
    "${sudoku[@]}" -c -l 100000 $first_two > "$work/count" 2> "$work/err"
    status=$?
    got=$(awk '{ print $NF }' "$work/count" | tr '\n' ' ')
    if [ "$status" -eq 0 ] && [ "$got" = "872 83 " ]; then
        pass
        echo "serg-benchmark.txt: the first two puzzles count 872 and 83"
    else
        flunk "serg-benchmark.txt: the first two puzzles count '$got'" \
            "(exit status $status), expected 872 and 83"
        head -n 20 "$work/err"
    fi
else
    flunk "serg-benchmark.txt is missing from $puzzles"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
