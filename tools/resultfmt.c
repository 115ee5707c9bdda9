/*
 * resultfmt.c - result set output formats of the mariadb client
 * (tools/resultfmt.h).
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "tools/resultfmt.h"

/* Write data[0..len) with the batch escapes (raw: as it is, -r). */
static void put_escaped(FILE *f, const char *data, size_t len, bool raw)
{
    if (raw) {
        fwrite(data, 1, len, f);
        return;
    }
    for (size_t i = 0; i < len; i++) {
        char c = data[i];
        switch (c) {
        case '\0':
            fputs("\\0", f);
            break;
        case '\t':
            fputs("\\t", f);
            break;
        case '\n':
            fputs("\\n", f);
            break;
        case '\\':
            fputs("\\\\", f);
            break;
        default:
            fputc(c, f);
        }
    }
}

void sc_cli__result_batch(FILE *f, const sc_result_set *rs, bool no_header)
{
    sc_cli__result_batch_raw(f, rs, no_header, false);
}

void sc_cli__result_batch_raw(FILE *f, const sc_result_set *rs, bool no_header, bool raw)
{
    if (rs->n_rows == 0)
        return;
    if (!no_header) {
        for (size_t c = 0; c < rs->n_columns; c++) {
            if (c)
                fputc('\t', f);
            fputs(rs->columns[c].name, f); /* the client prints names as they are */
        }
        fputc('\n', f);
    }
    for (size_t r = 0; r < rs->n_rows; r++) {
        for (size_t c = 0; c < rs->n_columns; c++) {
            const sc_result_cell *v = &rs->cells[r * rs->n_columns + c];
            if (c)
                fputc('\t', f);
            if (v->data)
                put_escaped(f, v->data, v->len, raw);
            else
                fputs("NULL", f);
        }
        fputc('\n', f);
    }
}

/* ------------------------------------------------------------------ */
/* Boxed table, vertical, JSON (the formats other than batch)           */

/* Numbers are right-aligned in boxes, as the client does for numeric types. */
static bool numeric(unsigned type)
{
    return (type <= SC_FIELD_TYPE_INT24 && type != SC_FIELD_TYPE_TIMESTAMP &&
            type != SC_FIELD_TYPE_NULL) ||
           type == SC_FIELD_TYPE_YEAR || type == SC_FIELD_TYPE_NEWDECIMAL;
}

/* Display width: UTF-8 code points (continuation bytes do not count). */
static size_t width_of(const char *s, size_t len)
{
    size_t w = 0;

    for (size_t i = 0; i < len; i++)
        w += ((unsigned char)s[i] & 0xC0) != 0x80;
    return w;
}

static const sc_result_cell *cell_at(const sc_result_set *rs, size_t r, size_t c)
{
    return &rs->cells[r * rs->n_columns + c];
}

static size_t cell_width(const sc_result_cell *v)
{
    return v->data ? width_of(v->data, v->len) : 4; /* NULL */
}

static void put_rule(FILE *f, const size_t *w, size_t n)
{
    for (size_t c = 0; c < n; c++) {
        fputc('+', f);
        for (size_t i = 0; i < w[c] + 2; i++)
            fputc('-', f);
    }
    fputs("+\n", f);
}

static void put_padded(FILE *f, const char *s, size_t len, size_t width, bool right)
{
    size_t w = width_of(s, len);

    if (right)
        for (; w < width; w++)
            fputc(' ', f);
    fwrite(s, 1, len, f);
    if (!right)
        for (; w < width; w++)
            fputc(' ', f);
}

