/*
 * expr_walk.c - visiting and renaming the column references of an
 * expression tree (ddl/expr_walk.h), and the class of a function node (time,
 * random, session, stored: the contexts that refuse them). Every child of a node is in args,
 * case_operand or case_else (ddl/ast.h); subqueries are text only and
 * never stored.
 */
#include <stdlib.h>
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

static int name_cmp(const void *key, const void *elem)
{
    return strcasecmp(key, *(const char *const *)elem);
}

bool sc_ddl__func_is_builtin(const char *name)
{
    static const char *const builtin[] = {
#include "ddl/builtin_funcs.h"
    };

    return bsearch(name, builtin, sizeof(builtin) / sizeof(builtin[0]), sizeof(builtin[0]),
                   name_cmp) != NULL;
}

unsigned sc_ddl__expr_func_class(const sc_expr *e)
{
    static const char *const time_f[] = {
        "now",          "current_timestamp", "localtime",    "localtimestamp",
        "sysdate",      "curdate",           "current_date", "curtime",
        "current_time", "utc_date",          "utc_time",     "utc_timestamp"};
    static const char *const nondet_f[] = {"rand", "uuid", "uuid_short", "sys_guid"};
    static const char *const session_f[] = {"user",        "current_user",  "session_user",
                                            "system_user", "connection_id", "database",
                                            "schema",      "current_role"};
    static const char *const statement_f[] = {"last_insert_id", "found_rows", "row_count"};

    if (e->kind == SC_AST_EXPR_VAR)
        return SC_EXPR_SESSION;
    if (e->kind != SC_AST_EXPR_FUNC || !e->name)
        return 0;
    /* syscat keeps no routines: MariaDB takes any other call for a stored function's */
    if (e->qual_db || !sc_ddl__func_is_builtin(e->name))
        return SC_EXPR_STORED;
    if (strcasecmp(e->name, "unix_timestamp") == 0 && e->n_args == 0)
        return SC_EXPR_TIME;
    for (size_t i = 0; i < sizeof(time_f) / sizeof(time_f[0]); i++)
        if (strcasecmp(e->name, time_f[i]) == 0)
            return SC_EXPR_TIME;
    for (size_t i = 0; i < sizeof(nondet_f) / sizeof(nondet_f[0]); i++)
        if (strcasecmp(e->name, nondet_f[i]) == 0)
            return SC_EXPR_NONDET;
    for (size_t i = 0; i < sizeof(session_f) / sizeof(session_f[0]); i++)
        if (strcasecmp(e->name, session_f[i]) == 0)
            return SC_EXPR_SESSION;
    for (size_t i = 0; i < sizeof(statement_f) / sizeof(statement_f[0]); i++)
        if (strcasecmp(e->name, statement_f[i]) == 0)
            return SC_EXPR_SESSION | SC_EXPR_STATEMENT;
    return 0;
}
