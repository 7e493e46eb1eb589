#!/usr/bin/env bash
# run.sh - build the libFuzzer harnesses and fuzz them, one after another.
#
# usage: tests/fuzz/run.sh [-t SECONDS | -r RUNS] [-b BUILD_DIR] [HARNESS...]
#
#   -t SECONDS  fuzz each harness this long (default 300)
#   -r RUNS     or stop each after this many inputs
#   -b DIR      the build directory (default build-fuzz, in the repository)
#   HARNESS     fuzz_parse, fuzz_solve, fuzz_cli, fuzz_canon, fuzz_explain,
#               fuzz_chains, fuzz_generate, fuzz_html, fuzz_json or
#               fuzz_grade (default: all ten)
#
# Each harness starts from its committed corpus, tests/fuzz/corpus/HARNESS,
# and keeps what it finds in DIR/fuzz/HARNESS/new. Then the inputs that
# reach edges the committed corpus does not are merged into it (-merge=1,
# judged by edges alone, not hit counts, so that it stays small), ready to
# commit. A crash, a failed property or a hang leaves its input in
# DIR/fuzz/HARNESS/ (crash-*, timeout-*) and fails the script; copy it into
# the corpus once fixed. An input slower than 10 s is kept there too
# (slow-unit-*), and does not fail the script. The figures of each
# run (executions, exec/s, edges covered) are in DIR/fuzz/HARNESS/log and
# summed up at the end. The merge leaves out an input that takes more
# than 10 s: the corpus is replayed under the sanitizers and valgrind on
# every CI run, and CI's short fuzzing of each harness allows a minute an
# input, which a slow input can pass on a busier machine.
#
# One process fuzzes at a time, on one core. Needs clang with libFuzzer.
set -u

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
limit=(-max_total_time=300)
build=$repo/build-fuzz

usage() { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; }

while getopts t:r:b:h option; do
    case $option in
    t) limit=(-max_total_time="$OPTARG") ;;
    r) limit=(-runs="$OPTARG") ;;
    b) build=$(realpath -m "$OPTARG") ;;
    h) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(fuzz_parse fuzz_solve fuzz_cli fuzz_canon fuzz_explain fuzz_chains fuzz_generate fuzz_html fuzz_json fuzz_grade)

# The longest input worth trying: the parser and the solver read 82 bytes,
# canon a few more, explain 244 with its marks; the command's loop needs
# room for several records.
max_len() {
    case $1 in
    fuzz_parse) echo 128 ;;
    fuzz_solve) echo 96 ;;
    fuzz_canon) echo 128 ;;
    fuzz_explain | fuzz_chains) echo 256 ;;
    fuzz_generate) echo 16 ;;
    fuzz_html | fuzz_json) echo 1024 ;;
    fuzz_grade) echo 512 ;;
    *) echo 4096 ;;
    esac
}

# Optimised, with debug information and with assertions (no -DNDEBUG).
CC=${CC:-clang} cmake -S "$repo" -B "$build" -DSUDOKU_FUZZ=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g" \
    >/dev/null || exit 1
cmake --build "$build" -j2 --target "${harnesses[@]}" >/dev/null || exit 1

failed=0
summary=()
for harness in "${harnesses[@]}"; do
    corpus=$here/corpus/$harness
    work=$build/fuzz/$harness
    binary=$build/tests/fuzz/$harness
    mkdir -p "$work/new"
    echo "== $harness: ${limit[*]}"
    # A hang is an input that takes a minute; slower than 10 s is reported.
    "$binary" "${limit[@]}" -max_len="$(max_len "$harness")" -timeout=60 \
        -print_final_stats=1 -artifact_prefix="$work/" \
        "$work/new" "$corpus" >"$work/log" 2>&1
    status=$?
    tail -n 3 "$work/log" | grep -E '^(#|Done)' || true
    if [ $status -ne 0 ]; then
        echo "$harness: failed (exit $status); see $work/log" >&2
        failed=1
    fi
    # Into the committed corpus: only what adds edges to it, and in 10 s.
    "$binary" -merge=1 -use_counters=0 -max_len="$(max_len "$harness")" -timeout=10 \
        "$corpus" "$work/new" >"$work/merge.log" 2>&1 ||
        echo "$harness: merge failed; see $work/merge.log" >&2
    grep -E '^MERGE-OUTER: [0-9]+ new files' "$work/merge.log" || true
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/log")
    edges=$(grep -Eo 'cov: [0-9]+' "$work/log" | tail -n 1)
    summary+=("$harness: ${runs:-?} executions, ${speed:-?} exec/s, ${edges:-cov: ?} edges")
done
printf '%s\n' "${summary[@]}"
exit $failed
