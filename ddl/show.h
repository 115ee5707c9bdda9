/*
 * show.h - SHOW CREATE rendering internals and the growable string buffer
 * the DDL back end writes text with.
 *
 * sc_sbuf keeps a sticky error: after an allocation failure every append is
 * a no-op and sc_sbuf__finish() reports SC_ENOMEM, so renderers check once.
 */
#ifndef SC_DDL_SHOW_H
#define SC_DDL_SHOW_H

#include <stdarg.h>

#include "syscat/catalog.h"

/** A growable NUL-terminated text buffer allocated through a ctx. */
typedef struct sc_sbuf {
    sc_ctx *ctx; /* allocator */
    char *data;  /* text, NUL-terminated when non-NULL */
    size_t len;  /* bytes used, without the NUL */
    size_t cap;  /* bytes allocated */
    int err;     /* sticky SC_ENOMEM */
} sc_sbuf;

void sc_sbuf__init(sc_sbuf *b, sc_ctx *ctx);
void sc_sbuf__free(sc_sbuf *b);
void sc_sbuf__put(sc_sbuf *b, const char *s, size_t n);
void sc_sbuf__puts(sc_sbuf *b, const char *s);
void sc_sbuf__putc(sc_sbuf *b, char c);
void sc_sbuf__printf(sc_sbuf *b, const char *fmt, ...) SC_PRINTF(2, 3);
/** Append `name` with backquotes, doubling embedded backquotes. */
void sc_sbuf__ident(sc_sbuf *b, const char *name);
/** Append 'text' quoted and escaped as SHOW CREATE does ('' \\ \n \r \0 \Z). */
void sc_sbuf__quoted(sc_sbuf *b, const char *s);
/** Hand the text over (caller frees with sc_free) or report SC_ENOMEM. */
int sc_sbuf__finish(char **out, sc_sbuf *b);

/**
 * Render CREATE TABLE for a definition, as MariaDB 10.11's SHOW CREATE TABLE.
 * @param[in] schema      the table's schema (printed for cross-schema FK parents)
 */
int sc_show__table(sc_sbuf *b, const sc_table_def *def, const char *schema);

/** Render one column line body (`name` type ... without indentation). */
void sc_show__column(sc_sbuf *b, const sc_column_def *col, const sc_table_def *def);

/** Render CREATE DATABASE for a schema definition. */
void sc_show__database(sc_sbuf *b, const sc_schema_def *def);

#endif /* SC_DDL_SHOW_H */
