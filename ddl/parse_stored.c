/*
 * parse_stored.c - the parser's entry point for stored expression text
 * (ddl/expr_walk.h): tokenise the text as ddl/expr.c prints it and parse one
 * expression with the grammar of ddl/parse_expr.c. Kept apart from
 * parse.c's statement driver, which it mirrors.
 */
#include <string.h>

#include "ddl/expr_walk.h"
#include "ddl/parse_int.h"

int sc_ddl__expr_parse_stored(sc_expr **out, sc_ctx *ctx, sc_arena *arena, const char *text)
{
    sc_parser p;
    sc_expr *e = NULL;

    *out = NULL;
    memset(&p, 0, sizeof(p));
    p.ctx = ctx;
    p.arena = arena;
    p.len = strlen(text);
    p.sql = sc__arena_strndup(arena, text, p.len);
    if (!p.sql)
        return sc_parse__nomem(&p);
    SC_TRY(sc_parse__tokenize(&p)); /* p.flags 0: printed text, backquotes, backslash escapes */
    SC_TRY(sc_parse__expr(&p, &e));
    if (!sc_parse__at_end(&p))
        return sc_parse__syntax_error(&p);
    *out = e;
    return SC_OK;
}
