/*
 * cmd_flashback.c - `syscat flashback --to GTID|FILE:POS|TIME [--dry-run]`:
 * undo every catalog change after that point of the log with one new,
 * logged transaction that writes the old system-table rows back
 * (docs/history-and-flashback.md, sc_flashback in syscat/track.h).
 * --dry-run says what would change and writes nothing.
 */
#include <getopt.h>
#include <inttypes.h>
#include <string.h>

#include "tools/cli.h"

int sc_cli__cmd_flashback(sc_cli *cli, int argc, char **argv)
{
    static const struct option opts[] = {
        {"to", required_argument, NULL, 't'},
        {"dry-run", no_argument, NULL, 'n'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *to = NULL;
    bool dry = false;
    sc_flashback_stats st;
    sc_catalog *cat = NULL;
    sc_log *log = NULL;
    int c, status, rc;

    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 't')
            to = optarg;
        else if (c == 'n')
            dry = true;
        else
            return (status = sc_cli__other_option(cli, "flashback", c, argv)) < 0 ? SC_CLI_EXIT_OK
                                                                                  : status;
    }
    if (!to)
        return sc_cli__usage_error(cli, "flashback", "--to GTID|FILE:POS|TIME is required");
    if (optind < argc)
        return sc_cli__usage_error(cli, "flashback", "unexpected argument '%s'", argv[optind]);
    status = sc_cli__open(&cat, cli, dry ? SC_CATALOG_READONLY : 0);
    if (status != SC_CLI_EXIT_OK)
        return status;
    rc = sc_log_open(&log, cat);
    if (rc == SC_OK)
        rc = sc_flashback(&st, log, to, dry);
    if (rc == SC_EINVAL)
        status = sc_cli__usage_error(cli, "flashback", "%s", sc_ctx_last_error(cli->ctx)->message);
    else if (rc != SC_OK)
        status = sc_cli__fail(cli, rc);
    else
        fprintf(cli->out,
                "%s %s: %" PRIu64 " rows deleted, %" PRIu64 " restored, %" PRIu64
                " changed back, in %" PRIu64 " system tables%s\n",
                dry ? "flashback --dry-run" : "flashback", to, st.rows_deleted, st.rows_inserted,
                st.rows_replaced, st.systables_touched,
                dry ? " (nothing written)"
                : st.rows_deleted + st.rows_inserted + st.rows_replaced
                    ? " (one logged transaction)"
                    : " (nothing to undo)");
    sc_log_close(log);
    sc_catalog_close(cat);
    return status;
}
