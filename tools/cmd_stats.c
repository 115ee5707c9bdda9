/*
 * cmd_stats.c - `syscat stats` (see docs/cli.md). Placeholder until the
 * library functions it needs exist; the CLI must link at every commit.
 */
#include "tools/cli.h"

int sc_cli__cmd_stats(sc_cli *cli, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return sc_cli__failf(cli, "'stats' is not available yet in this build");
}
