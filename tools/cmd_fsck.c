/*
 * cmd_fsck.c - `syscat fsck`: run the catalog's integrity check (sc_fsck),
 * print every problem on its own line, then a summary. Exit 1 when the
 * catalog is damaged, so scripts (and the crash tests) can branch on it.
 */
#include "tools/cli.h"

static void report_problem(const char *problem, void *payload)
{
    sc_cli *cli = payload;
    fprintf(cli->out, "problem: %s\n", problem);
}

static int print_summary(sc_cli *cli, sc_catalog *cat, size_t problems)
{
    sc_catalog_stats st;

    if (problems > 0) {
        fprintf(cli->out, "fsck: %zu problem%s found in '%s'\n", problems, problems == 1 ? "" : "s",
                cli->datadir);
        return SC_CLI_EXIT_ERROR;
    }
    if (sc_catalog_stats_get(&st, cat) == SC_OK)
        fprintf(cli->out,
                "fsck: catalog in '%s' is clean (%llu schemas, %llu tables, %llu columns, "
                "%llu indexes)\n",
                cli->datadir, (unsigned long long)st.schemas, (unsigned long long)st.tables,
                (unsigned long long)st.columns, (unsigned long long)st.indexes);
    else
        fprintf(cli->out, "fsck: catalog in '%s' is clean\n", cli->datadir);
    return SC_CLI_EXIT_OK;
}

int sc_cli__cmd_fsck(sc_cli *cli, int argc, char **argv)
{
    sc_catalog *cat = NULL;
    size_t problems = 0;
    int status, rc;

    if (argc != 1)
        return sc_cli__usage_error(cli, "fsck", "unexpected argument '%s'", argv[1]);
    status = sc_cli__open(&cat, cli, SC_CATALOG_READONLY);
    if (status != SC_CLI_EXIT_OK)
        return status;
    rc = sc_fsck(cat, report_problem, cli, &problems);
    if (rc == SC_OK || rc == SC_ECORRUPT)
        status = print_summary(cli, cat, rc == SC_ECORRUPT && problems == 0 ? 1 : problems);
    else
        status = sc_cli__fail(cli, rc);
    sc_catalog_close(cat);
    return status;
}
