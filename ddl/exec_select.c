/*
 * exec_select.c - the simple forms of CREATE TABLE ... SELECT: the new
 * table's columns come from a select list of plain columns of one table
 * (`*`, `c`, `t.c`, with AS aliases) and constants (integers, decimals,
 * strings, NULL, NOW()/CURRENT_TIMESTAMP). MariaDB derives the column types
 * as below; no rows are copied (the catalog holds no data). Anything else
 * (joins, expressions, WHERE with subqueries...) is refused with 1235.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog/catalog_int.h"
#include "ddl/exec.h"
#include "ddl/types.h"
#include "ddl/select.h"

typedef struct sel_lex {
    const char *p; /* cursor */
    char tok[256]; /* current token text (identifier unquoted, string unescaped) */
    char kind;     /* 'i' identifier, 'q' quoted identifier, 's' string, 'n' number,
                      'o' operator, 0 end */
} sel_lex;

static void sel_next(sel_lex *l)
{
    size_t n = 0;
    const char *p = l->p;

    while (isspace((unsigned char)*p))
        p++;
    l->kind = 0;
    l->tok[0] = '\0';
    if (!*p) {
        l->p = p;
        return;
    }
    if (*p == '`' || *p == '\'' || *p == '"') {
        char q = *p++;
        l->kind = q == '`' ? 'q' : 's';
        while (*p && n + 1 < sizeof(l->tok)) {
            if (*p == q && p[1] == q) {
                l->tok[n++] = q;
                p += 2;
            } else if (*p == q) {
                p++;
                break;
            } else if (*p == '\\' && q != '`' && p[1]) {
                p++;
                l->tok[n++] = *p == 'n' ? '\n' : *p == 't' ? '\t' : *p;
                p++;
            } else {
                l->tok[n++] = *p++;
            }
        }
    } else if (isdigit((unsigned char)*p) || (*p == '.' && isdigit((unsigned char)p[1]))) {
        l->kind = 'n';
        while ((isdigit((unsigned char)*p) || *p == '.') && n + 1 < sizeof(l->tok))
            l->tok[n++] = *p++;
    } else if (isalnum((unsigned char)*p) || *p == '_' || (unsigned char)*p >= 0x80 || *p == '$') {
        l->kind = 'i';
        while (
            (isalnum((unsigned char)*p) || *p == '_' || *p == '$' || (unsigned char)*p >= 0x80) &&
            n + 1 < sizeof(l->tok))
            l->tok[n++] = *p++;
    } else {
        l->kind = 'o';
        l->tok[n++] = *p++;
    }
    l->tok[n] = '\0';
    l->p = p;
}

static bool is_kw(const sel_lex *l, const char *kw)
{
    return l->kind == 'i' && strcasecmp(l->tok, kw) == 0;
}

typedef enum item_kind { ITEM_STAR, ITEM_COLUMN, ITEM_CONST } item_kind;

typedef struct sel_item {
    item_kind kind;
    char name[256];    /* column name (ITEM_COLUMN) */
    char alias[300];   /* output name */
    sc_column_def def; /* ITEM_CONST: derived column */
} sel_item;

static int refuse(sc_exec *x)
{
    return sc_exec__err(x, SC_ER_NOT_SUPPORTED_YET, "CREATE TABLE ... SELECT");
}

/* A constant select item: derive the column as MariaDB does. */
static bool const_item(sc_exec *x, sel_lex *l, sel_item *it, const sc_xtable *t)
{
    sc_column_def *d = &it->def;
    bool neg = false;

    memset(d, 0, sizeof(*d));
    d->flags = SC_COL_NOT_NULL;
    if (l->kind == 'o' && l->tok[0] == '-') {
        neg = true;
        sel_next(l);
    }
    snprintf(it->alias, sizeof(it->alias), "%s%s", neg ? "-" : "", l->tok);
    if (l->kind == 'n') {
        const char *dot = strchr(l->tok, '.');
        size_t digits = strlen(l->tok) - (dot ? 1 : 0);
        if (dot) {
            d->type = SC_TYPE_DECIMAL;
            d->scale = (uint32_t)strlen(dot + 1);
            d->length = (uint32_t)digits;
        } else {
            d->length = (uint32_t)(strlen(l->tok) + (neg ? 1 : 0));
            d->type = d->length > 10 ? SC_TYPE_BIGINT : SC_TYPE_INT;
        }
    } else if (l->kind == 's') {
        size_t chars = 0;
        for (const char *p = l->tok; *p; p++)
            if (((unsigned char)*p & 0xC0) != 0x80)
                chars++;
        d->type = chars ? SC_TYPE_VARCHAR : SC_TYPE_CHAR; /* '' gives char(0) */
        d->length = (uint32_t)chars;
        d->charset = t->charset;
        d->collation = t->collation;
        snprintf(it->alias, sizeof(it->alias), "%s", l->tok);
    } else if (is_kw(l, "NULL")) {
        d->type = SC_TYPE_BINARY;
        d->length = 0;
        d->flags = 0;
        d->default_kind = SC_DEFAULT_NULL;
    } else if (is_kw(l, "NOW") || is_kw(l, "CURRENT_TIMESTAMP") || is_kw(l, "SYSDATE")) {
        char fn[256];
        snprintf(fn, sizeof(fn), "%s", l->tok);
        d->type = SC_TYPE_DATETIME;
        sel_next(l);
        if (l->kind == 'o' && l->tok[0] == '(') {
            sel_next(l);
            if (!(l->kind == 'o' && l->tok[0] == ')'))
                return false;
            snprintf(it->alias, sizeof(it->alias), "%s()", fn);
        } else {
            return true; /* already advanced */
        }
    } else {
        return false;
    }
    (void)x;
    sel_next(l);
    return true;
}

