#!/usr/bin/env bash
# test_generated.sh - have puzzles made by `sudoku generate` checked by
# programs that did not make them: tests/sets/verify_solutions.py, a checker
# that shares no code with the command, the command's counter, its grader,
# and a few lines of Python here.
#
# usage: test_generated.sh SUDOKU_BIN REPO_DIR [LAUNCHER...]
#
# For each symmetry, a batch of puzzles is made (JSON), and:
#   repeat    the same seed with -j 1 and -j 2 gives the same bytes;
#   distinct  no puzzle comes twice in the batch;
#   shape     the givens have the symmetry asked (for random, the one the
#             record names), and as many as the record says;
#   verify    the checker accepts every solution for its puzzle;
#   count     `sudoku -c -l 2` finds exactly one solution to each, the one
#             the record gives;
#   minimal   without any one of its givens (with a symmetry, any one set
#             of givens the symmetry maps onto each other), each puzzle has
#             two solutions or more, by the same counter.
# Then batches asked for a level, a rating and at most so many givens are
# graded by `sudoku grade`, which must agree.
#
# Exits 1 if any check failed, or python3 is missing. GENERATED_COUNT sets
# each batch's size (default 200).
set -u

if [ $# -lt 2 ]; then
    echo "usage: $0 SUDOKU_BIN REPO_DIR [LAUNCHER...]" >&2
    exit 2
fi
sudoku=$1
verify=$2/tests/sets/verify_solutions.py
shift 2
launch=("$@")
n=${GENERATED_COUNT:-200}

if ! command -v python3 >/dev/null 2>&1; then
    echo "error: the checks need python3, which is not installed" >&2
    exit 1
fi

work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

failed=0
flunk() {
    failed=$((failed + 1))
    echo "FAIL: $*"
}

# Reads JSON records on stdin; writes PUZZLE SOLUTION lines to argv[1],
# and to argv[2] each puzzle with one orbit of givens blanked, for the
# minimality check. Fails, saying why, on a record of the wrong shape.
cat > "$work/shape.py" <<'EOF'
import json, sys

def image(m, r, c):
    return [(r, c), (c, 8 - r), (8 - r, 8 - c), (8 - c, r), (r, 8 - c),
            (8 - r, c), (c, r), (8 - c, 8 - r)][m]

MAPS = {"none": [0], "rotate180": [0, 2], "rotate90": [0, 1, 2, 3],
        "mirror": [0, 4], "flip": [0, 5], "diagonal": [0, 6],
        "antidiagonal": [0, 7], "dihedral": list(range(8))}

bad = 0
with open(sys.argv[1], "w") as made, open(sys.argv[2], "w") as less:
    for number, line in enumerate(sys.stdin, 1):
        rec = json.loads(line)
        puzzle, symmetry = rec["puzzle"], rec["symmetry"]
        given = [ch != "." for ch in puzzle]
        why = None
        if rec["status"] != "made" or symmetry not in MAPS:
            why = "status %s, symmetry %s" % (rec["status"], symmetry)
        elif sum(given) != rec["givens"]:
            why = "%d givens, the record says %d" % (sum(given), rec["givens"])
        else:
            orbits, seen = [], set()
            for i in range(81):
                if i in seen:
                    continue
                orbit = {r * 9 + c for r, c in
                         (image(m, i // 9, i % 9) for m in MAPS[symmetry])}
                seen |= orbit
                if len({given[j] for j in orbit}) > 1:
                    why = "cells %s are not alike" % sorted(orbit)
                    break
                orbits.append(orbit)
        if why:
            print("record %d: %s" % (number, why))
            bad += 1
            continue
        made.write("%s %s\n" % (puzzle, rec["solution"]))
        for orbit in orbits:
            if given[min(orbit)]:
                less.write("".join("." if j in orbit else puzzle[j]
                                   for j in range(81)) + "\n")
sys.exit(1 if bad else 0)
EOF

# Each symmetry's batch, made twice; then all of them checked at once, as
# the checker takes a while to start.
touch "$work/all" "$work/less"
for symmetry in none rotate180 rotate90 mirror flip diagonal antidiagonal \
    dihedral random; do
    seed=$((9000 + ${#symmetry}))
    make=("${launch[@]}" "$sudoku" generate -n "$n" --seed "$seed"
        --symmetry "$symmetry" -f json)
    if ! "${make[@]}" -j 1 > "$work/made" 2> "$work/err"; then
        flunk "$symmetry: sudoku generate failed: $(head -n 3 "$work/err")"
        continue
    fi
    lines=$(wc -l < "$work/made")
    [ "$lines" -eq "$n" ] || flunk "$symmetry: $lines puzzles, expected $n"
    "${make[@]}" -j 2 > "$work/again" 2> /dev/null
    cmp -s "$work/made" "$work/again" ||
        flunk "$symmetry: -j 1 and -j 2 made different puzzles"
    why=$(python3 "$work/shape.py" "$work/pairs" "$work/less1" < "$work/made") ||
        flunk "$symmetry: $(head -n 3 <<< "$why")"
    distinct=$(cut -c 1-81 "$work/pairs" | sort -u | wc -l)
    [ "$distinct" -eq "$lines" ] ||
        flunk "$symmetry: $((lines - distinct)) puzzles came twice"
    cat "$work/pairs" >> "$work/all"
    cat "$work/less1" >> "$work/less"
done
total=$(wc -l < "$work/all")
cut -c 1-81 "$work/all" > "$work/puzzles"
cut -c 83- "$work/all" > "$work/solutions"

verdict=$(python3 "$verify" "$work/puzzles" "$work/solutions" 2>&1) ||
    flunk "checker: $(echo "$verdict" | tail -n 1)"
echo "checker on $total puzzles: $(tail -n 1 <<< "$verdict")"

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

"${launch[@]}" "$sudoku" -c -l 2 "$work/less" > "$work/count" 2> /dev/null
removals=$(wc -l < "$work/less")
unique=$(awk '$NF < 2 { bad++ } END { print bad + 0 }' "$work/count")
[ "$unique" -eq 0 ] && [ "$(wc -l < "$work/count")" -eq "$removals" ] ||
    flunk "minimal: $unique of $removals puzzles less a given still have one solution"
echo "minimal: $removals puzzles less one orbit of givens, $unique with one solution"

# Levels and ratings, with a maximum of givens: `sudoku grade` must agree.
graded=0
for ask in "--level easy" "--level medium" "--level hard" "--rating 3.0-4.5"; do
    read -r option value <<< "$ask"
    case $value in
    easy) lo=10 hi=23 ;;
    medium) lo=24 hi=38 ;;
    hard) lo=39 hi=62 ;;
    *) lo=30 hi=45 ;;
    esac
    count=$((n / 4))
    if ! "${launch[@]}" "$sudoku" generate -n "$count" --seed 4242 \
        --symmetry rotate180 --clues 28 "$option" "$value" > "$work/rated" \
        2> "$work/err"; then
        flunk "$ask: sudoku generate failed: $(head -n 3 "$work/err")"
        continue
    fi
    "${launch[@]}" "$sudoku" grade "$work/rated" > "$work/grades" 2>&1 ||
        flunk "$ask: grade failed: $(head -n 3 "$work/grades")"
    bad=$(paste -d ' ' "$work/rated" "$work/grades" | awk -v lo="$lo" \
        -v hi="$hi" -v level="$value" -v option="$option" '
        {
            split($2, r, "/"); er = r[1] * 10 + 0.5; er = er - er % 1
            givens = gsub(/[1-9]/, "&", $1)
            if (er < lo || er > hi || givens > 28 ||
                (option == "--level" && $3 != level)) bad++
        }
        END { print bad + 0 }')
    [ "$bad" -eq 0 ] && [ "$(wc -l < "$work/grades")" -eq "$count" ] ||
        flunk "$ask: $bad of $count puzzles graded outside it, or over 28 givens"
    graded=$((graded + count))
done
echo "grade on $graded puzzles made for a level or a rating"

echo "$failed failed"
[ "$failed" -eq 0 ]
