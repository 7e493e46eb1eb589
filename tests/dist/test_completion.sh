#!/usr/bin/env bash
# test_completion.sh - the bash completion in src/dist/completions/sudoku.bash, called as
# bash calls it, with COMP_WORDS and COMP_CWORD set: the commands, the
# options of each command and the values of the options.
#
# usage: test_completion.sh SOURCE_DIR
set -u

if [ $# -ne 1 ]; then
    echo "usage: $0 SOURCE_DIR" >&2
    exit 2
fi
# shellcheck source=../src/dist/completions/sudoku.bash
source "$1/src/dist/completions/sudoku.bash" || exit 1
# in an empty directory, so that no file name is offered
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

failed=0

# expect "WANT" WORD...: completing the last WORD, after "sudoku" and the
# words before it, offers exactly WANT (sorted, one space between).
expect() {
    local want=$1 got
    shift
    COMP_WORDS=(sudoku "$@")
    COMP_CWORD=$#
    COMPREPLY=()
    _sudoku
    got=$(printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ')
    got=${got% }
    if [ "$got" != "$want" ]; then
        failed=$((failed + 1))
        echo "FAIL: sudoku $*: offered '$got', expected '$want'"
    fi
}

expect "canon explain generate grade help solve" ""
expect "generate grade" "g"
expect "grid html json line" -f ""
expect "grid html json line" --format ""
expect "grid json line" grade -f ""
expect "grid json line" canon --format ""
expect "html" generate -f h
expect "html" explain --format=h
expect "grid" --format = g
expect "json" explain -f j
expect "always auto never" --color ""
expect "easy expert extreme hard medium" generate --level ""
expect "antidiagonal diagonal dihedral flip mirror none random rotate180 rotate90" \
    generate --symmetry ""
expect "--color --count" --c
expect "--candidates --color" explain --c
expect "" grade --c
expect "--limit --line-buffered" --li
expect "--seed --stats --symmetry" generate --s
expect "canon explain generate grade help solve" help ""
expect "" -j ""

touch puzzles.txt
expect "puzzles.txt" grade p
expect "puzzles.txt" p

[ "$failed" -eq 0 ] && echo "all passed"
[ "$failed" -eq 0 ]
