/*
 * cmd_describe.c - `syscat describe` (see docs/cli.md). Placeholder until the
 * library functions it needs exist; the CLI must link at every commit.
 */
#include "tools/cli.h"

int sc_cli__cmd_describe(sc_cli *cli, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return sc_cli__failf(cli, "'describe' is not available yet in this build");
}
