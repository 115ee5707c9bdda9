/*
 * parse_body.c - trigger bodies as MariaDB 10.11's grammar reads a stored
 * program (sp_proc_stmt): compound statements (BEGIN ... END, labels, IF,
 * CASE, LOOP, WHILE, REPEAT, FOR, LEAVE, ITERATE, DECLARE of variables,
 * conditions, cursors and handlers, OPEN / FETCH / CLOSE), SET, SIGNAL /
 * RESIGNAL, and the SQL statements a body may hold: INSERT / REPLACE
 * (VALUES, SET, SELECT, ON DUPLICATE KEY UPDATE, RETURNING), UPDATE and
 * DELETE (single and multi-table), SELECT ... INTO, DO, CALL. The SELECT
 * parts go through ddl/parse_select.c and expressions through
 * ddl/parse_expr.c, so a syntax error gets MariaDB's 1064 at the same token.
 *
 * What MariaDB's parser checks while it reads a body is checked here at the
 * same point: labels (1308, 1309, 1310), declarations and their order
 * (1331-1333, 1337, 1338), undeclared cursors, conditions and variables
 * (1324, 1319, 1327, 1193), handlers (1413), SIGNAL (1407, 1641, 1646),
 * RETURN (1313), LOCK (1314), and the NEW / OLD rules (1362, 1363). What
 * it checks once the body is read (sp_head::is_not_allowed_in_function):
 * dynamic SQL (1336), a statement returning a result set (1415), SET
 * autocommit (1445), statements that commit (1422), RESET and FLUSH (1336).
 * The body itself is kept as text by the caller (ddl/exec_trigger.c).
 * Statements that only carry a flag (DDL, SHOW...) are read as tokens.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/errmsg.h"
#include "ddl/parse_int.h"
#include "ddl/select.h"

/* Flags of sp_head that trigger_tail turns into errors, in its order. */
enum {
    BODY_DYNAMIC_SQL = 1 << 0,
    BODY_MULTI_RESULTS = 1 << 1,
    BODY_SET_AUTOCOMMIT = 1 << 2,
    BODY_COMMIT = 1 << 3,
    BODY_RESET = 1 << 4,
    BODY_FLUSH = 1 << 5,
};

typedef struct body_cond {
    const char *name;
    bool sqlstate; /* FOR SQLSTATE '...' (else an error number) */
} body_cond;

/* One BEGIN ... END block's declarations (sp_pcontext). */
typedef struct body_scope {
    struct body_scope *up;
    const char **vars;
    size_t n_vars;
    body_cond *conds;
    size_t n_conds;
    const char **curs;
    size_t n_curs;
    int phase; /* 0: variables and conditions allowed, 1: after a cursor, 2: after a handler */
} body_scope;

typedef struct body_label {
    const char *name;
    bool loop; /* ITERATE may name it */
} body_label;

typedef struct body {
    sc_parser *p;
    sc_ast_trigger *t;
    body_scope *scope;
    body_label *labels; /* the labels around the current statement, innermost last */
    size_t n_labels;
    size_t label_floor; /* labels below this index are outside a handler body */
    unsigned flags;     /* BODY_* */
} body;

static int stmt(body *b);

/* A MariaDB error found while reading the body (the grammar's actions raise them). */
#define err(b, ...) sc_error_set_er((b)->p->ctx, SC_ESYNTAX, __VA_ARGS__)

/* ------------------------------------------------------------------ */
/* Errors and small helpers                                             */

static const char *const sysvars[] = {
#define SC_SYSVAR(n) n,
#include "ddl/sysvars.def"
#undef SC_SYSVAR
};

static int cmp_name(const void *key, const void *elem)
{
    return strcasecmp(key, *(const char *const *)elem);
}

static bool is_sysvar(const char *name)
{
    return bsearch(name, sysvars, sizeof(sysvars) / sizeof(sysvars[0]), sizeof(sysvars[0]),
                   cmp_name) != NULL;
}

static bool at_stmt_end(const sc_parser *p)
{
    return sc_parse__at_end(p) || sc_parse__is_op(p, 0, ";");
}

static bool find_var(const body *b, const char *name)
{
    for (const body_scope *s = b->scope; s; s = s->up)
        for (size_t i = 0; i < s->n_vars; i++)
            if (strcasecmp(s->vars[i], name) == 0)
                return true;
    return false;
}

static const body_cond *find_cond(const body *b, const char *name)
{
    for (const body_scope *s = b->scope; s; s = s->up)
        for (size_t i = 0; i < s->n_conds; i++)
            if (strcasecmp(s->conds[i].name, name) == 0)
                return &s->conds[i];
    return NULL;
}

static bool find_cursor(const body *b, const char *name)
{
    for (const body_scope *s = b->scope; s; s = s->up)
        for (size_t i = 0; i < s->n_curs; i++)
            if (strcasecmp(s->curs[i], name) == 0)
                return true;
    return false;
}

static const body_label *find_label(const body *b, const char *name)
{
    for (size_t i = b->n_labels; i > b->label_floor; i--)
        if (b->labels[i - 1].name && strcasecmp(b->labels[i - 1].name, name) == 0)
            return &b->labels[i - 1];
    return NULL;
}

/* ------------------------------------------------------------------ */
/* NEW / OLD                                                            */

/* MariaDB's parser rules for NEW.x / OLD.x (LEX::create_and_link_Item_trigger_field). */
static int add_ref(body *b, bool is_new, const char *col, bool assigned)
{
    sc_ast_trigger *t = b->t;
    sc_trg_ref *r;
    int ev = t->events & (1 << SC_TRG_DELETE)   ? SC_TRG_DELETE
             : t->events & (1 << SC_TRG_UPDATE) ? SC_TRG_UPDATE
                                                : SC_TRG_INSERT;

    if (assigned) {
        if (!is_new)
            return err(b, SC_ER_TRG_CANT_CHANGE_ROW, "OLD", "");
        if (ev == SC_TRG_DELETE)
            return err(b, SC_ER_TRG_NO_SUCH_ROW_IN_TRG, "NEW", "on DELETE");
        if (t->timing == SC_TRG_AFTER)
            return err(b, SC_ER_TRG_CANT_CHANGE_ROW, "NEW", "after ");
    } else if (is_new && ev == SC_TRG_DELETE) {
        return err(b, SC_ER_TRG_NO_SUCH_ROW_IN_TRG, "NEW", "on DELETE");
    } else if (!is_new && ev == SC_TRG_INSERT) {
        return err(b, SC_ER_TRG_NO_SUCH_ROW_IN_TRG, "OLD", "on INSERT");
    }
    r = sc_parse__push(b->p, (void **)&t->refs, &t->n_refs, sizeof(*r));
    if (!r)
        return sc_parse__nomem(b->p);
    r->is_new = is_new;
    r->column = col;
    r->assigned = assigned;
    return SC_OK;
}

