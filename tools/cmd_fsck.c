/*
 * cmd_fsck.c - `syscat fsck`: run the catalog's integrity check (sc_fsck)
 * and the checks of the log stored in it (sc_log_verify_stored: every event's
 * framing and checksum; sc_log_verify_rows: every row against the log's copy
 * of it), print every problem on its own line, then a
 * summary. Exit 1 when the catalog or its log is damaged, so scripts (and
 * the crash tests) can branch on it.
 */
#include "tools/cli.h"

/* With --json the problems are collected here (cli->json), else printed as found. */
typedef struct fsck_report {
    sc_cli *cli;
    json_t *problems; /* --json: the problem texts */
    bool purged;      /* the stored log was purged: rows not compared */
} fsck_report;

static void report_problem(const char *problem, void *payload)
{
    fsck_report *f = payload;

    if (f->problems)
        json_array_append_new(f->problems, json_string(problem));
    else
        fprintf(f->cli->out, "problem: %s\n", problem);
}

/*
 * The stored log also holds every row's last after-image: compare them with
 * the live rows (a damaged row that still decodes shows up only there).
 * Adds to *n; returns SC_ECORRUPT when anything was found (lrc's or ours).
 */
static int check_rows(size_t *n, fsck_report *f, sc_log *log, int lrc)
{
    size_t m = 0;
    bool partial = false;
    int rc = sc_log_verify_rows(log, report_problem, f, &m, &partial);

    f->purged = partial;
    if (partial && !f->problems)
        fprintf(f->cli->out, "fsck: note: the stored log was purged (it no longer starts with the "
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
static int check_log(size_t *problems, fsck_report *f, sc_catalog *cat, int rc)
{
    sc_log *log = NULL;
    size_t n = 0;
    int lrc = sc_log_open(&log, cat);

    if (lrc == SC_OK) {
        lrc = sc_log_verify_stored(log, report_problem, f, &n);
        if (lrc == SC_OK || lrc == SC_ECORRUPT)
            lrc = check_rows(&n, f, log, lrc);
    } else {
        char text[600];
        snprintf(text, sizeof(text), "log: %s", sc_ctx_last_error(f->cli->ctx)->message);
        report_problem(text, f);
        n = 1;
    }
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

/* --json: {"datadir", "clean", "problems": [...], "log_purged", and the counts when clean}. */
static int print_json(fsck_report *f, sc_catalog *cat, size_t problems)
{
    sc_catalog_stats st;
    json_t *doc = json_pack("{s:s, s:b, s:O, s:b}", "datadir", f->cli->datadir, "clean",
                            problems == 0, "problems", f->problems, "log_purged", f->purged);
    int rc;

    if (doc && problems == 0 && sc_catalog_stats_get(&st, cat) == SC_OK) {
        json_t *counts = json_pack("{s:I, s:I, s:I, s:I}", "schemas", (json_int_t)st.schemas,
                                   "tables", (json_int_t)st.tables, "columns",
                                   (json_int_t)st.columns, "indexes", (json_int_t)st.indexes);
        if (counts)
            json_object_update(doc, counts);
        json_decref(counts);
    }
    rc = doc ? json_dumpf(doc, f->cli->out, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : -1;
    json_decref(doc);
    if (rc != 0)
        return sc_cli__fail(f->cli, SC_ENOMEM);
    fputc('\n', f->cli->out);
    return problems ? SC_CLI_EXIT_ERROR : SC_CLI_EXIT_OK;
}

int sc_cli__cmd_fsck(sc_cli *cli, int argc, char **argv)
{
    sc_catalog *cat = NULL;
    fsck_report f = {cli, NULL, false};
    size_t problems = 0;
    int status, rc;

    sc_cli__take_json(cli, &argc, argv);
    if (argc != 1)
        return sc_cli__usage_error(cli, "fsck", "unexpected argument '%s'", argv[1]);
    if (cli->json && !(f.problems = json_array()))
        return sc_cli__fail(cli, SC_ENOMEM);
    status = sc_cli__open(&cat, cli, SC_CATALOG_READONLY);
    if (status != SC_CLI_EXIT_OK) {
        json_decref(f.problems);
        return status;
    }
    rc = sc_fsck(cat, report_problem, &f, &problems);
    if (rc == SC_OK || rc == SC_ECORRUPT)
        rc = check_log(&problems, &f, cat, rc);
    if (rc == SC_ECORRUPT && problems == 0)
        problems = 1;
    if ((rc == SC_OK || rc == SC_ECORRUPT) && cli->json)
        status = print_json(&f, cat, problems);
    else if (rc == SC_OK || rc == SC_ECORRUPT)
        status = print_summary(cli, cat, problems);
    else
        status = sc_cli__fail(cli, rc);
    json_decref(f.problems);
    sc_catalog_close(cat);
    return status;
}
