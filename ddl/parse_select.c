/*
 * parse_select.c - query expressions as MariaDB 10.11's grammar reads them
 * inside DDL (CREATE VIEW, CREATE TABLE ... SELECT, subqueries): WITH,
 * UNION/EXCEPT/INTERSECT, select options, select lists with aliases, FROM
 * with every join form (comma binds looser than JOIN, as in the grammar),
 * derived tables, WHERE, GROUP BY [WITH ROLLUP], HAVING, WINDOW, ORDER BY,
 * LIMIT; windows (OVER) for ddl/parse_expr.c. Tree in ddl/select.h.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "ddl/parse_int.h"
#include "ddl/select.h"

static int query_expr(sc_parser *p, sc_select **out);

/* Words that end a select item or table reference rather than naming an alias. */
static const char *const not_alias[] = {
    "FROM",      "WHERE", "GROUP",     "HAVING", "ORDER", "LIMIT", "UNION",     "EXCEPT",
    "INTERSECT", "JOIN",  "INNER",     "LEFT",   "RIGHT", "CROSS", "NATURAL",   "STRAIGHT_JOIN",
    "ON",        "USING", "WINDOW",    "INTO",   "WITH",  "USE",   "FORCE",     "IGNORE",
    "FOR",       "LOCK",  "PROCEDURE", "OFFSET", "FULL",  "OUTER", "RETURNING",
};

static bool at_alias(const sc_parser *p)
{
    const sc_token *t = sc_parse__tok(p, 0);
    size_t i;

    if (t->kind == SC_TOK_QIDENT || t->kind == SC_TOK_STRING)
        return true;
    if (!sc_parse__is_ident(p, 0))
        return false;
    for (i = 0; i < sizeof(not_alias) / sizeof(not_alias[0]); i++)
        if (sc_parse__is_word(p, 0, not_alias[i]))
            return false;
    return true;
}

/* [AS] alias: identifier or (select items only) a string. */
static int opt_alias(sc_parser *p, const char **out, bool strings)
{
    bool as = sc_parse__accept_word(p, "AS");
    const sc_token *t = sc_parse__tok(p, 0);

    *out = NULL;
    if (t->kind == SC_TOK_STRING && strings) {
        sc_ast_str s;
        SC_TRY(sc_parse__string(p, &s));
        *out = s.s;
        return SC_OK;
    }
    if (as || (at_alias(p) && t->kind != SC_TOK_STRING))
        return sc_parse__ident(p, out);
    return SC_OK;
}

int sc_parse__order_list(sc_parser *p, sc_order_item **out, size_t *n)
{
    do {
        sc_order_item *o = sc_parse__push(p, (void **)out, n, sizeof(*o));
        if (!o)
            return sc_parse__nomem(p);
        SC_TRY(sc_parse__expr(p, &o->e));
        if (sc_parse__accept_word(p, "DESC"))
            o->desc = true;
        else
            (void)sc_parse__accept_word(p, "ASC");
    } while (sc_parse__accept_op(p, ","));
    return SC_OK;
}

/* One frame bound, appended to the frame text as MariaDB prints it. */
static int frame_bound(sc_parser *p, char *buf, size_t cap)
{
    size_t len = strlen(buf);
    const sc_token *t;

    if (sc_parse__accept_word(p, "UNBOUNDED")) { /* 10.11.19 prints ` unbounded  preceding` */
        if (sc_parse__accept_word(p, "PRECEDING"))
            snprintf(buf + len, cap - len, " unbounded  preceding");
        else if (sc_parse__accept_word(p, "FOLLOWING"))
            snprintf(buf + len, cap - len, " unbounded  following");
        else
            return sc_parse__syntax_error(p);
        return SC_OK;
    }
    if (sc_parse__accept_word(p, "CURRENT")) {
        SC_TRY(sc_parse__expect_word(p, "ROW"));
        snprintf(buf + len, cap - len, " current row");
        return SC_OK;
    }
    t = sc_parse__tok(p, 0);
    if (t->kind != SC_TOK_INT)
        return sc_parse__syntax_error(p);
    snprintf(buf + len, cap - len, "%.*s ", (int)t->len, p->sql + t->start);
    sc_parse__skip(p);
    len = strlen(buf);
    if (sc_parse__accept_word(p, "PRECEDING"))
        snprintf(buf + len, cap - len, "preceding");
    else if (sc_parse__accept_word(p, "FOLLOWING"))
        snprintf(buf + len, cap - len, "following");
    else
        return sc_parse__syntax_error(p);
    return SC_OK;
}

