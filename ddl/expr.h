/*
 * expr.h - print expression trees (ddl/ast.h sc_expr) exactly as MariaDB
 * 10.11's Item::print() does for SHOW CREATE TABLE: DEFAULT (expr),
 * generated column AS (expr) and CHECK (expr) bodies.
 *
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
#include "catalog/buf.h"

/**
 * Append e printed as MariaDB's SHOW CREATE TABLE prints it (no outer
 * parentheses for the whole expression; MariaDB adds them around DEFAULT /
 * AS / CHECK bodies itself, see sc_ddl__expr_default_needs_parens()).
 * @return SC_OK or SC_ENOMEM
 */
int sc_ddl__expr_print(sc_buf *out, const sc_expr *e);

/**
 * Like sc_ddl__expr_print(), for resolved view text: qualified columns
 * print their qualifiers, except the database when compact_db is set.
 */
int sc_ddl__expr_print_ex(sc_buf *out, const sc_expr *e, const char *compact_db);

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
/** The bytes of a hex or bit literal (X'41', 0b101): how many, and written to
 *  out (sc_ddl__literal_bytes_len(l) bytes, leading zero bits first). */
size_t sc_ddl__literal_bytes_len(const sc_ast_lit *l);
void sc_ddl__literal_bytes(char *out, const sc_ast_lit *l);

/** Append a backquoted identifier (` doubled). */
int sc_ddl__quote_ident(sc_buf *out, const char *name);

#endif /* SC_DDL_EXPR_H */
