/*
 * resultset.c - result set builder (ddl/resultset.h) and the one-block
 * layout of the public sc_result_set (syscat/ddl.h).
 *
 * Block layout made by sc_rs__finish: the sc_result_set header, the
 * column array, the cell array, then the string bytes (a copy of the
 * builder's string buffer). Pointers are filled last, so the block holds no
 * pointer outside itself and one free() releases it.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/resultset.h"

void sc_rs__init(sc_rs *b, sc_ctx *ctx)
{
    memset(b, 0, sizeof(*b));
    b->ctx = ctx;
    sc__buf_init(&b->strings, ctx);
}

void sc_rs__free(sc_rs *b)
{
    sc__buf_free(&b->strings);
    sc_free(b->ctx, b->cols);
    sc_free(b->ctx, b->cells);
    b->cols = NULL;
    b->cells = NULL;
    b->n_cols = b->cap_cols = b->n_cells = b->cap_cells = 0;
}

static int fail(sc_rs *b)
{
    b->failed = true;
    return SC_ENOMEM;
}

/* Copy s and its NUL into the string buffer; the offset goes to *off. */
static int put_text(sc_rs *b, size_t *off, const char *s, size_t len)
{
    *off = b->strings.len;
    if (sc__buf_put(&b->strings, s, len) != SC_OK || sc__buf_putc(&b->strings, '\0') != SC_OK)
        return fail(b);
    return SC_OK;
}

static int put_str(sc_rs *b, size_t *off, const char *s)
{
    s = s ? s : "";
    return put_text(b, off, s, strlen(s));
}

static sc_rs_col *new_col(sc_rs *b)
{
    if (b->failed)
        return NULL;
    if (b->n_cols == b->cap_cols) {
        size_t cap = b->cap_cols ? b->cap_cols * 2 : 16;
        sc_rs_col *p = sc__realloc(b->ctx, b->cols, cap * sizeof(*p));
        if (!p) {
            fail(b);
            return NULL;
        }
        b->cols = p;
        b->cap_cols = cap;
    }
    return &b->cols[b->n_cols++];
}

int sc_rs__column(sc_rs *b, const sc_result_column *col)
{
    sc_rs_col *c = new_col(b);

    if (!c)
        return SC_ENOMEM;
    c->type = col->type;
    c->length = col->length;
    c->flags = col->flags;
    c->charsetnr = col->charsetnr;
    c->decimals = col->decimals;
    if (put_str(b, &c->name, col->name) || put_str(b, &c->org_name, col->org_name) ||
        put_str(b, &c->table, col->table) || put_str(b, &c->org_table, col->org_table) ||
        put_str(b, &c->schema, col->schema))
        return SC_ENOMEM;
    return SC_OK;
}

int sc_rs__column_from(sc_rs *b, const sc_rs *src, size_t ci, const char *name)
{
    const sc_rs_col *s = &src->cols[ci];
    const char *base = src->strings.text;
    sc_result_column col = {name ? name : base + s->name,
                            base + s->org_name,
                            base + s->table,
                            base + s->org_table,
                            base + s->schema,
                            s->type,
                            s->length,
                            s->flags,
                            s->charsetnr,
                            s->decimals};

    return sc_rs__column(b, &col);
}

int sc_rs__cell(sc_rs *b, const char *data, size_t len)
{
    sc_rs_cell *c;

    if (b->failed)
        return SC_ENOMEM;
    if (b->n_cells == b->cap_cells) {
        size_t cap = b->cap_cells ? b->cap_cells * 2 : 64;
        sc_rs_cell *p = sc__realloc(b->ctx, b->cells, cap * sizeof(*p));
        if (!p)
            return fail(b);
        b->cells = p;
        b->cap_cells = cap;
    }
    c = &b->cells[b->n_cells++];
    c->null = data == NULL;
    c->len = data ? len : 0;
    return put_text(b, &c->off, data ? data : "", c->len);
}

