#!/usr/bin/env bash
# test_signals.sh - what a script meets first: a stop loses no finished
# record, an endless line stops, and slow records reach a pipe soon.
#
#   timeout T sudoku CMD ...        (TERM to the command, then to its group;
#   timeout -s INT T sudoku CMD ...  with --preserve-status, so that the
#   timeout -k 5 T sudoku CMD ...    command's own status is seen)
#   sudoku CMD ... & kill -TERM; kill -TERM   (two signals at once)
#   sudoku CMD ... & kill -TERM               (one)
#       for solve, grade, explain -f json, canon and generate, with -j1 and
#       -j2: the status the shell reports, and an output that is whole
#       records, the same bytes as the first records of a run that was not
#       stopped, at least one of them
#   sudoku CMD < /dev/zero          an endless line stops on the first
#                                   signal, in each of the ways above, in
#                                   every command that reads, and in
#                                   generate --from /dev/zero
#   sudoku grade -j1 FILE | head -1     the first record comes within twice
#                                   its own time, and the command ends soon
#
# usage: test_signals.sh SUDOKU_BIN REPO_DIR
set -u

if [ $# -ne 2 ]; then
    echo "usage: $0 SUDOKU_BIN REPO_DIR" >&2
    exit 2
fi
bin=$1
repo=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

failed=0
flunk() {
    failed=$((failed + 1))
    echo "FAIL: $*"
}
now_ms() { echo $(($(date +%s%N) / 1000000)); }

puzzle=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
grep -v '^#' "$repo/puzzles/sets/magictour-top1465.txt" > "$work/magictour.txt"
grep -v '^#' "$repo/puzzles/sets/forum-hardest-1106.txt" | head -n 60 > "$work/hardest60.txt"

# The commands: their arguments (-jJ for the threads), whether they read
# the endless `yes PUZZLE` on standard input, and how their first N records
# are made without a stop.
declare -A args=(
    [solve]="-jJ"
    [grade]="grade -jJ"
    [explain]="explain -f json -jJ"
    [canon]="canon -jJ"
    [generate]="generate -n 1000000 --seed 7 -jJ"
)
declare -A firsts=(
    [solve]="yes $puzzle | head -n N | \"\$bin\" -j2"
    [grade]="head -n N $work/magictour.txt | \"\$bin\" grade -j2"
    [explain]="head -n N $work/magictour.txt | \"\$bin\" explain -f json -j2"
    [canon]="yes $puzzle | head -n N | \"\$bin\" canon -j2"
    [generate]="\"\$bin\" generate -n N --seed 7 -j2"
)
input() { # NAME: what the command reads on standard input
    case $1 in
    solve | canon) yes "$puzzle" ;;
    grade | explain) cat "$work/magictour.txt" ;;
    *) true ;;
    esac
}
# first NAME N: the first N records of command NAME, from a run not stopped.
first() {
    local cmd=${firsts[$1]//head -n N/head -n $2}
    bash -c "bin='$bin'; ${cmd//-n N /-n $2 }"
}
# first_of NAME N: the same, from a run of N records or more made once for
# every stop of NAME (whose first N are a run of N's), made again, longer,
# when a stop wrote more.
declare -A made
first_of() {
    local have=${made[$1]:-0} want=$2
    if ((have < want)); then
        ((want < 2 * have)) && want=$((2 * have))
        first "$1" "$want" > "$work/first-$1"
        made[$1]=$want
    fi
    head -n "$2" "$work/first-$1"
}
# Each command is stopped after a twentieth of a second, or where its first
# record takes longer (grade and explain on a sanitizer's build), after
# twice that. (A stop that comes before the first record is tried again,
# later: see stopped().)
# twice_since START: twice the time since START (ms), a twentieth of a
# second at least, in seconds, as sleep and timeout take it.
twice_since() {
    local ms=$((2 * ($(now_ms) - $1)))
    ((ms < 50)) && ms=50
    printf '%d.%03d' $((ms / 1000)) $((ms % 1000))
}
declare -A delay
for name in "${!firsts[@]}"; do
    start=$(now_ms)
    first "$name" 1 > /dev/null
    delay[$name]=$(twice_since "$start")
done

# stop HOW DELAY COMMAND...: runs COMMAND with the streams its caller set,
# stopped after DELAY seconds in the way HOW says, and returns its status.
stop() {
    local how=$1 delay=$2 pid
    shift 2
    case $how in # (--preserve-status: the command's status, not 124)
    timeout) timeout --preserve-status "$delay" "$@" ;;
    timeout-int) timeout --preserve-status -s INT "$delay" "$@" ;;
    timeout-kill) timeout --preserve-status -k 5 "$delay" "$@" ;;
    *)
        "$@" <&0 & # (without <&0, what runs in the background reads /dev/null)
        pid=$!
        sleep "$delay"
        kill -TERM "$pid"
        [ "$how" = two-terms ] && kill -TERM "$pid" 2> /dev/null # gone already, perhaps
        wait "$pid" # (a command that never stops: ctest's time limit ends the test)
        ;;
    esac
}
hows="timeout timeout-int timeout-kill two-terms one-term"
wanted() { [ "$1" = timeout-int ] && echo 130 || echo 143; } # HOW's status

