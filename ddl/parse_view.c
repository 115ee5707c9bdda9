/*
 * parse_view.c - the statements of views and triggers: CREATE [OR REPLACE]
 * / ALTER / DROP VIEW with ALGORITHM, DEFINER, SQL SECURITY, column list
 * and CHECK OPTION; CREATE [OR REPLACE] / DROP TRIGGER with FOLLOWS /
 * PRECEDES and a body. Trigger bodies (compound statements included) are
 * read as far as MariaDB's parse-time checks need: the statement structure
 * (BEGIN...END, IF, CASE, WHILE, REPEAT, LOOP, DECLARE, SET, SIGNAL and
 * DML), and every NEW.x / OLD.x reference, noting which are assigned. The
 * body itself is kept as text (MariaDB stores the original statement).
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
    }
    st->kind = is_alter ? SC_AST_STMT_ALTER_VIEW : SC_AST_STMT_CREATE_VIEW;
    st->view = v;
    if (!sc_parse__at_end(p))
        return sc_parse__syntax_error(p);
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Trigger bodies                                                       */

static int body_stmt(sc_parser *p, sc_ast_trigger *t);

static int add_ref(sc_parser *p, sc_ast_trigger *t, bool is_new, const char *col, bool assigned)
{
    sc_trg_ref *r = sc_parse__push(p, (void **)&t->refs, &t->n_refs, sizeof(*r));

    if (!r)
        return sc_parse__nomem(p);
    r->is_new = is_new;
    r->column = col;
    r->assigned = assigned;
    return SC_OK;
}

/* Is the current token NEW or OLD followed by '.'? */
static bool at_row_ref(const sc_parser *p)
{
    return (sc_parse__is_word(p, 0, "NEW") || sc_parse__is_word(p, 0, "OLD")) &&
           sc_parse__is_op(p, 1, ".");
}

/* Record the NEW/OLD references of an expression tree (columns qualified NEW./OLD.). */
static int expr_refs(sc_parser *p, sc_ast_trigger *t, const sc_expr *e)
{
    size_t i;

    if (!e)
        return SC_OK;
    if (e->kind == SC_AST_EXPR_COLUMN && e->qual_table && !e->qual_db &&
        (strcasecmp(e->qual_table, "NEW") == 0 || strcasecmp(e->qual_table, "OLD") == 0))
        return add_ref(p, t, strcasecmp(e->qual_table, "NEW") == 0, e->name, false);
    for (i = 0; i < e->n_args; i++)
        SC_TRY(expr_refs(p, t, e->args[i]));
    SC_TRY(expr_refs(p, t, e->case_operand));
    return expr_refs(p, t, e->case_else);
}

static int body_expr(sc_parser *p, sc_ast_trigger *t)
{
    sc_expr *e;

    SC_TRY(sc_parse__expr(p, &e));
    return expr_refs(p, t, e);
}

static bool at_stmt_end(const sc_parser *p)
{
    return sc_parse__at_end(p) || sc_parse__is_op(p, 0, ";");
}

/* SET target = expr {, target = expr} */
static int set_stmt(sc_parser *p, sc_ast_trigger *t)
{
    do {
        if (at_row_ref(p)) {
            bool is_new = sc_parse__is_word(p, 0, "NEW");
            const char *col;
            sc_parse__skip(p);
            sc_parse__skip(p);
            SC_TRY(sc_parse__ident_after_dot(p, &col));
            SC_TRY(add_ref(p, t, is_new, col, true));
        } else if (sc_parse__accept_op(p, "@") || sc_parse__accept_op(p, "@@")) {
            const char *name;
            if (sc_parse__is_word(p, 1, ".") || sc_parse__is_op(p, 1, ".")) {
                sc_parse__skip(p);
                sc_parse__skip(p);
            }
            if (sc_parse__tok(p, 0)->kind == SC_TOK_STRING)
                sc_parse__skip(p);
            else
                SC_TRY(sc_parse__ident_after_dot(p, &name));
        } else {
            const char *name;
            if (sc_parse__is_word(p, 0, "GLOBAL") || sc_parse__is_word(p, 0, "SESSION") ||
                sc_parse__is_word(p, 0, "LOCAL"))
                sc_parse__skip(p);
            SC_TRY(sc_parse__ident(p, &name));
            if (sc_parse__accept_op(p, "."))
                SC_TRY(sc_parse__ident_after_dot(p, &name));
        }
        if (!sc_parse__accept_op(p, "=") && !sc_parse__accept_op(p, ":="))
            return sc_parse__syntax_error(p);
        SC_TRY(body_expr(p, t));
    } while (sc_parse__accept_op(p, ","));
    return SC_OK;
}

