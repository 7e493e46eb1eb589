#!/usr/bin/env bash
# cli_pipes.sh - the sudoku command at the end of pipes and on bad outputs,
# run as a real process, as a shell runs it.
#
# usage: cli_pipes.sh SUDOKU_BIN
#
#   sudoku BIG | head -n 1          one line, nothing on stderr, status 141
#                                   (ended by SIGPIPE), no hang
#   the same with SIGPIPE ignored   the same: EPIPE stops it quietly, 141
#   sudoku BIG > /dev/full          one "write error" line, status 2
#   sudoku BIG >&-                  one "write error" line, status 2
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

[ "$failed" -eq 0 ] && echo "all passed"
[ "$failed" -eq 0 ]
