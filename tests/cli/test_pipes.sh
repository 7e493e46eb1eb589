#!/usr/bin/env bash
# test_pipes.sh - the sudoku command at the end of pipes and on bad outputs,
# run as a real process, as a shell runs it.
#
# usage: test_pipes.sh SUDOKU_BIN
#
#   sudoku BIG | head -n 1          one line, nothing on stderr, status 141
#                                   (ended by SIGPIPE), no hang
#   the same with SIGPIPE ignored   the same: EPIPE stops it quietly, 141
#   sudoku BIG > /dev/full          one "write error" line, status 2
#   sudoku BIG >&-                  one "write error" line, status 2
#   SIGINT, SIGTERM in mid-batch    whole records only, nothing on stderr,
#                                   status 130 or 143
#   SIGTERM or SIGINT in generate   every record finished before is out,
#                                   with one thread or two: a prefix of the
#                                   same run's output
#
# Every run has 60 seconds; a timeout (status 124) means a hang. Solving all
# of BIG would take far longer than stopping at the first failed write.
set -u

if [ $# -ne 1 ]; then
    echo "usage: $0 SUDOKU_BIN" >&2
    exit 2
fi
bin=$1
puzzle=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
solution=534678912672195348198342567859761423426853791713924856961537284287419635345286179

work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
yes "$puzzle" | head -n 300000 > "$work/big.txt"

failed=0
flunk() {
    failed=$((failed + 1))
    echo "FAIL: $*"
}

# expect NAME STATUS WANT_STATUS FILE WANT_TEXT: FILE must hold WANT_TEXT.
expect() {
    local got
    got=$(cat "$4")
    [ "$2" = "$3" ] || flunk "$1: exit status $2, expected $3"
    [ "$got" = "$5" ] || flunk "$1: got '$got', expected '$5'"
}

timeout 60 "$bin" "$work/big.txt" 2> "$work/err" | head -n 1 > "$work/out"
status=${PIPESTATUS[0]}
expect "| head -n 1: stdout" "$status" 141 "$work/out" "$solution"
expect "| head -n 1: stderr" "$status" 141 "$work/err" ""

(
    trap '' PIPE
    timeout 60 "$bin" "$work/big.txt" 2> "$work/err" | head -n 1 > "$work/out"
    echo "${PIPESTATUS[0]}" > "$work/status"
)
status=$(cat "$work/status")
expect "| head -n 1, SIGPIPE ignored: stdout" "$status" 141 "$work/out" "$solution"
expect "| head -n 1, SIGPIPE ignored: stderr" "$status" 141 "$work/err" ""

if [ -w /dev/full ]; then
    timeout 60 "$bin" "$work/big.txt" > /dev/full 2> "$work/err"
    expect "> /dev/full" "$?" 2 "$work/err" "sudoku: write error: No space left on device"
fi

timeout 60 "$bin" "$work/big.txt" >&- 2> "$work/err"
expect ">&-" "$?" 2 "$work/err" "sudoku: write error: Bad file descriptor"

# SIGINT and SIGTERM while the batch is being solved: the output, a file,
# ends after a whole record, and the status is the signal's. Job control
# is on, so that the background command does not start with SIGINT ignored.
hard=........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3
hard_solution=621943758783615492594728361142879635357461289869532174238197546916354827475286913
yes "$hard" | head -n 100000 > "$work/hard.txt"
for sig in INT TERM; do
    want=$((128 + $(kill -l "$sig")))
    # emptied here, not by the command's redirection, which may come after
    # the first look at its size: the last run's output would pass for this one's
    : > "$work/out"
    set -m
    "$bin" -j2 "$work/hard.txt" > "$work/out" 2> "$work/err" &
    pid=$!
    set +m
    for _ in $(seq 300); do # some records out, at least a buffer's worth
        [ "$(stat -c %s "$work/out")" -gt 20000 ] && break
        sleep 0.1
    done
    kill -s "$sig" "$pid"
    wait "$pid"
    status=$?
    lines=$(wc -l < "$work/out")
    [ "$status" = "$want" ] || flunk "SIG$sig: exit status $status, expected $want"
    [ -s "$work/err" ] && flunk "SIG$sig: stderr: $(cat "$work/err")"
    [ "$lines" -gt 0 ] && [ "$lines" -lt 100000 ] ||
        flunk "SIG$sig: $lines records, expected some but not all"
    [ "$(tail -c 1 "$work/out" | od -An -c | tr -d ' ')" = '\n' ] ||
        flunk "SIG$sig: the output ends inside a record"
    bad=$(grep -cvx "$hard_solution" "$work/out")
    [ "$bad" = 0 ] || flunk "SIG$sig: $bad records that are not the solution"
done

# Slow items (puzzles with few givens take many attempts each): a stop
# writes every record made before it, and they are the run's first ones.
# first_made N: the first N records of a run not stopped, with one thread,
# made once and made again, at least twice as long, when a stop wrote more.
whole=0
first_made() {
    if (($1 > whole)); then
        whole=$(($1 > 2 * whole ? $1 : 2 * whole))
        "$bin" generate --clues 21 -n "$whole" --seed 1 > "$work/whole" 2> /dev/null
    fi
    head -n "$1" "$work/whole"
}
for stop in "1 TERM 143" "2 TERM 143" "2 INT 130"; do
    read -r jobs sig code <<< "$stop"
    : > "$work/made" # (as above)
    set -m
    "$bin" generate --clues 21 -n 400 -j "$jobs" --seed 1 > "$work/made" 2> /dev/null &
    pid=$!
    set +m
    for _ in $(seq 300); do # some records out
        [ -s "$work/made" ] && break
        sleep 0.1
    done
    sleep 0.5
    kill -s "$sig" "$pid"
    wait "$pid"
    status=$?
    lines=$(wc -l < "$work/made")
    [ "$status" = "$code" ] || flunk "generate -j$jobs, SIG$sig: exit status $status"
    [ "$lines" -gt 0 ] && [ "$lines" -lt 400 ] ||
        flunk "generate -j$jobs, SIG$sig: $lines records, expected some but not all"
    first_made "$lines" > "$work/first"
    cmp -s "$work/made" "$work/first" ||
        flunk "generate -j$jobs, SIG$sig: the records are not the run's first $lines"
done

[ "$failed" -eq 0 ] && echo "all passed"
[ "$failed" -eq 0 ]
