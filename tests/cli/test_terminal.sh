#!/usr/bin/env bash
# test_terminal.sh - the sudoku command at a terminal, run in a tmux pane as
# a person would run it:
#
#   sudoku -f grid PUZZLE           coloured: givens bold blue, the rest green
#   NO_COLOR=1 sudoku -f grid ...   no colour; nor with --color=never
#   sudoku -j1 BIG > FILE           a progress line on the terminal while the
#                                   batch runs, gone when it ends
#   sudoku grade -j1 SLOW > FILE    the time left, read when it first shows,
#                                   within a factor of 2.5 of the truth
#   sudoku -j1 BIG > FILE 2> LOG    no progress bytes in LOG; none either
#                                   with --line-buffered
#   sudoku                          a hint on how to type a puzzle; a typed
#                                   puzzle is answered; Ctrl-D ends it
#
# usage: test_terminal.sh SUDOKU_BIN
#
# Exits 77 (skipped) when tmux is not installed.
set -u

if [ $# -ne 1 ]; then
    echo "usage: $0 SUDOKU_BIN" >&2
    exit 2
fi
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
if ! command -v tmux >/dev/null; then
    echo "tmux is not installed: skipped"
    exit 77
fi
puzzle=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
solution=534678912672195348198342567859761423426853791713924856961537284287419635345286179
hard=........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3

work=$(mktemp -d) || exit 1
socket=$work/tmux.socket
tm() { tmux -S "$socket" "$@"; }
trap 'tm kill-server 2>/dev/null; rm -rf "$work"' EXIT
# A batch that takes about 3 seconds on one thread of this build (a
# sanitizer's is far slower), timed on 2000 puzzles, the faster of two
# runs, since other tests may share the processors: the line shows from
# one second on.
yes "$hard" | head -n 2000 > "$work/sample.txt"
took=
for _ in 1 2; do
    start=$(date +%s%N)
    "$bin" -j1 "$work/sample.txt" > /dev/null
    ms=$((($(date +%s%N) - start) / 1000000 + 1))
    [ -z "$took" ] || [ "$ms" -lt "$took" ] && took=$ms
done
puzzles=$((2000 * 3000 / took))
((puzzles < 2000)) && puzzles=2000
((puzzles > 200000)) && puzzles=200000
yes "$hard" | head -n "$puzzles" > "$work/big.txt"

failed=0
flunk() {
    failed=$((failed + 1))
    echo "FAIL: $*"
}

# A shell in a pane of 100 columns, with no prompt to match by mistake.
tm -f /dev/null new-session -d -x 100 -y 40 \
    "env -i PATH=$PATH TERM=xterm-256color HOME=$work HISTFILE=/dev/null PS1='$ ' bash --norc --noprofile"
tm set-option -g remain-on-exit on >/dev/null

# run COMMAND: types COMMAND and Enter into a cleared pane.
run() {
    tm send-keys -t 0 'clear' Enter
    for _ in $(seq 100); do
        [ "$(tm capture-pane -p -t 0 | grep -v '^$')" = '$' ] && break
        sleep 0.1
    done
    tm clear-history -t 0
    tm send-keys -t 0 "$1" Enter
}

# wait_for TEXT: waits up to 60 s for the pane to show TEXT. The command
# line is on the pane too, so TEXT must be what the command prints, not
# what was typed: hence `echo end-'grid'` to wait for end-grid.
# wait_for TEXT: waits until the pane shows TEXT; the pane as it was then
# is left in $pane, since a line seen once may be gone from the next look.
wait_for() {
    for _ in $(seq 600); do
        pane=$(tm capture-pane -p -t 0)
        grep -qF -- "$1" <<< "$pane" && return 0
        sleep 0.1
    done
    flunk "the pane never showed '$1': $(tm capture-pane -p -t 0)"
    return 1
}

# Colour: capture-pane -e keeps the escapes, as tmux redraws them.
run "'$bin' -f grid $puzzle; echo end-'grid'"
wait_for end-grid
colored=$(tm capture-pane -e -p -t 0)
first=$(printf '%s\n' "$colored" | grep -E '^([^ ]+ ){3}\| ' | head -n 1)
case $first in
*$'\e[1m\e[34m5'* | *$'\e[1;34m5'*) ;;
*) flunk "the first given is not bold blue: $(printf '%q' "$first")" ;;
esac
case $first in
*$'\e[32m4'*) ;;
*) flunk "the first solved cell is not green: $(printf '%q' "$first")" ;;
esac
for plain_run in "NO_COLOR=1 '$bin' -f grid $puzzle" "'$bin' -f grid --color=never $puzzle" \
    "'$bin' -f grid $puzzle | cat"; do
    run "$plain_run; echo end-'plain'"
    wait_for end-plain
    grid=$(tm capture-pane -e -p -t 0 | grep -E '^([^ ]+ ){3}\| ')
    [ "$(printf '%s\n' "$grid" | grep -c $'\e')" = 0 ] ||
        flunk "$plain_run: escapes in the grid: $(printf '%q' "$grid")"
    [ "$(printf '%s\n' "$grid" | wc -l)" = 9 ] || flunk "$plain_run: no grid: $grid"
