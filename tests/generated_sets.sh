#!/usr/bin/env bash
# generated_sets.sh - have puzzles made by the generator checked by programs
# that did not make them: ../shared/tools/verify-solutions, a checker that
# is no part of this project, and the sudoku command's counter.
#
# usage: generated_sets.sh BENCH_BIN SUDOKU_BIN REPO_DIR [LAUNCHER...]
#
# BENCH_BIN is sudoku-bench-generate, whose --dump writes "PUZZLE SOLUTION"
# lines. For each symmetry, a batch of puzzles is made, and:
#   repeat   a second run of the same seed gives the same bytes;
#   distinct no puzzle comes twice in the batch;
#   verify   verify-solutions accepts every solution for its puzzle;
#   count    `SUDOKU_BIN -c -l 2` finds exactly one solution to each, and
#            the same solution as the generator.
#
# Exits 77 (skipped) when verify-solutions or python3 is missing, 1 if any
# check failed. GENERATED_COUNT sets each batch's size (default 200).
set -u

if [ $# -lt 3 ]; then
    echo "usage: $0 BENCH_BIN SUDOKU_BIN REPO_DIR [LAUNCHER...]" >&2
    exit 2
fi
bench=$1
sudoku=$2
verify=$3/../shared/tools/verify-solutions
shift 3
launch=("$@")
n=${GENERATED_COUNT:-200}

if [ ! -f "$verify" ]; then
    echo "skipped: $verify is missing"
    exit 77
fi
if ! command -v python3 >/dev/null 2>&1; then
    echo "skipped: verify-solutions needs python3, which is not installed"
    exit 77
fi

work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

failed=0
flunk() {
    failed=$((failed + 1))
    echo "FAIL: $*"
}

# Each symmetry's batch, made twice; then all of them checked at once, as
# verify-solutions takes a while to start.
for symmetry in none rotate180 rotate90 mirror flip diagonal antidiagonal \
    dihedral random; do
    seed=$((9000 + ${#symmetry}))
    if ! "${launch[@]}" "$bench" --dump "$n" --seed "$seed" --symmetry "$symmetry" \
        > "$work/made" 2> "$work/err"; then
        flunk "$symmetry: sudoku-bench-generate failed: $(head -n 3 "$work/err")"
        continue
    fi
    lines=$(wc -l < "$work/made")
    [ "$lines" -eq "$n" ] || flunk "$symmetry: $lines puzzles, expected $n"
    "${launch[@]}" "$bench" --dump "$n" --seed "$seed" --symmetry "$symmetry" \
        > "$work/again" 2> /dev/null
    cmp -s "$work/made" "$work/again" ||
        flunk "$symmetry: the same seed made different puzzles"
    distinct=$(cut -c 1-81 "$work/made" | sort -u | wc -l)
    [ "$distinct" -eq "$lines" ] ||
        flunk "$symmetry: $((lines - distinct)) puzzles came twice"
    cat "$work/made" >> "$work/all"
done
touch "$work/all"
total=$(wc -l < "$work/all")
cut -c 1-81 "$work/all" > "$work/puzzles"
cut -c 83- "$work/all" > "$work/solutions"

verdict=$("$verify" "$work/puzzles" "$work/solutions" 2>&1) ||
    flunk "verify-solutions: $(echo "$verdict" | tail -n 1)"
echo "verify-solutions on $total puzzles: $(tail -n 1 <<< "$verdict")"

"${launch[@]}" "$sudoku" -c -l 2 "$work/puzzles" > "$work/count" 2> "$work/err"
status=$?
wrong=$(awk '$NF != 1 { bad++ } END { print bad + 0 }' "$work/count")
if [ "$status" -ne 0 ] || [ "$wrong" -ne 0 ] ||
    [ "$(wc -l < "$work/count")" -ne "$total" ]; then
    flunk "sudoku -c -l 2: exit status $status, $wrong counts not 1"
fi
cmp -s "$work/solutions" <(cut -d ' ' -f 1 "$work/count") ||
    flunk "the command's solutions differ from the generator's"
echo "sudoku -c -l 2 on $total puzzles: exit status $status, $wrong counts not 1"

echo "$failed failed"
[ "$failed" -eq 0 ]
