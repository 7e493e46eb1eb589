#!/usr/bin/env bash
# test_layers.sh - the layers of src/ keep to their order: a file includes
# nothing from a folder above its own.
#
#   src/core/   the library's core: includes only core/ and sudoku.h
#   src/logic/  the logic solver: also core/
#   src/cli/    the command: also logic/ (in fact it needs only sudoku.h)
#
# usage: test_layers.sh REPO_DIR. Prints each include that breaks the order.
set -u
cd "$1/src" || exit 2
failed=0
check() { # check FOLDER ALLOWED_PATTERN
    local bad
    bad=$(grep -rn '^#include "' "$1" | grep -Ev "#include \"($2)\"") || true
    if [ -n "$bad" ]; then
        echo "FAIL: $1/ includes from a layer above it:"
        echo "$bad"
        failed=1
    fi
}
# a header of the folder itself, the public header, or the generated version
check core 'sudoku\.h|sudoku_version\.h|[a-z_]+\.h|core/[a-z_]+\.h'
check logic 'sudoku\.h|[a-z_]+\.h|core/[a-z_]+\.h|logic/[a-z_]+\.h'
# a bare name in core/ or logic/ must be a file of that folder
for folder in core logic; do
    for name in $(grep -rhoE '^#include "[a-z_]+\.h"' "$folder" | sed -E 's/.*"(.*)"/\1/' | sort -u); do
        case $name in sudoku.h | sudoku_version.h) continue ;; esac
        [ -f "$folder/$name" ] || { echo "FAIL: $folder/ includes $name, not one of its own"; failed=1; }
    done
done
[ "$failed" -eq 0 ] && echo "core, logic and cli keep their order"
exit "$failed"
