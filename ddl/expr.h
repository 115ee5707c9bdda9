/*
 * expr.h - print expression trees (ddl/ast.h sc_expr) exactly as MariaDB
 * 10.11's Item::print() does for SHOW CREATE TABLE: DEFAULT (expr),
 * generated column AS (expr) and CHECK (expr) bodies.
 *
 * Also a tiny growable byte buffer (sc_buf) for building such text.
 * The rules (lower-case function names, MariaDB's synonyms ucase/lcase/
 * current_timestamp(), spaces around binary operators, no spaces after
 * commas, parentheses by precedence) are documented in docs/ddl-parser.md.
 */
#ifndef SC_DDL_EXPR_H
#define SC_DDL_EXPR_H

#include <stddef.h>
#include <stdbool.h>

#include "syscat/common.h"
#include "ddl/ast.h"

/**
 * A growable NUL-terminated byte buffer. Zero-initialise with
 * SC_BUF_INIT(ctx); data is always NUL-terminated once anything was added.
 * After a failed append the buffer stays as it was and `failed` is set, so
 * callers may append several times and check once.
 */
typedef struct sc_buf {
    sc_ctx *ctx; /* allocator / error sink */
    char *data;  /* bytes, NUL-terminated; NULL while empty */
    size_t len;  /* bytes used, without the NUL */
    size_t cap;  /* bytes allocated */
    bool failed; /* an allocation failed (SC_ENOMEM set on ctx) */
} sc_buf;

#define SC_BUF_INIT(ctx)                                                                           \
    {                                                                                              \
        (ctx), NULL, 0, 0, false                                                                   \
    }

/** Append len bytes. @return SC_OK or SC_ENOMEM */
int sc_buf_put(sc_buf *b, const char *s, size_t len);
/** Append a NUL-terminated string. */
int sc_buf_puts(sc_buf *b, const char *s);
/** Append one byte. */
int sc_buf_putc(sc_buf *b, char c);
/** Append printf-style text. */
int sc_buf_printf(sc_buf *b, const char *fmt, ...) SC_PRINTF(2, 3);
/** Hand the text to the caller (free with sc_free(ctx, p)); the buffer is reset. */
char *sc_buf_detach(sc_buf *b);
/** Free the buffer's memory and reset it (keeps ctx). */
void sc_buf_clear(sc_buf *b);

/**
 * Append e printed as MariaDB's SHOW CREATE TABLE prints it (no outer
 * parentheses for the whole expression; MariaDB adds them around DEFAULT /
 * AS / CHECK bodies itself, see sc_ddl__expr_default_needs_parens()).
 * @return SC_OK or SC_ENOMEM
 */
int sc_ddl__expr_print(sc_buf *out, const sc_expr *e);

/**
 * Whether SHOW CREATE prints `DEFAULT (expr)` (true) or `DEFAULT expr`
 * (false) for an expression default. MariaDB omits the parentheses when the
 * printed expression is a single function call or a literal.
 */
bool sc_ddl__expr_default_needs_parens(const sc_expr *e);

/**
 * Append s as a MariaDB single-quoted string literal, escaped as
 * String::append_for_single_quote() does: backslash, NUL, quote, newline,
 * CR and ^Z become \\ \0 \' \n \r \Z.
 */
int sc_ddl__quote_string(sc_buf *out, const char *s, size_t len);

/** Append a backquoted identifier (` doubled). */
int sc_ddl__quote_ident(sc_buf *out, const char *name);

#endif /* SC_DDL_EXPR_H */
