/*
 * show_select.c - SELECT from one information_schema table: a list of
 * columns (or `*`) with aliases, WHERE (ddl/show_eval.c), ORDER BY columns,
 * aliases or positions with ASC/DESC, LIMIT [offset,] n / LIMIT n OFFSET m.
 * What schema-diff and migration tools send.
 *
 * As in MariaDB, equality conditions on the schema and table name columns
 * (`TABLE_SCHEMA = 'db' AND TABLE_NAME = 't'` at the top level of WHERE)
 * become lookup values: only that database and table are read, found by
 * exact name, and the whole condition is still checked on every row.
 * Column metadata: the table's, under the item's name (alias or the
 * column as written), `table` as written in FROM or its alias.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/show_stmt_int.h"

typedef struct sel_state {
    const sc_ast_select *sel;
    const char *table; /* as written */
} sel_state;

static long resolve_src(const sc_show_eval *ev, const char *name)
{
    return sc_rs__find_col(ev->src, name);
}

static int column_of(sc_exec *x,
                     long *out,
                     const sc_query *q,
                     const sc_rs *src,
                     const sc_expr *e,
                     const char *clause)
{
    sc_show_eval ev = {x,           src, x->stmt->text, clause, q->table_written, q->table_alias,
                       resolve_src, q,   NULL};

    SC_TRY(sc_show__bind(&ev, e));
    if (e->kind != SC_AST_EXPR_COLUMN || !ev.binds) {
        const char *text = sc_exec__printf(x, "%.*s in an information_schema query",
                                           (int)(e->end - e->start), x->stmt->text + e->start);
        return sc_exec__err(x, SC_ER_NOT_SUPPORTED_YET, text ? text : "this expression");
    }
    *out = (long)ev.binds->col;
    return SC_OK;
}

static int add_output(sc_exec *x, sc_query *q, size_t col, const char *name, size_t *cap)
{
    if (q->n_out == *cap) {
        size_t ncap = *cap ? *cap * 2 : 16;
        size_t *c = sc_exec__alloc(x, ncap * sizeof(*c));
        const char **n = sc_exec__alloc(x, ncap * sizeof(*n));
        if (!c || !n)
            return SC_ENOMEM;
        if (q->n_out) {
            memcpy(c, q->out_col, q->n_out * sizeof(*c));
            memcpy(n, q->out_name, q->n_out * sizeof(*n));
        }
        q->out_col = c;
        q->out_name = n;
        *cap = ncap;
    }
    q->out_col[q->n_out] = col;
    q->out_name[q->n_out++] = name;
    return SC_OK;
}

static bool is_count_star(const sc_expr *e)
{
    return e && e->kind == SC_AST_EXPR_FUNC && strcasecmp(e->name, "COUNT") == 0 &&
           e->n_args == 1 && e->args[0]->kind == SC_AST_EXPR_WORD && !e->distinct;
}

/* SELECT COUNT(*) [, COUNT(*)...]: every item counts the rows (no other aggregate form). */
static int count_items(sc_exec *x, sc_query *q, const sc_ast_select *sel, size_t *cap)
{
    for (size_t i = 0; i < sel->n_items; i++)
        if (!is_count_star(sel->items[i].expr)) {
            const sc_ast_select_item *it = &sel->items[i];
            const char *t = sc_exec__printf(x, "%s with COUNT(*) in an information_schema query",
                                            it->text ? it->text : "*");
            return sc_exec__err(x, SC_ER_NOT_SUPPORTED_YET, t ? t : "this select list");
        }
    for (size_t i = 0; i < sel->n_items; i++)
        SC_TRY(add_output(x, q, 0, sel->items[i].alias ? sel->items[i].alias : sel->items[i].text,
                          cap));
    q->count_star = true;
    return SC_OK;
}

static int select_items(sc_exec *x, sc_query *q, const sc_ast_select *sel, const sc_rs *src)
{
    size_t cap = 0;

    for (size_t i = 0; i < sel->n_items; i++)
        if (is_count_star(sel->items[i].expr))
            return count_items(x, q, sel, &cap);

    for (size_t i = 0; i < sel->n_items; i++) {
        const sc_ast_select_item *it = &sel->items[i];
        long col;
        if (!it->expr) {
            for (size_t c = 0; c < src->n_cols; c++)
                SC_TRY(add_output(x, q, c, NULL, &cap)); /* its own name, read later */
            continue;
        }
        SC_TRY(column_of(x, &col, q, src, it->expr, "SELECT"));
        SC_TRY(add_output(x, q, (size_t)col, it->alias ? it->alias : it->expr->name, &cap));
    }
    return SC_OK;
}

