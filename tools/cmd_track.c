/*
 * cmd_track.c - `syscat track`: follow a foreign MariaDB server's schema
 * from its binlog files (docs/tracking.md, public API in syscat/track.h),
 * and the --as-of helper that `show` and `dump` share.
 *
 *   track --source NAME [--skip-unparsed-ddl] FILE...   the files in order
 *   track --source NAME [--skip-unparsed-ddl] --from HOST:PORT [--user U]
 *         [--password-file F] [--server-id N] [--once] [--retry SECONDS]
 *                                                        a live server, followed
 *   track status [NAME] [--json]                         position, GTID, skipped DDL
 *
 * Exit 1 when a DDL is refused (the message names file, position, GTID and
 * statement; what came before it stays tracked), 2 on a usage error.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "tools/cli.h"

/* ------------------------------------------------------------------ */
/* --as-of for show and dump                                           */

int sc_cli__open_read_as_of(
    sc_catalog **cat_out, sc_txn **txn_out, sc_cli *cli, const char *cmd, const char *as_of)
{
    sc_catalog *cat = NULL, *scratch = NULL;
    sc_log *log = NULL;
    int status = sc_cli__open(&cat, cli, SC_CATALOG_READONLY);
    int rc;

    *cat_out = NULL;
    *txn_out = NULL;
    if (status != SC_CLI_EXIT_OK)
        return status;
    rc = sc_log_open(&log, cat);
    if (rc == SC_OK)
        rc = sc_asof_open(&scratch, log, as_of);
    sc_log_close(log);
    sc_catalog_close(cat);
    if (rc != SC_OK)
        return rc == SC_EINVAL
                   ? sc_cli__usage_error(cli, cmd, "%s", sc_ctx_last_error(cli->ctx)->message)
                   : sc_cli__fail(cli, rc);
    status = sc_cli__read_txn(txn_out, cli, scratch);
    if (status != SC_CLI_EXIT_OK) {
        sc_asof_close(scratch);
        return status;
    }
    *cat_out = scratch;
    return SC_CLI_EXIT_OK;
}

void sc_cli__close_read_as_of(sc_catalog *cat, sc_txn *txn)
{
    sc_txn_abort(txn);
    sc_asof_close(cat);
}

/* ------------------------------------------------------------------ */
/* track status                                                          */

typedef struct status_walk {
    sc_cli *cli;
    sc_catalog *cat;
    const char *only;
    sc_cli_grid grid;
    json_t *skipped;
    size_t n;
} status_walk;

static int skipped_cb(const sc_track_skipped *s, void *payload)
{
    status_walk *w = payload;
    char pos[32], err[16];

    snprintf(pos, sizeof(pos), "%" PRIu64, s->position);
    snprintf(err, sizeof(err), "%u", s->mysql_errno);
    if (w->cli->json) {
        json_t *o =
            json_pack("{s:s, s:s, s:I, s:s, s:I, s:s, s:s}", "source", w->only, "file", s->file,
                      "position", (json_int_t)s->position, "gtid", s->gtid, "errno",
                      (json_int_t)s->mysql_errno, "message", s->message, "statement", s->statement);
        return o && json_array_append_new(w->skipped, o) == 0 ? 0 : SC_ENOMEM;
    }
    fprintf(w->cli->out, "skipped: %s %s:%s GTID %s ERROR %s: %s\n  %s\n", w->only, s->file, pos,
            s->gtid, err, s->message, s->statement);
    return 0;
}

static int state_cb(const sc_track_state *st, void *payload)
{
    status_walk *w = payload;
    char pos[32], skipped[32];
    const char *cells[5] = {st->source, st->file, pos, st->gtid, skipped};

    if (w->only && strcmp(w->only, st->source) != 0)
        return 0;
    w->n++;
    snprintf(pos, sizeof(pos), "%" PRIu64, st->position);
    snprintf(skipped, sizeof(skipped), "%" PRIu64, st->n_skipped);
    return sc_cli__grid_add(&w->grid, cells) == 0 ? 0 : SC_ENOMEM;
}

static int list_skipped(status_walk *w)
{
    for (size_t i = 0; i < w->grid.nrows; i++) {
        const char *name = w->grid.cells[(i + 1) * w->grid.ncols];
        int rc;
        if (strcmp(w->grid.cells[(i + 1) * w->grid.ncols + 4], "0") == 0)
            continue;
        w->only = name;
        rc = sc_track_skipped_foreach(w->cat, name, skipped_cb, w);
        if (rc)
            return rc;
    }
    return SC_OK;
}

