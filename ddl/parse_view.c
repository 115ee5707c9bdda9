/*
 * parse_view.c - the statements of views and triggers: CREATE [OR REPLACE]
 * / ALTER / DROP VIEW with ALGORITHM, DEFINER, SQL SECURITY, column list
 * and CHECK OPTION; CREATE [OR REPLACE] / DROP TRIGGER with FOLLOWS /
 * PRECEDES and a body, read by ddl/parse_body.c. The body itself is kept
 * as text (MariaDB stores the original statement).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "ddl/parse_int.h"
#include "ddl/select.h"

/* `user`@`host` with backquotes doubled. */
static char *definer_text(sc_parser *p, const char *user, const char *host)
{
    size_t cap = 2 * (strlen(user) + strlen(host)) + 8, n = 0;
    char *s = sc_parse__alloc(p, cap);
    const char *parts[2] = {user, host};

    if (!s)
        return NULL;
    for (int i = 0; i < 2; i++) {
        if (i)
            s[n++] = '@';
        s[n++] = '`';
        for (const char *c = parts[i]; *c; c++) {
            if (*c == '`')
                s[n++] = '`';
            s[n++] = *c;
        }
        s[n++] = '`';
    }
    s[n] = '\0';
    return s;
}

/* DEFINER = user | CURRENT_USER [()]  (after DEFINER) */
static int definer(sc_parser *p, const char **out)
{
    const char *user, *host = "%";

    sc_parse__opt_equal(p);
    if (sc_parse__accept_word(p, "CURRENT_USER")) {
        if (sc_parse__accept_op(p, "("))
            SC_TRY(sc_parse__expect_op(p, ")"));
        *out = NULL;
        return SC_OK;
    }
    SC_TRY(sc_parse__ident_or_text(p, &user));
    if (sc_parse__accept_op(p, "@"))
        SC_TRY(sc_parse__ident_or_text(p, &host));
    *out = definer_text(p, user, host);
    return *out ? SC_OK : sc_parse__nomem(p);
}

/* [ALGORITHM = x] [DEFINER = u] [SQL SECURITY x] before VIEW / TRIGGER. */
static int view_prefix(sc_parser *p, sc_ast_view *v, bool *saw_view_only)
{
    v->algorithm = -1;
    v->security = -1;
    *saw_view_only = false;
    if (sc_parse__accept_word(p, "ALGORITHM")) {
        SC_TRY(sc_parse__expect_op(p, "="));
        if (sc_parse__accept_word(p, "UNDEFINED"))
            v->algorithm = SC_VIEW_ALG_UNDEFINED;
        else if (sc_parse__accept_word(p, "MERGE"))
            v->algorithm = SC_VIEW_ALG_MERGE;
        else if (sc_parse__accept_word(p, "TEMPTABLE"))
            v->algorithm = SC_VIEW_ALG_TEMPTABLE;
        else
            return sc_parse__syntax_error(p);
        *saw_view_only = true;
    }
    if (sc_parse__accept_word(p, "DEFINER"))
        SC_TRY(definer(p, &v->definer));
    if (sc_parse__accept_word(p, "SQL")) {
        SC_TRY(sc_parse__expect_word(p, "SECURITY"));
        if (sc_parse__accept_word(p, "DEFINER"))
            v->security = 0;
        else if (sc_parse__accept_word(p, "INVOKER"))
            v->security = 1;
        else
            return sc_parse__syntax_error(p);
        *saw_view_only = true;
    }
    return SC_OK;
}

/* VIEW [IF NOT EXISTS] name [(cols)] AS select [WITH [CASCADED|LOCAL] CHECK OPTION] */
static int view_body(sc_parser *p, sc_ast_stmt *st, sc_ast_view *v, bool is_alter)
{
    SC_TRY(sc_parse__expect_word(p, "VIEW"));
    if (!is_alter)
        SC_TRY(sc_parse__if_not_exists(p, &v->if_not_exists));
    SC_TRY(sc_parse__qname(p, &v->name));
    if (sc_parse__is_op(p, 0, "("))
        SC_TRY(sc_parse__ident_list(p, &v->columns, &v->n_columns));
    SC_TRY(sc_parse__expect_word(p, "AS"));
    v->query_start = sc_parse__tok(p, 0)->start;
    SC_TRY(sc_parse__select(p, &v->query));
    v->query_end = v->query->end;
    if (sc_parse__accept_word(p, "WITH")) {
        v->check = SC_VIEW_CHECK_CASCADED;
        if (sc_parse__accept_word(p, "LOCAL"))
            v->check = SC_VIEW_CHECK_LOCAL;
        else
            (void)sc_parse__accept_word(p, "CASCADED");
        SC_TRY(sc_parse__expect_word(p, "CHECK"));
        SC_TRY(sc_parse__expect_word(p, "OPTION"));
        /* MariaDB's source= (the view's .frm) runs to the end of the CHECK OPTION */
        v->query_end = p->toks[p->pos - 1].start + p->toks[p->pos - 1].len;
    }
    st->kind = is_alter ? SC_AST_STMT_ALTER_VIEW : SC_AST_STMT_CREATE_VIEW;
    st->view = v;
    if (!sc_parse__at_end(p))
        return sc_parse__syntax_error(p);
    return SC_OK;
}

