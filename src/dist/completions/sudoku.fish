# fish completion for sudoku(1): its commands, each command's options and
# their values, and file names. Installed in
# share/fish/vendor_completions.d.

set -l commands solve explain grade canon generate help

# the command, when one is given, else solve
function __sudoku_command
    set -l words (commandline -opc)
    if test (count $words) -ge 2; and contains -- $words[2] solve explain grade canon generate help
        echo $words[2]
    else
        echo solve
    end
end

function __sudoku_for
    contains -- (__sudoku_command) $argv
end

complete -c sudoku -n "not __fish_seen_subcommand_from $commands" -a solve -d 'solve each puzzle (the default)'
complete -c sudoku -n "not __fish_seen_subcommand_from $commands" -a explain -d 'solve step by step, as a person would'
complete -c sudoku -n "not __fish_seen_subcommand_from $commands" -a grade -d "rate each puzzle on Sudoku Explainer's scale"
complete -c sudoku -n "not __fish_seen_subcommand_from $commands" -a canon -d 'give the canonical (minlex) form'
complete -c sudoku -n "not __fish_seen_subcommand_from $commands" -a generate -d 'make new puzzles'
complete -c sudoku -n "not __fish_seen_subcommand_from $commands" -a help -d 'print the help of a command'
complete -c sudoku -n "__fish_seen_subcommand_from help" -x -a "$commands"

complete -c sudoku -n 'not __sudoku_for solve explain generate' -s f -l format -x -a 'line grid json' -d 'output format'
complete -c sudoku -n '__sudoku_for solve explain generate' -s f -l format -x -a 'line grid json html' -d 'output format'
complete -c sudoku -s j -l jobs -x -d 'work on N threads, 1 to 64'
complete -c sudoku -s s -l stats -d 'add times, and a summary at the end'
complete -c sudoku -l line-buffered -d 'read a line at a time, flush each record'
complete -c sudoku -s h -l help -d 'print the help and exit'
complete -c sudoku -s V -l version -d 'print the version and exit'

complete -c sudoku -n '__sudoku_for solve' -s c -l count -d 'count the solutions, up to the limit'
complete -c sudoku -n '__sudoku_for solve' -s l -l limit -x -d 'with --count, stop at N solutions'
complete -c sudoku -n '__sudoku_for solve' -s u -l unique -d 'more than one solution is a failure'
complete -c sudoku -n '__sudoku_for solve explain' -l color -x -a 'auto always never' -d 'colour the grids'
complete -c sudoku -n '__sudoku_for explain' -l hint -d 'give only the first step'
complete -c sudoku -n '__sudoku_for explain' -l candidates -d 'show the candidates before each step'
complete -c sudoku -n '__sudoku_for generate' -s n -l count -x -d 'how many to make'
complete -c sudoku -n '__sudoku_for generate' -l seed -x -d 'the seed of the puzzles'
complete -c sudoku -n '__sudoku_for generate' -l symmetry -x -a 'none rotate180 rotate90 mirror flip diagonal antidiagonal dihedral random' -d 'the symmetry of the givens'
complete -c sudoku -n '__sudoku_for generate' -l level -x -a 'easy medium hard expert extreme' -d 'the level of the puzzles'
complete -c sudoku -n '__sudoku_for generate' -l rating -x -d 'only puzzles whose ER is from MIN to MAX'
complete -c sudoku -n '__sudoku_for generate' -l clues -x -d 'at most MAX givens'
complete -c sudoku -n '__sudoku_for generate' -l from -r -F -d 'search near the puzzles of a file'
complete -c sudoku -n '__sudoku_for generate' -l grids -d 'make full solution grids instead of puzzles'