static bool parse_item(sc_exec *x, sel_lex *l, sel_item *it, const sc_xtable *t)
{
    memset(it, 0, sizeof(*it));
    if (l->kind == 'o' && l->tok[0] == '*') {
        it->kind = ITEM_STAR;
        sel_next(l);
        return true;
    }
    if ((l->kind == 'i' || l->kind == 'q') && !is_kw(l, "NULL") && !is_kw(l, "NOW") &&
        !is_kw(l, "CURRENT_TIMESTAMP") && !is_kw(l, "SYSDATE")) {
        it->kind = ITEM_COLUMN;
        snprintf(it->name, sizeof(it->name), "%s", l->tok);
        sel_next(l);
        if (l->kind == 'o' && l->tok[0] == '.') {
            sel_next(l);
            if (l->kind == 'o' && l->tok[0] == '*') {
                it->kind = ITEM_STAR;
                sel_next(l);
                return true;
            }
            if (l->kind != 'i' && l->kind != 'q')
                return false;
            snprintf(it->name, sizeof(it->name), "%s", l->tok);
            sel_next(l);
        }
        snprintf(it->alias, sizeof(it->alias), "%s", it->name);
    } else {
        it->kind = ITEM_CONST;
        if (!const_item(x, l, it, t))
            return false;
    }
    if (is_kw(l, "AS"))
        sel_next(l);
    if (l->kind == 'q' || l->kind == 's' ||
        (l->kind == 'i' && !is_kw(l, "FROM") && !is_kw(l, "WHERE") && !is_kw(l, "LIMIT"))) {
        snprintf(it->alias, sizeof(it->alias), "%s", l->tok);
        sel_next(l);
    }
    return true;
}

/* Append (or merge into a same-named defined column) one derived column. */
static int add_derived(sc_exec *x,
                       sc_xtable *t,
                       size_t n_defined,
                       const char **seen,
                       size_t *n_seen,
                       const sc_column_def *src,
                       const char *name)
{
    sc_xcol *c;

    sc_xcol *old = sc_xtable__find_col(t, name);

    for (size_t i = 0; i < *n_seen; i++)
        if (strcasecmp(seen[i], name) == 0)
            return sc_exec__err(x, SC_ER_DUP_FIELDNAME, name);
    if (*n_seen < 64)
        seen[(*n_seen)++] = name;
    if (old) {
        if (old - t->cols >= (long)n_defined)
            return sc_exec__err(x, SC_ER_DUP_FIELDNAME, name);
        return SC_OK; /* the explicitly defined column keeps its definition */
    }
    c = sc_xtable__add_col(x, t, t->n_cols);
    if (!c)
        return SC_ENOMEM;
    c->d = *src;
    c->d.name = name;
    if (sc_xtable__copy_column(x, &c->d) != SC_OK)
        return SC_ENOMEM;
    c->d.generated = SC_GEN_NONE;
    c->d.generation_expr = NULL;
    c->d.flags &= ~(unsigned)(SC_COL_INVISIBLE);
    if (c->d.flags & SC_COL_AUTO_INCREMENT) {
        c->d.flags &= ~(unsigned)SC_COL_AUTO_INCREMENT;
        c->d.default_kind = SC_DEFAULT_LITERAL;
        c->d.default_value = "0";
    }
    return c->d.name ? SC_OK : SC_ENOMEM;
}

/* ------------------------------------------------------------------ */
/* Any SELECT: resolved against the catalog, types derived (ctas_types.c) */

