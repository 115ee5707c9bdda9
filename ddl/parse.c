/*
 * parse.c - recursive-descent parser for MariaDB 10.11 DDL (see parse.h and
 * docs/ddl-parser.md). Work in progress: the entry point only.
 */
#include "catalog/catalog_int.h"
#include "ddl/parse.h"

int sc_ddl__parse(sc_ast_stmt **out, sc_ctx *ctx, const char *sql, size_t len,
                  const sc_ddl_parse_options *opts)
{
    (void)sql;
    (void)len;
    (void)opts;
    *out = NULL;
    return sc_error_set(ctx, SC_ESYNTAX, 1235, "42000", "This version of syscat doesn't yet support 'the DDL parser'");
}
