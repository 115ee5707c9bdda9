/*
 * print_select.c - a resolved query printed as MariaDB 10.11 stores a view
 * (st_select_lex_unit::print, st_select_lex::print, TABLE_LIST::print):
 *   select [distinct] <expr> AS `alias`,... from <tables> where <cond>
 *   group by <list> [with rollup] having <cond> order by <list> limit [o,]n
 * Joins print as nests in parentheses, `(a join b on(cond))`, RIGHT JOIN as a
 * LEFT JOIN with the operands swapped, USING/NATURAL as the ON condition the
 * resolver built; a comma list is a join nest too. CTEs print before the
 * first select with no space: `with x as (select ...)select ...`.
 * Expressions go through ddl/expr.c with the resolver's qualifiers.
 */
#include <string.h>

#include "catalog/catalog_int.h"
#include "ddl/expr.h"
#include "ddl/select.h"

typedef struct sp {
    sc_buf *out;
    const char *compact_db; /* names of this database print unqualified */
    int rc;
} sp;

static void put(sp *p, const char *s)
{
    if (sc__buf_puts(p->out, s) != SC_OK)
        p->rc = SC_ENOMEM;
}

static void ident(sp *p, const char *s)
{
    if (sc_ddl__quote_ident(p->out, s) != SC_OK)
        p->rc = SC_ENOMEM;
}

static void expr(sp *p, const sc_expr *e)
{
    if (p->rc == SC_OK && sc_ddl__expr_print_ex(p->out, e, p->compact_db) != SC_OK)
        p->rc = SC_ENOMEM;
}

static void query(sp *p, const sc_select *s, unsigned flags);

static void tref(sp *p, const sc_tref *t, bool top);

/* One operand of a join: nests in parentheses. */
static void join_operand(sp *p, const sc_tref *t)
{
    tref(p, t, false);
}

static void print_join(sp *p, const sc_tref *t)
{
    const sc_tref *l = t->left, *r = t->right;

    put(p, "(");
    if (t->join == SC_JOIN_RIGHT) { /* MariaDB turns it into a LEFT JOIN */
        const sc_tref *tmp = l;
        l = r;
        r = tmp;
    }
    join_operand(p, l);
    put(p, t->join == SC_JOIN_STRAIGHT                           ? " straight_join "
           : t->join == SC_JOIN_LEFT || t->join == SC_JOIN_RIGHT ? " left join "
                                                                 : " join ");
    join_operand(p, r);
    if (t->on) {
        put(p, " on(");
        expr(p, t->on);
        put(p, ")");
    }
    put(p, ")");
}

static void tref(sp *p, const sc_tref *t, bool top)
{
    (void)top;
    switch (t->kind) {
    case SC_TREF_JOIN:
        print_join(p, t);
        return;
    case SC_TREF_DERIVED:
        put(p, "(");
        query(p, t->sub, 0);
        put(p, ") ");
        ident(p, t->alias ? t->alias : "");
        return;
    case SC_TREF_TABLE:
        if (t->r_db && !t->r_cte && !p->compact_db) {
            ident(p, t->r_db);
            put(p, ".");
        }
        ident(p, t->r_name ? t->r_name : t->name.name);
        if (t->alias) {
            put(p, " ");
            ident(p, t->alias);
        }
        return;
    }
}

static void order_list(sp *p, const sc_order_item *o, size_t n, bool is_order)
{
    for (size_t i = 0; i < n; i++) {
        if (i)
            put(p, ",");
        expr(p, o[i].e);
        if (o[i].desc)
            put(p, " desc");
    }
    (void)is_order;
}

static void limit(sp *p, const sc_expr *lim, const sc_expr *off)
{
    if (!lim)
        return;
    put(p, " limit ");
    if (off) {
        expr(p, off);
        put(p, ",");
    }
    expr(p, lim);
}

static void block(sp *p, const sc_select_block *b, unsigned flags)
{
    const sc_sel_item *items = b->r_items ? b->r_items : b->items;
    size_t n = b->r_items ? b->r_n_items : b->n_items;

    if (b->paren) {
        put(p, "(");
        query(p, b->paren, flags & SC_SELECT_PRINT_SUBQUERY);
        put(p, ")");
        return;
    }
    put(p, "select ");
    if (b->distinct)
        put(p, "distinct ");
    if (b->straight_join)
        put(p, "straight_join ");
    for (size_t i = 0; i < n; i++) {
        if (i)
            put(p, ",");
        expr(p, items[i].e);
        if (!(flags & SC_SELECT_PRINT_SUBQUERY) && items[i].alias) {
            put(p, " AS ");
            ident(p, items[i].alias);
        }
    }
    if (b->n_from) {
        put(p, " from ");
        if (b->n_from == 1) {
            tref(p, b->from[0], true);
        } else { /* a comma list is a left-deep join nest */
            for (size_t i = 1; i < b->n_from; i++)
                put(p, "(");
            tref(p, b->from[0], false);
            for (size_t i = 1; i < b->n_from; i++) {
                put(p, " join ");
                tref(p, b->from[i], false);
                put(p, ")");
            }
        }
    }
    if (b->where) {
        put(p, " where ");
        expr(p, b->where);
    }
    if (b->n_group) {
        put(p, " group by ");
        order_list(p, b->group, b->n_group, false);
        if (b->rollup)
            put(p, " with rollup");
    }
    if (b->having) {
        put(p, " having ");
        expr(p, b->having);
    }
    if (b->n_order) {
        put(p, " order by ");
        order_list(p, b->order, b->n_order, true);
    }
    if ((flags & SC_SELECT_PRINT_EXISTS) && !b->limit) {
        put(p, " limit 1");
        return;
    }
    limit(p, b->limit, b->offset);
}

static const char *const set_ops[] = {
    " union ", " union all ", " except ", " except all ", " intersect ", " intersect all ",
};

static void query(sp *p, const sc_select *s, unsigned flags)
{
    if (s->n_ctes) {
        put(p, s->recursive ? "with recursive " : "with ");
        for (size_t i = 0; i < s->n_ctes; i++) {
            const sc_cte *c = &s->ctes[i];
            if (i)
                put(p, ", ");
            put(p, c->name); /* With_element::print: the name as written, unquoted */
            if (c->n_columns) {
                put(p, " (");
                for (size_t k = 0; k < c->n_columns; k++) {
                    if (k)
                        put(p, ",");
                    ident(p, c->columns[k]);
                }
                put(p, ")");
            }
            put(p, " as (");
            query(p, c->query, 0);
            put(p, ")");
        }
    }
    for (size_t i = 0; i < s->n_blocks; i++) {
        if (i)
            put(p, set_ops[s->ops[i - 1]]);
        block(p, s->blocks[i],
              s->n_blocks == 1 ? flags : (flags & (unsigned)~SC_SELECT_PRINT_EXISTS));
    }
    if (s->n_order) {
        put(p, " order by ");
        order_list(p, s->order, s->n_order, true);
    }
    limit(p, s->limit, s->offset);
}

int sc_ddl__select_print_ex(sc_buf *out,
                            const sc_select *sel,
                            const char *compact_db,
                            unsigned flags)
{
    sp p = {out, compact_db, SC_OK};

    query(&p, sel, flags);
    if (p.rc != SC_OK || out->failed)
        return sc_error_set(out->ctx, SC_ENOMEM, 0, NULL, "out of memory printing a query");
    return SC_OK;
}

int sc_ddl__select_print(sc_buf *out, const sc_select *sel, const char *compact_db)
{
    return sc_ddl__select_print_ex(out, sel, compact_db, 0);
}
