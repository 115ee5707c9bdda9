/*
 * cmd_fsck.c - `syscat fsck`: run the catalog's integrity check (sc_fsck)
 * and the checks of the log stored in it (sc_log_verify_stored: every event's
 * framing and checksum; sc_log_verify_rows: every row against the log's copy
 * of it), print every problem on its own line, then a
 * summary. Exit 1 when the catalog or its log is damaged, so scripts (and
 * the crash tests) can branch on it.
 */
#include "tools/cli.h"

static void report_problem(const char *problem, void *payload)
{
    sc_cli *cli = payload;
    fprintf(cli->out, "problem: %s\n", problem);
}

/*
 * The stored log also holds every row's last after-image: compare them with
 * the live rows (a damaged row that still decodes shows up only there).
 * Adds to *n; returns SC_ECORRUPT when anything was found (lrc's or ours).
 */
static int check_rows(size_t *n, sc_cli *cli, sc_log *log, int lrc)
{
    size_t m = 0;
    bool partial = false;
    int rc = sc_log_verify_rows(log, report_problem, cli, &m, &partial);

    if (partial)
        fprintf(cli->out, "fsck: note: the stored log was purged (it no longer starts with the "
                          "bootstrap transaction): rows were not compared with it\n");
    *n += m;
    if (rc != SC_OK && rc != SC_ECORRUPT)
        return rc;
    return lrc == SC_ECORRUPT || m ? SC_ECORRUPT : SC_OK;
}

/*
 * The log stored in the catalog is what the binlog files are written from:
 * check every event of it too (the catalog module knows nothing of binlogs).
 * Adds its problems to *problems; returns SC_ECORRUPT when the catalog or the
 * log is damaged.
 */
static int check_log(size_t *problems, sc_cli *cli, sc_catalog *cat, int rc)
{
    sc_log *log = NULL;
    size_t n = 0;
    int lrc = sc_log_open(&log, cat);

    if (lrc == SC_OK) {
        lrc = sc_log_verify_stored(log, report_problem, cli, &n);
        if (lrc == SC_OK || lrc == SC_ECORRUPT)
            lrc = check_rows(&n, cli, log, lrc);
    } else
        fprintf(cli->out, "problem: log: %s\n", sc_ctx_last_error(cli->ctx)->message), n = 1;
    sc_log_close(log);
    *problems += n;
    if (lrc != SC_OK && lrc != SC_ECORRUPT)
        return lrc;
    return rc == SC_ECORRUPT || n ? SC_ECORRUPT : SC_OK;
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
        rc = check_log(&problems, cli, cat, rc);
    if (rc == SC_OK || rc == SC_ECORRUPT)
        status = print_summary(cli, cat, rc == SC_ECORRUPT && problems == 0 ? 1 : problems);
    else
        status = sc_cli__fail(cli, rc);
    sc_catalog_close(cat);
    return status;
}
