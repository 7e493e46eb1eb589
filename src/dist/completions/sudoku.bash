# bash completion for sudoku(1): its commands, each command's options and
# their values, and file names. Installed as
# share/bash-completion/completions/sudoku; it needs no other completion
# code, so it can also be sourced as it is.

# The options of one command, for the word being completed.
_sudoku_options()
{
    local common="--format --jobs --stats --line-buffered --help --version"

    case $1 in
    solve) echo "$common --count --limit --unique --color" ;;
    explain) echo "$common --hint --candidates --color" ;;
    generate) echo "$common --count --seed --symmetry --level --rating --clues --from --grids" ;;
    *) echo "$common" ;;
    esac
}

_sudoku()
{
    local commands="solve explain grade canon generate help"
    local cur=${COMP_WORDS[COMP_CWORD]} prev=
    local command=solve first=1

    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    # "--format=js": bash splits at '=' when COMP_WORDBREAKS holds it
    if [[ $cur == = ]]; then
        cur=
    elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    elif [[ $cur == --*=* ]]; then
        prev=${cur%%=*}
        cur=${cur#*=}
    fi
    if ((COMP_CWORD > 1)) && [[ " $commands " == *" ${COMP_WORDS[1]} "* ]]; then
        command=${COMP_WORDS[1]}
        first=0
    fi

    COMPREPLY=()
    case $prev in
    -f | --format)
        case $command in
        solve | explain | generate)
            COMPREPLY=($(compgen -W "line grid json html" -- "$cur")) ;;
        *) COMPREPLY=($(compgen -W "line grid json" -- "$cur")) ;;
        esac
        return
        ;;
    --color)
        COMPREPLY=($(compgen -W "auto always never" -- "$cur"))
        return
        ;;
    --level)
        COMPREPLY=($(compgen -W "easy medium hard expert extreme" -- "$cur"))
        return
        ;;
    --symmetry)
        COMPREPLY=($(compgen -W "none rotate180 rotate90 mirror flip diagonal
            antidiagonal dihedral random" -- "$cur"))
        return
        ;;
    -l | --limit | -j | --jobs | --seed | --rating | --clues)
        return # a number
        ;;
    --from)
        compopt -o filenames 2>/dev/null
        COMPREPLY=($(compgen -f -- "$cur"))
        return
        ;;
    esac

    if [[ $command == help ]]; then
        ((COMP_CWORD == 2)) && COMPREPLY=($(compgen -W "$commands" -- "$cur"))
        return
    fi
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_sudoku_options "$command")" -- "$cur"))
        return
    fi
    # operands: puzzles, files or "-"; the command, first
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -f -- "$cur"))
    if ((first && COMP_CWORD == 1)); then
        COMPREPLY+=($(compgen -W "$commands" -- "$cur"))
    fi
}

complete -F _sudoku sudoku
