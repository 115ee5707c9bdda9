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
 *
 * `decode FILE...` with paths of binlog files on disk (any MariaDB server's)
 * needs no catalog: sc_binlog_decode() lists them like `mariadb-binlog -vv`
 * or as JSON lines, with its position, GTID, database and table filters
 * (docs/binlog-decode.md).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
                 (ev->header.type >= 30 && ev->header.type <= 32) ||
                 (ev->header.type >= 166 && ev->header.type <= 171)) /* compressed */
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

/* ------------------------------------------------------------------ */
/* decode FILE...: binlog files of any server, no catalog               */

static int write_out(const void *data, size_t len, void *payload)
{
    FILE *out = payload;
    return fwrite(data, 1, len, out) == len ? 0 : -1;
}

/* An argument that names a file on disk rather than a file of the catalog's log. */
static bool disk_path(const char *a)
{
    struct stat st;
    return strchr(a, '/') != NULL || stat(a, &st) == 0;
}

static const char *const decode_opts[] = {"--format",     "--start-position", "--stop-position",
                                          "--start-gtid", "--stop-gtid",      "--database",
                                          "--table",      "--source"};

/* "--name=value" or "--name value": the index of name in decode_opts, -1 if none. */
static int decode_opt(const char *arg, const char **value, int *used, char *const *next)
{
    for (size_t i = 0; i < sizeof(decode_opts) / sizeof(decode_opts[0]); i++) {
        size_t n = strlen(decode_opts[i]);
        if (strncmp(arg, decode_opts[i], n) != 0)
            continue;
        if (arg[n] == '=') {
            *value = arg + n + 1;
            *used = 1;
            return (int)i;
        }
        if (arg[n] == '\0') {
            *value = *next;
            *used = 2;
            return (int)i;
        }
    }
    return -1;
}

static bool is_decode_files(int argc, char **argv)
{
    if (argc < 3 || strcmp(argv[1], "decode") != 0)
        return false;
    for (int i = 2; i < argc; i++) {
        const char *v;
        int used;
        if (decode_opt(argv[i], &v, &used, argv + i + 1) >= 0 || disk_path(argv[i]))
            return true;
    }
    return false;
}

static int parse_position(uint64_t *out, sc_cli *cli, const char *opt, const char *v)
{
    char *end;

    errno = 0;
    *out = strtoull(v, &end, 10);
    if (!*v || *end || errno || *v == '-')
        return sc_cli__usage_error(cli, "binlog", "%s: '%s' is not a file position", opt, v);
    return SC_CLI_EXIT_OK;
}

static int
set_decode_opt(sc_decode_options *o, const char **source, sc_cli *cli, int which, const char *v)
{
    switch (which) {
    case 0:
        if (strcmp(v, "json") == 0)
            o->format = SC_DECODE_JSON;
        else if (strcmp(v, "text") == 0)
            o->format = SC_DECODE_TEXT;
        else
            return sc_cli__usage_error(cli, "binlog", "--format: '%s' is not text or json", v);
        return SC_CLI_EXIT_OK;
    case 1:
        return parse_position(&o->start_position, cli, "--start-position", v);
    case 2:
        return parse_position(&o->stop_position, cli, "--stop-position", v);
    case 3:
        o->start_gtid = v;
        return SC_CLI_EXIT_OK;
    case 4:
        o->stop_gtid = v;
        return SC_CLI_EXIT_OK;
    case 5:
        o->database = v;
        return SC_CLI_EXIT_OK;
    case 7:
        *source = v;
        return SC_CLI_EXIT_OK;
    default:
        o->table = v;
        return SC_CLI_EXIT_OK;
    }
}

/* decode with --source: the tracked catalog's table history gives the columns of each map's time */
static int decode_with_history(
    sc_cli *cli, const char *source, const char *const *paths, size_t n, sc_decode_options *o)
{
    sc_catalog *cat = NULL;
    sc_track_history *h = NULL;
    int status = sc_cli__open(&cat, cli, SC_CATALOG_READONLY), rc;

    if (status != SC_CLI_EXIT_OK)
        return status;
    rc = sc_track_history_open(&h, cat, source);
    if (!rc) {
        o->schema = sc_track_history_schema;
        o->schema_payload = h;
        rc = sc_binlog_decode(cli->ctx, paths, n, o, write_out, cli->out);
        fflush(cli->out);
    }
    status = rc ? sc_cli__fail(cli, rc) : SC_CLI_EXIT_OK;
    sc_track_history_close(h);
    sc_catalog_close(cat);
    return status;
}