# stopped NAME JOBS HOW: runs command NAME with -jJOBS, stopped after
# its delay in the way HOW says, and checks the status and the output.
# On a machine that other tests share, the first record may not be done by
# then: the run is tried again, with twice the delay each time, up to
# three times. A command that loses finished records writes none in any.
stopped() {
    local name=$1 jobs=$2 how=$3 want status n wait=${delay[$1]}
    local -a a
    read -r -a a <<< "${args[$name]//-jJ/-j$jobs}"
    want=$(wanted "$how")
    for _ in 1 2 3; do
        stop "$how" "$wait" "$bin" "${a[@]}" < <(input "$name") > "$work/out" 2> "$work/err"
        status=$?
        [ -s "$work/out" ] && break
        wait=$(awk -v d="$wait" 'BEGIN { printf "%.3f", 2 * d }')
    done
    [ "$status" = "$want" ] || flunk "$name -j$jobs, $how: status $status, expected $want"
    [ -s "$work/err" ] && flunk "$name -j$jobs, $how: a message: $(head -c 300 "$work/err")"
    n=$(wc -l < "$work/out")
    if [ "$n" -lt 1 ]; then
        flunk "$name -j$jobs, $how: no record was written"
        return
    fi
    [ "$(tail -c 1 "$work/out" | od -An -c | tr -d ' ')" = '\n' ] ||
        flunk "$name -j$jobs, $how: the last record is cut: $(tail -c 100 "$work/out")"
    first_of "$name" "$n" > "$work/first"
    cmp -s "$work/out" "$work/first" ||
        flunk "$name -j$jobs, $how: $n records, not the first $n a whole run writes" \
              "($(cmp "$work/out" "$work/first" 2>&1))"
}

for name in solve grade explain canon generate; do
    for jobs in 1 2; do
        for how in $hows; do
            stopped "$name" "$jobs" "$how"
        done
    done
done

# An endless line: the first signal, in each way, stops the reading within
# a second, and nothing is written, since no record was finished. A run
# that took longer is tried again, up to three times in all, as a machine
# that other tests share may hold back a process for a while. The signal
# comes when the command reads: after twice the time it takes to start
# and end on no input (a sanitizer's build starts slower), a twentieth of
# a second at least.
# (generate reads no input, but the file of --from)
start=$(now_ms)
"$bin" < /dev/null > /dev/null 2>&1
reading=$(twice_since "$start")
endless() { # NAME JOBS: the command's arguments
    case $1 in
    generate) echo "generate -j$2 --rating 9.0- --from /dev/zero" ;;
    *) echo "$1 -j$2" ;;
    esac
}
for name in solve grade explain canon generate; do
    for jobs in 1 2; do
        for how in $hows; do
            want=$(wanted "$how")
            for _ in 1 2 3; do
                start=$(now_ms)
                # shellcheck disable=SC2046 # endless's words are meant to be split
                stop "$how" "$reading" "$bin" $(endless "$name" "$jobs") < /dev/zero > "$work/out" 2> "$work/err"
                status=$?
                took=$(($(now_ms) - start))
                [ "$took" -le 1100 ] && break
            done
            [ "$status" = "$want" ] ||
                flunk "$name -j$jobs < /dev/zero, $how: status $status, expected $want"
            [ "$took" -le 1100 ] || flunk "$name -j$jobs < /dev/zero, $how: stopped after $took ms"
            [ -s "$work/out" ] &&
                flunk "$name -j$jobs < /dev/zero, $how: wrote $(wc -c < "$work/out") bytes"
            [ -s "$work/err" ] && flunk "$name -j$jobs < /dev/zero, $how: $(head -c 200 "$work/err")"
        done
    done
done

# A slow record reaches a pipe soon: the first of 60 of the hardest comes
# through `head -1` within twice the time that record takes alone, and the
# command, told by the pipe that nobody reads on, ends soon after.
# Other tests may share the processors: the record alone is timed as the
# middle of three runs, the pipe as the best of three.
middle() { sort -n | sed -n 2p; }
best() { sort -n | head -n 1; }
head -n 1 "$work/hardest60.txt" > "$work/first1.txt"
alone=$(for _ in 1 2 3; do
    start=$(now_ms)
    "$bin" grade -j1 "$work/first1.txt" > /dev/null
    echo $(($(now_ms) - start))
done | middle)
for jobs in 1 2; do
    first_at=$(for _ in 1 2 3; do
        start=$(now_ms)
        {
            IFS= read -r line
            echo "$(($(now_ms) - start))"
        } < <(exec "$bin" grade -j"$jobs" "$work/hardest60.txt")
        # (the command, left alone, would grade on until its next record
        # met the closed pipe, beside the runs still to time)
        kill "$!" 2> /dev/null
    done | best)
    # (50 ms more, for a process's start on a machine other tests share;
    # with two workers, its time alone once more and half a second: the
    # first record, alone in the pool when it starts, takes both workers'
    # threads, which then share the processors with the second record's,
    # and a test that runs beside this one takes one of them. Before, the
    # record waited for the output's buffer to fill, a minute on this file)
    [ "$first_at" -le $(((jobs == 1 ? 2 : 3) * alone + (jobs == 1 ? 50 : 500))) ] ||
        flunk "grade -j$jobs | head -1: the first record after $first_at ms, alone it takes $alone ms"
    start=$(now_ms)
    bash -c "set -o pipefail; '$bin' grade -j$jobs '$work/hardest60.txt' | head -n 1 > /dev/null"
    status=$?
    ms=$(($(now_ms) - start))
    [ "$status" = 141 ] || flunk "grade -j$jobs | head -1: status $status, expected 141"
    # the second record ends it: it takes about four times the first
    [ "$ms" -le $((20 * alone + 2000)) ] ||
        flunk "grade -j$jobs | head -1: the command ran on for $ms ms"
done

[ "$failed" -eq 0 ] && echo "all passed"
[ "$failed" -eq 0 ]
