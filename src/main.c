#include "cli.h"

int main(int argc, char **argv)
{
    return sudoku_cli_run(argc, argv, stdin, stdout, stderr);
}