done

# Progress: a line that counts while the batch runs, and is gone at the end.
# A run that ends before the line shows (the sample above may have been
# timed while other tests took the processors) is tried again on twice as
# many puzzles, twice at most.
for attempt in 1 2 3; do
    run "'$bin' -j1 '$work/big.txt' > '$work/out'; echo status=\$?"
    for _ in $(seq 600); do
        pane=$(tm capture-pane -p -t 0)
        grep -qF -e 'puzzles, ' -e 'status=0' <<< "$pane" && break
        sleep 0.1
    done
    grep -qF 'puzzles, ' <<< "$pane" || grep -qF 'status=0' <<< "$pane" || break
    if grep -qF 'puzzles, ' <<< "$pane"; then
        line=$(grep -F 'puzzles, ' <<< "$pane")
        [[ $line =~ ^sudoku:\ [0-9]+\ puzzles,\ [0-9]+/s,\ [0-9]+:[0-9][0-9]\ left$ ]] ||
            flunk "the progress line reads '$line'"
        break
    fi
    if [ "$attempt" = 3 ]; then
        flunk "the progress line never showed, even on $puzzles puzzles"
        break
    fi
    wait_for "status=0"
    puzzles=$((puzzles * 2))
    yes "$hard" | head -n "$puzzles" > "$work/big.txt"
done
wait_for "status=0"
end=$(tm capture-pane -p -t 0)
case $end in
*puzzles*) flunk "the progress line is still there at the end: $end" ;;
esac
[ "$(wc -l < "$work/out")" = "$puzzles" ] || flunk "progress: not every record written"
[ "$(sort -u "$work/out")" = 621943758783615492594728361142879635357461289869532174238197546916354827475286913 ] ||
    flunk "progress: a record that is not the solution"

# The time left on slow records: copies of one of the hardest, as many as
# take about 5 s on this build (10 at least on a sanitizer's).
# Read when the line first shows, after a second, it must be within a
# factor of 2.5 of the time the run then really took: on a machine that
# other tests share, the pace changes as they come and go (a factor of 1.95
# was seen). A run that ends before the line shows (the copy was timed
# while other tests held the processors) is tried again on twice as many
# copies, twice at most. (The file is read at once, far ahead of the
# grading: time left reckoned from the bytes read said 0:00.)
slow=........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3
start=$(date +%s%N)
"$bin" grade -j1 "$slow" > /dev/null
one=$((($(date +%s%N) - start) / 1000000 + 1))
copies=$((5000 / one))
((copies < 10)) && copies=10
((copies > 60)) && copies=60
for attempt in 1 2 3; do
    yes "$slow" | head -n "$copies" > "$work/slow.txt"
    run "'$bin' grade -j1 '$work/slow.txt' > '$work/out'; echo status=\$?"
    line=
    for _ in $(seq 600); do
        pane=$(tm capture-pane -p -t 0)
        line=$(grep -E '^sudoku: [0-9]+ puzzles, .* left$' <<< "$pane" | tail -n 1)
        [ -n "$line" ] && break
        grep -qF 'status=0' <<< "$pane" && break
        sleep 0.05
    done
    seen=$(date +%s%N)
    [ -n "$line" ] && break
    wait_for "status=0"
    copies=$((copies * 2))