/* An ORDER BY key: a position, an alias of the select list, or a column. */
static int order_key(sc_exec *x,
                     size_t *out,
                     const sc_query *q,
                     const sc_ast_select *sel,
                     const sc_rs *src,
                     const sc_expr *e)
{
    long col;

    if (e->kind == SC_AST_EXPR_LITERAL && e->lit.kind == SC_AST_LIT_INT) {
        unsigned long pos = strtoul(e->lit.text.s, NULL, 10);
        if (pos < 1 || pos > q->n_out) {
            const char *p = sc_exec__printf(x, "%lu", pos);
            return sc_exec__err(x, SC_ER_BAD_FIELD_ERROR, p ? p : "?", "ORDER BY");
        }
        *out = q->out_col[pos - 1];
        return SC_OK;
    }
    if (e->kind == SC_AST_EXPR_COLUMN && !e->qual_table)
        for (size_t i = 0; i < sel->n_items; i++)
            if (sel->items[i].alias && strcasecmp(sel->items[i].alias, e->name) == 0) {
                *out = q->out_col[i];
                return SC_OK;
            }
    SC_TRY(column_of(x, &col, q, src, e, "ORDER BY"));
    *out = (size_t)col;
    return SC_OK;
}

static int select_prepare(sc_exec *x, sc_query *q, const sc_rs *src)
{
    const sel_state *ss = q->payload;
    const sc_ast_select *sel = ss->sel;
    size_t *cols;
    bool *desc;

    SC_TRY(select_items(x, q, sel, src));
    if (!sel->n_order || q->count_star)
        return SC_OK;
    cols = sc_exec__alloc(x, sel->n_order * sizeof(*cols));
    desc = sc_exec__alloc(x, sel->n_order * sizeof(*desc));
    if (!cols || !desc)
        return SC_ENOMEM;
    for (size_t i = 0; i < sel->n_order; i++) {
        SC_TRY(order_key(x, &cols[i], q, sel, src, sel->order[i].e));
        desc[i] = sel->order[i].desc;
    }
    q->order_col = cols;
    q->order_desc = desc;
    q->n_order = sel->n_order;
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Lookup values from WHERE                                             */

static bool is_schema_col(const char *name)
{
    return strcasecmp(name, "TABLE_SCHEMA") == 0 || strcasecmp(name, "SCHEMA_NAME") == 0 ||
           strcasecmp(name, "CONSTRAINT_SCHEMA") == 0 ||
           strcasecmp(name, "EVENT_OBJECT_SCHEMA") == 0;
}

static bool is_table_col(const char *name)
{
    return strcasecmp(name, "TABLE_NAME") == 0 || strcasecmp(name, "EVENT_OBJECT_TABLE") == 0;
}

/* The string literal compared by `col = 'lit'` (either side), or NULL. */
static const char *eq_literal(const sc_expr *e, const sc_expr **col_out)
{
    const sc_expr *a, *b;

    if (e->kind != SC_AST_EXPR_BINARY || e->op != SC_AST_OP_EQ)
        return NULL;
    a = e->args[0];
    b = e->args[1];
    if (a->kind != SC_AST_EXPR_COLUMN) {
        const sc_expr *t = a;
        a = b;
        b = t;
    }
    if (a->kind != SC_AST_EXPR_COLUMN || b->kind != SC_AST_EXPR_LITERAL ||
        b->lit.kind != SC_AST_LIT_STRING || b->lit.introducer)
        return NULL;
    *col_out = a;
    return b->lit.text.s;
}

/* Walk the top-level AND of e for schema and table lookup values. */
static void lookup_values(sc_is_scope *scope, const sc_expr *e, const sc_rs *cols)
{
    const sc_expr *col = NULL;
    const char *lit;

    if (e->kind == SC_AST_EXPR_BINARY && e->op == SC_AST_OP_AND) {
        lookup_values(scope, e->args[0], cols);
        lookup_values(scope, e->args[1], cols);
        return;
    }
    lit = eq_literal(e, &col);
    if (!lit || sc_rs__find_col(cols, col->name) < 0)
        return;
    if (is_schema_col(col->name) && !scope->schema)
        scope->schema = lit;
    else if (is_table_col(col->name) && !scope->table)
        scope->table = lit;
}

int sc_show__select(sc_exec *x, const sc_ast_select *sel)
{
    sc_query q = {0};
    sel_state ss = {sel, sel->from_table};
    int t = sc_is__find(sel->from_table);
    sc_rs cols;
    int rc;

    if (t < 0)
        return sc_exec__err(x, SC_ER_UNKNOWN_TABLE, sel->from_table, "information_schema");
    q.table = (sc_is_table)t;
    q.table_written = sel->alias ? sel->alias : sel->from_table;
    q.table_alias = sel->alias;
    q.where = sel->where;
    q.has_limit = sel->has_limit;
    q.limit = sel->limit;
    q.offset = sel->offset;
    q.prepare = select_prepare;
    q.payload = &ss;
    if (sel->where) {
        sc_rs__init(&cols, x->ctx);
        rc = sc_is__columns(&cols, q.table);
        if (rc == SC_OK)
            lookup_values(&q.scope, sel->where, &cols);
        sc_rs__free(&cols);
        SC_TRY(rc);
    }
    return sc_show__run(x, &q);
}