static int decode_files(sc_cli *cli, int argc, char **argv)
{
    sc_decode_options o = SC_DECODE_OPTIONS_INIT;
    const char **paths = calloc((size_t)argc, sizeof(*paths));
    const char *source = NULL;
    size_t n = 0;
    int status = SC_CLI_EXIT_OK, rc;

    if (!paths)
        return sc_cli__fail(cli, SC_ENOMEM);
    for (int i = 2; i < argc && status == SC_CLI_EXIT_OK; i++) {
        const char *v = NULL;
        int used = 1, which = decode_opt(argv[i], &v, &used, argv + i + 1);
        if (which >= 0 && !v)
            status = sc_cli__usage_error(cli, "binlog", "%s needs a value", decode_opts[which]);
        else if (which >= 0)
            status = set_decode_opt(&o, &source, cli, which, v);
        else if (argv[i][0] == '-' && argv[i][1])
            status = sc_cli__usage_error(cli, "binlog", "decode: unknown option '%s'", argv[i]);
        else
            paths[n++] = argv[i];
        i += used - 1;
    }
    if (status == SC_CLI_EXIT_OK && n == 0)
        status = sc_cli__usage_error(cli, "binlog", "decode: no binlog file given");
    if (status == SC_CLI_EXIT_OK && source && o.format != SC_DECODE_JSON)
        status = sc_cli__usage_error(cli, "binlog",
                                     "decode --source: column names are for --format=json (the "
                                     "listing prints none, as mariadb-binlog -vv)");
    if (status == SC_CLI_EXIT_OK && source) {
        status = decode_with_history(cli, source, paths, n, &o);
    } else if (status == SC_CLI_EXIT_OK) {
        rc = sc_binlog_decode(cli->ctx, paths, n, &o, write_out, cli->out);
        fflush(cli->out);
        status = rc ? sc_cli__fail(cli, rc) : SC_CLI_EXIT_OK;
    }
    free(paths);
    return status;
}

/* ------------------------------------------------------------------ */
/* flashback FILE... [--result-file F]                                  */

static int flashback_files(sc_cli *cli, int argc, char **argv)
{
    const char **paths = calloc((size_t)argc, sizeof(*paths));
    const char *result = NULL;
    char tmp[4096];
    FILE *out = cli->out;
    size_t n = 0;
    int status = SC_CLI_EXIT_OK, rc;

    if (!paths)
        return sc_cli__fail(cli, SC_ENOMEM);
    for (int i = 2; i < argc && status == SC_CLI_EXIT_OK; i++) {
        if (strncmp(argv[i], "--result-file=", 14) == 0)
            result = argv[i] + 14;
        else if (strcmp(argv[i], "--result-file") == 0 && i + 1 < argc)
            result = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1])
            status = sc_cli__usage_error(cli, "binlog", "flashback: unknown option '%s'", argv[i]);
        else
            paths[n++] = argv[i];
    }
    if (status == SC_CLI_EXIT_OK && n == 0)
        status = sc_cli__usage_error(cli, "binlog", "flashback: no binlog file given");
    if (status == SC_CLI_EXIT_OK && result) { /* written aside, renamed when complete */
        snprintf(tmp, sizeof(tmp), "%s.tmp", result);
        if (!(out = fopen(tmp, "w")))
            status = sc_cli__failf(cli, "cannot write '%s': %s", tmp, strerror(errno));
    }
    if (status == SC_CLI_EXIT_OK) {
        rc = sc_binlog_flashback(cli->ctx, paths, n, write_out, out);
        if (out != cli->out && fclose(out) != 0 && !rc)
            rc = sc_error_set(cli->ctx, SC_EIO, 0, NULL, "cannot write '%s'", tmp);
        if (!rc && out != cli->out && rename(tmp, result) != 0)
            rc = sc_error_set(cli->ctx, SC_EIO, 0, NULL, "cannot rename '%s': %s", tmp,
                              strerror(errno));
        if (rc && out != cli->out)
            remove(tmp);
        fflush(cli->out);
        status = rc ? sc_cli__fail(cli, rc) : SC_CLI_EXIT_OK;
    }
    free(paths);
    return status;
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
    if (!cli->json && is_decode_files(argc, argv))
        return decode_files(cli, argc, argv);
    if (!cli->json && strcmp(argv[1], "flashback") == 0)
        return flashback_files(cli, argc, argv);
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