done
if [[ $line =~ ([0-9]+):([0-9][0-9])\ left$ ]]; then
    said=$(((10#${BASH_REMATCH[1]} * 60 + 10#${BASH_REMATCH[2]}) * 1000))
    wait_for "status=0"
    truth=$((($(date +%s%N) - seen) / 1000000))
    ((said * 5 >= truth * 2 && said * 2 <= truth * 5)) ||
        flunk "grade of $copies slow records: '$line', and the run took $truth ms more"
else
    flunk "grade of $copies slow records: no time left shown, '$line'"
fi

# Never with --line-buffered, whose driver owns the terminal: the pane,
# looked at every tenth of a second for two and a half seconds of the batch
# (which writes a record at a time, and so runs longer than without), never
# shows it. Then Ctrl-C ends the batch, and the shell's command line with
# it: the prompt comes back, with no status echoed.
run "'$bin' --line-buffered -j1 '$work/big.txt' > '$work/out'; echo status=\$?"
until=$((${EPOCHREALTIME/./} + 2500000)) # (microseconds)
while ((${EPOCHREALTIME/./} < until)); do
    pane=$(tm capture-pane -p -t 0)
    grep -qF 'puzzles, ' <<< "$pane" && flunk "progress with --line-buffered" && break
    grep -qF 'status=0' <<< "$pane" && break
    sleep 0.1
done
if ! grep -qF 'status=0' <<< "$pane"; then
    tm send-keys -t 0 C-c
    for _ in $(seq 100); do
        pane=$(tm capture-pane -p -t 0)
        [ "$(grep -v '^$' <<< "$pane" | tail -n 1)" = '$' ] && break
        sleep 0.1
    done
    [ "$(grep -v '^$' <<< "$pane" | tail -n 1)" = '$' ] ||
        flunk "Ctrl-C did not end the --line-buffered batch: $pane"
fi

# Never on a file.
run "'$bin' -j1 '$work/big.txt' > '$work/out' 2> '$work/err'; echo status=\$?"
wait_for "status=0"
[ -s "$work/err" ] && flunk "progress written to a file: $(head -c 200 "$work/err" | od -c | head -n 3)"

# The hint at a terminal; a typed puzzle is answered; Ctrl-D ends.
run "'$bin'; echo status=\$?"
wait_for "Ctrl-D ends"
hint=$(tm capture-pane -p -t 0 | grep -F 'Ctrl-D')
[ "$hint" = "sudoku: type or paste puzzles, 81 cells a line ('.' for a blank); Ctrl-D ends" ] ||
    flunk "the hint reads '$hint'"
tm send-keys -t 0 "$puzzle" Enter
wait_for "$solution"
tm send-keys -t 0 C-d
wait_for "status=0"
# Not when standard input is a pipe.
run "echo $puzzle | '$bin'; echo status=\$?"
wait_for "status=0"
tm capture-pane -p -t 0 | grep -qF 'Ctrl-D' && flunk "a hint for input from a pipe"

# generate at a terminal writes each record as it is made: the pane shows
# the first while the run goes on (not a batch at once at the end).
# (`echo end-'gen'` prints end-gen, which the typed line does not show.)
run "'$bin' generate --clues 21 -n 40 -j1 --seed 1 2> /dev/null; echo end-'gen'"
for _ in $(seq 600); do
    pane=$(tm capture-pane -p -t 0)
    grep -qE '^[1-9.]{81}$|^not-found$' <<< "$pane" && break
    sleep 0.05
done
grep -qF 'end-gen' <<< "$pane" &&
    flunk "generate at a terminal: the first record showed only when the run ended"
wait_for end-gen

[ "$failed" -eq 0 ] && echo "all passed"
[ "$failed" -eq 0 ]
