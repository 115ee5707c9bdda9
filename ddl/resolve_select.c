/*
 * resolve_select.c - name resolution of a parsed query (ddl/select.h)
 * against the catalog, as MariaDB's open_tables / setup_fields /
 * fix_fields do for CREATE VIEW and CREATE TABLE ... SELECT:
 *   - FROM: tables (1146 when missing), views (their column rows), CTEs,
 *     derived tables (resolved first); USING / NATURAL joins become the ON
 *     condition MariaDB prints, the right side's join columns hidden;
 *   - select lists: `*` and `t.*` expanded, generated aliases (the item's
 *     text as written), output columns with their derived types;
 *   - stored functions: none exist, so a call of one is 1305 where MariaDB's
 *     fix_fields meets it;
 *   - columns: found in the innermost scope that has them (1054), at most
 *     once there (1052), then rewritten to the qualifiers MariaDB prints:
 *     `db`.`table`.`col` for a base table without alias, `alias`.`col`
 *     otherwise (aliases, views, derived tables, CTEs).
 * The statement's tables stay loaded until sc_exec__select_release().
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/exec.h"
#include "ddl/expr_walk.h"
#include "ddl/select.h"

typedef struct scope scope;
struct scope {
    scope *outer;
    sc_select_block *b; /* NULL for a union-level ORDER BY */
    sc_tref **leaves;   /* table references that hold columns */
    size_t n_leaves;
    const sc_select *ctes_of; /* the query whose CTEs are visible here */
};

typedef struct rctx {
    sc_exec *x;
    const char *db; /* current database (NULL: none) */
    sc_select_ctx *sctx;
    const sc_cte **ctes; /* CTEs visible, innermost last */
    size_t n_ctes;
} rctx;

static int resolve_query(rctx *r, sc_select *s, scope *outer);
static int resolve_expr(rctx *r, scope *sc, sc_expr *e, const char *clause);

/* ------------------------------------------------------------------ */
/* Tables                                                               */

static int hold(rctx *r, sc_table *t)
{
    sc_select_ctx *c = r->sctx;

    if (c->n_held == c->cap_held) {
        size_t cap = c->cap_held ? c->cap_held * 2 : 8;
        sc_table **g = sc_exec__alloc(r->x, cap * sizeof(*g));
        if (!g) {
            sc_table_free(t);
            return SC_ENOMEM;
        }
        if (c->n_held)
            memcpy(g, c->held, c->n_held * sizeof(*g));
        c->held = g;
        c->cap_held = cap;
    }
    c->held[c->n_held++] = t;
    return SC_OK;
}

static const sc_cte *find_cte(rctx *r, const char *name)
{
    for (size_t i = r->n_ctes; i-- > 0;)
        if (strcmp(r->ctes[i]->name, name) == 0)
            return r->ctes[i];
    return NULL;
}

static int cols_from_def(rctx *r, sc_tref *t, const sc_table_def *def)
{
    t->r_cols = sc_exec__alloc(r->x, (def->n_columns + 1) * sizeof(*t->r_cols));
    if (!t->r_cols)
        return SC_ENOMEM;
    for (size_t i = 0; i < def->n_columns; i++) {
        t->r_cols[i].name = def->columns[i].name;
        t->r_cols[i].def = def->columns[i];
    }
    t->r_n_cols = def->n_columns;
    return SC_OK;
}

