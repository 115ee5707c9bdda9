/*
 * resultset.h - building the result sets of SHOW, DESCRIBE and SELECT from
 * information_schema (public form: sc_result_set in syscat/ddl.h).
 *
 * A builder collects columns (metadata copied) and cells (row-major, the
 * bytes copied into one string buffer, SQL NULL kept apart from ''), then
 * sc_rs__finish() lays everything out in one malloc'ed block that
 * sc_stmt_result_clear() frees with free(). Builders are also the
 * intermediate tables of information_schema queries: rows can be read back
 * (sc_rs__get) and a projection of some rows and columns copied into
 * another builder (sc_rs__project).
 *
 * Errors: an allocation failure makes the builder `failed` (sticky, like
 * sc_buf); the functions then return SC_ENOMEM and sc_rs__finish reports it.
 */
#ifndef SC_DDL_RESULTSET_H
#define SC_DDL_RESULTSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "syscat/ddl.h"
#include "catalog/buf.h"

/** A cell inside a builder: bytes at strings[off..off+len), or NULL. */
typedef struct sc_rs_cell {
    size_t off;
    size_t len;
    bool null;
} sc_rs_cell;

/** A column inside a builder: its strings are offsets into `strings`. */
typedef struct sc_rs_col {
    size_t name, org_name, table, org_table, schema; /* offsets of NUL-terminated text */
    unsigned type, flags, charsetnr, decimals;
    uint32_t length;
} sc_rs_col;

typedef struct sc_rs {
    sc_ctx *ctx;
    sc_buf strings;  /* column strings and cell bytes */
    sc_rs_col *cols; /* n_cols */
    size_t n_cols, cap_cols;
    sc_rs_cell *cells; /* n_cells, row-major */
    size_t n_cells, cap_cells;
    bool failed; /* an allocation failed (sticky) */
} sc_rs;

/** Start an empty builder allocating through ctx. */
void sc_rs__init(sc_rs *b, sc_ctx *ctx);
/** Free what the builder holds (the builder may be reused after sc_rs__init). */
void sc_rs__free(sc_rs *b);

/** Add a column; its strings are copied (NULL reads as ""). Before the first cell. */
int sc_rs__column(sc_rs *b, const sc_result_column *col);
/** Add a column copied from another builder's column ci, renamed to name when not NULL. */
int sc_rs__column_from(sc_rs *b, const sc_rs *src, size_t ci, const char *name);

/** Append the next cell (row-major): data[0..len), or SQL NULL when data is NULL. */
int sc_rs__cell(sc_rs *b, const char *data, size_t len);
/** Append a NUL-terminated string cell (NULL: SQL NULL). */
int sc_rs__str(sc_rs *b, const char *s);
/** Append an unsigned number cell in decimal. */
int sc_rs__u64(sc_rs *b, uint64_t v);
/** Append a signed number cell in decimal. */
int sc_rs__i64(sc_rs *b, int64_t v);
/** Append an SQL NULL cell. */
int sc_rs__null(sc_rs *b);

/** Number of complete rows so far. */
size_t sc_rs__rows(const sc_rs *b);
/** Column name (NUL-terminated) of column ci. */
const char *sc_rs__col_name(const sc_rs *b, size_t ci);
/** Find a column by name (ASCII case-insensitive); -1 when absent. */
long sc_rs__find_col(const sc_rs *b, const char *name);
/**
 * The value at (row, ci): *data_out NULL for SQL NULL. The pointer is valid
 * until the next append. Cell bytes are always followed by a NUL.
 */
void sc_rs__get(const char **data_out, size_t *len_out, const sc_rs *b, size_t row, size_t ci);

/**
 * Copy rows[0..n_rows) of src (row numbers) restricted to columns
 * cols[0..n_cols) of src into dst, whose columns the caller added already.
 */
int sc_rs__project(sc_rs *dst,
                   const sc_rs *src,
                   const size_t *rows,
                   size_t n_rows,
                   const size_t *cols,
                   size_t n_cols);

/**
 * Lay the builder out as one malloc'ed sc_result_set (free with free()).
 * The builder is left as it was (free it with sc_rs__free).
 * @return SC_OK or SC_ENOMEM (set on ctx)
 */
int sc_rs__finish(sc_result_set **out, const sc_rs *b);

#endif /* SC_DDL_RESULTSET_H */