/* A statement read as tokens up to ';' (DML, SIGNAL, CALL...): NEW/OLD refs noted. */
static int token_stmt(sc_parser *p, sc_ast_trigger *t)
{
    int depth = 0;

    while (!sc_parse__at_end(p) && !(depth == 0 && sc_parse__is_op(p, 0, ";"))) {
        if (sc_parse__tok(p, 0)->kind == SC_TOK_ERROR)
            return sc_parse__syntax_error(p);
        if (sc_parse__is_op(p, 0, "("))
            depth++;
        else if (sc_parse__is_op(p, 0, ")")) {
            if (--depth < 0)
                return sc_parse__syntax_error(p);
        }
        if (at_row_ref(p)) {
            bool is_new = sc_parse__is_word(p, 0, "NEW");
            const char *col;
            sc_parse__skip(p);
            sc_parse__skip(p);
            SC_TRY(sc_parse__ident_after_dot(p, &col));
            SC_TRY(add_ref(p, t, is_new, col, false));
            continue;
        }
        sc_parse__skip(p);
    }
    return depth ? sc_parse__syntax_error(p) : SC_OK;
}

/* stmt; stmt; ... until one of the end words (not consumed). */
static int stmt_list(sc_parser *p, sc_ast_trigger *t, const char *const *ends)
{
    for (;;) {
        for (const char *const *e = ends; *e; e++)
            if (sc_parse__is_word(p, 0, *e))
                return SC_OK;
        if (sc_parse__at_end(p))
            return sc_parse__syntax_error(p);
        SC_TRY(body_stmt(p, t));
        SC_TRY(sc_parse__expect_op(p, ";"));
    }
}

static int end_words(sc_parser *p, const char *w)
{
    SC_TRY(sc_parse__expect_word(p, "END"));
    if (w)
        SC_TRY(sc_parse__expect_word(p, w));
    return SC_OK;
}

static int opt_label_end(sc_parser *p)
{
    if (!at_stmt_end(p) && sc_parse__is_ident(p, 0)) {
        const char *l;
        return sc_parse__ident(p, &l);
    }
    return SC_OK;
}

static int if_stmt(sc_parser *p, sc_ast_trigger *t)
{
    static const char *const ends[] = {"ELSEIF", "ELSE", "END", NULL};

    do {
        SC_TRY(body_expr(p, t));
        SC_TRY(sc_parse__expect_word(p, "THEN"));
        SC_TRY(stmt_list(p, t, ends));
    } while (sc_parse__accept_word(p, "ELSEIF"));
    if (sc_parse__accept_word(p, "ELSE"))
        SC_TRY(stmt_list(p, t, ends + 2));
    return end_words(p, "IF");
}

static int case_stmt(sc_parser *p, sc_ast_trigger *t)
{
    static const char *const ends[] = {"WHEN", "ELSE", "END", NULL};

    if (!sc_parse__is_word(p, 0, "WHEN"))
        SC_TRY(body_expr(p, t));
    while (sc_parse__accept_word(p, "WHEN")) {
        SC_TRY(body_expr(p, t));
        SC_TRY(sc_parse__expect_word(p, "THEN"));
        SC_TRY(stmt_list(p, t, ends));
    }
    if (sc_parse__accept_word(p, "ELSE"))
        SC_TRY(stmt_list(p, t, ends + 2));
    return end_words(p, "CASE");
}

static int declare_stmt(sc_parser *p, sc_ast_trigger *t)
{
    if (sc_parse__is_word(p, 0, "CONTINUE") || sc_parse__is_word(p, 0, "EXIT") ||
        sc_parse__is_word(p, 0, "UNDO")) {
        sc_parse__skip(p);
        SC_TRY(sc_parse__expect_word(p, "HANDLER"));
        SC_TRY(sc_parse__expect_word(p, "FOR"));
        while (!sc_parse__at_end(p) && !sc_parse__is_word(p, 0, "BEGIN") &&
               !sc_parse__is_word(p, 0, "SET") && !sc_parse__is_word(p, 0, "INSERT") &&
               !sc_parse__is_word(p, 0, "UPDATE") && !sc_parse__is_word(p, 0, "DELETE") &&
               !sc_parse__is_word(p, 0, "SIGNAL") && !sc_parse__is_word(p, 0, "RESIGNAL"))
            sc_parse__skip(p);
        return body_stmt(p, t);
    }
    if (sc_parse__is_word(p, 1, "CONDITION") || sc_parse__is_word(p, 1, "CURSOR"))
        return token_stmt(p, t);
    do {
        const char *name;
        SC_TRY(sc_parse__ident(p, &name));
    } while (sc_parse__accept_op(p, ","));
    {
        sc_ast_type ty;
        bool serial = false;
        memset(&ty, 0, sizeof(ty));
        SC_TRY(sc_parse__type(p, &ty, &serial, false));
    }
    if (sc_parse__accept_word(p, "DEFAULT"))
        SC_TRY(body_expr(p, t));
    return SC_OK;
}

