/*
 * parse_show.c - the grammar of the statements that return rows about the
 * catalog (MariaDB 10.11's sql_yacc.yy forms): SHOW ..., DESCRIBE/DESC/
 * EXPLAIN t [col], and SELECT from one information_schema table with a
 * column list, WHERE, ORDER BY and LIMIT. The result is an sc_ast_show
 * (ddl/ast.h); ddl/show_stmt.c answers it.
 *
 * A SELECT this subset cannot read (joins, GROUP BY, subqueries, a table
 * outside information_schema) is reported as unsupported (1235), as SELECT
 * was before, not as a syntax error: it may well be valid SQL.
 */
#include <string.h>
#include <strings.h>

#include "ddl/parse_int.h"

static sc_ast_show *new_show(sc_parser *p, sc_ast_stmt *st, sc_ast_show_kind kind)
{
    sc_ast_show *s = sc_parse__alloc(p, sizeof(*s));

    if (!s)
        return NULL;
    st->kind = SC_AST_STMT_SHOW;
    st->show = s;
    s->kind = kind;
    return s;
}

/* [LIKE 'pattern' | WHERE expr] */
static int like_or_where(sc_parser *p, sc_ast_show *s)
{
    if (sc_parse__accept_word(p, "LIKE"))
        return sc_parse__string(p, &s->like);
    if (sc_parse__accept_word(p, "WHERE"))
        return sc_parse__expr(p, &s->where);
    return SC_OK;
}

/* [{FROM|IN} db] */
static int opt_from(sc_parser *p, const char **out)
{
    if (sc_parse__accept_word(p, "FROM") || sc_parse__accept_word(p, "IN"))
        return sc_parse__ident(p, out);
    return SC_OK;
}

/* {FROM|IN} [db.]table [{FROM|IN} db] */
static int from_table(sc_parser *p, sc_ast_show *s)
{
    if (!sc_parse__accept_word(p, "FROM") && !sc_parse__accept_word(p, "IN"))
        return sc_parse__syntax_error(p);
    SC_TRY(sc_parse__qname(p, &s->name));
    return opt_from(p, &s->from_db);
}

/* LIMIT n | LIMIT offset, n | LIMIT n OFFSET offset */
static int limit_clause(sc_parser *p, bool *has, uint64_t *limit, uint64_t *offset)
{
    sc_ast_num a, b;

    if (!sc_parse__accept_word(p, "LIMIT"))
        return SC_OK;
    SC_TRY(sc_parse__number(p, &a));
    *has = true;
    *limit = a.value;
    *offset = 0;
    if (sc_parse__accept_op(p, ",")) {
        SC_TRY(sc_parse__number(p, &b));
        *offset = a.value;
        *limit = b.value;
    } else if (sc_parse__accept_word(p, "OFFSET")) {
        SC_TRY(sc_parse__number(p, &b));
        *offset = b.value;
    }
    return SC_OK;
}

static int show_create(sc_parser *p, sc_ast_stmt *st)
{
    static const char *const objects[] = {"VIEW", "SEQUENCE", "TRIGGER"};
    sc_ast_show *s = new_show(p, st, SC_AST_SHOW_CREATE_TABLE);

    if (!s)
        return sc_parse__nomem(p);
    if (sc_parse__accept_word(p, "TABLE"))
        return sc_parse__qname(p, &s->name);
    if (sc_parse__accept_word(p, "DATABASE") || sc_parse__accept_word(p, "SCHEMA")) {
        s->kind = SC_AST_SHOW_CREATE_DATABASE;
        SC_TRY(sc_parse__if_not_exists(p, &s->if_not_exists));
        return sc_parse__ident(p, &s->name.name);
    }
    for (size_t i = 0; i < sizeof(objects) / sizeof(objects[0]); i++)
        if (sc_parse__accept_word(p, objects[i])) {
            s->kind = SC_AST_SHOW_CREATE_OBJECT;
            s->object = objects[i];
            return sc_parse__qname(p, &s->name);
        }
    return SC_ESQL; /* other SHOW CREATE: unsupported */
}