static int resolve_table(rctx *r, sc_tref *t)
{
    const sc_cte *cte = t->name.db ? NULL : find_cte(r, t->name.name);
    sc_table *tab = NULL;
    const char *db;
    int rc;

    if (cte) {
        const sc_select *q = cte->query;
        t->r_cte = true;
        t->r_name = t->name.name;
        t->r_cols = sc_exec__alloc(r->x, (q->r_n_cols + 1) * sizeof(*t->r_cols));
        if (!t->r_cols)
            return SC_ENOMEM;
        for (size_t i = 0; i < q->r_n_cols; i++) {
            t->r_cols[i] = q->r_cols[i];
            if (i < cte->n_columns)
                t->r_cols[i].name = cte->columns[i];
        }
        t->r_n_cols = q->r_n_cols;
        return SC_OK;
    }
    if ((rc = sc_exec__resolve_db(r->x, &db, &t->name)) != SC_OK)
        return rc;
    t->r_db = db;
    t->r_name = t->name.name;
    if (sc_exec__is_temp(r->x, db, t->name.name)) {
        t->r_temp = true;
        if (r->sctx->for_view)
            return sc_exec__err(r->x, SC_ER_VIEW_SELECT_TMPTABLE, t->name.name);
        return sc_exec__err(r->x, SC_ER_NOT_SUPPORTED_YET,
                            "a temporary table in CREATE TABLE ... SELECT");
    }
    rc = sc_table_lookup(&tab, r->x->txn, db, t->name.name);
    if (rc == SC_ENOTFOUND)
        return sc_exec__err(r->x, SC_ER_NO_SUCH_TABLE, db, t->name.name);
    if (rc != SC_OK)
        return rc;
    if ((rc = hold(r, tab)) != SC_OK)
        return rc;
    t->r_view = sc_exec__is_view(r->x, sc_table_id(tab));
    r->sctx->n_tables++;
    if (strcmp(db, r->sctx->view_db ? r->sctx->view_db : "") != 0)
        r->sctx->other_db = true;
    return cols_from_def(r, t, sc_table_definition(tab));
}

/* Collect the leaves (tables, derived tables) of a FROM element. */
static int add_leaf(rctx *r, scope *sc, sc_tref *t)
{
    if (t->kind == SC_TREF_JOIN) {
        int rc = add_leaf(r, sc, t->left);
        return rc ? rc : add_leaf(r, sc, t->right);
    }
    sc_tref **slot;
    size_t cap = 1;
    while (cap < sc->n_leaves)
        cap *= 2;
    if (sc->n_leaves == 0 || sc->n_leaves == cap) {
        sc_tref **g = sc_exec__alloc(r->x, (sc->n_leaves ? cap * 2 : 1) * sizeof(*g));
        if (!g)
            return SC_ENOMEM;
        if (sc->n_leaves)
            memcpy(g, sc->leaves, sc->n_leaves * sizeof(*g));
        sc->leaves = g;
    }
    slot = &sc->leaves[sc->n_leaves++];
    *slot = t;
    return SC_OK;
}

static const char *print_qual_table(const sc_tref *t)
{
    return t->alias ? t->alias : t->r_name;
}

static sc_expr *column_node(rctx *r, const sc_tref *t, const sc_sel_col *c)
{
    sc_expr *e = sc_exec__alloc(r->x, sizeof(*e));

    if (!e)
        return NULL;
    e->kind = SC_AST_EXPR_COLUMN;
    e->qualified = true;
    e->name = c->name;
    e->qual_table = print_qual_table(t);
    e->qual_db = t->kind == SC_TREF_TABLE && !t->alias && !t->r_view && !t->r_cte ? t->r_db : NULL;
    e->r_col = &c->def;
    return e;
}

static bool hidden(const sc_tref *t, size_t i)
{
    return t->r_hidden && t->r_hidden[i];
}

static const sc_sel_col *find_col(const sc_tref *t, const char *name, size_t *idx)
{
    for (size_t i = 0; i < t->r_n_cols; i++)
        if (strcasecmp(t->r_cols[i].name, name) == 0) {
            if (idx)
                *idx = i;
            return &t->r_cols[i];
        }
    return NULL;
}

/* How many leaves of a join operand show column name (USING over a nest: 1052 when > 1). */
static size_t leaves_with(sc_tref *t, const char *name)
{
    size_t i;

    if (t->kind != SC_TREF_JOIN)
        return find_col(t, name, &i) && !hidden(t, i) ? 1 : 0;
    return leaves_with(t->left, name) + leaves_with(t->right, name);
}