static int block_stmt(sc_parser *p, sc_ast_trigger *t)
{
    static const char *const ends[] = {"END", NULL};

    if (sc_parse__accept_word(p, "NOT"))
        SC_TRY(sc_parse__expect_word(p, "ATOMIC"));
    SC_TRY(stmt_list(p, t, ends));
    SC_TRY(end_words(p, NULL));
    return opt_label_end(p);
}

static int loop_stmt(sc_parser *p, sc_ast_trigger *t, const char *kind)
{
    static const char *const ends[] = {"END", NULL};
    static const char *const until[] = {"UNTIL", NULL};

    if (strcmp(kind, "WHILE") == 0) {
        SC_TRY(body_expr(p, t));
        SC_TRY(sc_parse__expect_word(p, "DO"));
    }
    if (strcmp(kind, "REPEAT") == 0) {
        SC_TRY(stmt_list(p, t, until));
        SC_TRY(sc_parse__expect_word(p, "UNTIL"));
        SC_TRY(body_expr(p, t));
    } else {
        SC_TRY(stmt_list(p, t, ends));
    }
    SC_TRY(end_words(p, kind));
    return opt_label_end(p);
}

static int body_stmt(sc_parser *p, sc_ast_trigger *t)
{
    if (sc_parse__is_ident(p, 0) && sc_parse__is_op(p, 1, ":") &&
        !sc_parse__is_word(p, 0, "BEGIN")) {
        sc_parse__skip(p);
        sc_parse__skip(p);
    }
    if (sc_parse__accept_word(p, "BEGIN"))
        return block_stmt(p, t);
    if (sc_parse__accept_word(p, "SET"))
        return set_stmt(p, t);
    if (sc_parse__accept_word(p, "IF"))
        return if_stmt(p, t);
    if (sc_parse__accept_word(p, "CASE"))
        return case_stmt(p, t);
    if (sc_parse__accept_word(p, "WHILE"))
        return loop_stmt(p, t, "WHILE");
    if (sc_parse__accept_word(p, "REPEAT"))
        return loop_stmt(p, t, "REPEAT");
    if (sc_parse__accept_word(p, "LOOP"))
        return loop_stmt(p, t, "LOOP");
    if (sc_parse__accept_word(p, "DECLARE"))
        return declare_stmt(p, t);
    if (sc_parse__accept_word(p, "LEAVE") || sc_parse__accept_word(p, "ITERATE")) {
        const char *l;
        return sc_parse__ident(p, &l);
    }
    if (sc_parse__is_word(p, 0, "INSERT") || sc_parse__is_word(p, 0, "UPDATE") ||
        sc_parse__is_word(p, 0, "DELETE") || sc_parse__is_word(p, 0, "REPLACE") ||
        sc_parse__is_word(p, 0, "SELECT") || sc_parse__is_word(p, 0, "SIGNAL") ||
        sc_parse__is_word(p, 0, "RESIGNAL") || sc_parse__is_word(p, 0, "CALL") ||
        sc_parse__is_word(p, 0, "DO") || sc_parse__is_word(p, 0, "WITH") ||
        sc_parse__is_word(p, 0, "RETURN") || sc_parse__is_word(p, 0, "OPEN") ||
        sc_parse__is_word(p, 0, "CLOSE") || sc_parse__is_word(p, 0, "FETCH") ||
        sc_parse__is_word(p, 0, "GET"))
        return token_stmt(p, t);
    return sc_parse__syntax_error(p);
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
    SC_TRY(body_stmt(p, t));
    if (!sc_parse__at_end(p))
        return sc_parse__syntax_error(p);
    return SC_OK;
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