static int cmd_status(sc_cli *cli, int argc, char **argv)
{
    static const char *const headers[] = {"source", "file", "position", "gtid", "skipped_ddl"};
    status_walk w;
    int status, rc;

    if (argc > 3)
        return sc_cli__usage_error(cli, "track", "unexpected argument '%s'", argv[3]);
    memset(&w, 0, sizeof(w));
    w.cli = cli;
    w.only = argc == 3 ? argv[2] : NULL;
    status = sc_cli__open(&w.cat, cli, SC_CATALOG_READONLY);
    if (status != SC_CLI_EXIT_OK)
        return status;
    if (sc_cli__grid_init(&w.grid, 5, headers) != 0 || !(w.skipped = json_array())) {
        sc_catalog_close(w.cat);
        return sc_cli__failf(cli, "out of memory");
    }
    rc = sc_track_sources(w.cat, state_cb, &w);
    if (!rc && argc == 3 && w.n == 0)
        rc =
            sc_error_set(cli->ctx, SC_ENOTFOUND, 0, NULL, "source '%s' was never tracked", argv[2]);
    if (!rc && cli->json) {
        json_t *all =
            json_pack("{s:o, s:O}", "sources", sc_cli__grid_json(&w.grid), "skipped", w.skipped);
        rc = all ? list_skipped(&w) : SC_ENOMEM;
        if (!rc && all) {
            json_dumpf(all, cli->out, JSON_INDENT(2));
            fputc('\n', cli->out);
        }
        json_decref(all);
    } else if (!rc) {
        sc_cli__grid_print(cli->out, &w.grid);
        rc = list_skipped(&w);
    }
    status = rc ? sc_cli__fail(cli, rc) : SC_CLI_EXIT_OK;
    json_decref(w.skipped);
    sc_cli__grid_free(&w.grid);
    sc_catalog_close(w.cat);
    return status;
}

/* ------------------------------------------------------------------ */
/* track --source NAME FILE...                                           */

static int cmd_files(sc_cli *cli, int argc, char **argv)
{
    static const struct option opts[] = {
        {"source", required_argument, NULL, 's'},
        {"skip-unparsed-ddl", no_argument, NULL, 'k'},
        {"from", required_argument, NULL, 'f'},
        {"user", required_argument, NULL, 'u'},
        {"password-file", required_argument, NULL, 'p'},
        {"server-id", required_argument, NULL, 'i'},
        {"once", no_argument, NULL, 'o'},
        {"retry", required_argument, NULL, 'r'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    sc_track_options o = SC_TRACK_OPTIONS_INIT;
    sc_track_live_options lo = SC_TRACK_LIVE_OPTIONS_INIT;
    sc_track_stats st;
    char *end;
    sc_catalog *cat = NULL;
    sc_log *log = NULL;
    int c, status, rc;

    optind = 1;
    while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
        if (c == 's')
            o.source = optarg;
        else if (c == 'k')
            o.skip_unparsed_ddl = true;
        else if (c == 'f')
            lo.from = optarg;
        else if (c == 'u')
            lo.user = optarg;
        else if (c == 'p')
            lo.password_file = optarg;
        else if (c == 'o')
            lo.once = true;
        else if (c == 'i' || c == 'r') {
            unsigned long v = strtoul(optarg, &end, 10);
            if (!*optarg || *end || v > 4294967295ul)
                return sc_cli__usage_error(cli, "track", "bad number '%s' for --%s", optarg,
                                           c == 'i' ? "server-id" : "retry");
            if (c == 'i')
                lo.server_id = (uint32_t)v;
            else
                lo.retry_s = (unsigned)v;
        } else
            return (status = sc_cli__other_option(cli, "track", c, argv)) < 0 ? SC_CLI_EXIT_OK
                                                                              : status;
    }
    if (!o.source)
        return sc_cli__usage_error(cli, "track", "--source NAME is required");
    if (lo.from && optind < argc)
        return sc_cli__usage_error(cli, "track", "--from and FILE exclude each other");
    if (!lo.from && (lo.user || lo.password_file || lo.once || lo.server_id))
        return sc_cli__usage_error(cli, "track",
                                   "--user, --password-file, --server-id and --once need --from");
    if (!lo.from && optind >= argc)
        return sc_cli__usage_error(cli, "track", "no binlog FILE (or --from HOST:PORT) given");
    status = sc_cli__open(&cat, cli, 0);
    if (status != SC_CLI_EXIT_OK)
        return status;
    rc = sc_log_open(&log, cat);
    if (rc == SC_OK && lo.from)
        rc = sc_track_live(&st, log, &o, &lo);
    else if (rc == SC_OK)
        rc = sc_track_files(&st, log, &o, (const char *const *)argv + optind,
                            (size_t)(argc - optind));
    if (rc == SC_EINVAL)
        status = sc_cli__usage_error(cli, "track", "%s", sc_ctx_last_error(cli->ctx)->message);
    else if (rc != SC_OK)
        status = sc_cli__fail(cli, rc);
    else
        fprintf(cli->err,
                "track %s: %" PRIu64 " event groups (%" PRIu64 " already tracked), %" PRIu64
                " DDL, %" PRIu64 " skipped, %" PRIu64 " AUTO_INCREMENT moves\n",
                o.source, st.groups, st.groups_skipped, st.ddl, st.ddl_skipped, st.auto_increment);
    sc_log_close(log);
    sc_catalog_close(cat);
    return status;
}

int sc_cli__cmd_track(sc_cli *cli, int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "status") == 0) {
        sc_cli__take_json(cli, &argc, argv);
        return cmd_status(cli, argc, argv);
    }
    return cmd_files(cli, argc, argv);
}