/* ROWS|RANGE {bound | BETWEEN bound AND bound} [EXCLUDE ...] */
static int frame(sc_parser *p, sc_window *w)
{
    char buf[256];
    char *s;

    if (sc_parse__accept_word(p, "ROWS"))
        snprintf(buf, sizeof(buf), " rows ");
    else if (sc_parse__accept_word(p, "RANGE"))
        snprintf(buf, sizeof(buf), " range ");
    else
        return SC_OK;
    /* 10.11.19 prints every frame as BETWEEN (`rows 2 preceding` is
       `rows between 2 preceding  and  current row `) */
    snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "between ");
    if (sc_parse__accept_word(p, "BETWEEN")) {
        SC_TRY(frame_bound(p, buf, sizeof(buf)));
        SC_TRY(sc_parse__expect_word(p, "AND"));
        snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "  and ");
        SC_TRY(frame_bound(p, buf, sizeof(buf)));
    } else {
        SC_TRY(frame_bound(p, buf, sizeof(buf)));
        snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "  and  current row");
    }
    snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), " ");
    s = sc_parse__alloc(p, strlen(buf) + 1);
    if (!s)
        return sc_parse__nomem(p);
    memcpy(s, buf, strlen(buf) + 1);
    w->frame = s;
    return SC_OK;
}

/* ( [name] [PARTITION BY ..] [ORDER BY ..] [frame] ) */
static int window_body(sc_parser *p, sc_window *w)
{
    SC_TRY(sc_parse__expect_op(p, "("));
    if (sc_parse__is_ident(p, 0) && !sc_parse__is_word(p, 0, "PARTITION") &&
        !sc_parse__is_word(p, 0, "ORDER") && !sc_parse__is_word(p, 0, "ROWS") &&
        !sc_parse__is_word(p, 0, "RANGE"))
        SC_TRY(sc_parse__ident(p, &w->ref));
    if (sc_parse__accept_word(p, "PARTITION")) {
        SC_TRY(sc_parse__expect_word(p, "BY"));
        SC_TRY(sc_parse__order_list(p, &w->partition, &w->n_partition));
    }
    if (sc_parse__accept_word(p, "ORDER")) {
        SC_TRY(sc_parse__expect_word(p, "BY"));
        SC_TRY(sc_parse__order_list(p, &w->order, &w->n_order));
    }
    SC_TRY(frame(p, w));
    return sc_parse__expect_op(p, ")");
}

int sc_parse__window_spec(sc_parser *p, sc_window **out)
{
    sc_window *w = sc_parse__alloc(p, sizeof(*w));

    if (!w)
        return sc_parse__nomem(p);
    *out = w;
    if (!sc_parse__is_op(p, 0, "(")) {
        w->by_name = true;
        return sc_parse__ident(p, &w->name);
    }
    return window_body(p, w);
}

/* ------------------------------------------------------------------ */
/* FROM                                                                 */

static int table_ref(sc_parser *p, sc_tref **out);

static sc_tref *new_tref(sc_parser *p, sc_tref_kind kind)
{
    sc_tref *t = sc_parse__alloc(p, sizeof(*t));

    if (t) {
        t->kind = kind;
        t->start = sc_parse__tok(p, 0)->start;
    }
    return t;
}