/* End of the FOLLOWS/PRECEDES clause as MariaDB cuts it: the next token's
 * start, or the end of the last comment before it. */
static size_t order_clause_end(const sc_parser *p)
{
    const sc_token *prev = &p->toks[p->pos - 1], *next = sc_parse__tok(p, 0);
    size_t end = next->start, i;

    for (i = prev->start + prev->len; i + 1 < next->start; i++) {
        if (p->sql[i] == '*' && p->sql[i + 1] == '/')
            end = i + 2;
    }
    return end;
}

static int create_trigger(sc_parser *p, sc_ast_stmt *st, bool or_replace, const char *def)
{
    sc_ast_trigger *t = sc_parse__alloc(p, sizeof(*t));

    if (!t)
        return sc_parse__nomem(p);
    st->kind = SC_AST_STMT_CREATE_TRIGGER;
    st->trigger = t;
    t->or_replace = or_replace;
    t->definer = def;
    t->def_start = sc_parse__tok(p, 0)->start;
    SC_TRY(sc_parse__expect_word(p, "TRIGGER"));
    SC_TRY(sc_parse__if_not_exists(p, &t->if_not_exists));
    SC_TRY(sc_parse__qname(p, &t->name));
    if (sc_parse__accept_word(p, "BEFORE"))
        t->timing = SC_TRG_BEFORE;
    else if (sc_parse__accept_word(p, "AFTER"))
        t->timing = SC_TRG_AFTER;
    else
        return sc_parse__syntax_error(p);
    if (sc_parse__accept_word(p, "INSERT"))
        t->events = 1 << SC_TRG_INSERT;
    else if (sc_parse__accept_word(p, "UPDATE"))
        t->events = 1 << SC_TRG_UPDATE;
    else if (sc_parse__accept_word(p, "DELETE"))
        t->events = 1 << SC_TRG_DELETE;
    else
        return sc_parse__syntax_error(p);
    SC_TRY(sc_parse__expect_word(p, "ON"));
    t->table_start = sc_parse__tok(p, 0)->start;
    SC_TRY(sc_parse__qname(p, &t->table));
    t->table_end = p->toks[p->pos - 1].start + p->toks[p->pos - 1].len;
    SC_TRY(sc_parse__expect_word(p, "FOR"));
    SC_TRY(sc_parse__expect_word(p, "EACH"));
    SC_TRY(sc_parse__expect_word(p, "ROW"));
    if (sc_parse__is_word(p, 0, "FOLLOWS") || sc_parse__is_word(p, 0, "PRECEDES")) {
        t->order = sc_parse__is_word(p, 0, "FOLLOWS") ? 1 : 2;
        t->order_start = sc_parse__tok(p, 0)->start;
        sc_parse__skip(p);
        SC_TRY(sc_parse__ident(p, &t->order_other));
        t->order_end = order_clause_end(p);
    }
    {
        bool full = p->full_select;
        int rc;
        p->full_select = true;
        rc = sc_parse__trigger_body(p, t);
        p->full_select = full;
        return rc;
    }
}

int sc_parse__create_view_or_trigger(sc_parser *p, sc_ast_stmt *st, bool or_replace)
{
    sc_ast_view *v = sc_parse__alloc(p, sizeof(*v));
    bool view_only;

    if (!v)
        return sc_parse__nomem(p);
    v->or_replace = or_replace;
    SC_TRY(view_prefix(p, v, &view_only));
    if (!view_only && sc_parse__is_word(p, 0, "TRIGGER"))
        return create_trigger(p, st, or_replace, v->definer);
    return view_body(p, st, v, false);
}

int sc_parse__alter_view(sc_parser *p, sc_ast_stmt *st)
{
    sc_ast_view *v = sc_parse__alloc(p, sizeof(*v));
    bool view_only;

    if (!v)
        return sc_parse__nomem(p);
    SC_TRY(view_prefix(p, v, &view_only));
    return view_body(p, st, v, true);
}

int sc_parse__drop_view(sc_parser *p, sc_ast_stmt *st)
{
    sc_ast_drop_table *d = sc_parse__alloc(p, sizeof(*d));

    if (!d)
        return sc_parse__nomem(p);
    st->kind = SC_AST_STMT_DROP_VIEW;
    st->drop_table = d;
    SC_TRY(sc_parse__if_exists(p, &d->if_exists));
    SC_TRY(sc_parse__qname_list(p, &d->tables, &d->n_tables));
    if (!sc_parse__accept_word(p, "CASCADE"))
        (void)sc_parse__accept_word(p, "RESTRICT");
    return SC_OK;
}

int sc_parse__drop_trigger(sc_parser *p, sc_ast_stmt *st)
{
    sc_ast_trigger *t = sc_parse__alloc(p, sizeof(*t));

    if (!t)
        return sc_parse__nomem(p);
    st->kind = SC_AST_STMT_DROP_TRIGGER;
    st->trigger = t;
    SC_TRY(sc_parse__if_exists(p, &t->if_exists));
    return sc_parse__qname(p, &t->name);
}
