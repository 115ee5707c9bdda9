/*
 * resultset.c - text-protocol result sets of `syscat serve`: column count,
 * one Column Definition 41 per column, EOF, one row packet per row, EOF
 * (the client does not get CLIENT_DEPRECATE_EOF from us). Also turns the
 * text output of the DDL engine's SHOW statements into result sets with
 * MariaDB 10.11's column names and definitions (captured from a real
 * server).
 */
#include <stdlib.h>
#include <string.h>

#include "server/query_int.h"

/* Send the packet built in b and empty b for the next one; -1 when building ran out of
 * memory or the connection failed. */
static int put_packet(sc_conn *c, sc_pkt_buf *b)
{
    if (b->failed || sc_conn_write_packet(c, b->data, b->len) != 0)
        return -1;
    b->len = 0;
    return 0;
}

/* A result set that could not be sent whole: close the connection when building it ran out
 * of memory (as before; a failed write is left to the connection layer), free b. */
static int abandon(sc_conn *c, sc_pkt_buf *b)
{
    if (b->failed)
        sc_conn_close(c, "out of memory building a result set");
    sc_pkt_buf_free(b);
    return -1;
}

/* The EOF packet that ends the column definitions or the rows. */
static int put_eof(sc_conn *c, sc_pkt_buf *b, unsigned warnings, unsigned status)
{
    sc_pkt_eof(b, warnings, status);
    return put_packet(c, b);
}

/* The last EOF of a result set; b is freed either way. */
static int finish(sc_conn *c, sc_pkt_buf *b, unsigned warnings, unsigned status)
{
    if (put_eof(c, b, warnings, status) != 0)
        return abandon(c, b);
    sc_pkt_buf_free(b);
    return 0;
}

/* One column definition, in the client's result charset. */
static int put_column(sc_conn *c, sc_pkt_buf *b, sc_pkt_column col)
{
    sc_conn__result_charset(c, &col.charset, &col.length);
    sc_pkt_column_def(b, &col);
    return put_packet(c, b);
}

int sc_srv__send_rows(sc_conn *c,
                      const sc_rs_col *cols,
                      size_t n_cols,
                      const char *const *values,
                      size_t n_rows,
                      unsigned warnings,
                      bool more)
{
    sc_pkt_buf b = {0};
    unsigned status = sc_conn__status(c) | (more ? SC_STATUS_MORE_RESULTS : 0);

    sc_pkt_put_lenenc(&b, n_cols);
    if (put_packet(c, &b) != 0)
        goto fail;
    for (size_t i = 0; i < n_cols; i++) {
        sc_pkt_column col;

        col.schema = cols[i].schema;
        col.table = col.org_table = cols[i].table;
        col.name = cols[i].name;
        col.org_name = cols[i].org_name;
        col.charset = cols[i].charset ? cols[i].charset : 45;
        col.length = cols[i].length;
        col.type = cols[i].type;
        col.flags = cols[i].flags;
        col.decimals = cols[i].decimals;
        if (put_column(c, &b, col) != 0)
            goto fail;
    }
    if (put_eof(c, &b, warnings, status) != 0)
        goto fail;
    for (size_t r = 0; r < n_rows; r++) {
        sc_pkt_row(&b, values + r * n_cols, NULL, n_cols);
        if (put_packet(c, &b) != 0)
            goto fail;
    }
    return finish(c, &b, warnings, status);
fail:
    return abandon(c, &b);
}

/*
 * The statement layer's result set (sc_stmt_result.rs, include/syscat/ddl.h):
 * its columns already carry MariaDB's column definitions, its cells the text
 * protocol's bytes; sent as they are.
 */
int sc_srv__send_result_set(sc_conn *c, const sc_result_set *rs, unsigned warnings, bool more)
{
    sc_pkt_buf b = {0};
    unsigned status = sc_conn__status(c) | (more ? SC_STATUS_MORE_RESULTS : 0);

    sc_pkt_put_lenenc(&b, rs->n_columns);
    if (put_packet(c, &b) != 0)
        goto fail;
    for (size_t i = 0; i < rs->n_columns; i++) {
        const sc_result_column *rc = &rs->columns[i];
        sc_pkt_column col = {rc->schema,    rc->table,  rc->org_table, rc->name,  rc->org_name,
                             rc->charsetnr, rc->length, rc->type,      rc->flags, rc->decimals};
        if (put_column(c, &b, col) != 0)
            goto fail;
    }
    if (put_eof(c, &b, warnings, status) != 0)
        goto fail;
    for (size_t r = 0; r < rs->n_rows; r++) {
        for (size_t i = 0; i < rs->n_columns; i++) {
            const sc_result_cell *cell = &rs->cells[r * rs->n_columns + i];
            if (!cell->data)
                sc_pkt_put_u8(&b, 0xfb);
            else
                sc_pkt_put_lenenc_str(&b, cell->data, cell->len);
        }
        if (put_packet(c, &b) != 0)
            goto fail;
    }
    return finish(c, &b, warnings, status);
fail:
    return abandon(c, &b);
}

/* ---------------------------------------------------------------- SHOW output */

#define T_VAR_STRING 253
#define T_BLOB 252

/* Split text into lines (in place); @return the number of lines */
static size_t split_lines(char *text, char ***out)
{
    size_t n = 0, cap = 16;
    char **lines = malloc(cap * sizeof(*lines));
    char *p = text;

    if (!lines)
        return 0;
    while (*p) {
        char *nl = strchr(p, '\n');
        if (n == cap) {
            char **l2 = realloc(lines, (cap *= 2) * sizeof(*lines));
            if (!l2)
                break;
            lines = l2;
        }
        lines[n++] = p;
        if (!nl)
            break;
        *nl = '\0';
        p = nl + 1;
    }
    *out = lines;
    return n;
}