/* The first leaf (left to right) of a join operand that has column name. */
static sc_tref *leaf_with(sc_tref *t, const char *name)
{
    size_t i;

    if (t->kind != SC_TREF_JOIN)
        return find_col(t, name, &i) && !hidden(t, i) ? t : NULL;
    sc_tref *l = leaf_with(t->left, name);
    return l ? l : leaf_with(t->right, name);
}

static int and_eq (rctx * r, sc_tref *j, sc_tref *lt, sc_tref *rt, const char *name)
{
    size_t li, ri;
    const sc_sel_col *lc = find_col(lt, name, &li), *rcol = find_col(rt, name, &ri);
    sc_expr *eq = sc_exec__alloc(r->x, sizeof(*eq)),
            **args = sc_exec__alloc(r->x, 2 * sizeof(*args));

    if (!eq || !args || !lc || !rcol)
        return SC_ENOMEM;
    eq->kind = SC_AST_EXPR_BINARY;
    eq->op = SC_AST_OP_EQ;
    eq->args = args;
    eq->n_args = 2;
    if (!(args[0] = column_node(r, lt, lc)) || !(args[1] = column_node(r, rt, rcol)))
        return SC_ENOMEM;
    if (!rt->r_hidden) {
        rt->r_hidden = sc_exec__alloc(r->x, rt->r_n_cols + 1);
        if (!rt->r_hidden)
            return SC_ENOMEM;
    }
    rt->r_hidden[ri] = true;
    if (!j->on) {
        j->on = eq;
        return SC_OK;
    }
    sc_expr *and = sc_exec__alloc(r->x, sizeof(*and)), **a2 = sc_exec__alloc(r->x, 2 * sizeof(*a2));
    if (!and || !a2)
        return SC_ENOMEM;
    and->kind = SC_AST_EXPR_BINARY;
    and->op = SC_AST_OP_AND;
    and->args = a2;
    and->n_args = 2;
    a2[0] = j->on;
    a2[1] = eq;
    j->on = and;
    return SC_OK;
}

/* USING (cols) / NATURAL: the equality conditions MariaDB prints as ON. */
static int using_cond(rctx *r, sc_tref *j)
{
    if (j->natural) {
        sc_tref *rl = j->right;
        if (rl->kind == SC_TREF_JOIN)
            return SC_OK; /* nested natural joins: not expanded */
        for (size_t i = 0; i < rl->r_n_cols; i++) {
            sc_tref *lt = leaf_with(j->left, rl->r_cols[i].name);
            if (lt)
                SC_TRY(and_eq (r, j, lt, rl, rl->r_cols[i].name));
        }
        return SC_OK;
    }
    for (size_t i = 0; i < j->n_using; i++) {
        sc_tref *lt = leaf_with(j->left, j->using[i]);
        sc_tref *rt = leaf_with(j->right, j->using[i]);
        if (leaves_with(j->left, j->using[i]) > 1 || leaves_with(j->right, j->using[i]) > 1)
            return sc_exec__err(r->x, SC_ER_NON_UNIQ_ERROR, j->using[i], "FROM");
        if (!lt || !rt)
            return sc_exec__err(r->x, SC_ER_BAD_FIELD_ERROR, j->using[i], "from clause");
        SC_TRY(and_eq (r, j, lt, rt, j->using[i]));
    }
    return SC_OK;
}

/* Tables first (1146 before any 1054, as MariaDB opens them all first). */
static int resolve_tables(rctx *r, sc_tref *t)
{
    switch (t->kind) {
    case SC_TREF_TABLE:
        return resolve_table(r, t);
    case SC_TREF_DERIVED:
        SC_TRY(resolve_query(r, t->sub, NULL));
        t->r_name = t->alias;
        t->r_cols = t->sub->r_cols;
        t->r_n_cols = t->sub->r_n_cols;
        return SC_OK;
    case SC_TREF_JOIN:
        SC_TRY(resolve_tables(r, t->left));
        return resolve_tables(r, t->right);
    }
    return SC_OK;
}