/* USE|FORCE|IGNORE {INDEX|KEY} [FOR ...] (list): accepted and dropped. */
static int index_hints(sc_parser *p)
{
    while ((sc_parse__is_word(p, 0, "USE") || sc_parse__is_word(p, 0, "FORCE") ||
            sc_parse__is_word(p, 0, "IGNORE")) &&
           (sc_parse__is_word(p, 1, "INDEX") || sc_parse__is_word(p, 1, "KEY"))) {
        sc_parse__skip(p);
        sc_parse__skip(p);
        if (sc_parse__accept_word(p, "FOR")) {
            if (sc_parse__accept_word(p, "GROUP") || sc_parse__accept_word(p, "ORDER"))
                SC_TRY(sc_parse__expect_word(p, "BY"));
            else
                SC_TRY(sc_parse__expect_word(p, "JOIN"));
        }
        if (!sc_parse__is_op(p, 0, "("))
            return sc_parse__syntax_error(p);
        SC_TRY(sc_parse__skip_balanced(p));
    }
    return SC_OK;
}

/* A table, a derived table or a parenthesised join. */
static int table_primary(sc_parser *p, sc_tref **out)
{
    sc_tref *t;

    if (sc_parse__is_op(p, 0, "(")) {
        if (sc_parse__is_word(p, 1, "SELECT") || sc_parse__is_word(p, 1, "WITH") ||
            (sc_parse__is_op(p, 1, "(") && sc_parse__is_word(p, 2, "SELECT"))) {
            t = new_tref(p, SC_TREF_DERIVED);
            if (!t)
                return sc_parse__nomem(p);
            sc_parse__skip(p);
            SC_TRY(query_expr(p, &t->sub));
            SC_TRY(sc_parse__expect_op(p, ")"));
            SC_TRY(opt_alias(p, &t->alias, false));
            if (!t->alias) /* 1248 Every derived table must have its own alias */
                t->alias = NULL;
            *out = t;
            return SC_OK;
        }
        sc_parse__skip(p);
        SC_TRY(table_ref(p, out));
        while (sc_parse__accept_op(p, ",")) {
            sc_tref *j = new_tref(p, SC_TREF_JOIN), *r;
            if (!j)
                return sc_parse__nomem(p);
            SC_TRY(table_ref(p, &r));
            j->left = *out;
            j->right = r;
            j->comma = true;
            *out = j;
        }
        return sc_parse__expect_op(p, ")");
    }
    t = new_tref(p, SC_TREF_TABLE);
    if (!t)
        return sc_parse__nomem(p);
    SC_TRY(sc_parse__qname(p, &t->name));
    SC_TRY(opt_alias(p, &t->alias, false));
    SC_TRY(index_hints(p));
    *out = t;
    return SC_OK;
}

/* The join operator at the current token: true and kind/natural set, or false. */
static bool join_op(sc_parser *p, sc_join_kind *kind, bool *natural, bool *needs_cond)
{
    *natural = false;
    *needs_cond = false;
    if (sc_parse__accept_word(p, "STRAIGHT_JOIN")) {
        *kind = SC_JOIN_STRAIGHT;
        return true;
    }
    if (sc_parse__is_word(p, 0, "JOIN") ||
        ((sc_parse__is_word(p, 0, "INNER") || sc_parse__is_word(p, 0, "CROSS")) &&
         sc_parse__is_word(p, 1, "JOIN"))) {
        if (!sc_parse__accept_word(p, "JOIN")) {
            sc_parse__skip(p);
            sc_parse__skip(p);
        }
        *kind = SC_JOIN_INNER;
        return true;
    }
    if (sc_parse__is_word(p, 0, "NATURAL")) {
        sc_parse__skip(p);
        *natural = true;
        *kind = SC_JOIN_INNER;
        if (sc_parse__accept_word(p, "LEFT"))
            *kind = SC_JOIN_LEFT;
        else if (sc_parse__accept_word(p, "RIGHT"))
            *kind = SC_JOIN_RIGHT;
        else
            (void)sc_parse__accept_word(p, "INNER");
        if (*kind != SC_JOIN_INNER)
            (void)sc_parse__accept_word(p, "OUTER");
        return true; /* JOIN expected next (checked by the caller) */
    }
    if (sc_parse__is_word(p, 0, "LEFT") || sc_parse__is_word(p, 0, "RIGHT")) {
        if (!(sc_parse__is_word(p, 1, "JOIN") || sc_parse__is_word(p, 1, "OUTER")))
            return false;
        *kind = sc_parse__is_word(p, 0, "LEFT") ? SC_JOIN_LEFT : SC_JOIN_RIGHT;
        sc_parse__skip(p);
        (void)sc_parse__accept_word(p, "OUTER");
        *needs_cond = true;
        return true;
    }
    return false;
}