/* The column a select output becomes (no generated/auto parts, NULL default when nullable). */
static void derived_column(sc_column_def *d)
{
    d->generated = SC_GEN_NONE;
    d->generation_expr = NULL;
    d->check_expr = NULL;
    if (!(d->flags & SC_COL_NOT_NULL) && d->default_kind == SC_DEFAULT_NONE)
        d->default_kind = SC_DEFAULT_NULL;
}

static int create_from_select(sc_exec *x, sc_xtable *t, struct sc_select *sel)
{
    size_t n_defined = t->n_cols;
    const char **seen;
    size_t n_seen = 0;
    sc_select_ctx c = {0};
    int rc;

    rc = sc_exec__resolve_select(x, &c, sel);
    seen = rc == SC_OK ? sc_exec__alloc(x, (sel->r_n_cols + 1) * sizeof(*seen)) : NULL;
    if (rc == SC_OK && !seen)
        rc = SC_ENOMEM;
    for (size_t i = 0; rc == SC_OK && i < sel->r_n_cols; i++) {
        sc_column_def d = sel->r_cols[i].def;
        const char *name = sel->r_cols[i].name;
        if ((rc = sc_exec__check_column_name(x, name)) != SC_OK)
            break;
        derived_column(&d);
        rc = add_derived(x, t, n_defined, seen, &n_seen, &d, name);
    }
    sc_exec__select_release(&c);
    return rc;
}

int sc_exec__create_select(sc_exec *x, sc_xtable *t, const char *sql)
{
    sel_lex l = {sql, "", 0};
    size_t n_defined = t->n_cols; /* columns of the CREATE TABLE part */
    const char *seen[64];         /* output names of the select list so far */
    size_t n_seen = 0;
    sel_item items[64];
    size_t n = 0;
    sc_table *src = NULL;
    const sc_table_def *sdef = NULL;
    int rc = SC_OK;

    if (x->stmt->kind == SC_AST_STMT_CREATE_TABLE && x->stmt->create_table->select)
        return create_from_select(x, t, x->stmt->create_table->select);
    sel_next(&l);
    if (!is_kw(&l, "SELECT"))
        return refuse(x);
    sel_next(&l);
    while (n < 64) {
        if (!parse_item(x, &l, &items[n], t))
            return refuse(x);
        n++;
        if (!(l.kind == 'o' && l.tok[0] == ','))
            break;
        sel_next(&l);
    }
    if (is_kw(&l, "FROM")) {
        char db[300], name[300];
        sel_next(&l);
        if (l.kind != 'i' && l.kind != 'q')
            return refuse(x);
        snprintf(name, sizeof(name), "%s", l.tok);
        snprintf(db, sizeof(db), "%s", x->s->database ? x->s->database : "");
        sel_next(&l);
        if (l.kind == 'o' && l.tok[0] == '.') {
            sel_next(&l);
            snprintf(db, sizeof(db), "%s", name);
            snprintf(name, sizeof(name), "%s", l.tok);
            sel_next(&l);
        }
        if (l.kind == 'o' && l.tok[0] == ',')
            return refuse(x);
        if (is_kw(&l, "JOIN") || is_kw(&l, "LEFT") || is_kw(&l, "INNER") || is_kw(&l, "UNION"))
            return refuse(x);
        rc = sc_table_lookup(&src, x->txn, db, name);
        if (rc == SC_ENOTFOUND)
            return sc_exec__err(x, SC_ER_NO_SUCH_TABLE, db, name);
        if (rc != SC_OK)
            return rc;
        sdef = sc_table_definition(src);
    } else if (l.kind != 0 && !is_kw(&l, "LIMIT")) {
        return refuse(x);
    }
    for (size_t i = 0; i < n && rc == SC_OK; i++) {
        if (items[i].kind == ITEM_CONST) {
            rc = add_derived(x, t, n_defined, seen, &n_seen, &items[i].def, items[i].alias);
            continue;
        }
        if (!sdef) {
            rc = sc_exec__err(x, SC_ER_BAD_FIELD_ERROR, items[i].name, "field list");
            break;
        }
        for (size_t k = 0; k < sdef->n_columns && rc == SC_OK; k++) {
            const sc_column_def *c = &sdef->columns[k];
            if (items[i].kind == ITEM_STAR) {
                if (!(c->flags & SC_COL_INVISIBLE))
                    rc = add_derived(x, t, n_defined, seen, &n_seen, c, c->name);
            } else if (strcasecmp(c->name, items[i].name) == 0) {
                rc = add_derived(x, t, n_defined, seen, &n_seen, c, items[i].alias);
                break;
            } else if (k + 1 == sdef->n_columns) {
                rc = sc_exec__err(x, SC_ER_BAD_FIELD_ERROR, items[i].name, "field list");
            }
        }
    }
    sc_table_free(src);
    return rc;
}