int sc_rs__str(sc_rs *b, const char *s)
{
    return sc_rs__cell(b, s, s ? strlen(s) : 0);
}

int sc_rs__u64(sc_rs *b, uint64_t v)
{
    char num[24];
    int n = snprintf(num, sizeof(num), "%" PRIu64, v);
    return sc_rs__cell(b, num, (size_t)n);
}

int sc_rs__i64(sc_rs *b, int64_t v)
{
    char num[24];
    int n = snprintf(num, sizeof(num), "%" PRId64, v);
    return sc_rs__cell(b, num, (size_t)n);
}

int sc_rs__null(sc_rs *b)
{
    return sc_rs__cell(b, NULL, 0);
}

size_t sc_rs__rows(const sc_rs *b)
{
    return b->n_cols ? b->n_cells / b->n_cols : 0;
}

const char *sc_rs__col_name(const sc_rs *b, size_t ci)
{
    return b->strings.text + b->cols[ci].name;
}

long sc_rs__find_col(const sc_rs *b, const char *name)
{
    for (size_t i = 0; i < b->n_cols; i++)
        if (strcasecmp(sc_rs__col_name(b, i), name) == 0)
            return (long)i;
    return -1;
}

void sc_rs__get(const char **data_out, size_t *len_out, const sc_rs *b, size_t row, size_t ci)
{
    const sc_rs_cell *c = &b->cells[row * b->n_cols + ci];

    *data_out = c->null ? NULL : b->strings.text + c->off;
    *len_out = c->len;
}

int sc_rs__project(sc_rs *dst,
                   const sc_rs *src,
                   const size_t *rows,
                   size_t n_rows,
                   const size_t *cols,
                   size_t n_cols)
{
    for (size_t r = 0; r < n_rows; r++)
        for (size_t c = 0; c < n_cols; c++) {
            const char *data;
            size_t len;
            sc_rs__get(&data, &len, src, rows[r], cols[c]);
            if (sc_rs__cell(dst, data, len) != SC_OK)
                return SC_ENOMEM;
        }
    return SC_OK;
}

int sc_rs__finish(sc_result_set **out, const sc_rs *b)
{
    size_t n_rows = sc_rs__rows(b);
    size_t head = sizeof(sc_result_set), colsz = b->n_cols * sizeof(sc_result_column);
    size_t cellsz = n_rows * b->n_cols * sizeof(sc_result_cell);
    size_t total = head + colsz + cellsz + b->strings.len + 1;
    char *block, *text;
    sc_result_set *rs;
    sc_result_column *cols;
    sc_result_cell *cells;

    *out = NULL;
    if (b->failed || b->strings.failed || !(block = malloc(total)))
        return sc_error_set(b->ctx, SC_ENOMEM, 0, "", "out of memory building a result set");
    rs = (sc_result_set *)block;
    cols = (sc_result_column *)(block + head);
    cells = (sc_result_cell *)(block + head + colsz);
    text = block + head + colsz + cellsz;
    if (b->strings.len)
        memcpy(text, b->strings.text, b->strings.len);
    text[b->strings.len] = '\0';
    for (size_t i = 0; i < b->n_cols; i++) {
        const sc_rs_col *c = &b->cols[i];
        cols[i] = (sc_result_column){text + c->name,      text + c->org_name, text + c->table,
                                     text + c->org_table, text + c->schema,   c->type,
                                     c->length,           c->flags,           c->charsetnr,
                                     c->decimals};
    }
    for (size_t i = 0; i < n_rows * b->n_cols; i++)
        cells[i] =
            (sc_result_cell){b->cells[i].null ? NULL : text + b->cells[i].off, b->cells[i].len};
    rs->n_columns = b->n_cols;
    rs->columns = cols;
    rs->n_rows = n_rows;
    rs->cells = cells;
    *out = rs;
    return SC_OK;
}