static int resolve_conds(rctx *r, scope *sc, sc_tref *t)
{
    if (t->kind != SC_TREF_JOIN)
        return SC_OK;
    SC_TRY(resolve_conds(r, sc, t->left));
    SC_TRY(resolve_conds(r, sc, t->right));
    if (t->natural || t->n_using)
        return using_cond(r, t);
    return t->on ? resolve_expr(r, sc, t->on, "ON") : SC_OK;
}

/* ------------------------------------------------------------------ */
/* Columns                                                              */

static bool qual_matches(const sc_tref *t, const sc_expr *e)
{
    if (!e->qual_table)
        return true;
    if (e->qual_db) {
        if (t->kind != SC_TREF_TABLE || t->alias || !t->r_db)
            return false;
        return strcmp(t->r_db, e->qual_db) == 0 && strcmp(t->r_name, e->qual_table) == 0;
    }
    return strcmp(print_qual_table(t), e->qual_table) == 0;
}

static int resolve_column(rctx *r, scope *sc, sc_expr *e, const char *clause)
{
    for (scope *s = sc; s; s = s->outer) {
        sc_tref *found = NULL;
        const sc_sel_col *col = NULL;
        for (size_t i = 0; i < s->n_leaves; i++) {
            sc_tref *t = s->leaves[i];
            size_t idx;
            const sc_sel_col *c;
            if (!qual_matches(t, e) || !(c = find_col(t, e->name, &idx)))
                continue;
            if (!e->qual_table && hidden(t, idx))
                continue;
            if (found)
                return sc_exec__err(r->x, SC_ER_NON_UNIQ_ERROR, e->name, clause);
            found = t;
            col = c;
        }
        if (found) {
            sc_expr *n = column_node(r, found, col);
            if (!n)
                return SC_ENOMEM;
            n->start = e->start;
            n->end = e->end;
            *e = *n;
            return SC_OK;
        }
        /* a select alias (HAVING, GROUP BY, ORDER BY) */
        if (s->b && !e->qual_table && strcmp(clause, "SELECT") != 0 &&
            strcmp(clause, "WHERE") != 0 && strcmp(clause, "ON") != 0) {
            for (size_t i = 0; i < s->b->r_n_items; i++)
                if (s->b->r_items[i].alias && strcasecmp(s->b->r_items[i].alias, e->name) == 0) {
                    e->qualified = true;
                    e->r_col = NULL;
                    return SC_OK;
                }
        }
    }
    if (e->qual_table) {
        char full[600];
        snprintf(full, sizeof(full), "%s%s%s.%s", e->qual_db ? e->qual_db : "",
                 e->qual_db ? "." : "", e->qual_table, e->name);
        return sc_exec__err(r->x, SC_ER_BAD_FIELD_ERROR, full, clause);
    }
    return sc_exec__err(r->x, SC_ER_BAD_FIELD_ERROR, e->name, clause);
}

static int resolve_order(rctx *r, scope *sc, sc_order_item *o, size_t n, const char *clause)
{
    for (size_t i = 0; i < n; i++)
        SC_TRY(resolve_expr(r, sc, o[i].e, clause));
    return SC_OK;
}

/* A stored function's call, found as fix_fields finds it: syscat keeps no
 * routines, so 1305 (named as MariaDB names it: db.f, or f with no database). */
static int stored_call(rctx *r, const sc_expr *e)
{
    const char *db = e->qual_db ? e->qual_db : r->db;

    return sc_exec__err(r->x, SC_ER_SP_DOES_NOT_EXIST, "FUNCTION",
                        db ? sc_exec__printf(r->x, "%s.%s", db, e->name) : e->name);
}

