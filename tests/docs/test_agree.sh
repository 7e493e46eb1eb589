#!/usr/bin/env bash
# test_agree.sh - the README, the command's page (src/cli/README.md), the
# man page and --help say the same, and the README's first command builds
# only what the main job needs:
#
#   the input forms read      each named in all four
#   the level shares          the same figures in the command's page and
#                             the man page
#   the memory figures        the same in the command's page and man page
#   the headline figures      each number of the README's table is on the
#                             page its row links to
#   the NAME line             names every command
#   sudoku help solve         solve's own help, not the general one
#   README command 1          configures no test (no cmocka warning, no
#                             test target); command 2 builds them, and
#                             .ci/run runs it as the README writes it and
#                             installs each package it names
#
# usage: test_agree.sh SUDOKU_BIN SOURCE_DIR
set -u

if [ $# -ne 2 ]; then
    echo "usage: $0 SUDOKU_BIN SOURCE_DIR" >&2
    exit 2
fi
bin=$1
src=$2
readme=$src/README.md
cli=$src/src/cli/README.md
man=$src/src/dist/sudoku.1.in
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

failed=0
flunk() {
    failed=$((failed + 1))
    echo "FAIL: $*"
}

# The man page as text, its escapes and macros dropped, lines joined.
sed -e 's/\\-/-/g' -e 's/\\(bu//g' -e 's/\\~/ /g' -e 's/\\f[BIR]//g' -e '/^\.\\"/d' \
    -e 's/^\.[A-Z][A-Z]* *//' "$man" | tr '\n' ' ' | tr -s ' ' > "$work/man.txt"
tr '\n' ' ' < "$readme" | tr -s ' ' > "$work/readme.txt"
tr '\n' ' ' < "$cli" | tr -s ' ' > "$work/cli.txt"
"$bin" help solve | tr '\n' ' ' | tr -s ' ' > "$work/help.txt"

for form in HoDoKu "Sudoku Explainer" "box drawing" UTF-16 "PUZZLE;name" "QQWing's CSV"; do
    for doc in readme cli man help; do
        grep -qiF -- "$form" "$work/$doc.txt" || flunk "$doc does not name the input form '$form'"
    done
done

shares=$(grep -oE '50% were easy, 11% medium, 9% hard, 26% expert and 4% extreme' \
    "$work/cli.txt" | head -n 1)
[ -n "$shares" ] || flunk "the command's page gives no level shares"
[ -n "$shares" ] && ! grep -qF "$shares" "$work/man.txt" &&
    flunk "the man page's level shares are not the command's page's: $shares"
for figure in "3.2 MB" "4.5 MB" "5.0 and 5.9" "37 and 39"; do
    grep -qF "$figure" "$work/cli.txt" || flunk "the command's page lacks the memory figure $figure"
    grep -qF "$figure" "$work/man.txt" || flunk "the man page lacks the memory figure $figure"
done

# The README's table of headline figures: a row's figure, its second
# column, holds numbers, and each is on the page its third column links to.
rows=0
while IFS= read -r row; do
    rows=$((rows + 1))
    figure=$(cut -d '|' -f 3 <<< "$row")
    page=$(grep -oE '\]\([^)#]+' <<< "$row" | head -n 1)
    page=${page#](}
    if [ -z "$page" ] || [ ! -f "$src/$page" ]; then
        flunk "a headline figure links to no page: $row"
        continue
    fi
    tr '\n' ' ' < "$src/$page" | tr -s ' ' > "$work/page.txt"
    for number in $(grep -oE '[0-9][0-9.,]*[0-9]|[0-9]' <<< "$figure"); do
        # the whole number: 3.2 is not 3.25, nor 13.2
        grep -qP -- "(?<![0-9.,])${number//./\\.}(?![0-9]|[.,][0-9])" "$work/page.txt" ||
            flunk "the headline figure $number is not on $page: $figure"
    done
done < <(sed -n '/^| headline figure |/,/^$/p' "$readme" | tail -n +3 | grep '^|')
[ "$rows" -gt 0 ] || flunk "the README has no table of headline figures"

name=$(sed -n '/^\.SH NAME/{n;p;}' "$man")
for command in solve explain grade canon generate; do
    case $name in
    *"$command"*) ;;
    *) flunk "the man page's NAME line leaves out $command: $name" ;;
    esac
done

head -n 1 "$work/help.txt" | grep -q '^Usage: sudoku solve ' ||
    flunk "sudoku help solve: $(head -c 80 "$work/help.txt")"
grep -q 'Commands:' "$work/help.txt" && flunk "sudoku help solve lists every command"

# The README's two commands, as its opening block writes them.
first=$(grep -m 1 '^cmake -S \. -B build' "$readme")
second=$(grep -m 1 '^apt-get update' "$readme")
case $first in
*-DBUILD_TESTING=OFF*) ;;
*) flunk "the README's first command builds the tests: $first" ;;
esac
case $second in
*-DBUILD_TESTING=ON*) ;;
*) flunk "the README's second command does not build the tests: $second" ;;
esac
grep -qF -- "cmake${second#*&& cmake}" "$src/.ci/run" || flunk ".ci/run does not run the README's test command"
# The packages .ci/run installs when missing: its missing+=(...) lists and
# its `for package in ...` loops.
sed -nE -e 's/.*missing\+=\(([^)]*)\).*/\1/p' -e 's/^for package in (.*); do$/\1/p' \
    "$src/.ci/run" | tr ' ' '\n' > "$work/ci_packages"
packages=${second#*apt-get install -y }
for package in ${packages%% && *}; do
    grep -qxF -- "$package" "$work/ci_packages" ||
        flunk ".ci/run does not install $package, which the README's test command does"
done
configure=${first%% && *}
(cd "$src" && ${configure/-B build/-B $work/build}) > "$work/configure.log" 2>&1 ||
    flunk "the README's first command does not configure: $(tail -n 5 "$work/configure.log")"
grep -qi cmocka "$work/configure.log" && flunk "the README's first command warns about cmocka"
cmake --build "$work/build" --target help > "$work/targets" 2>&1
grep -qE '(^|[ .])sudoku($|[ ])' "$work/targets" ||
    flunk "the README's first command makes no sudoku target: $(head -n 5 "$work/targets")"
grep -qE 'test_|cli_|fuzz_' "$work/targets" &&
    flunk "the README's first command has test targets: $(grep -E 'test_|cli_|fuzz_' "$work/targets" | head -n 3)"

[ "$failed" -eq 0 ] && echo "all passed"
[ "$failed" -eq 0 ]