static bool at_row_ref(const sc_parser *p, size_t i)
{
    return (sc_parse__is_word(p, i, "NEW") || sc_parse__is_word(p, i, "OLD")) &&
           sc_parse__is_op(p, i + 1, ".") && sc_parse__tok(p, i + 2)->kind != SC_TOK_EOF &&
           (i == 0 || !sc_parse__is_op(p, i - 1, "."));
}

/*
 * The NEW.x / OLD.x references of the tokens from index `from` up to the
 * current one, in order, checked and noted as read (not assigned): what the
 * grammar's actions saw of a statement. After a syntax error (fail set) the
 * first reference MariaDB refuses replaces the 1064 (its action ran first).
 */
static int scan_refs(body *b, size_t from, int fail)
{
    sc_parser *p = b->p;
    size_t end = p->pos, save = p->pos;
    int rc = fail;

    for (size_t i = from; i < end && i + 2 < p->n_toks; i++) {
        const char *col;
        bool is_new;
        p->pos = i;
        if (!at_row_ref(p, 0) || (i > 0 && sc_lex__is_op(p->sql, &p->toks[i - 1], ".")))
            continue;
        is_new = sc_parse__is_word(p, 0, "NEW");
        p->pos = i + 2;
        if (sc_parse__ident_after_dot(p, &col) != SC_OK) {
            p->pos = save;
            return fail ? fail : SC_ESYNTAX;
        }
        rc = add_ref(b, is_new, col, false);
        if (rc != SC_OK) {
            p->pos = save;
            return rc;
        }
        rc = fail;
        i += 2;
    }
    p->pos = save;
    return rc;
}

