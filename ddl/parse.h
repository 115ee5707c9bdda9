/*
 * parse.h - the MariaDB 10.11 DDL parser: one statement's text in, one
 * sc_ast_stmt (ddl/ast.h) out, or MariaDB's error. Hand-written recursive
 * descent over the tokens of ddl/lex.c; why and how: docs/ddl-parser.md.
 *
 * Errors are set on the sc_ctx exactly as MariaDB reports them:
 *   1064 / 42000 "You have an error in your SQL syntax; ... near '%s' at line %d"
 *   4161 / HY000 "Unknown data type: '%s'"
 *   1300 / HY000 "Invalid utf8mb4 character string: '%s'" (4-byte char in an identifier)
 * Everything else (name checks, semantic errors) is the executor's.
 */
#ifndef SC_DDL_PARSE_H
#define SC_DDL_PARSE_H

#include "syscat/common.h"
#include "syscat/error.h"
#include "ddl/ast.h"

/* sql_mode flags that change how text is tokenised or parsed. */
#define SC_PARSE_ANSI_QUOTES 0x1          /* "x" is an identifier, not a string */
#define SC_PARSE_NO_BACKSLASH_ESCAPES 0x2 /* \ is an ordinary character in strings */
#define SC_PARSE_PIPES_AS_CONCAT 0x4      /* || is concatenation, not OR */
#define SC_PARSE_HIGH_NOT_PRECEDENCE 0x8  /* NOT binds like ! */
#define SC_PARSE_IGNORE_SPACE 0x10        /* spaces allowed between a function name and ( */
#define SC_PARSE_REAL_AS_FLOAT 0x20       /* REAL means FLOAT, not DOUBLE */

/** Options for sc_ddl__parse(). Start from SC_DDL_PARSE_OPTIONS_INIT. */
typedef struct sc_ddl_parse_options {
    unsigned version; /* SC_DDL_PARSE_OPTIONS_VERSION */
    unsigned flags;   /* SC_PARSE_* derived from the session's sql_mode */
} sc_ddl_parse_options;

#define SC_DDL_PARSE_OPTIONS_VERSION 1
#define SC_DDL_PARSE_OPTIONS_INIT                                                                  \
    {                                                                                              \
        SC_DDL_PARSE_OPTIONS_VERSION, 0                                                            \
    }

/**
 * Parse one statement (no trailing ';' needed; one is accepted, as are
 * trailing comments and whitespace).
 * @param[out] out  the statement; free with sc_ast__stmt_free(). NULL on error.
 * @param[in]  ctx  allocation and error reporting
 * @param[in]  sql  statement text (need not be NUL-terminated)
 * @param[in]  len  bytes of sql
 * @param[in]  opts options or NULL (default sql_mode of MariaDB 10.11)
 * @return SC_OK; SC_ESYNTAX (1064, 4161, 1300 set on ctx); SC_ENOMEM
 */
int sc_ddl__parse(
    sc_ast_stmt **out, sc_ctx *ctx, const char *sql, size_t len, const sc_ddl_parse_options *opts);

#endif /* SC_DDL_PARSE_H */
