/*
 * cmd_binlog.c - `syscat binlog list | show [FILE] | decode [FILE] | rebuild |
 * purge [TO FILE] | rotate | verify`: the catalog log (docs/log-format.md,
 * docs/cli.md).
 *
 * Events are read from the copy of the log stored in the catalog (so the
 * commands work even when DATADIR/binlog was damaged); `verify` compares
 * that copy with the files, `rebuild` rewrites the files from it. `show`
 * prints what SHOW BINLOG EVENTS prints; `decode` prints the rows the way
 * `mariadb-binlog -vv --base64-output=decode-rows` does (### lines).
 */
#include <stdlib.h>
#include <string.h>

#include "tools/cli.h"

int sc_cli__cmd_binlog(sc_cli *cli, int argc, char **argv);

/* ------------------------------------------------------------------ */
/* Walking the files                                                    */

typedef struct walk {
    sc_cli *cli;
    sc_log *log;
    const char *only; /* a single file, or NULL for all */
    bool decode;      /* print ### rows instead of the event table */
    sc_cli_grid grid; /* show: the table */
    int status;
    json_t *problems; /* verify --json: the problem texts */
} walk;

static int add_event_row(walk *w, const char *file, const sc_binlog_event *ev)
{
    char pos[24], sid[16], end[24], info[1024];
    const char *cells[6] = {file, pos, sc_binlog_event_type_name(ev->header.type), sid, end, info};

    snprintf(pos, sizeof(pos), "%llu", (unsigned long long)ev->offset);
    snprintf(sid, sizeof(sid), "%u", (unsigned)ev->header.server_id);
    snprintf(end, sizeof(end), "%u", (unsigned)ev->header.log_pos);
    sc_binlog_event_info(info, sizeof(info), &ev->header, ev->body);
    for (char *p = info; *p; p++)
        if (*p == '\n')
            *p = ' ';
    return sc_cli__grid_add(&w->grid, cells) ? SC_ENOMEM : SC_OK;
}

static int print_rows(walk *w, sc_binlog_reader *r, const sc_binlog_event *ev)
{
    char *text = NULL;
    size_t len = 0;
    int rc = sc_binlog_reader_print_rows(&text, &len, NULL, r, ev);

    if (rc)
        return rc;
    fwrite(text, 1, len, w->cli->out);
    if (len && text[len - 1] != '\n')
        fputc('\n', w->cli->out);
    sc_free(w->cli->ctx, text);
    return SC_OK;
}

/* Text that may hold newlines (a statement) as comment lines: "# " before every line. */
static void print_commented(FILE *out, const char *text)
{
    for (const char *p = text; *p; p++) {
        fputc(*p, out);
        if (*p == '\n')
            fputs("# ", out);
    }
    fputc('\n', out);
}

static int walk_file(const sc_log_file *f, void *payload)
{
    walk *w = payload;
    uint8_t *data = NULL;
    size_t len = 0;
    sc_binlog_reader *r = NULL;
    const sc_binlog_event *ev = NULL;
    int rc;

    if (w->only && strcmp(w->only, f->name) != 0)
        return 0;
    rc = sc_log_file_bytes(&data, &len, w->log, f->name);
    if (!rc)
        rc = sc_binlog_reader_open_mem(&r, w->cli->ctx, f->name, (sc_slice){data, len});
    while (!rc) {
        rc = sc_binlog_reader_next(&ev, r);
        if (rc || !ev)
            break;
        if (!w->decode)
            rc = add_event_row(w, f->name, ev);
        else if ((ev->header.type >= 23 && ev->header.type <= 25) ||
                 (ev->header.type >= 30 && ev->header.type <= 32))
            rc = print_rows(w, r, ev);
        else if (ev->header.type == SC_EV_GTID || ev->header.type == SC_EV_ANNOTATE_ROWS) {
            char info[1024];
            sc_binlog_event_info(info, sizeof(info), &ev->header, ev->body);
            fprintf(w->cli->out, "# %s at %llu: ", f->name, (unsigned long long)ev->offset);
            print_commented(w->cli->out, info);
        }
    }
    sc_binlog_reader_close(r);
    sc_free(w->cli->ctx, data);
    if (rc)
        w->status = sc_cli__fail(w->cli, rc);
    return rc ? 1 : 0;
}

static int list_file(const sc_log_file *f, void *payload)
{
    walk *w = payload;
    char size[24];
    const char *cells[2] = {f->name, size};

    snprintf(size, sizeof(size), "%llu", (unsigned long long)f->size);
    return sc_cli__grid_add(&w->grid, cells) ? 1 : 0;
}

static bool has_file(walk *w, const char *name)
{
    uint8_t *data = NULL;
    size_t len = 0;
    int rc = sc_log_file_bytes(&data, &len, w->log, name);

    sc_free(w->cli->ctx, data);
    return rc == SC_OK;
}

/* ------------------------------------------------------------------ */
/* Subcommands                                                          */

static int do_list(walk *w)
{
    static const char *const head[] = {"Log_name", "File_size"};

    if (sc_cli__grid_init(&w->grid, 2, head))
        return sc_cli__failf(w->cli, "out of memory");
    if (sc_log_files(w->log, list_file, w) == SC_OK)
        w->status = sc_cli__grid_output(w->cli, &w->grid);
    else
        w->status = sc_cli__fail(w->cli, SC_ENOMEM);
    sc_cli__grid_free(&w->grid);
    return w->status;
}