/* SHOW {WARNINGS|ERRORS} [LIMIT ...], SHOW COUNT(*) {WARNINGS|ERRORS}; true when matched */
static bool diagnostics(sc_parser *p, sc_ast_show *s, int *rc)
{
    bool count = false;

    if (sc_parse__is_word(p, 0, "COUNT") && sc_parse__is_op(p, 1, "(") &&
        sc_parse__is_op(p, 2, "*") && sc_parse__is_op(p, 3, ")")) {
        for (int i = 0; i < 4; i++)
            sc_parse__skip(p);
        count = true;
    }
    if (sc_parse__accept_word(p, "WARNINGS"))
        s->kind = SC_AST_SHOW_WARNINGS;
    else if (sc_parse__accept_word(p, "ERRORS"))
        s->kind = SC_AST_SHOW_ERRORS;
    else if (count) {
        *rc = sc_parse__syntax_error(p);
        return true;
    } else
        return false;
    s->count = count;
    *rc = count ? SC_OK : limit_clause(p, &s->has_limit, &s->limit, &s->offset);
    return true;
}

/* The SHOW forms after SHOW [FULL]; SC_ESQL for an unknown one. */
static int show_body(sc_parser *p, sc_ast_show *s)
{
    int rc;

    if (!s->full &&
        (sc_parse__accept_word(p, "DATABASES") || sc_parse__accept_word(p, "SCHEMAS"))) {
        s->kind = SC_AST_SHOW_DATABASES;
        return like_or_where(p, s);
    }
    if (sc_parse__accept_word(p, "TABLES")) {
        s->kind = SC_AST_SHOW_TABLES;
        SC_TRY(opt_from(p, &s->from_db));
        return like_or_where(p, s);
    }
    if (sc_parse__accept_word(p, "COLUMNS") || sc_parse__accept_word(p, "FIELDS")) {
        s->kind = SC_AST_SHOW_COLUMNS;
        SC_TRY(from_table(p, s));
        return like_or_where(p, s);
    }
    if (s->full)
        return SC_ESQL;
    if (sc_parse__accept_word(p, "INDEX") || sc_parse__accept_word(p, "INDEXES") ||
        sc_parse__accept_word(p, "KEYS")) {
        s->kind = SC_AST_SHOW_INDEX;
        SC_TRY(from_table(p, s));
        if (sc_parse__accept_word(p, "WHERE"))
            return sc_parse__expr(p, &s->where);
        return SC_OK;
    }
    if (sc_parse__is_word(p, 0, "TABLE") && sc_parse__is_word(p, 1, "STATUS")) {
        sc_parse__skip(p);
        sc_parse__skip(p);
        s->kind = SC_AST_SHOW_TABLE_STATUS;
        SC_TRY(opt_from(p, &s->from_db));
        return like_or_where(p, s);
    }
    if (diagnostics(p, s, &rc))
        return rc;
    if (sc_parse__accept_word(p, "GLOBAL"))
        s->global = true;
    else if (!sc_parse__accept_word(p, "SESSION"))
        (void)sc_parse__accept_word(p, "LOCAL");
    if (sc_parse__accept_word(p, "VARIABLES")) {
        s->kind = SC_AST_SHOW_VARIABLES;
        return like_or_where(p, s);
    }
    if (s->global)
        return SC_ESQL;
    if (sc_parse__accept_word(p, "CHARSET") ||
        (sc_parse__is_word(p, 0, "CHARACTER") && sc_parse__is_word(p, 1, "SET"))) {
        if (sc_parse__accept_word(p, "CHARACTER"))
            sc_parse__skip(p);
        s->kind = SC_AST_SHOW_CHARSET;
        return like_or_where(p, s);
    }
    if (sc_parse__accept_word(p, "COLLATION")) {
        s->kind = SC_AST_SHOW_COLLATION;
        return like_or_where(p, s);
    }
    if (sc_parse__accept_word(p, "ENGINES") ||
        (sc_parse__is_word(p, 0, "STORAGE") && sc_parse__is_word(p, 1, "ENGINES"))) {
        if (sc_parse__accept_word(p, "STORAGE"))
            sc_parse__skip(p);
        s->kind = SC_AST_SHOW_ENGINES;
        return SC_OK;
    }
    if (sc_parse__accept_word(p, "TRIGGERS")) {
        s->kind = SC_AST_SHOW_TRIGGERS;
        SC_TRY(opt_from(p, &s->from_db));
        return like_or_where(p, s);
    }
    return SC_ESQL;
}

int sc_parse__show(sc_parser *p,
                   sc_ast_stmt *st,
                   int (*unsupported)(sc_parser *, sc_ast_stmt *, const char *))
{
    sc_ast_show *s;
    int rc;

    if (sc_parse__accept_word(p, "CREATE")) {
        rc = show_create(p, st);
        return rc == SC_ESQL ? unsupported(p, st, "SHOW CREATE") : rc;
    }
    s = new_show(p, st, SC_AST_SHOW_TABLES);
    if (!s)
        return sc_parse__nomem(p);
    if (sc_parse__accept_word(p, "EXTENDED") && !sc_parse__is_word(p, 0, "INDEX") &&
        !sc_parse__is_word(p, 0, "INDEXES") && !sc_parse__is_word(p, 0, "KEYS"))
        return sc_parse__syntax_error(p);
    s->full = sc_parse__accept_word(p, "FULL");
    rc = show_body(p, s);
    return rc == SC_ESQL ? unsupported(p, st, "SHOW") : rc;
}

