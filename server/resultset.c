/*
 * resultset.c - text-protocol result sets of `syscat serve`: column count,
 * one Column Definition 41 per column, EOF, one row packet per row, EOF
 * (the client does not get CLIENT_DEPRECATE_EOF from us). The DDL engine's
 * SHOW statements come as result sets with MariaDB 10.11's column
 * definitions (sc_stmt_result.rs), sent as they are.
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