static int do_show(walk *w)
{
    static const char *const head[] = {"Log_name",  "Pos",         "Event_type",
                                       "Server_id", "End_log_pos", "Info"};

    if (sc_cli__grid_init(&w->grid, 6, head))
        return sc_cli__failf(w->cli, "out of memory");
    sc_log_files(w->log, walk_file, w);
    if (w->status == SC_CLI_EXIT_OK)
        w->status = sc_cli__grid_output(w->cli, &w->grid);
    sc_cli__grid_free(&w->grid);
    return w->status;
}

static void print_problem(const char *problem, void *payload)
{
    sc_cli *cli = payload;
    fprintf(cli->out, "problem: %s\n", problem);
}

static void collect_problem(const char *problem, void *payload)
{
    json_array_append_new(payload, json_string(problem));
}

/* verify --json: {"clean": bool, "problems": [...]}; changes nothing, as verify. */
static int verify_json(walk *w)
{
    size_t problems = 0;
    json_t *list = json_array(), *doc;
    int rc = list ? sc_log_verify(w->log, collect_problem, list, &problems) : SC_ENOMEM;

    if (rc != SC_OK && rc != SC_ECORRUPT) {
        json_decref(list);
        return sc_cli__fail(w->cli, rc);
    }
    doc = json_pack("{s:b, s:o}", "clean", rc == SC_OK, "problems", list);
    if (!doc || json_dumpf(doc, w->cli->out, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0) {
        json_decref(doc);
        return sc_cli__fail(w->cli, SC_ENOMEM);
    }
    json_decref(doc);
    fputc('\n', w->cli->out);
    return rc == SC_OK ? SC_CLI_EXIT_OK : SC_CLI_EXIT_ERROR;
}

static int run(walk *w, int argc, char **argv)
{
    const char *sub = argv[1];
    int rc;

    if (strcmp(sub, "list") == 0 && argc == 2)
        return do_list(w);
    if ((strcmp(sub, "show") == 0 || strcmp(sub, "decode") == 0) && argc <= 3) {
        w->only = argc == 3 ? argv[2] : NULL;
        if (w->only && !has_file(w, w->only))
            return sc_cli__failf(w->cli, "no log file '%s'", w->only);
        w->decode = sub[0] == 'd';
        if (w->decode)
            return sc_log_files(w->log, walk_file, w), w->status;
        return do_show(w);
    }
    if (strcmp(sub, "rebuild") == 0 && argc == 2) {
        rc = sc_log_rebuild(w->log);
        if (rc == SC_ECORRUPT) { /* name every damaged event, then the refusal */
            sc_error refusal = *sc_ctx_last_error(w->cli->ctx);
            (void)sc_log_verify_stored(w->log, print_problem, w->cli, NULL);
            sc_error_set(w->cli->ctx, refusal.code, 0, NULL, "%s", refusal.message);
        }
    } else if (strcmp(sub, "rotate") == 0 && argc == 2)
        rc = sc_log_rotate(w->log);
    else if (strcmp(sub, "set") == 0 && argc == 4)
        rc = sc_log_set(w->log, argv[2], argv[3]);
    else if (strcmp(sub, "purge") == 0 && (argc == 2 || (argc == 4 && !strcmp(argv[2], "TO"))))
        rc = sc_log_purge(w->log, argc == 4 ? argv[3] : NULL);
    else if (strcmp(sub, "verify") == 0 && argc == 2 && w->cli->json)
        return verify_json(w);
    else if (strcmp(sub, "verify") == 0 && argc == 2) {
        size_t problems = 0;
        rc = sc_log_verify(w->log, print_problem, w->cli, &problems);
        if (rc == SC_ECORRUPT)
            return fprintf(w->cli->out, "binlog: %zu problem(s)\n", problems), SC_CLI_EXIT_ERROR;
        if (!rc)
            fprintf(w->cli->out, "binlog: log and files agree\n");
    } else
        return sc_cli__usage_error(w->cli, "binlog", "bad arguments for '%s'", sub);
    return rc ? sc_cli__fail(w->cli, rc) : SC_CLI_EXIT_OK;
}

int sc_cli__cmd_binlog(sc_cli *cli, int argc, char **argv)
{
    static const char *const subs[] = {"list",  "show",   "decode", "rebuild",
                                       "purge", "rotate", "verify", "set"};
    walk w;
    sc_catalog *cat = NULL;
    bool known = false, readonly;
    int status, rc;

    sc_cli__take_json(cli, &argc, argv);
    if (argc < 2)
        return sc_cli__usage_error(cli, "binlog", "no subcommand given");
    if (cli->json && strcmp(argv[1], "list") != 0 && strcmp(argv[1], "show") != 0 &&
        strcmp(argv[1], "verify") != 0)
        return sc_cli__usage_error(cli, "binlog", "--json is for list, show and verify");
    for (size_t i = 0; i < sizeof(subs) / sizeof(subs[0]); i++)
        known |= strcmp(argv[1], subs[i]) == 0;
    if (!known)
        return sc_cli__usage_error(cli, "binlog", "unknown subcommand '%s'", argv[1]);
    readonly = !strcmp(argv[1], "list") || !strcmp(argv[1], "show") || !strcmp(argv[1], "decode") ||
               !strcmp(argv[1], "verify");
    status = sc_cli__open(&cat, cli, readonly ? SC_CATALOG_READONLY : 0);
    if (status != SC_CLI_EXIT_OK)
        return status;
    memset(&w, 0, sizeof(w));
    w.cli = cli;
    rc = sc_log_open(&w.log, cat);
    status = rc ? sc_cli__fail(cli, rc) : run(&w, argc, argv);
    sc_log_close(w.log);
    sc_catalog_close(cat);
    return status;
}
