/*
 * cli.c - helpers shared by the syscat commands: mysql-client-style error
 * lines, usage errors, `db.table` name splitting, the results.txt escaping
 * (shared/oracle/README.md) and an aligned text table drawn like the mysql
 * client's (+---+ borders, columns padded to their widest UTF-8 cell).
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tools/cli.h"

int sc_cli__usage_error(sc_cli *cli, const char *cmd, const char *fmt, ...)
{
    va_list ap;

    fprintf(cli->err, "syscat%s%s: ", cmd ? " " : "", cmd ? cmd : "");
    va_start(ap, fmt);
    vfprintf(cli->err, fmt, ap);
    va_end(ap);
    fputc('\n', cli->err);
    sc_cli__usage(cli, cli->err, cmd);
    return SC_CLI_EXIT_USAGE;
}

int sc_cli__other_option(sc_cli *cli, const char *cmd, int c, char **argv)
{
    if (c == 'h') {
        sc_cli__usage(cli, cli->out, cmd);
        return -1;
    }
    return sc_cli__usage_error(cli, cmd, "bad option '%s'", argv[optind - 1]);
}

void sc_cli__usage(const sc_cli *cli, FILE *f, const char *cmd)
{
    if (cli->usage)
        cli->usage(f, cmd);
}

void sc_cli__print_error(FILE *f, unsigned mysql_errno, const char *sqlstate, const char *msg)
{
    if (mysql_errno != 0)
        fprintf(f, "ERROR %u (%s): %s\n", mysql_errno,
                sqlstate && *sqlstate ? sqlstate
                                      : "HY000", /* lint: sqlstate-ok (display default) */
                msg);
    else
        fprintf(f, "ERROR: %s\n", msg);
}

int sc_cli__fail(sc_cli *cli, int code)
{
    const sc_error *e = sc_ctx_last_error(cli->ctx);
    const char *msg = e->code != SC_OK && e->message[0] ? e->message : sc_strerror(code);
    unsigned mysql_errno = e->code != SC_OK ? e->mysql_errno : 0;

    sc_cli__print_error(cli->err, mysql_errno, e->sqlstate, msg);
    return SC_CLI_EXIT_ERROR;
}

int sc_cli__failf(sc_cli *cli, const char *fmt, ...)
{
    va_list ap;

    fputs("ERROR: ", cli->err);
    va_start(ap, fmt);
    vfprintf(cli->err, fmt, ap);
    va_end(ap);
    fputc('\n', cli->err);
    return SC_CLI_EXIT_ERROR;
}

/* Copy one name part, removing `quotes` (a doubled `` inside means one). */
static char *unquote_part(const char *s, size_t len)
{
    char *out = malloc(len + 1);
    size_t i, o = 0;

    if (!out)
        return NULL;
    if (len >= 2 && s[0] == '`' && s[len - 1] == '`') {
        for (i = 1; i + 1 < len; i++) {
            out[o++] = s[i];
            if (s[i] == '`' && i + 2 < len && s[i + 1] == '`')
                i++;
        }
    } else {
        memcpy(out, s, len);
        o = len;
    }
    out[o] = '\0';
    return out;
}

/* Find the '.' separating db and table, skipping dots inside `quotes`. */
static const char *find_dot(const char *text)
{
    bool quoted = false;
    const char *p;

    for (p = text; *p; p++) {
        if (*p == '`')
            quoted = !quoted;
        else if (*p == '.' && !quoted)
            return p;
    }
    return NULL;
}

int sc_cli__split_name(char **db_out, char **table_out, const char *text)
{
    const char *dot = find_dot(text);

    *db_out = NULL;
    *table_out = NULL;
    if (!dot || dot == text || dot[1] == '\0')
        return -1;
    *db_out = unquote_part(text, (size_t)(dot - text));
    *table_out = unquote_part(dot + 1, strlen(dot + 1));
    if (!*db_out || !*table_out || !**db_out || !**table_out) {
        free(*db_out);
        free(*table_out);
        *db_out = *table_out = NULL;
        return -1;
    }
    return 0;
}