/* The name between the first pair of backquotes of a CREATE text. */
static char *quoted_name(const char *text)
{
    const char *a = strchr(text, '`'), *b;
    size_t n = 0;
    char *out;

    if (!a)
        return strdup("");
    out = malloc(strlen(a) + 1);
    if (!out)
        return NULL;
    for (b = a + 1; *b; b++) {
        if (*b == '`') {
            if (b[1] != '`')
                break;
            b++;
        }
        out[n++] = *b;
    }
    out[n] = '\0';
    return out;
}

static void
send_create(sc_conn *c, const char *what, const char *output, unsigned warnings, unsigned more)
{
    char label[32];
    sc_rs_col cols[2] = {{what, T_VAR_STRING, 256, 1, 45, 39, NULL, NULL, NULL},
                         {label, T_VAR_STRING, 4096, 1, 45, 39, NULL, NULL, NULL}};
    const char *values[2];
    char *name = quoted_name(output);
    size_t n = strlen(output);
    char *text = strdup(output);

    snprintf(label, sizeof(label), "Create %s", what);
    if (!name || !text) {
        free(name);
        free(text);
        sc_conn_close(c, "out of memory");
        return;
    }
    while (n > 0 && text[n - 1] == '\n')
        text[--n] = '\0';
    values[0] = name;
    values[1] = text;
    sc_srv__send_rows(c, cols, 2, values, 1, warnings, more != 0);
    free(name);
    free(text);
}

/* A tab-separated table whose first line is the header (SHOW COLUMNS). */
static void send_tsv(sc_conn *c, char **lines, size_t n, unsigned warnings, unsigned more)
{
    size_t n_cols = 1, k;
    sc_rs_col *cols;
    const char **values;
    char *p;

    for (p = lines[0]; *p; p++)
        n_cols += *p == '\t';
    cols = calloc(n_cols, sizeof(*cols));
    values = calloc(n_cols * (n > 1 ? n - 1 : 1), sizeof(*values));
    if (!cols || !values) {
        free(cols);
        free(values);
        sc_conn_close(c, "out of memory");
        return;
    }
    for (size_t r = 0; r < n; r++) {
        char *cell = lines[r];
        for (k = 0; k < n_cols; k++) {
            char *tab = cell ? strchr(cell, '\t') : NULL;
            if (tab)
                *tab = '\0';
            if (r == 0) {
                cols[k].name = cell ? cell : "";
                cols[k].type = T_VAR_STRING;
                cols[k].length = 256;
                cols[k].flags = 0x1001;
                cols[k].charset = 45;
            } else {
                /* the DDL engine prints an absent default as NULL */
                values[(r - 1) * n_cols + k] =
                    cell && !(strcmp(cols[k].name, "Default") == 0 && strcmp(cell, "NULL") == 0)
                        ? cell
                        : NULL;
            }
            cell = tab ? tab + 1 : NULL;
        }
    }
    sc_srv__send_rows(c, cols, n_cols, values, n - 1, warnings, more != 0);
    free(cols);
    free(values);
}

void sc_q__send_show_output(
    sc_conn *c, const char *s, size_t len, const char *output, unsigned warnings, unsigned more)
{
    size_t pos = 0;
    char *text, **lines = NULL, colname[320];
    size_t n;

    sc_conn__set_diag(c, 0, NULL, NULL, warnings);
    sc_q__word(s, len, &pos, "SHOW");
    if (sc_q__word(s, len, &pos, "CREATE")) {
        size_t p2 = pos;
        send_create(c, sc_q__word(s, len, &p2, "TABLE") ? "Table" : "Database", output, warnings,
                    more);
        return;
    }
    text = strdup(output);
    if (!text) {
        sc_conn_close(c, "out of memory");
        return;
    }
    n = split_lines(text, &lines);
    if (sc_q__word(s, len, &pos, "DATABASES") || sc_q__word(s, len, &pos, "TABLES")) {
        const char *db = sc_session_database(c->session);
        sc_rs_col col = {colname, T_VAR_STRING, 256, 0x1001, 45, 0, NULL, NULL, NULL};
        size_t p2 = 0;

        sc_q__word(s, len, &p2, "SHOW");
        if (sc_q__word(s, len, &p2, "DATABASES")) {
            snprintf(colname, sizeof(colname), "Database");
        } else {
            /* SHOW TABLES [FROM|IN db]: the column names the database */
            size_t f = pos;
            if (sc_q__word(s, len, &f, "FROM") || sc_q__word(s, len, &f, "IN")) {
                size_t a = sc_q__skip_space(s, len, f), z = a;
                bool q = a < len && s[a] == '`';
                if (q)
                    a++, z = a;
                while (z < len && (q ? s[z] != '`' : (s[z] != ' ' && s[z] != ';' && s[z] != '\n')))
                    z++;
                snprintf(colname, sizeof(colname), "Tables_in_%.*s", (int)(z - a), s + a);
            } else {
                snprintf(colname, sizeof(colname), "Tables_in_%s", db ? db : "");
            }
            col.length = 292;
        }
        sc_srv__send_rows(c, &col, 1, (const char *const *)lines, n, warnings, more != 0);
    } else if (n > 0) {
        send_tsv(c, lines, n, warnings, more);
    } else {
        sc_q__send_ok(c, 0, warnings, more);
    }
    free(lines);
    free(text);
}