void sc_cli__result_table(FILE *f, const sc_result_set *rs)
{
    size_t *w = rs->n_rows ? calloc(rs->n_columns, sizeof(*w)) : NULL;

    if (!w)
        return; /* no rows: the client prints only "Empty set" */
    for (size_t c = 0; c < rs->n_columns; c++) {
        w[c] = width_of(rs->columns[c].name, strlen(rs->columns[c].name));
        for (size_t r = 0; r < rs->n_rows; r++)
            if (cell_width(cell_at(rs, r, c)) > w[c])
                w[c] = cell_width(cell_at(rs, r, c));
    }
    put_rule(f, w, rs->n_columns);
    for (size_t c = 0; c < rs->n_columns; c++) {
        fputs("| ", f);
        put_padded(f, rs->columns[c].name, strlen(rs->columns[c].name), w[c], false);
        fputc(' ', f);
    }
    fputs("|\n", f);
    put_rule(f, w, rs->n_columns);
    for (size_t r = 0; r < rs->n_rows; r++) {
        for (size_t c = 0; c < rs->n_columns; c++) {
            const sc_result_cell *v = cell_at(rs, r, c);
            fputs("| ", f);
            if (v->data)
                put_padded(f, v->data, v->len, w[c], numeric(rs->columns[c].type));
            else
                put_padded(f, "NULL", 4, w[c], numeric(rs->columns[c].type));
            fputc(' ', f);
        }
        fputs("|\n", f);
    }
    put_rule(f, w, rs->n_columns);
    free(w);
}

void sc_cli__result_vertical(FILE *f, const sc_result_set *rs)
{
    size_t name_w = 0;

    for (size_t c = 0; c < rs->n_columns; c++) {
        size_t w = strlen(rs->columns[c].name);
        if (w > name_w)
            name_w = w;
    }
    for (size_t r = 0; r < rs->n_rows; r++) {
        fprintf(f, "*************************** %zu. row ***************************\n", r + 1);
        for (size_t c = 0; c < rs->n_columns; c++) {
            const sc_result_cell *v = cell_at(rs, r, c);
            fprintf(f, "%*s: ", (int)name_w, rs->columns[c].name);
            if (v->data)
                fwrite(v->data, 1, v->len, f);
            else
                fputs("NULL", f);
            fputc('\n', f);
        }
    }
}

/* A numeric column's value as a JSON number when it reads as one, else a string. */
static json_t *json_value(const sc_result_column *col, const sc_result_cell *v)
{
    char *end = NULL, buf[64];

    if (!v->data)
        return json_null();
    if (numeric(col->type) && v->len > 0 && v->len < sizeof(buf)) {
        memcpy(buf, v->data, v->len);
        buf[v->len] = '\0';
        long long i = strtoll(buf, &end, 10);
        if (*end == '\0')
            return json_integer(i);
        double d = strtod(buf, &end);
        if (*end == '\0')
            return json_real(d);
    }
    return json_stringn(v->data, v->len);
}

int sc_cli__result_json(FILE *f, const sc_result_set *rs)
{
    for (size_t r = 0; r < rs->n_rows; r++) {
        json_t *row = json_object();
        int rc = row ? 0 : -1;
        for (size_t c = 0; c < rs->n_columns && rc == 0; c++)
            rc = json_object_set_new(row, rs->columns[c].name,
                                     json_value(&rs->columns[c], cell_at(rs, r, c)));
        if (rc == 0)
            rc = json_dumpf(row, f, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII);
        json_decref(row);
        if (rc != 0)
            return -1;
        fputc('\n', f);
    }
    return 0;
}

void sc_cli__print_count(FILE *f, const sc_stmt_result *r, double seconds)
{
    if (r->rs && r->rs->n_rows == 0)
        fputs("Empty set", f);
    else if (r->rs)
        fprintf(f, "%zu row%s in set", r->rs->n_rows, r->rs->n_rows == 1 ? "" : "s");
    else
        fprintf(f, "Query OK, %llu row%s affected", (unsigned long long)r->affected_rows,
                r->affected_rows == 1 ? "" : "s");
    if (r->warnings)
        fprintf(f, ", %u warning%s", r->warnings, r->warnings == 1 ? "" : "s");
    fprintf(f, " (%.3f sec)\n\n", seconds);
}
