/*
 * expr_walk.c - visiting and renaming the column references of an
 * expression tree (ddl/expr_walk.h). Every child of a node is in args,
 * case_operand or case_else (ddl/ast.h); subqueries are text only and
 * never stored.
 */
#include <strings.h>

#include "ddl/expr_walk.h"

int sc_ddl__expr_foreach_column(sc_expr *e, int (*fn)(sc_expr *col, void *payload), void *payload)
{
    int rc;

    if (!e)
        return 0;
    if (e->kind == SC_AST_EXPR_COLUMN && (rc = fn(e, payload)) != 0)
        return rc;
    for (size_t i = 0; i < e->n_args; i++)
        if ((rc = sc_ddl__expr_foreach_column(e->args[i], fn, payload)) != 0)
            return rc;
    if ((rc = sc_ddl__expr_foreach_column(e->case_operand, fn, payload)) != 0)
        return rc;
    return sc_ddl__expr_foreach_column(e->case_else, fn, payload);
}

static int is_named(sc_expr *col, void *payload)
{
    return strcasecmp(col->name, payload) == 0;
}

bool sc_ddl__expr_uses_column(const sc_expr *e, const char *col)
{
    /* the callback only reads: the casts are for the shared walker */
    return sc_ddl__expr_foreach_column((sc_expr *)e, is_named, (void *)col) != 0;
}

typedef struct rename {
    const char *from, *to;
    size_t n; /* references renamed */
} rename;

static int rename_one(sc_expr *col, void *payload)
{
    rename *r = payload;

    if (strcasecmp(col->name, r->from) == 0) {
        col->name = r->to;
        r->n++;
    }
    return 0;
}

size_t sc_ddl__expr_rename_column(sc_expr *e, const char *from, const char *to)
{
    rename r = {from, to, 0};

    (void)sc_ddl__expr_foreach_column(e, rename_one, &r);
    return r.n;
}