static int resolve_expr(rctx *r, scope *sc, sc_expr *e, const char *clause)
{
    if (!e)
        return SC_OK;
    switch (e->kind) {
    case SC_AST_EXPR_COLUMN:
        if (e->qualified)
            return SC_OK; /* built by the resolver */
        return resolve_column(r, sc, e, clause);
    case SC_AST_EXPR_VAR:
        r->sctx->has_var = true;
        break;
    case SC_AST_EXPR_SUBQUERY:
        if (e->select)
            return resolve_query(r, e->select, sc);
        break;
    case SC_AST_EXPR_FUNC:
        if (sc_ddl__expr_func_class(e) & SC_EXPR_STORED) /* checked before its arguments */
            return stored_call(r, e);
        if (sc_ddl__is_aggregate(e) && !(e->ext && e->ext->over))
            r->sctx->has_aggregate = true;
        if (e->ext && e->ext->over)
            r->sctx->has_window = true;
        break;
    default:
        break;
    }
    for (size_t i = 0; i < e->n_args; i++)
        SC_TRY(resolve_expr(r, sc, e->args[i], clause));
    SC_TRY(resolve_expr(r, sc, e->case_operand, clause));
    SC_TRY(resolve_expr(r, sc, e->case_else, clause));
    SC_TRY(sc_exec__fix_node(r->x, NULL, e)); /* 1253, 1210 as fix_fields finds them */
    if (e->ext) {
        SC_TRY(resolve_order(r, sc, e->ext->order, e->ext->n_order, clause));
        if (e->ext->over) {
            sc_window *w = e->ext->over;
            if (w->by_name && sc->b) { /* OVER w: MariaDB prints the named window inline */
                for (size_t i = 0; i < sc->b->n_windows; i++)
                    if (strcasecmp(sc->b->windows[i].name, w->name) == 0) {
                        *w = sc->b->windows[i];
                        w->by_name = false;
                        w->name = NULL;
                        break;
                    }
            }
            SC_TRY(resolve_order(r, sc, w->partition, w->n_partition, clause));
            SC_TRY(resolve_order(r, sc, w->order, w->n_order, clause));
        }
    }
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Select lists                                                         */

static int push_item(rctx *r, sc_select_block *b, const sc_sel_item *it, size_t *cap)
{
    if (b->r_n_items == *cap) {
        size_t nc = *cap ? *cap * 2 : 8;
        sc_sel_item *g = sc_exec__alloc(r->x, nc * sizeof(*g));
        if (!g)
            return SC_ENOMEM;
        if (b->r_n_items)
            memcpy(g, b->r_items, b->r_n_items * sizeof(*g));
        b->r_items = g;
        *cap = nc;
    }
    b->r_items[b->r_n_items++] = *it;
    return SC_OK;
}

static int expand_star(rctx *r, scope *sc, sc_select_block *b, const sc_sel_item *it, size_t *cap)
{
    bool any = false;

    for (size_t i = 0; i < sc->n_leaves; i++) {
        sc_tref *t = sc->leaves[i];
        sc_expr q = {0};
        q.qual_db = it->star_db;
        q.qual_table = it->star_table;
        if (!qual_matches(t, &q))
            continue;
        any = true;
        for (size_t k = 0; k < t->r_n_cols; k++) {
            sc_sel_item ni = {0};
            if ((t->r_cols[k].def.flags & SC_COL_INVISIBLE) || (!it->star_table && hidden(t, k)))
                continue;
            if (!(ni.e = column_node(r, t, &t->r_cols[k])))
                return SC_ENOMEM;
            ni.alias = t->r_cols[k].name;
            SC_TRY(push_item(r, b, &ni, cap));
        }
    }
    if (!any && it->star_table) {
        char full[600];
        snprintf(full, sizeof(full), "%s%s%s", it->star_db ? it->star_db : "",
                 it->star_db ? "." : "", it->star_table);
        return sc_exec__err(r->x, SC_ER_BAD_TABLE_ERROR, full);
    }
    if (!any && !sc->n_leaves)
        return sc_exec__err(r->x, SC_ER_NO_TABLES_USED);
    return SC_OK;
}

/* The name MariaDB gives an item without alias: its text as written. */
static const char *item_name(rctx *r, const sc_sel_item *it)
{
    const sc_expr *e = it->e;
    const char *sql = r->x->stmt->text;

    if (e->kind == SC_AST_EXPR_COLUMN)
        return e->name;
    if (e->kind == SC_AST_EXPR_LITERAL && e->lit.kind == SC_AST_LIT_STRING && !e->lit.introducer)
        return e->lit.text.s;
    if (e->kind == SC_AST_EXPR_LITERAL && e->lit.kind == SC_AST_LIT_NULL)
        return "NULL";
    if (it->end > it->start && sql)
        return sc_exec__printf(r->x, "%.*s", (int)(it->end - it->start), sql + it->start);
    return "?";
}

static int resolve_items(rctx *r, scope *sc, sc_select_block *b)
{
    size_t cap = 0;

    for (size_t i = 0; i < b->n_items; i++) {
        sc_sel_item it = b->items[i];
        if (it.star) {
            SC_TRY(expand_star(r, sc, b, &it, &cap));
            continue;
        }
        if (!it.alias)
            it.alias = item_name(r, &it);
        if (!it.alias)
            return SC_ENOMEM;
        SC_TRY(resolve_expr(r, sc, it.e, "SELECT"));
        SC_TRY(push_item(r, b, &it, &cap));
    }
    return SC_OK;
}

static int block_cols(rctx *r, sc_select_block *b, sc_sel_col **cols, size_t *n)
{
    *cols = sc_exec__alloc(r->x, (b->r_n_items + 1) * sizeof(**cols));
    if (!*cols)
        return SC_ENOMEM;
    for (size_t i = 0; i < b->r_n_items; i++) {
        (*cols)[i].name = b->r_items[i].alias;
        sc_ddl__expr_type(r->x, &(*cols)[i].def, b->r_items[i].e);
        (*cols)[i].def.name = b->r_items[i].alias;
    }
    *n = b->r_n_items;
    return SC_OK;
}

/* Select item k of a union block (NULL for a parenthesised block). */
static const sc_expr *branch_item(const sc_select_block *b, size_t k)
{
    return !b->paren && k < b->r_n_items ? b->r_items[k].e : NULL;
}

/* Does a set operation other than UNION ALL join the blocks? */
static bool any_distinct(const sc_select *s)
{
    for (size_t i = 0; i + 1 < s->n_blocks; i++)
        if (s->ops[i] != SC_SET_UNION_ALL)
            return true;
    return false;
}

/* The first block of a union: its columns copied (a parenthesised block's
 * own stay as they are) and read as a type holder branch. */
static int union_first(rctx *r, sc_select *s)
{
    sc_sel_col *c = sc_exec__alloc(r->x, (s->r_n_cols + 1) * sizeof(*c));

    if (!c)
        return SC_ENOMEM;
    for (size_t k = 0; k < s->r_n_cols; k++) {
        c[k] = s->r_cols[k];
        sc_ddl__union_branch(&c[k].def, branch_item(s->blocks[0], k));
    }
    s->r_cols = c;
    return SC_OK;
}

static int resolve_block(rctx *r, sc_select_block *b, scope *outer)
{
    scope sc = {0};

    if (b->paren) {
        SC_TRY(resolve_query(r, b->paren, outer));
        b->r_items = NULL;
        return SC_OK;
    }
    sc.outer = outer;
    sc.b = b;
    for (size_t i = 0; i < b->n_from; i++)
        SC_TRY(resolve_tables(r, b->from[i]));
    for (size_t i = 0; i < b->n_from; i++)
        SC_TRY(add_leaf(r, &sc, b->from[i]));
    for (size_t i = 0; i < b->n_from; i++)
        SC_TRY(resolve_conds(r, &sc, b->from[i]));
    SC_TRY(resolve_items(r, &sc, b));
    SC_TRY(resolve_expr(r, &sc, b->where, "WHERE"));
    SC_TRY(resolve_order(r, &sc, b->group, b->n_group, "GROUP BY"));
    SC_TRY(resolve_expr(r, &sc, b->having, "HAVING"));
    SC_TRY(resolve_order(r, &sc, b->order, b->n_order, "ORDER BY"));
    if (b->distinct || b->n_group || b->having || b->limit)
        r->sctx->not_mergeable = true;
    if (!b->n_from)
        r->sctx->no_tables = true;
    return SC_OK;
}

static int resolve_query(rctx *r, sc_select *s, scope *outer)
{
    size_t saved = r->n_ctes;
    int rc = SC_OK;

    for (size_t i = 0; i < s->n_ctes && rc == SC_OK; i++) {
        rc = resolve_query(r, s->ctes[i].query, NULL);
        if (rc == SC_OK) {
            const sc_cte **g = sc_exec__alloc(r->x, (r->n_ctes + 1) * sizeof(*g));
            if (!g)
                return SC_ENOMEM;
            if (r->n_ctes)
                memcpy(g, r->ctes, r->n_ctes * sizeof(*g));
            g[r->n_ctes++] = &s->ctes[i];
            r->ctes = g;
        }
    }
    for (size_t i = 0; i < s->n_blocks && rc == SC_OK; i++)
        rc = resolve_block(r, s->blocks[i], outer);
    if (rc == SC_OK && s->n_blocks > 1)
        r->sctx->not_mergeable = true;
    if (rc == SC_OK) {
        sc_select_block *first = s->blocks[0];
        if (first->paren) {
            s->r_cols = first->paren->r_cols;
            s->r_n_cols = first->paren->r_n_cols;
        } else {
            rc = block_cols(r, first, &s->r_cols, &s->r_n_cols);
        }
    }
    if (rc == SC_OK && s->n_blocks > 1)
        rc = union_first(r, s);
    /* UNION: the other blocks' types merge into the first's */
    for (size_t i = 1; i < s->n_blocks && rc == SC_OK; i++) {
        sc_select_block *b = s->blocks[i];
        sc_sel_col *cols = NULL;
        size_t n = 0;
        if (b->paren) {
            cols = b->paren->r_cols;
            n = b->paren->r_n_cols;
        } else {
            rc = block_cols(r, b, &cols, &n);
        }
        if (rc == SC_OK && n != s->r_n_cols)
            rc = sc_exec__err(r->x, SC_ER_WRONG_NUMBER_OF_COLUMNS_IN_SELECT);
        for (size_t k = 0; rc == SC_OK && k < n; k++) {
            sc_column_def d = cols[k].def;
            sc_ddl__union_branch(&d, branch_item(b, k));
            sc_ddl__type_merge(&s->r_cols[k].def, &d);
        }
    }
    for (size_t k = 0; rc == SC_OK && s->n_blocks > 1 && k < s->r_n_cols; k++)
        sc_ddl__union_finish(r->x, &s->r_cols[k].def, any_distinct(s));
    if (rc == SC_OK && s->n_order) {
        scope sc = {0};
        sc.outer = outer;
        sc.b = s->blocks[0]->paren ? NULL : s->blocks[0];
        rc = resolve_order(r, &sc, s->order, s->n_order, "ORDER BY");
    }
    r->n_ctes = saved;
    return rc;
}

int sc_exec__resolve_select(sc_exec *x, sc_select_ctx *c, sc_select *sel)
{
    rctx r = {0};

    r.x = x;
    r.db = x->s->database;
    r.sctx = c;
    return resolve_query(&r, sel, NULL);
}

void sc_exec__select_release(sc_select_ctx *c)
{
    for (size_t i = 0; i < c->n_held; i++)
        sc_table_free(c->held[i]);
    c->n_held = 0;
}