static int with_refs(body *b, size_t from, int rc)
{
    if (rc == SC_OK)
        return scan_refs(b, from, SC_OK);
    if (rc == SC_ESYNTAX)
        return scan_refs(b, from, rc);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Expressions, variables, SET                                          */

static int expr(body *b, sc_expr **out)
{
    sc_expr *e;
    size_t from = b->p->pos;

    if (!out)
        out = &e;
    return with_refs(b, from, sc_parse__expr(b->p, out));
}

/* expr | DEFAULT */
static int expr_or_default(body *b)
{
    if (sc_parse__accept_word(b->p, "DEFAULT"))
        return SC_OK;
    return expr(b, NULL);
}

/* SET [GLOBAL|SESSION|LOCAL] name = ..., @name = ..., @@[scope.]name = ..., NEW.x = ... */
static int set_target(body *b)
{
    sc_parser *p = b->p;
    const char *name;

    if (at_row_ref(p, 0)) {
        bool is_new = sc_parse__is_word(p, 0, "NEW");
        sc_parse__skip(p);
        sc_parse__skip(p);
        SC_TRY(sc_parse__ident_after_dot(p, &name));
        return add_ref(b, is_new, name, true);
    }
    if (sc_parse__accept_op(p, "@")) {
        if (sc_parse__tok(p, 0)->kind == SC_TOK_STRING) {
            sc_ast_str s;
            return sc_parse__string(p, &s);
        }
        return sc_parse__ident_after_dot(p, &name);
    }
    if (sc_parse__accept_op(p, "@@")) {
        if (sc_parse__is_op(p, 1, ".") &&
            (sc_parse__is_word(p, 0, "GLOBAL") || sc_parse__is_word(p, 0, "SESSION") ||
             sc_parse__is_word(p, 0, "LOCAL"))) {
            sc_parse__skip(p);
            sc_parse__skip(p);
        }
        SC_TRY(sc_parse__ident_after_dot(p, &name));
    } else {
        bool scoped = false;
        if (sc_parse__is_word(p, 0, "GLOBAL") || sc_parse__is_word(p, 0, "SESSION") ||
            sc_parse__is_word(p, 0, "LOCAL")) {
            sc_parse__skip(p);
            scoped = true;
        }
        SC_TRY(sc_parse__ident(p, &name));
        if (sc_parse__accept_op(p, "."))
            return sc_parse__ident_after_dot(p, &name); /* a structured variable */
        if (!scoped && find_var(b, name))
            return SC_OK;
    }
    if (!is_sysvar(name))
        return err(b, SC_ER_UNKNOWN_SYSTEM_VARIABLE, name);
    if (strcasecmp(name, "autocommit") == 0)
        b->flags |= BODY_SET_AUTOCOMMIT;
    return SC_OK;
}

static int set_stmt(body *b)
{
    sc_parser *p = b->p;

    if (sc_parse__is_word(p, 0, "NAMES") || sc_parse__is_word(p, 0, "TRANSACTION") ||
        sc_parse__is_word(p, 0, "PASSWORD") || sc_parse__is_word(p, 0, "ROLE") ||
        sc_parse__is_word(p, 0, "STATEMENT") ||
        (sc_parse__is_word(p, 0, "CHARACTER") && sc_parse__is_word(p, 1, "SET"))) {
        while (!at_stmt_end(p))
            sc_parse__skip(p);
        return SC_OK;
    }
    do {
        SC_TRY(set_target(b));
        if (!sc_parse__accept_op(p, "=") && !sc_parse__accept_op(p, ":="))
            return sc_parse__syntax_error(p);
        if (sc_parse__is_word(p, 0, "DEFAULT") || sc_parse__is_word(p, 0, "ON") ||
            sc_parse__is_word(p, 0, "ALL") || sc_parse__is_word(p, 0, "BINARY"))
            sc_parse__skip(p);
        else
            SC_TRY(expr(b, NULL));
    } while (sc_parse__accept_op(p, ","));
    return SC_OK;
}

/* An INTO target of SELECT or FETCH: @user or a declared variable (1327). */
static int into_target(sc_parser *p, const char *name, bool user, bool at_end)
{
    body *b = p->into_arg;

    if (at_end)
        b->t->into_at_end = true;
    if (!user && !find_var(b, name))
        return err(b, SC_ER_SP_UNDECLARED_VAR, name);
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* SQL statements                                                       */

/* A query expression; *into set when a block took INTO. */
static int query(body *b, bool *into)
{
    sc_select *s;
    size_t from = b->p->pos;
    int rc;

    rc = sc_parse__select(b->p, &s);
    SC_TRY(with_refs(b, from, rc));
    *into = false;
    for (size_t i = 0; i < s->n_blocks; i++)
        *into = *into || s->blocks[i]->into;
    return SC_OK;
}

static int select_stmt(body *b)
{
    bool into;

    SC_TRY(query(b, &into));
    if (!into)
        b->flags |= BODY_MULTI_RESULTS;
    return SC_OK;
}

/* RETURNING select items: a result set. */
static int returning(body *b)
{
    sc_parser *p = b->p;
    size_t from = p->pos;

    if (!sc_parse__accept_word(p, "RETURNING"))
        return SC_OK;
    b->flags |= BODY_MULTI_RESULTS;
    do {
        if (sc_parse__accept_op(p, "*"))
            continue;
        SC_TRY(with_refs(b, from, sc_parse__expr(p, &(sc_expr *){NULL})));
        if (sc_parse__accept_word(p, "AS") || sc_parse__tok(p, 0)->kind == SC_TOK_QIDENT ||
            (sc_parse__is_ident(p, 0) && !at_stmt_end(p)))
            SC_TRY(sc_parse__ident(p, &(const char *){NULL}));
        from = p->pos;
    } while (sc_parse__accept_op(p, ","));
    return SC_OK;
}

/* col = expr|DEFAULT {, ...} (INSERT ... SET, ON DUPLICATE KEY UPDATE, UPDATE ... SET) */
static int assignments(body *b)
{
    sc_parser *p = b->p;

    do {
        const char *name;
        size_t from = p->pos;
        SC_TRY(sc_parse__ident(p, &name));
        while (sc_parse__accept_op(p, "."))
            SC_TRY(sc_parse__ident_after_dot(p, &name));
        SC_TRY(with_refs(b, from, SC_OK));
        if (!sc_parse__accept_op(p, "=") && !sc_parse__accept_op(p, ":="))
            return sc_parse__syntax_error(p);
        SC_TRY(expr_or_default(b));
    } while (sc_parse__accept_op(p, ","));
    return SC_OK;
}

/* PARTITION (p {, p}) after a table name */
static int opt_partitions(sc_parser *p)
{
    const char **names;
    size_t n = 0;

    if (!sc_parse__accept_word(p, "PARTITION"))
        return SC_OK;
    names = NULL;
    return sc_parse__ident_list(p, &names, &n);
}

/* ( [expr|DEFAULT {, ...}] ) {, (...)} */
static int value_rows(body *b)
{
    sc_parser *p = b->p;

    do {
        SC_TRY(sc_parse__expect_op(p, "("));
        if (sc_parse__accept_op(p, ")"))
            continue;
        do {
            SC_TRY(expr_or_default(b));
        } while (sc_parse__accept_op(p, ","));
        SC_TRY(sc_parse__expect_op(p, ")"));
    } while (sc_parse__accept_op(p, ","));
    return SC_OK;
}

static bool at_query(const sc_parser *p)
{
    return sc_parse__is_word(p, 0, "SELECT") || sc_parse__is_word(p, 0, "WITH") ||
           (sc_parse__is_op(p, 0, "(") &&
            (sc_parse__is_word(p, 1, "SELECT") || sc_parse__is_word(p, 1, "WITH") ||
             sc_parse__is_op(p, 1, "(")));
}

/* INSERT|REPLACE [options] [INTO] t [PARTITION (..)] [(cols)] VALUES|SET|SELECT ... */
static int insert_stmt(body *b, bool replace)
{
    sc_parser *p = b->p;
    sc_ast_qname name;
    bool into;

    while (sc_parse__accept_word(p, "LOW_PRIORITY") || sc_parse__accept_word(p, "DELAYED") ||
           (!replace && sc_parse__accept_word(p, "HIGH_PRIORITY")))
        ;
    if (!replace)
        (void)sc_parse__accept_word(p, "IGNORE");
    (void)sc_parse__accept_word(p, "INTO");
    SC_TRY(sc_parse__qname(p, &name));
    SC_TRY(opt_partitions(p));
    if (sc_parse__is_op(p, 0, "(") && !at_query(p)) {
        sc_parse__skip(p);
        if (!sc_parse__accept_op(p, ")")) {
            do {
                const char *c;
                SC_TRY(sc_parse__ident(p, &c));
                while (sc_parse__accept_op(p, "."))
                    SC_TRY(sc_parse__ident_after_dot(p, &c));
            } while (sc_parse__accept_op(p, ","));
            SC_TRY(sc_parse__expect_op(p, ")"));
        }
    }
    if (sc_parse__accept_word(p, "VALUES") || sc_parse__accept_word(p, "VALUE"))
        SC_TRY(value_rows(b));
    else if (sc_parse__accept_word(p, "SET"))
        SC_TRY(assignments(b));
    else if (at_query(p)) {
        sc_parse_into_fn fn = p->into_fn;
        int rc;
        p->into_fn = NULL;
        rc = query(b, &into);
        p->into_fn = fn;
        SC_TRY(rc);
    } else
        return sc_parse__syntax_error(p);
    if (!replace && sc_parse__is_word(p, 0, "ON")) {
        sc_parse__skip(p);
        SC_TRY(sc_parse__expect_word(p, "DUPLICATE"));
        SC_TRY(sc_parse__expect_word(p, "KEY"));
        SC_TRY(sc_parse__expect_word(p, "UPDATE"));
        SC_TRY(assignments(b));
    }
    return returning(b);
}

static int where_order_limit(body *b, bool order_limit)
{
    sc_parser *p = b->p;

    if (sc_parse__accept_word(p, "WHERE"))
        SC_TRY(expr(b, NULL));
    if (!order_limit)
        return SC_OK;
    if (sc_parse__accept_word(p, "ORDER")) {
        sc_order_item *o = NULL;
        size_t n = 0, from = p->pos;
        SC_TRY(sc_parse__expect_word(p, "BY"));
        SC_TRY(with_refs(b, from, sc_parse__order_list(p, &o, &n)));
    }
    if (sc_parse__accept_word(p, "LIMIT")) {
        SC_TRY(expr(b, NULL));
        if (sc_parse__accept_op(p, ",") || sc_parse__accept_word(p, "OFFSET"))
            SC_TRY(expr(b, NULL));
    }
    return SC_OK;
}

/* FOR PORTION OF period FROM expr TO expr */
static int opt_portion(body *b)
{
    sc_parser *p = b->p;
    const char *period;

    if (!(sc_parse__is_word(p, 0, "FOR") && sc_parse__is_word(p, 1, "PORTION")))
        return SC_OK;
    sc_parse__skip(p);
    sc_parse__skip(p);
    SC_TRY(sc_parse__expect_word(p, "OF"));
    SC_TRY(sc_parse__ident(p, &period));
    SC_TRY(sc_parse__expect_word(p, "FROM"));
    SC_TRY(expr(b, NULL));
    SC_TRY(sc_parse__expect_word(p, "TO"));
    return expr(b, NULL);
}

/* UPDATE [LOW_PRIORITY] [IGNORE] tables SET ... [WHERE] [ORDER BY] [LIMIT] */
static int update_stmt(body *b)
{
    sc_parser *p = b->p;
    sc_tref **refs = NULL;
    size_t n = 0, from;

    (void)sc_parse__accept_word(p, "LOW_PRIORITY");
    (void)sc_parse__accept_word(p, "IGNORE");
    from = p->pos;
    SC_TRY(with_refs(b, from, sc_parse__table_refs(p, &refs, &n)));
    if (n == 1 && refs[0]->kind == SC_TREF_TABLE)
        SC_TRY(opt_portion(b));
    SC_TRY(sc_parse__expect_word(p, "SET"));
    SC_TRY(assignments(b));
    return where_order_limit(b, true);
}

/* t[.*] {, t[.*]}: the tables a multi-table DELETE deletes from. */
static int delete_targets(sc_parser *p)
{
    do {
        const char *n;
        SC_TRY(sc_parse__ident(p, &n));
        if (sc_parse__accept_op(p, ".")) {
            if (sc_parse__accept_op(p, "*"))
                continue;
            SC_TRY(sc_parse__ident_after_dot(p, &n));
            if (sc_parse__accept_op(p, "."))
                SC_TRY(sc_parse__expect_op(p, "*"));
        }
    } while (sc_parse__accept_op(p, ","));
    return SC_OK;
}

/* DELETE [LOW_PRIORITY] [QUICK] [IGNORE] {FROM t ... | t, .. FROM refs | FROM t, .. USING refs} */
static int delete_stmt(body *b)
{
    sc_parser *p = b->p;
    sc_tref **refs = NULL;
    size_t n = 0, start;

    while (sc_parse__accept_word(p, "LOW_PRIORITY") || sc_parse__accept_word(p, "QUICK") ||
           sc_parse__accept_word(p, "IGNORE"))
        ;
    if (sc_parse__accept_word(p, "HISTORY")) {
        sc_ast_qname name;
        SC_TRY(sc_parse__expect_word(p, "FROM"));
        SC_TRY(sc_parse__qname(p, &name));
        if (sc_parse__accept_word(p, "BEFORE")) {
            SC_TRY(sc_parse__expect_word(p, "SYSTEM_TIME"));
            (void)(sc_parse__accept_word(p, "TIMESTAMP") ||
                   sc_parse__accept_word(p, "TRANSACTION"));
            SC_TRY(expr(b, NULL));
        }
        return where_order_limit(b, false);
    }
    if (!sc_parse__accept_word(p, "FROM")) {
        SC_TRY(delete_targets(p));
        SC_TRY(sc_parse__expect_word(p, "FROM"));
        SC_TRY(with_refs(b, p->pos, sc_parse__table_refs(p, &refs, &n)));
        return where_order_limit(b, false);
    }
    start = p->pos;
    {
        sc_ast_qname name;
        SC_TRY(sc_parse__qname(p, &name));
    }
    if (sc_parse__is_op(p, 0, ",") || sc_parse__is_op(p, 0, ".") ||
        sc_parse__is_word(p, 0, "USING")) {
        p->pos = start;
        SC_TRY(delete_targets(p));
        SC_TRY(sc_parse__expect_word(p, "USING"));
        SC_TRY(with_refs(b, p->pos, sc_parse__table_refs(p, &refs, &n)));
        return where_order_limit(b, false);
    }
    SC_TRY(opt_portion(b));
    if (sc_parse__accept_word(p, "AS") ||
        (sc_parse__is_ident(p, 0) && !sc_parse__is_word(p, 0, "WHERE") &&
         !sc_parse__is_word(p, 0, "ORDER") && !sc_parse__is_word(p, 0, "LIMIT") &&
         !sc_parse__is_word(p, 0, "PARTITION") && !sc_parse__is_word(p, 0, "RETURNING")))
        SC_TRY(sc_parse__ident(p, &(const char *){NULL}));
    SC_TRY(opt_partitions(p));
    SC_TRY(where_order_limit(b, true));
    return returning(b);
}

/* CALL name [( [expr {, expr}] )] */
static int call_stmt(body *b)
{
    sc_parser *p = b->p;
    sc_ast_qname name;

    SC_TRY(sc_parse__qname(p, &name));
    if (!sc_parse__accept_op(p, "("))
        return SC_OK;
    if (sc_parse__accept_op(p, ")"))
        return SC_OK;
    do {
        SC_TRY(expr(b, NULL));
    } while (sc_parse__accept_op(p, ","));
    return sc_parse__expect_op(p, ")");
}

/* ------------------------------------------------------------------ */
/* SIGNAL / RESIGNAL, conditions                                        */

/* SQLSTATE [VALUE] 'xxxxx': 5 characters of [0-9A-Z], not class 00 (1407). */
static int sqlstate(body *b, bool allow_00)
{
    sc_parser *p = b->p;
    sc_ast_str s;
    bool ok;

    (void)sc_parse__accept_word(p, "VALUE");
    SC_TRY(sc_parse__string(p, &s));
    ok = strlen(s.s) == 5;
    for (size_t i = 0; ok && i < 5; i++)
        ok = (s.s[i] >= '0' && s.s[i] <= '9') || (s.s[i] >= 'A' && s.s[i] <= 'Z');
    if (ok && !allow_00)
        ok = strncmp(s.s, "00", 2) != 0;
    if (!ok)
        return err(b, SC_ER_SP_BAD_SQLSTATE, s.s);
    return SC_OK;
}

static const char *const signal_items[] = {
    "CLASS_ORIGIN", "SUBCLASS_ORIGIN", "CONSTRAINT_CATALOG", "CONSTRAINT_SCHEMA", "CONSTRAINT_NAME",
    "CATALOG_NAME", "SCHEMA_NAME",     "TABLE_NAME",         "COLUMN_NAME",       "CURSOR_NAME",
    "MESSAGE_TEXT", "MYSQL_ERRNO",     "ROW_NUMBER",
};

/* [SQLSTATE [VALUE] 'x' | condition] [SET item = value {, ...}] */
static int signal_stmt(body *b, bool resignal)
{
    sc_parser *p = b->p;
    bool seen[sizeof(signal_items) / sizeof(signal_items[0])] = {false};

    if (sc_parse__accept_word(p, "SQLSTATE")) {
        SC_TRY(sqlstate(b, false));
    } else if (!(resignal && (at_stmt_end(p) || sc_parse__is_word(p, 0, "SET")))) {
        const char *name;
        const body_cond *c;
        SC_TRY(sc_parse__ident(p, &name));
        c = find_cond(b, name);
        if (!c)
            return err(b, SC_ER_SP_COND_MISMATCH, name);
        if (!c->sqlstate)
            return err(b, SC_ER_SIGNAL_BAD_CONDITION_TYPE);
    }
    if (!sc_parse__accept_word(p, "SET"))
        return SC_OK;
    do {
        size_t i;
        for (i = 0; i < sizeof(signal_items) / sizeof(signal_items[0]); i++)
            if (sc_parse__is_word(p, 0, signal_items[i]))
                break;
        if (i == sizeof(signal_items) / sizeof(signal_items[0]))
            return sc_parse__syntax_error(p);
        sc_parse__skip(p);
        SC_TRY(sc_parse__expect_op(p, "="));
        SC_TRY(expr(b, NULL));
        if (seen[i])
            return err(b, SC_ER_DUP_SIGNAL_SET, signal_items[i]);
        seen[i] = true;
    } while (sc_parse__accept_op(p, ","));
    return SC_OK;
}

/* ------------------------------------------------------------------ */
/* Compound statements                                                  */

/*
 * stmt; stmt; ... until one of the end words (not consumed). Only BEGIN ...
 * END may be empty (the grammar's sp_proc_stmts1 elsewhere); an empty REPEAT
 * fails after UNTIL, which the grammar first takes for a statement's name.
 */
static int stmt_list(body *b, const char *const *ends, bool may_be_empty)
{
    sc_parser *p = b->p;
    bool first = true;

    for (;; first = false) {
        for (const char *const *e = ends; *e; e++) {
            if (!sc_parse__is_word(p, 0, *e))
                continue;
            if (first && !may_be_empty)
                return sc_parse__syntax_error_at(p, p->pos + (strcmp(*e, "UNTIL") == 0));
            return SC_OK;
        }
        if (sc_parse__at_end(p))
            return sc_parse__syntax_error(p);
        SC_TRY(stmt(b));
        SC_TRY(sc_parse__expect_op(p, ";"));
    }
}

/* END [word] [label]: the end label must be the begin label (1310). */
static int end_label(body *b, const char *label)
{
    sc_parser *p = b->p;
    const char *l;

    if (at_stmt_end(p) || !sc_parse__is_ident(p, 0))
        return SC_OK;
    if (!label)
        return sc_parse__syntax_error(p);
    SC_TRY(sc_parse__ident(p, &l));
    if (strcasecmp(l, label) != 0)
        return err(b, SC_ER_SP_LABEL_MISMATCH, l);
    return SC_OK;
}

static int push_label(body *b, const char *name, bool loop)
{
    body_label *l;

    if (name && find_label(b, name))
        return err(b, SC_ER_SP_LABEL_REDEFINE, name);
    l = sc_parse__push(b->p, (void **)&b->labels, &b->n_labels, sizeof(*l));
    if (!l)
        return sc_parse__nomem(b->p);
    l->name = name;
    l->loop = loop;
    return SC_OK;
}

static int if_stmt(body *b)
{
    static const char *const ends[] = {"ELSEIF", "ELSE", "END", NULL};
    sc_parser *p = b->p;

    do {
        SC_TRY(expr(b, NULL));
        SC_TRY(sc_parse__expect_word(p, "THEN"));
        SC_TRY(stmt_list(b, ends, false));
    } while (sc_parse__accept_word(p, "ELSEIF"));
    if (sc_parse__accept_word(p, "ELSE"))
        SC_TRY(stmt_list(b, ends + 2, false));
    SC_TRY(sc_parse__expect_word(p, "END"));
    return sc_parse__expect_word(p, "IF");
}

static int case_stmt(body *b)
{
    static const char *const ends[] = {"WHEN", "ELSE", "END", NULL};
    sc_parser *p = b->p;

    if (!sc_parse__is_word(p, 0, "WHEN"))
        SC_TRY(expr(b, NULL));
    if (!sc_parse__is_word(p, 0, "WHEN"))
        return sc_parse__syntax_error(p);
    while (sc_parse__accept_word(p, "WHEN")) {
        SC_TRY(expr(b, NULL));
        SC_TRY(sc_parse__expect_word(p, "THEN"));
        SC_TRY(stmt_list(b, ends, false));
    }
    if (sc_parse__accept_word(p, "ELSE"))
        SC_TRY(stmt_list(b, ends + 2, false));
    SC_TRY(sc_parse__expect_word(p, "END"));
    return sc_parse__expect_word(p, "CASE");
}

/* DECLARE name CONDITION FOR {SQLSTATE [VALUE] 'x' | number} */
static int declare_condition(body *b, const char *name)
{
    sc_parser *p = b->p;
    body_cond *c;
    bool is_state = false;

    SC_TRY(sc_parse__expect_word(p, "FOR"));
    if (sc_parse__accept_word(p, "SQLSTATE")) {
        SC_TRY(sqlstate(b, false));
        is_state = true;
    } else if (sc_parse__tok(p, 0)->kind == SC_TOK_INT) {
        sc_parse__skip(p);
    } else {
        return sc_parse__syntax_error(p);
    }
    if (b->scope->phase > 0)
        return err(b, SC_ER_SP_VARCOND_AFTER_CURSHNDLR);
    for (size_t i = 0; i < b->scope->n_conds; i++)
        if (strcasecmp(b->scope->conds[i].name, name) == 0)
            return err(b, SC_ER_SP_DUP_COND, name);
    c = sc_parse__push(p, (void **)&b->scope->conds, &b->scope->n_conds, sizeof(*c));
    if (!c)
        return sc_parse__nomem(p);
    c->name = name;
    c->sqlstate = is_state;
    return SC_OK;
}

/* DECLARE name CURSOR [(params)] FOR select */
static int declare_cursor(body *b, const char *name)
{
    sc_parser *p = b->p;
    const char **slot;
    bool into;

    if (sc_parse__is_op(p, 0, "("))
        SC_TRY(sc_parse__skip_balanced(p));
    SC_TRY(sc_parse__expect_word(p, "FOR"));
    {
        sc_parse_into_fn fn = p->into_fn;
        int rc;
        p->into_fn = NULL;
        rc = query(b, &into);
        p->into_fn = fn;
        SC_TRY(rc);
    }
    if (b->scope->phase > 1)
        return err(b, SC_ER_SP_CURSOR_AFTER_HANDLER);
    for (size_t i = 0; i < b->scope->n_curs; i++)
        if (strcasecmp(b->scope->curs[i], name) == 0)
            return err(b, SC_ER_SP_DUP_CURS, name);
    slot = sc_parse__push(p, (void **)&b->scope->curs, &b->scope->n_curs, sizeof(*slot));
    if (!slot)
        return sc_parse__nomem(p);
    *slot = name;
    b->scope->phase = 1;
    return SC_OK;
}

/* One handler condition, as a string for the duplicate check. */
static int handler_cond(body *b, char *buf, size_t cap)
{
    sc_parser *p = b->p;
    const char *name;

    if (sc_parse__accept_word(p, "SQLSTATE")) {
        size_t at = p->pos + (sc_parse__is_word(p, 0, "VALUE") ? 1 : 0);
        const sc_token *t = sc_parse__tok(p, at - p->pos);
        snprintf(buf, cap, "S%.*s", (int)t->len, p->sql + t->start);
        return sqlstate(b, false);
    }
    if (sc_parse__accept_word(p, "SQLWARNING")) {
        snprintf(buf, cap, "W");
        return SC_OK;
    }
    if (sc_parse__accept_word(p, "SQLEXCEPTION")) {
        snprintf(buf, cap, "X");
        return SC_OK;
    }
    if (sc_parse__is_word(p, 0, "NOT") && sc_parse__is_word(p, 1, "FOUND")) {
        sc_parse__skip(p);
        sc_parse__skip(p);
        snprintf(buf, cap, "N");
        return SC_OK;
    }
    if (sc_parse__tok(p, 0)->kind == SC_TOK_INT) {
        const sc_token *t = sc_parse__tok(p, 0);
        snprintf(buf, cap, "E%.*s", (int)t->len, p->sql + t->start);
        sc_parse__skip(p);
        return SC_OK;
    }
    SC_TRY(sc_parse__ident(p, &name));
    if (!find_cond(b, name))
        return err(b, SC_ER_SP_COND_MISMATCH, name);
    snprintf(buf, cap, "C%s", name);
    return SC_OK;
}

/* DECLARE {CONTINUE|EXIT|UNDO} HANDLER FOR cond {, cond} statement */
static int declare_handler(body *b)
{
    sc_parser *p = b->p;
    char(*seen)[80] = NULL;
    size_t n_seen = 0, floor = b->label_floor;
    int rc;

    sc_parse__skip(p);
    SC_TRY(sc_parse__expect_word(p, "HANDLER"));
    SC_TRY(sc_parse__expect_word(p, "FOR"));
    do {
        char *c = sc_parse__push(p, (void **)&seen, &n_seen, sizeof(*seen));
        if (!c)
            return sc_parse__nomem(p);
        SC_TRY(handler_cond(b, c, sizeof(*seen)));
        for (size_t i = 0; i + 1 < n_seen; i++)
            if (strcmp(seen[i], c) == 0)
                return err(b, SC_ER_SP_DUP_HANDLER);
    } while (sc_parse__accept_op(p, ","));
    b->scope->phase = 2;
    b->label_floor = b->n_labels; /* a handler body sees no label around it */
    rc = stmt(b);
    b->label_floor = floor;
    return rc;
}

/* DECLARE var {, var} type [DEFAULT expr] | name CONDITION ... | name CURSOR ... | handler */
static int declare_stmt(body *b)
{
    sc_parser *p = b->p;
    const char **names = NULL;
    size_t n = 0;

    if (sc_parse__is_word(p, 0, "CONTINUE") || sc_parse__is_word(p, 0, "EXIT") ||
        sc_parse__is_word(p, 0, "UNDO"))
        return declare_handler(b);
    if (sc_parse__is_ident(p, 0) && sc_parse__is_word(p, 1, "CONDITION")) {
        const char *name;
        SC_TRY(sc_parse__ident(p, &name));
        sc_parse__skip(p);
        return declare_condition(b, name);
    }
    if (sc_parse__is_ident(p, 0) && sc_parse__is_word(p, 1, "CURSOR")) {
        const char *name;
        SC_TRY(sc_parse__ident(p, &name));
        sc_parse__skip(p);
        return declare_cursor(b, name);
    }
    do {
        const char **slot = sc_parse__push(p, (void **)&names, &n, sizeof(*slot));
        if (!slot)
            return sc_parse__nomem(p);
        SC_TRY(sc_parse__ident(p, slot));
    } while (sc_parse__accept_op(p, ","));
    if (sc_parse__is_word(p, 0, "ROW") || sc_parse__is_word(p, 0, "TYPE")) {
        while (!at_stmt_end(p) && !sc_parse__is_word(p, 0, "DEFAULT"))
            sc_parse__skip(p);
    } else {
        sc_ast_type ty;
        bool serial = false;
        memset(&ty, 0, sizeof(ty));
        SC_TRY(sc_parse__type(p, &ty, &serial, false));
    }
    if (sc_parse__accept_word(p, "DEFAULT"))
        SC_TRY(expr(b, NULL));
    if (b->scope->phase > 0)
        return err(b, SC_ER_SP_VARCOND_AFTER_CURSHNDLR);
    for (size_t i = 0; i < n; i++) {
        const char **slot;
        for (size_t k = 0; k < b->scope->n_vars; k++)
            if (strcasecmp(b->scope->vars[k], names[i]) == 0)
                return err(b, SC_ER_SP_DUP_VAR, names[i]);
        slot = sc_parse__push(p, (void **)&b->scope->vars, &b->scope->n_vars, sizeof(*slot));
        if (!slot)
            return sc_parse__nomem(p);
        *slot = names[i];
    }
    return SC_OK;
}

/* [label:] BEGIN [NOT ATOMIC] stmts END [label] (after BEGIN) */
static int block_stmt(body *b, const char *label)
{
    static const char *const ends[] = {"END", NULL};
    sc_parser *p = b->p;
    body_scope scope;
    size_t n_labels = b->n_labels;
    int rc;

    memset(&scope, 0, sizeof(scope));
    scope.up = b->scope;
    SC_TRY(push_label(b, label, false));
    if (sc_parse__accept_word(p, "NOT"))
        SC_TRY(sc_parse__expect_word(p, "ATOMIC"));
    b->scope = &scope;
    rc = stmt_list(b, ends, true);
    b->scope = scope.up;
    SC_TRY(rc);
    SC_TRY(sc_parse__expect_word(p, "END"));
    SC_TRY(end_label(b, label));
    b->n_labels = n_labels;
    return SC_OK;
}

/* LOOP / WHILE / REPEAT / FOR (after the keyword) */
static int loop_stmt(body *b, const char *kind, const char *label)
{
    static const char *const ends[] = {"END", NULL};
    static const char *const until[] = {"UNTIL", NULL};
    sc_parser *p = b->p;
    size_t n_labels = b->n_labels;
    body_scope scope;
    bool for_loop = strcmp(kind, "FOR") == 0;
    int rc;

    memset(&scope, 0, sizeof(scope));
    scope.up = b->scope;
    SC_TRY(push_label(b, label, true));
    if (strcmp(kind, "WHILE") == 0) {
        SC_TRY(expr(b, NULL));
        SC_TRY(sc_parse__expect_word(p, "DO"));
    }
    if (for_loop) { /* FOR i IN [REVERSE] a .. b DO | FOR r IN cursor DO */
        const char *var, **slot;
        SC_TRY(sc_parse__ident(p, &var));
        SC_TRY(sc_parse__expect_word(p, "IN"));
        (void)sc_parse__accept_word(p, "REVERSE");
        if (sc_parse__is_ident(p, 0) && sc_parse__is_word(p, 1, "DO")) {
            const char *cur;
            SC_TRY(sc_parse__ident(p, &cur));
            if (!find_cursor(b, cur))
                return err(b, SC_ER_SP_CURSOR_MISMATCH, cur);
        } else {
            SC_TRY(expr(b, NULL));
            if (!sc_parse__is_op(p, 0, ".") || !sc_parse__is_op(p, 1, ".") ||
                sc_parse__tok(p, 1)->start != sc_parse__tok(p, 0)->start + 1)
                return sc_parse__syntax_error(p);
            sc_parse__skip(p);
            sc_parse__skip(p);
            SC_TRY(expr(b, NULL));
        }
        SC_TRY(sc_parse__expect_word(p, "DO"));
        slot = sc_parse__push(p, (void **)&scope.vars, &scope.n_vars, sizeof(*slot));
        if (!slot)
            return sc_parse__nomem(p);
        *slot = var;
        b->scope = &scope;
    }
    if (strcmp(kind, "REPEAT") == 0) {
        SC_TRY(stmt_list(b, until, false));
        SC_TRY(sc_parse__expect_word(p, "UNTIL"));
        SC_TRY(expr(b, NULL));
        rc = SC_OK;
    } else {
        rc = stmt_list(b, ends, false);
    }
    b->scope = scope.up;
    SC_TRY(rc);
    SC_TRY(sc_parse__expect_word(p, "END"));
    SC_TRY(sc_parse__expect_word(p, kind));
    SC_TRY(end_label(b, label));
    b->n_labels = n_labels;
    return SC_OK;
}

/* LEAVE / ITERATE label */
static int jump_stmt(body *b, bool iterate)
{
    const char *l;
    const body_label *lab;

    SC_TRY(sc_parse__ident(b->p, &l));
    lab = find_label(b, l);
    if (!lab || (iterate && !lab->loop))
        return err(b, SC_ER_SP_LILABEL_MISMATCH, iterate ? "ITERATE" : "LEAVE", l);
    return SC_OK;
}

/* OPEN / CLOSE cursor, FETCH [[NEXT] FROM] cursor INTO var {, var} */
static int cursor_stmt(body *b, bool fetch)
{
    sc_parser *p = b->p;
    const char *cur;

    if (fetch && (sc_parse__accept_word(p, "NEXT") || true))
        (void)sc_parse__accept_word(p, "FROM");
    SC_TRY(sc_parse__ident(p, &cur));
    if (!find_cursor(b, cur))
        return err(b, SC_ER_SP_CURSOR_MISMATCH, cur);
    if (!fetch)
        return SC_OK;
    SC_TRY(sc_parse__expect_word(p, "INTO"));
    do {
        const char *v;
        SC_TRY(sc_parse__ident(p, &v));
        if (!find_var(b, v))
            return err(b, SC_ER_SP_UNDECLARED_VAR, v);
    } while (sc_parse__accept_op(p, ","));
    return SC_OK;
}

/* A statement read as tokens up to ';' (its flag noted), parentheses balanced. */
static int token_stmt(body *b, unsigned flag)
{
    sc_parser *p = b->p;
    int depth = 0;

    b->flags |= flag;
    while (!sc_parse__at_end(p) && !(depth == 0 && sc_parse__is_op(p, 0, ";"))) {
        if (sc_parse__tok(p, 0)->kind == SC_TOK_ERROR)
            return sc_parse__syntax_error(p);
        if (sc_parse__is_op(p, 0, "("))
            depth++;
        else if (sc_parse__is_op(p, 0, ")") && --depth < 0)
            return sc_parse__syntax_error(p);
        sc_parse__skip(p);
    }
    return depth ? sc_parse__syntax_error(p) : SC_OK;
}

/* Statements that commit (CF_AUTO_COMMIT_TRANS) and those that return rows. */
static const char *const commit_words[] = {
    "CREATE", "ALTER",    "DROP",  "RENAME", "TRUNCATE",
    "COMMIT", "ROLLBACK", "START", "GRANT",  "REVOKE",
};
static const char *const result_words[] = {
    "SHOW",    "EXPLAIN",  "DESCRIBE", "DESC",     "CHECK",
    "ANALYZE", "OPTIMIZE", "REPAIR",   "CHECKSUM", "HELP",
};

static int other_stmt(body *b)
{
    sc_parser *p = b->p;
    size_t i;

    if (sc_parse__is_word(p, 0, "PREPARE") || sc_parse__is_word(p, 0, "EXECUTE") ||
        sc_parse__is_word(p, 0, "DEALLOCATE"))
        return token_stmt(b, BODY_DYNAMIC_SQL);
    if (sc_parse__is_word(p, 0, "RESET"))
        return token_stmt(b, BODY_RESET);
    if (sc_parse__is_word(p, 0, "FLUSH"))
        return token_stmt(b, BODY_FLUSH);
    for (i = 0; i < sizeof(commit_words) / sizeof(commit_words[0]); i++)
        if (sc_parse__is_word(p, 0, commit_words[i]))
            return token_stmt(b, BODY_COMMIT);
    for (i = 0; i < sizeof(result_words) / sizeof(result_words[0]); i++)
        if (sc_parse__is_word(p, 0, result_words[i]))
            return token_stmt(b, BODY_MULTI_RESULTS);
    if (sc_parse__is_word(p, 0, "GET") || sc_parse__is_word(p, 0, "SAVEPOINT") ||
        sc_parse__is_word(p, 0, "RELEASE"))
        return token_stmt(b, 0);
    return sc_parse__syntax_error(p);
}

/* [label:] BEGIN | LOOP | WHILE | REPEAT | FOR */
static int labeled_stmt(body *b, const char *label)
{
    sc_parser *p = b->p;
    static const char *const loops[] = {"LOOP", "WHILE", "REPEAT", "FOR"};

    if (sc_parse__accept_word(p, "BEGIN"))
        return block_stmt(b, label);
    for (size_t i = 0; i < sizeof(loops) / sizeof(loops[0]); i++)
        if (sc_parse__accept_word(p, loops[i]))
            return loop_stmt(b, loops[i], label);
    return sc_parse__syntax_error(p);
}

static int stmt_inner(body *b);

/* One statement; nesting bounded like expressions (SC_PARSE_MAX_DEPTH). */
static int stmt(body *b)
{
    sc_parser *p = b->p;
    int rc;

    if (p->depth >= SC_PARSE_MAX_DEPTH)
        return sc_parse__too_deep(p);
    p->depth++;
    rc = stmt_inner(b);
    p->depth--;
    return rc;
}

static int stmt_inner(body *b)
{
    sc_parser *p = b->p;

    if (sc_parse__is_ident(p, 0) && sc_parse__is_op(p, 1, ":") &&
        !sc_parse__is_word(p, 0, "BEGIN")) {
        const char *label;
        SC_TRY(sc_parse__ident(p, &label));
        sc_parse__skip(p);
        return labeled_stmt(b, label);
    }
    if (sc_parse__is_word(p, 0, "BEGIN") || sc_parse__is_word(p, 0, "LOOP") ||
        sc_parse__is_word(p, 0, "WHILE") || sc_parse__is_word(p, 0, "REPEAT") ||
        (sc_parse__is_word(p, 0, "FOR") && sc_parse__is_ident(p, 1)))
        return labeled_stmt(b, NULL);
    if (sc_parse__accept_word(p, "SET"))
        return set_stmt(b);
    if (sc_parse__accept_word(p, "IF"))
        return if_stmt(b);
    if (sc_parse__accept_word(p, "CASE"))
        return case_stmt(b);
    if (sc_parse__accept_word(p, "DECLARE"))
        return declare_stmt(b);
    if (sc_parse__accept_word(p, "LEAVE"))
        return jump_stmt(b, false);
    if (sc_parse__accept_word(p, "ITERATE"))
        return jump_stmt(b, true);
    if (sc_parse__accept_word(p, "OPEN") || sc_parse__accept_word(p, "CLOSE"))
        return cursor_stmt(b, false);
    if (sc_parse__accept_word(p, "FETCH"))
        return cursor_stmt(b, true);
    if (sc_parse__accept_word(p, "SIGNAL"))
        return signal_stmt(b, false);
    if (sc_parse__accept_word(p, "RESIGNAL"))
        return signal_stmt(b, true);
    if (sc_parse__accept_word(p, "RETURN")) {
        SC_TRY(expr(b, NULL));
        return err(b, SC_ER_SP_BADRETURN);
    }
    if (sc_parse__is_word(p, 0, "LOCK") || sc_parse__is_word(p, 0, "UNLOCK")) {
        bool lock = sc_parse__is_word(p, 0, "LOCK");
        sc_parse__skip(p);
        if (sc_parse__accept_word(p, "TABLES") || sc_parse__accept_word(p, "TABLE"))
            return err(b, SC_ER_SP_BADSTATEMENT, lock ? "LOCK" : "UNLOCK");
        return sc_parse__syntax_error(p);
    }
    if (sc_parse__accept_word(p, "INSERT"))
        return insert_stmt(b, false);
    if (sc_parse__accept_word(p, "REPLACE"))
        return insert_stmt(b, true);
    if (sc_parse__accept_word(p, "UPDATE"))
        return update_stmt(b);
    if (sc_parse__accept_word(p, "DELETE"))
        return delete_stmt(b);
    if (at_query(p))
        return select_stmt(b);
    if (sc_parse__is_word(p, 0, "VALUES"))
        return token_stmt(b, BODY_MULTI_RESULTS);
    if (sc_parse__accept_word(p, "DO")) {
        do {
            SC_TRY(expr(b, NULL));
        } while (sc_parse__accept_op(p, ","));
        return SC_OK;
    }
    if (sc_parse__accept_word(p, "CALL"))
        return call_stmt(b);
    return other_stmt(b);
}

int sc_parse__trigger_body(sc_parser *p, sc_ast_trigger *t)
{
    body b;
    body_scope top;
    int rc;

    memset(&b, 0, sizeof(b));
    memset(&top, 0, sizeof(top));
    b.p = p;
    b.t = t;
    b.scope = &top;
    p->into_fn = into_target;
    p->into_arg = &b;
    rc = stmt(&b);
    p->into_fn = NULL;
    p->into_arg = NULL;
    SC_TRY(rc);
    if (!sc_parse__at_end(p))
        return sc_parse__syntax_error(p);
    if (b.flags & BODY_DYNAMIC_SQL)
        return err(&b, SC_ER_STMT_NOT_ALLOWED_IN_SF_OR_TRG, "Dynamic SQL");
    if (b.flags & BODY_MULTI_RESULTS)
        return err(&b, SC_ER_SP_NO_RETSET, "trigger");
    if (b.flags & BODY_SET_AUTOCOMMIT)
        return err(&b, SC_ER_SP_CANT_SET_AUTOCOMMIT);
    if (b.flags & BODY_COMMIT)
        return err(&b, SC_ER_COMMIT_NOT_ALLOWED_IN_SF_OR_TRG);
    if (b.flags & BODY_RESET)
        return err(&b, SC_ER_STMT_NOT_ALLOWED_IN_SF_OR_TRG, "RESET");
    if (b.flags & BODY_FLUSH)
        return err(&b, SC_ER_STMT_NOT_ALLOWED_IN_SF_OR_TRG, "FLUSH");
    return SC_OK;
}
