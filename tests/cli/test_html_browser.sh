#!/usr/bin/env bash
# test_html_browser.sh SUDOKU SOURCE_DIR - the HTML pages in a real browser:
# headless Chromium, started once for every page (tests/cli/browse.py), and
# poppler's pdfinfo and pdftotext for what it prints.
#
#   - explain's page of a hard puzzle, as the browser's DOM holds it after
#     loading (as --dump-dom gives it), has one drawing per step, each of 81
#     cells with the candidates that explain's JSON gives
#     (tests/cli/test_html_pages.py);
#   - screenshots of two hints: the square behind a digit placed, and behind
#     each candidate struck, is of its colour (tests/cli/png_pixels.py);
#   - a sheet of 8 puzzles printed to PDF, on Letter and on A4, takes three
#     pages (six puzzles, two, the answers), and its text holds every given
#     of every puzzle, row by row.
#
# Exits 77 (skipped) when chromium is not installed; CI and the README's
# test command install it (Debian's chromium and poppler-utils).
set -euo pipefail

sudoku=$1
source_dir=$2
here=$source_dir/tests/cli
if ! command -v chromium >/dev/null; then
  echo "chromium is not installed (apt-get install chromium poppler-utils): skipped"
  exit 77
fi
for tool in pdfinfo pdftotext python3; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (apt-get install poppler-utils python3)"; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

hard=..............1..2.13.4..5.....65....561...4.7....4....35....1..6.3..8..9.......6
norvig=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......

# The pages: a hard puzzle's explanation; two hints of Norvig's puzzle,
# whose hint is a hidden single, r6c2=4, and, from the pencil marks before
# its fourth step, 'Pointing: 2 in b5 => r1c6<>2, r2c6<>2, r3c6<>2'; a sheet
# of 8 puzzles, on Letter and on A4.
"$sudoku" explain -f html "$hard" >"$work/hard.html"
"$sudoku" explain --candidates -f json "$hard" >"$work/hard.json"
"$sudoku" explain --hint -f html "$norvig" >"$work/place.html"
marks=$("$sudoku" explain --candidates -f json "$norvig" |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["steps"][3]["candidates"])')
"$sudoku" explain --hint -f html "$marks" >"$work/strike.html"
"$sudoku" explain --hint "$marks" | grep -qx 'Pointing: 2 in b5 => r1c6<>2, r2c6<>2, r3c6<>2'
"$sudoku" generate --seed 2024 -n 8 -f html >"$work/sheet.html"
"$sudoku" generate --seed 2024 -n 8 >"$work/sheet.txt"
sed 's|</style>|@page{size:A4}</style>|' "$work/sheet.html" >"$work/sheet-a4.html"

# One start of the browser for them all (tests/cli/browse.py): a profile of
# its own in a new folder, no network at all, and nothing started besides
# the pages; as root, without the sandbox.
mkdir "$work/profile"
timeout 300 python3 "$here/browse.py" chromium "$work/profile" \
  --dom "file://$work/hard.html" "$work/hard.dom" \
  --screenshot 800x1000 "file://$work/place.html" "$work/place.png" \
  --screenshot 800x1000 "file://$work/strike.html" "$work/strike.png" \
  --pdf "file://$work/sheet.html" "$work/sheet.pdf" \
  --pdf "file://$work/sheet-a4.html" "$work/sheet-a4.pdf" ||
  { tail -n 20 "$work/profile/chromium.log"; exit 1; }

echo "== the DOM of a hard puzzle's explanation"
python3 "$here/test_html_pages.py" --dom "$work/hard.dom" "$work/hard.json"

echo "== a placed digit and struck candidates, on screen"
# drawing 0 is the puzzle, 1 the step; r1c1 holds a given, no square
python3 "$here/png_pixels.py" "$work/place.png" 1 r6c2d4=70c070 r1c1d1=ffffff
python3 "$here/png_pixels.py" "$work/strike.png" 1 r1c6d2=f08080 r2c6d2=f08080 \
  r3c6d2=f08080

echo "== a sheet of 8 puzzles, printed"
for paper in sheet sheet-a4; do
  pages=$(pdfinfo "$work/$paper.pdf" | awk '/^Pages:/ {print $2}')
  size=$(pdfinfo "$work/$paper.pdf" | awk -F': *' '/^Page size:/ {print $2}')
  echo "$paper: $pages pages of $size"
  if [ "$pages" != 3 ]; then
    echo "FAIL: $paper.pdf has $pages pages, not 3" >&2
    exit 1
  fi
  pdftotext -raw "$work/$paper.pdf" "$work/$paper.pdf.txt"
  # each puzzle's givens, row by row, with nothing between them
  python3 - "$work/$paper.pdf.txt" "$work/sheet.txt" <<'EOF'
import sys
text = ''.join(open(sys.argv[1], encoding='utf-8').read().split())
for k, puzzle in enumerate(open(sys.argv[2]).read().split()):
    givens = puzzle.replace('.', '')
    assert givens in text, 'puzzle %d: its givens %s are not in the PDF' % (k, givens)
    assert 'puzzle%d,seed2024' % (k + 1) in text, 'puzzle %d: no small print' % k
print('every given of the 8 puzzles is in the PDF')
EOF
done
echo "all checks passed"