int sc_parse__describe(sc_parser *p, sc_ast_stmt *st)
{
    sc_ast_show *s = new_show(p, st, SC_AST_SHOW_COLUMNS);

    if (!s)
        return sc_parse__nomem(p);
    s->describe = true;
    SC_TRY(sc_parse__qname(p, &s->name));
    if (sc_parse__tok(p, 0)->kind == SC_TOK_STRING)
        return sc_parse__string(p, &s->like);
    if (sc_parse__is_ident(p, 0)) {
        const char *col;
        SC_TRY(sc_parse__ident(p, &col));
        s->like.s = col;
        s->like.len = strlen(col);
    }
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* SELECT                                                               */

static int select_item(sc_parser *p, sc_ast_select *sel)
{
    sc_ast_select_item *it = sc_parse__push(p, (void **)&sel->items, &sel->n_items, sizeof(*it));
    size_t start;

    if (!it)
        return sc_parse__nomem(p);
    if (sc_parse__accept_op(p, "*"))
        return SC_OK;
    start = sc_parse__tok(p, 0)->start;
    SC_TRY(sc_parse__expr(p, &it->expr));
    it->text = sc_parse__text(p, start, it->expr->end);
    if (!it->text)
        return sc_parse__nomem(p);
    if (sc_parse__accept_word(p, "AS")) {
        if (sc_parse__tok(p, 0)->kind == SC_TOK_STRING) {
            sc_ast_str a;
            SC_TRY(sc_parse__string(p, &a));
            it->alias = a.s;
            return SC_OK;
        }
        return sc_parse__ident(p, &it->alias);
    }
    if (sc_parse__is_ident(p, 0) && !sc_parse__is_word(p, 0, "FROM"))
        return sc_parse__ident(p, &it->alias);
    return SC_OK;
}

static int select_rest(sc_parser *p, sc_ast_select *sel)
{
    sc_ast_qname from;

    do
        SC_TRY(select_item(p, sel));
    while (sc_parse__accept_op(p, ","));
    SC_TRY(sc_parse__expect_word(p, "FROM"));
    SC_TRY(sc_parse__qname(p, &from));
    sel->from_db = from.db;
    sel->from_table = from.name;
    if (sc_parse__accept_word(p, "AS") ||
        (sc_parse__is_ident(p, 0) && !sc_parse__is_word(p, 0, "WHERE") &&
         !sc_parse__is_word(p, 0, "ORDER") && !sc_parse__is_word(p, 0, "LIMIT")))
        SC_TRY(sc_parse__ident(p, &sel->alias));
    if (sc_parse__accept_word(p, "WHERE"))
        SC_TRY(sc_parse__expr(p, &sel->where));
    if (sc_parse__accept_word(p, "ORDER")) {
        SC_TRY(sc_parse__expect_word(p, "BY"));
        SC_TRY(sc_parse__order_list(p, &sel->order, &sel->n_order));
    }
    SC_TRY(limit_clause(p, &sel->has_limit, &sel->limit, &sel->offset));
    (void)sc_parse__accept_op(p, ";");
    return sc_parse__at_end(p) ? SC_OK : SC_ESQL;
}

int sc_parse__show_select(sc_parser *p,
                          sc_ast_stmt *st,
                          int (*unsupported)(sc_parser *, sc_ast_stmt *, const char *))
{
    size_t pos = p->pos;
    sc_ast_show *s = new_show(p, st, SC_AST_SHOW_SELECT);
    sc_ast_select *sel = sc_parse__alloc(p, sizeof(*sel));
    int rc;

    if (!s || !sel)
        return sc_parse__nomem(p);
    s->select = sel;
    rc = select_rest(p, sel);
    if (rc == SC_ENOMEM || rc == SC_ESQL) /* SC_ESQL: 1582, found while parsing any SELECT */
        return rc;
    if (rc != SC_OK || !sel->from_db || strcasecmp(sel->from_db, "information_schema") != 0) {
        sc_ctx_clear_error(p->ctx);
        p->pos = pos;
        return unsupported(p, st, "SELECT");
    }
    return SC_OK;
}