static int join_cond(sc_parser *p, sc_tref *j)
{
    if (sc_parse__accept_word(p, "ON"))
        return sc_parse__expr(p, &j->on);
    if (sc_parse__accept_word(p, "USING")) {
        SC_TRY(sc_parse__expect_op(p, "("));
        do {
            const char **c = sc_parse__push(p, (void **)&j->using, &j->n_using, sizeof(*c));
            if (!c)
                return sc_parse__nomem(p);
            SC_TRY(sc_parse__ident(p, c));
        } while (sc_parse__accept_op(p, ","));
        return sc_parse__expect_op(p, ")");
    }
    return SC_OK;
}

/* primary { join primary [ON|USING] } */
static int table_ref(sc_parser *p, sc_tref **out)
{
    sc_join_kind kind;
    bool natural, needs_cond;

    SC_TRY(table_primary(p, out));
    while (join_op(p, &kind, &natural, &needs_cond)) {
        sc_tref *j = new_tref(p, SC_TREF_JOIN), *r;
        if (!j)
            return sc_parse__nomem(p);
        if (natural || needs_cond) {
            if (natural || kind != SC_JOIN_STRAIGHT)
                SC_TRY(sc_parse__expect_word(p, "JOIN"));
        }
        j->start = (*out)->start;
        SC_TRY(table_primary(p, &r));
        j->join = kind;
        j->natural = natural;
        j->left = *out;
        j->right = r;
        if (!natural)
            SC_TRY(join_cond(p, j));
        if (needs_cond && !j->on && !j->using)
            return sc_parse__syntax_error(p);
        *out = j;
    }
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Query blocks                                                         */

static int select_item(sc_parser *p, sc_select_block *b)
{
    sc_sel_item *it = sc_parse__push(p, (void **)&b->items, &b->n_items, sizeof(*it));
    const sc_token *t;

    if (!it)
        return sc_parse__nomem(p);
    t = sc_parse__tok(p, 0);
    it->start = t->start;
    if (sc_parse__accept_op(p, "*")) {
        it->star = true;
        return SC_OK;
    }
    /* t.* and db.t.* */
    if (sc_parse__is_ident(p, 0) && sc_parse__is_op(p, 1, ".") &&
        (sc_parse__is_op(p, 2, "*") ||
         (sc_parse__is_op(p, 3, ".") && sc_parse__is_op(p, 4, "*")))) {
        const char *a, *b2;
        SC_TRY(sc_parse__ident(p, &a));
        sc_parse__skip(p);
        if (sc_parse__accept_op(p, "*")) {
            it->star = true;
            it->star_table = a;
            return SC_OK;
        }
        SC_TRY(sc_parse__ident_after_dot(p, &b2));
        sc_parse__skip(p);
        SC_TRY(sc_parse__expect_op(p, "*"));
        it->star = true;
        it->star_db = a;
        it->star_table = b2;
        return SC_OK;
    }
    SC_TRY(sc_parse__expr(p, &it->e));
    it->end = it->e->end;
    SC_TRY(opt_alias(p, &it->alias, true));
    it->alias_given = it->alias != NULL;
    return SC_OK;
}

static int limit_clause(sc_parser *p, sc_expr **limit, sc_expr **offset)
{
    sc_expr *a;

    if (!sc_parse__accept_word(p, "LIMIT"))
        return SC_OK;
    SC_TRY(sc_parse__expr(p, &a));
    if (sc_parse__accept_op(p, ",")) {
        *offset = a;
        return sc_parse__expr(p, limit);
    }
    *limit = a;
    if (sc_parse__accept_word(p, "OFFSET"))
        return sc_parse__expr(p, offset);
    return SC_OK;
}

static const char *const select_options[] = {
    "HIGH_PRIORITY",       "SQL_SMALL_RESULT", "SQL_BIG_RESULT", "SQL_BUFFER_RESULT",
    "SQL_CALC_FOUND_ROWS", "SQL_CACHE",        "SQL_NO_CACHE",
};

static void block_options(sc_parser *p, sc_select_block *b)
{
    size_t i;

    for (;;) {
        if (sc_parse__accept_word(p, "DISTINCT") || sc_parse__accept_word(p, "DISTINCTROW")) {
            b->distinct = true;
            continue;
        }
        if (sc_parse__accept_word(p, "ALL"))
            continue;
        if (sc_parse__accept_word(p, "STRAIGHT_JOIN")) {
            b->straight_join = true;
            continue;
        }
        for (i = 0; i < sizeof(select_options) / sizeof(select_options[0]); i++)
            if (sc_parse__accept_word(p, select_options[i]))
                break;
        if (i == sizeof(select_options) / sizeof(select_options[0]))
            return;
    }
}

int sc_parse__table_refs(sc_parser *p, sc_tref ***out, size_t *n)
{
    do {
        sc_tref **slot = sc_parse__push(p, (void **)out, n, sizeof(*slot));
        if (!slot)
            return sc_parse__nomem(p);
        SC_TRY(table_ref(p, slot));
    } while (sc_parse__accept_op(p, ","));
    return SC_OK;
}

static int from_clause(sc_parser *p, sc_select_block *b)
{
    if (!sc_parse__accept_word(p, "FROM"))
        return SC_OK;
    if (sc_parse__accept_word(p, "DUAL"))
        return SC_OK;
    return sc_parse__table_refs(p, &b->from, &b->n_from);
}

/* May this block take INTO (a trigger body's own SELECT, not a subquery)? */
static bool into_allowed(const sc_parser *p)
{
    return p->into_fn && p->select_nest == 1 && sc_parse__is_word(p, 0, "INTO");
}

/* INTO {@var | local var} [, ...] | INTO OUTFILE|DUMPFILE 'file' ... (current token INTO). */
static int into_list(sc_parser *p, bool at_end)
{
    sc_parse__skip(p);
    if (sc_parse__accept_word(p, "OUTFILE") || sc_parse__accept_word(p, "DUMPFILE")) {
        sc_ast_str s;
        return sc_parse__string(p, &s);
    }
    do {
        const char *name;
        bool user = sc_parse__accept_op(p, "@");
        if (user && sc_parse__tok(p, 0)->kind == SC_TOK_STRING) {
            sc_ast_str s;
            SC_TRY(sc_parse__string(p, &s));
            name = s.s;
        } else if (user) {
            SC_TRY(sc_parse__ident_after_dot(p, &name));
        } else {
            SC_TRY(sc_parse__ident(p, &name));
        }
        SC_TRY(p->into_fn(p, name, user, at_end));
    } while (sc_parse__accept_op(p, ","));
    return SC_OK;
}

/* FOR UPDATE [WAIT n | NOWAIT | SKIP LOCKED] | LOCK IN SHARE MODE (body SELECTs). */
static int lock_clause(sc_parser *p)
{
    if (sc_parse__is_word(p, 0, "FOR") && sc_parse__is_word(p, 1, "UPDATE")) {
        sc_parse__skip(p);
        sc_parse__skip(p);
    } else if (sc_parse__is_word(p, 0, "LOCK") && sc_parse__is_word(p, 1, "IN")) {
        sc_parse__skip(p);
        sc_parse__skip(p);
        SC_TRY(sc_parse__expect_word(p, "SHARE"));
        return sc_parse__expect_word(p, "MODE");
    } else {
        return SC_OK;
    }
    if (sc_parse__accept_word(p, "SKIP"))
        return sc_parse__expect_word(p, "LOCKED");
    return sc_parse__opt_lock_wait(p);
}

static int window_clause(sc_parser *p, sc_select_block *b)
{
    if (!sc_parse__accept_word(p, "WINDOW"))
        return SC_OK;
    do {
        sc_window *w = sc_parse__push(p, (void **)&b->windows, &b->n_windows, sizeof(*w));
        if (!w)
            return sc_parse__nomem(p);
        SC_TRY(sc_parse__ident(p, &w->name));
        SC_TRY(sc_parse__expect_word(p, "AS"));
        SC_TRY(window_body(p, w));
    } while (sc_parse__accept_op(p, ","));
    return SC_OK;
}

static int select_block(sc_parser *p, sc_select_block **out)
{
    sc_select_block *b = sc_parse__alloc(p, sizeof(*b));

    if (!b)
        return sc_parse__nomem(p);
    *out = b;
    if (sc_parse__is_op(p, 0, "(")) {
        sc_parse__skip(p);
        SC_TRY(query_expr(p, &b->paren));
        return sc_parse__expect_op(p, ")");
    }
    SC_TRY(sc_parse__expect_word(p, "SELECT"));
    block_options(p, b);
    do {
        SC_TRY(select_item(p, b));
    } while (sc_parse__accept_op(p, ","));
    if (into_allowed(p)) {
        SC_TRY(into_list(p, p->into_union));
        b->into = true;
    } else if (sc_parse__is_word(p, 0, "INTO")) {
        b->into = true;
        return SC_OK;
    }
    SC_TRY(from_clause(p, b));
    if (sc_parse__accept_word(p, "WHERE"))
        SC_TRY(sc_parse__expr(p, &b->where));
    if (sc_parse__accept_word(p, "GROUP")) {
        SC_TRY(sc_parse__expect_word(p, "BY"));
        SC_TRY(sc_parse__order_list(p, &b->group, &b->n_group));
        if (sc_parse__is_word(p, 0, "WITH") && sc_parse__is_word(p, 1, "ROLLUP")) {
            sc_parse__skip(p);
            sc_parse__skip(p);
            b->rollup = true;
        }
    }
    if (sc_parse__accept_word(p, "HAVING"))
        SC_TRY(sc_parse__expr(p, &b->having));
    SC_TRY(window_clause(p, b));
    if (sc_parse__accept_word(p, "ORDER")) {
        SC_TRY(sc_parse__expect_word(p, "BY"));
        SC_TRY(sc_parse__order_list(p, &b->order, &b->n_order));
    }
    SC_TRY(limit_clause(p, &b->limit, &b->offset));
    if (!p->into_fn)
        return SC_OK;
    if (into_allowed(p)) {
        if (b->into)
            return sc_parse__syntax_error(p);
        SC_TRY(into_list(p, true));
        b->into = true;
    }
    return lock_clause(p);
}

static int with_clause(sc_parser *p, sc_select *s)
{
    if (!sc_parse__accept_word(p, "WITH"))
        return SC_OK;
    s->recursive = sc_parse__accept_word(p, "RECURSIVE");
    do {
        sc_cte *c = sc_parse__push(p, (void **)&s->ctes, &s->n_ctes, sizeof(*c));
        if (!c)
            return sc_parse__nomem(p);
        SC_TRY(sc_parse__ident(p, &c->name));
        if (sc_parse__is_op(p, 0, "("))
            SC_TRY(sc_parse__ident_list(p, &c->columns, &c->n_columns));
        SC_TRY(sc_parse__expect_word(p, "AS"));
        SC_TRY(sc_parse__expect_op(p, "("));
        SC_TRY(query_expr(p, &c->query));
        SC_TRY(sc_parse__expect_op(p, ")"));
    } while (sc_parse__accept_op(p, ","));
    return SC_OK;
}

static bool set_op(sc_parser *p, sc_set_op *op)
{
    int base;

    if (sc_parse__accept_word(p, "UNION"))
        base = SC_SET_UNION;
    else if (sc_parse__accept_word(p, "EXCEPT"))
        base = SC_SET_EXCEPT;
    else if (sc_parse__accept_word(p, "INTERSECT"))
        base = SC_SET_INTERSECT;
    else
        return false;
    if (sc_parse__accept_word(p, "ALL"))
        base++;
    else
        (void)sc_parse__accept_word(p, "DISTINCT");
    *op = (sc_set_op)base;
    return true;
}

static int query_expr(sc_parser *p, sc_select **out)
{
    sc_select *s = sc_parse__alloc(p, sizeof(*s));
    sc_select_block **b;
    sc_set_op op;
    unsigned saved = p->depth;

    if (!s)
        return sc_parse__nomem(p);
    if (p->depth >= SC_PARSE_MAX_DEPTH)
        return sc_parse__too_deep(p);
    p->depth++;
    p->select_nest++;
    s->start = sc_parse__tok(p, 0)->start;
    *out = s;
    SC_TRY(with_clause(p, s));
    for (;;) {
        b = sc_parse__push(p, (void **)&s->blocks, &s->n_blocks, sizeof(*b));
        if (!b)
            return sc_parse__nomem(p);
        p->into_union = s->n_blocks > 1;
        SC_TRY(select_block(p, b));
        if ((*b)->into && p->into_fn && p->select_nest == 1 && !p->into_union &&
            (sc_parse__is_word(p, 0, "UNION") || sc_parse__is_word(p, 0, "EXCEPT") ||
             sc_parse__is_word(p, 0, "INTERSECT")))
            return sc_parse__syntax_error(p); /* SELECT .. INTO .. UNION */
        if (!set_op(p, &op))
            break;
        sc_set_op *o = sc_parse__push(p, (void **)&s->ops, &(size_t){s->n_blocks - 1}, sizeof(*o));
        if (!o)
            return sc_parse__nomem(p);
        *o = op;
    }
    if (s->n_blocks > 1) {
        /* the last block's ORDER BY / LIMIT belong to the whole union */
        sc_select_block *last = s->blocks[s->n_blocks - 1];
        s->order = last->order;
        s->n_order = last->n_order;
        s->limit = last->limit;
        s->offset = last->offset;
        last->order = NULL;
        last->n_order = 0;
        last->limit = last->offset = NULL;
    }
    if (sc_parse__accept_word(p, "ORDER")) {
        SC_TRY(sc_parse__expect_word(p, "BY"));
        SC_TRY(sc_parse__order_list(p, &s->order, &s->n_order));
    }
    SC_TRY(limit_clause(p, &s->limit, &s->offset));
    s->end = p->pos ? p->toks[p->pos - 1].start + p->toks[p->pos - 1].len : s->start;
    p->depth = saved;
    p->select_nest--;
    return SC_OK;
}

int sc_parse__select(sc_parser *p, sc_select **out)
{
    bool saved = p->full_select;
    int rc;

    p->full_select = true;
    rc = query_expr(p, out);
    p->full_select = saved;
    return rc;
}
