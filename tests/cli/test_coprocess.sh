#!/usr/bin/env bash
# test_coprocess.sh - the sudoku command driven as a co-process: a program
# writes one puzzle into a pipe and waits for the answer before it writes
# the next. With --line-buffered each answer comes at once; without it,
# the command reads and writes in blocks, and the answer waits.
#
# usage: test_coprocess.sh SUDOKU_BIN
#
# Each wait has 10 seconds: a timeout means the co-process never answered.
set -u

if [ $# -ne 1 ]; then
    echo "usage: $0 SUDOKU_BIN" >&2
    exit 2
fi
bin=$1
wiki=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
wiki_solution=534678912672195348198342567859761423426853791713924856961537284287419635345286179
norvig=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
norvig_solution=417369825632158947958724316825437169791586432346912758289643571573291684164875293

failed=0
flunk() {
    failed=$((failed + 1))
    echo "FAIL: $*"
}

# ask QUESTION WANT...: writes one line to the co-process and reads as many
# lines as WANT has words (an empty word is an empty line).
ask() {
    local question=$1 line
    shift
    printf '%s\n' "$question" >&"$to"
    for want in "$@"; do
        if ! IFS= read -r -t 10 line <&"$from"; then
            flunk "${name}: no answer to $question within 10 s"
            return 1
        fi
        [ "$line" = "$want" ] || flunk "${name}: got '$line', expected '$want'"
    done
}

# start COMMAND...: runs the co-process. Its ends of the pipes are copied
# to $to and $from, since bash forgets the coproc's own once it has ended.
start() {
    coproc sudoku { exec "$@"; }
    pid=$sudoku_PID
    exec {to}>&"${sudoku[1]}" {from}<&"${sudoku[0]}"
    exec {sudoku[1]}>&- {sudoku[0]}<&-
}

# finish: ends the input, and checks the exit status and that nothing more came.
finish() {
    local want_status=$1 rest status
    exec {to}>&-
    rest=$(timeout 10 cat <&"$from")
    exec {from}<&-
    wait "$pid"
    status=$?
    [ -z "$rest" ] || flunk "$name: more output at the end: '$rest'"
    [ "$status" = "$want_status" ] || flunk "$name: exit status $status, expected $want_status"
}

name=solve
start "$bin" --line-buffered 2>/dev/null
ask "$wiki" "$wiki_solution" &&
    ask "$norvig" "$norvig_solution" &&
    ask "12345678" "invalid" &&
    ask "$wiki" "$wiki_solution"
finish 1

name="solve -f json"
start "$bin" --line-buffered -f json -c
ask "$wiki" "{\"source\":\"<stdin>\",\"line\":1,\"puzzle\":\"$wiki\",\"status\":\"solved\",\"solution\":\"$wiki_solution\",\"count\":1,\"guesses\":0}"
finish 0

name=grade
start "$bin" grade --line-buffered
ask "$norvig" "2.6/1.2/1.2 medium" &&
    ask "$wiki" "1.2/1.2/1.2 easy"
finish 0

name="explain --hint"
start "$bin" explain --hint --line-b
ask "$norvig" "$norvig" "Hidden Single: r6c2=4 in b4" ""
finish 0

# Without the option, the command waits for a whole block of input: no
# answer comes until the input ends.
name="solve without --line-buffered"
start "$bin"
printf '%s\n' "$wiki" >&"$to"
if IFS= read -r -t 1 line <&"$from"; then
    flunk "$name: answered '$line' before the input ended"
fi
exec {to}>&-
IFS= read -r -t 10 line <&"$from"
[ "$line" = "$wiki_solution" ] || flunk "$name: got '$line' at the end"
exec {from}<&-
wait "$pid"

[ "$failed" -eq 0 ] && echo "all passed"
[ "$failed" -eq 0 ]