char *sc_cli__escape(const char *text)
{
    size_t len = strlen(text), o = 0, i;
    char *out = malloc(2 * len + 1);

    if (!out)
        return NULL;
    for (i = 0; i < len; i++) {
        char c = text[i];
        const char *rep = c == '\\'   ? "\\\\"
                          : c == '\n' ? "\\n"
                          : c == '\r' ? "\\r"
                          : c == '\t' ? "\\t"
                                      : NULL;
        if (rep) {
            out[o++] = rep[0];
            out[o++] = rep[1];
        } else {
            out[o++] = c;
        }
    }
    out[o] = '\0';
    return out;
}

/* Parse "123", "64M", "4G"... (binary multiples). @return 0 or -1 */
int sc_cli__parse_size(uint64_t *out, const char *text)
{
    char *end = NULL;
    unsigned long long v;
    unsigned shift = 0;

    errno = 0;
    v = strtoull(text, &end, 10);
    if (errno != 0 || end == text || *text == '-')
        return -1;
    switch (*end) {
    case 'k':
    case 'K':
        shift = 10;
        end++;
        break;
    case 'm':
    case 'M':
        shift = 20;
        end++;
        break;
    case 'g':
    case 'G':
        shift = 30;
        end++;
        break;
    case 't':
    case 'T':
        shift = 40;
        end++;
        break;
    default:
        break;
    }
    if (*end != '\0' || v == 0 || (shift && v > (UINT64_MAX >> shift)))
        return -1;
    *out = (uint64_t)v << shift;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Aligned table                                                        */

static char *dup_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

static int grid_append(sc_cli_grid *grid, const char *const *cells)
{
    size_t row = grid->cells ? grid->nrows + 1 : 0, i;

    if (row + 1 > grid->cap) {
        size_t cap = grid->cap ? grid->cap * 2 : 8;
        char **p = realloc(grid->cells, cap * grid->ncols * sizeof(*p));
        if (!p)
            return -1;
        grid->cells = p;
        grid->cap = cap;
    }
    for (i = 0; i < grid->ncols; i++) {
        grid->cells[row * grid->ncols + i] = dup_or_null(cells[i]);
        if (cells[i] && !grid->cells[row * grid->ncols + i]) {
            while (i-- > 0)
                free(grid->cells[row * grid->ncols + i]);
            return -1;
        }
    }
    return 0;
}

int sc_cli__grid_init(sc_cli_grid *grid, size_t ncols, const char *const *headers)
{
    memset(grid, 0, sizeof(*grid));
    grid->ncols = ncols;
    return grid_append(grid, headers);
}

int sc_cli__grid_add(sc_cli_grid *grid, const char *const *cells)
{
    if (grid_append(grid, cells) != 0)
        return -1;
    grid->nrows++;
    return 0;
}

/* Display width: UTF-8 code points (continuation bytes do not count). */
static size_t text_width(const char *s)
{
    size_t w = 0;

    for (; *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80)
            w++;
    return w;
}

static const char *cell_text(const sc_cli_grid *grid, size_t row, size_t col)
{
    const char *c = grid->cells[row * grid->ncols + col];
    return c ? c : "NULL";
}

static void print_rule(FILE *f, const size_t *widths, size_t ncols)
{
    size_t i, j;

    for (i = 0; i < ncols; i++) {
        fputc('+', f);
        for (j = 0; j < widths[i] + 2; j++)
            fputc('-', f);
    }
    fputs("+\n", f);
}

static void print_row(FILE *f, const sc_cli_grid *grid, const size_t *widths, size_t row)
{
    size_t i, pad;

    for (i = 0; i < grid->ncols; i++) {
        const char *t = cell_text(grid, row, i);
        fprintf(f, "| %s ", t);
        for (pad = text_width(t); pad < widths[i]; pad++)
            fputc(' ', f);
    }
    fputs("|\n", f);
}

void sc_cli__grid_print(FILE *f, const sc_cli_grid *grid)
{
    size_t *widths = calloc(grid->ncols ? grid->ncols : 1, sizeof(*widths));
    size_t r, c;

    if (!widths)
        return;
    for (r = 0; r <= grid->nrows; r++)
        for (c = 0; c < grid->ncols; c++) {
            size_t w = text_width(cell_text(grid, r, c));
            if (w > widths[c])
                widths[c] = w;
        }
    print_rule(f, widths, grid->ncols);
    print_row(f, grid, widths, 0);
    print_rule(f, widths, grid->ncols);
    for (r = 1; r <= grid->nrows; r++)
        print_row(f, grid, widths, r);
    if (grid->nrows > 0)
        print_rule(f, widths, grid->ncols);
    free(widths);
}

static bool all_digits(const char *s)
{
    if (!*s || (s[0] == '0' && s[1]))
        return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

json_t *sc_cli__grid_json(const sc_cli_grid *grid)
{
    json_t *rows = json_array();

    for (size_t r = 1; rows && r <= grid->nrows; r++) {
        json_t *row = json_object();
        for (size_t c = 0; row && c < grid->ncols; c++) {
            const char *v = grid->cells[r * grid->ncols + c];
            json_t *j = !v              ? json_null()
                        : all_digits(v) ? json_integer(strtoll(v, NULL, 10))
                                        : json_string(v);
            if (!j || json_object_set_new(row, grid->cells[c], j) != 0) {
                json_decref(row);
                row = NULL;
            }
        }
        if (!row || json_array_append_new(rows, row) != 0) {
            json_decref(rows);
            return NULL;
        }
    }
    return rows;
}

int sc_cli__grid_output(sc_cli *cli, const sc_cli_grid *grid)
{
    json_t *doc;
    int rc;

    if (!cli->json) {
        sc_cli__grid_print(cli->out, grid);
        return SC_CLI_EXIT_OK;
    }
    doc = sc_cli__grid_json(grid);
    rc = doc ? json_dumpf(doc, cli->out, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : -1;
    json_decref(doc);
    if (rc != 0)
        return sc_cli__fail(cli, SC_ENOMEM);
    fputc('\n', cli->out);
    return SC_CLI_EXIT_OK;
}

void sc_cli__take_json(sc_cli *cli, int *argc, char **argv)
{
    int o = 1;

    for (int i = 1; i < *argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            cli->json = true;
        else
            argv[o++] = argv[i];
    }
    *argc = o;
}

void sc_cli__grid_free(sc_cli_grid *grid)
{
    size_t i, n = grid->cells ? (grid->nrows + 1) * grid->ncols : 0;

    for (i = 0; i < n; i++)
        free(grid->cells[i]);
    free(grid->cells);
    memset(grid, 0, sizeof(*grid));
}

/* ------------------------------------------------------------------ */
/* Catalog access                                                       */

int sc_cli__open(sc_catalog **out, sc_cli *cli, unsigned flags)
{
    sc_catalog_options opts = SC_CATALOG_OPTIONS_INIT;
    int rc;

    opts.flags = flags & ~(unsigned)(SC_CATALOG_CREATE | SC_CATALOG_EXCL);
    rc = sc_catalog_open(out, cli->ctx, cli->datadir, &opts);
    if (rc == SC_ENOTFOUND)
        return sc_cli__failf(cli, "no catalog in '%s' (create one with 'syscat init')",
                             cli->datadir);
    if (rc != SC_OK)
        return sc_cli__fail(cli, rc);
    return SC_CLI_EXIT_OK;
}

int sc_cli__read_txn(sc_txn **out, sc_cli *cli, sc_catalog *cat)
{
    int rc = sc_txn_begin(out, cat, SC_TXN_READONLY);

    return rc == SC_OK ? SC_CLI_EXIT_OK : sc_cli__fail(cli, rc);
}

int sc_cli__open_read(sc_catalog **cat_out, sc_txn **txn_out, sc_cli *cli)
{
    int status = sc_cli__open(cat_out, cli, SC_CATALOG_READONLY);

    *txn_out = NULL;
    if (status != SC_CLI_EXIT_OK)
        return status;
    status = sc_cli__read_txn(txn_out, cli, *cat_out);
    if (status != SC_CLI_EXIT_OK) {
        sc_catalog_close(*cat_out);
        *cat_out = NULL;
    }
    return status;
}
