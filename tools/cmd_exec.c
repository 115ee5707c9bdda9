/*
 * cmd_exec.c - `syscat exec` (see docs/cli.md). Placeholder until the
 * library functions it needs exist; the CLI must link at every commit.
 */
#include "tools/cli.h"

int sc_cli__cmd_exec(sc_cli *cli, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return sc_cli__failf(cli, "'exec' is not available yet in this build");
}
